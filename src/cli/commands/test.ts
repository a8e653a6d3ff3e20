import { readTextFileSync } from '../../core/boundedRead';
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { DEFAULT_EMBEDDER_SETTINGS, isEmbedderKind } from '../../core/embed';
import { STORE_FLAGS } from '../../core/graph';
import { baselineEntry, compareBaseline, discoverPlanTests, makeBaseline, parseBaseline, runPlanTest, summarizePlanTests, summaryLine, type Baseline, type BaselineComparison, type BaselineEntry, type PlanTestOutcome } from '../../core/testing';
import { EXIT, UsageError, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

const USAGE = 'usage: kgrag test <file.kgp…> (--db <path> | --neo4j <uri> [--user u] [--database d]) [--plan name] [--embedder lexical|hashing] [--json] [--save-baseline <file> | --baseline <file> [--slower-than R]]';

/**
 * `kgrag test`: every plan with `expect` in the given files is a test, judged by src/core/testing
 * (the same code as the Test Explorer). Prints one line per test and `N passed, M failed`;
 * exit 0 when all pass, 1 when some fail, 2 bad usage, 3 when the store cannot be used.
 * --save-baseline records every test's answers, ranks, subgraphs and timing; --baseline compares the
 * run with such a file (core/testing/baseline.ts) and exits 1 on a regression, even when every test
 * still passes. A line is `file:line` of the plan's `expect` clause.
 */
export async function test(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      plan: { type: 'string' },
      embedder: { type: 'string', default: DEFAULT_EMBEDDER_SETTINGS.kind },
      json: { type: 'boolean', default: false },
      'save-baseline': { type: 'string' },
      baseline: { type: 'string' },
      'slower-than': { type: 'string' },
    },
  });
  if (values['save-baseline'] !== undefined && values.baseline !== undefined) throw new UsageError(`--save-baseline and --baseline together: record or compare, not both\n${USAGE}`);
  let slowerThan: number | undefined;
  if (values['slower-than'] !== undefined) {
    if (values.baseline === undefined) throw new UsageError(`--slower-than compares timings with a baseline: give --baseline <file>\n${USAGE}`);
    slowerThan = Number(values['slower-than']);
    if (!Number.isFinite(slowerThan) || slowerThan <= 1) throw new UsageError(`--slower-than must be a ratio above 1 (e.g. 2), not ${values['slower-than']}`);
  }
  let baseline: Baseline | undefined;
  if (values.baseline !== undefined) {
    const path = resolve(io.cwd, values.baseline);
    let text: string;
    try {
      text = readTextFileSync(path, 'results');
    } catch (e) {
      throw new UsageError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
    }
    try {
      baseline = parseBaseline(text);
    } catch (e) {
      io.err(`kgrag test: ${values.baseline}: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.findings;
    }
  }
  if (positionals.length === 0) throw new UsageError(`expected one or more .kgp files\n${USAGE}`);
  if (!isEmbedderKind(values.embedder)) throw new UsageError(`--embedder must be hashing, lexical or transformers, not ${values.embedder}`);
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: true });

  const tests: { file: string; line: number; plan: Parameters<typeof runPlanTest>[1] }[] = [];
  let problems = 0;
  for (const f of positionals) {
    const path = resolve(io.cwd, f);
    let text: string;
    try {
      text = readTextFileSync(path, 'plan');
    } catch (e) {
      throw new UsageError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
    }
    const found = discoverPlanTests(text);
    for (const p of found.problems) {
      io.err(`${f}:${p.line}: ${p.message}`);
      problems++;
    }
    for (const t of found.tests) if (values.plan === undefined || t.plan.name === values.plan) tests.push({ file: relative(io.cwd, path) || f, line: (t.expectRange ?? t.range).start.line + 1, plan: t.plan });
  }
  if (tests.length === 0) {
    io.err(`kgrag test: no plans with expect${values.plan !== undefined ? ` named ${values.plan}` : ''} in ${positionals.join(', ')}`);
    return EXIT.findings;
  }

  let session;
  try {
    session = await openSessionFromSpec(spec, io, { embedder: { kind: values.embedder } });
  } catch (e) {
    io.err(`kgrag test: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.failure;
  }
  const outcomes: PlanTestOutcome[] = [];
  const entries: BaselineEntry[] = [];
  let fingerprint: string | undefined;
  try {
    for (const t of tests) {
      const { outcome, result } = await runPlanTest(session, t.plan, { id: `${t.file}:${t.plan.name}` });
      outcomes.push(outcome);
      entries.push(baselineEntry(t.file, t.line, outcome, result));
      if (values.json) io.out(JSON.stringify({ file: t.file, line: t.line, ...outcome }));
      else io.out(`${outcome.status === 'passed' ? 'PASS' : outcome.status === 'errored' ? 'ERROR' : 'FAIL'}  ${t.file}:${t.line} ${t.plan.name} — ${outcome.message}`);
    }
    if (baseline || values['save-baseline'] !== undefined) fingerprint = (await session.snapshot()).data.fingerprint;
  } finally {
    await session.close();
  }
  const summary = summarizePlanTests(outcomes);
  if (values.json) io.out(JSON.stringify({ summary }));
  io.out(summaryLine(summary));
  const graph = { description: session.store.description, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  if (values['save-baseline'] !== undefined) {
    const path = resolve(io.cwd, values['save-baseline']);
    writeFileSync(path, JSON.stringify(makeBaseline(graph, entries), null, 2) + '\n');
    io.out(`baseline of ${entries.length} test(s) saved to ${values['save-baseline']}`);
  }
  if (baseline) {
    const comparison = compareBaseline(baseline, { graph, entries }, slowerThan !== undefined ? { slowerThan } : {});
    if (values.json) io.out(JSON.stringify({ comparison }));
    else for (const line of comparisonLines(comparison, values.baseline!)) io.out(line);
    if (comparison.regressions > 0) return EXIT.findings;
  }
  return summary.failed > 0 || problems > 0 ? EXIT.findings : EXIT.ok;
}

/** The comparison for people: one line per changed test (at its expect line), then the verdict. */
export function comparisonLines(c: BaselineComparison, file: string): string[] {
  const lines: string[] = [];
  if (c.graphChanged) lines.push(`graph changed since the baseline: ${c.before.fingerprint} → ${c.after.fingerprint}`);
  for (const x of c.changes) {
    if (x.kind === 'unchanged') continue;
    lines.push(`${x.kind.toUpperCase()}  ${x.file}:${x.line} ${x.plan} — ${x.notes.join('; ')}`);
  }
  lines.push(c.changed === 0 ? `unchanged against ${file}` : `${c.regressions} regression(s), ${c.changed - c.regressions} other change(s) against ${file}`);
  return lines;
}
