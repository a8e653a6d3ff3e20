import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder, SparseScratch } from '../../../src/core/embed/hashing';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { namesView } from '../../../src/core/embed/embedder';
import type { Embedder } from '../../../src/core/embed/embedder';
import type { ExportChunk, GraphStore } from '../../../src/core/graph/graphStore';
import { align8, loadOrBuildSnapshot, preloadSnapshot, readSnapshot, writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { RelationDomains } from '../../../src/core/retrieve/domains';
import { distanceToRow, normSq } from '../../../src/core/retrieve/snapshot/vectorIndex';
import { randomGraph, rng, WORDS } from './helpers';

test('CSR adjacency holds every edge once per direction with its relation', async () => {
  const g = await randomGraph(3, 40, 150);
  const s = g.snapshot;
  const d = s.data;
  assert.equal(s.edgeCount, g.triples.length);
  const fromOut = new Set<string>();
  const fromIn = new Set<string>();
  for (let v = 0; v < s.nodeCount; v++) {
    for (let j = d.outOffsets[v]!; j < d.outOffsets[v + 1]!; j++) fromOut.add(`${d.names.get(v)}|${d.relationNames[d.outRels[j]!]}|${d.names.get(d.outTargets[j]!)}`);
    for (let j = d.inOffsets[v]!; j < d.inOffsets[v + 1]!; j++) fromIn.add(`${d.names.get(d.inSources[j]!)}|${d.relationNames[d.inRels[j]!]}|${d.names.get(v)}`);
  }
  const expected = new Set(g.triples.map((t) => t.join('|')));
  assert.deepEqual(fromOut, expected);
  assert.deepEqual(fromIn, expected);
  for (let v = 0; v < s.nodeCount; v++) assert.equal(s.labelOf(v), g.labels.get(d.names.get(v)));
});

async function recallAgainstBruteForce(embedder: Embedder): Promise<number> {
  const g = await randomGraph(9, 400, 10, embedder);
  const r = rng(5);
  let same = 0;
  let total = 0;
  const queries = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? g.nodeNames[i]! : `${WORDS[Math.floor(r() * WORDS.length)]} ${i % 2 ? 'x' : WORDS[i % WORDS.length]}`));
  const vecs = await embedder.embedBatch(queries);
  for (let i = 0; i < queries.length; i++) {
    const q = vecs.subarray(i * embedder.dimension, (i + 1) * embedder.dimension);
    for (const filter of [{}, { labels: g.snapshot.data.nodeLabel, label: 1 }]) {
      const fast = g.snapshot.index.search(q, 16, filter);
      const ref = g.snapshot.index.bruteForce(q, 16, filter);
      assert.equal(fast.length, ref.length);
      fast.forEach((h, j) => assert.ok(Math.abs(h.distance - ref[j]!.distance) < 1e-6, 'same distances in the same order'));
      const refSet = new Set(ref.map((h) => h.index));
      same += fast.filter((h) => refSet.has(h.index)).length;
      total += ref.length;
    }
  }
  return same / total;
}

test('the search scratch let go between searches (releaseScratch) gives the same hits, exact and approximate', async () => {
  const embedder = new HashingEmbedder({ dimension: 256 });
  const g = await randomGraph(9, 400, 10, embedder);
  const queries = [...g.nodeNames.slice(0, 20), 'alpha x', 'nothing at all'];
  const vecs = await embedder.embedBatch(queries);
  const index = g.snapshot.index;
  for (let i = 0; i < queries.length; i++) {
    const q = vecs.subarray(i * embedder.dimension, (i + 1) * embedder.dimension);
    for (const filter of [{}, { labels: g.snapshot.data.nodeLabel, label: 1 }]) {
      const kept = [index.search(q, 16, filter), index.search(q, 5, filter, { mode: 'approximate', budget: 40, rescore: 8 })];
      index.releaseScratch();
      assert.deepEqual(index.search(q, 16, filter), kept[0], queries[i]);
      index.releaseScratch();
      assert.deepEqual(index.search(q, 5, filter, { mode: 'approximate', budget: 40, rescore: 8 }), kept[1], queries[i]);
    }
  }
});

test('the sparse inverted index returns the brute-force top-k (recall 1.0, equal distances)', async () => {
  const recall = await recallAgainstBruteForce(new HashingEmbedder({ dimension: 256 }));
  // Distances are identical; only exact float ties could reorder members, so recall is ~1.
  assert.ok(recall > 0.995, `recall ${recall}`);
});

test('a dense embedder gets brute-force search with the same semantics', async () => {
  const inner = new HashingEmbedder({ dimension: 64 });
  const dense: Embedder = { id: 'dense-wrapper', dimension: 64, embedBatch: (t) => inner.embedBatch(t) };
  const g = await randomGraph(4, 60, 30, dense);
  assert.equal(g.snapshot.data.nodeVectors.kind, 'dense');
  const q = await dense.embedBatch([g.nodeNames[3]!]);
  const hits = g.snapshot.index.search(q, 3);
  assert.equal(g.snapshot.names.get(hits[0]!.index), g.nodeNames[3]);
  assert.ok(hits[0]!.distance < 1e-6);
});

