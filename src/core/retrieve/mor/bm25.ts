import type { GraphSnapshot } from '../snapshot/snapshot';
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

export interface ScoredHit {
  readonly index: number;
  readonly score: number;
}

/** A query resolved to term ids and idf weights. */
export interface Bm25Query {
  readonly terms: Int32Array;
  readonly idf: Float64Array;
}

export class Bm25Index {
  private readonly vocab = new Map<string, number>();
  private readonly postOffsets: Uint32Array;
  private readonly postDocs: Uint32Array;
  private readonly postTf: Uint16Array;
  private readonly docOffsets: Uint32Array;
  private readonly docTerms: Uint32Array;
  private readonly docTf: Uint16Array;
  private readonly docLen: Uint16Array;
  private readonly avgdl: number;
  private readonly n: number;
  private readonly acc: Float64Array;
  private readonly touched: Int32Array;

  constructor(names: readonly string[]) {
    const n = names.length;
    this.n = n;
    const docOffsets = new Uint32Array(n + 1);
    const terms: number[] = [];
    const tfs: number[] = [];
    const docLen = new Uint16Array(n);
    let total = 0;
    for (let d = 0; d < n; d++) {
      const toks = tokenize(names[d]);
      docLen[d] = Math.min(65535, toks.length);
      total += toks.length;
      const local = new Map<number, number>();
      for (const t of toks) {
        let id = this.vocab.get(t);
        if (id === undefined) {
          id = this.vocab.size;
          this.vocab.set(t, id);
        }
        local.set(id, (local.get(id) ?? 0) + 1);
      }
      for (const [id, tf] of local) {
        terms.push(id);
        tfs.push(Math.min(65535, tf));
      }
      docOffsets[d + 1] = terms.length;
    }
    this.docOffsets = docOffsets;
    this.docTerms = Uint32Array.from(terms);
    this.docTf = Uint16Array.from(tfs);
    this.docLen = docLen;
    this.avgdl = n > 0 ? total / n : 1;
    // Transpose into postings.
    const V = this.vocab.size;
    const counts = new Uint32Array(V + 1);
    for (let j = 0; j < this.docTerms.length; j++) counts[this.docTerms[j] + 1]++;
    for (let t = 0; t < V; t++) counts[t + 1] += counts[t];
    const fill = counts.slice(0, V);
    this.postDocs = new Uint32Array(this.docTerms.length);
    this.postTf = new Uint16Array(this.docTerms.length);
    for (let d = 0; d < n; d++) {
      for (let j = docOffsets[d]; j < docOffsets[d + 1]; j++) {
        const at = fill[this.docTerms[j]]++;
        this.postDocs[at] = d;
        this.postTf[at] = this.docTf[j];
      }
    }
    this.postOffsets = counts;
    this.acc = new Float64Array(n);
    this.touched = new Int32Array(n);
  }

  /** Distinct known query terms with their idf (unknown words contribute nothing). */
  query(text: string): Bm25Query {
    const ids: number[] = [];
    const idf: number[] = [];
    for (const t of new Set(tokenize(text))) {
      const id = this.vocab.get(t);
      if (id === undefined) continue;
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
    const acc = this.acc;
    const touched = this.touched;
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

const cache = new WeakMap<GraphSnapshot, Bm25Index>();

/** The BM25 index of a snapshot (built on first use, kept as long as the snapshot lives). */
export function bm25For(snap: GraphSnapshot): Bm25Index {
  let idx = cache.get(snap);
  if (!idx) {
    idx = new Bm25Index(snap.names);
    cache.set(snap, idx);
  }
  return idx;
}
