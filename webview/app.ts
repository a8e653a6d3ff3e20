/**
 * The inspector app: a header with the run's summary and exports, and five linked views in tabs.
 * Views are built on first selection; highlight requests from the editor reach every built view.
 */
import { cypherNotice, tiesSentence, type RetrievalResult } from '../src/contracts/retrievalResult';
import type { Comparison } from '../src/contracts/compare';
import {
  type ExpandedMessage,
  type GroundingReport,
  type HistoryEntrySummary,
  type ImageFormat,
  type WhyNotAnswerMessage,
  type InspectorState,
  type InspectorView,
  type ModelContextView,
  type ResultSource,
  type WebviewToHostMessage,
} from '../src/contracts/inspector/messages';
import { answersView, resultViews } from '../src/contracts/inspector/views';
import { clear, h } from './dom';
import { formatDistance } from './model/format';
import { staleReasons, staleText, staleTitle, type ActiveGraph } from './model/stale';
import { compareView, type CompareView } from './views/compare';
import { historyView } from './views/history';
import { whyNotView } from './views/whyNot';
import { missedExpected } from './model/whyNot';
import { notFoundLines, otherWarnings } from './model/resolution';
import type { LinkedView, ViewContext } from './views/context';
import { cypherView } from './views/cypher';
import { gsdView } from './views/gsd';
import { statsViewElement } from './views/stats';
import { subgraphsView, type SubgraphsView } from './views/subgraphs';
import { trajectoryViewElement } from './views/trajectory';
import { stemViewElement } from './views/stem';
import { sageViewElement } from './views/sage';
import { groundingViewElement } from './views/grounding';
import { modelContextView } from './views/modelContext';

const TITLES: Record<InspectorView, string> = {
  subgraphs: 'Subgraphs',
  gsd: 'GSD breakdown',
  trajectory: 'Trajectory',
  cypher: 'Cypher & plan',
  stats: 'Stats',
  stem: 'STEM trace',
  sage: 'SAGE trace',
  grounding: 'Grounding',
  context: 'Model context',
};

/**
 * vscode-tabs lays its headers in one row that never wraps, so in a narrow panel the last tabs sit
 * past the edge. Its shadow styles have no part to hook, so this constructable sheet (allowed by
 * the CSP, like Lit's own) lets the row wrap.
 */
