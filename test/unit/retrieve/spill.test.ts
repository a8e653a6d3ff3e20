// The index build through a spill file (big graphs) against the in-memory build: the same index
// file, byte for byte, and the same searches and row distances — with per-bucket buffers small enough
// that every bucket's postings are written in many pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder, SparseScratch } from '../../../src/core/embed/hashing';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { namesView } from '../../../src/core/embed/embedder';
import { readSnapshot, writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { SnapshotBuilder } from '../../../src/core/retrieve/snapshot/snapshot';
import { embedSparseSpilled, finishSpill, isSpilled, SpillRows } from '../../../src/core/retrieve/snapshot/spill';
import { embedMatrix, VectorIndex } from '../../../src/core/retrieve/snapshot/vectorIndex';
import { rng, WORDS } from './helpers';

const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });

function names(count: number, seed: number): string[] {
  const r = rng(seed);
  return Array.from({ length: count }, (_, i) => (i % 97 === 0 ? '' : `${WORDS[Math.floor(r() * WORDS.length)]} ${WORDS[Math.floor(r() * WORDS.length)]} (${i % 13}) film`));
}

function builder(texts: readonly string[]): SnapshotBuilder {
  const b = new SnapshotBuilder();
  texts.forEach((t, i) => b.addNode(`n:${i}`, i % 3 === 0 ? 'Movie' : 'Person', t));
  for (let i = 1; i < texts.length; i++) b.addEdgeById(`n:${i}`, i % 2 ? 'directed_by' : 'starred_actors', `n:${(i * 7) % texts.length}`);
  return b;
}

test('spilled matrix: postings, norms and rows equal the in-memory transpose, to the bit (tiny bucket buffers)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-spill-'));
  try {
    const texts = names(3000, 5);
    const namer = namesView(embedder) as LexicalEmbedder;
    const mem = await embedMatrix(namer, texts);
    const index = new VectorIndex(mem);
    const want = index.postings()!;
    const { matrix, close } = embedSparseSpilled(namer, texts.length, (r) => texts[r]!, join(dir, 'x.tmp'), undefined, 3);
    try {
      assert.deepEqual(readdirSync(dir), [], 'the spill file is unlinked at once');
      const got = matrix.materialise();
      assert.deepEqual(matrix.postings.offsets, want.offsets);
      assert.deepEqual(got.postRows, want.rows);
      assert.deepEqual(Buffer.from(got.postVals.buffer), Buffer.from(want.vals.buffer));
      assert.deepEqual(Buffer.from(matrix.rowNormSq.buffer), Buffer.from(want.rowNormSq.buffer));
      const a = new SparseScratch(namer.dimension);
      const b = new SparseScratch(namer.dimension);
      for (let r = 0; r < texts.length; r += 37) {
        matrix.row(r, a);
        namer.embedSparse(texts[r]!, b);
        assert.deepEqual(Array.from(a.indices.subarray(0, a.count)), Array.from(b.indices.subarray(0, b.count)));
        for (let i = 0; i < a.count; i++) assert.equal(a.values[a.indices[i]!], b.values[b.indices[i]!]);
      }
    } finally {
      close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an index file built through a spill file has the bytes of one built in memory, and reads back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-spill-'));
  try {
    const texts = names(2000, 9);
    const inMemory = await builder(texts).build(embedder, 'fp');
    const spilled = await builder(texts).build(embedder, 'fp', undefined, { dir, above: 100 });
    assert.equal(spilled.data.nodeVectors.kind, 'inverted');
    assert.equal(inMemory.data.nodeVectors.kind, 'sparse');
    writeSnapshot(join(dir, 'a.bin'), inMemory);
    writeSnapshot(join(dir, 'b.bin'), spilled);
    assert.ok(readFileSync(join(dir, 'a.bin')).equals(readFileSync(join(dir, 'b.bin'))), 'same bytes');
    const q = await namesView(embedder).embedBatch(['maple harbor film']);
    assert.deepEqual(spilled.index.search(q, 10), inMemory.index.search(q, 10));
    const back = readSnapshot(join(dir, 'b.bin'), undefined, embedder, 'disk')!;
    assert.deepEqual(back.index.search(q, 10), inMemory.index.search(q, 10));
    assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('spill-')), [], 'no spill file left (unlinked when made)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an index file built through the streaming scatter with tiny buffers (1, 2, 7 postings per bucket) has the in-memory build\'s bytes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-spill-'));
  try {
    const texts = names(1500, 13);
    writeSnapshot(join(dir, 'mem.bin'), await builder(texts).build(embedder, 'fp'));
    const want = readFileSync(join(dir, 'mem.bin'));
    for (const bucketBuffer of [1, 2, 7]) {
      const spilled = await builder(texts).build(embedder, 'fp', undefined, { dir, above: 100, bucketBuffer });
      assert.ok(isSpilled(spilled.data.nodeVectors), 'built through the spill file');
      writeSnapshot(join(dir, `s${bucketBuffer}.bin`), spilled);
      const got = readFileSync(join(dir, `s${bucketBuffer}.bin`));
      assert.equal(got.length, want.length);
      assert.ok(got.equals(want), `same bytes with ${bucketBuffer} postings per bucket`);
      spilled.data.nodeVectors.spill.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('rows embedded in one order and finished in another equal embedding them in the final order, to the bit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-spill-'));
  try {
    const texts = names(2500, 9);
    const namer = namesView(embedder) as LexicalEmbedder;
    // Final order: pass 1's blocks [1500, 2500), [0, 700), [700, 1500) (one empty block too).
    const order = [[1500, 2500], [0, 700], [700, 700], [700, 1500]] as const;
    const finalTexts = order.flatMap(([f, t]) => texts.slice(f, t));
    const want = embedSparseSpilled(namer, finalTexts.length, (r) => finalTexts[r]!, join(dir, 'a.tmp'), undefined, 5);
    const rows = new SpillRows(namer, texts.length, join(dir, 'b.tmp'));
    for (const t of texts) rows.add(t);
    const got = finishSpill(rows, order, undefined, 5);
    try {
      const w = want.matrix.materialise();
      const g = got.materialise();
      assert.deepEqual(got.postings.offsets, want.matrix.postings.offsets);
      assert.deepEqual(g.postRows, w.postRows);
      assert.deepEqual(Buffer.from(g.postVals.buffer), Buffer.from(w.postVals.buffer));
      assert.deepEqual(g.rowOffsets, w.rowOffsets);
      assert.deepEqual(g.rowEntries, w.rowEntries);
      assert.deepEqual(Buffer.from(got.rowNormSq.buffer), Buffer.from(want.matrix.rowNormSq.buffer));
      const a = new SparseScratch(namer.dimension);
      const b = new SparseScratch(namer.dimension);
      for (let r = 0; r < finalTexts.length; r += 41) {
        got.row(r, a);
        want.matrix.row(r, b);
        assert.deepEqual(Array.from(a.indices.subarray(0, a.count)), Array.from(b.indices.subarray(0, b.count)));
      }
    } finally {
      want.close();
      rows.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
