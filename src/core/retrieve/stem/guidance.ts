import type { SearchIndex } from '../snapshot/snapshot';
import { memoryAdjacency, type Adjacency } from '../store/storeEdges';
import type { NodeEdges } from '../snapshot/fileDegrees';

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
  /**
   * The store's own sum of a node's edge weights (`weight` per edge, summed in its order), within a
   * relative ESTIMATE_MARGIN of `degree`'s; undefined when not read. Bounds only: it settles whether
   * a node is pushed when its residual is clearly below or above, never the floats of a push.
   */
  estimate?(node: number, weight: Float64Array): number | undefined;
  /** What the walk needed and was not there: the replay reads it and walks again. */
  missing(node: number, what: 'edges' | 'degree'): void;
  /**
   * Set when every degree the walk asks for is exact (`degree` never undefined, no `estimate`):
   * the walk's state just before its first push of a node without all its edges is memory's
   * (every push before used complete edges, every enqueue exact degrees), so it is kept here and
   * the next replay resumes from it instead of walking that prefix again. Opaque to the caller.
   */
  readonly resume?: { state?: unknown };
  /**
   * A pushed node's whole edge lists, when the access has every node's at hand (storeStem.ts's
   * forecast on the index file's graph): a push spreads along them instead of `edges`.
   */
  lists?(node: number): NodeEdges;
  /** Told of every push (the forecast collects the nodes whose edges the walk needs). */
  pushed?(node: number): void;
}

/**
 * How far a weighted degree summed in another order may be from ours, relative: n additions of
 * positive terms differ by at most n·2⁻⁵³ of the sum each, 1e-6 holds for up to 10⁹ edges a node.
 */
export const ESTIMATE_MARGIN = 1e-6;

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
/**
 * The walk's state of the nodes it touches, by slot in first-touch order (node, estimate p,
 * residual r, weighted degree, queue mark), found through an open-addressing table: nothing of the
 * graph's size (three Float64Arrays over every node were 36 MB at MetaQA ×40, for a walk that
 * touches thousands).
 */
class WalkState {
  node = new Int32Array(256);
  p = new Float64Array(256);
  r = new Float64Array(256);
  deg = new Float64Array(256);
  /** Store placement, a node whose degree is not known (queued 3): an upper bound on it (`deg` holds a lower one). */
  hi = new Float64Array(256);
  /**
   * 1: queued; store placement: 3: its degree is not known, `deg` holds a lower bound; 2: the same,
   * and the residual passed the bound, so it is not pushed in this run (its degree is read).
   */
  queued = new Uint8Array(256);
  size = 0;
  /** Whether the last `slot` call added the node. */
  added = false;
  private table = new Int32Array(512).fill(-1);
  /** 32 − log2(table size): a node's home bucket is the top bits of its multiplicative hash. */
  private shift = 23;

  /** A copy (a resumed walk goes on from it while this one is replaced). */
  copy(): WalkState {
    const c = new WalkState();
    c.node = this.node.slice();
    c.p = this.p.slice();
    c.r = this.r.slice();
    c.deg = this.deg.slice();
    c.hi = this.hi.slice();
    c.queued = this.queued.slice();
    c.size = this.size;
    c.table = this.table.slice();
    c.shift = this.shift;
    return c;
  }

  /** The node's slot, or -1. */
  find(u: number): number {
    const mask = this.table.length - 1;
    for (let h = Math.imul(u, 0x9e3779b1) >>> this.shift; ; h = (h + 1) & mask) {
      const s = this.table[h]!;
      if (s < 0 || this.node[s] === u) return s;
    }
  }

  /** The node's slot, added (p = r = 0, degree -1) when new. */
  slot(u: number): number {
    const found = this.find(u);
    this.added = found < 0;
    if (found >= 0) return found;
    if (this.size === this.node.length) this.grow();
    const s = this.size++;
    this.node[s] = u;
    this.deg[s] = -1;
    this.place(s);
    return s;
  }

  private place(s: number): void {
    const mask = this.table.length - 1;
    let h = Math.imul(this.node[s]!, 0x9e3779b1) >>> this.shift;
    while (this.table[h]! >= 0) h = (h + 1) & mask;
    this.table[h] = s;
  }

  private grow(): void {
    const cap = 2 * this.node.length;
    const more = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.node = more(this.node, (n) => new Int32Array(n));
    this.p = more(this.p, (n) => new Float64Array(n));
    this.r = more(this.r, (n) => new Float64Array(n));
    this.deg = more(this.deg, (n) => new Float64Array(n));
    this.hi = more(this.hi, (n) => new Float64Array(n));
    this.queued = more(this.queued, (n) => new Uint8Array(n));
    this.table = new Int32Array(2 * cap).fill(-1);
    this.shift--;
    for (let s = 0; s < this.size; s++) this.place(s);
  }
}

