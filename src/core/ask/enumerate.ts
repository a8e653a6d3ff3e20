import type { SnapshotData } from '../retrieve/snapshot/snapshot';

/** One hop of a candidate, read from the node before it: `out` follows the stored direction. */
export interface Step {
  readonly relation: string;
  readonly direction: 'out' | 'in';
  /** The label of the nodes this hop reaches. */
  readonly label: string;
}

export interface AnchorRef {
  /** Index of the mention in the grounding. */
  readonly mention: number;
  readonly node: number;
  readonly name: string;
  readonly label: string;
}

/**
 * The query shapes GraphRAFT enumerates (Appendix A.2), typed by the graph:
 * - chain: 1–3 hops from one anchor, answers at the end;
 * - path: anchor a –first– m –second– anchor b, answers the middle nodes m;
 * - conjunction: a path, then one more hop from m, answers at its end.
 */
export type CandidateShape =
  | { readonly kind: 'chain'; readonly anchor: AnchorRef; readonly steps: readonly Step[] }
  | { readonly kind: 'path'; readonly anchors: readonly [AnchorRef, AnchorRef]; readonly first: Step; readonly second: Step }
  | { readonly kind: 'conjunction'; readonly anchors: readonly [AnchorRef, AnchorRef]; readonly first: Step; readonly second: Step; readonly then: Step };

export interface EnumeratedCandidate {
  /** Enumerated on adjacency arrays in client memory: the snapshot's, or (store placement) the local graph read from the store level by level (storeEnumerate.ts) — both carry their answers. */
  readonly source: 'snapshot';
  readonly shape: CandidateShape;
  /** Distinct answer nodes (never an anchor), unordered: `rankedAnswers` orders them. */
  readonly nodes: Uint32Array;
  /** Paths reaching each answer, aligned with `nodes` (`pathCounts`: 32-bit when every count fits). */
  readonly weights: PathCounts;
}

/**
 * Path counts, exact either way: 4 bytes a count when every count of the array is an integer below
 * 2³², else 8 (a Float64Array, exact to 2⁵³ as before). MetaQA ×40's heaviest question holds 929,803
 * answers at the walk's peak (docs/ask.md, "A wider margin").
 */
export type PathCounts = Uint32Array | Float64Array;

/** `counts` as PathCounts: a Uint32Array when each is an integer in [0, 2³²), else a Float64Array of the same values. */
export function pathCounts(counts: ArrayLike<number>): PathCounts {
  for (let i = 0; i < counts.length; i++) if (counts[i]! >>> 0 !== counts[i]) return Float64Array.from(counts);
  return Uint32Array.from(counts);
}

export interface EnumerateOptions {
  readonly maxHops?: number;
  /** Stop after this many candidates (the cap is reported). */
  readonly maxCandidates?: number;
}

/** What the enumerator walks: the snapshot's arrays, or a local graph read from the store in the index's numbering. */
export type EnumerationData = Pick<SnapshotData, 'outOffsets' | 'outTargets' | 'outRels' | 'inOffsets' | 'inSources' | 'inRels' | 'nodeLabel' | 'labelNames' | 'relationNames'>;

export interface EnumerationGraph {
  readonly nodeCount: number;
  readonly data: EnumerationData;
  /**
   * The graph's own numbering of the index's nodes (the store's local graph: only the nodes one
   * question touched), absent when it numbers them as the index does. Anchors come and candidates
   * go in the index's numbering either way.
   */
  readonly numbering?: NodeNumbering;
}

/** Index node → the graph's node (−1 when absent), and back. */
export interface NodeNumbering {
  find(indexNode: number): number;
  readonly globals: Uint32Array;
}

/**
 * Edges grouped at once by `expand` (8 bytes each): a hop over more is grouped a batch of keys at a
 * time, the same groups in the same order (MetaQA ×40: ask's third hop, 1.7 M edges; docs/ask.md).
 */
export const GROUPED_EDGES = 1 << 18;

/** A node set with path multiplicities, as one hop's result. */
interface Frontier {
  readonly nodes: Uint32Array;
  readonly weights: PathCounts;
}

/**
 * Enumerates candidates on the in-memory snapshot. Each hop groups the frontier's neighbours by
 * (relation, direction, label) in one pass over the adjacency, then deduplicates each group with
 * a stamp array, accumulating path counts; the work is the edges touched, nothing per node.
 */
