import { SparseScratch, isSparseEmbedder, type SparseEmbedder } from '../../embed/hashing';
import type { Embedder } from '../../embed/embedder';
import { TopK } from './topK';

/** Which nodes a search may return: all, or those whose label id is `label`. */
export interface VectorFilter {
  readonly labels?: Uint16Array;
  readonly label?: number;
}

export interface SearchMode {
  readonly mode?: 'exact' | 'approximate' | 'auto';
  /** Approximate: postings to walk (default 100 000). */
  readonly budget?: number;
  /** Approximate: rows whose exact distance is computed (default max(1024, 64·k)). */
  readonly rescore?: number;
  /**
   * Approximate: rows ranked at their exact distance whatever the walk met (GraphSnapshot.searchName
   * passes the nodes spelt exactly like the query). Exact search finds them anyway.
   */
  readonly include?: readonly number[];
}

interface Postings {
  readonly offsets: Uint32Array;
  readonly rows: Uint32Array;
  readonly vals: Float32Array;
}

/**
 * The postings of a sparse matrix, bucket by bucket: in memory, or read from the index file when a
 * bucket is walked (cache.ts `FilePostings`), so a graph of millions of names does not hold them.
 * `open(b)` returns `start`: bucket b's postings are `rows`/`vals` at [start, start + offsets[b + 1]
 * − offsets[b]), valid until the next `open`.
 */
export interface PostingSource {
  readonly offsets: Uint32Array; // dimension + 1
  readonly resident: boolean;
  readonly rows: Uint32Array;
  readonly vals: Float32Array;
  open(b: number): number;
}

export class ResidentPostings implements PostingSource {
  readonly resident = true;
  constructor(
    readonly offsets: Uint32Array,
    readonly rows: Uint32Array,
    readonly vals: Float32Array,
  ) {}
  open(b: number): number {
    return this.offsets[b];
  }
}

/** A search for more than this many rows may be answered from the last query's ranking of every row (VectorIndex.everyRow). */
const RANKED_FROM = 1024;

/** Row count above which `mode: 'auto'` searches approximately. */
export const APPROXIMATE_ABOVE = 250_000;
/** Approximate search's defaults: postings walked, rows rescored for k. */
export const APPROXIMATE_BUDGET = 100_000;
export function approximateRescore(k: number): number {
  return Math.max(1024, 64 * k);
}

/** A search's rows ascending by (distance, row): `dist[i]` is row `idx[i]`'s distance. */
export interface RankedRows {
  readonly idx: Int32Array;
  readonly dist: Float64Array;
}

export interface VectorHit {
  readonly index: number;
  /** L2 distance between the query and the row. */
  readonly distance: number;
}

/**
 * The node embedding matrix with exact top-k L2 search.
 * - `dense`: n × d Float32Array, brute force (the reference; any embedder).
 * - `sparse`: CSR rows (a SparseEmbedder such as hashing) + an inverted index by bucket. The
 *   inverted search accumulates exact dot products only for rows sharing a bucket with the
 *   query; all values are ≥ 0 and rows are unit-norm, so every other row has dot 0 and distance
 *   sqrt(1 + |q|²) — the result equals brute force (recall 1.0, tested).
 */
export type EmbeddingMatrix = DenseMatrix | SparseMatrix | InvertedMatrix;

export interface DenseMatrix {
  readonly kind: 'dense';
  readonly rows: number;
  readonly dimension: number;
  readonly data: Float32Array;
}

export interface SparseMatrix {
  readonly kind: 'sparse';
  readonly rows: number;
  readonly dimension: number;
  readonly rowOffsets: Uint32Array; // rows + 1
  readonly cols: Uint32Array;
  readonly vals: Float32Array;
}

/**
 * A sparse matrix as the index file holds it: postings per bucket (the search), each row's squared
 * norm, and each row's own entries in the embedder's order (`row`: distances to single rows, with
 * the same float32 values summed in the same order as embedding the name again — tested bit for
 * bit, and no embedder needed). Above APPROXIMATE_ABOVE rows both stay in the file and are read
 * per bucket walked / per row asked (docs/scale.md): nothing to transpose or hold when opened.
 */
