/**
 * The inspector app: a header with the run's summary and exports, and five linked views in tabs.
 * Views are built on first selection; highlight requests from the editor reach every built view.
 */
import type { RetrievalResult } from '../src/contracts/retrievalResult';
import {
  INSPECTOR_VIEWS,
  type ExpandedMessage,
  type ImageFormat,
  type InspectorState,
  type InspectorView,
  type ResultSource,
  type WebviewToHostMessage,
} from '../src/contracts/inspector/messages';
import { clear, h } from './dom';
import { formatDistance } from './model/format';
import type { LinkedView, ViewContext } from './views/context';
import { cypherView } from './views/cypher';
import { gsdView } from './views/gsd';
import { statsViewElement } from './views/stats';
import { subgraphsView, type SubgraphsView } from './views/subgraphs';
import { trajectoryViewElement } from './views/trajectory';
import { stemViewElement } from './views/stem';
import { sageViewElement } from './views/sage';

const TITLES: Record<InspectorView, string> = {
  subgraphs: 'Subgraphs',
  gsd: 'GSD breakdown',
  trajectory: 'Trajectory',
  cypher: 'Cypher & plan',
  stats: 'Stats',
  stem: 'STEM trace',
  sage: 'SAGE trace',
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

export function defaultView(result: RetrievalResult): InspectorView {
  if (result.strategy === 'mor') return 'trajectory';
  if (result.strategy === 'stem') return 'stem';
  if (result.strategy === 'sage') return 'sage';
  if (result.strategy === 'cypher' && result.cypher?.mode !== 'run') return 'cypher';
  return 'subgraphs';
}

export interface AppHost {
  post(message: WebviewToHostMessage): void;
  saveState(state: InspectorState): void;
}

export class InspectorApp {
  private result: RetrievalResult | undefined;
  private source: ResultSource | undefined;
  private view: InspectorView = 'subgraphs';
  private views = new Map<InspectorView, LinkedView>();
  private highlighted: string | null = null;
  private tabs: HTMLElement | undefined;
  private activeGraph: string | undefined;
  private readonly staleSlot = h('span', { class: 'stale-slot' });
  private readonly progressSlot = h('div', { class: 'progress-slot', attrs: { role: 'status', 'aria-live': 'polite' } });
  private running: { readonly title: string; readonly stage: string } | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: AppHost,
  ) {}

  show(result: RetrievalResult, source: ResultSource | undefined, view: InspectorView | undefined): void {
    for (const v of this.views.values()) v.dispose?.();
    this.views.clear();
    this.result = result;
    this.source = source;
    this.view = view ?? defaultView(result);
    this.render();
    this.saveState();
  }

  highlight(variable: string | null): void {
    this.highlighted = variable;
    for (const v of this.views.values()) v.highlight(variable);
  }

  selectView(view: InspectorView): void {
    if (!this.tabs) return;
    (this.tabs as HTMLElement & { selectedIndex: number }).selectedIndex = INSPECTOR_VIEWS.indexOf(view);
    this.activate(view);
  }

  /** The current graph view as PNG (data: URL) or SVG markup. */
  exportImage(format: ImageFormat): string | undefined {
    const view = this.ensureView('subgraphs') as SubgraphsView | undefined;
    return view?.exportImage(format);
  }

  /** The graph retrieval now runs on: a result from another one is marked stale. */
  setActiveGraph(description: string): void {
    this.activeGraph = description;
    this.renderStale();
  }

  /** A run's stage, or its end (null): shown above the result, which is marked as the previous one meanwhile. */
  setProgress(title: string, stage: string | null): void {
    this.running = stage === null ? undefined : { title, stage };
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
    const from = this.result?.store.description;
    const stale = from !== undefined && this.activeGraph !== undefined && from !== this.activeGraph;
    this.root.dataset.stale = String(stale);
    if (!stale) return;
    this.staleSlot.appendChild(
      h(
        'span',
        { class: 'stale', attrs: { role: 'status' }, title: `This result came from ${from}; the active graph is now ${this.activeGraph}.` },
        'stale — from another graph',
      ),
    );
  }

  /** The host's answer to a neighbour expansion (only the graph view asks). */
  expanded(message: ExpandedMessage): void {
    (this.views.get('subgraphs') as SubgraphsView | undefined)?.expanded(message);
  }

  retheme(): void {
    (this.views.get('subgraphs') as SubgraphsView | undefined)?.retheme();
  }

  private saveState(): void {
    this.host.saveState({ result: this.result, source: this.source, view: this.view });
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

  private header(result: RetrievalResult): HTMLElement {
    const answers = result.answers.slice(0, 10);
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
          h('vscode-button', { attrs: { secondary: true }, class: 'export-json', on: { click: () => this.host.post({ type: 'exportJson' }) } }, 'Export JSON'),
          h('vscode-button', { attrs: { secondary: true }, class: 'export-png', on: { click: () => this.sendImage('png') } }, 'PNG'),
          h('vscode-button', { attrs: { secondary: true }, class: 'export-svg', on: { click: () => this.sendImage('svg') } }, 'SVG'),
        ),
      ),
      result.question ? h('p', { class: 'question' }, result.question) : null,
      h(
        'p',
        { class: 'answers' },
        h('span', { class: 'hint' }, `Answers (${result.answers.length}): `),
        ...answers.map((a) =>
          h('span', { class: 'chip answer', title: a.nodeId ?? '' }, a.value, h('span', { class: 'score' }, ` ${formatDistance(a.score)}`)),
        ),
        result.answers.length > answers.length ? ` +${result.answers.length - answers.length} more` : null,
      ),
      ...(result.warnings ?? []).map((w) => h('p', { class: 'warning' }, w)),
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
        attrs: { 'selected-index': INSPECTOR_VIEWS.indexOf(this.view), panel: true },
        on: {},
      },
      ...INSPECTOR_VIEWS.flatMap((v) => [
        h('vscode-tab-header', { slot: 'header', data: { view: v } }, TITLES[v]),
        h('vscode-tab-panel', { data: { view: v } }),
      ]),
    );
    tabs.addEventListener('vsc-tabs-select', (e: Event) => {
      const index = (e as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
      const view = INSPECTOR_VIEWS[index];
      if (view) this.activate(view);
    });
    this.tabs = tabs;
    this.root.append(this.header(result), tabs);
    wrapTabHeaders(tabs);
    this.renderStale();
    this.activate(this.view);
  }
}
