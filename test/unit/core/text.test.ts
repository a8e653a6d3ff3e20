import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../../src/core/text';

test('LineIndex maps offsets to zero-based positions and back', () => {
  const idx = new LineIndex('ab\ncde\n\nf');
  assert.deepEqual(idx.positionAt(0), { line: 0, character: 0 });
  assert.deepEqual(idx.positionAt(3), { line: 1, character: 0 });
  assert.deepEqual(idx.positionAt(5), { line: 1, character: 2 });
  assert.deepEqual(idx.positionAt(8), { line: 3, character: 0 });
  assert.equal(idx.offsetAt({ line: 1, character: 2 }), 5);
  assert.equal(idx.lineCount, 4);
  for (let o = 0; o <= idx.text.length; o++) assert.equal(idx.offsetAt(idx.positionAt(o)), o);
});
