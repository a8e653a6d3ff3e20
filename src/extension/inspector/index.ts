/**
 * The inspector's entry points: `registerInspector(context)` (commands, the panel serializer,
 * editor → panel highlighting) and the hooks the run/explain workflow uses:
 * `showRetrievalResult`, `setRevealHandler`, `setAliasHandler`.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { ExpandedMessage, ExpandMessage, InspectorView, ResultSource, WebviewToHostMessage } from '../../contracts/inspector/messages';
import { validateInspectorState, validateRetrievalResult, validateWebviewMessage } from '../../contracts/inspector/validate';
import { INSPECTOR_VIEW_TYPE, InspectorPanel, webviewOptions, type InspectorSnapshot } from './panel';
import { saveImage, saveResultJson } from './export';

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

export interface ShowOptions {
  readonly source?: ResultSource;
  /** Bring this view forward (e.g. 'cypher' for Explain/Profile). */
  readonly view?: InspectorView;
  readonly preserveFocus?: boolean;
}

let revealHandler: RevealHandler | undefined;
let aliasHandler: AliasHandler | undefined;
let expandHandler: ExpandHandler | undefined;
let openCypherHandler: OpenCypherHandler | undefined;
let activeGraph: string | undefined;
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
 * which is marked as such until the new one arrives. Without a panel, the progress notification
 * is the only place (a panel is not opened just to say "loading").
 */
export function showRunProgress(title: string, stage: string | null): void {
  current?.setProgress({ type: 'progress', title, stage });
}

/** The graph retrieval now runs on (its store description); the panel marks results from another as stale. */
export function setActiveGraph(description: string): void {
  activeGraph = description;
  current?.setActiveGraph(description);
}

/** Opens (or reuses) the panel beside the editor and shows `result` in it. */
export function showRetrievalResult(result: RetrievalResult, options: ShowOptions = {}): void {
  const panel = current ?? createPanel(options.preserveFocus ?? true);
  panel.show(result, options.source, options.view, options.preserveFocus ?? true);
  void vscode.commands.executeCommand('setContext', HAS_RESULT, true);
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
  if (activeGraph !== undefined) panel.activeGraph = activeGraph;
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
  context.subscriptions.push(
    { dispose: () => current?.dispose() },
    vscode.window.registerWebviewPanelSerializer(INSPECTOR_VIEW_TYPE, {
      async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: unknown) {
        adopt(webviewPanel);
        const checked = validateInspectorState(state ?? {});
        if (!checked.ok) {
          logger().warn(`inspector: ignored saved state (${checked.error})`);
          return;
        }
        if (checked.value.result) showRetrievalResult(checked.value.result, { source: checked.value.source, view: checked.value.view });
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