export class CandidateEnumerator {
  /** Per node of the graph (sized at each walk: a local graph's count changes per question). */
  private stamp = new Int32Array(0);
  private acc = new Float64Array(0);
  private tick = 0;
  /** Per group key: edges counted, then the fill cursor (zero between calls; sized on first use). */
  private keyCursor = new Int32Array(0);
  /** A frontier's neighbours grouped by key (counting sort), each with its frontier position (whose weight it carries), reused across calls: 8 bytes an edge, no per-edge JS value. */
  private groupedNodes = new Uint32Array(0);
  private groupedFrom = new Uint32Array(0);
  capped = false;

  /** `groupedEdges`: the batch of `expand` (GROUPED_EDGES; tests use small ones). */
  constructor(
    private readonly snap: EnumerationGraph,
    private readonly options: { readonly groupedEdges?: number } = {},
  ) {}

  /** Per-node arrays for the graph's nodes now (any fresh stamp array will do: `tick` only grows). */
  private sized(): void {
    const n = this.snap.nodeCount;
    if (this.stamp.length < n) {
      this.stamp = new Int32Array(n);
      this.acc = new Float64Array(n);
    }
  }

  /** `v` (the index's numbering) in the graph's, or −1 when the graph does not hold it. */
  private nodeOf(v: number): number {
    return this.snap.numbering ? this.snap.numbering.find(v) : v;
  }

  /**
   * The candidates' answers renamed into the index's numbering, in place, once the walk is done (each
   * candidate's array is its own: made by `dedupe`, `without` or `intersect`, and used as a
   * frontier only during the walk).
   */
  private toIndex(out: readonly EnumeratedCandidate[]): void {
    const numbering = this.snap.numbering;
    if (!numbering) return;
    const globals = numbering.globals;
    for (const c of out) for (let i = 0; i < c.nodes.length; i++) c.nodes[i] = globals[c.nodes[i]!]!;
  }

  /**
   * Neighbours of a frontier, grouped by (relation, direction, label) key: counted per key, placed
   * by key in edge order (a stable counting sort), each key's run deduplicated. The same groups, in
   * the same order within each, as pushing every edge onto its key's list (MetaQA ×40: ask's third
   * hop pushed 1.7 M edges onto JS arrays, ≈ 80 MB of the CLI's peak; docs/ask.md).
   */
  private expand(f: Frontier): Map<number, Frontier> {
    const d = this.snap.data;
    const labelCount = d.labelNames.length;
    const keySpace = d.relationNames.length * 2 * labelCount;
    if (this.keyCursor.length < keySpace) this.keyCursor = new Int32Array(keySpace);
    const cursor = this.keyCursor;
    const keys: number[] = [];
    for (let i = 0; i < f.nodes.length; i++) {
      const n = f.nodes[i]!;
      for (let e = d.outOffsets[n]!; e < d.outOffsets[n + 1]!; e++) {
        const key = d.outRels[e]! * 2 * labelCount + d.nodeLabel[d.outTargets[e]!]!;
        if (cursor[key]!++ === 0) keys.push(key);
      }
      for (let e = d.inOffsets[n]!; e < d.inOffsets[n + 1]!; e++) {
        const key = (d.inRels[e]! * 2 + 1) * labelCount + d.nodeLabel[d.inSources[e]!]!;
        if (cursor[key]!++ === 0) keys.push(key);
      }
    }
    const counts = keys.map((key) => cursor[key]!);
    const out = new Map<number, Frontier>();
    // Keys in batches of at most GROUPED_EDGES edges (one key alone may hold more), a pass over the
    // frontier's edges each: one batch, one pass, whenever the hop has no more edges than that.
    for (let first = 0; first < keys.length; ) {
      let end = first;
      let total = 0;
      do total += counts[end++]!;
      while (end < keys.length && total + counts[end]! <= (this.options.groupedEdges ?? GROUPED_EDGES));
      for (const key of keys) cursor[key] = -1;
      const starts = new Int32Array(end - first + 1);
      for (let k = first; k < end; k++) {
        starts[k - first + 1] = starts[k - first]! + counts[k]!;
        cursor[keys[k]!] = starts[k - first]!;
      }
      if (this.groupedNodes.length < total) {
        this.groupedNodes = new Uint32Array(total);
        this.groupedFrom = new Uint32Array(total);
      }
      const nodes = this.groupedNodes;
      const from = this.groupedFrom;
      for (let i = 0; i < f.nodes.length; i++) {
        const n = f.nodes[i]!;
        for (let e = d.outOffsets[n]!; e < d.outOffsets[n + 1]!; e++) {
          const t = d.outTargets[e]!;
          const key = d.outRels[e]! * 2 * labelCount + d.nodeLabel[t]!;
          const at = cursor[key]!;
          if (at < 0) continue;
          cursor[key] = at + 1;
          nodes[at] = t;
          from[at] = i;
        }
        for (let e = d.inOffsets[n]!; e < d.inOffsets[n + 1]!; e++) {
          const s = d.inSources[e]!;
          const key = (d.inRels[e]! * 2 + 1) * labelCount + d.nodeLabel[s]!;
          const at = cursor[key]!;
          if (at < 0) continue;
          cursor[key] = at + 1;
          nodes[at] = s;
          from[at] = i;
        }
      }
      for (let k = first; k < end; k++) out.set(keys[k]!, this.dedupe(nodes, from, f.weights, starts[k - first]!, starts[k - first + 1]!));
      first = end;
    }
    for (const key of keys) cursor[key] = 0;
    return out;
  }

