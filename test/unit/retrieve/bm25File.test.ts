// BM25 read from the index file on demand (store placement, FileBm25) against the resident arrays and
// against the dense-accumulator search it replaced: same query terms, scores and top-k order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { readBm25, readSnapshot, writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { Bm25Index, bm25For, type Bm25Data, type Bm25Query, type ScoredHit } from '../../../src/core/retrieve/mor/bm25';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { TopK } from '../../../src/core/retrieve/snapshot/topK';
import { mulberry32 } from '../../support/prng';

const embedder = new HashingEmbedder({ dimension: 64 });

/** The search as it was before the readers (per-node dense accumulators over the resident arrays), kept here as the reference. */
function referenceTopK(d: Bm25Data, q: Bm25Query, k: number, labels?: Uint16Array, label?: number | Uint8Array): ScoredHit[] {
  const K1 = 1.2;
  const B = 0.75;
  const n = d.docLen.length;
  const one = labels !== undefined && typeof label === 'number' ? label : -1;
  const mask = labels !== undefined && typeof label === 'object' ? label : undefined;
  const acc = new Float64Array(n);
  const touched = new Int32Array(n);
  let nt = 0;
  for (let x = 0; x < q.terms.length; x++) {
    const t = q.terms[x]!;
    for (let j = d.postOffsets[t]!; j < d.postOffsets[t + 1]!; j++) {
      const doc = d.postDocs[j]!;
      if (one >= 0 && labels![doc] !== one) continue;
      if (mask !== undefined && mask[labels![doc]!] !== 1) continue;
      const tf = d.postTf[j]!;
      if (acc[doc] === 0) touched[nt++] = doc;
      acc[doc] += (q.idf[x]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.docLen[doc]!) / d.avgdl));
    }
  }
  const h = new TopK(k);
  for (let i = 0; i < nt; i++) h.offer(-acc[touched[i]!]!, touched[i]!);
  const out: ScoredHit[] = [];
  for (let i = 0; i < h.size; i++) out.push({ index: h.idx[i]!, score: -h.dist[i]! });
  return out;
}

function referenceScore(d: Bm25Data, q: Bm25Query, node: number): number {
  const K1 = 1.2;
  const B = 0.75;
  let s = 0;
  const norm = K1 * (1 - B + (B * d.docLen[node]!) / d.avgdl);
  for (let j = d.docOffsets[node]!; j < d.docOffsets[node + 1]!; j++) {
    for (let x = 0; x < q.terms.length; x++) {
      if (q.terms[x] !== d.docTerms[j]) continue;
      const tf = d.docTf[j]!;
      s += (q.idf[x]! * tf * (K1 + 1)) / (tf + norm);
    }
  }
  return s;
}

interface Tally {
  hits: number;
  ties: number;
  multiTerm: number;
}

/** Writes the snapshot, opens its BM25 on demand and compares the three on every query: exact floats, same order. */
function compareReaders(snap: GraphSnapshot, queries: readonly string[], file: string, tally: Tally): void {
  writeSnapshot(file, snap);
  const onDemand = readBm25(file, { fingerprint: snap.data.fingerprint, embedderId: embedder.id });
  assert.ok(onDemand, 'the index file has BM25 sections');
  const fromFile = new Bm25Index(onDemand);
  const resident = bm25For(snap);
  assert.equal(fromFile.resident, false);
  assert.equal(resident.resident, true);
  const data = readSnapshot(file)!.data.bm25!;
  // Read whole, the on-demand reader's arrays are the sections the snapshot reads.
  assert.deepEqual(onDemand.materialise(), data);
  const n = snap.nodeCount;
  const labels = snap.data.nodeLabel;
  const L = snap.data.labelNames.length;
  for (const text of queries) {
    const q = fromFile.query(text);
    assert.deepEqual(q, resident.query(text), text);
    if (q.terms.length > 1) tally.multiTerm++;
    const filters: [Uint16Array | undefined, number | Uint8Array | undefined][] = [[undefined, undefined]];
    for (let l = 0; l < L; l++) filters.push([labels, l]);
    if (L > 1) filters.push([labels, Uint8Array.from({ length: L }, (_, l) => (l % 2 === 0 ? 1 : 0))]);
    for (const k of [1, 3, 10, n]) {
      for (const [lab, which] of filters) {
        const want = referenceTopK(data, q, k, lab, which);
        assert.deepEqual(fromFile.topK(q, k, lab, which), want, `${text} k=${k} file`);
        assert.deepEqual(resident.topK(q, k, lab, which), want, `${text} k=${k} resident`);
        tally.hits += want.length;
        for (let i = 1; i < want.length; i++) if (want[i]!.score === want[i - 1]!.score) tally.ties++;
      }
    }
    for (let v = 0; v < n; v++) {
      const want = referenceScore(data, q, v);
      assert.ok(Object.is(fromFile.score(q, v), want), `${text} node ${v} file`);
      assert.ok(Object.is(resident.score(q, v), want), `${text} node ${v} resident`);
    }
  }
}