/** A walk's state before its first push of a node whose edges were not read (GuidanceGraphAccess.resume). */
interface Checkpoint {
  readonly st: WalkState;
  /** The queue from that push on. */
  readonly queue: number[];
  readonly pushes: number;
}

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
      const w = input.relationWeight.map((x) => Math.max(floor, Math.min(1, x)));
      let total = 0;
      for (const s of input.seeds) total += Math.max(0, s.weight);
      if (total <= 0) return guidanceGraph('ppr', new Int32Array(0), new Float64Array(0));
      const resumed = graph?.resume?.state as Checkpoint | undefined;
      const st = resumed ? resumed.st.copy() : new WalkState();
      const touch = (u: number): number => {
        const slot = st.slot(u);
        if (!st.added) return slot;
        // In the store: a node whose edges were not all read has its degree from its counts per type.
        let s = graph && !graph.complete(u) ? graph.degree(u, w) : undefined;
        if (s === undefined && graph && !graph.complete(u)) {
          // Without its degree: bounds on it (a hub touched by one push is thousands of neighbours,
          // most of which never need more). The store's own sum of the weights, within a relative
          // ESTIMATE_MARGIN of ours, or else the sum over the edges read so far (a subset of the
          // same positive terms in the same order: at most the degree, no upper bound).
          st.queued[slot] = 3;
          const e = graph.estimate?.(u, w);
          if (e !== undefined) {
            st.deg[slot] = e * (1 - ESTIMATE_MARGIN);
            st.hi[slot] = e * (1 + ESTIMATE_MARGIN);
            return slot;
          }
          st.hi[slot] = Infinity;
        }
        if (s === undefined) {
          s = 0;
          for (let j = d.outOffsets[u]!; j < d.outOffsets[u + 1]!; j++) s += w[d.outRels[j]!]!;
          for (let j = d.inOffsets[u]!; j < d.inOffsets[u + 1]!; j++) s += w[d.inRels[j]!]!;
        }
        st.deg[slot] = s;
        return slot;
      };
      const queue: number[] = resumed ? resumed.queue.slice() : [];
      let head = 0;
      const enqueue = (s: number): void => {
        if (s < 0 || st.queued[s] === 1 || st.queued[s] === 2) return;
        if (st.queued[s] === 3) {
          // Below the lower bound: not pushed, as with the degree (the margins far above the sums' rounding).
          if (st.r[s]! <= eps * st.deg[s]! * (1 - ESTIMATE_MARGIN)) return;
          if (st.r[s]! <= eps * st.hi[s]!) {
            // Between the bounds: not pushed in this run, its degree is read. With a degree too small it
            // would be pushed and all its edges read next (a hub's tens of thousands at MetaQA ×40),
            // which the walk on the whole graph may never need.
            graph!.missing(st.node[s]!, 'degree');
            st.queued[s] = 2;
            return;
          }
          // Above the upper bound: pushed, as with the degree; a push of a node whose edges are not
          // all read asks for them, so this run is not the last (its floats need the degree).
        }
        if (st.deg[s]! <= 0 || st.r[s]! <= eps * st.deg[s]!) return;
        st.queued[s] = 1;
        queue.push(s);
      };
      if (!resumed) {
        for (const s of input.seeds) {
          if (s.weight <= 0) continue;
          const slot = touch(s.node);
          st.r[slot] = st.r[slot]! + s.weight / total;
        }
        for (const s of input.seeds) enqueue(st.find(s.node));
      }
      let pushes = resumed ? resumed.pushes : 0;
      /** This run's checkpoint is taken (at its first push of a node without its edges). */
      let kept = false;
      while (head < queue.length && pushes < maxPushes) {
        const s = queue[head]!;
        const u = st.node[s]!;
        if (!kept && graph?.resume && !graph.complete(u) && st.deg[s]! > 0 && st.r[s]! > eps * st.deg[s]!) {
          // Everything before this push is memory's walk: the next replay starts here.
          graph.resume.state = { st: st.copy(), queue: queue.slice(head), pushes } satisfies Checkpoint;
          kept = true;
        }
        head++;
        st.queued[s] = 0;
        const ru = st.r[s]!;
        const du = st.deg[s]!;
        if (du <= 0 || ru <= eps * du) continue;
        pushes++;
        graph?.pushed?.(u);
        const lists = graph?.lists?.(u);
        if (graph && !lists && !graph.complete(u)) graph.missing(u, 'edges');
        st.p[s] = st.p[s]! + alpha * ru;
        st.r[s] = 0;
        const share = ((1 - alpha) * ru) / du;
        if (lists) {
          // The same additions in the same order as along the CSR arrays below: out, then in.
          for (let j = 0; j < lists.outTargets.length; j++) {
            const v = touch(lists.outTargets[j]!);
            st.r[v] = st.r[v]! + share * w[lists.outRels[j]!]!;
            enqueue(v);
          }
          for (let j = 0; j < lists.inSources.length; j++) {
            const v = touch(lists.inSources[j]!);
            st.r[v] = st.r[v]! + share * w[lists.inRels[j]!]!;
            enqueue(v);
          }
          continue;
        }
        for (let dir = 0; dir < 2; dir++) {
          const offs = dir === 0 ? d.outOffsets : d.inOffsets;
          const others = dir === 0 ? d.outTargets : d.inSources;
          const rels = dir === 0 ? d.outRels : d.inRels;
          for (let j = offs[u]!; j < offs[u + 1]!; j++) {
            const v = touch(others[j]!);
            st.r[v] = st.r[v]! + share * w[rels[j]!]!;
            enqueue(v);
          }
        }
      }
      const ranked: [number, number][] = [];
      for (let s = 0; s < st.size; s++) if (st.p[s]! > 0) ranked.push([st.node[s]!, st.p[s]!]);
      ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const top = ranked.slice(0, input.k);
      return guidanceGraph('ppr', Int32Array.from(top, (x) => x[0]), Float64Array.from(top, (x) => x[1]));
    },
  };
}
