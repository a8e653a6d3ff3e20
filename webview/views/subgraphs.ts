/**
 * The Subgraphs view: the top-k matched subgraphs drawn with cytoscape — one at a time, or their
 * union drawn once with one rank highlighted — nodes coloured by label (legend above), a rank
 * selector that scales (previous / dropdown / next), a hover card with node properties,
 * "expand neighbours" on demand (double-click a node, the details card's button, or the node
 * table's link: the host answers from the graph), and a node table that is the keyboard route to
 * the same nodes.
 */
import cytoscape from 'cytoscape';
import type { Core, ElementDefinition, EventObject, StylesheetJson } from 'cytoscape';
import type { ExpandedMessage, ImageFormat } from '../../src/contracts/inspector/messages';
import { clear, h, linkButton, table } from '../dom';
import { graphPalette, labelColors, labelSlots, type GraphPalette } from '../model/colors';
import { formatDistance } from '../model/format';
import {
  chooseLayout, colourLabel, FORCE_LAYOUT_LIMIT, graphModel, labelCounts, layeredPositions, nodeProperties, ringPositions,
  selectSubgraphs, stepRank, withExpansions, withGuidance,
  type Expansion, type GraphModel, type GraphNode, type Point, type SubgraphSelection,
} from '../model/graph';
import { graphToSvg } from '../model/svg';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const MAX_TABLE_ROWS = 200;
/** Labels are drawn at least this large at fit (CSS px on screen), or not at all. */
export const LABEL_PX = 11;
/** How far labels grow in graph units to stay readable when fit zooms out (more would bury the drawing). */
const MAX_LABEL_SCALE = 4;

export function readCssVar(name: string): string | undefined {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v.length > 0 ? v : undefined;
}

export function styles(p: GraphPalette, colours: readonly string[], big: boolean): StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        'background-color': p.node,
        label: 'data(caption)',
        color: p.foreground,
        'font-size': LABEL_PX,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        'text-outline-color': p.textOutline,
        'text-outline-width': 2,
        'text-wrap': 'ellipsis',
        'text-max-width': '160px',
        // Never drawn below LABEL_PX on screen: a label too small to read is left out (the node table names every node).
        'min-zoomed-font-size': LABEL_PX,
        width: 22,
        height: 22,
      },
    },
    ...colours.map((c, i) => ({ selector: `node[slot = ${i}]`, style: { 'background-color': c } })),
    // Matched nodes: larger, bold caption, a ring in the text colour (the fill is the label's).
    { selector: 'node[?mapped]', style: { width: 30, height: 30, 'font-weight': 'bold', 'border-width': 3, 'border-color': p.foreground } },
    { selector: 'node[?expanded]', style: { 'border-width': 2, 'border-style': 'dashed', 'border-color': p.foreground, width: 18, height: 18 } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': p.edge,
        'target-arrow-color': p.edge,
        'target-arrow-shape': 'triangle',
        'curve-style': big ? 'haystack' : 'bezier',
        label: big ? '' : 'data(type)',
        'font-size': LABEL_PX,
        'min-zoomed-font-size': LABEL_PX,
        color: p.foreground,
        'text-rotation': 'autorotate',
        'text-outline-color': p.textOutline,
        'text-outline-width': 2,
      },
    },
    { selector: 'edge[?expanded]', style: { 'line-style': 'dashed' } },
    // STEM's guidance graph overlay (edges no subgraph uses): dotted and faint.
    { selector: 'edge[?guidance]', style: { 'line-style': 'dotted', opacity: 0.6 } },
    // The union with one rank highlighted: the others recede but stay in place.
    { selector: '.faded', style: { opacity: 0.28 } },
    { selector: '.in-rank', style: { 'z-index': 5 } },
    { selector: 'edge.in-rank', style: { width: 3 } },
    { selector: '.highlighted', style: { 'border-width': 4, 'border-color': p.highlight, 'line-color': p.highlight, 'z-index': 10 } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': p.highlight } },
  ];
}

