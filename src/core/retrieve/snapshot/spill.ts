// A sparse embedder's matrix built through a file, in bounded memory: the index build of a big graph
// (above APPROXIMATE_ABOVE rows, where the index file keeps postings and rows on disk anyway).
// Measured on MetaQA ×10 (31M entries): embedding every name into growable arrays, then transposing
// them into postings, held the rows twice (growth, then the exact copy) and the postings beside
// them — ≈ 1.3 GB of the import's peak; at ×40 (125M entries) over 3 GB.
//
// Pass 1 embeds each name once and appends its entries — (bucket, float32 bits) pairs in the
// embedder's order, as the index file's `rowEntries` — to the spill file, counting each bucket.
// Pass 2 reads those entries back once, in final row order, and scatters each (row, value) posting
// to its bucket's place in the file through a small buffer per bucket (the bucket sizes are pass
// 1's counts): memory is O(buckets), not O(entries). It read the whole file once per block of 16M
// postings before — 8 reads at MetaQA ×40, ≈ 60 of a 7.6 GB file at 10M names. The result is the same
// arrays, to the bit, as VectorIndex's in-memory transpose (the same float32 values, the same
// order; each row's squared norm summed in the same order) — tested against it.
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { SparseScratch, type SparseEmbedder } from '../../embed/hashing';
import { FilePostings, FileRows, readArray } from './fileVectors';
import type { InvertedMatrix } from './vectorIndex';

/**
 * Pass 2's per-bucket write buffers, rows and values together (16 MB: the lexical embedder's 1,536
 * buckets get 1,365 postings each); at most MAX_BUCKET_BUFFER postings per bucket.
 */
const SCATTER_BYTES = 16 << 20;
const MAX_BUCKET_BUFFER = 4096;
/** Entries read or written per I/O call. */
const IO_ENTRIES = 1 << 20;

/** Where the spilled sections are in the spill file, for copying them into the index file. */
export interface SpillSections {
  readonly fd: number;
  readonly entries: number;
  /** The rows' entries in row order: one range of the file, or one per block when pass 1 embedded the rows in another order. */
  readonly rowEntryRanges: readonly { readonly at: number; readonly bytes: number }[];
  readonly postRowsAt: number;
  readonly postValsAt: number;
  readonly rowOffsets: Uint32Array;
  /** Closes (and removes) the spill file; the matrix cannot be read after it. */
  readonly close: () => void;
}

export type SpilledMatrix = InvertedMatrix & { readonly spill: SpillSections };

/**
 * Pass 1 on its own: `add` embeds the next row and appends its entries to a new file at `path`
 * (unlinked at once where the system allows it; its descriptor keeps it). Rows can be added a few
 * at a time between other work (the import embeds names while the engine copies: fromImport.ts);
 * `finishSpill` then lays out the postings, in the rows' final order.
 */
export class SpillRows {
  readonly fd: number;
  /** Rows added so far. */
  rows = 0;
  private readonly scratch: SparseScratch;
  readonly rowOffsets: Uint32Array;
  readonly rowNormSq: Float64Array;
  readonly counts: Float64Array;
  private readonly buf = new Uint32Array(2 * IO_ENTRIES);
  private readonly bufF = new Float32Array(this.buf.buffer);
  private inBuf = 0;
  nnz = 0;
  private fileAt = 0;
  private unlinked = false;
  private closed = false;

  constructor(
    private readonly embedder: SparseEmbedder,
    readonly count: number,
    private readonly path: string,
  ) {
    this.fd = openSync(path, 'w+');
    try {
      unlinkSync(path);
      this.unlinked = true;
    } catch {
      // Windows: an open file cannot be removed; close() removes it.
    }
    this.scratch = new SparseScratch(embedder.dimension);
    this.rowOffsets = new Uint32Array(count + 1);
    this.rowNormSq = new Float64Array(count);
    this.counts = new Float64Array(embedder.dimension);
  }

