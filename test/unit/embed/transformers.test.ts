import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransformersEmbedder, ModelLoadError } from '../../../src/core/embed/transformers';
import { rankByDistance } from '../../../src/core/embed/rank';
import { TINY_HIDDEN, writeTinyBert } from './tinyBert';

const root = mkdtempSync(join(tmpdir(), 'kgrag-tiny-bert-'));
test.after(() => rmSync(root, { recursive: true, force: true }));
writeTinyBert(root);

test('loads a local model through the real transformers.js pipeline and embeds offline', async () => {
  const e = await TransformersEmbedder.load({ model: 'test/tiny-bert', localModelPath: root });
  assert.equal(e.dimension, TINY_HIDDEN);
  assert.match(e.id, /^transformers:test\/tiny-bert:mean:norm$/);
  const m = await e.embedBatch(['The Vow', 'the vow', 'heat', 'directed by']);
  assert.equal(m.length, 4 * TINY_HIDDEN);
  for (let r = 0; r < 4; r++) {
    let n = 0;
    for (let i = 0; i < TINY_HIDDEN; i++) n += m[r * TINY_HIDDEN + i]! ** 2;
    assert.ok(Math.abs(n - 1) < 1e-4, `row ${r} is unit length (${n})`);
  }
  // The tokenizer lower-cases: "The Vow" and "the vow" are the same tokens, so the same row.
  for (let i = 0; i < TINY_HIDDEN; i++) assert.ok(Math.abs(m[i]! - m[TINY_HIDDEN + i]!) < 1e-6);
  // Different tokens give a different row.
  assert.ok([...m.subarray(0, TINY_HIDDEN)].some((v, i) => Math.abs(v - m[2 * TINY_HIDDEN + i]!) > 1e-3));
  const ranked = await rankByDistance(e, 'the vow', ['heat', 'The Vow', 'directed by']);
  assert.equal(ranked[0]!.text, 'The Vow');
  assert.ok(ranked[0]!.distance < 1e-3);
});

test('batches larger than the batch size keep row order', async () => {
  const e = await TransformersEmbedder.load({ model: 'test/tiny-bert', localModelPath: root, batchSize: 2 });
  const texts = ['heat', 'vow', 'movie', 'film', 'actor'];
  const all = await e.embedBatch(texts);
  for (let i = 0; i < texts.length; i++) {
    const one = await e.embedBatch([texts[i]!]);
    for (let d = 0; d < TINY_HIDDEN; d++) assert.ok(Math.abs(one[d]! - all[i * TINY_HIDDEN + d]!) < 1e-6);
  }
});

test('a model that is not there fails with a clear message and never reaches the hub', async () => {
  await assert.rejects(
    TransformersEmbedder.load({ model: 'nobody/no-such-model', localModelPath: root }),
    (e: unknown) => e instanceof ModelLoadError && /was not found/.test(e.message) && /allowRemoteModels/.test(e.message),
  );
});
