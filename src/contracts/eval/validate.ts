/** Validators for the Evaluation view's messages, used on both sides of postMessage. */
import { arrayOf, bool, nullable, num, object, oneOf, str, union, type Check } from '../inspector/guards';
import type { Validated } from '../inspector/validate';
import type { EvalHostMessage, EvalViewModel, EvalWebviewMessage } from './messages';

const strategyKind = oneOf(['gsd', 'mor', 'cypher', 'stem', 'sage']);
const strings = arrayOf(str);

const metrics = object({ n: num, hits1: num, hitsK: num, mrr: num, recall: num, p50Ms: nullable(num), p95Ms: nullable(num), errors: num, partial: num });

const viewModel: Check = object({
  set: object({ label: str, uri: str }),
  store: str,
  embedder: str,
  strategies: arrayOf(strategyKind),
  k: num,
  'groupBy?': str,
  at: str,
  ms: num,
  items: num,
  problems: arrayOf(object({ line: num, message: str })),
  rows: arrayOf(object({ strategy: strategyKind, group: nullable(str), metrics, 'previous?': metrics })),
  causes: arrayOf(object({ strategy: strategyKind, cause: str, count: num, 'previous?': num })),
  misses: arrayOf(
    object({
      strategy: strategyKind,
      id: str,
      line: num,
      'group?': str,
      input: oneOf(['question', 'plan']),
      gold: strings,
      answers: strings,
      answerCount: num,
      rank: nullable(num),
      cause: str,
      summary: str,
      'partial?': str,
      'error?': str,
      'askChain?': str,
      'newSinceLast?': bool,
    }),
  ),
  'previous?': object({ at: str, store: str, changes: arrayOf(object({ strategy: strategyKind, lost: strings, gained: strings })) }),
});

const hostMessage = union('type', {
  evalShow: object({ type: str, view: viewModel }),
  evalProgress: object({ type: str, title: str, done: num, total: num }),
});

const webviewMessage = union('type', {
  ready: object({ type: str }),
  openMiss: object({ type: str, strategy: strategyKind, id: str }),
  revealItem: object({ type: str, line: num }),
  evaluateAgain: object({ type: str }),
  log: object({ type: str, level: oneOf(['info', 'warn', 'error']), message: str }),
});

function run<T>(check: Check, value: unknown, what: string): Validated<T> {
  const problem = check(value, what);
  return problem ? { ok: false, error: problem } : { ok: true, value: value as T };
}

export function validateEvalHostMessage(value: unknown): Validated<EvalHostMessage> {
  return run(hostMessage, value, 'message');
}

export function validateEvalWebviewMessage(value: unknown): Validated<EvalWebviewMessage> {
  return run(webviewMessage, value, 'message');
}

export function validateEvalView(value: unknown): Validated<EvalViewModel> {
  return run(viewModel, value, 'view');
}
