import { NameTable } from '../../graph/import/typedSets';
import type { SearchIndex } from '../snapshot/snapshot';
import { TextTable } from '../snapshot/textTable';
import { TopK } from '../snapshot/topK';

/**
 * BM25 over node text (the node's name: MoR's φ for Amazon/MAG is BM25 over node documents).
 * A compact inverted index in typed arrays: term → (node, tf) postings and node → terms (to score
 * any single node for the trajectory fingerprints). Built once per snapshot on first use.
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

export class Bm25Index {
  private readonly vocab: TextTable;
  private readonly postOffsets: Uint32Array;
  private readonly postDocs: Uint32Array;
  private readonly postTf: Uint16Array;
  private readonly docOffsets: Uint32Array;
  private readonly docTerms: Uint32Array;
  private readonly docTf: Uint16Array;
  private readonly docLen: Uint16Array;
  private readonly avgdl: number;
  private readonly n: number;
  private scratch?: { acc: Float64Array; touched: Int32Array };

  constructor(readonly data: Bm25Data) {
    ({ vocab: this.vocab, postOffsets: this.postOffsets, postDocs: this.postDocs, postTf: this.postTf, docOffsets: this.docOffsets, docTerms: this.docTerms, docTf: this.docTf, docLen: this.docLen, avgdl: this.avgdl } = data);
    this.n = data.docLen.length;
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
    for (const t of new Set(tokenize(text))) {
      const id = this.vocab.indexOf(t);
      if (id < 0) continue;
      const df = this.postOffsets[id + 1] - this.postOffsets[id];
      ids.push(id);
      idf.push(Math.log(1 + (this.n - df + 0.5) / (df + 0.5)));
    }
    return { terms: Int32Array.from(ids), idf: Float64Array.from(idf) };
  }

  /** BM25 of one node for a query (0 when they share no term). */
  score(q: Bm25Query, node: number): number {
    let s = 0;
    const norm = K1 * (1 - B + (B * this.docLen[node]) / this.avgdl);
    for (let j = this.docOffsets[node]; j < this.docOffsets[node + 1]; j++) {
      const t = this.docTerms[j];
      for (let x = 0; x < q.terms.length; x++) {
        if (q.terms[x] !== t) continue;
        const tf = this.docTf[j];
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
    // Per-node accumulators, allocated on the first search (not when the index is opened).
    this.scratch ??= { acc: new Float64Array(this.n), touched: new Int32Array(this.n) };
    const { acc, touched } = this.scratch;
    let nt = 0;
    for (let x = 0; x < q.terms.length; x++) {
      const t = q.terms[x];
      const idf = q.idf[x];
      for (let j = this.postOffsets[t]; j < this.postOffsets[t + 1]; j++) {
        const d = this.postDocs[j];
        if (one >= 0 && labels![d] !== one) continue;
        if (mask !== undefined && mask[labels![d]!] !== 1) continue;
        const tf = this.postTf[j];
        if (acc[d] === 0) touched[nt++] = d;
        acc[d] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.docLen[d]) / this.avgdl));
      }
    }
    const h = new TopK(k);
    for (let i = 0; i < nt; i++) {
      const d = touched[i];
      // TopK keeps the smallest: offer −score (ties: smaller node index first).
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
export function attachBm25(index: SearchIndex, data: Bm25Data): void {
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
