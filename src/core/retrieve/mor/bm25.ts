import { NameTable } from '../../graph/import/typedSets';
import type { SearchIndex } from '../snapshot/snapshot';
import { TextTable } from '../snapshot/textTable';
import { TopK } from '../snapshot/topK';

/**
 * BM25 over node text (the node's name: MoR's φ for Amazon/MAG is BM25 over node documents).
 * A compact inverted index in typed arrays: term → (node, tf) postings and node → terms (to score
 * any single node for the trajectory fingerprints). Built once per snapshot on first use, or read
 * from the index file (whole with the snapshot; on demand in store placement: Bm25Source).
 * Tokens: lower-case, diacritics folded, runs of letters/digits. k1 = 1.2, b = 0.75.
 */
const K1 = 1.2;
const B = 0.75;

export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * `tokenize(text)` into `out` (cleared). An ASCII text is scanned directly (NFKD and the mark
 * removal leave ASCII alone, and its letters and digits are the only \p{L}\p{N} there): the index
 * build tokenizes every name, and at MetaQA ×40 tokenize's five intermediate strings and two arrays
 * per name grew the import's heap by ≈ 250 MB (docs/scale.md). Other texts go through tokenize.
 */
export function tokensInto(text: string, out: string[]): void {
  out.length = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      for (const t of tokenize(text)) out.push(t);
      return;
    }
  }
  const lower = text.toLowerCase();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0x20;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
}

export interface ScoredHit {
  readonly index: number;
  readonly score: number;
}

/** A query resolved to term ids and idf weights. */
export interface Bm25Query {
  readonly terms: Int32Array;
  readonly idf: Float64Array;
}

/** The index's arrays (what the index file stores beside the snapshot). */
export interface Bm25Data {
  /** Term strings by term id. */
  readonly vocab: TextTable;
  readonly postOffsets: Uint32Array;
  readonly postDocs: Uint32Array;
  readonly postTf: Uint16Array;
  readonly docOffsets: Uint32Array;
  readonly docTerms: Uint32Array;
  readonly docTf: Uint16Array;
  readonly docLen: Uint16Array;
  readonly avgdl: number;
}

/**
 * Where a BM25 search reads its arrays: the resident arrays (`Bm25Data`, memory placement), or the
 * index file on demand (`FileBm25` in snapshot/fileVectors.ts, store placement: only the vocabulary,
 * the postings' offsets and the documents' lengths are held; a query reads its terms' postings and a
 * scored node its own row). Both fill the same cursors, so the search below is one code path.
 */
export interface Bm25Source {
  /** false: the postings and rows stay in the file. */
  readonly resident: boolean;
  readonly vocab: TextTable;
  /** Term t has `postOffsets[t + 1] - postOffsets[t]` postings, by ascending node. */
  readonly postOffsets: Uint32Array;
  readonly docLen: Uint16Array;
  readonly avgdl: number;
  /** Makes the terms' postings readable in `postDocs`/`postTf` (valid until the next call) and returns where each term's list starts in them. */
  gather(terms: Int32Array): Uint32Array;
  readonly postDocs: Uint32Array;
  readonly postTf: Uint16Array;
  /** Makes the node's terms readable in `docTerms`/`docTf` (valid until the next call), returns where they start; they end at `rowEnd`. */
  row(node: number): number;
  readonly rowEnd: number;
  readonly docTerms: Uint32Array;
  readonly docTf: Uint16Array;
  /** The whole index as resident arrays (what the index file stores: writeSnapshot). */
  materialise(): Bm25Data;
}

/** The resident arrays as a source: every cursor is the array itself. */
class ResidentBm25 implements Bm25Source {
  readonly resident = true;
  readonly vocab: TextTable;
  readonly postOffsets: Uint32Array;
  readonly docLen: Uint16Array;
  readonly avgdl: number;
  readonly postDocs: Uint32Array;
  readonly postTf: Uint16Array;
  readonly docTerms: Uint32Array;
  readonly docTf: Uint16Array;
  rowEnd = 0;
  constructor(private readonly data: Bm25Data) {
    ({ vocab: this.vocab, postOffsets: this.postOffsets, docLen: this.docLen, avgdl: this.avgdl, postDocs: this.postDocs, postTf: this.postTf, docTerms: this.docTerms, docTf: this.docTf } = data);
  }
  gather(terms: Int32Array): Uint32Array {
    const starts = new Uint32Array(terms.length);
    for (let x = 0; x < terms.length; x++) starts[x] = this.postOffsets[terms[x]!]!;
    return starts;
  }
  row(node: number): number {
    this.rowEnd = this.data.docOffsets[node + 1]!;
    return this.data.docOffsets[node]!;
  }
  materialise(): Bm25Data {
    return this.data;
  }
}

export class Bm25Index {
  private readonly src: Bm25Source;
  private readonly n: number;
  /** Per-node accumulators of the resident search (topKAccumulated). */
  private scratch?: { acc: Float64Array; touched: Int32Array };

