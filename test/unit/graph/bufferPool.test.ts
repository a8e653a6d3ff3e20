// The engine's buffer pool (bufferPool.ts): the size every store but the staging COPY opens with
// reaches the real engine, which then bounds a query's working memory by it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { bufferPoolBytes, DEFAULT_BUFFER_POOL_MB } from '../../../src/core/graph/embedded/bufferPool';
import { tempDir } from './helpers';

const dir = tempDir();
after(() => dir.remove());

/** A hash aggregate over 3M values: ≈ 100 MB of the engine's working memory (fails at 64 MB, runs at 128). */
const BIG_AGGREGATE = 'UNWIND range(1, 3000000) AS x RETURN count(DISTINCT x) AS n';

test('bufferPoolBytes: the default cap, the engine default on request, bad sizes refused', () => {
  assert.equal(DEFAULT_BUFFER_POOL_MB, 256);
  assert.equal(bufferPoolBytes(undefined), 256 * 1048576);
  assert.equal(bufferPoolBytes(64), 64 * 1048576);
  assert.equal(bufferPoolBytes('engine'), undefined);
  assert.throws(() => bufferPoolBytes(8), /at least 16 MB, not 8/);
  assert.throws(() => bufferPoolBytes(Number.NaN), /at least 16 MB/);
  assert.equal(new EmbeddedStore({ folder: join(dir.path, 'x') }).bufferPoolBytes, 256 * 1048576);
  assert.equal(new EmbeddedStore({ folder: join(dir.path, 'x'), bufferPoolMB: 'engine' }).bufferPoolBytes, undefined);
});

test('the cap reaches the engine: a 16 MB pool cannot hold a 3M-value aggregate that the default cap runs', async () => {
  const small = new EmbeddedStore({ folder: join(dir.path, 'small'), bufferPoolMB: 16, timeoutMs: 60_000 });
  try {
    await small.open();
    await assert.rejects(small.query(BIG_AGGREGATE), /buffer pool is full/i);
  } finally {
    await small.close();
  }
  const capped = new EmbeddedStore({ folder: join(dir.path, 'capped'), timeoutMs: 60_000 });
  try {
    await capped.open();
    const r = await capped.query(BIG_AGGREGATE);
    assert.equal(Number(r.rows[0]!['n']), 3_000_000);
  } finally {
    await capped.close();
  }
});
