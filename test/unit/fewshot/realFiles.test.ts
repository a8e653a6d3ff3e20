/**
 * The real few-shot files from the papers' code and text2cypher, read from ../shared (they carry no
 * redistribution licence). Every defect listed in ../shared/data/README.md must be reported at its
 * line; the clean MoR planner prompt must give no findings at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCypherQuery, checkFewShotFile, FEWSHOT_CODES, readFewShot, readSchemasCsv } from '../../../src/core/fewshot';
import { covered, shared, SKIP_SHARED } from './helpers';

const at = (ds: ReturnType<typeof checkFewShotFile>, line: number): string[] => ds.filter((d) => d.range.start.line + 1 === line).map((d) => d.code);

test('SimGRAG rewrite prompt: line 61 (no id), line 55 (Scarlet Street as a director, "directe"), 10 examples vs 12 shots', (t) => {
  const f = shared('fewshot/simgrag/rewrite_metaQA.prompt.txt');
  if (!f) return t.skip(SKIP_SHARED);
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(at(ds, 61), ['simgrag-unknown-without-id']);
  assert.match(covered(f.text, ds.find((d) => d.range.start.line + 1 === 61)!), /UNKNOWN person/);
  assert.deepEqual(at(ds, 55).sort(), [FEWSHOT_CODES.relationTypo, FEWSHOT_CODES.typeConflict]);
  assert.equal(covered(f.text, ds.find((d) => d.code === FEWSHOT_CODES.typeConflict)!), "'Scarlet Street'");
  assert.equal(covered(f.text, ds.find((d) => d.code === FEWSHOT_CODES.relationTypo)!), 'directe');
  const shots = ds.find((d) => d.code === FEWSHOT_CODES.shotCount)!;
  assert.match(shots.message, /^10 examples.*12/);
  // Nothing else is wrong with the other examples.
  assert.deepEqual(ds.filter((d) => d.severity !== 'info' && ![55, 61, 20].includes(d.range.start.line + 1)), []);
});

test('SimGRAG rewrite examples JSON: line 151 (no id), line 135 ("directe"), line 131 (Scarlet Street), 10 vs 12', (t) => {
  const f = shared('fewshot/simgrag/rewrite_metaQA.examples.json');
  if (!f) return t.skip(SKIP_SHARED);
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(at(ds, 151), ['simgrag-unknown-without-id']);
  assert.deepEqual(at(ds, 135), [FEWSHOT_CODES.relationTypo]);
  assert.deepEqual(at(ds, 131), [FEWSHOT_CODES.typeConflict]);
  assert.match(ds.find((d) => d.code === FEWSHOT_CODES.shotCount)!.message, /^10 examples.*12/);
});

test('MoR amazon_1000.json: line 12846, example #906, malformed metapath — and nothing else', (t) => {
  const f = shared('fewshot/mor/amazon_1000.json');
  if (!f) return t.skip(SKIP_SHARED);
  const ds = checkFewShotFile(f.path, f.text);
  assert.equal(readFewShot(f.path, f.text)!.examples.length, 1000);
  const errors = ds.filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1);
  assert.equal(errors[0]!.code, 'mor-malformed-metapath');
  assert.equal(errors[0]!.range.start.line + 1, 12846);
  // The README counts from 0 (Python): #906 is the 907th example.
  assert.match(errors[0]!.message, /^Example 907 \(index 906\):/);
});

test('MoR planner_amazon prompt (clean): 4 demonstrations, the entity-type list read, no findings', (t) => {
  const f = shared('fewshot/mor/planner_amazon.prompt.txt');
  if (!f) return t.skip(SKIP_SHARED);
  const doc = readFewShot(f.path, f.text)!;
  assert.equal(doc.examples.length, 4);
  assert.equal(doc.declaredSchema?.kind, 'entity-types');
  assert.deepEqual(checkFewShotFile(f.path, f.text), []);
});

test('text2cypher (sample): rows Neo4j rejects are flagged; false_schema rows flagged for the named element', (t) => {
  const pairs = shared('text2cypher/text2cypher_dev.csv');
  const schemasCsv = shared('text2cypher/schemas_dev.csv');
  if (!pairs || !schemasCsv) return t.skip(SKIP_SHARED);
  const { schemas } = readSchemasCsv(schemasCsv.text);
  assert.deepEqual(Object.keys(schemas).sort(), ['companies', 'movies']);
  const doc = readFewShot(pairs.path, pairs.text)!;
  assert.equal(doc.examples.length, 1768);
  const byQuery = (needle: string) => doc.examples.find((e) => e.output?.kind === 'cypher' && e.output.query.value.includes(needle))!;
  const run = (ex: (typeof doc.examples)[number]) => {
    const o = ex.output!;
    if (o.kind !== 'cypher') throw new Error('not cypher');
    return checkCypherQuery(o, o.database ? schemas[o.database] : undefined, ex.number);
  };
  // SQL inside Cypher: Neo4j rejects it.
  const sql = byQuery('SELECT max(m2.votes)');
  assert.ok(run(sql).some((f) => f.code === FEWSHOT_CODES.cypherSyntax));
  // A valid query is not flagged.
  const ok = doc.examples.find((e) => e.labels?.['syntax_error'] === 'False' && e.labels?.['false_schema'] === '' && e.output?.kind === 'cypher' && /^MATCH \(ic:IndustryCategory\)/.test(e.output.query.value))!;
  assert.deepEqual(run(ok).filter((f) => f.severity !== 'info'), []);
  // false_schema: a property that exists elsewhere (Movie.rating), a missing relationship type.
  const labelled = doc.examples.filter((e) => (e.labels?.['false_schema'] ?? '') !== '');
  for (const named of ['Movie.rating', 'Person.roles', 'AUTHORED', 'City.nbrResidents']) {
    const ex = labelled.find((e) => e.labels!['false_schema'] === named)!;
    const [owner, prop] = named.split('.');
    const messages = run(ex).map((f) => f.message);
    assert.ok(messages.some((m) => (prop ? new RegExp(`${owner}\\.${prop}|^Row \\d+: ${prop} is not present`).test(m) : new RegExp(`\\b${owner}\\b`).test(m))), `${named}: ${messages.join(' | ')}`);
  }
});
