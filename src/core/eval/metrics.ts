import type { StrategyKind } from '../plan/planningGraph';
import type { EvalRecord } from './evaluate';

/**
 * Set metrics from the records (docs/eval.md): Hits@1 and Hits@k (a gold answer at rank ≤ 1 / ≤ k),
 * MRR (1 / rank of the first gold answer, 0 when none), answer recall (share of gold answers
 * returned), p50/p95 of the retrieval time; per strategy, overall and per group. Misses (no gold
 * answer first) grouped by cause with counts and examples.
 */
export interface Metrics {
  readonly n: number;
  readonly hits1: number;
  readonly hitsK: number;
  readonly mrr: number;
  readonly recall: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  /** Items whose retrieval failed (counted as misses). */
  readonly errors: number;
  /** Items whose answers are partial (budget hit, a named node swapped). */
  readonly partial: number;
}

export interface CauseCount {
  readonly cause: string;
  readonly count: number;
  /** The first few, in set order. */
  readonly examples: readonly { readonly id: string; readonly summary: string }[];
}

export interface StrategySummary {
  readonly strategy: StrategyKind;
  readonly overall: Metrics;
  readonly groups: readonly { readonly group: string; readonly metrics: Metrics }[];
  /** Misses at rank 1 by cause, most frequent first. */
  readonly causes: readonly CauseCount[];
}

export interface EvalSummary {
  readonly k: number;
  readonly strategies: readonly StrategySummary[];
}

