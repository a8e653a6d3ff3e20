import type { PlanningGraph } from '../plan/planningGraph';
import { tiesSentence, type AnswerTies, type RetrievalResult } from '../retrieve/result';

/**
 * Plan tests: a plan with `expect` is a test. It passes when every expected answer is among the
 * answers the plan's strategy returns (its top k). Hits@1 and Hits@k are SimGRAG's metric (some
 * expected answer at rank ≤ k); recall is the share of expected answers found. Pure: the caller
 * runs retrieval and hands the result in, so the Test Explorer and `kgrag test` judge alike.
 */
export type PlanTestStatus = 'passed' | 'failed' | 'errored';

export interface PlanTestOutcome {
  readonly id: string;
  readonly plan: string;
  readonly status: PlanTestStatus;
  readonly expected: readonly string[];
  /** The answers considered (the strategy's top k), best first. */
  readonly answers: readonly string[];
  /** Expected answers found, with their 1-based rank among `answers`. */
  readonly found: readonly { readonly value: string; readonly rank: number }[];
  readonly missing: readonly string[];
  /** How many answers were considered. */
  readonly k: number;
  readonly hitsAt1: 0 | 1;
  readonly hitsAtK: 0 | 1;
  /** |found| / |expected|. */
  readonly recall: number;
  /** One line for people: what passed or what was missing. */
  readonly message: string;
  /** The answers considered are a few of those tied with the last one (k cut the others): said in `message`. */
  readonly ties?: AnswerTies;
}

/** Answers compare by meaning-preserving normal form: Unicode NFC, case, inner whitespace. */
export function normalizeAnswer(s: string): string {
  return s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * How many answers a strategy stands behind: gsd answers come from its top-k subgraphs (all of
 * them count); mor returns `k` ranked answers; cypher returns up to `limit` rows.
 */
export function answerCutoff(plan: PlanningGraph, result: RetrievalResult): number {
  switch (result.strategy) {
    case 'mor':
      return plan.strategy.kind === 'mor' ? plan.strategy.k : result.answers.length;
    case 'cypher':
      return plan.strategy.kind === 'cypher' ? plan.strategy.limit : result.answers.length;
    default:
      return result.answers.length;
  }
}

export function isPlanTest(plan: PlanningGraph): boolean {
  return plan.expect.length > 0 || plan.expectAllTies === true;
}

export function evaluatePlanTest(plan: PlanningGraph, result: RetrievalResult, options: { readonly k?: number } = {}): PlanTestOutcome {
  const k = Math.max(0, options.k ?? answerCutoff(plan, result));
  const answers = result.answers.slice(0, k).map((a) => a.value);
  const rankOf = new Map<string, number>();
  answers.forEach((a, i) => {
    const key = normalizeAnswer(a);
    if (!rankOf.has(key)) rankOf.set(key, i + 1);
  });
  const found: { value: string; rank: number }[] = [];
  const missing: string[] = [];
  for (const e of plan.expect) {
    const rank = rankOf.get(normalizeAnswer(e));
    if (rank === undefined) missing.push(e);
    else found.push({ value: e, rank });
  }
  const best = found.reduce((m, f) => Math.min(m, f.rank), Infinity);
  const hitsAt1 = best === 1 ? 1 : 0;
  const hitsAtK = found.length > 0 ? 1 : 0;
  const recall = plan.expect.length === 0 ? 0 : found.length / plan.expect.length;
  // Ties count only when the answers considered reach the tied ones (a smaller k cuts elsewhere).
  const ties = result.ties && k >= result.answers.length ? result.ties : undefined;
  const tiesCut = plan.expectAllTies === true && ties !== undefined;
  const status: PlanTestStatus = isPlanTest(plan) && missing.length === 0 && !tiesCut ? 'passed' : 'failed';
  const shown = answers.slice(0, 10).map((a) => JSON.stringify(a)).join(', ') + (answers.length > 10 ? `, … (${answers.length})` : '');
  const base =
    missing.length === 0 && plan.expect.length > 0
      ? `all ${plan.expect.length} expected answer(s) found (ranks ${found.map((f) => f.rank).join(', ')} of ${answers.length}); Hits@1 ${hitsAt1}, Hits@${k} ${hitsAtK}`
      : !isPlanTest(plan)
        ? 'the plan has no expect clause'
        : plan.expect.length === 0
          ? `${answers.length} answer(s)`
          : `missing ${missing.map((m) => JSON.stringify(m)).join(', ')} among the top ${k} answer(s): ${answers.length > 0 ? shown : 'none'}; Hits@${k} ${hitsAtK}, recall ${found.length}/${plan.expect.length}`;
  // A pass (or a miss) among answers k cut from a tie says so: the listed ones are an arbitrary few.
  const message = tiesCut ? `expect all ties: ${tiesSentence(ties)}; ${base}` : ties ? `${base}; ${tiesSentence(ties)}` : base;
  // A failure with a named entity the graph does not hold says so first: that, not the ranking, is
  // usually why the expected answer is missing.
  const notFound = status === 'failed' ? notFoundLead(result) : '';
  return { id: result.id, plan: plan.name, status, expected: plan.expect, answers, found, missing, k, hitsAt1, hitsAtK, recall, message: notFound + message, ...(ties ? { ties } : {}) };
}

/** "'Joe Thomas' is not in the graph (nearest: 'Thomas Haden Church', distance 0.62); " per not-found entity. */
function notFoundLead(result: RetrievalResult): string {
  return (result.notFound ?? [])
    .map((n) => `'${n.text}' is not in the graph (${n.nearest !== undefined ? `nearest: '${n.nearest}', distance ${n.distance!.toFixed(2)}` : 'no candidate at all'}); `)
    .join('');
}

/** A test that could not run (store down, cancelled, bad plan). */
export function erroredPlanTest(plan: PlanningGraph, error: unknown, id = plan.name): PlanTestOutcome {
  const why = error instanceof Error ? error.message : String(error);
  return { id, plan: plan.name, status: 'errored', expected: plan.expect, answers: [], found: [], missing: [...plan.expect], k: 0, hitsAt1: 0, hitsAtK: 0, recall: 0, message: `could not run: ${why}` };
}

export interface PlanTestSummary {
  readonly passed: number;
  readonly failed: number;
  /** Errored tests count as failed in `failed` too; this says how many of them errored. */
  readonly errored: number;
  readonly total: number;
  /** Mean Hits@1 / Hits@k over the tests that ran. */
  readonly hitsAt1: number;
  readonly hitsAtK: number;
}

export function summarizePlanTests(outcomes: readonly PlanTestOutcome[]): PlanTestSummary {
  const ran = outcomes.filter((o) => o.status !== 'errored');
  const mean = (f: (o: PlanTestOutcome) => number) => (ran.length === 0 ? 0 : ran.reduce((s, o) => s + f(o), 0) / ran.length);
  const passed = outcomes.filter((o) => o.status === 'passed').length;
  return {
    passed,
    failed: outcomes.length - passed,
    errored: outcomes.length - ran.length,
    total: outcomes.length,
    hitsAt1: mean((o) => o.hitsAt1),
    hitsAtK: mean((o) => o.hitsAtK),
  };
}

/** The summary line both front doors print: `N passed, M failed`. */
export function summaryLine(s: PlanTestSummary): string {
  return `${s.passed} passed, ${s.failed} failed`;
}
