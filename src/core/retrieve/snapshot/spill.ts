// A sparse embedder's matrix built through a file, in bounded memory: the index build of a big graph
// (above APPROXIMATE_ABOVE rows, where the index file keeps postings and rows on disk anyway).
// Measured on MetaQA ×10 (31M entries): embedding every name into growable arrays, then transposing
// them into postings, held the rows twice (growth, then the exact copy) and the postings beside
// them — ≈ 1.3 GB of the import's peak; at ×40 (125M entries) over 3 GB.
//
// Pass 1 embeds each name once and appends its entries — (bucket, float32 bits) pairs in the
// embedder's order, as the index file's `rowEntries` — to the spill file, counting each bucket.
// Pass 2 reads those entries back, a block of buckets at a time (at most BLOCK_ENTRIES postings in
// memory), and writes each bucket's (row, value) postings in row order. The result is the same
// arrays, to the bit, as VectorIndex's in-memory transpose (the same float32 values, the same
// order; each row's squared norm summed in the same order) — tested against it.
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { SparseScratch, type SparseEmbedder } from '../../embed/hashing';
import { FilePostings, FileRows, readArray } from './fileVectors';
import type { InvertedMatrix } from './vectorIndex';

/** Postings held at once in pass 2 (8 bytes each). */
const BLOCK_ENTRIES = 16 << 20;
/** Entries read or written per I/O call. */
const IO_ENTRIES = 1 << 20;

/** Where the spilled sections are in the spill file, for copying them into the index file. */
export interface SpillSections {
  readonly fd: number;
  readonly entries: number;
  readonly rowEntriesAt: number;
  readonly postRowsAt: number;
  readonly postValsAt: number;
  readonly rowOffsets: Uint32Array;
  /** Closes (and removes) the spill file; the matrix cannot be read after it. */
  readonly close: () => void;
}

export type SpilledMatrix = InvertedMatrix & { readonly spill: SpillSections };

/**
 * Embeds `count` texts (`textOf(r)`) into an InvertedMatrix whose postings and rows live in a new
 * file at `path`. The file is unlinked at once where the system allows it (its descriptor keeps it);
 * `close` closes it (and removes it where it could not be unlinked).
 */
export function embedSparseSpilled(embedder: SparseEmbedder, count: number, textOf: (r: number) => string, path: string, signal?: AbortSignal, blockEntries = BLOCK_ENTRIES): { matrix: SpilledMatrix; close: () => void } {
  const fd = openSync(path, 'w+');
  let unlinked = false;
  let closed = false;
  try {
    unlinkSync(path);
    unlinked = true;
  } catch {
    // Windows: an open file cannot be removed; close() removes it.
  }
  // Once only: a closed descriptor's number is soon another file's.
  const close = (): void => {
    if (closed) return;
    closed = true;
    closeSync(fd);
    if (!unlinked) {
      try {
        unlinkSync(path);
      } catch {
        // gone already
      }
    }
  };
  try {
    const d = embedder.dimension;
    const scratch = new SparseScratch(d);
    const rowOffsets = new Uint32Array(count + 1);
    const rowNormSq = new Float64Array(count);
    const counts = new Float64Array(d);
    const buf = new Uint32Array(2 * IO_ENTRIES);
    const bufF = new Float32Array(buf.buffer);
    let inBuf = 0;
    let nnz = 0;
    let fileAt = 0;
    const flush = (): void => {
      writeFull(fd, new Uint8Array(buf.buffer, 0, 8 * inBuf), fileAt);
      fileAt += 8 * inBuf;
      inBuf = 0;
    };
    // Pass 1: rows.
    for (let r = 0; r < count; r++) {
      if (signal?.aborted && (r & 4095) === 0) throw new Error('embedding aborted');
      embedder.embedSparse(textOf(r), scratch);
      const c = scratch.count;
      let s = 0;
      for (let i = 0; i < c; i++) {
        if (inBuf === IO_ENTRIES) flush();
        const b = scratch.indices[i]!;
        buf[2 * inBuf] = b;
        bufF[2 * inBuf + 1] = scratch.values[b]!;
        const v = bufF[2 * inBuf + 1]!;
        s += v * v;
        counts[b]!++;
        inBuf++;
      }
      nnz += c;
      if (nnz > 0xffffffff) throw new RangeError('more than 4,294,967,295 vector entries: too many names for one index file');
      rowOffsets[r + 1] = nnz;
      rowNormSq[r] = s;
    }
    flush();
    const postOffsets = new Uint32Array(d + 1);
    for (let b = 0; b < d; b++) postOffsets[b + 1] = postOffsets[b]! + counts[b]!;
    const rowEntriesAt = 0;
    const postRowsAt = 8 * nnz;
    const postValsAt = 12 * nnz;
    // Pass 2: postings, a block of buckets at a time.
    const fill = new Uint32Array(d);
    for (let b0 = 0; b0 < d; ) {
      let b1 = b0 + 1;
      while (b1 < d && postOffsets[b1 + 1]! - postOffsets[b0]! <= blockEntries) b1++;
      const base = postOffsets[b0]!;
      const size = postOffsets[b1]! - base;
      if (size > 0) {
        const rows = new Uint32Array(size);
        const vals = new Float32Array(size);
        for (let b = b0; b < b1; b++) fill[b] = postOffsets[b]! - base;
        let r = 0;
        for (let from = 0; from < nnz; from += IO_ENTRIES) {
          if (signal?.aborted) throw new Error('embedding aborted');
          const n = Math.min(IO_ENTRIES, nnz - from);
          readArray(fd, rowEntriesAt + 8 * from, buf, 8 * n);
          for (let j = 0; j < n; j++) {
            while (rowOffsets[r + 1]! <= from + j) r++;
            const b = buf[2 * j]!;
            if (b < b0 || b >= b1) continue;
            const at = fill[b]!++;
            rows[at] = r;
            vals[at] = bufF[2 * j + 1]!;
          }
        }
        writeFull(fd, new Uint8Array(rows.buffer), postRowsAt + 4 * base);
        writeFull(fd, new Uint8Array(vals.buffer), postValsAt + 4 * base);
      }
      b0 = b1;
    }
    const postings = new FilePostings(fd, postOffsets, postRowsAt, postValsAt);
    const rowFile = new FileRows(fd, rowOffsets, rowEntriesAt);
    const matrix: SpilledMatrix = {
      kind: 'inverted',
      rows: count,
      dimension: d,
      postings,
      rowNormSq,
      scratch: new SparseScratch(d),
      row: (r, s) => rowFile.read(r, s),
      materialise: () => ({
        postRows: readArray(fd, postRowsAt, new Uint32Array(nnz)),
        postVals: readArray(fd, postValsAt, new Float32Array(nnz)),
        rowOffsets,
        rowEntries: readArray(fd, rowEntriesAt, new Uint32Array(2 * nnz)),
      }),
      spill: { fd, entries: nnz, rowEntriesAt, postRowsAt, postValsAt, rowOffsets, close },
    };
    // A snapshot dropped without close (a session's first run): its file goes with it.
    spillFiles.register(matrix, close, matrix.spill);
    return { matrix, close };
  } catch (e) {
    close();
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