/** The metric names `--min` and baselines use. */
export const METRIC_NAMES = ['hits1', 'hitsK', 'mrr', 'recall', 'p50Ms', 'p95Ms'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
/** Higher is better, except latency. */
export const LOWER_IS_BETTER: ReadonlySet<MetricName> = new Set(['p50Ms', 'p95Ms']);

/** Nearest-rank percentile (the benches' definition). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export function metricsOf(records: readonly EvalRecord[], k: number): Metrics {
  const n = records.length;
  let h1 = 0;
  let hk = 0;
  let rr = 0;
  let recall = 0;
  let errors = 0;
  let partial = 0;
  for (const r of records) {
    if (r.rank === 1) h1++;
    if (r.rank !== null && r.rank <= k) hk++;
    if (r.rank !== null) rr += 1 / r.rank;
    recall += r.recall;
    if (r.error !== undefined) errors++;
    if (r.partial !== undefined) partial++;
  }
  const d = Math.max(1, n);
  const ms = records.filter((r) => r.error === undefined).map((r) => r.ms);
  return { n, hits1: h1 / d, hitsK: hk / d, mrr: rr / d, recall: recall / d, p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), errors, partial };
}

export function causesOf(records: readonly EvalRecord[], examples = 3): CauseCount[] {
  const by = new Map<string, { count: number; examples: { id: string; summary: string }[] }>();
  for (const r of records) {
    if (r.rank === 1 || !r.cause) continue;
    const c = by.get(r.cause.key) ?? { count: 0, examples: [] };
    by.set(r.cause.key, c);
    c.count++;
    if (c.examples.length < examples) c.examples.push({ id: r.id, summary: r.cause.summary });
  }
  return [...by].map(([cause, c]) => ({ cause, count: c.count, examples: c.examples })).sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
}

export function summarize(records: readonly EvalRecord[], strategies: readonly StrategyKind[], k: number): EvalSummary {
  return {
    k,
    strategies: strategies.map((strategy) => {
      const mine = records.filter((r) => r.strategy === strategy);
      const groupNames = [...new Set(mine.flatMap((r) => (r.group !== undefined ? [r.group] : [])))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      return {
        strategy,
        overall: metricsOf(mine, k),
        groups: groupNames.map((group) => ({ group, metrics: metricsOf(mine.filter((r) => r.group === group), k) })),
        causes: causesOf(mine),
      };
    }),
  };
}

/** `hits1=0.9` → a threshold; an error message for anything else. */
export interface Threshold {
  readonly metric: MetricName;
  readonly value: number;
}

export function parseThreshold(text: string): Threshold | string {
  const m = /^([A-Za-z0-9]+)\s*=\s*([0-9]*\.?[0-9]+)$/.exec(text.trim());
  if (!m) return `--min ${text}: expected metric=value, e.g. hits1=0.9 (metrics: ${METRIC_NAMES.join(', ')})`;
  const metric = METRIC_NAMES.find((n) => n.toLowerCase() === m[1]!.toLowerCase());
  if (!metric) return `--min ${text}: unknown metric ${m[1]} (metrics: ${METRIC_NAMES.join(', ')})`;
  return { metric, value: Number(m[2]) };
}

/** Each threshold a strategy's overall figure fails, as a line naming the metric. */
export function thresholdFailures(summary: EvalSummary, thresholds: readonly Threshold[]): string[] {
  const out: string[] = [];
  for (const s of summary.strategies) {
    for (const t of thresholds) {
      const v = s.overall[t.metric];
      const bad = LOWER_IS_BETTER.has(t.metric) ? !(v <= t.value) : !(v >= t.value);
      if (bad) out.push(`${s.strategy}: ${t.metric} ${fmtMetric(t.metric, v)} ${LOWER_IS_BETTER.has(t.metric) ? '>' : '<'} ${t.value} (--min ${t.metric}=${t.value})`);
    }
  }
  return out;
}

export function fmtMetric(metric: MetricName, v: number): string {
  return LOWER_IS_BETTER.has(metric) ? (Number.isFinite(v) ? v.toFixed(2) : '—') : v.toFixed(3);
}

/**
 * A baseline: the summary of a run plus, per strategy, the ids it got first. Comparing names every
 * quality metric that fell and every item that was first and no longer is (latency is shown, not
 * judged: it depends on the machine).
 */
export interface EvalBaseline {
  readonly kind: 'kgrag-eval-baseline';
  readonly version: 1;
  readonly set: string;
  readonly summary: EvalSummary;
  readonly hits: Readonly<Record<string, readonly string[]>>;
}

export function makeBaseline(set: string, summary: EvalSummary, records: readonly EvalRecord[]): EvalBaseline {
  const hits: Record<string, string[]> = {};
  for (const s of summary.strategies) hits[s.strategy] = records.filter((r) => r.strategy === s.strategy && r.rank === 1).map((r) => r.id);
  return { kind: 'kgrag-eval-baseline', version: 1, set, summary, hits };
}

export function isEvalBaseline(v: unknown): v is EvalBaseline {
  const o = v as Partial<EvalBaseline> | null;
  return typeof o === 'object' && o !== null && o.kind === 'kgrag-eval-baseline' && o.version === 1 && typeof o.summary === 'object' && typeof o.hits === 'object';
}

export interface BaselineComparison {
  readonly lines: readonly string[];
  /** Quality metrics that fell, as lines naming strategy and metric (exit 1). */
  readonly regressions: readonly string[];
}

export function compareBaseline(baseline: EvalBaseline, summary: EvalSummary, records: readonly EvalRecord[]): BaselineComparison {
  const lines: string[] = [];
  const regressions: string[] = [];
  for (const s of summary.strategies) {
    const before = baseline.summary.strategies.find((b) => b.strategy === s.strategy);
    if (!before) {
      lines.push(`${s.strategy}: not in the baseline`);
      continue;
    }
    const parts: string[] = [];
    for (const m of METRIC_NAMES) {
      const a = before.overall[m];
      const b = s.overall[m];
      const d = b - a;
      parts.push(`${m} ${fmtMetric(m, a)} → ${fmtMetric(m, b)}${d === 0 ? '' : ` (${d > 0 ? '+' : ''}${LOWER_IS_BETTER.has(m) ? d.toFixed(2) : d.toFixed(3)})`}`);
      // Compared at the precision shown: a change in the 4th decimal is not a regression to report.
      if (!LOWER_IS_BETTER.has(m) && Number(b.toFixed(3)) < Number(a.toFixed(3))) regressions.push(`${s.strategy}: ${m} fell from ${fmtMetric(m, a)} to ${fmtMetric(m, b)}`);
    }
    lines.push(`${s.strategy}: ${parts.join(', ')}`);
    const nowFirst = new Set(records.filter((r) => r.strategy === s.strategy && r.rank === 1).map((r) => r.id));
    const lost = (baseline.hits[s.strategy] ?? []).filter((id) => !nowFirst.has(id));
    const won = new Set(baseline.hits[s.strategy] ?? []);
    const gained = [...nowFirst].filter((id) => !won.has(id));
    if (lost.length > 0) lines.push(`  no longer first (${lost.length}): ${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''}`);
    if (gained.length > 0) lines.push(`  now first (${gained.length}): ${gained.slice(0, 10).join(', ')}${gained.length > 10 ? ', …' : ''}`);
  }
  return { lines, regressions };
}

/** The table and the cause histogram as `kgrag eval` prints them. */
export function renderSummary(summary: EvalSummary): string {
  const lines: string[] = [];
  const head = `strategy | group | n | Hits@1 | Hits@${summary.k} | MRR | recall | p50 ms | p95 ms`;
  lines.push(head, head.replace(/[^|]/g, '-'));
  const row = (s: string, g: string, m: Metrics): string =>
    `${s} | ${g} | ${m.n} | ${m.hits1.toFixed(3)} | ${m.hitsK.toFixed(3)} | ${m.mrr.toFixed(3)} | ${m.recall.toFixed(3)} | ${fmtMetric('p50Ms', m.p50Ms)} | ${fmtMetric('p95Ms', m.p95Ms)}${m.errors ? ` | ${m.errors} errors` : ''}${m.partial ? ` | ${m.partial} partial` : ''}`;
  for (const s of summary.strategies) {
    for (const g of s.groups) lines.push(row(s.strategy, g.group, g.metrics));
    lines.push(row(s.strategy, 'all', s.overall));
  }
  for (const s of summary.strategies) {
    const misses = s.causes.reduce((a, c) => a + c.count, 0);
    lines.push('', `${s.strategy}: ${misses} miss${misses === 1 ? '' : 'es'} at rank 1, by cause`);
    for (const c of s.causes) {
      lines.push(`  ${String(c.count).padStart(5)}  ${c.cause}`);
      for (const e of c.examples) lines.push(`         ${e.id}: ${e.summary}`);
    }
  }
  return lines.join('\n');
}