  /** Embeds row `this.rows` and appends its entries. */
  add(text: string): void {
    const r = this.rows++;
    const scratch = this.scratch;
    const buf = this.buf;
    const bufF = this.bufF;
    this.embedder.embedSparse(text, scratch);
    const c = scratch.count;
    let s = 0;
    for (let i = 0; i < c; i++) {
      if (this.inBuf === IO_ENTRIES) this.flush();
      const b = scratch.indices[i]!;
      const at = this.inBuf;
      buf[2 * at] = b;
      bufF[2 * at + 1] = scratch.values[b]!;
      const v = bufF[2 * at + 1]!;
      s += v * v;
      this.counts[b]!++;
      this.inBuf++;
    }
    this.nnz += c;
    if (this.nnz > 0xffffffff) throw new RangeError('more than 4,294,967,295 vector entries: too many names for one index file');
    this.rowOffsets[r + 1] = this.nnz;
    this.rowNormSq[r] = s;
  }

  flush(): void {
    writeFull(this.fd, new Uint8Array(this.buf.buffer, 0, 8 * this.inBuf), this.fileAt);
    this.fileAt += 8 * this.inBuf;
    this.inBuf = 0;
  }

  /** Once only: a closed descriptor's number is soon another file's. */
  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    if (!this.unlinked) {
      try {
        unlinkSync(this.path);
      } catch {
        // gone already
      }
    }
  };
}

/**
 * Embeds `count` texts (`textOf(r)`) into an InvertedMatrix whose postings and rows live in a new
 * file at `path`. `close` closes it (and removes it where it could not be unlinked).
 */
export function embedSparseSpilled(embedder: SparseEmbedder, count: number, textOf: (r: number) => string, path: string, signal?: AbortSignal, bucketBuffer?: number): { matrix: SpilledMatrix; close: () => void } {
  const spill = new SpillRows(embedder, count, path);
  try {
    for (let r = 0; r < count; r++) {
      if (signal?.aborted && (r & 4095) === 0) throw new Error('embedding aborted');
      spill.add(textOf(r));
    }
    return { matrix: finishSpill(spill, [[0, count]], signal, bucketBuffer), close: spill.close };
  } catch (e) {
    spill.close();
    throw e;
  }
}

/**
 * Pass 2: the postings of every row pass 1 added, scattered to their buckets' places in the file
 * through `bucketBuffer` postings of buffer per bucket (by default 16 MB in all). `order` lists ranges of pass 1's rows in their final order
 * (the matrix's row i is the i-th row of the ranges): the same arrays, to the bit, as embedding the
 * rows in that order. Closes the file on failure.
 */
