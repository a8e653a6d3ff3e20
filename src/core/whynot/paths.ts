import type { PathPattern } from '../../contracts/whyNot';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { AnalysisGraph } from './graph';
import { nodeOf } from './names';

/**
 * The shortest undirected path in the graph from any of `from` to any of `to` (breadth first,
 * both edge directions, at most maxHops), written as a pattern. Typed arrays: one visit mark and
 * one parent per node, so a 40k-node graph costs two small allocations. Each hop reads its
 * frontier's edges from the analysis graph (in the store: one statement per hop), in the
 * snapshot's order, so both placements find the same path.
 */
export async function shortestPath(graph: AnalysisGraph, from: readonly number[], to: readonly number[], maxHops: number): Promise<PathPattern | undefined> {
  const snap = graph.index;
  const N = snap.nodeCount;
  const goal = new Uint8Array(N);
  for (const g of to) goal[g] = 1;
  const parent = new Int32Array(N).fill(-1);
  const parentRel = new Int32Array(N);
  const parentForward = new Uint8Array(N);
  const seen = new Uint8Array(N);
  let frontier: number[] = [];
  for (const g of from) {
    if (seen[g]) continue;
    seen[g] = 1;
    frontier.push(g);
    if (goal[g]) return render(snap, g, parent, parentRel, parentForward);
  }
  for (let hop = 1; hop <= maxHops && frontier.length > 0; hop++) {
    const next: number[] = [];
    const { outOffsets, outTargets, outRels, inOffsets, inSources, inRels } = await graph.edgesOf(frontier);
    for (const v of frontier) {
      for (let dir = 1; dir >= 0; dir--) {
        const offs = dir === 1 ? outOffsets : inOffsets;
        const others = dir === 1 ? outTargets : inSources;
        const rels = dir === 1 ? outRels : inRels;
        for (let j = offs[v]!; j < offs[v + 1]!; j++) {
          const u = others[j]!;
          if (seen[u]) continue;
          seen[u] = 1;
          parent[u] = v;
          parentRel[u] = rels[j]!;
          parentForward[u] = dir;
          if (goal[u]) return render(snap, u, parent, parentRel, parentForward);
          next.push(u);
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

function render(snap: SearchIndex, end: number, parent: Int32Array, parentRel: Int32Array, parentForward: Uint8Array): PathPattern {
  const chain: number[] = [end];
  while (parent[chain[0]!]! >= 0) chain.unshift(parent[chain[0]!]!);
  const edges = chain.slice(1).map((g) => ({ type: snap.data.relationNames[parentRel[g]!]!, forward: parentForward[g] === 1 }));
  let pattern = `(${JSON.stringify(snap.names.get(chain[0]!))})`;
  chain.slice(1).forEach((g, i) => {
    const e = edges[i]!;
    pattern += e.forward ? `-[${e.type}]->` : `<-[${e.type}]-`;
    pattern += `(${JSON.stringify(snap.names.get(g))})`;
  });
  return { pattern, hops: edges.length, nodes: chain.map((g) => nodeOf(snap, g)), edges };
}