export interface InvertedMatrix {
  readonly kind: 'inverted';
  readonly rows: number;
  readonly dimension: number;
  readonly postings: PostingSource;
  readonly rowNormSq: Float64Array;
  /** Row r's entries into `scratch` (cleared first): indices in the embedder's order, values by bucket. */
  readonly row: (r: number, scratch: SparseScratch) => void;
  readonly scratch: SparseScratch;
  /** The postings and rows in full (writing the file again); read from the file when not resident. */
  readonly materialise: () => { readonly postRows: Uint32Array; readonly postVals: Float32Array; readonly rowOffsets: Uint32Array; readonly rowEntries: Uint32Array };
}

/** Writes the pairs [from, to) of a forward row into `scratch` (cleared first). */
export function scatterEntries(u32: Uint32Array, f32: Float32Array, from: number, to: number, scratch: SparseScratch): void {
  scratch.clear();
  const idx = scratch.indices;
  const val = scratch.values;
  let c = 0;
  for (let j = from; j < to; j++) {
    const b = u32[2 * j];
    idx[c++] = b;
    val[b] = f32[2 * j + 1];
  }
  scratch.count = c;
}

/** Embeds every text into an EmbeddingMatrix (sparse when the embedder can). */
export async function embedMatrix(embedder: Embedder, texts: readonly string[], signal?: AbortSignal): Promise<EmbeddingMatrix> {
  if (isSparseEmbedder(embedder)) return embedSparseMatrix(embedder, texts, signal);
  const data = await embedder.embedBatch(texts, signal);
  return { kind: 'dense', rows: texts.length, dimension: embedder.dimension, data };
}

function embedSparseMatrix(embedder: SparseEmbedder, texts: readonly string[], signal?: AbortSignal): SparseMatrix {
  const n = texts.length;
  const scratch = new SparseScratch(embedder.dimension);
  const rowOffsets = new Uint32Array(n + 1);
  let cap = Math.max(16, n * 24);
  let cols = new Uint32Array(cap);
  let vals = new Float32Array(cap);
  let nnz = 0;
  for (let r = 0; r < n; r++) {
    if (signal?.aborted && (r & 4095) === 0) throw new Error('embedding aborted');
    embedder.embedSparse(texts[r], scratch);
    const c = scratch.count;
    if (nnz + c > cap) {
      cap = Math.max(cap * 2, nnz + c);
      const nc = new Uint32Array(cap);
      nc.set(cols.subarray(0, nnz));
      cols = nc;
      const nv = new Float32Array(cap);
      nv.set(vals.subarray(0, nnz));
      vals = nv;
    }
    for (let i = 0; i < c; i++) {
      const b = scratch.indices[i];
      cols[nnz] = b;
      vals[nnz] = scratch.values[b];
      nnz++;
    }
    rowOffsets[r + 1] = nnz;
  }
  return { kind: 'sparse', rows: n, dimension: embedder.dimension, rowOffsets, cols: cols.slice(0, nnz), vals: vals.slice(0, nnz) };
}

/** Copies row `r` densely into `out` (length = dimension). */
export function rowInto(m: EmbeddingMatrix, r: number, out: Float32Array): void {
  if (m.kind === 'dense') {
    out.set(m.data.subarray(r * m.dimension, (r + 1) * m.dimension));
    return;
  }
  if (m.kind === 'inverted') {
    out.fill(0);
    const s = m.scratch;
    m.row(r, s);
    for (let i = 0; i < s.count; i++) out[s.indices[i]] = s.values[s.indices[i]];
    return;
  }
  out.fill(0);
  for (let j = m.rowOffsets[r]; j < m.rowOffsets[r + 1]; j++) out[m.cols[j]] = m.vals[j];
}

