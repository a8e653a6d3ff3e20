// The import's deduplication in typed arrays: one label's names as UTF-8 bytes with offsets and an
// open-addressing hash over the bytes (ids are u32 positions), one (type, label pair)'s edges as
// u32 pairs of those positions with an open-addressing set. Measured on MetaQA ×10 (1.29M edges):
// the Maps of names and Sets of "source\0target" strings held ≈ 1.2 GB of the CLI's heap; this
// holds ≈ 17 bytes per distinct name plus ≈ 16 per distinct edge. Insertion order is kept (it is
// the order COPY numbers rows in, and tied answers are ordered by that number).

import { TextTable } from '../../retrieve/snapshot/textTable';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** FNV-1a over bytes [from, to). */
function hashBytes(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}

/** Distinct names of one label, in first-seen order; a name's position is its id. */
export class NameTable {
  private bytes = new Uint8Array(1 << 16);
  private offsets = new Uint32Array(1 << 12); // offsets[i]..offsets[i+1] is name i
  private table = new Int32Array(1 << 12); // slot → id + 1, 0 = empty
  private count = 0;
  private removedCount = 0;
  private removed?: Uint8Array;
  /** Properties of the nodes that have any (node records of CSV/JSON lines files). */
  readonly props = new Map<number, Record<string, string>>();
  private sealed = false;

  /**
   * Drops the hash (≈ 8 bytes per name: 128 MB at 10M names) once no name will be looked up
   * again — a fresh import's tables between reading and COPY — and the room grown for more names
   * (arrays double as they grow: MetaQA ×40's names held ≈ 6 MB more than their bytes). Names, ids
   * and views stay; a lookup after it throws.
   */
  seal(): void {
    this.sealed = true;
    this.table = new Int32Array(0);
    this.bytes = this.bytes.slice(0, this.offsets[this.count]!);
    this.offsets = this.offsets.slice(0, this.count + 1);
  }

  /** Names added and not removed (rows to write). */
  get size(): number {
    return this.count - this.removedCount;
  }

  /** Names ever added (ids run 0 … added − 1, removed ones included). */
  get added(): number {
    return this.count;
  }

  /** The id of `name`, adding it when new; `isNew` tells which. */
  add(name: string): { id: number; isNew: boolean } {
    const id = this.lookup(name, true);
    return id >= 0 ? { id, isNew: false } : { id: ~id, isNew: true };
  }

  /** The id of `name` (adding it when new), without the result object: hot path. */
  id(name: string): number {
    const id = this.lookup(name, true);
    return id >= 0 ? id : ~id;
  }

  /** The id of `name`, or −1 when absent. */
  find(name: string): number {
    return this.lookup(name, false);
  }

  isRemoved(id: number): boolean {
    return this.removed !== undefined && this.removed[id] === 1;
  }

  /** Leaves a name out of the rows to write (the store holds it already); its id stays valid for edges. */
  remove(name: string): boolean {
    const id = this.find(name);
    if (id < 0 || this.isRemoved(id)) return false;
    this.removed ??= new Uint8Array(this.offsets.length);
    if (this.removed.length < this.count) {
      const r = new Uint8Array(this.offsets.length);
      r.set(this.removed);
      this.removed = r;
    }
    this.removed[id] = 1;
    this.removedCount++;
    return true;
  }

  /** The UTF-8 bytes of name `id` (a view: valid until the next add). */
  nameBytes(id: number): Uint8Array {
    return this.bytes.subarray(this.offsets[id]!, this.offsets[id + 1]!);
  }

  name(id: number): string {
    return decoder.decode(this.nameBytes(id));
  }

  /**
   * Every name added, in id order, as a TextTable viewing this table's bytes (no copy): for a
   * table that is done (the index build after a fresh import); an add after it may move the bytes.
   */
  view(): TextTable {
    return new TextTable(this.bytes.subarray(0, this.offsets[this.count]!), this.offsets.subarray(0, this.count + 1));
  }

  /** Every name added, in id order, as a TextTable (copies: the table stays usable). */
  toTextTable(): TextTable {
    return new TextTable(this.bytes.slice(0, this.offsets[this.count]!), this.offsets.slice(0, this.count + 1));
  }

