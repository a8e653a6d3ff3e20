/**
 * "KG-RAG: Evaluate Question Set" (command and CodeLens on set files): the set through core/eval's
 * `evaluateSet` — the loop `kgrag eval` runs — on the active graph's session, cancellable, with
 * progress; the Evaluation view shows the metrics, the misses by cause and every miss, compared
 * with the set's previous run (kept in workspaceState). A miss opens in the inspector: its plan run
 * with its strategy, and "why not" asked for its gold answer, whose fixes edit the `.kgp`.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { EvalWebviewMessage } from '../../contracts/eval/messages';
import { printPlanningGraph } from '../../core/dsl';
import {
  evaluateSet,
  evalView,
  goldToFollow,
  makeBaseline,
  readEvalSet,
  sessionRunner,
  summarize,
  type AskOutcome,
  type EvalItem,
  type EvalRecord,
  type PreviousEvalRun,
  type ReadSet,
} from '../../core/eval';
import type { PlanningGraph, StrategyKind } from '../../core/plan';
import { isStrategyKind, STRATEGY_KINDS } from '../../core/session';
import type { Connection } from '../graph/connection';
import { askWhyNotInPanel, setActiveGraph, showRetrievalResult } from '../inspector';
import { documentPlans } from '../language/requests';
import { placementSettings } from '../platform/config';
import { withCancellableProgress } from '../platform/operations';
import { requireTrust } from '../platform/trust';
import { strategySettings } from '../plans/planRunner';
import { rememberEntryPlan } from '../plans/whyNot';
import { EVAL_VIEW_TYPE, EvalPanel, type EvalPanelSnapshot } from './panel';

/** What an evaluation runs with (command arguments from scripts and tests; otherwise asked). */
export interface EvaluateOptions {
  readonly strategies?: readonly string[];
  readonly groupBy?: string;
  readonly input?: 'auto' | 'question' | 'plan';
  readonly k?: number;
}

interface Chosen {
  readonly strategies: readonly StrategyKind[];
  readonly groupBy?: string;
  readonly input: 'auto' | 'question' | 'plan';
  readonly k: number;
}

/** The run on screen: what opening a miss needs (its item, and the plan ask chose for a question). */
interface LastRun {
  readonly uri: vscode.Uri;
  readonly label: string;
  readonly isKgp: boolean;
  readonly chosen: Chosen;
  readonly items: ReadonlyMap<string, EvalItem>;
  readonly asked: ReadonlyMap<string, AskOutcome>;
  readonly records: readonly EvalRecord[];
}

const PREVIOUS_KEY = 'kgrag.eval.previous';
const CHOSEN_KEY = 'kgrag.eval.options';
/** Sets whose previous run is kept (the oldest is dropped). */
const KEPT_SETS = 20;

/** A file `kgrag eval` reads as a set: `.kgp` (its plans with expect) or JSON lines. */
export function isSetFileName(path: string): boolean {
  return /\.(kgp|jsonl)$/i.test(path);
}

/**
 * The set in a document, read as `kgrag eval` reads it; a JSON-lines file is only a set when its
 * first non-empty line is an item (so a CodeLens is not offered on any JSONL file).
 */
export function readSetDocument(doc: Pick<vscode.TextDocument, 'uri' | 'getText'>): ReadSet | undefined {
  const text = doc.getText();
  if (/\.jsonl$/i.test(doc.uri.path)) {
    const first = text.split('\n').find((l) => l.trim() !== '');
    if (first === undefined || readEvalSet(doc.uri.path, first).items.length === 0) return undefined;
  }
  const read = readEvalSet(doc.uri.path, text);
  return read.items.length > 0 ? read : undefined;
}

