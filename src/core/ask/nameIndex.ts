import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { nameKey } from './tokens';

/**
 * Node names by normalised key, for exact grounding, and an inverted index of name words for
 * BM25. Built once per search index. Typed arrays, not a string per name: the keys are not kept
 * (a lookup hashes the key, walks the nodes with that hash and checks each one's own key), the
 * words once each in a vocabulary with their postings in one array — MetaQA ×40 (1.5 M names)
 * held ≈ 240 MB as a Map of keys and a Map of word lists, ≈ 47 MB so, ≈ 35 MB since the postings
 * are gaps in variable-length bytes and the hash table has a bucket per two names (docs/ask.md).
 */
export class NameIndex {
  /** Hash table of keys: bucket → first node (−1: none), then `next`; chains ascend by node. */
  private readonly heads: Int32Array;
  private readonly next: Int32Array;
  /** Each node's key hash (0 for an empty key, which is never looked up). */
  private readonly hashes: Uint32Array;
  /** word → its id: its postings (nodes whose name contains it, once each, ascending) are `postings[postingStart[id], postingStart[id + 1])`. */
  private readonly words = new Map<string, number>();
  /** Each word's postings as gaps from the node before (the first from 0), 7 bits a byte, low first, the high bit set on all but a gap's last byte. */
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint8Array;
  /** Each word's number of postings. */
  private readonly df: Uint32Array;
  private readonly nameLength: Uint16Array;
  /** Each key's length in characters (capped at 65,535), so a search by length computes no key outside the range. */
  private readonly keyLength: Uint16Array;
  private readonly avgLength: number;
  /** Longest name in words: the widest window the scanner must try. */
  readonly maxWords: number;

