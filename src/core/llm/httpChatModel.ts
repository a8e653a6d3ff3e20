import { ChatModelError, PLANNER_SAMPLING, type ChatMessage, type ChatModel } from './chatModel';

export interface HttpChatModelOptions {
  /** Base URL of an OpenAI-compatible API, e.g. "http://localhost:11434/v1" (Ollama). */
  readonly endpoint: string;
  readonly model: string;
  /** From SecretStorage (extension) or an environment variable (CLI); optional for local servers. */
  readonly apiKey?: string;
  readonly timeoutMs?: number;
}

interface ChatCompletionResponse {
  readonly choices?: readonly { readonly message?: { readonly content?: unknown } }[];
}

/** The OpenAI chat-completions protocol over fetch: OpenAI, Azure-compatible gateways, Ollama, vLLM, llama.cpp. */
export class HttpChatModel implements ChatModel {
  readonly description: string;
  constructor(private readonly options: HttpChatModelOptions) {
    this.description = `${options.model} at ${options.endpoint}`;
  }

  async complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string> {
    const url = this.options.endpoint.replace(/\/+$/, '') + '/chat/completions';
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          messages,
          temperature: PLANNER_SAMPLING.temperature,
          top_p: PLANNER_SAMPLING.topP,
          max_tokens: PLANNER_SAMPLING.maxTokens,
        }),
        signal: combined,
      });
    } catch (e) {
      if (signal?.aborted) throw new ChatModelError('cancelled', 'cancelled');
      const why = timeout.aborted ? 'timed out' : e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      throw new ChatModelError(`cannot reach ${url}: ${why}`, 'unreachable');
    }
    const body = await response.text();
    if (!response.ok) {
      // Servers echo request details in errors; keep the status and a short excerpt, never headers.
      throw new ChatModelError(`${url} answered ${response.status} ${response.statusText}: ${body.slice(0, 200)}`, 'http');
    }
    let parsed: ChatCompletionResponse;
    try {
      parsed = JSON.parse(body) as ChatCompletionResponse;
    } catch {
      throw new ChatModelError(`${url} did not answer with JSON`, 'bad-response');
    }
    const content = parsed.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new ChatModelError(`${url} answered without choices[0].message.content`, 'bad-response');
    return content;
  }
}
