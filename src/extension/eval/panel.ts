/**
 * The Evaluation view's panel host: one WebviewPanel, reused for every evaluation. It keeps the
 * model on screen (re-sent to a fresh webview on 'ready'), speaks the validated protocol
 * (src/contracts/eval) and hands the webview's requests to the evaluation concern.
 */
import * as vscode from 'vscode';
import type { EvalHostMessage, EvalViewModel, EvalWebviewMessage } from '../../contracts/eval/messages';
import { validateEvalWebviewMessage } from '../../contracts/eval/validate';
import { makeNonce } from '../inspector/html';
import { webviewOptions } from '../inspector/panel';
import { evalHtml } from './html';

export const EVAL_VIEW_TYPE = 'kgrag.evaluation';

/** What tests and logs can see of the panel without touching its DOM. */
export interface EvalPanelSnapshot {
  readonly visible: boolean;
  readonly ready: boolean;
  readonly view: EvalViewModel | undefined;
  readonly rejected: number;
  readonly logs: readonly string[];
}

export class EvalPanel implements vscode.Disposable {
  view: EvalViewModel | undefined;
  private progress: EvalHostMessage | undefined;
  private ready = false;
  private rejected = 0;
  private readonly logs: string[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly onMessage: (message: Exclude<EvalWebviewMessage, { type: 'ready' | 'log' }>) => void | Promise<void>,
  ) {
    const webview = panel.webview;
    webview.options = webviewOptions(extensionUri);
    webview.html = evalHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview', 'eval.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'eval.css')).toString(),
    });
    this.disposables.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.ready = false;
      }),
    );
  }

  receive(raw: unknown): string {
    const checked = validateEvalWebviewMessage(raw);
    if (!checked.ok) {
      this.rejected++;
      this.log.warn(`evaluation view: ignored a malformed message from the webview (${checked.error})`);
      return checked.error;
    }
    const message = checked.value;
    if (message.type === 'ready') {
      this.ready = true;
      if (this.view) void this.panel.webview.postMessage({ type: 'evalShow', view: this.view } satisfies EvalHostMessage);
      if (this.progress) void this.panel.webview.postMessage(this.progress);
      return 'ok';
    }
    if (message.type === 'log') {
      this.logs.push(`${message.level}: ${message.message}`);
      if (this.logs.length > 100) this.logs.shift();
      this.log[message.level](`evaluation view: ${message.message}`);
      return 'ok';
    }
    void Promise.resolve(this.onMessage(message)).catch((e: unknown) => this.log.error(`evaluation view: ${message.type} failed: ${e instanceof Error ? e.message : String(e)}`));
    return 'ok';
  }

  show(view: EvalViewModel): void {
    this.view = view;
    this.progress = undefined;
    this.panel.title = `Evaluation: ${view.set.label}`;
    if (this.ready) void this.panel.webview.postMessage({ type: 'evalShow', view } satisfies EvalHostMessage);
    if (!this.panel.visible) this.panel.reveal(undefined, true);
  }

  setProgress(title: string, done: number, total: number): void {
    const m: EvalHostMessage = { type: 'evalProgress', title, done, total };
    this.progress = total > 0 ? m : undefined;
    if (this.ready) void this.panel.webview.postMessage(m);
  }

  snapshot(): EvalPanelSnapshot {
    return { visible: this.panel.visible, ready: this.ready, view: this.view, rejected: this.rejected, logs: [...this.logs] };
  }

  dispose(): void {
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
