import type { CandidateList, TypedNode } from '../result';
import type { SearchIndex } from '../snapshot/snapshot';
import type { GsdProblem } from './problem';

/**
 * What a resolved problem (problem.ts) tells a reader, for every strategy that resolves plans
 * through it (gsd, mor): which labels each typed node was given and why, and the ranked
 * candidates of each phrase with the relationship types the endpoints' labels excluded.
 */
export function typedNodes(problem: GsdProblem, snap: SearchIndex): TypedNode[] {
  return problem.nodes.flatMap((n) =>
    n.type === undefined ? [] : [{ variable: n.variable, type: n.type.text, labels: n.type.labels.map((l) => snap.data.labelNames[l]!), how: n.type.how, detail: n.type.detail, ...(n.type.how !== 'none' && n.type.distance !== undefined ? { distance: n.type.distance } : {}), ...(n.role !== undefined ? { role: true } : {}) }],
  );
}

export function candidateLists(problem: GsdProblem, snap: SearchIndex, limit: number): CandidateList[] {
  const out: CandidateList[] = [];
  for (const n of problem.nodes) {
    if (!n.known || n.patternText === undefined) continue;
    const candidates = Array.from(n.nodes.subarray(0, limit), (g, i) => ({ text: snap.names.get(g), id: snap.data.nodeIds.get(g), distance: n.dists[i] }));
    out.push({ element: 'node', ref: n.variable, patternText: n.patternText, candidates });
  }
  for (const e of problem.edges) {
    if (!e.known || e.patternText === undefined) continue;
    const candidates = Array.from(e.rels.subarray(0, limit), (r) => {
      const via = e.via?.[r];
      return { text: snap.data.relationNames[r]!, distance: e.relDist[r]!, ...(via !== undefined ? { via } : {}) };
    });
    const excluded = (e.excluded ?? []).map((x) => ({ text: snap.data.relationNames[x.rel]!, reason: x.reason }));
    out.push({ element: 'edge', ref: e.edgeId, patternText: e.patternText, candidates, ...(excluded.length > 0 ? { excluded } : {}) });
  }
  return out;
}
