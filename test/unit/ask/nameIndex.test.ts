// The grounding's name index in typed arrays (nameIndex.ts) against the Map-based index it replaced,
// kept here as the reference: the same exact matches (nodes in order), document frequencies, BM25
// hits (scores to the bit, ties in order), longest name and the keys in first-node order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NameIndex } from '../../../src/core/ask/nameIndex';
import { nameKey } from '../../../src/core/ask/tokens';
import type { SearchIndex } from '../../../src/core/retrieve/snapshot/snapshot';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';
import { rng } from '../retrieve/helpers';

/** The index as it was (a Map of keys, a Map of word lists). */
class MapNameIndex {
  readonly byKey = new Map<string, number[]>();
  private readonly postings = new Map<string, number[]>();
  private readonly nameLength: Uint16Array;
  private readonly avgLength: number;
  readonly maxWords: number;

  constructor(names: readonly string[]) {
    this.nameLength = new Uint16Array(names.length);
    let total = 0;
    let maxWords = 1;
    for (let i = 0; i < names.length; i++) {
      const key = nameKey(names[i]!);
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

  documentFrequency(word: string): number {
    return this.postings.get(word)?.length ?? 0;
  }

  bm25(words: readonly string[], k: number): { node: number; score: number }[] {
    const n = this.nameLength.length;
    const scores = new Map<number, number>();
    for (const w of new Set(words)) {
      const p = this.postings.get(w);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.length + 0.5) / (p.length + 0.5));
      for (const node of p) {
        const len = this.nameLength[node]!;
        const s = (idf * 2.2) / (1 + 1.2 * (0.25 + (0.75 * len) / this.avgLength));
        scores.set(node, (scores.get(node) ?? 0) + s);
      }
    }
    return [...scores]
      .map(([node, score]) => ({ node, score }))
      .sort((a, b) => b.score - a.score || a.node - b.node)
      .slice(0, k);
  }
}

function indexOf(names: readonly string[]): SearchIndex {
  return { names: { length: names.length, get: (i: number) => names[i]! } } as unknown as SearchIndex;
}

const WORDS = ['the', 'The', 'new', 'York', 'crash', 'Crash', 'Zoë', 'Zoe', "mother's", 'mothers', 'MOTHER’S', 'son', 'a', 'of', '2', '1999', 'x', 'Ève', 'eve', 'love', 'Love!', '—', '', ' '];

function randomNames(r: () => number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (r() < 0.1 && out.length) {
      out.push(out[Math.floor(r() * out.length)]!); // a repeated name (ambiguity)
      continue;
    }
    const len = Math.floor(r() * 5);
    const ws: string[] = [];
    for (let j = 0; j < len; j++) ws.push(WORDS[Math.floor(r() * WORDS.length)]!);
    if (r() < 0.05) ws.push(...ws); // words repeated in one name
    out.push(ws.join(r() < 0.2 ? '  ' : ' '));
  }
  return out;
}

function sampleNames(): string[] {
  const names = new Set<string>();
  for (const line of readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n')) {
    const parts = line.split('|');
    if (parts.length === 3) {
      names.add(parts[0]!);
      names.add(parts[2]!);
    }
  }
  return [...names];
}

function compare(names: readonly string[], r: () => number, chunkBits?: number): { checked: number; ties: number } {
  const ref = new MapNameIndex(names);
  const idx = new NameIndex(indexOf(names), chunkBits === undefined ? {} : { chunkBits });
  assert.equal(idx.maxWords, ref.maxWords);
  let checked = 0;
  const keys = [...ref.byKey.keys()];
  const probes = [...keys, '', 'no such name', ...keys.map((k) => `${k} x`), ...keys.map((k) => k.slice(0, -1))];
  for (const key of probes) {
    assert.deepEqual(idx.exact(key), ref.exact(key), `exact(${JSON.stringify(key)})`);
    checked++;
  }
  const words = [...new Set(keys.flatMap((k) => k.split(' ')))];
  for (const w of [...words, 'nosuchword', '']) assert.equal(idx.documentFrequency(w), ref.documentFrequency(w), `df(${w})`);
  let ties = 0;
  for (let q = 0; q < 60; q++) {
    const query: string[] = [];
    const len = 1 + Math.floor(r() * 4);
    for (let j = 0; j < len; j++) query.push(r() < 0.1 ? 'nosuchword' : words[Math.floor(r() * words.length)]!);
    for (const k of [1, 5, 1000]) {
      const got = idx.bm25(query, k);
      const want = ref.bm25(query, k);
      assert.equal(got.length, want.length);
      for (let i = 0; i < got.length; i++) {
        assert.equal(got[i]!.node, want[i]!.node, `bm25(${query.join(' ')}) #${i}`);
        assert.ok(Object.is(got[i]!.score, want[i]!.score), `bm25 score ${got[i]!.score} vs ${want[i]!.score}`);
        if (i > 0 && got[i]!.score === got[i - 1]!.score) ties++;
      }
    }
  }
  for (const [min, max] of [[0, 1 << 20], [3, 9], [10, 10], [0, 0]] as const) {
    const visited: [string, number][] = [];
    idx.forEachKey(min, max, (key, first) => visited.push([key, first]));
    assert.deepEqual(
      visited,
      [...ref.byKey].filter(([key]) => key.length >= min && key.length <= max).map(([key, nodes]) => [key, nodes[0]!]),
    );
  }
  return { checked, ties };
}

test('the typed name index equals the Map-based one on random names (repeats, empty, diacritics, apostrophes, repeated words)', () => {
  const r = rng(25);
  for (const n of [0, 1, 7, 60, 400, 3000]) {
    const { ties } = compare(randomNames(r, n), r);
    if (n >= 60) assert.ok(ties > 0, 'the queries meet tied scores (their order is checked)');
  }
});

test('the typed name index equals the Map-based one when the names of a word lie far apart (gaps of one, two and three bytes in its postings)', () => {
  const names = Array.from({ length: 40_000 }, (_, i) => (i % 97 === 0 ? `common ${i % 3}` : ''));
  for (const [i, name] of [[0, 'rare word'], [127, 'rare'], [128, 'rare word'], [16_511, 'word rare'], [16_512, 'rare'], [39_999, 'rare word word']] as const) names[i] = name;
  const { checked } = compare(names, rng(3));
  assert.ok(checked > 0);
});

test('the typed name index built with its word-id column in small chunks (1, 2 and 16 ids) equals the Map-based one', () => {
  const r = rng(41);
  for (const chunkBits of [0, 1, 4]) for (const n of [1, 7, 400]) compare(randomNames(r, n), r, chunkBits);
  compare(sampleNames(), rng(7), 4);
});

test('the typed name index equals the Map-based one on the movie sample names', () => {
  const names = sampleNames();
  assert.ok(names.length > 1000, `${names.length} names`);
  const { checked, ties } = compare(names, rng(7));
  assert.ok(checked > names.length);
  assert.ok(ties > 0);
});
