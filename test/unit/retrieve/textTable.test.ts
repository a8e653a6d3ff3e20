// TextTable: strings as one UTF-8 buffer + offsets; exact lookup through a hash over the bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextTable } from '../../../src/core/retrieve/snapshot/textTable';

test('rows decode as written (multi-byte, empty, duplicates); find lists every equal row', () => {
  const list = ['The Vow', '', 'Amélie', '東京物語', 'The Vow', 'the vow', '😀 x', 'The Vow (1)'];
  const t = TextTable.fromStrings(list);
  assert.equal(t.length, list.length);
  assert.deepEqual([...t], list);
  assert.deepEqual(t.map((s, i) => `${i}:${s}`), list.map((s, i) => `${i}:${s}`));
  assert.deepEqual(t.find('The Vow'), [0, 4]);
  assert.deepEqual(t.find(''), [1]);
  assert.deepEqual(t.find('東京物語'), [3]);
  assert.deepEqual(t.find('The Vo'), []);
  assert.equal(t.indexOf('the vow'), 5);
  assert.equal(t.indexOf('missing'), -1);
  assert.equal(t.get(-1), '');
  assert.equal(t.get(list.length), '');
  assert.equal(t.byteLength(2), Buffer.byteLength('Amélie'));
  // A view on a foreign buffer (as the index file gives) reads the same.
  const copy = new TextTable(new Uint8Array(t.bytes), new Uint32Array(t.offsets));
  assert.deepEqual([...copy], list);
  assert.deepEqual(copy.find('The Vow (1)'), [7]);
});

test('find over 200,000 rows agrees with a scan', () => {
  const list = Array.from({ length: 200_000 }, (_, i) => `name ${i % 50_000}`);
  const t = TextTable.fromStrings(list);
  for (const probe of ['name 0', 'name 49999', 'name 123', 'name 50000']) {
    assert.deepEqual(t.find(probe), list.flatMap((s, i) => (s === probe ? [i] : [])));
  }
});