  constructor(data: Bm25Data | Bm25Source) {
    this.src = 'materialise' in data ? data : new ResidentBm25(data);
    this.n = this.src.docLen.length;
  }

  /** false: read from the index file on demand (store placement). */
  get resident(): boolean {
    return this.src.resident;
  }

  /** The index's arrays, resident (read whole from the file when it was opened on demand). */
  get data(): Bm25Data {
    return this.src.materialise();
  }

  /** Tokenizes every name (the one pass over all names; the index file keeps the result). */
  static build(names: { readonly length: number; get(i: number): string }): Bm25Index {
    const n = names.length;
    // Terms as UTF-8 bytes with a hash over them, ids in first-seen order: a Map kept a JS string
    // per distinct term (≈ 50 bytes each; the 10M synthetic graph's numbers are 10M terms).
    const vocab = new NameTable();
    const docOffsets = new Uint32Array(n + 1);
    let terms = new Uint32Array(Math.max(16, n * 4));
    let tfs = new Uint16Array(terms.length);
    let nt = 0;
    const docLen = new Uint16Array(n);
    let total = 0;
    // One name's tokens and distinct term ids with their counts (first-seen order), reused.
    const toks: string[] = [];
    const localIds: number[] = [];
    const localTf: number[] = [];
    for (let d = 0; d < n; d++) {
      tokensInto(names.get(d), toks);
      docLen[d] = Math.min(65535, toks.length);
      total += toks.length;
      localIds.length = 0;
      localTf.length = 0;
      for (const t of toks) {
        const id = vocab.id(t);
        const k = localIds.indexOf(id);
        if (k >= 0) localTf[k]!++;
        else {
          localIds.push(id);
          localTf.push(1);
        }
      }
      const size = localIds.length;
      if (nt + size > terms.length) {
        const grown = new Uint32Array(Math.max(terms.length * 2, nt + size));
        grown.set(terms.subarray(0, nt));
        terms = grown;
        const g2 = new Uint16Array(grown.length);
        g2.set(tfs.subarray(0, nt));
        tfs = g2;
      }
      for (let k = 0; k < size; k++) {
        terms[nt] = localIds[k]!;
        tfs[nt] = Math.min(65535, localTf[k]!);
        nt++;
      }
      docOffsets[d + 1] = nt;
    }
    const docTerms = terms.slice(0, nt);
    const docTf = tfs.slice(0, nt);
    // Transpose into postings.
    const V = vocab.added;
    const counts = new Uint32Array(V + 1);
    for (let j = 0; j < nt; j++) counts[docTerms[j] + 1]++;
    for (let t = 0; t < V; t++) counts[t + 1] += counts[t];
    const fill = counts.slice(0, V);
    const postDocs = new Uint32Array(nt);
    const postTf = new Uint16Array(nt);
    for (let d = 0; d < n; d++) {
      for (let j = docOffsets[d]; j < docOffsets[d + 1]; j++) {
        const at = fill[docTerms[j]]++;
        postDocs[at] = d;
        postTf[at] = docTf[j];
      }
    }
    return new Bm25Index({ vocab: vocab.toTextTable(), postOffsets: counts, postDocs, postTf, docOffsets, docTerms, docTf, docLen, avgdl: n > 0 ? total / n : 1 });
  }

  /** Distinct known query terms with their idf (unknown words contribute nothing). */
  query(text: string): Bm25Query {
    const ids: number[] = [];
    const idf: number[] = [];
    const { vocab, postOffsets } = this.src;
    for (const t of new Set(tokenize(text))) {
      const id = vocab.indexOf(t);
      if (id < 0) continue;
      const df = postOffsets[id + 1] - postOffsets[id];
      ids.push(id);
      idf.push(Math.log(1 + (this.n - df + 0.5) / (df + 0.5)));
    }
    return { terms: Int32Array.from(ids), idf: Float64Array.from(idf) };
  }

  /** BM25 of one node for a query (0 when they share no term). */
  score(q: Bm25Query, node: number): number {
    const src = this.src;
    let s = 0;
    const norm = K1 * (1 - B + (B * src.docLen[node]) / src.avgdl);
    const from = src.row(node);
    const to = src.rowEnd;
    const docTerms = src.docTerms;
    const docTf = src.docTf;
    // Summed in the node's term order (the order its name first uses them): the same float every reader gives.
    for (let j = from; j < to; j++) {
      const t = docTerms[j];
      for (let x = 0; x < q.terms.length; x++) {
        if (q.terms[x] !== t) continue;
        const tf = docTf[j];
        s += (q.idf[x] * tf * (K1 + 1)) / (tf + norm);
      }
    }
    return s;
  }

