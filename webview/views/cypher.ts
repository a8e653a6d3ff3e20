/**
 * Cypher & plan: the highlighted query, its parameters, and the plan — drawn as operator boxes
 * (webview/views/planGraph.ts) or, toggled, as a collapsible operator tree.
 */
import type { CypherTable } from '../../src/contracts/retrievalResult';
import type { CypherValue, PlanTree } from '../../src/contracts/values';
import { h, linkButton, table } from '../dom';
import { tokenizeCypher } from '../model/cypherTokens';
import { formatCount, formatMs } from '../model/format';
import { planView, type HeatMetric, type PlanRow } from '../model/plan';
import type { LinkedView, ViewContext } from './context';
import { planGraphElement } from './planGraph';

type PlanLayout = 'graph' | 'tree';

const COLUMN_NAMES: Record<HeatMetric, string> = { estimatedRows: 'est. rows', rows: 'rows', dbHits: 'db hits', timeMs: 'time' };

function figure(row: PlanRow, m: HeatMetric): string {
  const v = row[m];
  if (v === null) return '—';
  return m === 'timeMs' ? formatMs(v) : formatCount(v);
}

/** The plan as a graph of boxes (default) or the tree, switched by two pressed-state buttons. */
function planSection(plan: PlanTree, initial: PlanLayout = 'graph'): { element: HTMLElement; mount(): void } {
  const drawing = planGraphElement(plan);
  const graph = drawing.element;
  const tree = planTree(plan);
  const buttons = new Map<PlanLayout, HTMLButtonElement>();
  const show = (layout: PlanLayout) => {
    graph.hidden = layout !== 'graph';
    tree.hidden = layout !== 'tree';
    section.dataset.layout = layout;
    for (const [k, b] of buttons) b.setAttribute('aria-pressed', String(k === layout));
    if (layout === 'graph' && section.isConnected) requestAnimationFrame(() => drawing.showHottest());
  };
  for (const [layout, label] of [['graph', 'Graph'], ['tree', 'Tree']] as const) {
    buttons.set(layout, linkButton(label, () => show(layout), { class: `toggle plan-layout-${layout}`, title: `Show the plan as a ${layout}` }));
  }
  const section = h(
    'div',
    { class: 'plan-section' },
    h('div', { class: 'plan-toggle', attrs: { role: 'group', 'aria-label': 'Plan layout' } }, ...buttons.values()),
    planSummary(plan),
    graph,
    tree,
  );
  show(initial);
  return { element: section, mount: () => drawing.showHottest() };
}

function planTree(plan: PlanTree): HTMLElement {
  const view = planView(plan);
  const byPath = new Map(view.rows.map((r) => [r.path, r]));
  const item = (row: PlanRow): HTMLElement => {
    const figures = view.columns.map((m) => `${COLUMN_NAMES[m]} ${figure(row, m)}`).join(' · ');
    // Figures first, details after: when the panel is narrow the details are what gets cut.
    const description = [figures, row.details].filter((x) => x).join(' — ');
    return h(
      'vscode-tree-item',
      {
        class: `plan-op${row.hottest ? ' hottest' : ''}`,
        attrs: { open: true },
        data: { path: row.path, operator: row.operator },
        title: [row.operator, row.details, figures].filter((x) => x).join('\n'),
      },
      h('span', { class: 'op-name' }, row.operator),
      h('span', { slot: 'description', class: 'op-figures' }, description),
      row.hottest ? h('vscode-badge', { slot: 'decoration', attrs: { variant: 'counter' }, title: `hottest by ${COLUMN_NAMES[view.metric!]}` }, 'hottest') : null,
      ...row.childPaths.map((p) => item(byPath.get(p)!)),
    );
  };
  return h('vscode-tree', { class: 'plan-tree', attrs: { 'indent-guides': 'always', 'aria-label': 'Query plan' } }, item(view.rows[0]!));
}

