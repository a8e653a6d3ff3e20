/**
 * Graph elements for the Subgraphs view: nodes deduplicated by id across the selected subgraphs,
 * each carrying the pattern variables it was mapped to, and edges from the matched triples.
 */
import type { MatchedSubgraph, TraceEdge } from '../../src/contracts/retrievalResult';
import type { ExpandedEdge, ExpandedNode } from '../../src/contracts/inspector/messages';

export interface GraphNode {
  readonly id: string;
  readonly name: string;
  readonly labels: readonly string[];
  /** Pattern variables mapped to this node (in any selected subgraph). */
  readonly variables: readonly string[];
  /** Ranks of the selected subgraphs containing the node. */
  readonly ranks: readonly number[];
  /** What the canvas prints: `vow: The Vow` for one subgraph, the name alone for the union. */
  readonly caption: string;
  /** Drawn because a person expanded a neighbour, not because retrieval matched it. */
  readonly expanded: boolean;
}

export interface GraphEdge {
  /** Unique per (source, type, target). */
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly type: string;
  readonly patternEdges: readonly string[];
  readonly ranks: readonly number[];
  readonly expanded: boolean;
  /** An edge of STEM's guidance graph that no drawn subgraph uses (an overlay; see withGuidance). */
  readonly guidance?: boolean;
}

export interface GraphModel {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

/** Captions with the pattern variables (one subgraph) or names only (the union, where variables differ per subgraph). */
export type CaptionStyle = 'variables' | 'names';

/** The result's label lookup (RetrievalResult.nodeLabels): labels of nodes a subgraph names only in a triple or a trace. */
export type NodeLabels = Readonly<Record<string, readonly string[]>> | undefined;

export function graphModel(subgraphs: readonly MatchedSubgraph[], captions: CaptionStyle = 'variables', nodeLabels?: NodeLabels): GraphModel {
  const nodes = new Map<string, { name: string; labels: Set<string>; variables: Set<string>; ranks: Set<number> }>();
  const touch = (id: string, name: string, rank: number) => {
    let n = nodes.get(id);
    if (!n) nodes.set(id, (n = { name, labels: new Set(), variables: new Set(), ranks: new Set() }));
    n.ranks.add(rank);
    return n;
  };
  const edges = new Map<string, { source: string; target: string; type: string; patternEdges: Set<string>; ranks: Set<number> }>();
  for (const s of subgraphs) {
    for (const m of s.mapping) {
      const n = touch(m.nodeId, m.name, s.rank);
      n.variables.add(m.variable);
      for (const l of m.labels) n.labels.add(l);
    }
    for (const t of s.triples) {
      touch(t.source, t.sourceName, s.rank);
      touch(t.target, t.targetName, s.rank);
      const id = `${t.source}|${t.type}|${t.target}`;
      let e = edges.get(id);
      if (!e) edges.set(id, (e = { source: t.source, target: t.target, type: t.type, patternEdges: new Set(), ranks: new Set() }));
      if (t.edgeId !== undefined) e.patternEdges.add(t.edgeId);
      e.ranks.add(s.rank);
    }
  }
  return {
    nodes: [...nodes].map(([id, n]) => {
      const variables = [...n.variables];
      return {
        id,
        name: n.name,
        labels: n.labels.size > 0 ? [...n.labels] : [...(nodeLabels?.[id] ?? [])],
        variables,
        ranks: [...n.ranks].sort((a, b) => a - b),
        caption: captions === 'variables' && variables.length > 0 ? `${variables.join(', ')}: ${n.name}` : n.name,
        expanded: false,
      };
    }),
    edges: [...edges].map(([id, e]) => ({
      id,
      source: e.source,
      target: e.target,
      type: e.type,
      patternEdges: [...e.patternEdges],
      ranks: [...e.ranks].sort((a, b) => a - b),
      expanded: false,
    })),
  };
}

/** One answered "expand this node": the neighbours the host sent. */
export interface Expansion {
  readonly nodeId: string;
  readonly nodes: readonly ExpandedNode[];
  readonly edges: readonly ExpandedEdge[];
  readonly total: number;
}

/**
 * The model with expansions added, in the order they were made: an expansion counts only when
 * its node is drawn (matched, or added by an earlier expansion). New nodes and edges are marked
 * `expanded`; ones already drawn stay as they are.
 */
export function withExpansions(model: GraphModel, expansions: readonly Expansion[]): GraphModel {
  if (expansions.length === 0) return model;
  const nodes = [...model.nodes];
  const edges = [...model.edges];
  const nodeIds = new Set(nodes.map((n) => n.id));
  const edgeIds = new Set(edges.map((e) => e.id));
  for (const x of expansions) {
    if (!nodeIds.has(x.nodeId)) continue;
    for (const n of x.nodes) {
      if (nodeIds.has(n.id)) continue;
      nodeIds.add(n.id);
      nodes.push({ id: n.id, name: n.name, labels: [...n.labels], variables: [], ranks: [], caption: n.name, expanded: true });
    }
    for (const e of x.edges) {
      const id = `${e.source}|${e.type}|${e.target}`;
      if (edgeIds.has(id) || !nodeIds.has(e.source) || !nodeIds.has(e.target)) continue;
      edgeIds.add(id);
      edges.push({ id, source: e.source, target: e.target, type: e.type, patternEdges: [], ranks: [], expanded: true });
    }
  }
  return { nodes, edges };
}

/** Places `count` new nodes on a circle around `centre` (where an expanded node's neighbours go). */
export function ringPositions(centre: Point, count: number, radius = 110): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / Math.max(count, 1) - Math.PI / 2;
    out.push({ x: centre.x + radius * Math.cos(a), y: centre.y + radius * Math.sin(a) });
  }
  return out;
}