  /** A large scratch is not kept past one anchor's walk (the enumerator lives as long as its graph). */
  private release(): void {
    if (this.groupedNodes.length > 1 << 20) {
      this.groupedNodes = new Uint32Array(0);
      this.groupedFrom = new Uint32Array(0);
    }
  }

  /** The distinct nodes of nodes[start, end) in first-occurrence order, each with its frontier weights (`weights[from[i]]`) summed in edge order. */
  private dedupe(nodes: Uint32Array, from: Uint32Array, weights: PathCounts, start: number, end: number): Frontier {
    const t = ++this.tick;
    let distinct = 0;
    for (let i = start; i < end; i++) {
      const n = nodes[i]!;
      if (this.stamp[n] !== t) {
        this.stamp[n] = t;
        this.acc[n] = 0;
        distinct++;
      }
      this.acc[n]! += weights[from[i]!]!;
    }
    const out = new Uint32Array(distinct);
    const t2 = ++this.tick;
    let j = 0;
    let narrow = true;
    for (let i = start; i < end; i++) {
      const n = nodes[i]!;
      if (this.stamp[n] === t2) continue;
      this.stamp[n] = t2;
      out[j++] = n;
      if (this.acc[n]! >>> 0 !== this.acc[n]) narrow = false;
    }
    const w = narrow ? new Uint32Array(distinct) : new Float64Array(distinct);
    for (let k = 0; k < distinct; k++) w[k] = this.acc[out[k]!]!;
    return { nodes: out, weights: w };
  }

  private stepOf(key: number): Step {
    const d = this.snap.data;
    const labelCount = d.labelNames.length;
    const label = key % labelCount;
    const rd = (key - label) / labelCount;
    return { relation: d.relationNames[rd >> 1]!, direction: (rd & 1) === 0 ? 'out' : 'in', label: d.labelNames[label]! };
  }

  /** Chains of 1..maxHops hops from one anchor; answers exclude the anchor itself. */
  chains(anchor: AnchorRef, options: EnumerateOptions = {}): EnumeratedCandidate[] {
    const maxHops = options.maxHops ?? 3;
    const cap = options.maxCandidates ?? 2000;
    const out: EnumeratedCandidate[] = [];
    const start = this.nodeOf(anchor.node);
    if (start < 0) return out;
    this.sized();
    const walk = (f: Frontier, steps: Step[]): void => {
      if (steps.length >= maxHops) return;
      const groups = [...this.expand(f)].sort((a, b) => a[0] - b[0]);
      for (const [key, g] of groups) {
        if (out.length >= cap) {
          this.capped = true;
          return;
        }
        const next = [...steps, this.stepOf(key)];
        const answers = without(g, start, -1);
        if (answers.nodes.length > 0) out.push({ source: 'snapshot', shape: { kind: 'chain', anchor, steps: next }, ...answers });
        // Onward from the answers, not from the anchor again: "films that share actors with X"
        // are films other than X, and X's own paths would outnumber every other film's.
        walk(answers, next);
      }
    };
    walk({ nodes: Uint32Array.of(start), weights: Float64Array.of(1) }, []);
    this.release();
    this.toIndex(out);
    return out;
  }