  /** `chunkBits`: the build's column chunks, 2^bits word ids each (CHUNK_BITS; tests use small ones). */
  constructor(
    readonly snapshot: SearchIndex,
    options: { readonly chunkBits?: number } = {},
  ) {
    const bits = options.chunkBits ?? CHUNK_BITS;
    const mask = (1 << bits) - 1;
    const names = snapshot.names;
    const n = names.length;
    this.nameLength = new Uint16Array(n);
    this.keyLength = new Uint16Array(n);
    this.hashes = new Uint32Array(n);
    this.next = new Int32Array(n).fill(-1);
    // A bucket per two names: chains of two on average, each step a hash compared.
    let cap = 1;
    while (cap * 2 < n) cap <<= 1;
    this.heads = new Int32Array(cap).fill(-1);
    // Each node's distinct word ids, in one column of fixed chunks (filled from the last node): a
    // column grown by doubling held the old and the new array at once — at MetaQA ×40 the Asker's
    // build peaked on it (docs/ask.md, "A wider margin").
    const wordStart = new Uint32Array(n + 1);
    const chunks: Uint32Array[] = [];
    let used = 0;
    const counts: number[] = [];
    let total = 0;
    let maxWords = 1;
    // Descending, so that each chain (inserted at its head) ascends by node, as the lists did.
    const seen = new Set<number>();
    for (let i = n - 1; i >= 0; i--) {
      wordStart[i + 1] = used;
      const key = nameKey(names.get(i));
      if (!key) continue;
      const h = hashKey(key);
      this.hashes[i] = h;
      this.keyLength[i] = Math.min(key.length, 0xffff);
      const b = h & (cap - 1);
      this.next[i] = this.heads[b]!;
      this.heads[b] = i;
      const ws = key.split(' ');
      this.nameLength[i] = ws.length;
      total += ws.length;
      if (ws.length > maxWords) maxWords = ws.length;
      seen.clear();
      for (const w of ws) {
        let id = this.words.get(w);
        if (id === undefined) {
          id = counts.length;
          this.words.set(w, id);
          counts.push(0);
        }
        if (seen.has(id)) continue;
        seen.add(id);
        counts[id]!++;
        if ((used & mask) === 0) chunks.push(new Uint32Array(mask + 1));
        chunks[used >>> bits]![used & mask] = id;
        used++;
      }
    }
    // Node i's words are [wordStart[i + 1], wordStart[i]) (filled from the last node); ascending i keeps each list ascending.
    const wordsOf = (i: number, visit: (w: number) => void): void => {
      for (let k = wordStart[i + 1]!, e = i === 0 ? used : wordStart[i]!; k < e; k++) visit(chunks[k >>> bits]![k & mask]!);
    };
    this.df = Uint32Array.from(counts);
    // Bytes per word (a pass over the gaps), then the gaps written.
    const last = new Int32Array(counts.length);
    const bytes = new Uint32Array(counts.length);
    for (let i = 0; i < n; i++)
      wordsOf(i, (w) => {
        bytes[w]! += varintLength(i - last[w]!);
        last[w] = i;
      });
    this.postingStart = new Uint32Array(counts.length + 1);
    for (let w = 0; w < counts.length; w++) this.postingStart[w + 1] = this.postingStart[w]! + bytes[w]!;
    this.postings = new Uint8Array(this.postingStart[counts.length]!);
    const cursor = this.postingStart.slice(0, counts.length);
    last.fill(0);
    for (let i = 0; i < n; i++)
      wordsOf(i, (w) => {
        let gap = i - last[w]!;
        last[w] = i;
        let at = cursor[w]!;
        while (gap >= 0x80) {
          this.postings[at++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        this.postings[at++] = gap;
        cursor[w] = at;
      });
    this.maxWords = Math.min(maxWords, 16);
    this.avgLength = n ? total / n : 1;
  }

  /** The nodes whose name has this key, ascending. */
  exact(key: string): readonly number[] {
    if (!key) return [];
    const h = hashKey(key);
    const out: number[] = [];
    for (let v = this.heads[h & (this.heads.length - 1)]!; v >= 0; v = this.next[v]!) {
      if (this.hashes[v] === h && nameKey(this.snapshot.names.get(v)) === key) out.push(v);
    }
    return out;
  }

  /**
   * Every distinct key of `min`..`max` characters with the first node that has it, in the order of
   * those nodes (what a Map of keys iterated in); keys of other lengths are not computed.
   */
  forEachKey(min: number, max: number, visit: (key: string, firstNode: number) => void): void {
    const names = this.snapshot.names;
    for (let i = 0; i < names.length; i++) {
      const len = this.keyLength[i]!;
      if (this.nameLength[i] === 0 || len < min || (len > max && len < 0xffff)) continue;
      const key = nameKey(names.get(i));
      if (key.length < min || key.length > max) continue;
      const h = this.hashes[i]!;
      // The first node of the key: the first of its chain with the same key (chains ascend).
      let first = i;
      for (let v = this.heads[h & (this.heads.length - 1)]!; v >= 0 && v < i; v = this.next[v]!) {
        if (this.hashes[v] === h && nameKey(names.get(v)) === key) {
          first = v;
          break;
        }
      }
      if (first === i) visit(key, i);
    }
  }

  /** How many names contain the word (0 when none). */
  documentFrequency(word: string): number {
    const w = this.words.get(word);
    return w === undefined ? 0 : this.df[w]!;
  }

  /** Okapi BM25 (k1 = 1.2, b = 0.75) of the query words against names, best first. */
  bm25(words: readonly string[], k: number): { node: number; score: number }[] {
    const n = this.nameLength.length;
    const scores = new Map<number, number>();
    for (const word of new Set(words)) {
      const w = this.words.get(word);
      if (w === undefined) continue;
      const to = this.postingStart[w + 1]!;
      const df = this.df[w]!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let p = this.postingStart[w]!, node = 0; p < to; ) {
        let gap = 0;
        for (let shift = 0; ; shift += 7) {
          const b = this.postings[p++]!;
          gap += (b & 0x7f) * 2 ** shift;
          if (b < 0x80) break;
        }
        node += gap;
        const len = this.nameLength[node]!;
        const tf = 1; // names rarely repeat a word; one occurrence counted
        const s = (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * len) / this.avgLength));
        scores.set(node, (scores.get(node) ?? 0) + s);
      }
    }
    return [...scores]
      .map(([node, score]) => ({ node, score }))
      .sort((a, b) => b.score - a.score || a.node - b.node)
      .slice(0, k);
  }
}

/** The build's column of word ids in chunks of 2¹⁸ (1 MB each). */
const CHUNK_BITS = 18;

/** Bytes of a gap in the postings' encoding (7 bits a byte). */
function varintLength(gap: number): number {
  let k = 1;
  while (gap >= 0x80) {
    gap = Math.floor(gap / 0x80);
    k++;
  }
  return k;
}

/** FNV-1a over the key's UTF-16 code units. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