/** Labels of the drawn nodes with how many nodes carry each, for the legend (name order). */
export function labelCounts(model: GraphModel): Array<readonly [label: string, count: number]> {
  const counts = new Map<string, number>();
  for (const n of model.nodes) for (const l of n.labels.length > 0 ? n.labels : ['(no label)']) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0].localeCompare(b[0]));
}

/** The label a node is coloured by: its first, or '(no label)'. */
export function colourLabel(node: GraphNode): string {
  return node.labels[0] ?? '(no label)';
}

/**
 * Which subgraphs the view shows: one rank, or the union of all drawn once with one rank
 * highlighted (its nodes and edges in full colour, the rest faded).
 */
export type SubgraphSelection = { readonly kind: 'one'; readonly rank: number } | { readonly kind: 'all'; readonly rank: number };

export function selectSubgraphs(all: readonly MatchedSubgraph[], selection: SubgraphSelection): MatchedSubgraph[] {
  return selection.kind === 'all' ? [...all] : all.filter((s) => s.rank === selection.rank);
}

/** The rank before/after `rank` in `ranks` (sorted), clamped at the ends. */
export function stepRank(ranks: readonly number[], rank: number, step: -1 | 1): number {
  const i = ranks.indexOf(rank);
  if (i < 0) return ranks[0] ?? rank;
  return ranks[Math.min(Math.max(i + step, 0), ranks.length - 1)]!;
}

export type LayoutName = 'cose' | 'layered' | 'grid';

/** Nodes above which the force layout is replaced by the linear-time layered one. */
export const FORCE_LAYOUT_LIMIT = 300;

/**
 * Force layout (cose) while it is cheap; the layered layout below for big sets, where cose's
 * quadratic iterations would freeze the webview; a grid when there are no edges at all.
 */
export function chooseLayout(model: GraphModel): LayoutName {
  if (model.edges.length === 0) return 'grid';
  return model.nodes.length <= FORCE_LAYOUT_LIMIT ? 'cose' : 'layered';
}

