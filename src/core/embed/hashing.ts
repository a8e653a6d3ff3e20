import type { Embedder } from './embedder';

/**
 * Character n-gram feature hashing: the offline default embedder. No model, no download, fully
 * deterministic. Every text is lower-cased, diacritics are folded, runs of non-alphanumerics become
 * one space and the result is padded with a space on each side, so word boundaries become n-gram
 * features. Each n-gram (n = minN..maxN) adds 1 to bucket FNV-1a(ngram) mod dimension; the vector
 * is then unit-normalised. Unsigned buckets keep every dot product ≥ 0, which lets a sparse
 * inverted index return exactly the brute-force top-k (see retrieve/snapshot/vectorIndex.ts).
 *
 * It matches names well despite typos and word order but knows no synonyms.
 */
export interface HashingOptions {
  /** Number of hash buckets (default 512). */
  readonly dimension?: number;
  /** Shortest n-gram (default 2). */
  readonly minN?: number;
  /** Longest n-gram (default 4). */
  readonly maxN?: number;
}

/** Reusable buffers for sparse embeddings: the non-zero buckets of the last text. */
export class SparseScratch {
  readonly values: Float32Array;
  readonly indices: Int32Array;
  count = 0;
  constructor(dimension: number) {
    this.values = new Float32Array(dimension);
    this.indices = new Int32Array(dimension);
  }
  /** Zeroes only the touched buckets. */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.values[this.indices[i]] = 0;
    this.count = 0;
  }
}

/** An embedder that can also hand out its rows sparsely (indices of non-zero buckets + values). */
export interface SparseEmbedder extends Embedder {
  /**
   * Embeds one text into `scratch` (cleared first). After the call `scratch.indices[0..count)`
   * are the non-zero buckets (unsorted) and `scratch.values[bucket]` their unit-normalised values.
   */
  embedSparse(text: string, scratch: SparseScratch): void;
}

export function isSparseEmbedder(e: Embedder): e is SparseEmbedder {
  return typeof (e as Partial<SparseEmbedder>).embedSparse === 'function';
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MAX_N = 8;

/** Lower-case, fold diacritics, collapse non-alphanumerics to single spaces, pad with spaces. */
export function normaliseForHashing(text: string): string {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return words.length === 0 ? '' : ' ' + words + ' ';
}

export class HashingEmbedder implements SparseEmbedder {
  readonly id: string;
  readonly dimension: number;
  private readonly minN: number;
  private readonly maxN: number;
  // Rolling hashes for the n-grams that start at each of the last maxN positions.
  private readonly rolling: Uint32Array;
  private readonly scratch: SparseScratch;

  constructor(options: HashingOptions = {}) {
    this.dimension = options.dimension ?? 512;
    this.minN = options.minN ?? 2;
    this.maxN = options.maxN ?? 4;
    if (!Number.isInteger(this.dimension) || this.dimension < 8) throw new Error(`hashing embedder: dimension must be an integer ≥ 8, got ${this.dimension}`);
    if (!(this.minN >= 1 && this.maxN >= this.minN && this.maxN <= MAX_N)) throw new Error(`hashing embedder: need 1 ≤ minN ≤ maxN ≤ ${MAX_N}`);
    this.id = `hashing-v1:d${this.dimension}:n${this.minN}-${this.maxN}`;
    this.rolling = new Uint32Array(this.maxN);
    this.scratch = new SparseScratch(this.dimension);
  }

  async embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
    const out = new Float32Array(texts.length * this.dimension);
    for (let t = 0; t < texts.length; t++) {
      if (signal?.aborted && t % 1024 === 0) throw new Error('embedding aborted');
      this.embedInto(texts[t], out, t * this.dimension);
    }
    return out;
  }

  /** Dense row written at `offset` of `out` (which must be zero there). */
  embedInto(text: string, out: Float32Array, offset: number): void {
    const s = this.scratch;
    this.embedSparse(text, s);
    for (let i = 0; i < s.count; i++) {
      const b = s.indices[i];
      out[offset + b] = s.values[b];
    }
  }

  embedSparse(text: string, scratch: SparseScratch): void {
    scratch.clear();
    const str = normaliseForHashing(text);
    const values = scratch.values;
    const indices = scratch.indices;
    const rolling = this.rolling;
    const maxN = this.maxN;
    const minN = this.minN;
    const dim = this.dimension;
    let count = 0;
    // rolling[j] holds the hash of the n-gram that started j+1 characters ago… updated in place:
    // for each new character c, every open n-gram absorbs c; a new one opens at c.
    let open = 0;
    for (let i = 0; i < str.length; i++) {
      const c = str.charCodeAt(i);
      if (open < maxN) open++;
      // Shift: the oldest open gram (length maxN) closes; others grow by one.
      for (let j = open - 1; j > 0; j--) rolling[j] = Math.imul(rolling[j - 1] ^ c, FNV_PRIME) >>> 0;
      rolling[0] = Math.imul(FNV_OFFSET ^ c, FNV_PRIME) >>> 0;
      // rolling[j] is now the hash of the (j+1)-gram ending at i.
      for (let j = minN - 1; j < open; j++) {
        // Mix in n so that "ab" as a 2-gram and as part of longer grams land independently.
        const h = Math.imul(rolling[j] ^ (j + 1), 0x9e3779b1) >>> 0;
        const b = h % dim;
        if (values[b] === 0) indices[count++] = b;
        values[b] += 1;
      }
    }
    let norm = 0;
    for (let i = 0; i < count; i++) {
      const v = values[indices[i]];
      norm += v * v;
    }
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = 0; i < count; i++) values[indices[i]] *= inv;
    }
    scratch.count = count;
  }
}