function nodeData(n: GraphNode, slots: Map<string, number>): Record<string, unknown> {
  return { id: n.id, caption: n.caption, mapped: n.variables.length > 0, expanded: n.expanded, slot: slots.get(colourLabel(n)) ?? 0 };
}

function elements(model: GraphModel, slots: Map<string, number>, positions?: Map<string, Point>): ElementDefinition[] {
  return [
    ...model.nodes.map((n) => ({
      group: 'nodes' as const,
      data: nodeData(n, slots),
      ...(positions?.has(n.id) ? { position: { ...positions.get(n.id)! } } : {}),
    })),
    ...model.edges.map((e) => ({ group: 'edges' as const, data: { id: e.id, source: e.source, target: e.target, type: e.type, expanded: e.expanded, guidance: e.guidance === true } })),
  ];
}

export interface SubgraphsView extends LinkedView {
  exportImage(format: ImageFormat): string | undefined;
  /** Redraw with the current theme's colours. */
  retheme(): void;
  /** The host's answer to an `expand` this view posted. */
  expanded(message: ExpandedMessage): void;
}

export function subgraphsView(ctx: ViewContext): SubgraphsView {
  const subgraphs = [...ctx.result.subgraphs].sort((a, b) => a.rank - b.rank);
  const ranks = subgraphs.map((s) => s.rank);
  let selection: SubgraphSelection = { kind: 'one', rank: ranks[0] ?? 1 };
  let cy: Core | undefined;
  let model: GraphModel = { nodes: [], edges: [] };
  let slots = new Map<string, number>();
  let highlighted: string | null = null;
  let byId = new Map<string, GraphNode>();
  const expansions: Expansion[] = [];
  /** requestId → node id, for answers still to come. */
  const pending = new Map<number, string>();
  let nextRequest = 1;
  /** The label scale the drawn style has (1 = the stylesheet's own). */
  let labelScale = 1;

  const canvas = h('div', { class: 'graph-canvas', attrs: { role: 'img', 'aria-label': 'Matched subgraph' } });
  const card = h('div', { class: 'node-card', attrs: { hidden: true, role: 'tooltip' } });
  const details = h('div', { class: 'node-details', attrs: { 'aria-live': 'polite' } });
  const nodeTable = h('div', { class: 'node-table' });
  const status = h('span', { class: 'graph-status', attrs: { 'aria-live': 'polite' } });
  const expandStatus = h('p', { class: 'hint expand-status', attrs: { 'aria-live': 'polite' } });
  const legend = h('div', { class: 'graph-legend', attrs: { 'aria-label': 'Node labels' } });

  const rankSelect = h(
    'select',
    { class: 'rank-select', attrs: { 'aria-label': ctx.result.strategy === 'gsd' ? 'Subgraph (ranked by GSD)' : 'Subgraph' }, on: { change: () => select({ kind: selection.kind, rank: Number(rankSelect.value) }) } },
    // GSD ranks only GSD results; a Cypher result's rows all say 0, which would mean nothing.
    ...subgraphs.map((s) => h('option', { attrs: { value: String(s.rank) } }, ctx.result.strategy === 'gsd' ? `#${s.rank} · GSD ${formatDistance(s.gsd)}` : `#${s.rank}`)),
  );
  const prev = h('vscode-button', { class: 'rank-prev', attrs: { secondary: true, 'aria-label': 'Previous subgraph' }, on: { click: () => select({ kind: selection.kind, rank: stepRank(ranks, selection.rank, -1) }) } }, '‹ Prev');
  const next = h('vscode-button', { class: 'rank-next', attrs: { secondary: true, 'aria-label': 'Next subgraph' }, on: { click: () => select({ kind: selection.kind, rank: stepRank(ranks, selection.rank, 1) }) } }, 'Next ›');
  const oneButton = h('vscode-button', { class: 'mode-one', data: { mode: 'one' }, attrs: { secondary: true }, on: { click: () => select({ kind: 'one', rank: selection.rank }) } }, 'One');
  const allButton = h('vscode-button', { class: 'mode-all', data: { mode: 'all' }, attrs: { secondary: true }, title: 'All subgraphs drawn once; the selected one highlighted', on: { click: () => select({ kind: 'all', rank: selection.rank }) } }, `All ${subgraphs.length} (union)`);

  const picker = h(
    'div',
    { class: 'subgraph-picker', attrs: { role: 'toolbar', 'aria-label': 'Subgraphs, ranked by GSD' } },
    h('span', { class: 'rank-nav' }, prev, rankSelect, next),
    subgraphs.length > 1 ? h('span', { class: 'mode-toggle', attrs: { role: 'group', 'aria-label': 'Show' } }, oneButton, allButton) : null,
    h('vscode-button', { attrs: { secondary: true }, class: 'fit', on: { click: () => { cy?.fit(undefined, 30); fitLabels(); } } }, 'Fit'),
    status,
  );

  function showProperties(target: HTMLElement, node: GraphNode, withActions: boolean): void {
    clear(target);
    target.appendChild(h('dl', {}, ...nodeProperties(node).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
    if (withActions) {
      target.appendChild(
        h('vscode-button', { class: 'expand-node', attrs: { secondary: true }, data: { nodeId: node.id }, on: { click: () => expandNode(node.id) } }, expanded(node.id) ? 'Neighbours shown' : 'Expand neighbours'),
      );
    }
  }

  const expanded = (id: string) => expansions.some((x) => x.nodeId === id);

  function expandNode(id: string): void {
    const node = byId.get(id);
    if (!node) return;
    if (expanded(id)) {
      expandStatus.textContent = `The neighbours of ${node.name} are already drawn.`;
      return;
    }
    if ([...pending.values()].includes(id)) return;
    const requestId = nextRequest++;
    pending.set(requestId, id);
    expandStatus.textContent = `Expanding ${node.name}…`;
    canvas.dataset.expanding = id;
    ctx.post({ type: 'expand', requestId, nodeId: id });
  }

  function renderLegend(): void {
    clear(legend);
    const colours = labelColors(readCssVar);
    for (const [label, count] of labelCounts(model)) {
      const swatch = h('span', { class: 'swatch', attrs: { 'aria-hidden': 'true' } });
      // CSSOM, not a style attribute: the CSP allows it (no inline style parsing).
      swatch.style.background = colours[slots.get(label) ?? 0]!;
      legend.appendChild(h('span', { class: 'legend-item', data: { label, slot: String(slots.get(label) ?? 0) } }, swatch, label, h('span', { class: 'count' }, ` ${count}`)));
    }
    const mapped = model.nodes.filter((n) => n.variables.length > 0).length;
    if (mapped > 0) legend.appendChild(h('span', { class: 'legend-item legend-mapped' }, h('span', { class: 'swatch ring', attrs: { 'aria-hidden': 'true' } }), 'matched a pattern variable'));
    if (model.nodes.some((n) => n.expanded)) legend.appendChild(h('span', { class: 'legend-item legend-expanded' }, h('span', { class: 'swatch dashed', attrs: { 'aria-hidden': 'true' } }), 'expanded neighbour'));
  }

  function renderTable(): void {
    clear(nodeTable);
    const rows = model.nodes.slice(0, MAX_TABLE_ROWS).map((n) => ({
      cells: [
        n.variables.length > 0
          ? h('span', {}, ...n.variables.map((v) => linkButton(v, () => ctx.reveal({ variable: v }), { data: { variable: v }, title: 'Reveal in the plan' })))
          : n.expanded ? h('span', { class: 'hint' }, 'expanded') : '—',
        linkButton(n.name, () => focusNode(n.id), { class: 'node-name', title: 'Show in the graph' }),
        n.labels.join(', '),
        n.ranks.map((r) => `#${r}`).join(' '),
        expanded(n.id)
          ? h('span', { class: 'hint' }, 'shown')
          : linkButton('expand', () => expandNode(n.id), { class: 'expand-link', title: `Draw the neighbours of ${n.name}` }),
      ],
      props: { class: `node-row${n.expanded ? ' expanded' : ''}`, data: { nodeId: n.id, ...(n.variables[0] ? { variable: n.variables[0] } : {}) }, title: n.id },
    }));
    nodeTable.appendChild(table(['variable', 'name', 'labels', 'subgraphs', 'neighbours'], rows));
    if (model.nodes.length > MAX_TABLE_ROWS) {
      nodeTable.appendChild(h('p', { class: 'hint' }, `… ${model.nodes.length - MAX_TABLE_ROWS} more nodes in the graph.`));
    }
  }

  function focusNode(id: string): void {
    const node = byId.get(id);
    if (!node) return;
    showProperties(details, node, true);
    if (!cy) return;
    cy.nodes().unselect();
    const ele = cy.getElementById(id);
    ele.select();
    cy.animate({ center: { eles: ele } }, { duration: 150 });
  }

  function setModel(next: GraphModel): void {
    model = next;
    byId = new Map(model.nodes.map((n) => [n.id, n]));
    // Slots over every label this result can show (all subgraphs, then expansions as they come):
    // a label keeps its colour when the selection changes or an expansion brings new labels.
    const all = withGuidance(withExpansions(graphModel(subgraphs, 'variables', ctx.result.nodeLabels), expansions), ctx.result.stem?.guidance.edges, ctx.result.nodeLabels);
    slots = labelSlots(all.nodes.map(colourLabel), slots);
  }

  function applyRankHighlight(): void {
    if (!cy) return;
    cy.elements().removeClass('faded in-rank');
    if (selection.kind !== 'all') return;
    const rank = selection.rank;
    cy.batch(() => {
      for (const n of model.nodes) cy!.getElementById(n.id).addClass(n.ranks.includes(rank) ? 'in-rank' : 'faded');
      for (const e of model.edges) cy!.getElementById(e.id).addClass(e.ranks.includes(rank) ? 'in-rank' : 'faded');
    });
  }

  /**
   * Labels readable at fit: when fitting the graph zooms out, labels grow in graph units by the
   * inverse of the zoom (up to MAX_LABEL_SCALE) so they are LABEL_PX on screen; past that they are
   * hidden by min-zoomed-font-size rather than drawn unreadably small. The canvas records the
   * on-screen size of node labels (data-label-px) and whether they show (data-labels).
   */
  function fitLabels(): void {
    if (!cy) return;
    const zoom = cy.zoom();
    // When even the largest labels would be hidden (a big graph at fit), the style pass is skipped.
    const wanted = Math.max(1, 1 / zoom);
    const scale = wanted > MAX_LABEL_SCALE ? 1 : wanted;
    const onScreen = LABEL_PX * scale * zoom;
    canvas.dataset.labelPx = onScreen.toFixed(2);
    canvas.dataset.labels = onScreen >= LABEL_PX - 1e-6 ? 'shown' : 'hidden';
    if (scale === labelScale) return;
    labelScale = scale;
    cy.style()
      .selector('node')
      .style({ 'font-size': LABEL_PX * scale, 'text-max-width': `${Math.round(160 * scale)}px`, 'text-margin-y': 4 * scale, 'text-outline-width': 2 * scale })
      .selector('edge')
      .style({ 'font-size': LABEL_PX * scale, 'text-outline-width': 2 * scale })
      .update();
  }

  function draw(): void {
    const started = performance.now();
    setModel(withGuidance(withExpansions(graphModel(selectSubgraphs(subgraphs, selection), selection.kind === 'all' ? 'names' : 'variables', ctx.result.nodeLabels), expansions), ctx.result.stem?.guidance.edges, ctx.result.nodeLabels));
    const big = model.nodes.length > FORCE_LAYOUT_LIMIT;
    cy?.destroy();
    labelScale = 1;
    delete canvas.dataset.tableReady;
    const layoutName = chooseLayout(model);
    cy = cytoscape({
      container: canvas,
      elements: elements(model, slots, layoutName === 'layered' ? layeredPositions(model) : undefined),
      style: styles(graphPalette(readCssVar), labelColors(readCssVar), big),
      layout:
        layoutName === 'layered'
          ? { name: 'preset', fit: true, padding: 20 }
          : layoutName === 'cose'
            ? { name: 'cose', animate: false, randomize: false, nodeDimensionsIncludeLabels: true, nodeRepulsion: () => 40000, idealEdgeLength: () => 120, padding: 30 }
            : { name: 'grid', animate: false },
      // Big sets: draw a cached texture while panning/zooming so the UI thread stays free.
      textureOnViewport: big,
      hideEdgesOnViewport: big,
      hideLabelsOnViewport: big,
      pixelRatio: big ? 1 : 'auto',
      minZoom: 0.02,
      maxZoom: 4,
      boxSelectionEnabled: false,
    });
    cy.on('mouseover', 'node', (e: EventObject) => {
      const node = byId.get(e.target.id() as string);
      if (!node) return;
      showProperties(card, node, false);
      const p = e.target.renderedPosition() as { x: number; y: number };
      card.style.left = `${Math.round(p.x + 16)}px`;
      card.style.top = `${Math.round(p.y + 16)}px`;
      card.hidden = false;
    });
    cy.on('mouseout', 'node', () => (card.hidden = true));
    cy.on('pan zoom', () => (card.hidden = true));
    cy.on('tap', 'node', (e: EventObject) => {
      const node = byId.get(e.target.id() as string);
      if (!node) return;
      showProperties(details, node, true);
      if (node.variables[0]) ctx.reveal({ variable: node.variables[0] });
    });
    // Neo4j Browser's gesture: double-click a node to draw its neighbours.
    cy.on('dbltap', 'node', (e: EventObject) => expandNode(e.target.id() as string));
    cy.on('tap', 'edge', (e: EventObject) => {
      const edge = model.edges.find((x) => x.id === (e.target.id() as string));
      if (edge?.patternEdges[0]) ctx.reveal({ edgeId: edge.patternEdges[0] });
    });
    applyRankHighlight();
    applyHighlight();
    renderLegend();
    rankSelect.value = String(selection.rank);
    prev.toggleAttribute('disabled', selection.rank === ranks[0]);
    next.toggleAttribute('disabled', selection.rank === ranks[ranks.length - 1]);
    for (const b of [oneButton, allButton]) {
      const active = b.dataset.mode === selection.kind;
      b.toggleAttribute('secondary', !active);
      b.setAttribute('aria-pressed', String(active));
    }
    element.dataset.mode = selection.kind;
    element.dataset.rank = String(selection.rank);
    fitLabels();
    // Measure until the first frame after layout has painted.
    requestAnimationFrame(() => {
      const ms = performance.now() - started;
      canvas.dataset.renderMs = ms.toFixed(1);
      canvas.dataset.nodes = String(model.nodes.length);
      canvas.dataset.edges = String(model.edges.length);
      status.textContent = `${model.nodes.length} nodes, ${model.edges.length} edges · ${ms.toFixed(0)} ms`;
      ctx.post({ type: 'rendered', view: 'subgraphs', nodes: model.nodes.length, edges: model.edges.length, ms });
      // The node table after the graph has painted: the canvas is what a person waits for.
      setTimeout(() => {
        renderTable();
        applyHighlight();
        canvas.dataset.tableReady = 'true';
      }, 0);
    });
  }

  /** Adds an answered expansion without re-laying out what is drawn: new nodes ring the expanded one. */
  function addExpansion(x: Expansion): void {
    expansions.push(x);
    const before = new Set(model.nodes.map((n) => n.id));
    const beforeEdges = new Set(model.edges.map((e) => e.id));
    setModel(withGuidance(withExpansions(graphModel(selectSubgraphs(subgraphs, selection), selection.kind === 'all' ? 'names' : 'variables', ctx.result.nodeLabels), expansions), ctx.result.stem?.guidance.edges, ctx.result.nodeLabels));
    const added = model.nodes.filter((n) => !before.has(n.id));
    const addedEdges = model.edges.filter((e) => !beforeEdges.has(e.id));
    if (cy) {
      const anchor = cy.getElementById(x.nodeId);
      const centre = anchor.nonempty() ? (anchor.position() as Point) : { x: 0, y: 0 };
      const ring = ringPositions(centre, added.length, 90 + 6 * Math.min(added.length, 30));
      cy.add([
        ...added.map((n, i) => ({ group: 'nodes' as const, data: nodeData(n, slots), position: { ...ring[i]! } })),
        ...addedEdges.map((e) => ({ group: 'edges' as const, data: { id: e.id, source: e.source, target: e.target, type: e.type, expanded: true } })),
      ]);
      cy.style(styles(graphPalette(readCssVar), labelColors(readCssVar), model.nodes.length > FORCE_LAYOUT_LIMIT));
      labelScale = 1;
      fitLabels();
      applyRankHighlight();
      cy.animate({ fit: { eles: anchor.closedNeighborhood(), padding: 40 } }, { duration: 200 });
    }
    canvas.dataset.nodes = String(model.nodes.length);
    canvas.dataset.edges = String(model.edges.length);
    status.textContent = `${model.nodes.length} nodes, ${model.edges.length} edges`;
    renderLegend();
    renderTable();
    applyHighlight();
    const name = byId.get(x.nodeId)?.name ?? x.nodeId;
    const shown = x.nodes.length;
    expandStatus.textContent =
      shown === 0
        ? `${name} has no neighbours in the graph.`
        : `${name}: ${added.length} new of ${shown} neighbour${shown === 1 ? '' : 's'} drawn${x.total > shown ? ` (the first ${shown} of ${x.total})` : ''}.`;
    const selected = byId.get(x.nodeId);
    if (selected && details.querySelector('.expand-node')) showProperties(details, selected, true);
  }

  function select(next: SubgraphSelection): void {
    selection = next;
    draw();
  }

  function applyHighlight(): void {
    highlightByVariable(element, highlighted);
    if (!cy) return;
    cy.elements().removeClass('highlighted');
    if (highlighted === null) return;
    const ids = model.nodes.filter((n) => n.variables.includes(highlighted!)).map((n) => n.id);
    for (const id of ids) cy.getElementById(id).addClass('highlighted');
  }

  const element = h(
    'div',
    { class: 'view subgraphs-view' },
    subgraphs.length === 0
      ? h('p', { class: 'empty' }, `No subgraphs in this result (strategy ${ctx.result.strategy}).`)
      : h('div', {}, picker, legend, h('div', { class: 'graph-wrap' }, canvas, card, details), expandStatus, nodeTable),
  );

  let mounted = false;
  return {
    element,
    highlight(variable) {
      highlighted = variable;
      applyHighlight();
    },
    /** Called once the view is visible: cytoscape needs a sized container. */
    mount() {
      if (mounted || subgraphs.length === 0) return;
      mounted = true;
      draw();
    },
    expanded(message) {
      const id = pending.get(message.requestId);
      if (id === undefined || id !== message.nodeId) return; // not ours, or for a result no longer shown
      pending.delete(message.requestId);
      delete canvas.dataset.expanding;
      if (message.status === 'error') {
        expandStatus.textContent = `Could not expand ${byId.get(id)?.name ?? id}: ${message.message}`;
        return;
      }
      addExpansion({ nodeId: message.nodeId, nodes: message.nodes, edges: message.edges, total: message.total });
    },
    exportImage(format) {
      if (!cy) return undefined;
      const p = graphPalette(readCssVar);
      if (format === 'png') return cy.png({ full: true, scale: 2, bg: p.background, output: 'base64uri' }) as string;
      const colours = labelColors(readCssVar);
      return graphToSvg(
        cy.nodes().map((n) => {
          const pos = n.position();
          const node = byId.get(n.id());
          return {
            id: n.id(),
            x: pos.x,
            y: pos.y,
            label: node?.caption ?? n.id(),
            mapped: (node?.variables.length ?? 0) > 0,
            ...(node ? { fill: colours[slots.get(colourLabel(node)) ?? 0] } : {}),
          };
        }),
        model.edges.map((e) => ({ source: e.source, target: e.target, label: e.type })),
        p,
      );
    },
    retheme() {
      cy?.style(styles(graphPalette(readCssVar), labelColors(readCssVar), model.nodes.length > FORCE_LAYOUT_LIMIT));
      labelScale = 1;
      fitLabels();
      renderLegend();
    },
    dispose() {
      cy?.destroy();
    },
  };
}
