/**
 * The inspector panel host: one WebviewPanel beside the editor, reused for every run. It owns the
 * current result, speaks the validated protocol, and delegates reveals/aliases to hooks.
 */
import * as vscode from 'vscode';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { Comparison } from '../../contracts/compare';
import type {
  GroundingReport,
  HistoryEntrySummary,
  HostToWebviewMessage,
  InspectorView,
  ProgressMessage,
  RenderedMessage,
  ResultSource,
  WebviewToHostMessage,
  WhyNotAnswerMessage,
} from '../../contracts/inspector/messages';
import { validateWebviewMessage } from '../../contracts/inspector/validate';
import { CONTEXT_FORMATS, modelContext } from '../../core/context';
import { inspectorHtml, makeNonce } from './html';

export const INSPECTOR_VIEW_TYPE = 'kgrag.inspector';

export interface InspectorHooks {
  readonly log: vscode.LogOutputChannel;
  onMessage(panel: InspectorPanel, message: WebviewToHostMessage): void | Promise<void>;
}

/** What tests and logs can see of the panel without touching its DOM. */
export interface InspectorSnapshot {
  readonly visible: boolean;
  readonly viewColumn: number | undefined;
  readonly resultId: string | undefined;
  readonly plan: string | undefined;
  readonly grounding: GroundingReport | undefined;
  /** The history entry shown, and how many results are kept. */
  readonly entryId: string | undefined;
  readonly kept: number;
  /** The comparison on screen: its results' ids (A first), or undefined. */
  readonly comparing: readonly string[] | undefined;
  readonly ready: boolean;
  /** How long each page load took to say 'ready' (ms), oldest first: a slow or stalled webview shows here. */
  readonly loads: readonly number[];
  readonly rendered: readonly RenderedMessage[];
  readonly rejected: number;
  readonly logs: readonly string[];
  /** Every progress stage posted to the panel, oldest first (the last 50). */
  readonly progress: readonly ProgressMessage[];
  /** The why-not answers posted to the panel, oldest first (the last 20). */
  readonly whyNotAnswers: readonly WhyNotAnswerMessage[];
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    // Only the bundle and its stylesheet may load: nothing from the workspace or elsewhere.
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
    enableFindWidget: true,
  };
}

/** A page load slower than this is said in the log. */
const LOAD_WARN_MS = 10_000;

