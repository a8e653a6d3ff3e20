/**
 * Run, Explain, Profile and Inspect a plan: the CodeLens commands. Every run is cancellable and
 * the signal goes into the engine and the store. Results go to the inspector panel.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { PlanningGraph } from '../../core/plan';
import { describeRunStage } from '../../core/session';
import { printPlanningGraph } from '../../core/dsl';
import type { RelationAliases } from '../../core/retrieve';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { StrategySettings } from '../../core/session';
import { answersView, explanationView } from '../../contracts/inspector/views';
import { setActiveGraph, setRevealHandler, showRetrievalResult, showRunProgress, type ShowOptions } from '../inspector';
import { documentPlans, planAt, toVsRange, type PlanOfDocument } from '../language/requests';
import type { Connection } from '../graph/connection';
import { withCancellableProgress } from '../platform/operations';
import { placementSettings, retrievalSettings } from '../platform/config';
import { requireTrust } from '../platform/trust';

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
  /** The aliases of the schema the plan's document uses (documentPlans answers them). */
  aliases?: RelationAliases,
  /** Shown with the result: the grounding behind a planned question, and the view to bring forward. */
  shown: Pick<ShowOptions, 'grounding' | 'view'> = {},
): Promise<RetrievalResult | undefined> {
  if (!requireTrust('Running plans')) return undefined;
  const title = `${TITLES[action]} ${plan.name}`;
  // Where a run's time goes (logged with its result): each stage with the ms since the command began.
  const began = performance.now();
  const timeline: string[] = [];
  // The inspector opens now, not with the result: its page loads while the graph opens and the run works.
  showRunProgress(title, 'starting', { preserveFocus: action !== 'inspect' });
  const ran = await withCancellableProgress(title, log, async (signal, reportProgress) => {
    // Every stage goes to the notification and to the open inspector (over the previous result).
    const report = (message: string): void => {
      timeline.push(`${(performance.now() - began).toFixed(0)} ms ${message}`);
      reportProgress(message);
      showRunProgress(title, message);
    };
    if (!connection.connected) report(`opening ${connection.activeGraph().label}`);
    const c = await connection.ensure(signal, report);
    // The schema file the plan names lends its aliases to relation matching (docs/matching.md).
    const relationAliases = aliases && aliases.size > 0 ? { relationAliases: aliases } : {};
    // Explain never runs the query; Profile has to (PROFILE executes it) and shows its answers too.
    const settings = strategySettings(source.uri !== undefined ? vscode.Uri.parse(source.uri) : undefined, log);
    const result = await c.session.run(plan, { mode: action === 'inspect' ? 'run' : action, signal, settings, ...placementSettings(source.uri !== undefined ? vscode.Uri.parse(source.uri) : undefined), onStage: (s) => report(describeRunStage(s)), ...relationAliases });
    return { result, fingerprint: await c.session.fingerprint(signal).catch(() => undefined) };
  }).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`${TITLES[action]} ${plan.name} failed: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: ${TITLES[action]} ${plan.name} failed: ${message}`, 'Choose Graph', 'Show Log').then((choice) => {
      if (choice === 'Choose Graph') void vscode.commands.executeCommand('kgrag.chooseGraph');
      if (choice === 'Show Log') log.show();
    });
    return undefined;
  });
  if (!ran) {
    showRunProgress(title, null);
    return undefined;
  }
  const { result, fingerprint } = ran;
  last = result;
  // The graph's data may have changed since it opened (an import): older results become stale.
  if (fingerprint !== undefined) setActiveGraph(result.store.description, fingerprint);
  const answers = result.answers.slice(0, 5).map((a) => a.value).join(', ');
  log.info(`${TITLES[action]} ${plan.name} (${result.strategy}): ${result.answers.length} answer(s) in ${result.timings.totalMs.toFixed(0)} ms${answers ? ` — ${answers}` : ''}`);
  showRetrievalResult(result, {
    source,
    // Run opens on the answers, Inspect on why (GSD terms, trajectory, trace, the Cypher); Explain/Profile on the plan.
    ...(action === 'explain' || action === 'profile' ? { view: 'cypher' as const } : { view: action === 'inspect' ? explanationView(result) : answersView(result) }),
    ...shown,
    preserveFocus: action !== 'inspect',
    graph: { description: result.store.description, ...(fingerprint !== undefined ? { fingerprint } : {}) },
    planText: printPlanningGraph(plan),
    expect: plan.expect,
  });
  showRunProgress(title, null);
  timeline.push(`${(performance.now() - began).toFixed(0)} ms sent to the inspector`);
  log.info(`${title} timeline: ${timeline.join(' · ')}`);
  // Which strategy answered: Explain/Profile of another strategy's plan ran the Cypher, not the plan's own run.
  const by = result.strategy !== plan.strategy.kind ? ` (${TITLES[action]}: ${result.strategy}, not ${plan.strategy.kind})` : '';
  void vscode.window.setStatusBarMessage(`KG-RAG ${plan.name}${by}: ${result.answers.length} answer(s)${answers ? ` — ${answers}` : ''}`, 8000);
  return result;
}

const reportedSettingProblems = new Set<string>();

