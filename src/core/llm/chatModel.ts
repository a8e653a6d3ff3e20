/** A chat model, as the planners see it. The extension wraps vscode.lm; the core has HTTP. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatModel {
  /** For people and logs, e.g. "gpt-4o-mini at http://localhost:11434/v1". Never a key. */
  readonly description: string;
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string>;
}

/** Why a chat model gave no answer, in terms a person can act on. */
export class ChatModelError extends Error {
  constructor(
    message: string,
    readonly reason: 'no-model' | 'consent' | 'unreachable' | 'http' | 'bad-response' | 'cancelled',
  ) {
    super(message);
  }
}

/** SimGRAG's sampling for pattern generation ([REPO] defaults). */
export const PLANNER_SAMPLING = { temperature: 0.2, topP: 0.1, maxTokens: 1024 } as const;