  /**
   * Top-k nodes by BM25 (score > 0), optionally only those whose label (`labels[node]`) is `label`
   * or, given a mask over label ids, has a 1 in it.
   */
  topK(q: Bm25Query, k: number, labels?: Uint16Array, label?: number | Uint8Array): ScoredHit[] {
    const one = labels !== undefined && typeof label === 'number' ? label : -1;
    const mask = labels !== undefined && typeof label === 'object' ? label : undefined;
    const src = this.src;
    const { postOffsets, docLen, avgdl } = src;
    const terms = q.terms;
    const nq = terms.length;
    if (src.resident) return this.topKAccumulated(q, k, labels, one, mask);
    // Read from the file (store placement): every query term's postings at once; each list runs in
    // node order, so merging them meets each node once with all its terms: no accumulator per node.
    const starts = src.gather(terms);
    const postDocs = src.postDocs;
    const postTf = src.postTf;
    const pos = new Uint32Array(nq);
    const end = new Uint32Array(nq);
    for (let x = 0; x < nq; x++) {
      pos[x] = starts[x];
      end[x] = starts[x] + postOffsets[terms[x] + 1] - postOffsets[terms[x]];
    }
    const h = new TopK(k);
    for (;;) {
      let d = -1;
      for (let x = 0; x < nq; x++) if (pos[x] < end[x] && (d < 0 || postDocs[pos[x]] < d)) d = postDocs[pos[x]];
      if (d < 0) break;
      const kept = !(one >= 0 && labels![d] !== one) && !(mask !== undefined && mask[labels![d]!] !== 1);
      // Summed term by term in the query's order, from 0: the float the per-node accumulators gave.
      let s = 0;
      for (let x = 0; x < nq; x++) {
        const j = pos[x];
        if (j >= end[x] || postDocs[j] !== d) continue;
        if (kept) {
          const tf = postTf[j];
          s += (q.idf[x] * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * docLen[d]) / avgdl));
        }
        pos[x] = j + 1;
        if (j + 1 < end[x] && postDocs[j + 1] <= d) throw new Error('BM25 postings are not in node order (a damaged index file?)');
      }
      // TopK keeps the smallest: offer −score (ties: smaller node index first).
      if (kept) h.offer(-s, d);
    }
    const out: ScoredHit[] = [];
    for (let i = 0; i < h.size; i++) out.push({ index: h.idx[i], score: -h.dist[i] });
    return out;
  }

  /**
   * Resident arrays: one pass over the postings into per-node accumulators (allocated on the first
   * search, 12 bytes per node: 18 MB at MetaQA ×40). The merge above compares every list's head per
   * node met; on ×40 it was 63 % of mor's CPU (p50 23 → 59–74 ms), this is one add per posting. The
   * same floats (summed term by term in the query's order, from 0) and, through TopK's tie rule, the
   * same order.
   */
  private topKAccumulated(q: Bm25Query, k: number, labels: Uint16Array | undefined, one: number, mask: Uint8Array | undefined): ScoredHit[] {
    const src = this.src;
    const { postOffsets, postDocs, postTf, docLen, avgdl } = src;
    this.scratch ??= { acc: new Float64Array(this.n), touched: new Int32Array(this.n) };
    const { acc, touched } = this.scratch;
    let nt = 0;
    for (let x = 0; x < q.terms.length; x++) {
      const t = q.terms[x];
      const idf = q.idf[x];
      for (let j = postOffsets[t]; j < postOffsets[t + 1]; j++) {
        const d = postDocs[j];
        if (one >= 0 && labels![d] !== one) continue;
        if (mask !== undefined && mask[labels![d]!] !== 1) continue;
        const tf = postTf[j];
        const add = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * docLen[d]) / avgdl));
        // Listed when first met: every addition is > 0 (idf > 0, tf ≥ 1).
        if (acc[d] === 0) touched[nt++] = d;
        acc[d] += add;
      }
    }
    const h = new TopK(k);
    for (let i = 0; i < nt; i++) {
      const d = touched[i];
      h.offer(-acc[d], d);
      acc[d] = 0;
    }
    const out: ScoredHit[] = [];
    for (let i = 0; i < h.size; i++) out.push({ index: h.idx[i], score: -h.dist[i] });
    return out;
  }
}

const cache = new WeakMap<SearchIndex, Bm25Index>();

/**
 * A BM25 index read apart for a search index that was opened without it (store placement reads the
 * index file's BM25 sections only for the strategies that score text: the strategy table's needs).
 */
export function attachBm25(index: SearchIndex, data: Bm25Data | Bm25Source): void {
  if (!index.data.bm25 && !cache.has(index)) cache.set(index, new Bm25Index(data));
}

/** Was a BM25 index read (or built) for `index` already? */
export function hasBm25(index: SearchIndex): boolean {
  return index.data.bm25 !== undefined || cache.has(index);
}

/** The BM25 index of a search index (read with it, attached, or built from the names on first use; kept as long as the index lives). */
export function bm25For(snap: SearchIndex): Bm25Index {
  let idx = cache.get(snap);
  if (!idx) {
    idx = snap.data.bm25 ? new Bm25Index(snap.data.bm25) : Bm25Index.build(snap.names);
    cache.set(snap, idx);
  }
  return idx;
}