/** Exact L2 distance between a dense query and row r. */
export function distanceToRow(m: EmbeddingMatrix, q: Float32Array, qNormSq: number, r: number): number {
  if (m.kind === 'dense') {
    const d = m.dimension;
    const base = r * d;
    let s = 0;
    for (let i = 0; i < d; i++) {
      const x = q[i] - m.data[base + i];
      s += x * x;
    }
    return Math.sqrt(s);
  }
  let dot = 0;
  let rowSq = 0;
  if (m.kind === 'inverted') {
    const sc = m.scratch;
    m.row(r, sc);
    for (let i = 0; i < sc.count; i++) {
      const b = sc.indices[i];
      const v = sc.values[b];
      dot += q[b] * v;
      rowSq += v * v;
    }
    return l2(qNormSq, rowSq, dot);
  }
  for (let j = m.rowOffsets[r]; j < m.rowOffsets[r + 1]; j++) {
    const v = m.vals[j];
    dot += q[m.cols[j]] * v;
    rowSq += v * v;
  }
  return l2(qNormSq, rowSq, dot);
}

/**
 * L2 from ‖q‖², ‖r‖² and q·r. The norms and the dot are summed in different orders, so the same
 * text gives ≈1e-16, not 0, and its square root (1e-8) would show as a distance; below 1e-12 of the
 * norms it is 0.
 */
function l2(qNormSq: number, rowNormSq: number, dot: number): number {
  const d2 = qNormSq + rowNormSq - 2 * dot;
  return d2 <= 1e-12 * (qNormSq + rowNormSq) ? 0 : Math.sqrt(d2);
}

export function normSq(q: Float32Array): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) s += q[i] * q[i];
  return s;
}

/**
 * Top-k search over an EmbeddingMatrix. Holds reusable scratch (one per snapshot, not thread-safe,
 * which is fine in Node). `bruteForce` is the reference; `search` uses the inverted index when the
 * matrix is sparse.
 */
export class VectorIndex {
  private readonly src?: PostingSource;
  private readonly rowNormSq?: Float64Array;
  private readonly rowScratch?: SparseScratch;
  private readonly emptyRows?: Int32Array;
  private readonly minRowNormSq: number = 1;
  /** A search's sums and the rows it touched (13 bytes a row with `met`), allocated by the first search after `releaseScratch`. */
  private acc = new Float64Array(0);
  private touched = new Int32Array(0);
  /**
   * Per row, whether the exact search's walk met it in a query bucket's postings (it shares a
   * bucket with the query). A large k scans every other row; before, each row's entries were read again
   * to ask that (most of a widened list's search: why-not asks for every node of a label).
   */
  private met = new Uint8Array(0);
  private readonly topk = new Map<number, TopK>();

  constructor(readonly matrix: EmbeddingMatrix) {
    if (matrix.kind !== 'dense') this.rowScratch = new SparseScratch(matrix.dimension);
    if (matrix.kind === 'inverted') {
      this.src = matrix.postings;
      this.rowNormSq = matrix.rowNormSq;
      const empty: number[] = [];
      let minNorm = Infinity;
      for (let r = 0; r < matrix.rows; r++) {
        const x = matrix.rowNormSq[r];
        if (x === 0) empty.push(r);
        else if (x < minNorm) minNorm = x;
      }
      this.emptyRows = Int32Array.from(empty);
      this.minRowNormSq = Number.isFinite(minNorm) ? minNorm : 1;
    } else if (matrix.kind === 'sparse') {
      // Transpose CSR rows into postings per bucket (counting sort).
      const d = matrix.dimension;
      const counts = new Uint32Array(d + 1);
      for (let j = 0; j < matrix.cols.length; j++) counts[matrix.cols[j] + 1]++;
      for (let b = 0; b < d; b++) counts[b + 1] += counts[b];
      const fill = counts.slice(0, d);
      const rowsArr = new Uint32Array(matrix.cols.length);
      const valsArr = new Float32Array(matrix.cols.length);
      const norms = new Float64Array(matrix.rows);
      for (let r = 0; r < matrix.rows; r++) {
        let s = 0;
        for (let j = matrix.rowOffsets[r]; j < matrix.rowOffsets[r + 1]; j++) {
          const b = matrix.cols[j];
          const v = matrix.vals[j];
          const at = fill[b]++;
          rowsArr[at] = r;
          valsArr[at] = v;
          s += v * v;
        }
        norms[r] = s;
      }
      this.src = new ResidentPostings(counts, rowsArr, valsArr);
      this.rowNormSq = norms;
      const empty: number[] = [];
      let minNorm = Infinity;
      for (let r = 0; r < matrix.rows; r++) {
        if (norms[r] === 0) empty.push(r);
        else if (norms[r] < minNorm) minNorm = norms[r];
      }
      this.emptyRows = Int32Array.from(empty);
      this.minRowNormSq = Number.isFinite(minNorm) ? minNorm : 1;
    }
  }

