import type { WhyNotResult } from '../../contracts/whyNot';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import type { RetrievalResult } from '../retrieve/result';
import { normalizeAnswer } from '../testing/evaluate';
import { groupOf, type EvalInputKind, type EvalItem } from './set';

/**
 * The evaluation loop of `kgrag eval` and of the benchmarks (npm run bench, bench:ask): each item ×
 * strategy is run once, scored (rank of the first gold answer, recall) and, when missed at rank 1,
 * explained by why-not (docs/eval.md). Pure: the caller hands in how to run, ask and explain, so
 * the CLI (a session on a store) and the benches (a snapshot in memory) score alike.
 */

/** What ask answered for a question, reduced to what evaluation needs. */
export type AskOutcome =
  | {
      readonly kind: 'planned';
      readonly plan: PlanningGraph;
      readonly chain: string;
      /** The answers ask lists itself (its exact query's, most paths first), for `askOnly`. */
      readonly answers: readonly string[];
      readonly ms: number;
    }
  | { readonly kind: 'nothing-found' | 'no-candidates' | 'too-long'; readonly message: string };

export interface EvalRunner {
  run(plan: PlanningGraph, strategy: StrategyKind, signal?: AbortSignal): Promise<RetrievalResult>;
  /** Question → plan (the grounded planner). Without it, question-only items are errors. */
  ask?(question: string, signal?: AbortSignal): Promise<AskOutcome>;
  /** Why the gold answers were not first (the runner picks which gold answer to follow). */
  whyNot?(plan: PlanningGraph, gold: readonly string[], strategy: StrategyKind, result: RetrievalResult, signal?: AbortSignal): Promise<WhyNotResult | undefined>;
}

/** Why an item was missed at rank 1: a cause key (the histogram's row), a label and one line. */
export interface MissCause {
  readonly key: string;
  readonly summary: string;
}

/** One item × strategy. The `--out` file's records and the resume file's lines. */
export interface EvalRecord {
  readonly id: string;
  readonly line: number;
  readonly strategy: StrategyKind;
  readonly input: EvalInputKind;
  readonly group?: string;
  readonly gold: readonly string[];
  /** The first answers returned, best first (at most 10). */
  readonly answers: readonly string[];
  readonly answerCount: number;
  /** 1-based rank of the first gold answer among the answers; null: none returned. */
  readonly rank: number | null;
  /** Share of gold answers among all answers returned. */
  readonly recall: number;
  readonly ms: number;
  /** The plan ask chose (question items), as its relation chain. */
  readonly askChain?: string;
  /** Set when the answers are partial: a budget stopped the search, a named node was swapped. */
  readonly partial?: string;
  /** Why it was not first (misses at rank 1, when explained). */
  readonly cause?: MissCause;
  /** Retrieval failed: the message (counts as a miss). */
  readonly error?: string;
}

export interface EvalOptions {
  readonly strategies: readonly StrategyKind[];
  /** Which input an item with both a question and a pattern/plan uses (default: the plan). */
  readonly input?: 'auto' | EvalInputKind;
  readonly groupBy?: string;
  /** Explain misses with why-not (default true). */
  readonly explain?: boolean;
  /**
   * Question items are scored on the answers ask lists itself (the chosen query, exact, most paths
   * first), without running a strategy: the planner's own accuracy (bench:ask, `kgrag eval --ask-only`).
   * Their records carry the asked plan's strategy (cypher: exact).
   */
  readonly askOnly?: boolean;
  /** Records already computed (resume): these item × strategy pairs are not run again. */
  readonly done?: ReadonlyMap<string, EvalRecord>;
  readonly signal?: AbortSignal;
  /** Called with each new record, in set order (the resume file is appended here). */
  onRecord?(record: EvalRecord): void;
  onProgress?(done: number, total: number): void;
}

export function recordKey(id: string, strategy: StrategyKind): string {
  return `${strategy}\u0000${id}`;
}

/** Runs every item × strategy in set order (deterministic) and returns every record, resumed ones included. */
export async function evaluateSet(items: readonly EvalItem[], runner: EvalRunner, options: EvalOptions): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  const total = items.length * options.strategies.length;
  let count = 0;
  for (const item of items) {
    const input = inputOf(item, options.input ?? 'auto');
    const group = groupOf(item, options.groupBy);
    let asked: AskOutcome | undefined;
    for (const strategy of options.strategies) {
      options.signal?.throwIfAborted();
      const key = recordKey(item.id, strategy);
      const prior = options.done?.get(key);
      if (prior) {
        out.push(prior);
        options.onProgress?.(++count, total);
        continue;
      }
      const base = { id: item.id, line: item.line, strategy, input, ...(group !== undefined ? { group } : {}), gold: item.answers };
      let record: EvalRecord;
      try {
        if (input === 'question') {
          if (!runner.ask) throw new Error('questions need ask (a graph to plan from)');
          asked ??= await runner.ask(item.question!, options.signal);
        }
        if (asked && asked.kind !== 'planned') {
          record = { ...base, answers: [], answerCount: 0, rank: null, recall: 0, ms: 0, cause: { key: `ask: ${asked.kind}`, summary: asked.message } };
        } else {
          const plan = asked?.kind === 'planned' ? asked.plan : item.plan!;
          if (asked?.kind === 'planned' && options.askOnly) {
            const r = scoreAnswers(base, asked.answers, asked.ms, undefined, asked.chain);
            record = r.rank === 1 ? r : { ...r, cause: r.rank !== null ? rankedBelow(r) : { key: 'wrong chain chosen by ask', summary: `ask chose ${asked.chain}; its answers hold no gold answer` } };
          } else {
            const result = await runner.run(plan, strategy, options.signal);
            record = await score(base, plan, result, asked?.kind === 'planned' ? asked.chain : undefined, runner, options);
          }
        }
      } catch (e) {
        if (options.signal?.aborted) throw e;
        const message = e instanceof Error ? e.message : String(e);
        record = { ...base, answers: [], answerCount: 0, rank: null, recall: 0, ms: 0, error: message, cause: { key: 'error', summary: message } };
      }
      out.push(record);
      options.onRecord?.(record);
      options.onProgress?.(++count, total);
    }
  }
  return out;
}

