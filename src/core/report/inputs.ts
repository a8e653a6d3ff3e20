import type { RetrievalResult } from '../retrieve/result';
import type { WhyNotResult } from '../../contracts/whyNot';
import type { Baseline, BaselineComparison } from '../testing/baseline';
import type { PlanTestOutcome, PlanTestSummary } from '../testing/evaluate';

/** What a report shows, read from the JSON kgrag writes (run --json, test --json, baselines, why-not --json). */
export interface ReportInput {
  readonly results: readonly RetrievalResult[];
  readonly tests: readonly (PlanTestOutcome & { readonly file?: string; readonly line?: number })[];
  readonly summaries: readonly PlanTestSummary[];
  readonly comparisons: readonly BaselineComparison[];
  readonly baselines: readonly Baseline[];
  readonly whyNots: readonly WhyNotResult[];
}

export function emptyReportInput(): ReportInput {
  return { results: [], tests: [], summaries: [], comparisons: [], baselines: [], whyNots: [] };
}

/** How many things a report can show in `input` (results, tests, summaries, comparisons, baselines, why-not). */
export function reportItemCount(input: ReportInput): number {
  return input.results.length + input.tests.length + input.summaries.length + input.comparisons.length + input.baselines.length + input.whyNots.length;
}

type Mutable = { -readonly [K in keyof ReportInput]: ReportInput[K][number][] };

/**
 * Reads one file: a JSON value (an object, or an array of them) or JSON lines (one per line, as
 * `kgrag test --json` and `kgrag run` on a .jsonl write). Each object is recognised by its shape;
 * anything else is a problem with its line, never a crash.
 */
export function readReportInput(text: string, into: ReportInput = emptyReportInput()): { input: ReportInput; problems: { line: number; message: string }[] } {
  const out: Mutable = { results: [...into.results], tests: [...into.tests], summaries: [...into.summaries], comparisons: [...into.comparisons], baselines: [...into.baselines], whyNots: [...into.whyNots] };
  const problems: { line: number; message: string }[] = [];
  const values: { line: number; value: unknown }[] = [];
  const trimmed = text.trim();
  try {
    const whole: unknown = JSON.parse(trimmed);
    for (const v of Array.isArray(whole) ? whole : [whole]) values.push({ line: 1, value: v });
  } catch {
    // JSON lines (and pretty-printed objects one after another are not supported: say where).
    text.split('\n').forEach((l, i) => {
      if (l.trim() === '') return;
      try {
        values.push({ line: i + 1, value: JSON.parse(l) });
      } catch (e) {
        problems.push({ line: i + 1, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` });
      }
    });
  }
  for (const { line, value } of values) {
    if (!classify(value, out)) problems.push({ line, message: 'not a retrieval result, test outcome, baseline, comparison or why-not result' });
  }
  return { input: out, problems: problems.sort((a, b) => a.line - b.line) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function classify(v: unknown, out: Mutable): boolean {
  if (!isObject(v)) return false;
  if (v['kind'] === 'kgrag-baseline' && Array.isArray(v['entries'])) return void out.baselines.push(v as unknown as Baseline), true;
  if (isObject(v['comparison']) && Array.isArray(v['comparison']['changes'])) return void out.comparisons.push(v['comparison'] as unknown as BaselineComparison), true;
  if (Array.isArray(v['changes']) && typeof v['regressions'] === 'number') return void out.comparisons.push(v as unknown as BaselineComparison), true;
  if (isObject(v['summary']) && typeof v['summary']['total'] === 'number') return void out.summaries.push(v['summary'] as unknown as PlanTestSummary), true;
  if (typeof v['expected'] === 'string' && isObject(v['cause']) && typeof v['cause']['kind'] === 'string') return void out.whyNots.push(v as unknown as WhyNotResult), true;
  if (typeof v['status'] === 'string' && Array.isArray(v['expected']) && Array.isArray(v['answers'])) return void out.tests.push(v as unknown as PlanTestOutcome), true;
  if (typeof v['strategy'] === 'string' && Array.isArray(v['answers']) && Array.isArray(v['subgraphs'])) return void out.results.push(v as unknown as RetrievalResult), true;
  return false;
}