/** "Hottest operator: X (time 1.87 ms). total time 4.19 ms" — shown above either layout. */
function planSummary(plan: PlanTree): HTMLElement {
  const view = planView(plan);
  const hottest = view.rows.find((r) => r.path === view.hottestPath);
  return h(
    'p',
    { class: 'hint plan-summary' },
    hottest && view.metric ? `Hottest operator: ${hottest.operator} (${COLUMN_NAMES[view.metric]} ${figure(hottest, view.metric)}). ` : '',
    Object.entries(view.totals)
      .map(([m, v]) => `total ${COLUMN_NAMES[m as HeatMetric]} ${m === 'timeMs' ? formatMs(v) : formatCount(v)}`)
      .join(' · '),
  );
}

/** A cell as text: a node as `(:Label {name})`, a relationship as `[:TYPE]`, anything else as JSON. */
export function cellText(v: CypherValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v !== 'object' || Array.isArray(v)) return JSON.stringify(v);
  const m = v as { readonly [k: string]: CypherValue };
  const label = typeof m['_label'] === 'string' ? m['_label'] : Array.isArray(m['_labels']) ? m['_labels'].join(':') : undefined;
  const type = typeof m['_type'] === 'string' ? m['_type'] : undefined;
  if (('_src' in m || '_start' in m) && (label !== undefined || type !== undefined)) return `[:${type ?? label}]`;
  if (label !== undefined && '_id' in m) return `(:${label}${typeof m['name'] === 'string' ? ` {name: ${JSON.stringify(m['name'])}}` : ''})`;
  return JSON.stringify(v);
}

function resultTable(t: CypherTable): HTMLElement {
  return h(
    'div',
    { class: 'query-table' },
    h('h2', {}, t.total > t.rows.length ? `Rows (the first ${t.rows.length} of ${t.total})` : `Rows (${t.total})`),
    t.rows.length === 0 ? h('p', { class: 'hint' }, 'The query returned no rows.') : table([...t.columns], t.rows.map((row) => ({ cells: row.map((v) => cellText(v)), props: { class: 'query-row' } }))),
  );
}

export function cypherView(ctx: ViewContext): LinkedView {
  const run = ctx.result.cypher;
  if (!run) {
    const element = h('div', { class: 'view cypher-view' }, h('p', { class: 'empty' }, `No Cypher in this result (strategy ${ctx.result.strategy}). Use Explain or Profile on a plan to see one.`));
    return { element, highlight: () => undefined };
  }
  const code = h('code', { class: 'cypher' }, ...tokenizeCypher(run.text).map((t) => (t.kind === 'text' ? t.text : h('span', { class: `tok-${t.kind}` }, t.text))));
  const params = Object.entries(run.params);
  const plan = run.plan ? planSection(run.plan) : undefined;
  const element = h(
    'div',
    { class: 'view cypher-view' },
    h(
      'p',
      { class: 'hint cypher-mode' },
      `${run.mode.toUpperCase()} · ${run.dialect === 'kuzu' ? 'embedded engine (Kùzu dialect)' : 'Neo4j'} `,
      linkButton('Open as Cypher', () => ctx.post({ type: 'openCypher' }), { class: 'open-cypher', title: 'Open this query and its parameters in an editor; change it and press Ctrl+Enter to run it again' }),
    ),
    h('pre', { class: 'cypher-text', attrs: { tabindex: 0, 'aria-label': 'Cypher query' } }, code),
    h('h2', {}, `Parameters (${params.length})`),
    params.length === 0
      ? h('p', { class: 'hint' }, 'none')
      : table(['name', 'value'], params.map(([k, v]) => ({ cells: [`$${k}`, h('code', {}, JSON.stringify(v))], props: { class: 'param-row' } }))),
    run.table ? resultTable(run.table) : null,
    h('h2', {}, 'Plan'),
    plan ? plan.element : h('p', { class: 'hint' }, 'No plan recorded (run the plan with Explain or Profile).'),
  );
  return { element, highlight: () => undefined, mount: () => plan?.mount() };
}
