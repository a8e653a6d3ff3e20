// The import's typed deduplication (NameTable, EdgeSet) against a Map and a Set of strings: same
// distinct names and pairs, same first-seen order, removal leaves ids valid, and it survives growth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mulberry32 } from '../../support/prng';
import { EdgeSet, NameTable } from '../../../src/core/graph/import/typedSets';

const PARTS = ['Heat', 'The Vow', ' (3)', 'é', '日本', '🎬', '"', ',', '\n', 'a', 'b', ''];

test('NameTable: the distinct names of 50,000 random ones in first-seen order, as a Map would keep them', () => {
  const rnd = mulberry32(7);
  const table = new NameTable();
  const ref = new Map<string, number>();
  for (let i = 0; i < 50_000; i++) {
    let name = '';
    const n = Math.floor(rnd() * 4);
    for (let j = 0; j < n; j++) name += PARTS[Math.floor(rnd() * PARTS.length)]!;
    if (rnd() < 0.5) name += String(Math.floor(rnd() * 20_000));
    const { id, isNew } = table.add(name);
    assert.equal(isNew, !ref.has(name));
    if (isNew) ref.set(name, id);
    assert.equal(id, ref.get(name));
  }
  assert.equal(table.size, ref.size);
  assert.deepEqual(Array.from({ length: table.added }, (_, i) => table.name(i)), [...ref.keys()]);
  for (const [name, id] of ref) assert.equal(table.find(name), id);
  assert.equal(table.find('not there at all'), -1);
  // Removal: left out of the rows, the id still resolves.
  assert.equal(table.remove('Heat'), ref.has('Heat'));
  assert.equal(table.remove('not there at all'), false);
  const heat = table.find('Heat');
  if (heat >= 0) {
    assert.ok(table.isRemoved(heat));
    assert.equal(table.remove('Heat'), false);
    assert.equal(table.size, ref.size - 1);
  }
});

test('EdgeSet: distinct pairs of 200,000 random ones in first-seen order, as a Set of keys would keep them; delete', () => {
  const rnd = mulberry32(11);
  const set = new EdgeSet();
  const ref = new Set<string>();
  for (let i = 0; i < 200_000; i++) {
    const s = Math.floor(rnd() * 500);
    const t = rnd() < 0.01 ? 0xffffffff : Math.floor(rnd() * 800);
    const key = `${s},${t}`;
    assert.equal(set.add(s, t), !ref.has(key));
    ref.add(key);
  }
  assert.equal(set.size, ref.size);
  assert.deepEqual(Array.from({ length: set.added }, (_, e) => `${set.source(e)},${set.target(e)}`), [...ref]);
  const [s0, t0] = [...ref][0]!.split(',').map(Number) as [number, number];
  assert.equal(set.delete(s0, t0), true);
  assert.equal(set.delete(s0, t0), false);
  assert.equal(set.delete(501, 1), false);
  assert.ok(set.isRemoved(0));
  assert.equal(set.size, ref.size - 1);
  assert.equal(set.add(s0, t0), false, 'a deleted pair is still known (the store holds it)');
});

test('sealed tables keep their names and pairs (views, bytes) and refuse lookups', () => {
  const names = new NameTable();
  for (const n of ['Heat', 'Amélie', 'Heat', '日本', '']) names.add(n);
  const edges = new EdgeSet();
  edges.add(0, 1);
  edges.add(2, 0);
  edges.add(0, 1);
  names.seal();
  edges.seal();
  assert.deepEqual(Array.from({ length: names.added }, (_, i) => names.name(i)), ['Heat', 'Amélie', '日本', '']);
  assert.equal(names.view().get(2), '日本');
  assert.deepEqual(Array.from(edges.pairs().sources), [0, 2]);
  assert.deepEqual(Array.from(edges.pairs().targets), [1, 0]);
  assert.throws(() => names.find('Heat'), /sealed/);
  assert.throws(() => names.add('Ronin'), /sealed/);
  assert.throws(() => edges.add(1, 1), /sealed/);
});

test('sealing gives back the room grown for more names and pairs: the arrays are their contents', () => {
  const names = new NameTable();
  const edges = new EdgeSet();
  for (let i = 0; i < 5000; i++) names.add(`name ${i}`);
  for (let i = 0; i < 3000; i++) edges.add(i, (i * 7) % 5000);
  const bytes = names.view().bytes.length;
  const before = { names: names.view().bytes.buffer.byteLength, offsets: names.view().offsets.buffer.byteLength, pairs: edges.pairs().sources.buffer.byteLength };
  assert.ok(before.names > bytes && before.offsets > 4 * 5001 && before.pairs > 4 * 3000, 'grown arrays have room to spare before sealing');
  names.seal();
  edges.seal();
  const v = names.view();
  assert.equal(v.bytes.buffer.byteLength, bytes);
  assert.equal(v.offsets.buffer.byteLength, 4 * 5001);
  assert.equal(edges.pairs().sources.buffer.byteLength, 4 * 3000);
  assert.equal(edges.pairs().targets.buffer.byteLength, 4 * 3000);
  assert.equal(v.get(4321), 'name 4321');
  assert.equal(names.name(0), 'name 0');
  assert.equal(edges.pairs().targets[2999], (2999 * 7) % 5000);
});
