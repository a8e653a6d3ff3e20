/**
 * The index's nodes one question touches, numbered 0, 1, 2 … in the order first added: a hash table of
 * local numbers on typed arrays (linear probing, at most 3/4 full) and each local number's index node.
 * The store's local graph (storeEnumerate.ts) sizes its per-node arrays by what it touched, not by the
 * index: MetaQA ×40's largest question touches 531,824 of 1,515,039 nodes (docs/ask.md, "A local
 * numbering").
 */
export class LocalNumbering {
  /** Numbers the arrays hold at first (and again after `clear(true)`). */
  static readonly INITIAL = 1 << 10;
  /** The index node of each local number (`size` of them used). */
  globals: Uint32Array;
  /** Local number + 1 per slot, 0 when empty (a power of two long). */
  private slots: Int32Array;
  /** 32 − log2(slots): a hash's top bits pick the slot. */
  private shift: number;
  size = 0;

  constructor(private readonly initial = LocalNumbering.INITIAL) {
    this.globals = new Uint32Array(initial);
    this.slots = new Int32Array(slotsFor(initial));
    this.shift = 32 - Math.log2(this.slots.length);
  }

  /** The local number of index node `v`, or −1 when it was never added. */
  find(v: number): number {
    const slots = this.slots;
    if (slots.length === 0) return this.scan(v);
    const mask = slots.length - 1;
    for (let s = Math.imul(v, HASH) >>> this.shift; ; s = (s + 1) & mask) {
      const l = slots[s]! - 1;
      if (l < 0 || this.globals[l] === v) return l;
    }
  }

  /**
   * Lets the hash table go once every node is added (the store's levels are read): `find` then scans
   * the numbers in order — the enumerator looks up only its anchors, numbered first. At MetaQA ×40 the
   * table is 4–8 MB through the walk (docs/ask.md, "A wider margin"). `add` and `clear` make it again.
   */
  seal(): void {
    this.slots = new Int32Array(0);
  }

  /** `find` without the table: the first local number holding `v`. */
  private scan(v: number): number {
    const globals = this.globals;
    for (let l = 0; l < this.size; l++) if (globals[l] === v) return l;
    return -1;
  }

  /** The local number of index node `v`, the next one (`size` before the call) when it is new. */
  add(v: number): number {
    if (this.slots.length === 0) this.rehash(slotsFor(this.size + 1));
    const slots = this.slots;
    const mask = slots.length - 1;
    let s = Math.imul(v, HASH) >>> this.shift;
    for (; ; s = (s + 1) & mask) {
      const l = slots[s]! - 1;
      if (l < 0) break;
      if (this.globals[l] === v) return l;
    }
    const l = this.size++;
    if (l === this.globals.length) {
      const globals = new Uint32Array(2 * l);
      globals.set(this.globals);
      this.globals = globals;
    }
    this.globals[l] = v;
    slots[s] = l + 1;
    if (4 * this.size > 3 * slots.length) this.rehash(2 * slots.length);
    return l;
  }

  /** Forgets every node; `shrink`: the arrays go back to their initial size (the next question may be small). */
  clear(shrink = false): void {
    if (shrink && this.globals.length > this.initial) {
      this.globals = new Uint32Array(this.initial);
      this.slots = new Int32Array(slotsFor(this.initial));
      this.shift = 32 - Math.log2(this.slots.length);
    } else if (this.slots.length === 0) {
      // Sealed: a table again, grown by `add` as before.
      this.slots = new Int32Array(slotsFor(this.initial));
      this.shift = 32 - Math.log2(this.slots.length);
    } else this.slots.fill(0);
    this.size = 0;
  }

  private rehash(length: number): void {
    const slots = new Int32Array(length);
    const mask = length - 1;
    const shift = 32 - Math.log2(length);
    for (let l = 0; l < this.size; l++) {
      let s = Math.imul(this.globals[l]!, HASH) >>> shift;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = l + 1;
    }
    this.slots = slots;
    this.shift = shift;
  }
}

/** Fibonacci hashing's multiplier (2³² / φ): consecutive ids land far apart. */
const HASH = 0x9e3779b1 | 0;

/** Slots for `n` numbers at most 3/4 full, a power of two ≥ 2. */
function slotsFor(n: number): number {
  let s = 2;
  while (3 * s < 4 * n) s *= 2;
  return s;
}
