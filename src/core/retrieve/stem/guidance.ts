import type { SearchIndex } from '../snapshot/snapshot';
import { memoryAdjacency, type Adjacency } from '../store/storeEdges';

/**
 * STEM's Global Guidance Subgraph (§3.3) behind an interface. The paper scores every entity with a
 * trained Triple-GNN (node probabilities P_Q, Eq. 6) and keeps the top K = 4·|T|; we ship no
 * trained model, so the default provider is personalised PageRank from the question entities'
 * candidates, walking edges in proportion to how plan-like their relation is. A trained scorer
 * plugs in by implementing `GuidanceProvider` (score nodes, return the top K): the search only
 * reads `has(node)` and the scores.
 */
export interface GuidanceInput {
  readonly snapshot: SearchIndex;
  /** Restart distribution: the question entities' anchor candidates, weighted by similarity. */
  readonly seeds: readonly { readonly node: number; readonly weight: number }[];
  /** Per relation id: how close the relation is to the plan's relations (0…1). */
  readonly relationWeight: Float64Array;
  /** K: how many entities the guidance graph holds. */
  readonly k: number;
  /** Store placement: what the store returned so far (storeStem.ts replays the walk until nothing it needs is missing); absent: the snapshot. */
  readonly graph?: GuidanceGraphAccess;
}

/** The part of the graph a walk in store placement can see, in the index's numbering. */
export interface GuidanceGraphAccess {
  /** Edges read so far; a node is `complete` when all its edges (every type) are among them, in the snapshot's order. */
  readonly edges: Adjacency;
  complete(node: number): boolean;
  /** A node's weighted degree summed in the snapshot's edge order, from its edge counts per type; undefined when not read. */
  degree(node: number, weight: Float64Array): number | undefined;
  /** What the walk needed and was not there: the replay reads it and walks again. */
  missing(node: number, what: 'edges' | 'degree'): void;
}

export interface GuidanceGraph {
  readonly provider: string;
  /** The guidance entities N′_Q, best first, with their scores. */
  readonly nodes: Int32Array;
  readonly scores: Float64Array;
  has(node: number): boolean;
  /** Score of a node (0 outside the guidance graph): breaks ties between equal T-Scores. */
  scoreOf(node: number): number;
}

export interface GuidanceProvider {
  readonly name: string;
  guide(input: GuidanceInput): GuidanceGraph;
}

export function guidanceGraph(provider: string, nodes: Int32Array, scores: Float64Array): GuidanceGraph {
  const at = new Map<number, number>();
  nodes.forEach((v, i) => at.set(v, scores[i]!));
  return { provider, nodes, scores, has: (v) => at.has(v), scoreOf: (v) => at.get(v) ?? 0 };
}

/** No guidance: no entity or triple bias (the paper's "w/o I_Ent, I_Tri" ablation). */
export const noGuidance: GuidanceProvider = {
  name: 'none',
  guide: () => guidanceGraph('none', new Int32Array(0), new Float64Array(0)),
};

export interface PprOptions {
  /** Restart probability (0.15). */
  readonly restart?: number;
  /** Push threshold on residual per unit of weighted degree (1e-4). */
  readonly epsilon?: number;
  /** Cap on pushes (hubs are expensive; their residual rarely reaches the threshold anyway). */
  readonly maxPushes?: number;
  /** Floor weight of a relation unlike every plan relation, so the walk can still cross it. */
  readonly floor?: number;
}

/**
 * Approximate personalised PageRank by forward push (Andersen, Chung, Lang 2006), undirected, the
 * transition from u along edge e proportional to the weight of e's relation. A node is pushed when
 * its residual exceeds ε × its weighted degree, so hubs (a genre with 10 000 films) are pushed only
 * when a large share of the mass reaches them: cost is bounded by the pushes, not the graph.
 */
const scratch = new WeakMap<SearchIndex, { p: Float64Array; r: Float64Array; deg: Float64Array; queued: Uint8Array }>();