function wrapTabHeaders(tabs: HTMLElement): void {
  const root = tabs.shadowRoot;
  if (!root || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.header, .tablist { flex-wrap: wrap; } .tablist { row-gap: 2px; }');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The view a result opens on when the host names none (or one it has nothing for): its answers. */
export function defaultView(result: RetrievalResult, available: readonly InspectorView[] = resultViews(result)): InspectorView {
  return answersView(result, available);
}

/**
 * Named entities the graph does not hold, above the answers: the answers then read as what the
 * nearest names gave, not as the answer to the question asked.
 */
function notFoundBanner(result: RetrievalResult): HTMLElement | null {
  const lines = notFoundLines(result);
  if (lines.length === 0) return null;
  return h(
    'div',
    { class: 'not-found-banner', attrs: { role: 'alert' } },
    h('span', { class: 'codicon-like', attrs: { 'aria-hidden': 'true' } }, '⚠'),
    h(
      'div',
      {},
      ...lines.map((l) =>
        h('p', { class: 'not-found', data: { variable: l.variable } }, l.line, l.used !== undefined ? h('span', { class: 'used' }, ` — the answers use '${l.used}'`) : null),
      ),
      h('p', { class: 'hint' }, 'The answers below are for the nearest names that complete the pattern, not for the name written.'),
    ),
  );
}

export interface AppHost {
  post(message: WebviewToHostMessage): void;
  saveState(state: InspectorState): void;
}

export class InspectorApp {
  private result: RetrievalResult | undefined;
  private source: ResultSource | undefined;
  /** How the question became this result's plan (grounded planner), when it did. */
  private grounding: GroundingReport | undefined;
  private view: InspectorView = 'subgraphs';
  /** The views this result fills (its tabs; core rule in contracts/inspector/views.ts). */
  private available: readonly InspectorView[] = [];
  /** The result as a model receives it, per format (from the host). */
  private modelContexts: readonly ModelContextView[] = [];
  private views = new Map<InspectorView, LinkedView>();
  private highlighted: string | null = null;
  private tabs: HTMLElement | undefined;
  private activeGraph: ActiveGraph | undefined;
  private readonly staleSlot = h('span', { class: 'stale-slot' });
  private readonly progressSlot = h('div', { class: 'progress-slot', attrs: { role: 'status', 'aria-live': 'polite' } });
  private running: { readonly title: string; readonly stage: string } | undefined;
  /** The history entry shown (when the host keeps it) and the kept results. */
  private entryId: string | undefined;
  private entries: readonly HistoryEntrySummary[] = [];
  private readonly history = historyView((m) => this.host.post(m));
  /** The comparison drawn over the result, if one is on screen. */
  private comparing: { comparison: Comparison; question?: string; notes?: readonly string[]; view: CompareView } | undefined;
  /** Answer chips beyond the first ten are shown after "+N more" is clicked. */
  private allAnswers = false;
  /** The plan's expected answers (from the host), for "why not?" on the missed ones. */
  private expect: readonly string[] = [];
  private nextRequest = 1;
  /** The why-not request the view waits for (later answers replace earlier ones). */
  private whyNotRequest: number | undefined;
  private readonly whyNot = whyNotView((m) => this.host.post(m));

  constructor(
    private readonly root: HTMLElement,
    private readonly host: AppHost,
  ) {}

  show(result: RetrievalResult, source: ResultSource | undefined, view: InspectorView | undefined, entryId?: string, grounding?: GroundingReport, expect?: readonly string[], context?: readonly ModelContextView[]): void {
    this.expect = expect ?? [];
    // Another result: the why-not answer about the previous one no longer applies (a late answer is dropped too).
    if (entryId === undefined || entryId !== this.entryId) {
      this.whyNotRequest = undefined;
      this.whyNot.hide();
    }
    for (const v of this.views.values()) v.dispose?.();
    this.views.clear();
    this.closeComparison();
    this.result = result;
    this.source = source;
    this.grounding = grounding;
    this.entryId = entryId;
    this.allAnswers = false;
    this.modelContexts = context ?? [];
    this.available = resultViews(result, { grounding: grounding !== undefined, context: this.modelContexts.length > 0 });
    this.view = view !== undefined && this.available.includes(view) ? view : defaultView(result, this.available);
    this.render();
    this.saveState();
  }

  /** Asks the host where `expected` dropped out of a kept result (default: the shown one). */
  askWhyNot(expected: string, entryId?: string): void {
    const requestId = this.nextRequest++;
    this.whyNotRequest = requestId;
    const strategy = this.entries.find((e) => e.id === (entryId ?? this.entryId))?.strategy ?? this.result?.strategy ?? '';
    this.whyNot.pending(expected, strategy);
    this.host.post({ type: 'whyNot', requestId, expected, ...(entryId ?? this.entryId ? { entryId: entryId ?? this.entryId } : {}) });
  }

  /** The host's why-not answer (only the latest request's is drawn). */
  whyNotAnswer(message: WhyNotAnswerMessage): void {
    if (message.requestId !== this.whyNotRequest) return;
    if (message.status === 'ok') this.whyNot.answered(message.analysis, message.entryId);
    else this.whyNot.failed(message.expected, message.message);
  }

  /** The kept results (newest first) and which is shown. */
  setHistory(entries: readonly HistoryEntrySummary[], current: string | undefined): void {
    this.entries = entries;
    if (current !== undefined && this.entryId === undefined && this.result) this.entryId = current;
    this.history.update(entries, this.entryId, this.activeGraph);
    this.renderStale();
  }

  /** Results side by side, over the shown result (Back returns to it). */
  showComparison(comparison: Comparison, question: string | undefined, notes: readonly string[] | undefined): void {
    this.closeComparison();
    const view = compareView(comparison, { ...(question !== undefined ? { question } : {}), ...(notes ? { notes } : {}), back: () => this.back(), whyNot: (expected, entryId) => this.askWhyNot(expected, entryId) });
    this.comparing = { comparison, ...(question !== undefined ? { question } : {}), ...(notes ? { notes } : {}), view };
    clear(this.root);
    this.root.dataset.screen = 'compare';
    this.root.append(this.history.element, this.whyNot.element, view.element);
    requestAnimationFrame(() => view.mount());
    this.saveState();
  }

  private closeComparison(): void {
    this.comparing?.view.dispose();
    this.comparing = undefined;
  }

  private back(): void {
    this.closeComparison();
    for (const v of this.views.values()) v.dispose?.();
    this.views.clear();
    this.render();
    this.saveState();
  }

  highlight(variable: string | null): void {
    this.highlighted = variable;
    for (const v of this.views.values()) v.highlight(variable);
  }

  selectView(view: InspectorView): void {
    // A view this result has nothing for has no tab: nothing to select.
    if (!this.tabs || !this.available.includes(view)) return;
    (this.tabs as HTMLElement & { selectedIndex: number }).selectedIndex = this.available.indexOf(view);
    this.activate(view);
  }

  /** The current graph view as PNG (data: URL) or SVG markup. */
  exportImage(format: ImageFormat): string | undefined {
    const view = this.ensureView('subgraphs') as SubgraphsView | undefined;
    return view?.exportImage(format);
  }

  /** The graph retrieval now runs on (and its fingerprint): a result from another graph, or from before its data changed, is marked stale. */
  setActiveGraph(description: string, fingerprint?: string): void {
    this.activeGraph = { description, ...(fingerprint !== undefined ? { fingerprint } : {}) };
    this.history.update(this.entries, this.entryId, this.activeGraph);
    this.renderStale();
  }

  /** A run's stage, or its end (null): shown above the result, which is marked as the previous one meanwhile. */
  setProgress(title: string, stage: string | null): void {
    this.running = stage === null ? undefined : { title, stage };
    // A first run opens the panel before it has a result: the stages show above the empty page.
    if (!this.progressSlot.isConnected) this.root.prepend(this.progressSlot);
    this.renderProgress();
  }

  private renderProgress(): void {
    clear(this.progressSlot);
    this.root.dataset.running = String(this.running !== undefined);
    if (!this.running) return;
    this.progressSlot.append(
      h(
        'div',
        { class: 'run-progress' },
        h('span', { class: 'progress-spinner', attrs: { 'aria-hidden': 'true' } }),
        h('strong', {}, this.running.title),
        ` — ${this.running.stage}…`,
        this.result ? h('span', { class: 'hint previous' }, ` The result below is the previous one (${this.result.plan}).`) : null,
      ),
    );
  }

  private renderStale(): void {
    clear(this.staleSlot);
    if (!this.result) return;
    const entry = this.entries.find((e) => e.id === this.entryId);
    const graph = entry?.graph ?? { description: this.result.store.description };
    const reasons = staleReasons(graph, entry?.planEdited ?? false, this.activeGraph);
    this.root.dataset.stale = String(reasons.length > 0);
    this.root.dataset.staleReasons = reasons.join(' ');
    if (reasons.length === 0) return;
    this.staleSlot.appendChild(h('span', { class: 'stale', attrs: { role: 'status' }, title: staleTitle(reasons, graph, this.activeGraph) }, staleText(reasons)));
  }

  /** The host's answer to a neighbour expansion (only the graph view asks). */
  expanded(message: ExpandedMessage): void {
    (this.views.get('subgraphs') as SubgraphsView | undefined)?.expanded(message);
  }

  retheme(): void {
    (this.views.get('subgraphs') as SubgraphsView | undefined)?.retheme();
    this.comparing?.view.retheme();
  }

  private saveState(): void {
    const c = this.comparing;
    this.host.saveState({
      result: this.result,
      source: this.source,
      view: this.view,
      ...(this.grounding ? { grounding: this.grounding } : {}),
      ...(c ? { comparison: c.comparison, ...(c.question !== undefined ? { question: c.question } : {}), ...(c.notes ? { notes: c.notes } : {}) } : {}),
    });
  }

  private context(result: RetrievalResult): ViewContext {
    return {
      result,
      post: (m) => this.host.post(m),
      reveal: (target) => this.host.post({ type: 'reveal', plan: result.plan, ...target }),
      log: (level, message) => this.host.post({ type: 'log', level, message }),
    };
  }

  private build(view: InspectorView, ctx: ViewContext): LinkedView {
    switch (view) {
      case 'subgraphs':
        return subgraphsView(ctx);
      case 'gsd':
        return gsdView(ctx);
      case 'trajectory':
        return trajectoryViewElement(ctx);
      case 'cypher':
        return cypherView(ctx);
      case 'stats':
        return statsViewElement(ctx);
      case 'stem':
        return stemViewElement(ctx);
      case 'sage':
        return sageViewElement(ctx);
      case 'grounding':
        return groundingViewElement(ctx, this.grounding);
      case 'context':
        return modelContextView(ctx, this.modelContexts);
    }
  }

  private ensureView(view: InspectorView): LinkedView | undefined {
    if (!this.result) return undefined;
    let v = this.views.get(view);
    if (!v) {
      v = this.build(view, this.context(this.result));
      this.views.set(view, v);
      const panel = this.root.querySelector<HTMLElement>(`vscode-tab-panel[data-view="${view}"]`);
      panel?.appendChild(v.element);
      v.highlight(this.highlighted);
    }
    return v;
  }

  private activate(view: InspectorView): void {
    this.view = view;
    const fresh = !this.views.has(view);
    const started = performance.now();
    const v = this.ensureView(view);
    // The graph view reports itself once laid out; the others once built.
    if (fresh && v && view !== 'subgraphs') {
      this.host.post({ type: 'rendered', view, nodes: 0, edges: 0, ms: performance.now() - started });
    }
    // After the tab panel is displayed, so cytoscape measures a real size.
    requestAnimationFrame(() => v?.mount?.());
    this.saveState();
  }

  /** "Answers (N): chips +M more" — the rest behind a working expander; Explain ran nothing, so it says so. */
  private answersLine(result: RetrievalResult): HTMLElement {
    if (result.cypher?.mode === 'explain') {
      return h('p', { class: 'answers', data: { executed: 'false' } }, h('span', { class: 'hint' }, 'Answers: not executed'), ' — Explain plans the query without running it; Run or Profile to see answers.');
    }
    const shown = this.allAnswers ? result.answers : result.answers.slice(0, 10);
    const rest = result.answers.length - shown.length;
    const line = h(
      'p',
      { class: 'answers', data: { executed: 'true', expanded: String(this.allAnswers) } },
      h('span', { class: 'hint' }, `Answers (${result.answers.length}): `),
      ...shown.map((a) => h('span', { class: 'chip answer', title: [a.labels?.join(', '), a.nodeId].filter((x) => x).join(' · '), data: { value: a.value, labels: (a.labels ?? []).join(',') } }, a.value, h('span', { class: 'score' }, ` ${formatDistance(a.score)}`))),
      rest > 0
        ? h('button', { class: 'link more-answers', attrs: { type: 'button', 'aria-expanded': 'false' }, on: { click: () => this.toggleAnswers(line, result) } }, `+${rest} more`)
        : this.allAnswers && result.answers.length > 10
          ? h('button', { class: 'link more-answers', attrs: { type: 'button', 'aria-expanded': 'true' }, on: { click: () => this.toggleAnswers(line, result) } }, 'show fewer')
          : null,
      // k cut answers tied with the last one listed: those listed are an arbitrary few of them.
      result.ties ? h('span', { class: 'answers-ties warning', data: { shown: String(result.ties.shown), total: String(result.ties.total) } }, ` ${tiesSentence(result.ties)}`) : null,
    );
    return line;
  }

  private toggleAnswers(line: HTMLElement, result: RetrievalResult): void {
    this.allAnswers = !this.allAnswers;
    const next = this.answersLine(result);
    line.replaceWith(next);
    next.querySelector<HTMLElement>('.more-answers')?.focus();
  }

  /** "Why not …?": a name typed, or one button per expected answer the result missed. */
  private whyNotForm(result: RetrievalResult): HTMLElement {
    const input = h('input', { class: 'why-not-input', attrs: { type: 'text', placeholder: 'an answer you expected', 'aria-label': 'Why not this answer?' } });
    const ask = () => {
      const v = input.value.trim();
      if (v.length > 0) this.askWhyNot(v);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') ask();
    });
    const missed = missedExpected(this.expect, result.answers);
    return h(
      'p',
      { class: 'why-not-form' },
      h('span', { class: 'hint' }, 'Why not '),
      input,
      h('vscode-button', { class: 'ask-why-not', attrs: { secondary: true }, on: { click: ask } }, 'Ask'),
      ...missed.map((x) => h('button', { class: 'link why-not-expected', attrs: { type: 'button' }, data: { expected: x }, title: `Expected by the plan (expect) but not returned`, on: { click: () => this.askWhyNot(x) } }, `why not "${x}"?`)),
    );
  }

  private header(result: RetrievalResult): HTMLElement {
    return h(
      'header',
      { class: 'run-header' },
      h(
        'div',
        { class: 'title-row' },
        h('h1', {}, result.plan),
        h('vscode-badge', { class: 'strategy', attrs: { variant: 'default' } }, result.strategy),
        this.source?.label ? h('span', { class: 'hint source' }, this.source.label) : null,
        this.staleSlot,
        h(
          'span',
          { class: 'actions' },
          h('vscode-button', { attrs: { secondary: true }, class: 'compare-strategies', title: 'Run every strategy this plan allows on its question and compare them', on: { click: () => this.host.post({ type: 'compareStrategies' }) } }, 'Compare strategies'),
          h('vscode-button', { attrs: { secondary: true }, class: 'export-json', on: { click: () => this.host.post({ type: 'exportJson' }) } }, 'Export JSON'),
          h('vscode-button', { attrs: { secondary: true }, class: 'export-png', on: { click: () => this.sendImage('png') } }, 'PNG'),
          h('vscode-button', { attrs: { secondary: true }, class: 'export-svg', on: { click: () => this.sendImage('svg') } }, 'SVG'),
        ),
      ),
      result.question ? h('p', { class: 'question' }, result.question) : null,
      // Which strategy ran (Profile of a gsd plan runs the Cypher) and which soft matching became exact.
      ...(result.cypher ? cypherNotice(result.cypher) : []).map((line, i) => h('p', { class: 'warning cypher-notice', data: { line: String(i) } }, line)),
      notFoundBanner(result),
      this.answersLine(result),
      contextLine(result),
      this.whyNotForm(result),
      ...otherWarnings(result).map((w) => h('p', { class: 'warning' }, w)),
    );
  }

  private sendImage(format: ImageFormat): void {
    const data = this.exportImage(format);
    if (data) this.host.post({ type: 'exportImage', format, data });
    else this.host.post({ type: 'log', level: 'warn', message: `no graph to export as ${format}` });
  }

  private render(): void {
    const result = this.result;
    clear(this.root);
    this.root.append(this.progressSlot);
    this.renderProgress();
    if (!result) return;
    const tabs = h(
      'vscode-tabs',
      {
        attrs: { 'selected-index': this.available.indexOf(this.view), panel: true },
        on: {},
      },
      ...this.available.flatMap((v) => [
        h('vscode-tab-header', { slot: 'header', data: { view: v } }, TITLES[v]),
        h('vscode-tab-panel', { data: { view: v } }),
      ]),
    );
    tabs.addEventListener('vsc-tabs-select', (e: Event) => {
      const index = (e as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
      const view = this.available[index];
      if (view) this.activate(view);
    });
    this.tabs = tabs;
    this.root.dataset.screen = 'result';
    this.root.append(this.history.element, this.header(result), this.whyNot.element, tabs);
    this.history.update(this.entries, this.entryId, this.activeGraph);
    wrapTabHeaders(tabs);
    this.renderStale();
    this.activate(this.view);
  }
}

/**
 * What a strategy retrieved that is no value of the return variable (SAGE's films under `return
 * year`): shown as context, apart from the answers, with the labels that kept it out.
 */
function contextLine(result: RetrievalResult): HTMLElement | null {
  const context = result.context ?? [];
  if (context.length === 0) return null;
  const shown = context.slice(0, 20);
  return h(
    'p',
    { class: 'context-line' },
    h('span', { class: 'hint' }, `Context (${context.length}, not values of return ${(result.returns ?? []).join(', ')}): `),
    ...shown.map((c) => h('span', { class: 'chip context', title: [c.labels?.join(', '), c.nodeId].filter((x) => x).join(' · '), data: { value: c.value, labels: (c.labels ?? []).join(',') } }, c.value)),
    context.length > shown.length ? h('span', { class: 'hint' }, ` +${context.length - shown.length} more`) : null,
  );
}