  /** The inverted index (sparse and inverted matrices): what the index file stores. */
  postings(): { readonly offsets: Uint32Array; readonly rows: Uint32Array; readonly vals: Float32Array; readonly rowNormSq: Float64Array } | undefined {
    const src = this.src;
    if (!src || !this.rowNormSq) return undefined;
    if (src.resident || this.matrix.kind !== 'inverted') return { offsets: src.offsets, rows: src.rows, vals: src.vals, rowNormSq: this.rowNormSq };
    const all = this.matrix.materialise();
    return { offsets: src.offsets, rows: all.postRows, vals: all.postVals, rowNormSq: this.rowNormSq };
  }

  /** The scratch sized for the rows (zeroed pages until a search touches them). */
  private scratch(): void {
    if (this.acc.length < this.matrix.rows) {
      this.acc = new Float64Array(this.matrix.rows);
      this.touched = new Int32Array(this.matrix.rows);
    }
  }

  /**
   * Lets the search scratch go (the next search allocates it again): the pages a search touched stay
   * resident otherwise — at MetaQA ×40 the scratch is 17 MB over 1.5 M rows, held through a
   * store-placed question's levels and walk after grounding (docs/ask.md, "A wider margin").
   */
  releaseScratch(): void {
    this.ranked = undefined;
    this.acc = new Float64Array(0);
    this.touched = new Int32Array(0);
    this.met = new Uint8Array(0);
  }

  /** Bytes held: the matrix and the postings (each array once). */
  byteSize(): number {
    const m = this.matrix;
    const sparseRows = m.kind === 'dense' ? 0 : m.rows;
    // The search scratch counts at its full size whether or not it is allocated now (byteSize estimates what a loaded index holds).
    let n = 13 * sparseRows;
    const arrays = new Set<ArrayBufferView>();
    if (m.kind === 'dense') arrays.add(m.data);
    if (m.kind === 'sparse') [m.rowOffsets, m.cols, m.vals].forEach((a) => arrays.add(a));
    if (this.src) arrays.add(this.src.offsets);
    if (this.src?.resident) [this.src.rows, this.src.vals].forEach((a) => arrays.add(a));
    if (this.rowNormSq) arrays.add(this.rowNormSq);
    for (const a of arrays) n += a.byteLength;
    return n;
  }

  private perLabel?: { readonly labels: Uint16Array; readonly lists: Map<number, Postings> };

  /** The postings restricted to rows with `label` (same order, so the same sums), cached per label. */
  private labelPostings(labels: Uint16Array, label: number): Postings | undefined {
    // Postings read from the file are filtered as they are walked: a copy per label would hold them.
    if (!this.src?.resident) return undefined;
    const po = this.src.offsets;
    const pr = this.src.rows;
    const pv = this.src.vals;
    if (!this.perLabel || this.perLabel.labels !== labels) this.perLabel = { labels, lists: new Map() };
    let p = this.perLabel.lists.get(label);
    if (!p) {
      const d = this.matrix.dimension;
      const offsets = new Uint32Array(d + 1);
      for (let b = 0; b < d; b++) {
        let c = 0;
        for (let j = po[b]; j < po[b + 1]; j++) if (labels[pr[j]] === label) c++;
        offsets[b + 1] = offsets[b] + c;
      }
      const rows = new Uint32Array(offsets[d]);
      const vals = new Float32Array(offsets[d]);
      let at = 0;
      for (let j = 0; j < pr.length; j++) {
        if (labels[pr[j]] !== label) continue;
        rows[at] = pr[j];
        vals[at] = pv[j];
        at++;
      }
      p = { offsets, rows, vals };
      this.perLabel.lists.set(label, p);
    }
    return p;
  }