export function pprGuidance(options: PprOptions = {}): GuidanceProvider {
  const alpha = options.restart ?? 0.15;
  const eps = options.epsilon ?? 1e-4;
  const maxPushes = options.maxPushes ?? 5000;
  const floor = options.floor ?? 0.01;
  return {
    name: 'ppr',
    guide(input: GuidanceInput): GuidanceGraph {
      const graph = input.graph;
      const d = graph ? graph.edges : memoryAdjacency(input.snapshot);
      const n = input.snapshot.nodeCount;
      const w = input.relationWeight.map((x) => Math.max(floor, Math.min(1, x)));
      let total = 0;
      for (const s of input.seeds) total += Math.max(0, s.weight);
      if (total <= 0) return guidanceGraph('ppr', new Int32Array(0), new Float64Array(0));
      // Scratch arrays per snapshot, reset through the touched list (no per-query O(n) zeroing).
      let sc = scratch.get(input.snapshot);
      if (!sc) scratch.set(input.snapshot, (sc = { p: new Float64Array(n), r: new Float64Array(n), deg: new Float64Array(n).fill(-1), queued: new Uint8Array(n) }));
      const { p, r, deg, queued } = sc;
      const touched: number[] = [];
      const touch = (u: number): void => {
        if (deg[u]! < 0) {
          // In the store: a node whose edges were not all read has its degree from its counts per type.
          let s = graph && !graph.complete(u) ? graph.degree(u, w) : undefined;
          if (s === undefined) {
            if (graph && !graph.complete(u)) {
              graph.missing(u, 'degree');
              // Not pushed in this run: its degree from the edges read so far is too small, and
              // pushing it would read all its edges next (a hub's tens of thousands at MetaQA ×40),
              // which the walk on the whole graph may never need. Its degree is read first.
              queued[u] = 2;
            }
            s = 0;
            for (let j = d.outOffsets[u]!; j < d.outOffsets[u + 1]!; j++) s += w[d.outRels[j]!]!;
            for (let j = d.inOffsets[u]!; j < d.inOffsets[u + 1]!; j++) s += w[d.inRels[j]!]!;
          }
          deg[u] = s;
          touched.push(u);
        }
      };
      const queue: number[] = [];
      let head = 0;
      const enqueue = (u: number): void => {
        if (queued[u] || deg[u]! <= 0 || r[u]! <= eps * deg[u]!) return;
        queued[u] = 1;
        queue.push(u);
      };
      for (const s of input.seeds) {
        if (s.weight <= 0) continue;
        touch(s.node);
        r[s.node] = r[s.node]! + s.weight / total;
      }
      for (const s of input.seeds) enqueue(s.node);
      let pushes = 0;
      while (head < queue.length && pushes < maxPushes) {
        const u = queue[head++]!;
        queued[u] = 0;
        const ru = r[u]!;
        const du = deg[u]!;
        if (du <= 0 || ru <= eps * du) continue;
        pushes++;
        if (graph && !graph.complete(u)) graph.missing(u, 'edges');
        p[u] = p[u]! + alpha * ru;
        r[u] = 0;
        const share = ((1 - alpha) * ru) / du;
        for (let dir = 0; dir < 2; dir++) {
          const offs = dir === 0 ? d.outOffsets : d.inOffsets;
          const others = dir === 0 ? d.outTargets : d.inSources;
          const rels = dir === 0 ? d.outRels : d.inRels;
          for (let j = offs[u]!; j < offs[u + 1]!; j++) {
            const v = others[j]!;
            touch(v);
            r[v] = r[v]! + share * w[rels[j]!]!;
            enqueue(v);
          }
        }
      }
      const ranked: [number, number][] = [];
      for (const u of touched) if (p[u]! > 0) ranked.push([u, p[u]!]);
      ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      for (const u of touched) {
        p[u] = 0;
        r[u] = 0;
        deg[u] = -1;
        queued[u] = 0;
      }
      const top = ranked.slice(0, input.k);
      return guidanceGraph('ppr', Int32Array.from(top, (x) => x[0]), Float64Array.from(top, (x) => x[1]));
    },
  };
}
