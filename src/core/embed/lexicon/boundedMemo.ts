/**
 * A memo of a pure function of a string, bounded: two generations of at most `generation` entries,
 * the older dropped when the newer fills (an entry found in the older one moves up). The lexical
 * embedder's caches were unbounded Maps: embedding a graph's names kept one entry per distinct word
 * and word pair — measured 323 bytes per name on 300,000 synthetic names ("red river 123456": each
 * number a new word and pair), ≈ 3.2 GB at 10M names, and ≈ 120 MB at MetaQA ×40 (docs/scale.md).
 */
export class BoundedMemo<V> {
  private current = new Map<string, V>();
  private older = new Map<string, V>();

  constructor(private readonly generation: number) {}

  get(key: string): V | undefined {
    const v = this.current.get(key);
    if (v !== undefined) return v;
    const o = this.older.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  set(key: string, value: V): void {
    if (this.current.size >= this.generation) {
      this.older = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}
