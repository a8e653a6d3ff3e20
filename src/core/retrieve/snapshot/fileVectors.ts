// Postings and rows read from a file on demand (the index file above APPROXIMATE_ABOVE rows, or the
// spill file of a build: spill.ts): a search reads the buckets it walks, a distance the row it needs.
import { readSync } from 'node:fs';
import type { SparseScratch } from '../../embed/hashing';
import { scatterEntries, type PostingSource } from './vectorIndex';

/** Reads `out.byteLength` bytes at `position` into `out`. */
export function readArray<T extends Uint32Array | Float32Array>(fd: number, position: number, out: T, bytes = out.byteLength): T {
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

