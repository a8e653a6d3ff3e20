/**
 * The Test Explorer: every plan with `expect` in the workspace's .kgp files is a test. Judged by
 * src/core/testing (the same code as `kgrag test`): pass/fail, retrieved answers, Hits@k.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { graphInUseOf, isPlanTest, pinVerdict, runPlanTest, summarizePlanTests, summaryLine, testPin, type PlanTestOutcome } from '../../core/testing';
import type { PlanningGraph } from '../../core/plan';
import { showRetrievalResult } from '../inspector';
import type { Connection } from '../graph/connection';
import { documentPlans, toVsRange } from '../language/requests';
import { requireTrust } from '../platform/trust';
import { strategySettings } from './planRunner';

const planOf = new WeakMap<vscode.TestItem, PlanningGraph>();

export interface PlanTestRunSummary {
  readonly passed: number;
  readonly failed: number;
  readonly line: string;
  readonly outcomes: readonly (PlanTestOutcome & { readonly uri: string })[];
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
  const { plans } = await documentPlans({ uri, getText: () => text });
  if (asked.get(uri.toString()) !== ticket) return;
  // A plan with syntax errors in it is not a test (it could not run).
  const tests = plans.filter((p) => isPlanTest(p.graph) && p.errors.length === 0).map((p) => ({ plan: p.graph, range: p.range, ...(p.nameRange ? { nameRange: p.nameRange } : {}) }));
  if (tests.length === 0) {
    ctrl.items.delete(uri.toString());
    return;
  }
  const file = fileItem(ctrl, uri);
  const children = tests.map((t) => {
    const item = ctrl.createTestItem(`${uri.toString()}#${t.plan.name}`, t.plan.name, uri);
    item.range = toVsRange(t.nameRange ?? t.range);
    item.description = `expect ${t.plan.expect.map((e) => JSON.stringify(e)).join(', ')}`;
    planOf.set(item, t.plan);
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

async function runTests(ctrl: vscode.TestController, connection: Connection, log: vscode.LogOutputChannel, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<PlanTestRunSummary | undefined> {
  const run = ctrl.createTestRun(request, 'KG-RAG plan tests');
  const items = collect(ctrl, request);
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  const outcomes: (PlanTestOutcome & { uri: string })[] = [];
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
    for (const item of items) {
      if (token.isCancellationRequested) {
        run.skipped(item);
        continue;
      }
      const plan = planOf.get(item)!;
      // A test pinned to another graph (`graph "…"`) is skipped with why, never run on the wrong data.
      const pin = pinVerdict(testPin(plan.graphRef, item.uri?.fsPath ?? ''), inUse);
      if (pin.kind === 'skip') {
        run.appendOutput(`SKIPPED ${plan.name}: ${pin.reason}\r\n`, item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined, item);
        run.skipped(item);
        continue;
      }
      run.started(item);
      const t0 = Date.now();
      let tested;
      try {
        tested = await runPlanTest(connected.session, plan, { signal: controller.signal, settings: strategySettings(item.uri, log) });
      } catch {
        run.skipped(item); // cancelled mid-run
        continue;
      }
      const { outcome, result } = tested;
      outcomes.push({ ...outcome, uri: item.uri?.toString() ?? '' });
      const duration = result?.timings.totalMs ?? Date.now() - t0;
      run.appendOutput(`${outcome.status.toUpperCase()} ${plan.name}: ${outcome.message}\r\n`, item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined, item);
      if (outcome.status === 'passed') run.passed(item, duration);
      else {
        const message = vscode.TestMessage.diff(outcome.message, plan.expect.join('\n'), outcome.answers.join('\n'));
        if (item.uri && item.range) message.location = new vscode.Location(item.uri, item.range);
        if (outcome.status === 'errored') run.errored(item, message, duration);
        else run.failed(item, message, duration);
      }
      // The last test's result stays in the inspector for a closer look.
      if (result && items.length === 1) showRetrievalResult(result, { source: { uri: item.uri?.toString(), label: item.label }, preserveFocus: true });
    }
  } finally {
    run.end();
  }
  const s = summarizePlanTests(outcomes);
  lastRun = { passed: s.passed, failed: s.failed, line: summaryLine(s), outcomes };
  log.info(`plan tests: ${lastRun.line} (Hits@1 ${s.hitsAt1.toFixed(2)}, Hits@k ${s.hitsAtK.toFixed(2)})`);
  return lastRun;
}

export function registerTestController(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  const ctrl = vscode.tests.createTestController('kgrag.planTests', 'KG-RAG Plan Tests');
  ctrl.resolveHandler = async (item) => {
    if (!item) await discoverAll(ctrl);
  };
  ctrl.refreshHandler = () => discoverAll(ctrl);
  // Tests show in the Testing view without opening every file (findFiles + the server compiles each).
  void discoverAll(ctrl).catch((e: unknown) => log.warn(`plan test discovery: ${e instanceof Error ? e.message : String(e)}`));
  ctrl.createRunProfile('Run plan tests', vscode.TestRunProfileKind.Run, (request, token) => runTests(ctrl, connection, log, request, token).then(() => undefined), true);
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.kgp');
  const reread = async (uri: vscode.Uri) => {
    if (/[\\/](node_modules|\.kgrag)[\\/]/.test(uri.fsPath)) return;
    try {
      await updateFromText(ctrl, uri, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      ctrl.items.delete(uri.toString());
    }
  };
  context.subscriptions.push(
    ctrl,
    watcher,
    watcher.onDidCreate(reread),
    watcher.onDidChange(reread),
    watcher.onDidDelete((uri) => ctrl.items.delete(uri.toString())),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId === 'kgplan' && e.document.uri.scheme === 'file') void updateFromText(ctrl, e.document.uri, e.document.getText()).catch(() => undefined);
    }),
    registerCommand('kgrag.runAllPlanTests', async () => {
      await discoverAll(ctrl);
      const cts = new vscode.CancellationTokenSource();
      try {
        return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'KG-RAG: running plan tests', cancellable: true }, (_p, token) => {
          token.onCancellationRequested(() => cts.cancel());
          return runTests(ctrl, connection, log, new vscode.TestRunRequest(undefined, undefined, undefined), cts.token);
        });
      } finally {
        cts.dispose();
      }
    }),
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