class FakeExportStore implements Pick<GraphStore, 'fingerprint' | 'exportGraph'> {
  exports = 0;
  constructor(public version: string, private readonly chunks: ExportChunk[]) {}
  async fingerprint(): Promise<string> {
    return this.version;
  }
  async *exportGraph(): AsyncIterable<ExportChunk> {
    this.exports++;
    for (const c of this.chunks) yield c;
  }
}

test('snapshot files round-trip and are rebuilt when the fingerprint or embedder changes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-snap-'));
  try {
    const embedder = new HashingEmbedder({ dimension: 128 });
    const g = await randomGraph(7, 50, 120, embedder);
    const file = join(dir, 'x.bin');
    writeSnapshot(file, g.snapshot);
    const back = readSnapshot(file, undefined, embedder)!;
    // The same file with its postings and rows left on disk (read per bucket walked / row asked).
    const disk = readSnapshot(file, undefined, undefined, 'disk')!;
    assert.equal(disk.data.nodeVectors.kind === 'inverted' && disk.data.nodeVectors.postings.resident, false);
    assert.ok(disk.index.byteSize() < back.index.byteSize() / 2, 'postings not held');
    assert.deepEqual([...back.data.names], [...g.snapshot.data.names]);
    assert.deepEqual([...back.data.nodeIds], [...g.snapshot.data.nodeIds]);
    assert.deepEqual(back.data.outTargets, g.snapshot.data.outTargets);
    assert.deepEqual(back.data.inRels, g.snapshot.data.inRels);
    // The file keeps the vectors as their inverted index only; every search and every distance
    // (rows embedded again from their names) equals the in-memory matrix's, to the last bit.
    assert.equal(back.data.nodeVectors.kind, 'inverted');
    const queries = await embedder.embedBatch([...g.nodeNames.slice(0, 8), 'nothing like it', '']);
    for (let i = 0; i < 10; i++) {
      const q = queries.subarray(i * 128, (i + 1) * 128);
      for (const filter of [{}, { labels: back.data.nodeLabel, label: 1 }]) {
        assert.deepEqual(back.index.search(q, 7, filter), g.snapshot.index.search(q, 7, filter));
        assert.deepEqual(disk.index.search(q, 7, filter), g.snapshot.index.search(q, 7, filter));
        assert.deepEqual(disk.index.search(q, 5, filter, { mode: 'approximate', budget: 40, rescore: 8 }), g.snapshot.index.search(q, 5, filter, { mode: 'approximate', budget: 40, rescore: 8 }));
      }
      assert.deepEqual(back.index.search(q, 5, {}, { mode: 'approximate', budget: 40, rescore: 8 }), g.snapshot.index.search(q, 5, {}, { mode: 'approximate', budget: 40, rescore: 8 }));
      // Approximate mode rescores from the postings: each hit's distance is exact mode's, to the bit.
      const exact = new Map(back.index.search(q, back.nodeCount).map((h) => [h.index, h.distance] as const));
      for (const h of back.index.search(q, 6, {}, { mode: 'approximate', budget: 30, rescore: 12 })) assert.equal(h.distance, exact.get(h.index) ?? Math.sqrt(normSq(q) + 1));
      const qn = normSq(q);
      for (let r = 0; r < back.nodeCount; r++) {
        assert.equal(distanceToRow(back.data.nodeVectors, q, qn, r), distanceToRow(g.snapshot.data.nodeVectors, q, qn, r));
        assert.equal(distanceToRow(disk.data.nodeVectors, q, qn, r), distanceToRow(g.snapshot.data.nodeVectors, q, qn, r));
      }
    }
    assert.deepEqual(back.nodesNamed(g.nodeNames[3]!), g.snapshot.nodesNamed(g.nodeNames[3]!));
    assert.ok(back.data.domains && back.data.bm25, 'relation domains and BM25 are stored');
    assert.deepEqual(RelationDomains.of(back).data, RelationDomains.of(g.snapshot).data);
    assert.equal(back.nodeIndexOf(back.data.nodeIds.get(5)), 5);
    assert.equal(readSnapshot(file, { fingerprint: 'other', embedderId: g.snapshot.data.embedderId }), undefined);
    // Rows are stored: without its embedder the file gives the same distances (nothing is embedded again).
    const q0 = queries.subarray(0, 128);
    assert.equal(distanceToRow(readSnapshot(file)!.data.nodeVectors, q0, normSq(q0), 3), distanceToRow(g.snapshot.data.nodeVectors, q0, normSq(q0), 3));
    // Writing a snapshot opened from disk gives the same file.
    const again = join(dir, 'again.bin');
    writeSnapshot(again, disk);
    assert.ok(readFileSync(again).equals(readFileSync(file)), 'same bytes');

    const chunks: ExportChunk[] = [
      { kind: 'nodes', nodes: [{ id: 'm:0', labels: ['Movie'], name: 'Heat' }, { id: 'p:0', labels: ['Person'], name: 'Michael Mann' }] },
      { kind: 'edges', edges: [{ source: 'm:0', type: 'directed_by', target: 'p:0' }] },
    ];
    const store = new FakeExportStore('v1', chunks) as unknown as GraphStore & FakeExportStore;
    const e = new HashingEmbedder({ dimension: 64 });
    const a = await loadOrBuildSnapshot(store, e, dir);
    assert.equal(a.source, 'built');
    const b = await loadOrBuildSnapshot(store, e, dir);
    assert.equal(b.source, 'cache');
    assert.equal(store.exports, 1);
    assert.deepEqual([...b.snapshot.data.names], ['Heat', 'Michael Mann']);
    store.version = 'v2';
    assert.equal((await loadOrBuildSnapshot(store, e, dir)).source, 'built');
    assert.equal((await loadOrBuildSnapshot(store, new HashingEmbedder({ dimension: 32 }), dir)).source, 'built');
    // The v1 file for the same embedder was replaced; the other embedder's file stays.
    assert.equal(readdirSync(dir).filter((f) => f.startsWith('snapshot-')).length, 2);
    assert.equal(store.exports, 3);
    // Preloaded before the fingerprint is known (while a store opens): this embedder's file, used
    // when it is the store's, ignored (and rebuilt) when the store changed meanwhile.
    const pre = preloadSnapshot(dir, e);
    assert.equal(pre?.data.fingerprint, (await loadOrBuildSnapshot(store, e, dir)).snapshot.data.fingerprint);
    assert.equal(preloadSnapshot(dir, new HashingEmbedder({ dimension: 16 })), undefined);
    assert.equal(preloadSnapshot(join(dir, 'missing'), e), undefined);
    const used = await loadOrBuildSnapshot(store, e, dir, undefined, undefined, pre);
    assert.equal(used.snapshot, pre);
    assert.equal(used.source, 'cache');
    store.version = 'v3';
    const stale = await loadOrBuildSnapshot(store, e, dir, undefined, undefined, pre);
    assert.notEqual(stale.snapshot, pre);
    assert.equal(stale.source, 'built');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('section offsets stay right past 2 GB and 4 GB (a 10M-node graph has 3.8 GB postings)', () => {
  // Bitwise rounding wrapped at 2^32 (and went negative past 2^31): sections overlapped and the write failed.
  for (const n of [0, 1, 7, 8, 9, 2 ** 31 - 3, 2 ** 31 + 1, 3_821_354_752, 2 ** 32 + 1, 7_642_709_505]) {
    const a = align8(n);
    assert.ok(a >= n && a - n < 8 && a % 8 === 0, `align8(${n}) = ${a}`);
  }
  // The layout of the last three sections of the 10M / 43M graph, as writeSnapshot lays them out.
  let offset = 1_662_820_000;
  const ends: number[] = [];
  for (const bytes of [3_821_354_752, 3_821_354_752, 7_642_709_504]) {
    ends.push(offset + bytes);
    offset += align8(bytes);
  }
  assert.deepEqual(ends, [5_484_174_752, 9_305_529_504, 16_948_239_008]);
});

test('fromTriples keys nodes by (label, name)', async () => {
  const s = await GraphSnapshot.fromTriples(
    [
      ['1999', 'release_year', '1999'],
      ['Heat', 'release_year', '1995'],
    ],
    new HashingEmbedder({ dimension: 32 }),
    { labelOf: (rel, role) => (role === 'head' ? 'Movie' : rel === 'release_year' ? 'Year' : 'Entity') },
  );
  assert.equal(s.nodeCount, 4);
  assert.deepEqual(s.nodesNamed('1999').map((i) => s.labelOf(i)).sort(), ['Movie', 'Year']);
});

test('stored rows are the embedder\'s own: every row of the MetaQA movie sample, lexical embedder, in memory and on disk, equals embedding its name again (indices in order, float32 values)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-rows-'));
  try {
    const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
    const triples = readFileSync(join(__dirname, '../../../samples/movies/movies.triples.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('|'))
      .map((l) => l.split('|') as [string, string, string]);
    const snap = await GraphSnapshot.fromTriples(triples, embedder);
    const file = join(dir, 'm.bin');
    writeSnapshot(file, snap);
    const names = namesView(embedder) as LexicalEmbedder;
    const want = new SparseScratch(embedder.dimension);
    const got = new SparseScratch(embedder.dimension);
    for (const placement of ['memory', 'disk'] as const) {
      const m = readSnapshot(file, undefined, undefined, placement)!.data.nodeVectors;
      assert.equal(m.kind, 'inverted');
      if (m.kind !== 'inverted') return;
      for (let r = 0; r < m.rows; r++) {
        names.embedSparse(snap.names.get(r), want);
        m.row(r, got);
        assert.deepEqual(got.indices.subarray(0, got.count), want.indices.subarray(0, want.count));
        for (let i = 0; i < want.count; i++) assert.equal(got.values[want.indices[i]!], want.values[want.indices[i]!]);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
