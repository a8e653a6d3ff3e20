// Postings and rows read from a file on demand (the index file above APPROXIMATE_ABOVE rows, or the
// spill file of a build: spill.ts): a search reads the buckets it walks, a distance the row it needs.
// BM25 in store placement likewise (FileBm25): a query reads its terms' postings, a score its node's row.
import { readSync } from 'node:fs';
import type { SparseScratch } from '../../embed/hashing';
import { scatterEntries, type PostingSource } from './vectorIndex';
import type { Bm25Data, Bm25Source } from '../mor/bm25';
import type { TextTable } from './textTable';

/** Reads `out.byteLength` bytes at `position` into `out`. */
export function readArray<T extends Uint16Array | Uint32Array | Float32Array>(fd: number, position: number, out: T, bytes = out.byteLength): T {
  const view = new Uint8Array(out.buffer, out.byteOffset, bytes);
  let at = 0;
  while (at < bytes) {
    const n = readSync(fd, view, at, bytes - at, position + at);
    if (n === 0) throw new Error('snapshot file: truncated');
    at += n;
  }
  return out;
}

/** Postings read from the index file bucket by bucket into reused buffers (they grow to the largest bucket read). */
export class FilePostings implements PostingSource {
  readonly resident = false;
  rows = new Uint32Array(4096);
  vals = new Float32Array(4096);
  constructor(
    private readonly fd: number,
    readonly offsets: Uint32Array,
    private readonly rowsAt: number,
    private readonly valsAt: number,
  ) {}
  open(b: number): number {
    const from = this.offsets[b]!;
    const n = this.offsets[b + 1]! - from;
    if (n > this.rows.length) {
      const cap = Math.max(n, 2 * this.rows.length);
      this.rows = new Uint32Array(cap);
      this.vals = new Float32Array(cap);
    }
    if (n > 0) {
      readArray(this.fd, this.rowsAt + 4 * from, this.rows, 4 * n);
      readArray(this.fd, this.valsAt + 4 * from, this.vals, 4 * n);
    }
    return 0;
  }
}

/** Rows' entries read from the index file one row at a time (one read each). */
export class FileRows {
  private u32 = new Uint32Array(512);
  private f32 = new Float32Array(this.u32.buffer);
  constructor(
    private readonly fd: number,
    private readonly offsets: Uint32Array,
    private readonly at: number,
  ) {}
  read(r: number, scratch: SparseScratch): void {
    const from = this.offsets[r]!;
    const n = this.offsets[r + 1]! - from;
    if (2 * n > this.u32.length) {
      this.u32 = new Uint32Array(Math.max(2 * n, 2 * this.u32.length));
      this.f32 = new Float32Array(this.u32.buffer);
    }
    if (n > 0) readArray(this.fd, this.at + 8 * from, this.u32, 8 * n);
    scatterEntries(this.u32, this.f32, 0, n, scratch);
  }
}


/** Where the BM25 sections that stay in the file start (absolute file positions). */
export interface Bm25FileSections {
  readonly postDocsAt: number;
  readonly postTfAt: number;
  readonly docOffsetsAt: number;
  readonly docTermsAt: number;
  readonly docTfAt: number;
  /** Postings (= document entries) in all. */
  readonly entries: number;
}

/**
 * MoR's and SAGE's BM25 index read from the index file on demand (store placement): the vocabulary,
 * the postings' offsets (the document frequencies) and the documents' lengths are held (≈ 3.5 MB at
 * MetaQA ×40, against ≈ 70 MB for every section); a query's postings are read when it searches (its
 * terms' lists, one after another), a node's terms when it is scored, each with positional reads
 * into buffers that grow to the largest read. The file descriptor is the caller's (closed when this reader is collected: cache.ts).
 */
export class FileBm25 implements Bm25Source {
  readonly resident = false;
  postDocs = new Uint32Array(1024);
  postTf = new Uint16Array(1024);
  docTerms = new Uint32Array(64);
  docTf = new Uint16Array(64);
  rowEnd = 0;
  private readonly bounds = new Uint32Array(2);

  constructor(
    private readonly fd: number,
    readonly vocab: TextTable,
    readonly postOffsets: Uint32Array,
    readonly docLen: Uint16Array,
    readonly avgdl: number,
    private readonly at: Bm25FileSections,
  ) {}

  gather(terms: Int32Array): Uint32Array {
    const starts = new Uint32Array(terms.length);
    let n = 0;
    for (let x = 0; x < terms.length; x++) {
      starts[x] = n;
      n += this.postOffsets[terms[x]! + 1]! - this.postOffsets[terms[x]!]!;
    }
    if (n > this.postDocs.length) {
      const cap = Math.max(n, 2 * this.postDocs.length);
      this.postDocs = new Uint32Array(cap);
      this.postTf = new Uint16Array(cap);
    }
    for (let x = 0; x < terms.length; x++) {
      const from = this.postOffsets[terms[x]!]!;
      const count = this.postOffsets[terms[x]! + 1]! - from;
      if (count === 0) continue;
      readArray(this.fd, this.at.postDocsAt + 4 * from, this.postDocs.subarray(starts[x]), 4 * count);
      readArray(this.fd, this.at.postTfAt + 2 * from, this.postTf.subarray(starts[x]), 2 * count);
    }
    return starts;
  }

  row(node: number): number {
    readArray(this.fd, this.at.docOffsetsAt + 4 * node, this.bounds);
    const from = this.bounds[0]!;
    const n = this.bounds[1]! - from;
    if (n > this.docTerms.length) {
      const cap = Math.max(n, 2 * this.docTerms.length);
      this.docTerms = new Uint32Array(cap);
      this.docTf = new Uint16Array(cap);
    }
    if (n > 0) {
      readArray(this.fd, this.at.docTermsAt + 4 * from, this.docTerms, 4 * n);
      readArray(this.fd, this.at.docTfAt + 2 * from, this.docTf, 2 * n);
    }
    this.rowEnd = n;
    return 0;
  }

  materialise(): Bm25Data {
    const m = this.at.entries;
    return {
      vocab: this.vocab,
      postOffsets: this.postOffsets,
      postDocs: readArray(this.fd, this.at.postDocsAt, new Uint32Array(m)),
      postTf: readArray(this.fd, this.at.postTfAt, new Uint16Array(m)),
      docOffsets: readArray(this.fd, this.at.docOffsetsAt, new Uint32Array(this.docLen.length + 1)),
      docTerms: readArray(this.fd, this.at.docTermsAt, new Uint32Array(m)),
      docTf: readArray(this.fd, this.at.docTfAt, new Uint16Array(m)),
      docLen: this.docLen,
      avgdl: this.avgdl,
    };
  }
}
