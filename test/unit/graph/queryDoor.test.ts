// The query door on its own: what it lets through read-only, with --write, and never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkStatement, cypherTokens } from '../../../src/core/graph/queryDoor';
import { ADMIN, FILES, READS, WRITES } from './doorCorpus';

test('read statements pass read-only, in both dialects', () => {
  for (const q of READS) assert.deepEqual(checkStatement(q, { allowWrite: false }), { allowed: true, kind: 'read' }, q);
});

test('file, attach, export and write statements are refused read-only and allowed with --write', () => {
  for (const q of [...FILES, ...WRITES]) {
    const v = checkStatement(q, { allowWrite: false });
    assert.equal(v.allowed, false, q);
    // The core names no way to allow it: each door adds its own (the CLI's --write, the editor's read-only; issue 26).
    if (!v.allowed) assert.match(v.reason, /queries run read-only\.$/, q);
    assert.equal(checkStatement(q, { allowWrite: true }).allowed, true, q);
  }
});

test('administration and several statements are refused even with --write', () => {
  for (const q of ADMIN) {
    for (const allowWrite of [false, true]) {
      const v = checkStatement(q, { allowWrite });
      assert.equal(v.allowed, false, `${q} (allowWrite ${allowWrite})`);
    }
  }
});

test('the token check ignores literals, quoted names, parameters and comments', () => {
  const words = cypherTokens("MATCH (n:`CREATE`) WHERE n.name = 'SET \\' DELETE' // COPY\nRETURN $drop /* ATTACH */").filter((t) => t.kind === 'word').map((t) => t.text);
  assert.deepEqual(words, ['MATCH', 'n', 'WHERE', 'n', 'name', 'RETURN']);
});
