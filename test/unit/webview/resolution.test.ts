import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { planningGraphFromSimGrag } from '../../../src/core/plan/simgrag';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { validateRetrievalResult } from '../../../src/contracts/inspector/validate';
import { notFoundLines, otherWarnings, typeRows } from '../../../webview/model/resolution';

const root = resolve(__dirname, '../../..');
const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(root, 'schemas/retrieval-result.schema.json'), 'utf8')) as object);
const embedder = new HashingEmbedder({ dimension: 256 });
const movies: [string, string, string][] = [
  ['The Vow', 'directed_by', 'Michael Sucsy'],
  ['The Vow', 'starred_actors', 'Thomas Haden Church'],
  ['The Vow', 'release_year', '2012'],
];

test('the not-found banner and the types table read the real retrieval output, which validates against the contract', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf: (rel, role) => (role === 'head' ? 'Movie' : rel === 'release_year' ? 'Year' : 'Person') });
  const r = planningGraphFromSimGrag({ query: 'films with Joe Thomas', graph: [['Joe Thomas', 'starred in', 'UNKNOWN movie 1'], ['UNKNOWN movie 1', 'released in', 'UNKNOWN year 1']], target: ['UNKNOWN year 1'] }, { name: 'p' });
  assert.ok(r.plan);
  for (const result of [await retrieveGsd(r.plan, snap, embedder), await retrieveMor({ ...r.plan, strategy: { kind: 'mor', seeds: 5, perStep: 10, k: 20 } }, snap, embedder)]) {
    assert.ok(validate(result), `${result.strategy}: ${JSON.stringify(validate.errors)}`);
    assert.ok(validateRetrievalResult(JSON.parse(JSON.stringify(result))).ok, result.strategy);
    const lines = notFoundLines(result);
    assert.equal(lines.length, 1, result.strategy);
    assert.match(lines[0]!.line, /^'Joe Thomas' is not in the graph; nearest: '.+' \(\d\.\d\d\)$/);
    if (result.strategy === 'gsd') {
      // The best subgraph binds Joe Thomas to the one Person that starred in a film: said when it is not the nearest name.
      const bound = result.subgraphs[0]!.mapping.find((m) => m.variable === lines[0]!.variable)!.name;
      assert.equal(lines[0]!.used, bound === result.notFound![0]!.nearest ? undefined : bound);
    }
    assert.ok(!otherWarnings(result).some((w) => w.includes('Joe Thomas')), 'the banner says it; the warning list does not repeat it');
    assert.ok((result.warnings ?? []).some((w) => w.includes('Joe Thomas')), 'the result itself still carries the warning (CLI, JSON)');
    const rows = typeRows(result);
    assert.deepEqual(rows.map((t) => [t.type, t.labels, t.how]), [['movie', 'Movie', 'exact'], ['year', 'Year', 'exact']]);
  }
});

test('type rows: nearest carries its distance as the score, none says the node was left unconstrained', () => {
  const base = { id: 'x', plan: 'x', strategy: 'gsd' as const, store: { kind: 'embedded' as const, description: 'd' }, answers: [], subgraphs: [], timings: { totalMs: 0, candidatesMs: 0, searchMs: 0 }, stats: {} };
  const rows = typeRows({
    ...base,
    types: [
      { variable: 'a', type: 'flick', labels: ['Movie'], how: 'nearest', detail: '"flick" is nearest to Movie (0.83)', distance: 0.834 },
      { variable: 'b', type: 'thing', labels: [], how: 'none', detail: 'fits no label' },
      { variable: 'c', type: 'director', labels: ['Person'], how: 'is-a', detail: 'WordNet', role: true },
    ],
  });
  assert.deepEqual(rows.map((r) => [r.labels, r.score]), [['Movie', '0.83'], ['—', '—'], ['Person', '—']]);
  assert.match(rows[1]!.detail, /^no label: unconstrained/);
  assert.match(rows[2]!.detail, /also weighed as a relation phrase/);
});