  /** Paths a –first– m –second– b, and conjunctions that go one hop further from m. */
  twoAnchor(a: AnchorRef, b: AnchorRef, options: EnumerateOptions = {}): EnumeratedCandidate[] {
    if (a.node === b.node) return [];
    const cap = options.maxCandidates ?? 2000;
    const na = this.nodeOf(a.node);
    const nb = this.nodeOf(b.node);
    if (na < 0 || nb < 0) return [];
    this.sized();
    const fromA = this.expand({ nodes: Uint32Array.of(na), weights: Float64Array.of(1) });
    const fromB = this.expand({ nodes: Uint32Array.of(nb), weights: Float64Array.of(1) });
    const out: EnumeratedCandidate[] = [];
    for (const [ka, ga] of [...fromA].sort((x, y) => x[0] - y[0])) {
      const first = this.stepOf(ka);
      for (const [kb, gb] of [...fromB].sort((x, y) => x[0] - y[0])) {
        const fromBSide = this.stepOf(kb);
        if (fromBSide.label !== first.label) continue;
        const middle = intersect(ga, gb, na, nb);
        if (middle.nodes.length === 0) continue;
        // The second hop read from m towards b: the reverse of b's hop.
        const second: Step = { relation: fromBSide.relation, direction: fromBSide.direction === 'out' ? 'in' : 'out', label: b.label };
        if (out.length >= cap) {
          this.capped = true;
          this.release();
          this.toIndex(out);
          return out;
        }
        out.push({ source: 'snapshot', shape: { kind: 'path', anchors: [a, b], first, second }, ...middle });
        for (const [kt, gt] of [...this.expand(middle)].sort((x, y) => x[0] - y[0])) {
          const kept = without(gt, na, nb);
          if (kept.nodes.length === 0) continue;
          out.push({ source: 'snapshot', shape: { kind: 'conjunction', anchors: [a, b], first, second, then: this.stepOf(kt) }, ...kept });
        }
      }
    }
    this.release();
    this.toIndex(out);
    return out;
  }
}

function intersect(a: Frontier, b: Frontier, exclude1: number, exclude2: number): Frontier {
  const inB = new Map<number, number>();
  for (let i = 0; i < b.nodes.length; i++) inB.set(b.nodes[i]!, b.weights[i]!);
  const nodes: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < a.nodes.length; i++) {
    const n = a.nodes[i]!;
    const w = inB.get(n);
    if (w === undefined || n === exclude1 || n === exclude2) continue;
    nodes.push(n);
    weights.push(a.weights[i]! * w);
  }
  return { nodes: Uint32Array.from(nodes), weights: pathCounts(weights) };
}

/** The frontier without the anchors (an answer is never the entity the question names). */
function without(f: Frontier, x: number, y: number): Frontier {
  let k = 0;
  for (let i = 0; i < f.nodes.length; i++) if (f.nodes[i] === x || f.nodes[i] === y) k++;
  if (k === 0) return f;
  const nodes = new Uint32Array(f.nodes.length - k);
  const weights = f.weights instanceof Uint32Array ? new Uint32Array(nodes.length) : new Float64Array(nodes.length);
  let j = 0;
  for (let i = 0; i < f.nodes.length; i++) {
    if (f.nodes[i] === x || f.nodes[i] === y) continue;
    nodes[j] = f.nodes[i]!;
    weights[j++] = f.weights[i]!;
  }
  return { nodes, weights };
}

/** A candidate query with its answers (either placement enumerates the same ones: storeEnumerate.ts). */
export type Candidate = EnumeratedCandidate;

/** Distinct answers of a candidate. */
export function answerCount(c: Candidate): number {
  return c.nodes.length;
}

/** Answers best first: most paths, then node index (deterministic). */
export function rankedAnswers(c: EnumeratedCandidate): { node: number; paths: number }[] {
  return Array.from(c.nodes, (node, i) => ({ node, paths: c.weights[i]! })).sort((a, b) => b.paths - a.paths || a.node - b.node);
}
