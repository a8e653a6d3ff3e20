/**
 * A column of strings as one UTF-8 byte buffer and u32 offsets: no JS string exists per row until a
 * row is read (`get`), so opening a million-name index allocates two typed arrays, not a million
 * strings. Exact lookup (`find`) goes through a hash table over the bytes, built on first use in
 * typed arrays (FNV-1a; chains in an Int32Array).
 */
export class TextTable {
  readonly length: number;
  private readonly buf: Buffer;
  private heads?: Int32Array;
  private next?: Int32Array;

  constructor(
    readonly bytes: Uint8Array,
    /** length + 1 offsets into `bytes`. */
    readonly offsets: Uint32Array,
  ) {
    this.length = offsets.length - 1;
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  static fromStrings(list: readonly string[]): TextTable {
    const offsets = new Uint32Array(list.length + 1);
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      total += Buffer.byteLength(list[i]!, 'utf8');
      offsets[i + 1] = total;
    }
    const bytes = Buffer.allocUnsafe(total);
    for (let i = 0; i < list.length; i++) bytes.write(list[i]!, offsets[i]!, 'utf8');
    return new TextTable(bytes, offsets);
  }

  /** Row i decoded (a fresh string); '' outside the table. */
  get(i: number): string {
    if (!(i >= 0 && i < this.length)) return '';
    return this.buf.toString('utf8', this.offsets[i], this.offsets[i + 1]);
  }

  /** Byte length of row i (cheap: no decoding). */
  byteLength(i: number): number {
    return this.offsets[i + 1]! - this.offsets[i]!;
  }

  /** Every row decoded, mapped (for features that need them all, e.g. completion's prefix index). */
  map<T>(f: (s: string, i: number) => T): T[] {
    const out = new Array<T>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = f(this.get(i), i);
    return out;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.length; i++) yield this.get(i);
  }

  /** Rows equal to `text`, ascending. */
  find(text: string): number[] {
    this.buildHash();
    const key = Buffer.from(text, 'utf8');
    const heads = this.heads!;
    const next = this.next!;
    const out: number[] = [];
    for (let r = heads[hashBytes(key, 0, key.length) & (heads.length - 1)]!; r >= 0; r = next[r]!) {
      const s = this.offsets[r]!;
      const e = this.offsets[r + 1]!;
      if (e - s === key.length && this.buf.compare(key, 0, key.length, s, e) === 0) out.push(r);
    }
    return out.sort((a, b) => a - b);
  }

  /** The first row equal to `text`, or -1. */
  indexOf(text: string): number {
    const rows = this.find(text);
    return rows.length > 0 ? rows[0]! : -1;
  }

  private buildHash(): void {
    if (this.heads) return;
    // At least one head per row (load ≤ 1: chains of 1.5 rows on average); twice that cost 8 MB more
    // per table at MetaQA ×40 (1.5M rows), where store placement holds two (names and ids).
    let size = 1;
    while (size < this.length) size <<= 1;
    const heads = new Int32Array(size).fill(-1);
    const next = new Int32Array(Math.max(1, this.length));
    const b = this.bytes;
    const o = this.offsets;
    // Descending, so each chain lists rows in ascending order.
    for (let r = this.length - 1; r >= 0; r--) {
      const slot = hashBytes(b, o[r]!, o[r + 1]!) & (size - 1);
      next[r] = heads[slot]!;
      heads[slot] = r;
    }
    this.heads = heads;
    this.next = next;
  }
}

function hashBytes(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}
