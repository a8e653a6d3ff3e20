/**
 * Bounded top-k selection over (distance, index) pairs, smallest distance first, ties broken by
 * the smaller index so every search path (dense, sparse, inverted) returns the same list.
 * Typed arrays, no allocation per offered item.
 */
export class TopK {
  readonly dist: Float64Array;
  readonly idx: Int32Array;
  size = 0;
  constructor(readonly capacity: number) {
    this.dist = new Float64Array(Math.max(1, capacity));
    this.idx = new Int32Array(Math.max(1, capacity));
  }
  reset(): void {
    this.size = 0;
  }
  /** Worst kept distance once full; +∞ before. */
  bound(): number {
    return this.size < this.capacity ? Infinity : this.dist[this.size - 1];
  }
  offer(d: number, i: number): void {
    const k = this.capacity;
    if (k === 0) return;
    let pos = this.size;
    if (pos === k) {
      const wd = this.dist[k - 1];
      if (d > wd || (d === wd && i > this.idx[k - 1])) return;
      pos = k - 1;
    } else {
      this.size++;
    }
    // Insertion from the back: k is small (k⁽ⁿ⁾ ≈ 16…512).
    while (pos > 0) {
      const pd = this.dist[pos - 1];
      if (pd < d || (pd === d && this.idx[pos - 1] < i)) break;
      this.dist[pos] = pd;
      this.idx[pos] = this.idx[pos - 1];
      pos--;
    }
    this.dist[pos] = d;
    this.idx[pos] = i;
  }
}