export function finishSpill(spill: SpillRows, order: readonly (readonly [number, number])[], signal?: AbortSignal, bucketBuffer?: number): SpilledMatrix {
  try {
    spill.flush();
    const { fd, nnz } = spill;
    const count = order.reduce((n, [f, t]) => n + t - f, 0);
    if (count !== spill.rows || count !== spill.count) throw new Error(`spill: ${spill.rows} of ${spill.count} rows embedded, ${count} ordered`);
    const d = spill.counts.length;
    const so = spill.rowOffsets;
    // The final rows' offsets and norms, and where their entries are in the file.
    const rowOffsets = new Uint32Array(count + 1);
    const rowNormSq = new Float64Array(count);
    const ranges: { at: number; bytes: number }[] = [];
    const blockStart: number[] = [];
    let r = 0;
    for (const [f, t] of order) {
      blockStart.push(r);
      if (t > f) ranges.push({ at: 8 * so[f]!, bytes: 8 * (so[t]! - so[f]!) });
      for (let i = f; i < t; i++, r++) {
        rowOffsets[r + 1] = rowOffsets[r]! + so[i + 1]! - so[i]!;
        rowNormSq[r] = spill.rowNormSq[i]!;
      }
    }
    const postOffsets = new Uint32Array(d + 1);
    for (let b = 0; b < d; b++) postOffsets[b + 1] = postOffsets[b]! + spill.counts[b]!;
    const postRowsAt = 8 * nnz;
    const postValsAt = 12 * nnz;
    // One read of the entries in final row order; each bucket's postings are appended to its own
    // buffer and written at the bucket's next position in the file when the buffer fills: every
    // bucket's postings come out in final row order, and memory is O(buckets × per).
    const per = bucketBuffer ?? Math.max(16, Math.min(MAX_BUCKET_BUFFER, Math.floor(SCATTER_BYTES / (8 * d))));
    const bufRows = new Uint32Array(d * per);
    const bufVals = new Uint32Array(d * per);
    const held = new Uint32Array(d);
    const done = new Uint32Array(d);
    const flushBucket = (b: number): void => {
      const k = held[b]!;
      if (k === 0) return;
      const at = postOffsets[b]! + done[b]!;
      writeFull(fd, new Uint8Array(bufRows.buffer, 4 * b * per, 4 * k), postRowsAt + 4 * at);
      writeFull(fd, new Uint8Array(bufVals.buffer, 4 * b * per, 4 * k), postValsAt + 4 * at);
      done[b]! += k;
      held[b] = 0;
    };
    const buf = new Uint32Array(2 * IO_ENTRIES);
    order.forEach(([f, t], k) => {
      const end = so[t]!;
      // Entry j belongs to final row blockStart[k] + (its pass 1 row − f).
      let row = f;
      for (let from = so[f]!; from < end; from += IO_ENTRIES) {
        if (signal?.aborted) throw new Error('embedding aborted');
        const n = Math.min(IO_ENTRIES, end - from);
        readArray(fd, 8 * from, buf, 8 * n);
        for (let j = 0; j < n; j++) {
          while (so[row + 1]! <= from + j) row++;
          const b = buf[2 * j]!;
          if (held[b] === per) flushBucket(b);
          const at = b * per + held[b]!++;
          bufRows[at] = blockStart[k]! + row - f;
          // The float32's bits, copied as they are.
          bufVals[at] = buf[2 * j + 1]!;
        }
      }
    });
    for (let b = 0; b < d; b++) flushBucket(b);
    const postings = new FilePostings(fd, postOffsets, postRowsAt, postValsAt);
    // A final row's entries: where pass 1 wrote them.
    const rowFile = new FileRows(fd, so, 0);
    const spillRow = (i: number): number => {
      let k = blockStart.length - 1;
      while (blockStart[k]! > i) k--;
      return order[k]![0] + i - blockStart[k]!;
    };
    const matrix: SpilledMatrix = {
      kind: 'inverted',
      rows: count,
      dimension: d,
      postings,
      rowNormSq,
      scratch: new SparseScratch(d),
      row: (i, s) => rowFile.read(spillRow(i), s),
      materialise: () => {
        const rowEntries = new Uint32Array(2 * nnz);
        let at = 0;
        for (const g of ranges) {
          readArray(fd, g.at, rowEntries.subarray(at, at + g.bytes / 4), g.bytes);
          at += g.bytes / 4;
        }
        return { postRows: readArray(fd, postRowsAt, new Uint32Array(nnz)), postVals: readArray(fd, postValsAt, new Float32Array(nnz)), rowOffsets, rowEntries };
      },
      spill: { fd, entries: nnz, rowEntryRanges: ranges, postRowsAt, postValsAt, rowOffsets, close: spill.close },
    };
    // A snapshot dropped without close (a session's first run): its file goes with it.
    spillFiles.register(matrix, spill.close, matrix.spill);
    return matrix;
  } catch (e) {
    spill.close();
    throw e;
  }
}

const spillFiles = new FinalizationRegistry<() => void>((close) => close());

export function isSpilled(m: { readonly kind: string }): m is SpilledMatrix {
  return m.kind === 'inverted' && 'spill' in m;
}

/** `bytes` bytes of the spill file from `position`, a chunk at a time (copying a section into the index file). */
export function* spillChunks(fd: number, position: number, bytes: number): Iterable<Uint8Array> {
  const chunk = new Uint8Array(8 * IO_ENTRIES);
  for (let at = 0; at < bytes; at += chunk.length) {
    const n = Math.min(chunk.length, bytes - at);
    readArray(fd, position + at, new Uint32Array(chunk.buffer), n);
    yield chunk.subarray(0, n);
  }
}

function writeFull(fd: number, bytes: Uint8Array, position: number): void {
  let at = 0;
  while (at < bytes.length) at += writeSync(fd, bytes, at, Math.min(bytes.length - at, 1 << 30), position + at);
}