test('BM25 on demand from the index file: the same terms, scores (exact floats) and top-k order as the resident arrays and the dense search it replaced, on 12 random corpora', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-bm25file-'));
  const tally: Tally = { hits: 0, ties: 0, multiTerm: 0 };
  try {
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = mulberry32(seed * 7919);
      const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
      // A small vocabulary drawn unevenly (frequent and rare words), with folded diacritics and digits.
      const words = Array.from({ length: 8 + Math.floor(rnd() * 30) }, (_, i) => ['the', 'of', 'Amélie', 'CAFÉ', 'x' + i, 'war' + (i % 5), 'night', '2001', 'la'][i % 9] + (i >= 9 ? String.fromCharCode(97 + (i % 26)) : ''));
      const word = (): string => words[Math.floor(words.length * rnd() * rnd())]!;
      const name = (): string => Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => (rnd() < 0.1 ? word().toUpperCase() : word())).join(rnd() < 0.2 ? ', ' : ' ');
      const nodes = 20 + Math.floor(rnd() * 200);
      const names = Array.from({ length: nodes }, (_, i) => (rnd() < 0.05 ? `#${i} !!` : `${name()} ${i % 3 === 0 ? '' : String(i)}`));
      const rels = ['r0', 'r1', 'r2'];
      const triples: [string, string, string][] = [];
      for (let e = 0; e < nodes * 2; e++) triples.push([pick(names), pick(rels), pick(names)]);
      const labelOf = (r: string, role: 'head' | 'tail'): string => (r === 'r0' ? (role === 'head' ? 'A' : 'B') : r === 'r1' ? 'B' : 'C');
      const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf, fingerprint: `random ${seed}` });
      const queries = Array.from({ length: 12 }, () => Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => (rnd() < 0.15 ? 'unknownword' : word())).join(' '));
      queries.push('', 'the the of', pick(names));
      compareReaders(snap, queries, join(dir, `r${seed}.bin`), tally);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Not vacuous: hits, tied scores (their order is the node order) and queries of several terms were compared.
  assert.ok(tally.hits > 1000, `hits ${tally.hits}`);
  assert.ok(tally.ties > 100, `ties ${tally.ties}`);
  assert.ok(tally.multiTerm > 50, `multi-term ${tally.multiTerm}`);
});

test('BM25 on demand on the movie sample: the same as the resident arrays for questions and names', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-bm25file-'));
  const tally: Tally = { hits: 0, ties: 0, multiTerm: 0 };
  try {
    const triples = readFileSync(join(__dirname, '../../../samples/movies/movies.triples.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('|'))
      .map((l) => l.split('|') as [string, string, string]);
    const labelOf = (r: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : r === 'has_genre' ? 'Genre' : r === 'release_year' ? 'Year' : r === 'in_language' ? 'Language' : 'Person');
    const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
    const rnd = mulberry32(25);
    const queries = [
      'what genres are the films directed by Christopher Nolan',
      'which movies did the director of The Matrix direct',
      'who starred in the films written by the writer of Heat',
      'the of and a',
      ...Array.from({ length: 8 }, () => snap.data.names.get(Math.floor(rnd() * snap.nodeCount))),
    ];
    compareReaders(snap, queries, join(dir, 'movies.bin'), tally);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(tally.hits > 1000 && tally.ties > 0 && tally.multiTerm > 4, JSON.stringify(tally));
});
