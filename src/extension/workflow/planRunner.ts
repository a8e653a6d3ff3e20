/**
 * Run, Explain, Profile and Inspect a plan: the CodeLens commands. Every run is cancellable and
 * the signal goes into the engine and the store. Results go to the inspector panel.
 */
import * as vscode from 'vscode';
import type { PlanningGraph } from '../../core/plan/planningGraph';
import type { RetrievalResult } from '../../core/retrieve/result';
import { setRevealHandler, showRetrievalResult } from '../inspector';
import type { Connection } from './connection';
import { withCancellableProgress } from './operations';
import { errorsIn, planAt, plansOf, toVsRange } from './plans';
import { requireTrust } from './trust';
import { relationAliasesFor } from '../schemaAliases';

export type PlanAction = 'run' | 'explain' | 'profile' | 'inspect';
export const PLAN_ACTIONS: readonly PlanAction[] = ['run', 'explain', 'profile', 'inspect'];
const TITLES: Record<PlanAction, string> = { run: 'Run', explain: 'Explain', profile: 'Profile', inspect: 'Inspect' };

let last: RetrievalResult | undefined;

/** The last result a plan action produced (tests and "show again"). */
export function lastResult(): RetrievalResult | undefined {
  return last;
}

/**
 * Runs a plan (already parsed and checked) and shows the result. Explain/Profile compile it to
 * Cypher (the cypher strategy) and ask the store for the plan tree of that query.
 */
export async function executePlan(
  plan: PlanningGraph,
  action: PlanAction,
  connection: Connection,
  log: vscode.LogOutputChannel,
  source: { uri?: string; label?: string } = {},
): Promise<RetrievalResult | undefined> {
  if (!requireTrust('Running plans')) return undefined;
  const result = await withCancellableProgress(`${TITLES[action]} ${plan.name}`, log, async (signal, report) => {
    const c = await connection.ensure(signal, report);
    // The schema file the plan names lends its aliases to relation matching (docs/matching.md).
    const aliases = source.uri ? await vscode.workspace.openTextDocument(vscode.Uri.parse(source.uri)).then(relationAliasesFor, () => undefined) : undefined;
    const relationAliases = aliases && aliases.size > 0 ? { relationAliases: aliases } : {};
    report(action === 'explain' || action === 'profile' ? 'compiling to Cypher' : 'retrieving');
    // Explain never runs the query; Profile has to (PROFILE executes it) and shows its answers too.
    return c.session.run(plan, { mode: action === 'inspect' ? 'run' : action, signal, ...relationAliases });
  }).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`${TITLES[action]} ${plan.name} failed: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: ${TITLES[action]} ${plan.name} failed: ${message}`, 'Choose Graph', 'Show Log').then((choice) => {
      if (choice === 'Choose Graph') void vscode.commands.executeCommand('kgrag.chooseGraph');
      if (choice === 'Show Log') log.show();
    });
    return undefined;
  });
  if (!result) return undefined;
  last = result;
  const answers = result.answers.slice(0, 5).map((a) => a.value).join(', ');
  log.info(`${TITLES[action]} ${plan.name}: ${result.answers.length} answer(s) in ${result.timings.totalMs.toFixed(0)} ms${answers ? ` — ${answers}` : ''}`);
  showRetrievalResult(result, {
    source,
    ...(action === 'explain' || action === 'profile' ? { view: 'cypher' as const } : {}),
    preserveFocus: action !== 'inspect',
  });
  void vscode.window.setStatusBarMessage(`KG-RAG ${plan.name}: ${result.answers.length} answer(s)${answers ? ` — ${answers}` : ''}`, 8000);
  return result;
}

/** Finds the plan (by name, else at the cursor) in a document and runs it. */
export async function runPlanCommand(action: PlanAction, connection: Connection, log: vscode.LogOutputChannel, uriArg?: string | vscode.Uri, planName?: string): Promise<RetrievalResult | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg ?? editor?.document.uri;
  if (!uri) {
    void vscode.window.showWarningMessage('KG-RAG: open a .kgp file to run one of its plans.');
    return undefined;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  const { plans, diagnostics } = plansOf(doc.getText());
  let compiled = planName !== undefined ? plans.find((p) => p.graph.name === planName) : planAt(plans, editor?.document.uri.toString() === uri.toString() ? editor.selection.active : undefined);
  if (!compiled && planName === undefined && plans.length > 1) {
    const picked = await vscode.window.showQuickPick(plans.map((p) => ({ label: p.graph.name, description: p.graph.question ?? '', plan: p })), { title: `KG-RAG: ${TITLES[action]} which plan?` });
    compiled = picked?.plan;
    if (!compiled) return undefined;
  }
  if (!compiled) {
    void vscode.window.showWarningMessage(planName !== undefined ? `KG-RAG: no plan named ${planName} in ${vscode.workspace.asRelativePath(uri)}.` : 'KG-RAG: this file has no plan to run.');
    return undefined;
  }
  const errors = errorsIn(compiled, diagnostics);
  if (errors.length > 0) {
    void vscode.window.showErrorMessage(`KG-RAG: plan ${compiled.graph.name} has ${errors.length} error(s): ${errors[0]!.message}`, 'Show Problems').then((c) => c && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  return executePlan(compiled.graph, action, connection, log, { uri: uri.toString(), label: vscode.workspace.asRelativePath(uri) });
}

class PlanCodeLenses implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  refresh(): void {
    this.changed.fire();
  }
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const { plans } = plansOf(document.getText());
    return plans.flatMap((p) => {
      const at = toVsRange(p.source.name ?? p.source.plan);
      const range = new vscode.Range(at.start, at.start);
      if (!vscode.workspace.isTrusted) return [new vscode.CodeLens(range, { title: '$(shield) Restricted Mode: trust the workspace to run plans', command: 'workbench.trust.manage' })];
      return PLAN_ACTIONS.map(
        (action) =>
          new vscode.CodeLens(range, {
            title: action === 'run' ? `$(play) ${TITLES[action]}` : TITLES[action],
            tooltip: `${TITLES[action]} plan ${p.graph.name} on the active graph`,
            command: `kgrag.${action}Plan`,
            arguments: [document.uri.toString(), p.graph.name],
          }),
      );
    });
  }
}

/** Inspector → editor: a variable or edge of a result revealed through the DSL source map. */
async function revealFromSourceMap(request: { plan: string; variable?: string; edgeId?: string; source?: { uri?: string } }): Promise<vscode.Location | undefined> {
  if (!request.source?.uri) return undefined;
  let doc: vscode.TextDocument;
  try {
    doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(request.source.uri));
  } catch {
    return undefined;
  }
  const plan = plansOf(doc.getText()).plans.find((p) => p.graph.name === request.plan);
  const range = request.variable !== undefined ? plan?.source.variables.get(request.variable) : request.edgeId !== undefined ? plan?.source.edges.get(request.edgeId) : undefined;
  return range ? new vscode.Location(doc.uri, toVsRange(range)) : undefined;
}

export function registerPlanRunner(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  const lenses = new PlanCodeLenses();
  setRevealHandler(revealFromSourceMap);
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider({ language: 'kgplan' }, lenses),
    vscode.workspace.onDidGrantWorkspaceTrust(() => lenses.refresh()),
    { dispose: () => setRevealHandler(undefined) },
    ...PLAN_ACTIONS.map((action) =>
      vscode.commands.registerCommand(`kgrag.${action}Plan`, (uri?: string | vscode.Uri, plan?: string) => runPlanCommand(action, connection, log, uri, plan)),
    ),
    vscode.commands.registerCommand('kgrag._lastResult', () => lastResult()),
  );
}
