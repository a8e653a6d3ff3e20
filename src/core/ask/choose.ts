import { ChatModelError, type ChatMessage, type ChatModel } from '../llm/chatModel';
import { glossOf } from './describe';
import { answerCount } from './enumerate';
import type { RankedCandidate } from './rankTypes';

/** Who picked the candidate that runs. */
export type Decider = { readonly kind: 'ranker' } | { readonly kind: 'model'; readonly model: string; readonly attempts: number };

export interface Choice {
  /** Index into the ranked list. */
  readonly index: number;
  readonly decidedBy: Decider;
  /** The model's replies that were rejected, and why (shown to the user and in logs). */
  readonly rejected: readonly { readonly reply: string; readonly reason: string }[];
}

/** How many ranked candidates a model sees (numbered 1..n). */
export const MODEL_CHOICES = 12;

export function choicePrompt(question: string, ranked: readonly RankedCandidate[]): ChatMessage[] {
  const lines = ranked.slice(0, MODEL_CHOICES).map((r, i) => {
    const n = answerCount(r.candidate);
    return `${i + 1}. ${glossOf(r.candidate.shape)} (${n} answer${n === 1 ? '' : 's'})`;
  });
  return [
    {
      role: 'system',
      content:
        'You choose which graph query answers a question. Every numbered query below is valid on the graph. ' +
        'Reply with the number of the one query that answers the question, and nothing else.',
    },
    { role: 'user', content: `Question: ${question}\n\nQueries:\n${lines.join('\n')}\n\nAnswer with one number from 1 to ${lines.length}.` },
  ];
}

/**
 * A reply names a candidate only when it is exactly one listed number ("3", "#3", "3.", "id: 3"),
 * nothing more: a sentence that happens to contain a number is rejected, not guessed at.
 */
export function readChoice(reply: string, count: number): { ok: true; index: number } | { ok: false; reason: string } {
  const m = /^\s*(?:id\s*[:=]?\s*)?#?\s*(\d{1,4})\s*\.?\s*$/i.exec(reply);
  if (!m) return { ok: false, reason: 'the reply is not a single candidate number' };
  const n = Number(m[1]);
  if (n < 1 || n > count) return { ok: false, reason: `${n} is not one of the candidates 1–${count}` };
  return { ok: true, index: n - 1 };
}

/**
 * The constrained choice: the model sees the numbered candidates and must answer one number;
 * anything else is rejected and asked once more; then the ranker decides. A model error (no
 * model, unreachable, cancelled by consent) also leaves the ranker's choice, with the reason.
 */
export async function chooseCandidate(question: string, ranked: readonly RankedCandidate[], model: ChatModel | undefined, signal?: AbortSignal): Promise<Choice> {
  if (!model || ranked.length === 0) return { index: 0, decidedBy: { kind: 'ranker' }, rejected: [] };
  const count = Math.min(ranked.length, MODEL_CHOICES);
  const messages = choicePrompt(question, ranked);
  const rejected: { reply: string; reason: string }[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    let reply: string;
    try {
      reply = await model.complete(messages, signal);
    } catch (e) {
      if (e instanceof ChatModelError && e.reason !== 'cancelled') {
        rejected.push({ reply: '', reason: e.message });
        break;
      }
      throw e;
    }
    const read = readChoice(reply, count);
    if (read.ok) return { index: read.index, decidedBy: { kind: 'model', model: model.description, attempts: attempt }, rejected };
    rejected.push({ reply: reply.slice(0, 200), reason: read.reason });
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: `That is not a valid answer: ${read.reason}. Reply with one number from 1 to ${count} only.` });
  }
  return { index: 0, decidedBy: { kind: 'ranker' }, rejected };
}
