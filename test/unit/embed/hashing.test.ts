import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder, SparseScratch, normaliseForHashing } from '../../../src/core/embed/hashing';

const l2 = (m: Float32Array, d: number, a: number, b: number): number => {
  let s = 0;
  for (let i = 0; i < d; i++) s += (m[a * d + i]! - m[b * d + i]!) ** 2;
  return Math.sqrt(s);
};

test('hashing embeddings are deterministic, unit-normalised and dimension-sized', async () => {
  const e = new HashingEmbedder({ dimension: 256 });
  const texts = ['The Vow', 'Channing Tatum', 'directed by', 'x'];
  const a = await e.embedBatch(texts);
  const b = await new HashingEmbedder({ dimension: 256 }).embedBatch(texts);
  assert.equal(a.length, texts.length * 256);
  assert.deepEqual(a, b);
  for (let r = 0; r < texts.length; r++) {
    let n = 0;
    for (let i = 0; i < 256; i++) n += a[r * 256 + i]! ** 2;
    assert.ok(Math.abs(n - 1) < 1e-5, `row ${r} norm ${n}`);
  }
  assert.equal(e.id, 'hashing-v1:d256:n2-4');
  assert.notEqual(new HashingEmbedder({ dimension: 128 }).id, e.id);
});

test('case, accents and punctuation do not matter; typos cost less than different names', async () => {
  const e = new HashingEmbedder();
  const d = e.dimension;
  const m = await e.embedBatch(['Amélie', 'amelie', 'The Vow', 'the vow!', 'The Vw', 'Kismet', 'director of', 'directed_by', 'written by']);
  assert.ok(l2(m, d, 0, 1) < 1e-6);
  assert.ok(l2(m, d, 2, 3) < 1e-6);
  assert.ok(l2(m, d, 2, 4) < l2(m, d, 2, 5));
  assert.ok(l2(m, d, 6, 7) < l2(m, d, 6, 8), 'director of is nearer directed by than written by');
  assert.equal(normaliseForHashing('  Vow,  The '), ' vow the ');
});

test('sparse and dense forms agree', async () => {
  const e = new HashingEmbedder({ dimension: 64 });
  const dense = await e.embedBatch(['Pulp Fiction']);
  const s = new SparseScratch(64);
  e.embedSparse('Pulp Fiction', s);
  const rebuilt = new Float32Array(64);
  for (let i = 0; i < s.count; i++) rebuilt[s.indices[i]!] = s.values[s.indices[i]!]!;
  assert.deepEqual(rebuilt, dense);
  assert.ok(s.count > 5 && s.count < 64);
  e.embedSparse('', s);
  assert.equal(s.count, 0, 'an empty text has no features');
});

test('bad options are refused with a clear message', () => {
  assert.throws(() => new HashingEmbedder({ dimension: 3 }), /dimension/);
  assert.throws(() => new HashingEmbedder({ minN: 3, maxN: 2 }), /minN/);
});