export class InspectorPanel implements vscode.Disposable {
  result: RetrievalResult | undefined;
  source: ResultSource | undefined;
  view: InspectorView | undefined;
  /** How the grounded planner got to this result's plan (Inspect Question), if it did. */
  grounding: GroundingReport | undefined;
  entryId: string | undefined;
  /** The plan's expected answers (the webview offers "why not?" for the missed ones). */
  expect: readonly string[] | undefined;
  /** The active graph's store description and fingerprint, re-sent to every fresh webview. */
  activeGraph: string | undefined;
  /** The run in progress (re-sent to a fresh webview), and the stages posted so far. */
  private running: ProgressMessage | undefined;
  private readonly stages: ProgressMessage[] = [];
  activeFingerprint: string | undefined;
  /** The comparison on screen (drawn over the result), re-sent to a fresh webview. */
  comparison: { comparison: Comparison; question?: string; notes?: readonly string[] } | undefined;
  private history: { entries: readonly HistoryEntrySummary[]; current?: string } | undefined;
  private ready = false;
  /** When the page now loading began (its html set, or the panel shown again), while not ready. */
  private loadingSince: number | undefined;
  private loadWatch: ReturnType<typeof setTimeout> | undefined;
  private readonly loads: number[] = [];
  private queue: HostToWebviewMessage[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly rendered: RenderedMessage[] = [];
  private readonly logs: string[] = [];
  private readonly whyNotAnswers: WhyNotAnswerMessage[] = [];
  private rejected = 0;
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly hooks: InspectorHooks,
  ) {
    const webview = panel.webview;
    webview.options = webviewOptions(extensionUri);
    const media = vscode.Uri.joinPath(extensionUri, 'media', 'webview');
    webview.html = inspectorHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'inspector.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'inspector.css')).toString(),
    });
    this.watchLoad();
    this.disposables.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
      // Without retainContextWhenHidden a hidden webview is torn down; it says 'ready' again when shown.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.ready = false;
        else if (!this.ready && this.loadingSince === undefined) this.watchLoad();
      }),
    );
  }

  private receive(raw: unknown): void {
    const checked = validateWebviewMessage(raw);
    if (!checked.ok) {
      this.rejected++;
      this.hooks.log.warn(`inspector: ignored a malformed message from the webview (${checked.error})`);
      return;
    }
    const message = checked.value;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.loaded();
        // A fresh webview (first load, or re-shown after being hidden) gets the current result.
        if (this.history) this.post({ type: 'history', ...this.history });
        if (this.result) this.post(this.showMessage(this.result));
        if (this.activeGraph !== undefined) this.post(this.activeGraphMessage(this.activeGraph));
        if (this.comparison) this.post({ type: 'compare', ...this.comparison });
        if (this.running) this.post(this.running);
        for (const m of this.queue.splice(0)) this.post(m);
        break;
      case 'rendered':
        this.rendered.push(message);
        if (this.rendered.length > 50) this.rendered.shift();
        this.hooks.log.info(
          `inspector: rendered ${message.view} (${message.nodes} nodes, ${message.edges} edges) in ${message.ms.toFixed(1)} ms`,
        );
        break;
      case 'log':
        this.logs.push(`${message.level}: ${message.message}`);
        if (this.logs.length > 100) this.logs.shift();
        this.hooks.log[message.level](`inspector webview: ${message.message}`);
        break;
      default:
        void Promise.resolve(this.hooks.onMessage(this, message)).catch((e: unknown) =>
          this.hooks.log.error(`inspector: ${message.type} failed: ${e instanceof Error ? e.message : String(e)}`),
        );
    }
  }

  post(message: HostToWebviewMessage): void {
    if (message.type === 'whyNotAnswer') {
      this.whyNotAnswers.push(message);
      if (this.whyNotAnswers.length > 20) this.whyNotAnswers.shift();
    }
    // Current state (result, history, comparison) is re-sent on 'ready'; only one-off messages queue.
    if (!this.ready && (message.type === 'history' || message.type === 'compare')) return;
    if (!this.ready && message.type !== 'show') {
      this.queue.push(message);
      return;
    }
    if (!this.ready) return; // 'show' is sent on ready from this.result
    void this.panel.webview.postMessage(message);
  }

  show(
    result: RetrievalResult,
    source: ResultSource | undefined,
    view: InspectorView | undefined,
    preserveFocus: boolean,
    entryId?: string,
    grounding?: GroundingReport,
    expect?: readonly string[],
  ): void {
    this.expect = expect;
    this.result = result;
    this.source = source;
    this.view = view;
    this.entryId = entryId;
    this.grounding = grounding;
    this.comparison = undefined;
    this.panel.title = `Inspector: ${result.plan}`;
    this.post(this.showMessage(result));
    if (!this.panel.visible) this.panel.reveal(undefined, preserveFocus);
  }

  /** A run's stage (or its end, `stage: null`): the panel shows it over the previous result. */
  setProgress(message: ProgressMessage): void {
    this.running = message.stage === null ? undefined : message;
    this.stages.push(message);
    if (this.stages.length > 50) this.stages.shift();
    this.post(message);
  }

  /** Results side by side, drawn over the shown result (the webview's "Back" returns to it). */
  showComparison(comparison: Comparison, question: string | undefined, notes: readonly string[], preserveFocus: boolean): void {
    this.comparison = { comparison, ...(question !== undefined ? { question } : {}), ...(notes.length > 0 ? { notes } : {}) };
    this.panel.title = `Compare: ${comparison.results[0]?.plan ?? ''}`;
    this.post({ type: 'compare', ...this.comparison });
    if (!this.panel.visible) this.panel.reveal(undefined, preserveFocus);
  }

  /** The kept results, newest first. */
  setHistory(entries: readonly HistoryEntrySummary[]): void {
    this.history = { entries, ...(this.entryId !== undefined ? { current: this.entryId } : {}) };
    this.post({ type: 'history', ...this.history });
  }

  setActiveGraph(description: string, fingerprint?: string): void {
    this.activeGraph = description;
    this.activeFingerprint = fingerprint;
    this.post(this.activeGraphMessage(description));
  }

  private showMessage(result: RetrievalResult): HostToWebviewMessage {
    return {
      type: 'show',
      result,
      source: this.source,
      view: this.view,
      ...(this.entryId !== undefined ? { entryId: this.entryId } : {}),
      ...(this.grounding ? { grounding: this.grounding } : {}),
      ...(this.expect && this.expect.length > 0 ? { expect: this.expect } : {}),
      // The result as the language-model tool hands it to a model (core/context), in each format.
      context: CONTEXT_FORMATS.map((format) => modelContext(result, { format })),
    };
  }

  private activeGraphMessage(description: string): HostToWebviewMessage {
    return { type: 'activeGraph', description, ...(this.activeFingerprint !== undefined ? { fingerprint: this.activeFingerprint } : {}) };
  }

  /**
   * Times the page's load until it says 'ready'. The page's time follows VS Code's webview host
   * and the machine (2.6 s idle, over 30 s on a busy CI machine: docs/testing.md), so a slow load
   * is said in the log, with what to do if the panel stays blank.
   */
  private watchLoad(): void {
    this.loadingSince = performance.now();
    clearTimeout(this.loadWatch);
    this.loadWatch = setTimeout(() => {
      if (this.ready || this.loadingSince === undefined) return;
      this.hooks.log.warn(`inspector: the panel's page has not loaded after ${LOAD_WARN_MS / 1000} s (VS Code's webview host is slow or stalled); if it stays blank, run "Developer: Reload Webviews"`);
    }, LOAD_WARN_MS);
  }

  private loaded(): void {
    clearTimeout(this.loadWatch);
    if (this.loadingSince === undefined) return;
    const ms = performance.now() - this.loadingSince;
    this.loadingSince = undefined;
    this.loads.push(Math.round(ms));
    if (this.loads.length > 20) this.loads.shift();
    if (ms >= LOAD_WARN_MS) this.hooks.log.info(`inspector: the panel's page loaded after ${(ms / 1000).toFixed(1)} s`);
  }

  snapshot(): InspectorSnapshot {
    return {
      visible: this.panel.visible,
      viewColumn: this.panel.viewColumn,
      resultId: this.result?.id,
      plan: this.result?.plan,
      grounding: this.grounding,
      entryId: this.entryId,
      kept: this.history?.entries.length ?? 0,
      comparing: this.comparison?.comparison.results.map((r) => r.id),
      ready: this.ready,
      loads: [...this.loads],
      rendered: [...this.rendered],
      rejected: this.rejected,
      logs: [...this.logs],
      progress: [...this.stages],
      whyNotAnswers: [...this.whyNotAnswers],
    };
  }

  dispose(): void {
    clearTimeout(this.loadWatch);
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
