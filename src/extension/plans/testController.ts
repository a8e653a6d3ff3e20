/**
 * The Test Explorer: every plan with `expect` in the workspace's .kgp files is a test. Judged by
 * src/core/testing (the same code as `kgrag test`): pass/fail, retrieved answers, Hits@k; pinned
 * tests (`graph "…"`, `kgrag.testing.graphs`) skipped on another graph; compared with a baseline
 * (testBaseline.ts) when one is set or asked for.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { baselineEntry, compareBaseline, comparisonLines, graphInUseOf, isPlanTest, pinVerdict, regressionMessage, restrictBaseline, runPlanTest, summarizePlanTests, summaryLine, testPin, type BaselineComparison, type BaselineEntry, type BaselineGraph, type PlanChange, type PlanTestOutcome } from '../../core/testing';
import type { PlanningGraph } from '../../core/plan';
import { showRetrievalResult } from '../inspector';
import type { Connection } from '../graph/connection';
import { documentPlans, toVsRange } from '../language/requests';
import { placementSettings, testingGraphPins } from '../platform/config';
import { requireTrust } from '../platform/trust';
import { strategySettings } from './planRunner';
import { baselineForRun, registerBaselineCommands, type BaselineAction } from './testBaseline';

interface PlanTestItem {
  readonly plan: PlanningGraph;
  /** The plan's `expect` clause: where a failure is anchored. */
  readonly expect?: vscode.Range;
  /** The relation aliases of the plan's schema (its `schema "…"` line, else kgrag.schema.path). */
  readonly relationAliases: ReadonlyMap<string, readonly string[]>;
}
const planOf = new WeakMap<vscode.TestItem, PlanTestItem>();

/** What the run reported for one test, exactly as the Test Explorer got it (the tests read it). */
export interface ReportedTest {
  /** `file:plan`, the file relative to its workspace folder: the id a baseline pairs tests by. */
  readonly id: string;
  readonly uri: string;
  readonly plan: string;
  readonly state: 'passed' | 'failed' | 'errored' | 'skipped';
  readonly message: string;
  /** 1-based line the message is anchored at (the plan's `expect` line). */
  readonly line?: number;
}

export interface PlanTestRunSummary {
  readonly passed: number;
  readonly failed: number;
  /** Tests skipped because they are pinned to another graph than the connected one. */
  readonly skipped: number;
  readonly line: string;
  readonly outcomes: readonly (PlanTestOutcome & { readonly uri: string })[];
  readonly reported: readonly ReportedTest[];
  /** The comparison with the baseline, when the run had one. */
  readonly baseline?: { readonly file: string; readonly regressions: number; readonly changed: number; readonly lines: readonly string[] };
}

/** What a run recorded for a baseline: the graph and one entry per test that ran. */
export interface RunRecord {
  readonly summary: PlanTestRunSummary;
  readonly graph: BaselineGraph;
  readonly entries: readonly BaselineEntry[];
  readonly comparison?: BaselineComparison;
}

export interface TestRunContext {
  readonly ctrl: vscode.TestController;
  readonly connection: Connection;
  readonly log: vscode.LogOutputChannel;
  /** "KG-RAG Plan Tests": skips, summaries and baseline comparisons, line by line as `kgrag test` prints them. */
  readonly output: vscode.OutputChannel;
}

let lastRun: PlanTestRunSummary | undefined;

function fileItem(ctrl: vscode.TestController, uri: vscode.Uri): vscode.TestItem {
  const id = uri.toString();
  const existing = ctrl.items.get(id);
  if (existing) return existing;
  const item = ctrl.createTestItem(id, vscode.workspace.asRelativePath(uri), uri);
  ctrl.items.add(item);
  return item;
}

