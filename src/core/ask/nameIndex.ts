import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { nameKey } from './tokens';

/**
 * Node names by normalised key, for exact grounding, and an inverted index of name words for
 * BM25. Built once per snapshot (≈ 43k names: tens of milliseconds).
 */
export class NameIndex {
  /** key → node indices sharing it (several nodes may share a name: ambiguity kept). */
  readonly byKey = new Map<string, number[]>();
  /** word → node indices whose name contains it (once per node). */
  private readonly postings = new Map<string, number[]>();
  private readonly nameLength: Uint16Array;
  private readonly avgLength: number;
  /** Longest name in words: the widest window the scanner must try. */
  readonly maxWords: number;

  constructor(readonly snapshot: SearchIndex) {
    const names = snapshot.names;
    this.nameLength = new Uint16Array(names.length);
    let total = 0;
    let maxWords = 1;
    for (let i = 0; i < names.length; i++) {
      const key = nameKey(names.get(i));
      if (!key) continue;
      const list = this.byKey.get(key);
      if (list) list.push(i);
      else this.byKey.set(key, [i]);
      const words = key.split(' ');
      this.nameLength[i] = words.length;
      total += words.length;
      if (words.length > maxWords) maxWords = words.length;
      for (const w of new Set(words)) {
        const p = this.postings.get(w);
        if (p) p.push(i);
        else this.postings.set(w, [i]);
      }
    }
    this.maxWords = Math.min(maxWords, 16);
    this.avgLength = names.length ? total / names.length : 1;
  }

  exact(key: string): readonly number[] {
    return this.byKey.get(key) ?? [];
  }

  /** How many names contain the word (0 when none). */
  documentFrequency(word: string): number {
    return this.postings.get(word)?.length ?? 0;
  }

  /** Okapi BM25 (k1 = 1.2, b = 0.75) of the query words against names, best first. */
  bm25(words: readonly string[], k: number): { node: number; score: number }[] {
    const n = this.nameLength.length;
    const scores = new Map<number, number>();
    for (const w of new Set(words)) {
      const p = this.postings.get(w);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.length + 0.5) / (p.length + 0.5));
      for (const node of p) {
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
