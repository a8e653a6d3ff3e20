/**
 * Hop limit (KGP216). MoR walks each reasoning path to the target one hop per step and its paper
 * caps paths at 3 nodes; SimGRAG's benchmarks stop at 3-hop patterns. The distance that matters is
 * how far the farthest node lies from a target (multi-source BFS from the targets). A part of the
 * pattern with no target is measured by its longest shortest path (double-sweep BFS, exact on
 * trees, which most patterns are). Linear in the plan's size.
 */
import type { Diagnostic } from '../diagnostics';
import { CHECK } from './codes';
import { nodeName, type PlanScope } from './planScope';

export const DEFAULT_HOP_LIMIT = 3;

export function hopCheck(scope: PlanScope, hopLimit: number, out: Diagnostic[]): void {
  if (scope.edges.length <= hopLimit) return; // cannot be longer than its edge count
  const keys = [...scope.nodes.keys()];
  const index = new Map(keys.map((k, i) => [k, i]));
  const adjacency: number[][] = keys.map(() => []);
  for (const e of scope.edges) {
    const a = index.get(e.left.key)!;
    const b = index.get(e.right.key)!;
    adjacency[a]!.push(b);
    adjacency[b]!.push(a);
  }
  // One pair of arrays for every BFS; each run resets only the nodes it reached, so a plan of
  // many small parts stays linear.
  const dist = new Int32Array(keys.length).fill(-1);
  const from = new Int32Array(keys.length).fill(-1);
  const queue: number[] = [];
  /** BFS from `sources`; returns the farthest node. Leaves dist/from set for the reached nodes. */
  const bfs = (sources: readonly number[]): number => {
    for (const u of queue) {
      dist[u] = -1;
      from[u] = -1;
    }
    queue.length = 0;
    for (const s of sources) {
      dist[s] = 0;
      from[s] = s;
      queue.push(s);
    }
    let far = sources[0]!;
    for (let h = 0; h < queue.length; h++) {
      const u = queue[h]!;
      if (dist[u]! > dist[far]!) far = u;
      for (const v of adjacency[u]!) {
        if (dist[v] === -1) {
          dist[v] = dist[u]! + 1;
          from[v] = from[u]!;
          queue.push(v);
        }
      }
    }
    return far;
  };

  const targets = (scope.plan.returns?.targets ?? []).map((t) => index.get(t.name)).filter((i): i is number => i !== undefined);
  const done = new Uint8Array(keys.length);
  const report = (node: number, hops: number, to: number, viaTarget: boolean): void => {
    const s = scope.nodes.get(keys[node]!)!;
    const other = scope.nodes.get(keys[to]!)!;
    out.push({
      range: s.occurrences[0]!.range,
      severity: 'warning',
      code: CHECK.hopLimit,
      message: viaTarget
        ? `${nodeName(s)} is ${hops} hops from the target ${nodeName(other)}; the hop limit is ${hopLimit} (retrieval quality drops on longer paths — split the question or raise the limit)`
        : `this pattern has a path of ${hops} hops between ${nodeName(s)} and ${nodeName(other)}; the hop limit is ${hopLimit}`,
    });
  };

  if (targets.length > 0) {
    const far = bfs(targets);
    for (const u of queue) done[u] = 1;
    if (dist[far]! > hopLimit) report(far, dist[far]!, from[far]!, true);
  }
  for (let i = 0; i < keys.length; i++) {
    if (done[i]) continue;
    const end = bfs([i]);
    for (const u of queue) done[u] = 1;
    const far = bfs([end]);
    if (dist[far]! > hopLimit) report(far, dist[far]!, end, false);
  }
}