/** (Re)reads one file's plan tests (the language server compiles them); a file without any leaves the tree. */
const asked = new Map<string, number>();
async function updateFromText(ctrl: vscode.TestController, uri: vscode.Uri, text: string): Promise<void> {
  // Answers may come back out of order while typing: only the latest question's answer counts.
  const ticket = (asked.get(uri.toString()) ?? 0) + 1;
  asked.set(uri.toString(), ticket);
  const { plans, relationAliases } = await documentPlans({ uri, getText: () => text });
  if (asked.get(uri.toString()) !== ticket) return;
  // A plan with syntax errors in it is not a test (it could not run).
  const tests = plans.filter((p) => isPlanTest(p.graph) && p.errors.length === 0);
  if (tests.length === 0) {
    ctrl.items.delete(uri.toString());
    return;
  }
  const file = fileItem(ctrl, uri);
  const children = tests.map((t) => {
    const item = ctrl.createTestItem(`${uri.toString()}#${t.graph.name}`, t.graph.name, uri);
    item.range = toVsRange(t.nameRange ?? t.range);
    item.description = `expect ${t.graph.expectAllTies ? 'all ties ' : ''}${t.graph.expect.map((e) => JSON.stringify(e)).join(', ')}`;
    // The schema's relation aliases, resolved by the language server as for Run (one rule for both).
    planOf.set(item, { plan: t.graph, relationAliases, ...(t.expectRange ? { expect: toVsRange(t.expectRange) } : {}) });
    return item;
  });
  file.children.replace(children);
}

async function discoverAll(ctrl: vscode.TestController): Promise<void> {
  for (const uri of await vscode.workspace.findFiles('**/*.kgp', '**/{node_modules,.kgrag}/**')) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    await updateFromText(ctrl, uri, text);
  }
}

function collect(ctrl: vscode.TestController, request: vscode.TestRunRequest): vscode.TestItem[] {
  const out: vscode.TestItem[] = [];
  const excluded = new Set((request.exclude ?? []).map((i) => i.id));
  const visit = (item: vscode.TestItem) => {
    if (excluded.has(item.id)) return;
    if (planOf.has(item)) out.push(item);
    item.children.forEach(visit);
  };
  if (request.include) request.include.forEach(visit);
  else ctrl.items.forEach(visit);
  return out;
}

/** The pin of a test: its file's `graph "…"` line, else its folder's `kgrag.testing.graphs` entry. */
function pinOf(item: vscode.TestItem, plan: PlanningGraph) {
  const uri = item.uri;
  const folder = uri ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  return testPin(plan.graphRef, uri?.fsPath ?? '', uri && folder ? { workspaceFolder: folder.uri.fsPath, graphs: testingGraphPins(uri) } : undefined);
}

/**
 * Runs the requested plan tests on the connected graph and reports each to the Test Explorer. With
 * a baseline to compare (the setting, or Compare Tests with Baseline), a test that regressed fails
 * with what changed at its `expect` line, even when its own `expect` still holds.
 */