  private heap(k: number): TopK {
    let h = this.topk.get(k);
    if (!h) {
      h = new TopK(k);
      this.topk.set(k, h);
    }
    h.reset();
    return h;
  }

  /** Exact top-k by scanning every row. */
  bruteForce(q: Float32Array, k: number, filter: VectorFilter = {}): VectorHit[] {
    return hitsOf(kept(this.bruteForceTopK(q, k, filter)));
  }

  private bruteForceTopK(q: Float32Array, k: number, filter: VectorFilter): TopK {
    const h = this.heap(k);
    const m = this.matrix;
    const qn = normSq(q);
    const { labels, label } = filter;
    for (let r = 0; r < m.rows; r++) {
      if (labels && label !== undefined && labels[r] !== label) continue;
      h.offer(distanceToRow(m, q, qn, r), r);
    }
    return h;
  }

  /**
   * Top-k search. Exact by default (the inverted index for sparse matrices, brute force for dense
   * ones). `mode: 'auto'` switches to `approximate` above APPROXIMATE_ABOVE rows: only the query's
   * rarest buckets are walked (until `budget` postings), the rows met are ranked by that partial
   * dot product and the best `rescore` of them get their exact distance. Frequent character
   * n-grams (" s", "e ", "in") are what makes exact search slow at scale and what says least about
   * a name; the benchmark reports the recall against brute force.
   */
  /** Whether `search` with these options walks approximately. */
  approximates(options: SearchMode): boolean {
    const m = this.matrix;
    if (m.kind === 'dense' || !this.src || !this.rowNormSq) return false;
    const mode = options.mode ?? 'exact';
    return mode === 'approximate' || (mode === 'auto' && m.rows > APPROXIMATE_ABOVE);
  }

  search(q: Float32Array, k: number, filter: VectorFilter = {}, options: SearchMode = {}): VectorHit[] {
    return hitsOf(this.searchRanked(q, k, filter, options));
  }

  /** `search`'s rows and distances as typed arrays (a widened list of every node of a label: no object per row). */
  searchRanked(q: Float32Array, k: number, filter: VectorFilter = {}, options: SearchMode = {}): RankedRows {
    const m = this.matrix;
    if (m.kind === 'dense' || !this.src || !this.rowNormSq) return kept(this.bruteForceTopK(q, k, filter));
    if (this.approximates(options)) return kept(this.approximate(q, k, filter, options.budget ?? APPROXIMATE_BUDGET, options.rescore ?? approximateRescore(k), options.include ?? []));
    const all = this.everyRow(q, k);
    if (all) return firstOf(all, k, filter);
    return kept(this.exact(q, k, filter));
  }

  /**
   * Every row ranked for `q` (no filter), kept for the next search of the same query: why-not's
   * widened problems ask for every node of a label, of every label, then the first N of a label,
   * all for the same name. A filtered search's rows are the ranking's rows of that label in the
   * same order (a row's distance does not depend on the filter: the same sums in the same order,
   * and whether a row is offered does not either), and a search for k the first k of them (the
   * exact search keeps the k smallest (distance, index) pairs). Computed only for a k of at least
   * every row, and only while the index is small enough to search exactly by default (12 bytes a row).
   */
  private ranked?: RankedRows & { readonly q: Float32Array };

