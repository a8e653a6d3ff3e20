/**
 * The inspector's entry points: `registerInspector(context)` (commands, the panel serializer,
 * editor → panel highlighting) and the hooks the run/explain workflow uses:
 * `showRetrievalResult`, `setRevealHandler`, `setAliasHandler`.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { ExpandedMessage, ExpandMessage, GroundingReport, InspectorView, ResultSource, WebviewToHostMessage } from '../../contracts/inspector/messages';
import { validateInspectorState, validateRetrievalResult, validateWebviewMessage } from '../../contracts/inspector/validate';
import { compareResults, type HistoryEntry, type ResultGraph } from '../../core/compare';
import type { WhyNotFix, WhyNotResult } from '../../contracts/whyNot';
import { INSPECTOR_VIEW_TYPE, InspectorPanel, webviewOptions, type InspectorSnapshot } from './panel';
import { saveImage, saveResultJson } from './export';
import { KeptResults } from './keptResults';

/** A pattern variable or edge of a plan the inspector asks to show in the editor. */
export interface RevealTarget {
  readonly plan: string;
  readonly variable?: string;
  readonly edgeId?: string;
}

export interface RevealRequest extends RevealTarget {
  readonly source?: ResultSource;
}

/** Maps a variable/edge to a place in a .kgp document (e.g. via the DSL source map); undefined → fallback. */
export type RevealHandler = (request: RevealRequest) => vscode.Location | undefined | Promise<vscode.Location | undefined>;

export interface AliasRequest {
  readonly plan: string;
  readonly element: 'node' | 'edge';
  readonly ref: string;
  readonly patternText: string;
  readonly candidate: string;
  readonly source?: ResultSource;
}
export type AliasHandler = (request: AliasRequest) => void | Promise<void>;

/** Opens the shown result's Cypher as an editable query document (plans/cypherDocument.ts installs it). */
export type OpenCypherHandler = (result: RetrievalResult) => void | Promise<void>;

/** Answers "expand this node" for the shown result (the workflow installs one over the active graph). */
export type ExpandHandler = (request: ExpandMessage, result: RetrievalResult) => Promise<ExpandedMessage>;

/** A kept result (what the why-not handler gets). */
export type KeptEntry = HistoryEntry;

/** "Why not X?" on a kept result, and a fix re-run (the plans concern installs it over the active graph). */
export interface WhyNotHandler {
  /** The analysis, or a one-line reason there is none. */
  analyse(entry: KeptEntry, expected: string): Promise<WhyNotResult | string>;
  /** Re-runs the entry's plan with the fix and shows the re-run beside it. */
  applyFix(entry: KeptEntry, fix: WhyNotFix): Promise<void>;
}

/** Runs every strategy the plan of the shown result allows and shows the comparison (the plans concern installs it). */
export type CompareStrategiesHandler = (plan: string, source: ResultSource | undefined) => Promise<void>;

export interface ShowOptions {
  readonly source?: ResultSource;
  /** Bring this view forward (e.g. 'cypher' for Explain/Profile). */
  readonly view?: InspectorView;
  readonly preserveFocus?: boolean;
  /** How the grounded planner got from the question to this result's plan (the Grounding view). */
  readonly grounding?: GroundingReport;
  /** The graph it came from (description + fingerprint); default: the result's store description. */
  readonly graph?: ResultGraph;
  /** The plan as it ran (printed), so an edit of it marks the result stale. */
  readonly planText?: string;
  /** The plan's expected answers: the panel offers "why not?" for the ones missed. */
  readonly expect?: readonly string[];
}

/** "Use this candidate instead" / "Open as .kgp" from the Grounding view (the question workflow installs it). */
export type CandidateHandler = (action: 'use' | 'open', candidate: number, grounding: GroundingReport, source: ResultSource | undefined) => void | Promise<void>;