export async function runTests(context: TestRunContext, request: vscode.TestRunRequest, token: vscode.CancellationToken, action: BaselineAction): Promise<RunRecord | undefined> {
  const { ctrl, connection, log, output } = context;
  const run = ctrl.createTestRun(request, 'KG-RAG plan tests');
  const items = collect(ctrl, request);
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  const outcomes: (PlanTestOutcome & { uri: string })[] = [];
  const reported: ReportedTest[] = [];
  const entries: BaselineEntry[] = [];
  const skippedIds = new Set<string>();
  let graph: BaselineGraph = { description: '' };
  const report = (item: vscode.TestItem, id: string, state: ReportedTest['state'], message: string, at?: vscode.Range) => {
    reported.push({ id, uri: item.uri?.toString() ?? '', plan: item.label, state, message, ...(at ? { line: at.start.line + 1 } : {}) });
  };
  try {
    if (!requireTrust('Running plan tests')) {
      for (const item of items) run.skipped(item);
      return undefined;
    }
    items.forEach((i) => run.enqueued(i));
    let connected;
    try {
      connected = await connection.ensure(controller.signal);
    } catch (e) {
      const message = new vscode.TestMessage(`cannot open the graph: ${e instanceof Error ? e.message : String(e)}`);
      for (const item of items) run.errored(item, message);
      return undefined;
    }
    const inUse = graphInUseOf(connected.graph.spec);
    if (action.kind !== 'none') {
      try {
        graph = { description: connected.session.store.description, fingerprint: (await connected.session.snapshot(controller.signal)).data.fingerprint };
      } catch {
        graph = { description: connected.session.store.description };
      }
    }
    output.appendLine(`— plan tests on ${connected.graph.label} (${new Date().toLocaleString()})`);
    for (const item of items) {
      const { plan, expect, relationAliases } = planOf.get(item)!;
      const file = item.uri ? vscode.workspace.asRelativePath(item.uri) : item.label;
      const id = `${file}:${plan.name}`;
      const at = expect ?? item.range;
      const where = item.uri && at ? new vscode.Location(item.uri, at) : undefined;
      const line = (at?.start.line ?? 0) + 1;
      if (token.isCancellationRequested) {
        run.skipped(item);
        skippedIds.add(id);
        continue;
      }
      // A test pinned to another graph is skipped with why, never run on the wrong data.
      const pin = pinVerdict(pinOf(item, plan), inUse);
      if (pin.kind === 'skip') {
        run.appendOutput(`SKIPPED ${plan.name}: ${pin.reason}\r\n`, where, item);
        output.appendLine(`SKIP  ${file}:${line} ${plan.name} — ${pin.reason}`);
        run.skipped(item);
        skippedIds.add(id);
        report(item, id, 'skipped', pin.reason, at);
        continue;
      }
      run.started(item);
      const t0 = Date.now();
      let tested;
      try {
        tested = await runPlanTest(connected.session, plan, { signal: controller.signal, id, settings: strategySettings(item.uri, log), ...(relationAliases.size > 0 ? { relationAliases } : {}), ...placementSettings(item.uri) });
      } catch {
        run.skipped(item); // cancelled mid-run
        skippedIds.add(id);
        continue;
      }
      const { outcome, result } = tested;
      outcomes.push({ ...outcome, uri: item.uri?.toString() ?? '' });
      const entry = baselineEntry(file, line, outcome, result);
      entries.push(entry);
      const regression = action.kind === 'compare' ? regressionOf(action, graph, entry) : undefined;
      const duration = result?.timings.totalMs ?? Date.now() - t0;
      run.appendOutput(`${outcome.status.toUpperCase()} ${plan.name}: ${outcome.message}\r\n`, where, item);
      output.appendLine(`${outcome.status === 'passed' ? 'PASS' : outcome.status === 'errored' ? 'ERROR' : 'FAIL'}  ${file}:${line} ${plan.name} — ${outcome.message}`);
      const regressed = regression && action.kind === 'compare' ? regressionMessage(regression, action.file) : undefined;
      if (regressed) run.appendOutput(`REGRESSED ${plan.name}: ${regressed}\r\n`, where, item);
      if (outcome.status === 'passed' && !regressed) {
        run.passed(item, duration);
        report(item, id, 'passed', outcome.message, at);
      } else {
        const text = outcome.status === 'passed' ? regressed! : regressed ? `${outcome.message}\n${regressed}` : outcome.message;
        const message = outcome.status === 'passed' ? new vscode.TestMessage(text) : vscode.TestMessage.diff(text, plan.expect.join('\n'), outcome.answers.join('\n'));
        if (where) message.location = where;
        if (outcome.status === 'errored') run.errored(item, message, duration);
        else run.failed(item, message, duration);
        report(item, id, outcome.status === 'errored' ? 'errored' : 'failed', text, at);
      }
      // The last test's result stays in the inspector for a closer look.
      if (result && items.length === 1) showRetrievalResult(result, { source: { uri: item.uri?.toString(), label: item.label }, preserveFocus: true });
    }
  } finally {
    run.end();
  }
  // The whole comparison for the summary: the baseline's tests that were not asked for or were skipped are not "removed".
  const ran = new Set(entries.map((e) => e.id));
  const comparison =
    action.kind === 'compare' && entries.length > 0
      ? compareBaseline(restrictBaseline(action.baseline, (id) => (request.include ? ran.has(id) : !skippedIds.has(id))), { graph, entries }, action.slowerThan !== undefined ? { slowerThan: action.slowerThan } : {})
      : undefined;
  const s = summarizePlanTests(outcomes);
  const skipped = reported.filter((r) => r.state === 'skipped').length;
  const summary: PlanTestRunSummary = {
    passed: s.passed,
    failed: s.failed,
    skipped,
    line: summaryLine(s) + (skipped > 0 ? `, ${skipped} skipped (pinned to another graph)` : ''),
    outcomes,
    reported,
    ...(comparison && action.kind === 'compare' ? { baseline: { file: action.file, regressions: comparison.regressions, changed: comparison.changed, lines: comparisonLines(comparison, action.file) } } : {}),
  };
  lastRun = summary;
  output.appendLine(summary.line);
  for (const l of summary.baseline?.lines ?? []) output.appendLine(l);
  log.info(`plan tests: ${summary.line} (Hits@1 ${s.hitsAt1.toFixed(2)}, Hits@k ${s.hitsAtK.toFixed(2)})${summary.baseline ? `; ${summary.baseline.lines.at(-1)}` : ''}`);
  return { summary, graph, entries, ...(comparison ? { comparison } : {}) };
}

