import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFewShotFile, detectFormat, FEWSHOT_CODES, readCsv } from '../../../src/core/fewshot';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { covered, fixture, linesOf } from './helpers';

const schema = parseSchemaFile(fixture('movies.structured_schema.json').text, 'movies.structured_schema.json').schema!;

test('CSV reader: quoted multi-line fields, doubled quotes, offsets of every character', () => {
  const text = 'a,b\n"x ""y""\nz",2\n\nplain,"q"\n';
  const { records, findings } = readCsv(text);
  assert.deepEqual(findings, []);
  assert.deepEqual(records.map((r) => r.fields.map((f) => f.value)), [['a', 'b'], ['x "y"\nz', '2'], ['plain', 'q']]);
  const f = records[1]!.fields[0]!;
  const at = (i: number): string => text[f.map!(i)]!;
  assert.equal(at(0), 'x');
  assert.equal(at(2), '"');
  assert.equal(f.map!(3), text.indexOf('y'));
  assert.equal(at(6), 'z');
  assert.equal(readCsv('"open\n').findings[0]?.code, 'fewshot-file-syntax');
});

test('question→Cypher CSV: Neo4j rejects row 2 at the exact line; per-label property; unknown type', () => {
  const f = fixture('pairs.csv');
  assert.equal(detectFormat(f.path, f.text), 'cypher-csv');
  const ds = checkFewShotFile(f.path, f.text, { schema });
  const syntax = ds.filter((d) => d.code === FEWSHOT_CODES.cypherSyntax);
  assert.ok(syntax.length >= 1);
  assert.equal(syntax[0]!.range.start.line + 1, 7);
  assert.equal(covered(f.text, syntax[0]!), 'LIMIT');
  assert.ok(syntax.every((d) => /^Row 2:/.test(d.message)));
  const prop = ds.filter((d) => d.code === FEWSHOT_CODES.cypherProperty);
  assert.deepEqual(prop.map((d) => d.range.start.line + 1), [9]);
  assert.equal(covered(f.text, prop[0]!), 'rating');
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.cypherSchema && /FOLOWS/.test(d.message) && covered(f.text, d) === 'FOLOWS'));
  // Row 1 is valid Cypher that fits the schema.
  assert.deepEqual(ds.filter((d) => d.range.start.line + 1 <= 4), []);
});

test('without a schema only what Neo4j itself rejects is reported', () => {
  const f = fixture('pairs.csv');
  const ds = checkFewShotFile(f.path, f.text);
  assert.ok(ds.length > 0);
  assert.ok(ds.every((d) => d.code === FEWSHOT_CODES.cypherSyntax || d.code === FEWSHOT_CODES.cypherNotice));
});

test('own JSON format with a schema reference; findings inside an escaped JSON string land on the right characters', () => {
  const f = fixture('cypher.fewshot.json');
  const refs: string[] = [];
  const ds = checkFewShotFile(f.path, f.text, { loadSchema: (ref) => (refs.push(ref), schema) });
  assert.deepEqual(refs, ['movies.structured_schema.json']);
  const d = ds.find((x) => x.code === FEWSHOT_CODES.cypherProperty)!;
  assert.equal(d.range.start.line + 1, 6);
  assert.equal(covered(f.text, d), 'rating');
  const unreadable = checkFewShotFile(f.path, f.text, { loadSchema: () => undefined });
  assert.deepEqual(linesOf(unreadable, FEWSHOT_CODES.schemaRef), [3]);
});