  private everyRow(q: Float32Array, k: number): RankedRows | undefined {
    const rows = this.matrix.rows;
    // A small k (a run's candidates) is quicker searched than filtered out of every row.
    if (rows > APPROXIMATE_ABOVE || k <= RANKED_FROM) return undefined;
    const have = this.ranked;
    if (have && have.q.length === q.length && sameVector(have.q, q)) return have;
    if (k < rows) return undefined;
    // Every row's distance as the exact search offers it (a row met by the walk: from its dot
    // product; an empty row: |q|; any other: sqrt(|q|² + |row|²)), in row order, then sorted.
    const nt = this.walk(q, {});
    const acc = this.acc;
    const met = this.met;
    const norms = this.rowNormSq!;
    const qn = normSq(q);
    const dist = new Float64Array(rows);
    for (let r = 0; r < rows; r++) dist[r] = met[r] === 1 ? l2(qn, norms[r], acc[r]) : norms[r] === 0 ? Math.sqrt(qn) : Math.sqrt(qn + norms[r]);
    const touched = this.touched;
    for (let i = 0; i < nt; i++) acc[touched[i]] = 0;
    this.ranked = { q: q.slice(), ...sortRows(dist) };
    return this.ranked;
  }

  /** The exact search (inverted index) into the TopK for k. */
  private exact(q: Float32Array, k: number, filter: VectorFilter): TopK {
    const m = this.matrix;
    const nt = this.walk(q, filter);
    const acc = this.acc;
    const touched = this.touched;
    const met = this.met;
    const qn = normSq(q);
    const { labels, label } = filter;
    const h = this.heap(k);
    const norms = this.rowNormSq!;
    for (let i = 0; i < nt; i++) {
      const r = touched[i];
      const dot = acc[r];
      acc[r] = 0;
      if (labels && label !== undefined && labels[r] !== label) continue;
      h.offer(l2(qn, norms[r], dot), r);
    }
    // Rows sharing no bucket have dot 0: distance sqrt(|q|² + |row|²). Empty rows (no features)
    // are listed apart; the others (norm 1) can only enter when the k-th distance is that large.
    const empty = this.emptyRows!;
    if (h.size < k || h.dist[h.size - 1] >= Math.sqrt(qn) - 1e-9) {
      for (let i = 0; i < empty.length; i++) {
        const r = empty[i];
        if (labels && label !== undefined && labels[r] !== label) continue;
        h.offer(Math.sqrt(qn), r);
      }
    }
    // A row the walk met shares a bucket with the query (the postings are the rows' transpose; a
    // label's own postings hold all of its rows' entries, and other labels' rows are skipped here).
    if (h.size < k || h.dist[h.size - 1] >= Math.sqrt(qn + this.minRowNormSq) - 1e-9) {
      for (let r = 0; r < m.rows; r++) {
        if (norms[r] === 0) continue;
        if (labels && label !== undefined && labels[r] !== label) continue;
        if (met[r] === 1) continue;
        h.offer(Math.sqrt(qn + norms[r]), r);
      }
    }
    return h;
  }

  /**
   * The dot products of the rows sharing a bucket with `q` (in `acc`, summed over the buckets in
   * ascending order), those rows (`touched`, returned: how many) and `met`. With a label filter
   * only that label's rows are walked when its postings are resident.
   */
  private walk(q: Float32Array, filter: VectorFilter): number {
    const m = this.matrix as SparseMatrix | InvertedMatrix;
    const src = this.src!;
    this.scratch();
    const acc = this.acc;
    const touched = this.touched;
    // Only the exact walk marks rows (an approximate index, above 250,000 rows, never allocates it).
    if (this.met.length < m.rows) this.met = new Uint8Array(m.rows);
    const met = this.met;
    met.fill(0);
    let nt = 0;
    const { labels, label } = filter;
    // With a label filter, walk that label's own postings (built on first use): same sums, fewer rows.
    const own = labels && label !== undefined ? this.labelPostings(labels, label) : undefined;
    if (own) {
      const po = own.offsets;
      const pr = own.rows;
      const pv = own.vals;
      for (let b = 0; b < m.dimension; b++) {
        const qv = q[b];
        if (qv === 0) continue;
        for (let j = po[b]; j < po[b + 1]; j++) {
          const r = pr[j];
          met[r] = 1;
          if (acc[r] === 0) touched[nt++] = r;
          acc[r] += qv * pv[j];
        }
      }
    } else {
      // Every posting of the query's buckets (rows of other labels are dropped below).
      const po = src.offsets;
      for (let b = 0; b < m.dimension; b++) {
        const qv = q[b];
        if (qv === 0) continue;
        const start = src.open(b);
        const end = start + po[b + 1] - po[b];
        const pr = src.rows;
        const pv = src.vals;
        for (let j = start; j < end; j++) {
          const r = pr[j];
          met[r] = 1;
          if (acc[r] === 0) touched[nt++] = r;
          acc[r] += qv * pv[j];
        }
      }
    }
    return nt;
  }

