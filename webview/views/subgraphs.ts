/**
 * The Subgraphs view: the top-k matched subgraphs drawn with cytoscape (one, or all overlaid),
 * pattern variables on the nodes they mapped to, a hover card with node properties, and a node
 * table below that is the keyboard route to the same nodes.
 */
import cytoscape from 'cytoscape';
import type { Core, ElementDefinition, EventObject, StylesheetJson } from 'cytoscape';
import type { ImageFormat } from '../../src/protocol/inspectorMessages';
import { clear, h, linkButton, table } from '../dom';
import { graphPalette, type GraphPalette } from '../model/colors';
import { formatDistance } from '../model/format';
import {
  chooseLayout, FORCE_LAYOUT_LIMIT, graphModel, layeredPositions, nodeProperties, selectSubgraphs,
  type GraphModel, type GraphNode, type Point, type SubgraphSelection,
} from '../model/graph';
import { graphToSvg } from '../model/svg';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const MAX_TABLE_ROWS = 200;

function readCssVar(name: string): string | undefined {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v.length > 0 ? v : undefined;
}

function styles(p: GraphPalette, big: boolean): StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        'background-color': p.node,
        label: 'data(caption)',
        color: p.foreground,
        'font-size': 11,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        'text-outline-color': p.textOutline,
        'text-outline-width': 2,
        'min-zoomed-font-size': big ? 9 : 0,
        width: 22,
        height: 22,
      },
    },
    { selector: 'node[?mapped]', style: { 'background-color': p.mappedNode, width: 28, height: 28, 'font-weight': 'bold' } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': p.edge,
        'target-arrow-color': p.edge,
        'target-arrow-shape': 'triangle',
        'curve-style': big ? 'haystack' : 'bezier',
        label: big ? '' : 'data(type)',
        'font-size': 10,
        color: p.foreground,
        'text-rotation': 'autorotate',
        'text-outline-color': p.textOutline,
        'text-outline-width': 2,
      },
    },
    // STEM's guidance graph overlay: edges no subgraph uses, dashed.
    { selector: 'edge[?guidance]', style: { 'line-style': 'dashed', opacity: 0.6 } },
    { selector: '.highlighted', style: { 'border-width': 4, 'border-color': p.highlight, 'line-color': p.highlight, 'z-index': 10 } },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': p.highlight } },
  ];
}

function elements(model: GraphModel, positions?: Map<string, Point>): ElementDefinition[] {
  return [
    ...model.nodes.map((n) => ({
      group: 'nodes' as const,
      data: { id: n.id, caption: n.caption, mapped: n.variables.length > 0 },
      ...(positions ? { position: { ...positions.get(n.id)! } } : {}),
    })),
    ...model.edges.map((e) => ({ group: 'edges' as const, data: { id: e.id, source: e.source, target: e.target, type: e.type, guidance: e.guidance === true } })),
  ];
}

export interface SubgraphsView extends LinkedView {
  exportImage(format: ImageFormat): string | undefined;
  /** Redraw with the current theme's colours. */
  retheme(): void;
}