/** One test's regression against the baseline (absent: unchanged, only changed, or new). */
function regressionOf(action: Extract<BaselineAction, { kind: 'compare' }>, graph: BaselineGraph, entry: BaselineEntry): PlanChange | undefined {
  const change = compareBaseline(restrictBaseline(action.baseline, (id) => id === entry.id), { graph, entries: [entry] }, action.slowerThan !== undefined ? { slowerThan: action.slowerThan } : {}).changes[0];
  return change?.kind === 'regressed' ? change : undefined;
}

export function registerTestController(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  const ctrl = vscode.tests.createTestController('kgrag.planTests', 'KG-RAG Plan Tests');
  const output = vscode.window.createOutputChannel('KG-RAG Plan Tests');
  const runContext: TestRunContext = { ctrl, connection, log, output };
  ctrl.resolveHandler = async (item) => {
    if (!item) await discoverAll(ctrl);
  };
  ctrl.refreshHandler = () => discoverAll(ctrl);
  // Tests show in the Testing view without opening every file (findFiles + the server compiles each).
  void discoverAll(ctrl).catch((e: unknown) => log.warn(`plan test discovery: ${e instanceof Error ? e.message : String(e)}`));
  // An ordinary run compares with kgrag.testing.baseline when it is set.
  ctrl.createRunProfile('Run plan tests', vscode.TestRunProfileKind.Run, (request, token) => runTests(runContext, request, token, baselineForRun(output)).then(() => undefined), true);
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.kgp');
  const reread = async (uri: vscode.Uri) => {
    if (/[\\/](node_modules|\.kgrag)[\\/]/.test(uri.fsPath)) return;
    try {
      await updateFromText(ctrl, uri, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      ctrl.items.delete(uri.toString());
    }
  };
  /** Runs every plan test of the workspace with a progress notification (the commands). */
  const runAll = async (action: BaselineAction): Promise<RunRecord | undefined> => {
    await discoverAll(ctrl);
    const cts = new vscode.CancellationTokenSource();
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'KG-RAG: running plan tests', cancellable: true }, (_p, token) => {
        token.onCancellationRequested(() => cts.cancel());
        return runTests(runContext, new vscode.TestRunRequest(undefined, undefined, undefined), cts.token, action);
      });
    } finally {
      cts.dispose();
    }
  };
  context.subscriptions.push(
    ctrl,
    output,
    watcher,
    watcher.onDidCreate(reread),
    watcher.onDidChange(reread),
    watcher.onDidDelete((uri) => ctrl.items.delete(uri.toString())),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId === 'kgplan' && e.document.uri.scheme === 'file') void updateFromText(ctrl, e.document.uri, e.document.getText()).catch(() => undefined);
    }),
    // A plan file opened in an editor is (re)read at once: file watcher events can come late or
    // not at all (a file written just before, a folder the watcher does not cover).
    vscode.workspace.onDidOpenTextDocument((d) => {
      if (d.languageId === 'kgplan' && d.uri.scheme === 'file') void updateFromText(ctrl, d.uri, d.getText()).catch(() => undefined);
    }),
    registerCommand('kgrag.runAllPlanTests', async () => (await runAll(baselineForRun(output)))?.summary),
    ...registerBaselineCommands(runAll, output),
    // Internal: what the Test Explorer holds and the last run's outcomes (tests, bug reports).
    registerCommand('kgrag.tests._state', () => {
      const items: { id: string; label: string; children: string[] }[] = [];
      ctrl.items.forEach((f) => {
        const children: string[] = [];
        f.children.forEach((c) => children.push(c.label));
        items.push({ id: f.id, label: f.label, children });
      });
      return { items, lastRun };
    }),
  );
}