  private approximate(q: Float32Array, k: number, filter: VectorFilter, budget: number, rescore: number, include: readonly number[]): TopK {
    const m = this.matrix;
    const src = this.src!;
    const po = src.offsets;
    this.scratch();
    const acc = this.acc;
    const touched = this.touched;
    const { labels, label } = filter;
    const buckets: number[] = [];
    for (let b = 0; b < m.dimension; b++) if (q[b] !== 0) buckets.push(b);
    const qBuckets = Int32Array.from(buckets); // ascending, before the sort below
    const nq = qBuckets.length;
    buckets.sort((a, b) => po[a + 1] - po[a] - (po[b + 1] - po[b]) || a - b);
    let nt = 0;
    let walked = 0;
    for (let i = 0; i < buckets.length; i++) {
      const b = buckets[i];
      const len = po[b + 1] - po[b];
      if (i > 0 && walked + len > budget) break;
      walked += len;
      const qv = q[b];
      const start = src.open(b);
      const pr = src.rows;
      const pv = src.vals;
      for (let j = start; j < start + len; j++) {
        const r = pr[j];
        if (labels && label !== undefined && labels[r] !== label) continue;
        if (acc[r] === 0) touched[nt++] = r;
        acc[r] += qv * pv[j];
      }
    }
    // Keep the `rescore` best partial dots (a binary min-heap on the dot), then rank exactly.
    const cap = Math.min(rescore, nt);
    const heapDot = new Float64Array(cap);
    const heapRow = new Int32Array(cap);
    let size = 0;
    for (let i = 0; i < nt; i++) {
      const r = touched[i];
      const dot = acc[r];
      acc[r] = 0;
      if (size < cap) {
        // Sift up.
        let c = size++;
        while (c > 0) {
          const p = (c - 1) >> 1;
          if (heapDot[p] <= dot) break;
          heapDot[c] = heapDot[p];
          heapRow[c] = heapRow[p];
          c = p;
        }
        heapDot[c] = dot;
        heapRow[c] = r;
      } else if (dot > heapDot[0]) {
        // Replace the smallest, sift down.
        let c = 0;
        for (;;) {
          const l = 2 * c + 1;
          if (l >= size) break;
          const rr = l + 1 < size && heapDot[l + 1] < heapDot[l] ? l + 1 : l;
          if (heapDot[rr] >= dot) break;
          heapDot[c] = heapDot[rr];
          heapRow[c] = heapRow[rr];
          c = rr;
        }
        heapDot[c] = dot;
        heapRow[c] = r;
      }
    }
    const h = this.heap(k);
    const qn = normSq(q);
    // Exact distances from each row's own entries (one read per row when they stay in the file),
    // summed in ascending bucket order as exact mode sums them, so a row's distance is the same in
    // both modes — and no row is embedded again (that was most of a warm ×10 search).
    const norms = this.rowNormSq!;
    const sc = this.rowScratch!;
    const vals = sc.values;
    const rank = (r: number): void => {
      rowEntries(m as SparseMatrix | InvertedMatrix, r, sc);
      let dot = 0;
      for (let x = 0; x < nq; x++) {
        const b = qBuckets[x];
        dot += q[b] * vals[b];
      }
      sc.clear();
      h.offer(l2(qn, norms[r], dot), r);
    };
    for (let i = 0; i < size; i++) rank(heapRow[i]);
    // The walk can miss even a row equal to the query: at 1.5M names every bucket is shared by
    // thousands of rows and the rescore cut falls among ties (MetaQA ×40: "Richard Linklater").
    for (const r of include) {
      if (labels && label !== undefined && labels[r] !== label) continue;
      let met = false;
      for (let i = 0; i < size && !met; i++) met = heapRow[i] === r;
      if (!met) rank(r);
    }
    return h;
  }
}

