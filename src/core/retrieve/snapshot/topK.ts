/**
 * Bounded top-k selection over (distance, index) pairs, smallest distance first, ties broken by
 * the smaller index so every search path (dense, sparse, inverted) returns the same list.
 * Typed arrays, no allocation per offered item.
 *
 * Small k (k⁽ⁿ⁾ ≈ 16…512): insertion from the back. Large k (why-not's widened lists ask for every
 * node of a label, k = 200,000): insertion is quadratic there (seconds for 40k names), so offers are
 * appended and the buffer is sorted and cut to k when it fills (2k) or when it is read. The kept set
 * is the k smallest under the same total order (distance, index) either way, so the lists are equal.
 */
const INSERTION_MAX = 1024;

export class TopK {
  private d: Float64Array;
  private x: Int32Array;
  private count = 0;
  /** Large k: whether [0, count) is sorted and at most k long. */
  private settled = true;
  /** Large k, once settled full: the k-th pair, below which an offer cannot enter. */
  private worstD = Infinity;
  private worstI = 0x7fffffff;
  private readonly lazy: boolean;
  constructor(readonly capacity: number) {
    this.lazy = capacity > INSERTION_MAX;
    const room = Math.max(1, this.lazy ? 2 * capacity : capacity);
    this.d = new Float64Array(this.lazy ? Math.min(room, 4096) : room);
    this.x = new Int32Array(this.d.length);
  }
  /** Distances of the kept pairs, ascending (read after the offers). */
  get dist(): Float64Array {
    this.settle();
    return this.d;
  }
  get idx(): Int32Array {
    this.settle();
    return this.x;
  }
  get size(): number {
    this.settle();
    return this.count;
  }
  reset(): void {
    this.count = 0;
    this.settled = true;
    this.worstD = Infinity;
    this.worstI = 0x7fffffff;
  }
  /** Worst kept distance once full; +∞ before. */
  bound(): number {
    this.settle();
    return this.count < this.capacity ? Infinity : this.d[this.count - 1];
  }
  offer(d: number, i: number): void {
    const k = this.capacity;
    if (k === 0) return;
    if (this.lazy) {
      if (d > this.worstD || (d === this.worstD && i > this.worstI)) return;
      if (this.count === this.d.length) {
        if (this.count >= 2 * k) this.settle();
        else this.grow();
      }
      this.d[this.count] = d;
      this.x[this.count] = i;
      this.count++;
      this.settled = false;
      return;
    }
    let pos = this.count;
    if (pos === k) {
      const wd = this.d[k - 1];
      if (d > wd || (d === wd && i > this.x[k - 1])) return;
      pos = k - 1;
    } else {
      this.count++;
    }
    while (pos > 0) {
      const pd = this.d[pos - 1];
      if (pd < d || (pd === d && this.x[pos - 1] < i)) break;
      this.d[pos] = pd;
      this.x[pos] = this.x[pos - 1];
      pos--;
    }
    this.d[pos] = d;
    this.x[pos] = i;
  }

  private grow(): void {
    const size = Math.min(2 * this.capacity, this.d.length * 2);
    const d = new Float64Array(size);
    const x = new Int32Array(size);
    d.set(this.d);
    x.set(this.x);
    this.d = d;
    this.x = x;
  }

  /** Large k: sorts the buffer by (distance, index) and keeps the first k. */
  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    const n = this.count;
    sortPairs(this.d, this.x, n);
    const keep = Math.min(n, this.capacity);
    this.count = keep;
    if (keep === this.capacity) {
      this.worstD = this.d[keep - 1];
      this.worstI = this.x[keep - 1];
    }
  }
}

/**
 * Sorts the pairs (d[i], x[i]) of [0, n) in place by distance, then index (a total order): runs of
 * 16 by insertion, then bottom-up merges through scratch arrays (n log n whatever the input: the
 * offers come in bucket order, with long equal-distance tails).
 */
function sortPairs(d: Float64Array, x: Int32Array, n: number): void {
  const RUN = 16;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(n, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const vd = d[i];
      const vx = x[i];
      let j = i - 1;
      while (j >= lo && (d[j] > vd || (d[j] === vd && x[j] > vx))) {
        d[j + 1] = d[j];
        x[j + 1] = x[j];
        j--;
      }
      d[j + 1] = vd;
      x[j + 1] = vx;
    }
  }
  if (n <= RUN) return;
  let sd: Float64Array = d;
  let sx: Int32Array = x;
  let td: Float64Array = new Float64Array(n);
  let tx: Int32Array = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let o = lo;
      while (i < mid && j < hi) {
        if (sd[j] < sd[i] || (sd[j] === sd[i] && sx[j] < sx[i])) {
          td[o] = sd[j];
          tx[o++] = sx[j++];
        } else {
          td[o] = sd[i];
          tx[o++] = sx[i++];
        }
      }
      while (i < mid) {
        td[o] = sd[i];
        tx[o++] = sx[i++];
      }
      while (j < hi) {
        td[o] = sd[j];
        tx[o++] = sx[j++];
      }
    }
    const fd = sd;
    const fx = sx;
    sd = td;
    sx = tx;
    td = fd;
    tx = fx;
  }
  if (sd !== d) {
    d.set(sd.subarray(0, n));
    x.set(sx.subarray(0, n));
  }
}