export class Evaluation implements vscode.Disposable {
  private panel: EvalPanel | undefined;
  private last: LastRun | undefined;
  private readonly lensChanged = new vscode.EventEmitter<void>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connection: Connection,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Evaluates the set at `uri` (default: the active editor's); undefined when cancelled or refused. */
  async evaluate(uriArg?: vscode.Uri | string, options?: EvaluateOptions): Promise<EvalPanelSnapshot | undefined> {
    if (!requireTrust('Evaluating a question set')) return undefined;
    const uri = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg ?? vscode.window.activeTextEditor?.document.uri;
    if (!uri || !isSetFileName(uri.path)) {
      void vscode.window.showWarningMessage('KG-RAG: open a question set to evaluate: a .jsonl file of {id, question | pattern | plan, answers} or a .kgp file whose plans have `expect`.');
      return undefined;
    }
    // The document as the editor has it (unsaved edits included: a fix just applied is evaluated).
    const doc = await vscode.workspace.openTextDocument(uri);
    const label = vscode.workspace.asRelativePath(uri);
    const read = readEvalSet(uri.path, doc.getText());
    if (read.items.length === 0) {
      const why = read.problems.slice(0, 3).map((p) => `line ${p.line}: ${p.message}`).join('; ');
      void vscode.window.showErrorMessage(`KG-RAG: ${label} has no items to evaluate${why ? ` (${why})` : ''}.`);
      return undefined;
    }
    const chosen = await this.choose(uri, read, options);
    if (!chosen) return undefined;
    const isKgp = /\.kgp$/i.test(uri.path);
    // A .kgp set's schema file lends its relation aliases, as when its plans run one by one.
    const relationAliases = isKgp ? (await documentPlans(doc)).relationAliases : new Map<string, readonly string[]>();
    const asked = new Map<string, AskOutcome>();
    const panel = this.ensurePanel();
    const title = `Evaluate ${label}`;
    const began = performance.now();
    const ran = await withCancellableProgress(title, this.log, async (signal, report) => {
      const c = await this.connection.ensure(signal, report);
      const runner = await sessionRunner(c.session, {
        schema: c.schema,
        runOptions: { settings: strategySettings(uri, this.log), ...placementSettings(uri), ...(relationAliases.size > 0 ? { relationAliases } : {}) },
        onAsked: (q, o) => asked.set(q, o),
      });
      let shown = 0;
      let reported = 0;
      const total = read.items.length * chosen.strategies.length;
      panel.setProgress(title, 0, total);
      const records = await evaluateSet(read.items, runner, {
        strategies: chosen.strategies,
        input: chosen.input,
        ...(chosen.groupBy !== undefined ? { groupBy: chosen.groupBy } : {}),
        signal,
        onProgress: (done, all) => {
          const now = performance.now();
          // At most ~4 updates a second: a large set must not flood the notification and the view.
          if (done === all || now - shown > 250) {
            report(`${done} of ${all}`, (100 * (done - reported)) / all);
            reported = done;
            shown = now;
            panel.setProgress(title, done, all);
          }
        },
      });
      const fingerprint = await c.session.fingerprint(signal).catch(() => undefined);
      if (fingerprint !== undefined) setActiveGraph(c.session.store.description, fingerprint);
      return { records, store: c.session.store.description, embedder: c.session.embedder.id };
    })
      .catch((e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        this.log.error(`${title} failed: ${message}`);
        void vscode.window.showErrorMessage(`KG-RAG: ${title} failed: ${message}`);
        return undefined;
      })
      .finally(() => panel.setProgress(title, 0, 0));
    if (!ran) {
      // Cancelled or failed: the view keeps the previous evaluation (if any) and says nothing false.
      if (!panel.view) panel.dispose();
      return undefined;
    }
    const summary = summarize(ran.records, chosen.strategies, chosen.k);
    const at = new Date().toISOString();
    const previous = this.previousRun(uri);
    const view = evalView(
      {
        set: { label, uri: uri.toString() },
        store: ran.store,
        embedder: ran.embedder,
        strategies: chosen.strategies,
        k: chosen.k,
        ...(chosen.groupBy !== undefined ? { groupBy: chosen.groupBy } : {}),
        at,
        ms: performance.now() - began,
        items: read.items.length,
        problems: read.problems,
      },
      summary,
      ran.records,
      previous,
    );
    await this.keepRun(uri, { at, store: ran.store, baseline: makeBaseline(uri.toString(), summary, ran.records) });
    this.last = { uri, label, isKgp, chosen, items: new Map(read.items.map((i) => [i.id, i])), asked, records: ran.records };
    panel.show(view);
    const firsts = summary.strategies.map((s) => `${s.strategy} Hits@1 ${s.overall.hits1.toFixed(3)}`).join(', ');
    this.log.info(`${title}: ${read.items.length} items, ${firsts}`);
    return panel.snapshot();
  }

  /** Strategies (and group-by when items carry fields): the arguments, else asked with the last choice preselected. */
  private async choose(uri: vscode.Uri, read: ReadSet, options: EvaluateOptions | undefined): Promise<Chosen | undefined> {
    const remembered = this.context.workspaceState.get<Record<string, Chosen>>(CHOSEN_KEY, {})[uri.toString()];
    const k = options?.k ?? remembered?.k ?? 10;
    const input = options?.input ?? remembered?.input ?? 'auto';
    if (options?.strategies) {
      const bad = options.strategies.filter((s) => !isStrategyKind(s));
      if (bad.length > 0 || options.strategies.length === 0) {
        void vscode.window.showErrorMessage(`KG-RAG: ${bad.join(', ') || 'no strategy'}: strategies are ${STRATEGY_KINDS.join(', ')}.`);
        return undefined;
      }
      const chosen: Chosen = { strategies: [...new Set(options.strategies as StrategyKind[])], ...(options.groupBy ? { groupBy: options.groupBy } : {}), input, k };
      await this.remember(uri, chosen);
      return chosen;
    }
    // Default: the strategies the set's plans name (a .kgp's `using`), else gsd.
    const named = new Set(read.items.flatMap((i) => (i.plan ? [i.plan.strategy.kind] : [])));
    const preselected = new Set<StrategyKind>(remembered?.strategies ?? (named.size > 0 ? [...named] : ['gsd']));
    const picked = await vscode.window.showQuickPick(
      STRATEGY_KINDS.map((s) => ({ label: s, picked: preselected.has(s) })),
      { title: `KG-RAG: Evaluate ${vscode.workspace.asRelativePath(uri)} with which strategies?`, canPickMany: true, ignoreFocusOut: true },
    );
    if (!picked || picked.length === 0) return undefined;
    const fields = [...new Set(read.items.flatMap((i) => Object.keys(i.fields)))].sort();
    let groupBy = remembered?.groupBy;
    if (fields.length > 0) {
      const none = '(no grouping)';
      const g = await vscode.window.showQuickPick([none, ...fields].map((f) => ({ label: f, picked: f === groupBy })), { title: 'Group the metrics by which field?', ignoreFocusOut: true });
      if (!g) return undefined;
      groupBy = g.label === none ? undefined : g.label;
    } else groupBy = undefined;
    const chosen: Chosen = { strategies: picked.map((p) => p.label as StrategyKind), ...(groupBy !== undefined ? { groupBy } : {}), input, k };
    await this.remember(uri, chosen);
    return chosen;
  }

  private async remember(uri: vscode.Uri, chosen: Chosen): Promise<void> {
    const all = { ...this.context.workspaceState.get<Record<string, Chosen>>(CHOSEN_KEY, {}), [uri.toString()]: chosen };
    await this.context.workspaceState.update(CHOSEN_KEY, all);
  }

  private previousRun(uri: vscode.Uri): PreviousEvalRun | undefined {
    return this.context.workspaceState.get<Record<string, PreviousEvalRun>>(PREVIOUS_KEY, {})[uri.toString()];
  }

  private async keepRun(uri: vscode.Uri, run: PreviousEvalRun): Promise<void> {
    const all = { ...this.context.workspaceState.get<Record<string, PreviousEvalRun>>(PREVIOUS_KEY, {}) };
    delete all[uri.toString()];
    all[uri.toString()] = run;
    const keys = Object.keys(all);
    for (const key of keys.slice(0, Math.max(0, keys.length - KEPT_SETS))) delete all[key];
    await this.context.workspaceState.update(PREVIOUS_KEY, all);
  }

  private ensurePanel(): EvalPanel {
    if (this.panel) return this.panel;
    const webviewPanel = vscode.window.createWebviewPanel(EVAL_VIEW_TYPE, 'KG-RAG Evaluation', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {});
    return this.adopt(webviewPanel);
  }

  adopt(webviewPanel: vscode.WebviewPanel): EvalPanel {
    const panel = new EvalPanel(webviewPanel, this.context.extensionUri, this.log, (m) => this.onMessage(m));
    this.panel = panel;
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    return panel;
  }

  private async onMessage(message: Exclude<EvalWebviewMessage, { type: 'ready' | 'log' }>): Promise<void> {
    switch (message.type) {
      case 'openMiss':
        await this.openMiss(message.strategy, message.id);
        return;
      case 'revealItem': {
        const uri = this.last?.uri ?? (this.panel?.view ? vscode.Uri.parse(this.panel.view.set.uri) : undefined);
        if (!uri) return;
        const line = Math.max(0, message.line - 1);
        await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(line, 0, line, 0), preview: false });
        return;
      }
      case 'evaluateAgain': {
        const uri = this.last?.uri ?? (this.panel?.view ? vscode.Uri.parse(this.panel.view.set.uri) : undefined);
        if (uri) await this.evaluate(uri, this.last?.uri.toString() === uri.toString() ? this.last.chosen : undefined);
        return;
      }
    }
  }

  /** The miss's plan (its own, or the one ask chose for its question) run with its strategy, shown in the inspector, and why not asked. */
  async openMiss(strategy: StrategyKind, id: string): Promise<string> {
    const last = this.last;
    const item = last?.items.get(id);
    const record = last?.records.find((r) => r.id === id && r.strategy === strategy);
    if (!last || !item || !record) {
      void vscode.window.showWarningMessage('KG-RAG: this evaluation is from an earlier session: evaluate the set again to open its misses.');
      return 'not in the run';
    }
    let plan: PlanningGraph | undefined = record.input === 'plan' ? item.plan : undefined;
    if (record.input === 'question') {
      const a = last.asked.get(item.question ?? '');
      if (a?.kind !== 'planned') {
        void vscode.window.showWarningMessage(`KG-RAG: ${id}: ask planned no query for "${item.question ?? ''}"${a ? ` (${a.message})` : ''}; there is no result to open.`);
        return 'no plan';
      }
      plan = a.plan;
    }
    if (!plan) return 'no plan';
    const runPlan = plan;
    // A .kgp set's item is its plan in that file (why-not fixes edit it there); a JSON line has no .kgp.
    const source = last.isKgp && record.input === 'plan' ? { uri: last.uri.toString(), label: last.label } : { label: `${last.label}:${item.line} (${id})` };
    const ran = await withCancellableProgress(`Open ${id} (${strategy})`, this.log, async (signal, report) => {
      const c = await this.connection.ensure(signal, report);
      const result = await c.session.run(runPlan, {
        strategy,
        signal,
        settings: strategySettings(last.uri, this.log),
        ...placementSettings(last.uri),
        ...(last.isKgp ? { relationAliases: (await documentPlans(await vscode.workspace.openTextDocument(last.uri))).relationAliases } : {}),
      });
      const fingerprint = await c.session.fingerprint(signal).catch(() => undefined);
      const expected = goldToFollow(await c.session.snapshot(signal), item.answers);
      return { result, fingerprint, expected };
    }).catch((e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      void vscode.window.showErrorMessage(`KG-RAG: Open ${id} failed: ${message}`);
      return undefined;
    });
    if (!ran) return 'not run';
    const { result, fingerprint, expected } = ran;
    const entryId = showRetrievalResult(result, {
      source,
      preserveFocus: false,
      graph: { description: result.store.description, ...(fingerprint !== undefined ? { fingerprint } : {}) },
      planText: printPlanningGraph(runPlan),
      expect: item.answers,
    });
    if (!('uri' in source)) rememberEntryPlan(entryId, runPlan, `line ${item.line} of ${last.label}`);
    // Asked as the inspector's own "why not" button asks it: the answer and its fixes appear there.
    if (expected !== undefined && result.answers[0]?.value !== expected) askWhyNotInPanel(expected);
    return 'ok';
  }

  snapshot(): EvalPanelSnapshot | undefined {
    return this.panel?.snapshot();
  }

  receive(raw: unknown): string {
    return this.panel ? this.panel.receive(raw) : 'no panel';
  }

  get onDidChangeCodeLenses(): vscode.Event<void> {
    return this.lensChanged.event;
  }

  dispose(): void {
    this.lensChanged.dispose();
    this.panel?.dispose();
  }
}

