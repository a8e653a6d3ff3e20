/**
 * Execute mode (optional): run each example's output against a graph and report expected answers
 * that were not retrieved. The retrieval itself belongs to the retrieval engine; this module only
 * defines what it needs from it and turns misses into findings.
 */
import type { Diagnostic } from '../diagnostics';
import type { PlanningGraph } from '../plan/planningGraph';
import { LineIndex } from '../text';
import type { FewShotDocument, FewShotExample } from './model';
import { FEWSHOT_CODES } from './codes';

/** Runs one example; returns the retrieved answer texts (node names). */
export interface ExampleRunner {
  runPlan?(plan: PlanningGraph, signal?: AbortSignal): Promise<readonly string[]>;
  runCypher?(query: string, signal?: AbortSignal): Promise<readonly string[]>;
}

export interface ExecuteOptions {
  readonly signal?: AbortSignal;
  /** Compare answers case-insensitively and ignoring surrounding spaces (default true). */
  readonly looseMatch?: boolean;
}

/** Diagnostics for examples whose `expect` answers were not all retrieved. */
export async function executeExamples(text: string, doc: FewShotDocument, runner: ExampleRunner, opts: ExecuteOptions = {}): Promise<Diagnostic[]> {
  const lines = new LineIndex(text);
  const norm = (s: string): string => (opts.looseMatch === false ? s : s.trim().toLowerCase());
  const out: Diagnostic[] = [];
  for (const ex of doc.examples) {
    if (!ex.expect || ex.expect.length === 0 || !ex.output) continue;
    let got: readonly string[] | undefined;
    try {
      got = await run(ex, runner, opts.signal);
    } catch (e) {
      out.push({ range: lines.rangeOf(ex.span.start, ex.span.start + 1), severity: 'error', code: FEWSHOT_CODES.expectNotRetrieved, message: `Example ${ex.number} failed to run: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    if (got === undefined) continue;
    const have = new Set(got.map(norm));
    for (const e of ex.expect) {
      if (!have.has(norm(e.value))) out.push({ range: lines.rangeOf(e.span.start, e.span.end), severity: 'warning', code: FEWSHOT_CODES.expectNotRetrieved, message: `Example ${ex.number}: expected "${e.value}" was not retrieved (${got.length} answers).` });
    }
  }
  return out;
}

async function run(ex: FewShotExample, runner: ExampleRunner, signal?: AbortSignal): Promise<readonly string[] | undefined> {
  const o = ex.output!;
  if (o.kind === 'cypher') return runner.runCypher?.(o.query.value, signal);
  const plans = o.kind === 'kgp' ? o.plans : o.plan ? [o.plan] : [];
  if (!runner.runPlan || plans.length === 0) return undefined;
  const all: string[] = [];
  for (const p of plans) all.push(...(await runner.runPlan(p, signal)));
  return all;
}