/** The retrieval settings for a plan's file; a value of the wrong type is logged (once) and left out. */
export function strategySettings(scope: vscode.Uri | undefined, log: vscode.LogOutputChannel): StrategySettings {
  const { settings, problems } = retrievalSettings(scope);
  for (const p of problems) {
    if (reportedSettingProblems.has(p)) continue;
    reportedSettingProblems.add(p);
    log.warn(p);
    void vscode.window.showWarningMessage(`KG-RAG: ${p}`);
  }
  return settings;
}

/** A plan of a document, compiled without errors, with what running it needs. */
export interface ResolvedPlan {
  readonly plan: PlanningGraph;
  readonly source: { uri: string; label: string };
  readonly relationAliases: RelationAliases;
}

/** Finds the plan (by name, else at the cursor, else asks) in a document; says why when there is none to run. */
export async function resolvePlan(title: string, uriArg?: string | vscode.Uri, planName?: string): Promise<ResolvedPlan | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg ?? editor?.document.uri;
  if (!uri) {
    void vscode.window.showWarningMessage('KG-RAG: open a .kgp file to run one of its plans.');
    return undefined;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  const { plans, relationAliases } = await documentPlans(doc);
  let compiled = planName !== undefined ? plans.find((p) => p.graph.name === planName) : planAt(plans, editor?.document.uri.toString() === uri.toString() ? editor.selection.active : undefined);
  if (!compiled && planName === undefined && plans.length > 1) {
    const picked = await vscode.window.showQuickPick(plans.map((p) => ({ label: p.graph.name, description: p.graph.question ?? '', plan: p })), { title: `KG-RAG: ${title} which plan?` });
    compiled = picked?.plan;
    if (!compiled) return undefined;
  }
  if (!compiled) {
    void vscode.window.showWarningMessage(planName !== undefined ? `KG-RAG: no plan named ${planName} in ${vscode.workspace.asRelativePath(uri)}.` : 'KG-RAG: this file has no plan to run.');
    return undefined;
  }
  const errors = compiled.errors;
  if (errors.length > 0) {
    void vscode.window.showErrorMessage(`KG-RAG: plan ${compiled.graph.name} has ${errors.length} error(s): ${errors[0]!.message}`, 'Show Problems').then((c) => c && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  return { plan: compiled.graph, source: { uri: uri.toString(), label: vscode.workspace.asRelativePath(uri) }, relationAliases };
}

/** Finds the plan (by name, else at the cursor) in a document and runs it. */
export async function runPlanCommand(action: PlanAction, connection: Connection, log: vscode.LogOutputChannel, uriArg?: string | vscode.Uri, planName?: string): Promise<RetrievalResult | undefined> {
  const began = performance.now();
  const resolved = await resolvePlan(TITLES[action], uriArg, planName);
  if (!resolved) return undefined;
  log.info(`${TITLES[action]} ${resolved.plan.name}: plan compiled by the language server in ${(performance.now() - began).toFixed(0)} ms`);
  return executePlan(resolved.plan, action, connection, log, resolved.source, resolved.relationAliases);
}

/**
 * Inspector → editor: a variable or edge of a result revealed through the plan's source map (the
 * language server's compiled plans). A result without a source (opened from a JSON file) is looked
 * for in the open .kgp documents, then the workspace's.
 */
async function revealFromSourceMap(request: { plan: string; variable?: string; edgeId?: string; source?: { uri?: string } }): Promise<vscode.Location | undefined> {
  const locate = async (doc: vscode.TextDocument): Promise<vscode.Location | undefined> => {
    const plan: PlanOfDocument | undefined = (await documentPlans(doc)).plans.find((p) => p.graph.name === request.plan);
    const range = request.variable !== undefined ? plan?.variables.get(request.variable) : request.edgeId !== undefined ? plan?.edges.get(request.edgeId) : undefined;
    return range ? new vscode.Location(doc.uri, toVsRange(range)) : undefined;
  };
  if (request.source?.uri) {
    try {
      return await locate(await vscode.workspace.openTextDocument(vscode.Uri.parse(request.source.uri)));
    } catch {
      return undefined; // the source is gone
    }
  }
  const open = vscode.workspace.textDocuments.filter((d) => d.languageId === 'kgplan');
  for (const doc of open) {
    const hit = await locate(doc);
    if (hit) return hit;
  }
  for (const uri of await vscode.workspace.findFiles('**/*.kgp', '**/{node_modules,.kgrag}/**', 200)) {
    if (open.some((d) => d.uri.toString() === uri.toString())) continue;
    const hit = await locate(await vscode.workspace.openTextDocument(uri));
    if (hit) return hit;
  }
  return undefined;
}

export function registerPlanRunner(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setRevealHandler(revealFromSourceMap);
  context.subscriptions.push(
    { dispose: () => setRevealHandler(undefined) },
    ...PLAN_ACTIONS.map((action) =>
      registerCommand(`kgrag.${action}Plan`, (uri?: string | vscode.Uri, plan?: string) => runPlanCommand(action, connection, log, uri, plan)),
    ),
    registerCommand('kgrag._lastResult', () => lastResult()),
  );
}
