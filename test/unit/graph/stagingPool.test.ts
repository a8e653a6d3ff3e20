// The staging engine's buffer pool (bufferPool.ts stagingBufferPoolMB): sized by the largest node
// table, and a COPY that outgrows it is run again with the engine's default pool (bulkLoader.ts), so
// a short rule costs time, never rows. The real engine, a real file.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { ENGINE_MALLOC_ARENAS, isPoolFull, stagingBufferPoolMB, STAGING_MALLOC_ARENAS, STAGING_POOL_BYTES_PER_ROW, STAGING_POOL_FLOOR_MB } from '../../../src/core/graph/embedded/bufferPool';
import { importFiles } from '../../../src/core/graph/import/importer';
import { importIntoFolder } from '../../../src/core/graph/import/stagedImport';
import { GraphStoreError } from '../../../src/core/graph/errors';
import { tempDir } from './helpers';

const dir = tempDir();
after(() => dir.remove());

test('stagingBufferPoolMB: the floor for small graphs, 256 bytes a row of the largest node table above it', () => {
  assert.equal(STAGING_POOL_BYTES_PER_ROW, 256);
  assert.equal(stagingBufferPoolMB(0), STAGING_POOL_FLOOR_MB);
  assert.equal(stagingBufferPoolMB(43_234), STAGING_POOL_FLOOR_MB);
  // 524,288 rows × 256 B = 128 MB exactly: still the floor; one row more rounds up.
  assert.equal(stagingBufferPoolMB(524_288), 128);
  assert.equal(stagingBufferPoolMB(524_289), 129);
  // MetaQA ×40's people (852,920) and the 10M synthetic graph's one table.
  assert.equal(stagingBufferPoolMB(852_920), 209);
  assert.equal(stagingBufferPoolMB(10_000_000), 2442);
});

test('an engine opened with mallocArenas runs with MALLOC_ARENA_MAX (the staging engine\'s, 2); without it with every engine\'s (2); one in the environment wins', async () => {
  assert.equal(STAGING_MALLOC_ARENAS, 2);
  assert.equal(ENGINE_MALLOC_ARENAS, 2);
  const environ = (pid: number | undefined): string[] => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  for (const arenas of [STAGING_MALLOC_ARENAS, 4, undefined]) {
    const store = new EmbeddedStore({ folder: join(dir.path, `arenas-${arenas ?? 'none'}`), threads: 1, ...(arenas !== undefined ? { mallocArenas: arenas } : {}) });
    await store.open();
    try {
      await store.query('RETURN 1 AS one');
      const env = environ(store.enginePid);
      const expected = `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? arenas ?? ENGINE_MALLOC_ARENAS}`;
      assert.equal(env.find((v) => v.startsWith('MALLOC_ARENA_MAX=')), expected);
      assert.ok(env.some((v) => v.startsWith('PATH=')), 'the rest of the environment is passed on');
    } finally {
      await store.close();
    }
  }
});

test('isPoolFull: the engine\'s words, not other failures', () => {
  assert.ok(isPoolFull(new GraphStoreError('query-failed', 'Buffer manager exception: Unable to allocate memory! The buffer pool is full and no memory could be freed!')));
  assert.ok(!isPoolFull(new GraphStoreError('query-failed', 'Copy exception: duplicated primary key')));
  assert.ok(!isPoolFull('buffer pool is full'));
});

/** 200,000 movies and 200,000 people: a node COPY of 200,000 names needs more than a 16 MB pool. */
function bigFile(): string {
  const lines: string[] = [];
  for (let i = 0; i < 200_000; i++) lines.push(`movie number ${i}|directed_by|person number ${i}`);
  return dir.file('big.txt', lines.join('\n') + '\n');
}

test('a COPY that outgrows the staging pool is copied again with the engine\'s default pool: every row once, and said', async () => {
  const file = bigFile();
  // The premise: on a 16 MB pool this COPY fails (else the test below proves nothing).
  const small = new EmbeddedStore({ folder: join(dir.path, 'small'), bufferPoolMB: 16, threads: 1, timeoutMs: 300_000 });
  try {
    await small.open();
    await assert.rejects(importFiles(small, [{ path: file }]), (e: unknown) => isPoolFull(e));
  } finally {
    await small.close();
  }
  const messages: string[] = [];
  const summary = await importIntoFolder(join(dir.path, 'staged'), [{ path: file }], { stagingPoolMB: 16, onProgress: (p) => void messages.push(p.message) });
  assert.equal(summary.nodesCreated, 400_000);
  assert.equal(summary.edgesCreated, 200_000);
  assert.deepEqual(messages.filter((m) => /buffer pool/.test(m)), ["the engine's 16 MB buffer pool was too small for Movie; copying it again with the engine's default pool"]);
  const store = new EmbeddedStore({ folder: join(dir.path, 'staged'), readOnly: true, timeoutMs: 120_000 });
  try {
    await store.open();
    const one = async (q: string, params = {}) => Number((await store.query(q, { params })).rows[0]!['c']);
    assert.equal(await one('MATCH (m:Movie) RETURN count(*) AS c'), 200_000);
    assert.equal(await one('MATCH (p:Person) RETURN count(*) AS c'), 200_000);
    assert.equal(await one('MATCH (m:Movie)-[:directed_by]->(p:Person) WHERE m.name = $m AND p.name = $p RETURN count(*) AS c', { m: 'movie number 123456', p: 'person number 123456' }), 1);
    assert.equal(await one('MATCH ()-[r]->() RETURN count(*) AS c'), 200_000);
  } finally {
    await store.close();
  }
});
