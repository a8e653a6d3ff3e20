/**
 * MoR's decomposition of a planning graph into reasoning paths (algorithms.md A.2.1): every path
 * runs from a leaf to the target; mixed traversal follows each path layer by layer and intersects
 * the last layers. Edge direction does not matter here (MoR's structural step uses neighbours),
 * so the decomposition walks the plan as an undirected graph: a breadth-first tree from the
 * target, one path per leaf of that tree.
 */
import type { PlanNode, PlanningGraph } from './planningGraph';
import type { PlanDiagnostic } from './planDiagnostics';

export interface ReasoningStep {
  /** The plan edge taken from the previous node to `node`. */
  readonly edge: string;
  /** True when the edge's stored direction (source → target) is the direction of travel. */
  readonly forward: boolean;
}

export interface ReasoningPath {
  /** Node ids from the path's first node (a leaf, where traversal starts) to the target. */
  readonly nodes: readonly string[];
  /** steps[i] connects nodes[i] → nodes[i + 1]. */
  readonly steps: readonly ReasoningStep[];
}

export interface ReasoningPaths {
  /** The target all paths end at; undefined when the plan names none. */
  readonly target?: string;
  /** Ordered by the position of their first node in the plan. */
  readonly paths: readonly ReasoningPath[];
  readonly diagnostics: PlanDiagnostic[];
}

export const REASONING_CODES = {
  noTarget: 'mor-no-target',
  severalTargets: 'mor-several-targets',
  edgeOffPath: 'mor-edge-not-on-path',
  unreachable: 'mor-node-unreachable',
} as const;

/**
 * Decomposes `pg` into reasoning paths ending at `target` (default: the plan's first target).
 * A plan with a single node gives one path of length one. Edges that close a cycle are on no path
 * (reported), and so are nodes not connected to the target.
 */
export function reasoningPaths(pg: PlanningGraph, target?: string): ReasoningPaths {
  const diagnostics: PlanDiagnostic[] = [];
  const t = target ?? pg.targets[0];
  if (t === undefined || !pg.nodes.some((n) => n.id === t)) {
    diagnostics.push({ severity: 'error', code: REASONING_CODES.noTarget, message: t === undefined ? 'The plan names no target, so it has no reasoning paths (add a return).' : `The target ${t} is not a node of the plan.` });
    return { paths: [], diagnostics };
  }
  if (target === undefined && pg.targets.length > 1) {
    diagnostics.push({ severity: 'warning', code: REASONING_CODES.severalTargets, message: `MoR paths converge on one target; using ${t} (of ${pg.targets.join(', ')}).` });
  }
  const order = new Map<string, number>(pg.nodes.map((n: PlanNode, i) => [n.id, i]));
  const adjacency = new Map<string, { edge: string; other: string; forward: boolean }[]>();
  for (const e of pg.edges) {
    if (!order.has(e.source) || !order.has(e.target)) continue;
    // Travelling towards the target means going from child to parent: record, for each node, the
    // neighbour and whether source → target points that way.
    adjacency.set(e.source, [...(adjacency.get(e.source) ?? []), { edge: e.id, other: e.target, forward: true }]);
    if (e.target !== e.source) adjacency.set(e.target, [...(adjacency.get(e.target) ?? []), { edge: e.id, other: e.source, forward: false }]);
  }
  // Breadth-first from the target: parent pointers give each node its way to the target.
  const parent = new Map<string, { node: string; edge: string; forward: boolean } | null>([[t, null]]);
  const treeEdges = new Set<string>();
  const queue = [t];
  for (let qi = 0; qi < queue.length; qi++) {
    const v = queue[qi]!;
    for (const a of adjacency.get(v) ?? []) {
      if (parent.has(a.other)) continue;
      // Travel runs a.other → v: forward when the edge's source is a.other, i.e. !a.forward.
      parent.set(a.other, { node: v, edge: a.edge, forward: !a.forward });
      treeEdges.add(a.edge);
      queue.push(a.other);
    }
  }
  const hasChild = new Set<string>();
  for (const [, p] of parent) if (p) hasChild.add(p.node);
  const leaves = [...parent.keys()].filter((v) => !hasChild.has(v) && (v !== t || parent.size === 1));
  leaves.sort((a, b) => order.get(a)! - order.get(b)!);
  const paths: ReasoningPath[] = leaves.map((leaf) => {
    const nodes = [leaf];
    const steps: ReasoningStep[] = [];
    for (let p = parent.get(leaf); p; p = parent.get(p.node)) {
      steps.push({ edge: p.edge, forward: p.forward });
      nodes.push(p.node);
    }
    return { nodes, steps };
  });
  for (const e of pg.edges) {
    if (!treeEdges.has(e.id) && parent.has(e.source) && parent.has(e.target)) {
      diagnostics.push({ severity: 'warning', code: REASONING_CODES.edgeOffPath, message: `Edge ${e.source}–${e.target} closes a cycle; MoR follows paths, so it is not on any reasoning path.`, element: { kind: 'edge', id: e.id } });
    }
  }
  for (const n of pg.nodes) {
    if (!parent.has(n.id)) diagnostics.push({ severity: 'warning', code: REASONING_CODES.unreachable, message: `${n.id} is not connected to the target ${t}, so no reasoning path passes through it.`, element: { kind: 'node', id: n.id } });
  }
  return { target: t, paths, diagnostics };
}
