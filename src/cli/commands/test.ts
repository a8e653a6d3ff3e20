import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { databaseExists, STORE_FLAGS, type StoreSpec } from '../../core/graph';
import { baselineEntry, baselineText, compareBaseline, comparisonLines, discoverPlanTests, makeBaseline, parseBaseline, graphInUseOf, pinnedFolder, pinVerdict, readFolderPins, runPlanTest, summarizePlanTests, summaryLine, testPin, type Baseline, type BaselineEntry, type FolderPins, type PlanTestOutcome, type TestPin } from '../../core/testing';
import { EXIT, UsageError, readInputFile, type CliIO } from '../io';
import { EMBEDDER_FLAG, embedderKindFlag, openSessionFromSpec, parseFlags, PLACEMENT_FLAGS, placementFromFlags, specFromFlags } from './storeFlags';
import { planAliases } from './planFile';

const USAGE = 'usage: kgrag test <file.kgp…> (--db <path> | --neo4j <uri> [--user u] [--database d]) [--plan name] [--embedder lexical|hashing] [--placement memory|store|auto] [--memory-budget MB] [--json] [--save-baseline <file> | --baseline <file> [--slower-than R]]\n  (without --db/--neo4j, the graph "<db folder>" line of each file, or the kgrag.testing.graphs setting in the .vscode/settings.json\n   of its workspace folder, names the database it runs on)';

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
      ...PLACEMENT_FLAGS,
      plan: { type: 'string' },
      ...EMBEDDER_FLAG,
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
    const text = readInputFile(path, 'results');
    try {
      baseline = parseBaseline(text);
    } catch (e) {
      io.err(`kgrag test: ${values.baseline}: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.findings;
    }
  }
  if (positionals.length === 0) throw new UsageError(`expected one or more .kgp files\n${USAGE}`);
  const embedder = embedderKindFlag(values.embedder);
  const tests: PinnedTest[] = [];
  let problems = 0;
  // The editor's per-folder pins (kgrag.testing.graphs in .vscode/settings.json) hold here too.
  const folderPins = new Map<string, FolderPins | undefined>();
  for (const f of positionals) {
    const path = resolve(io.cwd, f);
    const text = readInputFile(path, 'plan');
    let pins: FolderPins | undefined;
    try {
      pins = readFolderPins(path, folderPins);
    } catch (e) {
      io.err(`kgrag test: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.findings;
    }
    const found = discoverPlanTests(text);
    for (const p of found.problems) {
      io.err(`${f}:${p.line}: ${p.message}`);
      problems++;
    }
    for (const t of found.tests) if (values.plan === undefined || t.plan.name === values.plan) tests.push({ path, file: relative(io.cwd, path) || f, line: (t.expectRange ?? t.range).start.line + 1, plan: t.plan, pin: testPin(t.plan.graphRef, path, pins) });
  }
  if (tests.length === 0) {
    io.err(`kgrag test: no plans with expect${values.plan !== undefined ? ` named ${values.plan}` : ''} in ${positionals.join(', ')}`);
    return EXIT.findings;
  }
  const groups = values.db === undefined && values.neo4j === undefined ? groupsByPinnedFolder(tests, io) : [{ spec: specFromFlags(values, io, { mustExist: true, readOnly: true }), tests }];
  if (groups.length > 1 && (baseline || values['save-baseline'] !== undefined)) throw new UsageError(`the tests are pinned to ${groups.length} graphs and a baseline is of one graph: give --db <folder> or test one graph's files at a time\n${USAGE}`);

  const outcomes: PlanTestOutcome[] = [];
  const entries: BaselineEntry[] = [];
  const aliasDoors = new Map<string, ReturnType<typeof planAliases>>();
  let skipped = 0;
  let fingerprint: string | undefined;
  let description = '';
  for (const group of groups) {
    const active = graphInUseOf(group.spec);
    // A pinned test is never run against another graph: it is reported as skipped, with why.
    const runnable: PinnedTest[] = [];
    for (const t of group.tests) {
      const verdict = pinVerdict(t.pin, active);
      if (verdict.kind === 'run') runnable.push(t);
      else {
        skipped++;
        if (values.json) io.out(JSON.stringify({ file: t.file, line: t.line, plan: t.plan.name, status: 'skipped', message: verdict.reason }));
        else io.out(`SKIP  ${t.file}:${t.line} ${t.plan.name} — ${verdict.reason}`);
      }
    }
    if (runnable.length === 0) continue;
    let session;
    try {
      session = await openSessionFromSpec(group.spec, io, { embedder: { kind: embedder }, ...placementFromFlags(values) });
    } catch (e) {
      io.err(`kgrag test: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.failure;
    }
    try {
      for (const t of runnable) {
        // The plan's `schema "…"` lends its relation aliases, as in run and why-not (one rule, planAliases).
        const aliasesFor = aliasDoors.get(t.path) ?? planAliases(t.path, io, 'test');
        aliasDoors.set(t.path, aliasesFor);
        const relationAliases = await aliasesFor(t.plan.schemaRef);
        const { outcome, result } = await runPlanTest(session, t.plan, { id: `${t.file}:${t.plan.name}`, ...(relationAliases ? { relationAliases } : {}) });
        outcomes.push(outcome);
        entries.push(baselineEntry(t.file, t.line, outcome, result));
        if (values.json) io.out(JSON.stringify({ file: t.file, line: t.line, ...outcome }));
        else io.out(`${outcome.status === 'passed' ? 'PASS' : outcome.status === 'errored' ? 'ERROR' : 'FAIL'}  ${t.file}:${t.line} ${t.plan.name} — ${outcome.message}`);
      }
      if (baseline || values['save-baseline'] !== undefined) fingerprint = (await session.snapshot()).data.fingerprint;
    } finally {
      await session.close();
    }
    description = session.store.description;
  }
  const summary = summarizePlanTests(outcomes);
  if (values.json) io.out(JSON.stringify({ summary }));
  // With --json stdout is JSON lines only; the line for people goes to stderr.
  (values.json ? io.err : io.out)(summaryLine(summary) + (skipped > 0 ? `, ${skipped} skipped (pinned to another graph)` : ''));
  // Every test skipped is not a green run: nothing was checked.
  if (outcomes.length === 0) {
    io.err('kgrag test: no test ran: every test is pinned to another graph than the one in use');
    return EXIT.findings;
  }
  const graph = { description, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  if (values['save-baseline'] !== undefined) {
    const path = resolve(io.cwd, values['save-baseline']);
    writeFileSync(path, baselineText(makeBaseline(graph, entries)));
    (values.json ? io.err : io.out)(`baseline of ${entries.length} test(s) saved to ${values['save-baseline']}`);
  }
  if (baseline) {
    const comparison = compareBaseline(baseline, { graph, entries }, slowerThan !== undefined ? { slowerThan } : {});
    if (values.json) io.out(JSON.stringify({ comparison }));
    else for (const line of comparisonLines(comparison, values.baseline!)) io.out(line);
    if (comparison.regressions > 0) return EXIT.findings;
  }
  return summary.failed > 0 || problems > 0 ? EXIT.findings : EXIT.ok;
}

interface PinnedTest {
  /** Absolute path of the plan file (pins are relative to it). */
  readonly path: string;
  readonly file: string;
  readonly line: number;
  readonly plan: Parameters<typeof runPlanTest>[1];
  /** Its `graph "…"` line, else its folder's kgrag.testing.graphs entry. */
  readonly pin: TestPin | undefined;
}

/**
 * Without --db/--neo4j every test must be pinned to a database folder (relative to its plan file,
 * or to the workspace folder for a kgrag.testing.graphs pin):
 * the tests run against their own graphs, one session per folder, in the order first met.
 */
function groupsByPinnedFolder(tests: readonly PinnedTest[], io: CliIO): { spec: StoreSpec; tests: PinnedTest[] }[] {
  const groups = new Map<string, { spec: StoreSpec; tests: PinnedTest[] }>();
  for (const t of tests) {
    const pin = t.pin;
    if (pin === undefined) throw new UsageError(`${t.file}:${t.line}: plan ${t.plan.name} is not pinned to a graph (no 'graph' line, no kgrag.testing.graphs folder): give --db <folder> or --neo4j <uri>\n${USAGE}`);
    const folder = pinnedFolder(pin);
    if (!databaseExists(folder)) throw new UsageError(`${t.file}:${t.line}: the pinned graph "${pin.graph}" is not a database folder (${relative(io.cwd, folder) || folder} holds no database): give --db <folder> or --neo4j <uri>`);
    let group = groups.get(folder);
    if (!group) groups.set(folder, (group = { spec: { kind: 'embedded', folder, readOnly: true }, tests: [] }));
    group.tests.push(t);
  }
  return [...groups.values()];
}