export function subgraphsView(ctx: ViewContext): SubgraphsView {
  const subgraphs = [...ctx.result.subgraphs].sort((a, b) => a.rank - b.rank);
  let selection: SubgraphSelection = subgraphs.length > 0 ? { kind: 'one', rank: subgraphs[0]!.rank } : { kind: 'all' };
  let cy: Core | undefined;
  let model: GraphModel = { nodes: [], edges: [] };
  let highlighted: string | null = null;
  let byId = new Map<string, GraphNode>();

  const canvas = h('div', { class: 'graph-canvas', attrs: { role: 'img', 'aria-label': 'Matched subgraph' } });
  const card = h('div', { class: 'node-card', attrs: { hidden: true, role: 'tooltip' } });
  const details = h('div', { class: 'node-details', attrs: { 'aria-live': 'polite' } });
  const nodeTable = h('div', { class: 'node-table' });
  const status = h('span', { class: 'graph-status' });

  const picker = h(
    'div',
    { class: 'subgraph-picker', attrs: { role: 'group', 'aria-label': 'Subgraphs, ranked by GSD' } },
    ...subgraphs.slice(0, 20).map((s) =>
      h('vscode-button', {
        attrs: { secondary: true },
        data: { rank: String(s.rank) },
        on: { click: () => select({ kind: 'one', rank: s.rank }) },
      }, `#${s.rank} · GSD ${formatDistance(s.gsd)}`),
    ),
    subgraphs.length > 1
      ? h('vscode-button', { attrs: { secondary: true }, data: { rank: 'all' }, on: { click: () => select({ kind: 'all' }) } }, `All ${subgraphs.length}`)
      : null,
    h('vscode-button', { attrs: { secondary: true }, class: 'fit', on: { click: () => cy?.fit(undefined, 30) } }, 'Fit'),
    status,
  );

  function showProperties(target: HTMLElement, node: GraphNode): void {
    clear(target);
    target.appendChild(
      h('dl', {}, ...nodeProperties(node).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
    );
  }

  function renderTable(): void {
    clear(nodeTable);
    const rows = model.nodes.slice(0, MAX_TABLE_ROWS).map((n) => ({
      cells: [
        n.variables.length > 0
          ? h('span', {}, ...n.variables.map((v) => linkButton(v, () => ctx.reveal({ variable: v }), { data: { variable: v }, title: 'Reveal in the plan' })))
          : '—',
        linkButton(n.name, () => focusNode(n.id), { class: 'node-name', title: 'Show in the graph' }),
        n.labels.join(', '),
        n.id,
        n.ranks.map((r) => `#${r}`).join(' '),
      ],
      props: { class: 'node-row', data: { nodeId: n.id, ...(n.variables[0] ? { variable: n.variables[0] } : {}) } },
    }));
    nodeTable.appendChild(table(['variable', 'name', 'labels', 'id', 'subgraphs'], rows));
    if (model.nodes.length > MAX_TABLE_ROWS) {
      nodeTable.appendChild(h('p', { class: 'hint' }, `… ${model.nodes.length - MAX_TABLE_ROWS} more nodes in the graph.`));
    }
  }

  function focusNode(id: string): void {
    const node = byId.get(id);
    if (!node) return;
    showProperties(details, node);
    if (!cy) return;
    cy.nodes().unselect();
    const ele = cy.getElementById(id);
    ele.select();
    cy.animate({ center: { eles: ele } }, { duration: 150 });
  }

  function draw(): void {
    const started = performance.now();
    model = graphModel(selectSubgraphs(subgraphs, selection), ctx.result.stem?.guidance.edges ?? []);
    byId = new Map(model.nodes.map((n) => [n.id, n]));
    const big = model.nodes.length > FORCE_LAYOUT_LIMIT;
    cy?.destroy();
    delete canvas.dataset.tableReady;
    const layoutName = chooseLayout(model);
    cy = cytoscape({
      container: canvas,
      elements: elements(model, layoutName === 'layered' ? layeredPositions(model) : undefined),
      style: styles(graphPalette(readCssVar), big),
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
      showProperties(card, node);
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
      showProperties(details, node);
      if (node.variables[0]) ctx.reveal({ variable: node.variables[0] });
    });
    cy.on('tap', 'edge', (e: EventObject) => {
      const edge = model.edges.find((x) => x.id === (e.target.id() as string));
      if (edge?.patternEdges[0]) ctx.reveal({ edgeId: edge.patternEdges[0] });
    });
    applyHighlight();
    picker.querySelectorAll<HTMLElement>('vscode-button[data-rank]').forEach((b) => {
      const active = selection.kind === 'all' ? b.dataset.rank === 'all' : b.dataset.rank === String(selection.rank);
      b.toggleAttribute('secondary', !active);
      b.setAttribute('aria-pressed', String(active));
    });
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
      : h('div', {}, picker, h('div', { class: 'graph-wrap' }, canvas, card, details), nodeTable),
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
    exportImage(format) {
      if (!cy) return undefined;
      const p = graphPalette(readCssVar);
      if (format === 'png') return cy.png({ full: true, scale: 2, bg: p.background, output: 'base64uri' }) as string;
      return graphToSvg(
        cy.nodes().map((n) => {
          const pos = n.position();
          const node = byId.get(n.id());
          return { id: n.id(), x: pos.x, y: pos.y, label: node?.caption ?? n.id(), mapped: (node?.variables.length ?? 0) > 0 };
        }),
        model.edges.map((e) => ({ source: e.source, target: e.target, label: e.type })),
        p,
      );
    },
    retheme() {
      cy?.style(styles(graphPalette(readCssVar), model.nodes.length > FORCE_LAYOUT_LIMIT));
    },
    dispose() {
      cy?.destroy();
    },
  };
}
