import type { EvalCauseView, EvalMetricsView, EvalMissView, EvalPreviousView, EvalRowView, EvalViewModel } from '../../contracts/eval/messages';
import type { EvalRecord } from './evaluate';
import type { EvalBaseline, EvalSummary, Metrics } from './metrics';

/**
 * The Evaluation view's model (VS Code, docs/eval.md): the same summary `kgrag eval` prints, every
 * miss with its cause, and the comparison with the set's previous run (a baseline kept by the
 * extension). Pure: the extension hands in the run, the webview only draws the result.
 */

/** What the view says about the run besides its records: the model's own fields, one declaration (contracts/eval). */
export type EvalRunInfo = Omit<EvalViewModel, 'rows' | 'causes' | 'misses' | 'previous'>;

/** The previous run of a set, as the extension keeps it (a baseline with when and where it ran). */
export interface PreviousEvalRun {
  readonly at: string;
  readonly store: string;
  readonly baseline: EvalBaseline;
}

function metricsView(m: Metrics): EvalMetricsView {
  // NaN (no item ran without error) is not JSON: the view says "—".
  const ms = (v: number): number | null => (Number.isFinite(v) ? v : null);
  return { n: m.n, hits1: m.hits1, hitsK: m.hitsK, mrr: m.mrr, recall: m.recall, p50Ms: ms(m.p50Ms), p95Ms: ms(m.p95Ms), errors: m.errors, partial: m.partial };
}

export function evalView(info: EvalRunInfo, summary: EvalSummary, records: readonly EvalRecord[], previous?: PreviousEvalRun): EvalViewModel {
  const before = previous?.baseline.summary;
  const rows: EvalRowView[] = [];
  const causes: EvalCauseView[] = [];
  for (const s of summary.strategies) {
    const prior = before?.strategies.find((b) => b.strategy === s.strategy);
    for (const g of s.groups) {
      const pg = prior?.groups.find((x) => x.group === g.group);
      rows.push({ strategy: s.strategy, group: g.group, metrics: metricsView(g.metrics), ...(pg ? { previous: metricsView(pg.metrics) } : {}) });
    }
    rows.push({ strategy: s.strategy, group: null, metrics: metricsView(s.overall), ...(prior ? { previous: metricsView(prior.overall) } : {}) });
    const names = new Set(s.causes.map((c) => c.cause));
    for (const c of s.causes) causes.push({ strategy: s.strategy, cause: c.cause, count: c.count, ...(prior ? { previous: prior.causes.find((p) => p.cause === c.cause)?.count ?? 0 } : {}) });
    // A cause the previous run had and this one does not: shown at 0, so a fixed cause is seen gone.
    for (const p of prior?.causes ?? []) if (!names.has(p.cause)) causes.push({ strategy: s.strategy, cause: p.cause, count: 0, previous: p.count });
  }
  const firstBefore = new Map<string, Set<string>>();
  for (const [strategy, ids] of Object.entries(previous?.baseline.hits ?? {})) firstBefore.set(strategy, new Set(ids));
  const misses: EvalMissView[] = records
    .filter((r) => r.rank !== 1)
    .map((r) => ({
      strategy: r.strategy,
      id: r.id,
      line: r.line,
      ...(r.group !== undefined ? { group: r.group } : {}),
      input: r.input,
      gold: r.gold,
      answers: r.answers,
      answerCount: r.answerCount,
      rank: r.rank,
      cause: r.cause?.key ?? (r.answerCount === 0 ? 'no answers' : 'not explained'),
      summary: r.cause?.summary ?? '',
      ...(r.partial !== undefined ? { partial: r.partial } : {}),
      ...(r.error !== undefined ? { error: r.error } : {}),
      ...(r.askChain !== undefined ? { askChain: r.askChain } : {}),
      ...(firstBefore.get(r.strategy)?.has(r.id) ? { newSinceLast: true } : {}),
    }));
  let prev: EvalPreviousView | undefined;
  if (previous) {
    prev = {
      at: previous.at,
      store: previous.store,
      changes: summary.strategies
        .filter((s) => firstBefore.has(s.strategy))
        .map((s) => {
          const now = new Set(records.filter((r) => r.strategy === s.strategy && r.rank === 1).map((r) => r.id));
          const was = firstBefore.get(s.strategy)!;
          return { strategy: s.strategy, lost: [...was].filter((id) => !now.has(id)), gained: [...now].filter((id) => !was.has(id)) };
        }),
    };
  }
  return {
    set: info.set,
    store: info.store,
    embedder: info.embedder,
    strategies: info.strategies,
    k: info.k,
    ...(info.groupBy !== undefined ? { groupBy: info.groupBy } : {}),
    at: info.at,
    ms: info.ms,
    items: info.items,
    problems: info.problems,
    rows,
    causes,
    misses,
    ...(prev ? { previous: prev } : {}),
  };
}