let revealHandler: RevealHandler | undefined;
let aliasHandler: AliasHandler | undefined;
let expandHandler: ExpandHandler | undefined;
let openCypherHandler: OpenCypherHandler | undefined;
let candidateHandler: CandidateHandler | undefined;
let compareStrategiesHandler: CompareStrategiesHandler | undefined;
let whyNotHandler: WhyNotHandler | undefined;
let activeGraph: { description: string; fingerprint?: string } | undefined;
let kept: KeptResults | undefined;
let current: InspectorPanel | undefined;
let extensionUri: vscode.Uri | undefined;
let log: vscode.LogOutputChannel | undefined;

export function setRevealHandler(handler: RevealHandler | undefined): void {
  revealHandler = handler;
}

export function setAliasHandler(handler: AliasHandler | undefined): void {
  aliasHandler = handler;
}

export function setExpandHandler(handler: ExpandHandler | undefined): void {
  expandHandler = handler;
}

export function setOpenCypherHandler(handler: OpenCypherHandler | undefined): void {
  openCypherHandler = handler;
}

/**
 * A run's current stage (`null` when it ended), shown in the open panel over the previous result,
 * which is marked as such until the new one arrives. With `open` (a plan run), a missing panel is
 * opened first: the first run shows its stages there, and the page loads while the run works
 * instead of after it (docs/workflow.md, "Click to answers"). Without `open`, no panel is opened
 * just to say "loading"; the progress notification is the only place.
 */
export function showRunProgress(title: string, stage: string | null, open?: { readonly preserveFocus: boolean }): void {
  const panel = current ?? (open && stage !== null ? createPanel(open.preserveFocus) : undefined);
  panel?.setProgress({ type: 'progress', title, stage });
}

export function setCandidateHandler(handler: CandidateHandler | undefined): void {
  candidateHandler = handler;
}

export function setWhyNotHandler(handler: WhyNotHandler | undefined): void {
  whyNotHandler = handler;
}

export function setCompareStrategiesHandler(handler: CompareStrategiesHandler | undefined): void {
  compareStrategiesHandler = handler;
}

/**
 * The graph retrieval now runs on (its store description, and its fingerprint when known); the
 * panel marks results from another graph, or from this graph before its data changed, as stale.
 */