/** Row r's entries into `scratch` (cleared first), from the CSR or the index file's rows. */
function rowEntries(m: SparseMatrix | InvertedMatrix, r: number, scratch: SparseScratch): void {
  if (m.kind === 'inverted') {
    m.row(r, scratch);
    return;
  }
  scratch.clear();
  let c = 0;
  for (let j = m.rowOffsets[r]; j < m.rowOffsets[r + 1]; j++) {
    scratch.indices[c++] = m.cols[j];
    scratch.values[m.cols[j]] = m.vals[j];
  }
  scratch.count = c;
}

function sameVector(a: Float32Array, b: Float32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The first k rows of a ranking that pass the filter, in its order (the ranking itself when it is all of them). */
function firstOf(all: RankedRows, k: number, filter: VectorFilter): RankedRows {
  const { labels, label } = filter;
  if (!labels || label === undefined) return all.idx.length <= k ? all : { idx: all.idx.slice(0, k), dist: all.dist.slice(0, k) };
  const src = all.idx;
  let n = 0;
  for (let i = 0; i < src.length && n < k; i++) if (labels[src[i]] === label) n++;
  const idx = new Int32Array(n);
  const dist = new Float64Array(n);
  for (let i = 0, o = 0; o < n; i++) {
    if (labels[src[i]] !== label) continue;
    idx[o] = src[i];
    dist[o++] = all.dist[i];
  }
  return { idx, dist };
}

/** Which 32-bit half of a Float64Array element holds its low bits (0 on little-endian machines). */
const LOW_WORD = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;

/**
 * Rows 0…n−1 ascending by (distance, row), from their distances in row order: a stable LSD radix
 * sort on the distances' bits, 16 at a time (a non-negative double orders as its bit pattern, and
 * the rows start in ascending order, so equal distances stay by row) — the order TopK keeps.
 */
export function sortRows(dist: Float64Array): RankedRows {
  const n = dist.length;
  let d = Float64Array.from(dist);
  let x = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = i;
    if (d[i] === 0) d[i] = 0; // −0 orders as 0 (its bit pattern would sort it last)
  }
  let d2 = new Float64Array(n);
  let x2 = new Int32Array(n);
  const count = new Int32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const words = new Uint32Array(d.buffer, d.byteOffset, 2 * n);
    // The low word, then the high one; bits 0–15, then 16–31 of each.
    const word = pass >> 1 === 0 ? LOW_WORD : 1 - LOW_WORD;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(words[2 * i + word] >>> shift) & 0xffff]++;
    if (n === 0 || count[(words[word] >>> shift) & 0xffff] === n) continue;
    let at = 0;
    for (let b = 0; b < 65536; b++) {
      const c = count[b];
      count[b] = at;
      at += c;
    }
    for (let i = 0; i < n; i++) {
      const o = count[(words[2 * i + word] >>> shift) & 0xffff]++;
      d2[o] = d[i];
      x2[o] = x[i];
    }
    [d, d2] = [d2, d];
    [x, x2] = [x2, x];
  }
  return { idx: x, dist: d };
}

/** A TopK's kept pairs, copied out (the TopK is reused by the next search). */
function kept(h: TopK): RankedRows {
  const n = h.size;
  return { idx: h.idx.slice(0, n), dist: h.dist.slice(0, n) };
}

function hitsOf(r: RankedRows): VectorHit[] {
  const out: VectorHit[] = [];
  for (let i = 0; i < r.idx.length; i++) out.push({ index: r.idx[i], distance: r.dist[i] });
  return out;
}
