// Words within a few edits of a given word, without comparing it to every word: each word is filed
// under every string it becomes after deleting up to `maxEdits` characters ("symmetric delete"); two
// words within k edits (insertions, deletions, substitutions, adjacent transpositions) always share
// such a string. A lookup costs the same however many words are filed, so checking a file's relation
// words stays linear in the file (comparing with every known word was quadratic: 100k examples > 90 s).
import { editDistance } from '../../editDistance';

function deletes(word: string, depth: number, out: Set<string>): void {
  out.add(word);
  if (depth === 0 || word.length <= 1) return;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(shorter)) deletes(shorter, depth - 1, out);
  }
}

export class NearWords {
  private readonly byDelete = new Map<string, string[]>();
  /** Word → the order it was filed in (ties in distance go to the earlier word). */
  private readonly words = new Map<string, number>();

  constructor(private readonly maxEdits: number) {}

  add(word: string): void {
    if (this.words.has(word)) return;
    this.words.set(word, this.words.size);
    const keys = new Set<string>();
    deletes(word, this.maxEdits, keys);
    for (const k of keys) {
      const list = this.byDelete.get(k);
      if (list) list.push(word);
      else this.byDelete.set(k, [word]);
    }
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /** Filed words other than `word` within `limit` (≤ maxEdits) edits, nearest first. */
  near(word: string, limit: number): { word: string; distance: number }[] {
    const keys = new Set<string>();
    deletes(word, Math.min(limit, this.maxEdits), keys);
    const seen = new Set<string>();
    const found: { word: string; distance: number }[] = [];
    for (const k of keys) {
      for (const v of this.byDelete.get(k) ?? []) {
        if (v === word || seen.has(v)) continue;
        seen.add(v);
        const distance = editDistance(v, word, limit);
        if (distance <= limit) found.push({ word: v, distance });
      }
    }
    return found.sort((a, b) => a.distance - b.distance || this.words.get(a.word)! - this.words.get(b.word)!);
  }
}