export function setActiveGraph(description: string, fingerprint?: string): void {
  if (activeGraph?.description === description && activeGraph.fingerprint === fingerprint) return;
  activeGraph = { description, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  current?.setActiveGraph(description, fingerprint);
}

function keptResults(): KeptResults {
  if (!kept) throw new Error('registerInspector() has not run');
  return kept;
}

/** Keeps `result` in the inspector's history without showing it; returns its entry id. */
export function keepResult(result: RetrievalResult, options: Pick<ShowOptions, 'source' | 'graph' | 'planText' | 'grounding' | 'expect'> = {}): string {
  return keptResults().add({
    result,
    at: Date.now(),
    ...(options.source ? { source: options.source } : {}),
    ...(options.graph ? { graph: options.graph } : {}),
    ...(options.planText !== undefined ? { planText: options.planText } : {}),
    ...(options.grounding ? { grounding: options.grounding } : {}),
    ...(options.expect && options.expect.length > 0 ? { expect: options.expect } : {}),
  }).id;
}

/** Opens (or reuses) the panel beside the editor and shows `result` in it (a new history entry). */
export function showRetrievalResult(result: RetrievalResult, options: ShowOptions = {}): string {
  const id = keepResult(result, options);
  const panel = current ?? createPanel(options.preserveFocus ?? true);
  panel.show(result, options.source, options.view, options.preserveFocus ?? true, id, options.grounding, options.expect);
  panel.setHistory(keptResults().summaries());
  void vscode.commands.executeCommand('setContext', HAS_RESULT, true);
  return id;
}

/** The shown result's "why not `expected`?", asked by the webview as its own button does (an evaluation miss opened). */
export function askWhyNotInPanel(expected: string): void {
  current?.post({ type: 'askWhyNot', expected });
}

/**
 * Shows kept results side by side (the first is A). The comparison is computed in core/compare;
 * the webview draws it. `notes` say what was left out (e.g. a strategy the plan does not suit).
 */
export function showComparison(ids: readonly string[], notes: readonly string[] = [], preserveFocus = true): boolean {
  const entries = ids.map((id) => keptResults().get(id));
  const found = entries.filter((e) => e !== undefined);
  if (found.length < 2) {
    void vscode.window.showWarningMessage(`KG-RAG: a comparison needs two or more kept results (${found.length} of ${ids.length} found).`);
    return false;
  }
  const missing = ids.length - found.length;
  const comparison = compareResults(found.map((e) => ({ id: e.id, result: e.result })));
  const questions = new Set(found.map((e) => e.result.question));
  const question = questions.size === 1 ? found[0]!.result.question : undefined;
  const panel = current ?? createPanel(preserveFocus);
  if (!panel.result) panel.show(found[0]!.result, found[0]!.source, undefined, preserveFocus, found[0]!.id, found[0]!.grounding, found[0]!.expect);
  panel.setHistory(keptResults().summaries());
  panel.showComparison(comparison, question, missing > 0 ? [...notes, `${missing} result(s) are no longer kept`] : notes, preserveFocus);
  void vscode.commands.executeCommand('setContext', HAS_RESULT, true);
  return true;
}

/** Context key for `when` clauses: the inspector is open and shows a result. */
const HAS_RESULT = 'kgrag.inspectorHasResult';

function logger(): vscode.LogOutputChannel {
  log ??= vscode.window.createOutputChannel('KG-RAG Studio', { log: true });
  return log;
}

function adopt(webviewPanel: vscode.WebviewPanel): InspectorPanel {
  if (!extensionUri) throw new Error('registerInspector() has not run');
  const panel = new InspectorPanel(webviewPanel, extensionUri, { log: logger(), onMessage });
  if (activeGraph !== undefined) {
    panel.activeGraph = activeGraph.description;
    panel.activeFingerprint = activeGraph.fingerprint;
  }
  if (kept) panel.setHistory(kept.summaries());
  current = panel;
  panel.onDidDispose(() => {
    if (current !== panel) return;
    current = undefined;
    void vscode.commands.executeCommand('setContext', HAS_RESULT, false);
  });
  return panel;
}

function createPanel(preserveFocus: boolean): InspectorPanel {
  if (!extensionUri) throw new Error('registerInspector() has not run');
  const webviewPanel = vscode.window.createWebviewPanel(
    INSPECTOR_VIEW_TYPE,
    'KG-RAG Inspector',
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
    webviewOptions(extensionUri),
  );
  return adopt(webviewPanel);
}

async function onMessage(panel: InspectorPanel, message: WebviewToHostMessage): Promise<void> {
  switch (message.type) {
    case 'reveal':
      await reveal({ plan: message.plan, variable: message.variable, edgeId: message.edgeId, source: panel.source });
      return;
    case 'addAlias': {
      const request: AliasRequest = { ...message, source: panel.source };
      if (aliasHandler) return aliasHandler(request);
      // No alias store yet: hand the alias to the user rather than dropping it.
      await vscode.env.clipboard.writeText(message.candidate);
      void vscode.window.showInformationMessage(
        `Copied "${message.candidate}" — add it as an alias of "${message.patternText}" (${message.element} ${message.ref}).`,
      );
      return;
    }
    case 'exportJson':
      if (panel.result) await saveResultJson(panel.result);
      return;
    case 'openCypher':
      if (panel.result?.cypher && openCypherHandler) await openCypherHandler(panel.result);
      return;
    case 'expand': {
      const { requestId, nodeId } = message;
      const answer: ExpandedMessage =
        expandHandler && panel.result
          ? await expandHandler(message, panel.result)
          : { type: 'expanded', status: 'error', requestId, nodeId, message: 'no graph is connected to expand from' };
      panel.post(answer);
      return;
    }
    case 'useCandidate':
    case 'openCandidate': {
      const g = panel.grounding;
      // Only ids the shown grounding lists: the webview names a candidate, it never sends plan text.
      if (g?.kind !== 'planned' || !g.candidates.some((c) => c.id === message.candidate)) {
        logger().warn(`inspector: ${message.type} ${message.candidate} ignored: not a candidate of the shown grounding`);
        return;
      }
      if (!candidateHandler) {
        void vscode.window.showWarningMessage('KG-RAG: this grounding is from an earlier session; ask the question again to re-plan it.');
        return;
      }
      await candidateHandler(message.type === 'useCandidate' ? 'use' : 'open', message.candidate, g, panel.source);
      return;
    }
    case 'openEntry': {
      const entry = keptResults().get(message.id);
      if (!entry) {
        void vscode.window.showWarningMessage('KG-RAG: that result is no longer kept (the history keeps the newest 50 and the pinned ones).');
        return;
      }
      // A reopened Inspect Question result shows its grounding again.
      panel.show(entry.result, entry.source, undefined, true, entry.id, entry.grounding, entry.expect);
      panel.setHistory(keptResults().summaries());
      return;
    }
    case 'pinEntry':
      keptResults().pin(message.id, message.pinned);
      return;
    case 'exportEntry': {
      const entry = keptResults().get(message.id);
      if (entry) await saveResultJson(entry.result);
      return;
    }
    case 'compareEntries':
      showComparison(message.ids);
      return;
    case 'whyNot': {
      const { requestId, expected } = message;
      const entry = keptResults().get(message.entryId ?? panel.entryId ?? '');
      const answer = !entry
        ? 'that result is no longer kept: run the plan again'
        : !whyNotHandler
          ? 'why-not needs the plan runner (is the workspace trusted?)'
          : await whyNotHandler.analyse(entry, expected);
      panel.post(
        typeof answer === 'string'
          ? { type: 'whyNotAnswer', requestId, status: 'error', expected, message: answer }
          : { type: 'whyNotAnswer', requestId, status: 'ok', ...(entry ? { entryId: entry.id } : {}), analysis: answer },
      );
      return;
    }
    case 'applyFix': {
      const entry = keptResults().get(message.entryId ?? panel.entryId ?? '');
      if (!entry || !whyNotHandler) {
        void vscode.window.showWarningMessage('KG-RAG: that result is no longer kept: run the plan again.');
        return;
      }
      await whyNotHandler.applyFix(entry, message.fix);
      return;
    }
    case 'compareStrategies':
      if (!panel.result) return;
      if (!compareStrategiesHandler) {
        void vscode.window.showWarningMessage('KG-RAG: comparing strategies needs the plan runner (is the workspace trusted?).');
        return;
      }
      await compareStrategiesHandler(panel.result.plan, panel.source);
      return;
    case 'exportImage':
      await saveImage(message.format, message.data, panel.result?.plan ?? 'graph', pendingImageTarget.take(message.format));
      return;
  }
}

/** Reveals a variable/edge through the installed handler (the plan's source map from the language server). */
export async function reveal(request: RevealRequest): Promise<vscode.Location | undefined> {
  const location = revealHandler ? await Promise.resolve(revealHandler(request)).catch(() => undefined) : undefined;
  if (!location) {
    const what = request.variable ?? request.edgeId ?? '';
    void vscode.window.setStatusBarMessage(`KG-RAG: could not find ${what} of plan ${request.plan} in an open .kgp file`, 4000);
    return undefined;
  }
  const doc = await vscode.workspace.openTextDocument(location.uri);
  const existing = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString());
  const editor = await vscode.window.showTextDocument(doc, {
    viewColumn: existing?.viewColumn ?? vscode.ViewColumn.One,
    selection: location.range,
    preserveFocus: false,
  });
  editor.revealRange(location.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return location;
}

/** The export target a command asked for, consumed when the webview answers requestImage. */
const pendingImageTarget = {
  targets: new Map<string, vscode.Uri | undefined>(),
  set(format: string, uri: vscode.Uri | undefined) {
    this.targets.set(format, uri);
  },
  take(format: string): vscode.Uri | undefined {
    const uri = this.targets.get(format);
    this.targets.delete(format);
    return uri;
  },
};

async function openResultFile(uri?: vscode.Uri): Promise<void> {
  // From the explorer (uri), else the JSON file in the active editor, else ask.
  const active = vscode.window.activeTextEditor?.document;
  const target =
    uri ??
    (active && active.uri.path.endsWith('.json') ? active.uri : undefined) ??
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        filters: { 'Retrieval result': ['json'] },
        openLabel: 'Inspect',
      })
    )?.[0];
  if (!target) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)));
  } catch (e) {
    void vscode.window.showErrorMessage(`KG-RAG: ${target.fsPath} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const checked = validateRetrievalResult(parsed);
  if (!checked.ok) {
    void vscode.window.showErrorMessage(`KG-RAG: ${vscode.workspace.asRelativePath(target)} is not a retrieval result (${checked.error}).`);
    return;
  }
  showRetrievalResult(checked.value, { source: { label: vscode.workspace.asRelativePath(target) }, preserveFocus: true });
}

function onSelection(e: vscode.TextEditorSelectionChangeEvent): void {
  if (!current?.result || e.textEditor.document.languageId !== 'kgplan') return;
  const doc = e.textEditor.document;
  const at = doc.getWordRangeAtPosition(e.selections[0]!.active, /[A-Za-z_][A-Za-z0-9_]*/);
  const word = at ? doc.getText(at) : undefined;
  const known = new Set(current.result.subgraphs.flatMap((s) => s.mapping.map((m) => m.variable)));
  for (const p of current.result.trajectory?.paths ?? []) for (const v of p.variables) known.add(v);
  current.post({ type: 'highlight', variable: word !== undefined && known.has(word) ? word : null });
}

export function registerInspector(context: vscode.ExtensionContext, channel?: vscode.LogOutputChannel): void {
  extensionUri = context.extensionUri;
  log = channel;
  kept = new KeptResults(channel, context.workspaceState);
  const keptNow = kept;
  context.subscriptions.push(
    keptNow,
    keptNow.onDidChange(() => current?.setHistory(keptNow.summaries())),
    { dispose: () => current?.dispose() },
    vscode.window.registerWebviewPanelSerializer(INSPECTOR_VIEW_TYPE, {
      async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: unknown) {
        adopt(webviewPanel);
        const checked = validateInspectorState(state ?? {});
        if (!checked.ok) {
          logger().warn(`inspector: ignored saved state (${checked.error})`);
          return;
        }
        if (checked.value.result) showRetrievalResult(checked.value.result, { source: checked.value.source, view: checked.value.view, ...(checked.value.grounding ? { grounding: checked.value.grounding } : {}) });
      },
    }),
    registerCommand('kgrag.inspector.open', () => {
      if (current) current.panel.reveal(undefined, false);
      else createPanel(false);
    }),
    registerCommand('kgrag.inspector.openResultFile', (uri?: vscode.Uri) => openResultFile(uri)),
    registerCommand('kgrag.inspector.exportJson', async (uri?: vscode.Uri) => {
      if (!current?.result) {
        void vscode.window.showWarningMessage('KG-RAG: the inspector shows no result to export.');
        return;
      }
      await saveResultJson(current.result, uri);
    }),
    registerCommand('kgrag.inspector.exportImage', async (format?: 'png' | 'svg', uri?: vscode.Uri) => {
      if (!current?.result) {
        void vscode.window.showWarningMessage('KG-RAG: the inspector shows no graph to export.');
        return;
      }
      const chosen = format ?? ((await vscode.window.showQuickPick(['png', 'svg'], { title: 'Export the graph view as' })) as 'png' | 'svg' | undefined);
      if (!chosen) return;
      pendingImageTarget.set(chosen, uri);
      current.post({ type: 'requestImage', format: chosen });
    }),
    // Internal (not in the palette): what tests and bug reports need to see of the panel.
    registerCommand('kgrag.inspector._state', (): InspectorSnapshot | undefined => current?.snapshot()),
    // Internal: feed a message through the same validation as the webview's (protocol tests).
    registerCommand('kgrag.inspector._receive', async (raw: unknown) => {
      const checked = validateWebviewMessage(raw);
      if (!checked.ok || !current) return checked.ok ? 'no panel' : checked.error;
      await onMessage(current, checked.value);
      return 'ok';
    }),
    vscode.window.onDidChangeTextEditorSelection(onSelection),
  );
}