/** "Evaluate Question Set (N items)" on the first line of a set file. */
class SetLenses implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!isSetFileName(doc.uri.path)) return [];
    const read = readSetDocument(doc);
    if (!read) return [];
    const n = read.items.length;
    const what = /\.kgp$/i.test(doc.uri.path) ? `${n} plan${n === 1 ? '' : 's'} with expect` : `${n} item${n === 1 ? '' : 's'}`;
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title: `Evaluate Question Set (${what})`, command: 'kgrag.evaluateSet', arguments: [doc.uri] })];
  }
}

export function registerEvaluation(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): Evaluation {
  const evaluation = new Evaluation(context, connection, log);
  context.subscriptions.push(
    evaluation,
    registerCommand('kgrag.evaluateSet', (uri?: vscode.Uri | string, options?: EvaluateOptions) => evaluation.evaluate(uri, options && typeof options === 'object' ? options : undefined)),
    // Internal: what tests see of the view, and a message through the same validation as the webview's.
    registerCommand('kgrag.eval._state', () => evaluation.snapshot()),
    registerCommand('kgrag.eval._receive', (raw: unknown) => evaluation.receive(raw)),
    vscode.languages.registerCodeLensProvider([{ language: 'kgplan', scheme: 'file' }, { pattern: '**/*.jsonl', scheme: 'file' }], new SetLenses()),
    vscode.window.registerWebviewPanelSerializer(EVAL_VIEW_TYPE, {
      async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel) {
        // The webview redraws its last view from its own state; misses open again after a new evaluation.
        evaluation.adopt(webviewPanel);
      },
    }),
  );
  return evaluation;
}
