// fullCollection (core/collect.ts): a full collection without --expose-gc, as the store-placed walk
// asks for one after large reads (docs/ask.md, "The CLI within 300 MB").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullCollection } from '../../../src/core/collect';
import { COLLECT_EVERY_EDGES } from '../../../src/core/ask/storeEnumerate';

test('fullCollection frees unreachable objects at once and can be called again', () => {
  fullCollection();
  const base = process.memoryUsage().heapUsed;
  let garbage: { i: number }[] | undefined = Array.from({ length: 500_000 }, (_, i) => ({ i }));
  assert.ok(process.memoryUsage().heapUsed > base + 5_000_000, 'the garbage is on the heap');
  garbage = undefined;
  fullCollection();
  assert.equal(garbage, undefined);
  assert.ok(process.memoryUsage().heapUsed < base + 2_000_000, `collected: ${process.memoryUsage().heapUsed} against ${base}`);
  fullCollection();
});

test('no MetaQA ×1 question reaches the collection threshold (its 129,000 edges read from both ends)', () => {
  assert.ok(COLLECT_EVERY_EDGES > 2 * 130_000);
});