function inputOf(item: EvalItem, want: 'auto' | EvalInputKind): EvalInputKind {
  if (want === 'question') {
    if (item.question === undefined) throw new EvalSetError(`${item.id} (line ${item.line}) has no "question"`);
    return 'question';
  }
  if (want === 'plan' && !item.plan) throw new EvalSetError(`${item.id} (line ${item.line}) has no "pattern" or "plan"`);
  return item.plan ? 'plan' : 'question';
}

/** The set does not fit the options (e.g. --input question on an item without one). */
export class EvalSetError extends Error {}

type RecordBase = Pick<EvalRecord, 'id' | 'line' | 'strategy' | 'input' | 'group' | 'gold'>;

/** Rank of the first gold answer and recall, answers compared in normal form (plan tests' normalizeAnswer). */
function scoreAnswers(base: RecordBase, values: readonly string[], ms: number, partial: string | undefined, askChain: string | undefined): EvalRecord {
  const gold = new Set(base.gold.map(normalizeAnswer));
  const norm = values.map(normalizeAnswer);
  const at = norm.findIndex((v) => gold.has(v));
  const found = new Set(norm.filter((v) => gold.has(v)));
  return {
    ...base,
    answers: values.slice(0, 10),
    answerCount: values.length,
    rank: at < 0 ? null : at + 1,
    recall: found.size / Math.max(1, gold.size),
    ms,
    ...(askChain !== undefined ? { askChain } : {}),
    ...(partial ? { partial } : {}),
  };
}

function rankedBelow(r: EvalRecord): MissCause {
  return { key: 'ranked below first', summary: `first gold answer at rank ${r.rank}; first returned "${r.answers[0]}"` };
}

async function score(base: RecordBase, plan: PlanningGraph, result: RetrievalResult, askChain: string | undefined, runner: EvalRunner, options: EvalOptions): Promise<EvalRecord> {
  const record = scoreAnswers(base, result.answers.map((a) => a.value), result.timings.totalMs, partialOf(result), askChain);
  if (record.rank === 1) return record;
  return { ...record, cause: await causeOf(plan, base.gold, result, record, runner, options) };
}

function partialOf(r: RetrievalResult): string | undefined {
  if (r.budget) return `${r.budget.exhausted} budget (${r.budget.limit}) hit: best found until then`;
  if (r.notFound && r.notFound.length > 0) return r.notFound.map((n) => `"${n.text}" not in the graph${n.nearest !== undefined ? `, matched "${n.nearest}" instead` : ''}`).join('; ');
  return undefined;
}

const CAUSE_KEYS: Readonly<Record<WhyNotResult['cause']['kind'], string>> = {
  returned: 'ranked below first',
  'not-in-graph': 'not in graph',
  'named-swapped': 'swapped named node',
  unreachable: 'unreachable',
  'candidate-rank': 'matched elsewhere (candidate rank)',
  category: 'category',
  'cut-by-k': 'cut by k',
  pruned: 'pruned',
  'mor-layer': 'mor layer',
  'cypher-clause': 'cypher clause',
  trace: 'trace',
};

async function causeOf(plan: PlanningGraph, gold: readonly string[], result: RetrievalResult, record: EvalRecord, runner: EvalRunner, options: EvalOptions): Promise<MissCause> {
  if (record.rank !== null) return rankedBelow(record);
  // A named node that is not in the graph was matched to its nearest name: the answers are about another entity.
  if (result.notFound && result.notFound.length > 0) return { key: 'swapped named node', summary: record.partial ?? '' };
  if (options.explain === false || !runner.whyNot) return { key: record.answerCount === 0 ? 'no answers' : 'not explained', summary: record.answerCount === 0 ? 'no answers' : `first returned "${record.answers[0]}"` };
  const w = await runner.whyNot(plan, gold, record.strategy, result, options.signal);
  if (!w) return { key: 'not explained', summary: 'no gold answer to follow' };
  let key: string = CAUSE_KEYS[w.cause.kind];
  if (w.cause.kind === 'pruned') key = `pruned (${w.cause.bound})`;
  else if (w.cause.kind === 'trace') key = `trace: ${w.cause.stage}`;
  else if (w.cause.kind === 'mor-layer') key = `mor layer: ${w.cause.reason}`;
  else if (w.cause.kind === 'cypher-clause') key = `cypher clause: ${w.cause.clause}`;
  // The asked plan's own shape cannot reach the answer: ask chose the wrong chain.
  if (record.askChain !== undefined && w.cause.kind === 'unreachable') key = 'wrong chain chosen by ask';
  return { key, summary: `"${w.expected}": ${w.summary}` };
}
