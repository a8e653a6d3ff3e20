import type { SearchIndex, SnapshotData } from './snapshot/snapshot';

/**
 * The domain and range of each relationship type as the graph holds them: which (label, label)
 * pairs its stored edges connect. A relation candidate for a pattern edge whose endpoints' labels
 * are known must connect one of those labels to the other (either way round: matching ignores
 * direction), else no edge of that type can match and it only crowds out the type that can.
 * Taken from the data, not the schema file, so it holds for graphs without one and never
 * disagrees with what the search can find.
 */
export class RelationDomains {
  private constructor(
    private readonly labels: number,
    /** pairs[r * L * L + a * L + b] = 1 when an edge of type r connects labels a and b (either way). */
    private readonly pairs: Uint8Array,
    /** touches[r * L + a] = 1 when an edge of type r has an endpoint of label a. */
    private readonly touches: Uint8Array,
  ) {}

  /** The arrays the index file stores (one pass over every edge, done when the index is built). */
  get data(): { readonly pairs: Uint8Array; readonly touches: Uint8Array } {
    return { pairs: this.pairs, touches: this.touches };
  }

  static of(snap: SearchIndex): RelationDomains {
    const cached = cache.get(snap);
    if (cached) return cached;
    const L = Math.max(1, snap.data.labelNames.length);
    const R = snap.data.relationNames.length;
    const stored = snap.data.domains;
    if (stored && stored.pairs.length === R * L * L && stored.touches.length === R * L) {
      const d = new RelationDomains(L, stored.pairs, stored.touches);
      cache.set(snap, d);
      return d;
    }
    const pairs = new Uint8Array(R * L * L);
    const touches = new Uint8Array(R * L);
    // Not stored (a snapshot built in memory): one pass over the edges, which a search index without them cannot make.
    const graph = snap.data as Partial<SnapshotData>;
    if (!graph.outOffsets || !graph.outTargets || !graph.outRels) throw new Error('the search index holds no relation domains and no edges to compute them from: import the graph again (kgrag import) to rebuild it');
    const { outOffsets, outTargets, outRels } = graph;
    const nodeLabel = snap.data.nodeLabel;
    for (let s = 0; s < snap.nodeCount; s++) {
      const a = nodeLabel[s]!;
      for (let j = outOffsets[s]!; j < outOffsets[s + 1]!; j++) {
        const r = outRels[j]!;
        const b = nodeLabel[outTargets[j]!]!;
        pairs[r * L * L + a * L + b] = 1;
        pairs[r * L * L + b * L + a] = 1;
        touches[r * L + a] = 1;
        touches[r * L + b] = 1;
      }
    }
    const d = new RelationDomains(L, pairs, touches);
    cache.set(snap, d);
    return d;
  }

  /**
   * Whether relation r can connect a node of one of `from`'s labels to one of `to`'s
   * (null = any label).
   */
  fits(r: number, from: readonly number[] | null, to: readonly number[] | null): boolean {
    const L = this.labels;
    if (from === null && to === null) return true;
    if (from === null || to === null) {
      const side = (from ?? to)!;
      return side.some((a) => this.touches[r * L + a] === 1);
    }
    return from.some((a) => to.some((b) => this.pairs[r * L * L + a * L + b] === 1));
  }

  /**
   * The labels a node can have when it is joined, by an edge of one of `rels` (null = every type), to
   * a node of one of `neighbour`'s labels: every image of it needs such an edge, so no other
   * label can complete a match (used to narrow untyped nodes before their candidate search).
   */
  labelsNextTo(rels: readonly number[] | null, neighbour: readonly number[], relationCount: number): number[] {
    const L = this.labels;
    const out: number[] = [];
    for (let a = 0; a < L; a++) {
      let ok = false;
      for (let i = 0; !ok && i < (rels === null ? relationCount : rels.length); i++) {
        const r = rels === null ? i : rels[i]!;
        for (const b of neighbour) if (this.pairs[r * L * L + a * L + b] === 1) ok = true;
      }
      if (ok) out.push(a);
    }
    return out;
  }

  /** The label pairs relation r connects, as names ("Movie–Person"), for explanations. */
  describe(r: number, labelNames: readonly string[]): string {
    const L = this.labels;
    const out: string[] = [];
    for (let a = 0; a < L; a++) for (let b = a; b < L; b++) if (this.pairs[r * L * L + a * L + b] === 1) out.push(`${labelNames[a] ?? '?'}–${labelNames[b] ?? '?'}`);
    return out.join(', ') || 'nothing';
  }
}

const cache = new WeakMap<SearchIndex, RelationDomains>();

const shares = new WeakMap<SearchIndex, Float32Array | undefined>();

/**
 * For each relationship type r, the share of the nodes with an outgoing edge of it that have
 * exactly one (0 when no node has it). Read from the graph, once: a relation nearly every node has
 * one of (a film's release year) tells ask that a name with several is several things under one
 * name (`severalOfOne`). Stored in the index file beside the domains (one pass over the edges when
 * it is built), so store placement, which holds no edges, reads the same figure as memory;
 * undefined only for an index without it or the edges.
 */
export function oneValuedShares(snap: SearchIndex): Float32Array | undefined {
  if (shares.has(snap)) return shares.get(snap);
  const R = snap.data.relationNames.length;
  const stored = snap.data.oneValued;
  const { outOffsets, outRels } = snap.data as Partial<SnapshotData>;
  let out: Float32Array | undefined;
  if (stored && stored.length === R) out = stored;
  else if (outOffsets && outRels) {
    const having = new Float64Array(R);
    const single = new Float64Array(R);
    const count = new Uint32Array(R);
    for (let v = 0; v < snap.nodeCount; v++) {
      const from = outOffsets[v]!;
      const to = outOffsets[v + 1]!;
      for (let e = from; e < to; e++) count[outRels[e]!]!++;
      for (let e = from; e < to; e++) {
        const r = outRels[e]!;
        const c = count[r]!;
        if (c === 0) continue;
        having[r]!++;
        if (c === 1) single[r]!++;
        count[r] = 0;
      }
    }
    out = new Float32Array(R);
    for (let r = 0; r < R; r++) out[r] = having[r]! > 0 ? single[r]! / having[r]! : 0;
  }
  shares.set(snap, out);
  return out;
}
