// NodeNameIndex over an index file: candidates equal the snapshot's own search; names decode on demand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { openNodeNameIndex } from '../../../src/core/retrieve';
import { readBm25, readSearchIndex, readSnapshot, writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { attachBm25, bm25For, hasBm25 } from '../../../src/core/retrieve/mor/bm25';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';

test('openNodeNameIndex: candidates by text (and label), exact names, ids; another embedder is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-names-'));
  try {
    const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
    const triples: [string, string, string][] = [
      ['The Vow', 'directed_by', 'Michael Sucsy'],
      ['The Vow (1)', 'directed_by', 'Michael Sucsy (1)'],
      ['Vow of Silence', 'directed_by', 'Someone Else'],
      ['Heat', 'directed_by', 'Michael Mann'],
    ];
    const labelOf = (_r: string, role: 'head' | 'tail') => (role === 'head' ? 'Movie' : 'Person');
    const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
    const file = join(dir, 'i.bin');
    writeSnapshot(file, snap);
    const idx = openNodeNameIndex(file, embedder)!;
    assert.equal(idx.size, 8);
    const c = await idx.candidates('the vow', 3, 'Movie');
    assert.deepEqual(c.map((x) => x.name), ['The Vow', 'The Vow (1)', 'Vow of Silence']);
    assert.ok(c.every((x) => x.label === 'Movie'));
    assert.ok(c[0]!.distance <= c[1]!.distance && c[1]!.distance <= c[2]!.distance);
    const q = await embedder.embedBatch(['the vow']);
    assert.deepEqual(c.map((x) => x.node), snap.index.search(q, 3, { labels: snap.data.nodeLabel, label: snap.labelId('Movie') }).map((h) => h.index));
    assert.deepEqual((await idx.candidates('michael', 2, 'Person')).map((x) => x.label), ['Person', 'Person']);
    assert.deepEqual(await idx.candidates('x', 2, 'NoSuchLabel'), []);
    assert.deepEqual(idx.named('Heat').map((n) => idx.name(n)), ['Heat']);
    assert.equal(idx.id(idx.named('Heat')[0]!), 'Movie:Heat');
    assert.equal(openNodeNameIndex(file, new HashingEmbedder({ dimension: 64 })), undefined);
    assert.equal(openNodeNameIndex(join(dir, 'missing.bin'), embedder), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('readSearchIndex: the index file without the graph — same names, ids, labels, vectors and domains as the snapshot, no CSR or BM25 read; on disk and resident', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-index-'));
  try {
    const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
    const triples: [string, string, string][] = [
      ['Heat', 'directed_by', 'Michael Mann'],
      ['Heat', 'starred_actors', 'Al Pacino'],
      ['The Insider', 'starred_actors', 'Al Pacino'],
      ['The Insider', 'release_year', '1999'],
    ];
    const labelOf = (r: string, role: 'head' | 'tail') => (role === 'head' ? 'Movie' : r === 'release_year' ? 'Year' : 'Person');
    const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
    const file = join(dir, 'i.bin');
    writeSnapshot(file, snap);
    for (const vectors of ['memory', 'disk'] as const) {
      const full = readSnapshot(file, undefined, undefined, vectors)!;
      const idx = readSearchIndex(file, { fingerprint: snap.data.fingerprint, embedderId: embedder.id }, vectors)!;
      assert.ok(!(idx instanceof GraphSnapshot));
      assert.ok(!('outOffsets' in idx.data) && idx.data.bm25 === undefined, 'the CSR and BM25 stay in the file');
      assert.deepEqual([...idx.data.names], [...full.data.names]);
      assert.deepEqual([...idx.data.nodeIds], [...full.data.nodeIds]);
      assert.deepEqual(idx.data.nodeLabel, full.data.nodeLabel);
      assert.deepEqual(idx.data.relationVectors, full.data.relationVectors);
      assert.deepEqual(idx.data.domains, full.data.domains);
      const q = await embedder.embedBatch(['al pacino']);
      assert.deepEqual(idx.index.search(q, 3), full.index.search(q, 3));
      assert.ok(idx.byteSize() < full.byteSize());
    }
    assert.equal(readSearchIndex(file, { fingerprint: 'another version', embedderId: embedder.id }), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('readBm25: the index file\'s BM25 sections alone (read on demand) equal the snapshot\'s BM25 (same scores and top hits); attached to the index without the graph, bm25For uses them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-bm25-'));
  try {
    const embedder = new HashingEmbedder();
    const triples: [string, string, string][] = [
      ['Heat', 'directed_by', 'Michael Mann'],
      ['Heat', 'starred_actors', 'Al Pacino'],
      ['The Insider', 'starred_actors', 'Al Pacino'],
      ['The Insider', 'starred_actors', 'Russell Crowe'],
      ['Collateral', 'directed_by', 'Michael Mann'],
    ];
    const labelOf = (_r: string, role: 'head' | 'tail') => (role === 'head' ? 'Movie' : 'Person');
    const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
    const file = join(dir, 'i.bin');
    writeSnapshot(file, snap);
    const expect = { fingerprint: snap.data.fingerprint, embedderId: embedder.id };
    const bm = readBm25(file, expect)!;
    const full = readSnapshot(file)!;
    assert.deepEqual(bm.materialise(), full.data.bm25);
    const idx = readSearchIndex(file, expect)!;
    assert.equal(hasBm25(idx), false);
    attachBm25(idx, bm);
    assert.equal(hasBm25(idx), true);
    const mem = bm25For(snap);
    for (const text of ['michael mann', 'the insider al pacino', 'heat']) {
      const q = bm25For(idx).query(text);
      assert.deepEqual(q, mem.query(text), text);
      assert.deepEqual(bm25For(idx).topK(q, 4, idx.data.nodeLabel), mem.topK(q, 4, snap.data.nodeLabel), text);
      for (let v = 0; v < snap.nodeCount; v++) assert.equal(bm25For(idx).score(q, v), mem.score(q, v));
    }
    assert.ok(bm25For(idx).topK(bm25For(idx).query('michael mann'), 1).length === 1, 'not vacuous');
    assert.equal(readBm25(file, { ...expect, fingerprint: 'another version' }), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