  /** Encodes `name` after the last name, then finds it: its id, or ~(new id) after adding it when `add`. */
  private lookup(name: string, add: boolean): number {
    if (this.sealed) throw new Error('import: a sealed name table was looked up');
    const start = this.offsets[this.count]!;
    this.reserveBytes(start + 3 * name.length);
    const bytes = this.bytes;
    let end = start;
    let h = 0x811c9dc5;
    let ascii = true;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      bytes[end++] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (!ascii) {
      end = start + encoder.encodeInto(name, bytes.subarray(start)).written;
      h = hashBytes(bytes, start, end);
    } else {
      h >>>= 0;
    }
    const len = end - start;
    const table = this.table;
    const mask = table.length - 1;
    let slot = h & mask;
    for (;;) {
      const v = table[slot]!;
      if (v === 0) break;
      const id = v - 1;
      const a = this.offsets[id]!;
      if (this.offsets[id + 1]! - a === len) {
        let same = true;
        for (let i = 0; i < len; i++) {
          if (bytes[a + i] !== bytes[start + i]) {
            same = false;
            break;
          }
        }
        if (same) return id;
      }
      slot = (slot + 1) & mask;
    }
    if (!add) return -1;
    const id = this.count++;
    if (this.count + 1 > this.offsets.length) this.offsets = growU32(this.offsets, this.offsets.length * 2);
    this.offsets[this.count] = end;
    table[slot] = id + 1;
    if (this.count * 2 > table.length) this.rehash();
    return ~id;
  }

  private reserveBytes(n: number): void {
    if (n <= this.bytes.length) return;
    if (n > 0xffffffff) throw new RangeError('more than 4 GB of names under one label');
    const b = new Uint8Array(Math.min(0xffffffff, Math.max(n, this.bytes.length * 2)));
    b.set(this.bytes.subarray(0, this.offsets[this.count]!));
    this.bytes = b;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = hashBytes(this.bytes, this.offsets[id]!, this.offsets[id + 1]!) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
  }
}

/** Distinct (source id, target id) pairs in first-seen order. */
export class EdgeSet {
  private src = new Uint32Array(1 << 10);
  private dst = new Uint32Array(1 << 10);
  private table = new Int32Array(1 << 11); // slot → edge + 1
  private count = 0;
  private removedCount = 0;
  private removed?: Uint8Array;
  private sealed = false;

  get size(): number {
    return this.count - this.removedCount;
  }

  /**
   * Drops the hash (≈ 6 bytes per edge) and the room grown for more pairs (MetaQA ×40: ≈ 25 MB of
   * its 66 MB of pairs) once no pair will be looked up again; pairs stay, a lookup after it throws.
   */
  seal(): void {
    this.sealed = true;
    this.table = new Int32Array(0);
    this.src = this.src.slice(0, this.count);
    this.dst = this.dst.slice(0, this.count);
  }

  /** Edges ever added (positions 0 … added − 1, removed ones included). */
  get added(): number {
    return this.count;
  }

  source(e: number): number {
    return this.src[e]!;
  }

  target(e: number): number {
    return this.dst[e]!;
  }

  isRemoved(e: number): boolean {
    return this.removed !== undefined && this.removed[e] === 1;
  }

  /** Every pair added, in first-seen order, as views on this set's arrays (no copy; for a set that is done). */
  pairs(): { readonly sources: Uint32Array; readonly targets: Uint32Array } {
    return { sources: this.src.subarray(0, this.count), targets: this.dst.subarray(0, this.count) };
  }

  /** Adds the pair; false when it was there already. */
  add(s: number, t: number): boolean {
    const slot = this.slotOf(s, t);
    if (this.table[slot] !== 0) return false;
    const e = this.count++;
    if (this.count > this.src.length) {
      this.src = growU32(this.src, this.src.length * 2);
      this.dst = growU32(this.dst, this.dst.length * 2);
    }
    this.src[e] = s;
    this.dst[e] = t;
    this.table[slot] = e + 1;
    if (this.count * 4 > this.table.length * 3) this.rehash();
    return true;
  }

  /** Leaves the pair out of the rows to write (the store holds it already). */
  delete(s: number, t: number): boolean {
    const v = this.table[this.slotOf(s, t)]!;
    if (v === 0 || this.isRemoved(v - 1)) return false;
    if (!this.removed || this.removed.length < this.count) {
      const r = new Uint8Array(this.src.length);
      if (this.removed) r.set(this.removed);
      this.removed = r;
    }
    this.removed[v - 1] = 1;
    this.removedCount++;
    return true;
  }

  /** The pair's slot: where it is, or the empty slot where it would go. */
  private slotOf(s: number, t: number): number {
    if (this.sealed) throw new Error('import: a sealed edge set was looked up');
    const table = this.table;
    const mask = table.length - 1;
    let slot = pairHash(s, t) & mask;
    for (;;) {
      const v = table[slot]!;
      if (v === 0 || (this.src[v - 1] === s && this.dst[v - 1] === t)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let e = 0; e < this.count; e++) {
      let slot = pairHash(this.src[e]!, this.dst[e]!) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = e + 1;
    }
    this.table = table;
  }
}

function pairHash(s: number, t: number): number {
  let h = Math.imul(s, 0x9e3779b1) ^ Math.imul(t ^ 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

function growU32(a: Uint32Array, n: number): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}