/** A node's properties for the hover card, in display order. */
export function nodeProperties(node: GraphNode): Array<readonly [string, string]> {
  return [
    ['name', node.name],
    ['labels', node.labels.join(', ') || '—'],
    ['id', node.id],
    ['variables', node.variables.join(', ') || '—'],
    ['subgraphs', node.expanded ? 'none (an expanded neighbour)' : node.ranks.map((r) => `#${r}`).join(' ')],
  ];
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * A layered layout in linear time for big graphs: each connected component is layered by
 * breadth-first distance from its sources (nodes without incoming edges), components are packed
 * in rows. Cytoscape's own layouts are quadratic-ish at thousands of nodes.
 */
export function layeredPositions(model: GraphModel, dx = 110, dy = 80): Map<string, Point> {
  const ids = model.nodes.map((n) => n.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const adjacent: number[][] = ids.map(() => []);
  const incoming = new Array<number>(ids.length).fill(0);
  for (const e of model.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined) continue;
    adjacent[s]!.push(t);
    adjacent[t]!.push(s);
    if (s !== t) incoming[t]!++;
  }
  const component = new Array<number>(ids.length).fill(-1);
  const components: number[][] = [];
  for (let i = 0; i < ids.length; i++) {
    if (component[i] !== -1) continue;
    const members: number[] = [];
    const stack = [i];
    component[i] = components.length;
    while (stack.length > 0) {
      const v = stack.pop()!;
      members.push(v);
      for (const w of adjacent[v]!) if (component[w] === -1) (component[w] = components.length), stack.push(w);
    }
    components.push(members.sort((a, b) => a - b));
  }

  const blocks = components.map((members) => {
    const depth = new Map<number, number>();
    const roots = members.filter((v) => incoming[v] === 0);
    const queue = roots.length > 0 ? roots : [members[0]!];
    for (const r of queue) depth.set(r, 0);
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      for (const w of adjacent[v]!) if (!depth.has(w)) depth.set(w, depth.get(v)! + 1), queue.push(w);
    }
    const layers: number[][] = [];
    for (const v of queue) (layers[depth.get(v)!] ??= []).push(v);
    const width = Math.max(...layers.map((l) => l.length));
    return { layers, width, height: layers.length };
  });

  const totalArea = blocks.reduce((a, b) => a + b.width * dx * b.height * dy, 0);
  const rowLimit = Math.max(Math.sqrt(totalArea) * 1.5, dx);
  const positions = new Map<string, Point>();
  let x0 = 0;
  let y0 = 0;
  let rowHeight = 0;
  for (const b of blocks) {
    const w = b.width * dx;
    if (x0 > 0 && x0 + w > rowLimit) {
      x0 = 0;
      y0 += rowHeight + dy;
      rowHeight = 0;
    }
    b.layers.forEach((layer, d) => {
      const offset = ((b.width - layer.length) * dx) / 2;
      layer.forEach((v, k) => positions.set(ids[v]!, { x: x0 + offset + k * dx, y: y0 + d * dy }));
    });
    x0 += w + dx / 2;
    rowHeight = Math.max(rowHeight, b.height * dy);
  }
  return positions;
}

/**
 * STEM's guidance graph as an overlay: its edges that the drawn model lacks, between nodes it
 * holds or adds (guidance entities not in any subgraph appear as plain nodes). Marked `guidance`.
 */
export function withGuidance(model: GraphModel, overlay: readonly TraceEdge[] | undefined, nodeLabels?: NodeLabels): GraphModel {
  if (!overlay || overlay.length === 0) return model;
  const nodes = [...model.nodes];
  const edges = [...model.edges];
  const nodeIds = new Set(nodes.map((n) => n.id));
  const edgeIds = new Set(edges.map((e) => e.id));
  for (const t of overlay) {
    const id = `${t.source}|${t.type}|${t.target}`;
    if (edgeIds.has(id)) continue;
    for (const [nid, name] of [[t.source, t.sourceName], [t.target, t.targetName]] as const) {
      if (nodeIds.has(nid)) continue;
      nodeIds.add(nid);
      nodes.push({ id: nid, name, labels: [...(nodeLabels?.[nid] ?? [])], variables: [], ranks: [], caption: name, expanded: false });
    }
    edgeIds.add(id);
    edges.push({ id, source: t.source, target: t.target, type: t.type, patternEdges: [], ranks: [], expanded: false, guidance: true });
  }
  return { nodes, edges };
}
