/**
 * Graph elements for the Subgraphs view: nodes deduplicated by id across the selected subgraphs,
 * each carrying the pattern variables it was mapped to, and edges from the matched triples.
 */
import type { MatchedSubgraph } from '../../src/core/retrieve/result';

export interface GraphNode {
  readonly id: string;
  readonly name: string;
  readonly labels: readonly string[];
  /** Pattern variables mapped to this node (in any selected subgraph). */
  readonly variables: readonly string[];
  /** Ranks of the selected subgraphs containing the node. */
  readonly ranks: readonly number[];
  /** What the canvas prints: `vow: The Vow`. */
  readonly caption: string;
}

export interface GraphEdge {
  /** Unique per (source, type, target). */
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly type: string;
  readonly patternEdges: readonly string[];
}

export interface GraphModel {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

export function graphModel(subgraphs: readonly MatchedSubgraph[]): GraphModel {
  const nodes = new Map<string, { name: string; labels: Set<string>; variables: Set<string>; ranks: Set<number> }>();
  const touch = (id: string, name: string, rank: number) => {
    let n = nodes.get(id);
    if (!n) nodes.set(id, (n = { name, labels: new Set(), variables: new Set(), ranks: new Set() }));
    n.ranks.add(rank);
    return n;
  };
  const edges = new Map<string, { source: string; target: string; type: string; patternEdges: Set<string> }>();
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
      if (!e) edges.set(id, (e = { source: t.source, target: t.target, type: t.type, patternEdges: new Set() }));
      if (t.edgeId !== undefined) e.patternEdges.add(t.edgeId);
    }
  }
  return {
    nodes: [...nodes].map(([id, n]) => {
      const variables = [...n.variables];
      return {
        id,
        name: n.name,
        labels: [...n.labels],
        variables,
        ranks: [...n.ranks].sort((a, b) => a - b),
        caption: variables.length > 0 ? `${variables.join(', ')}: ${n.name}` : n.name,
      };
    }),
    edges: [...edges].map(([id, e]) => ({ id, source: e.source, target: e.target, type: e.type, patternEdges: [...e.patternEdges] })),
  };
}

/** Which subgraphs the view shows: one rank, or all of them overlaid. */
export type SubgraphSelection = { readonly kind: 'one'; readonly rank: number } | { readonly kind: 'all' };

export function selectSubgraphs(all: readonly MatchedSubgraph[], selection: SubgraphSelection): MatchedSubgraph[] {
  return selection.kind === 'all' ? [...all] : all.filter((s) => s.rank === selection.rank);
}

export type LayoutName = 'cose' | 'breadthfirst' | 'grid';

/**
 * Force layout while it is cheap; a layered (breadth-first) layout for big sets, where cose's
 * quadratic iterations would freeze the webview; a grid when there are no edges at all.
 */
export function chooseLayout(model: GraphModel): LayoutName {
  if (model.edges.length === 0) return 'grid';
  return model.nodes.length <= 300 ? 'cose' : 'breadthfirst';
}

/** Roots for the layered layout: nodes mapped to a pattern variable that only send edges. */
export function layerRoots(model: GraphModel): string[] {
  const hasIncoming = new Set(model.edges.map((e) => e.target));
  return model.nodes.filter((n) => !hasIncoming.has(n.id)).map((n) => n.id);
}

/** A node's properties for the hover card, in display order. */
export function nodeProperties(node: GraphNode): Array<readonly [string, string]> {
  return [
    ['name', node.name],
    ['labels', node.labels.join(', ') || '—'],
    ['id', node.id],
    ['variables', node.variables.join(', ') || '—'],
    ['subgraphs', node.ranks.map((r) => `#${r}`).join(' ')],
  ];
}
