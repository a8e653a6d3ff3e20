import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { formatKgschema, schemaToKgschemaJson } from '../../../src/core/schema/kgschemaFormat';
import { LineIndex } from '../../../src/core/text';
import { csvRecords } from '../../../src/core/csv';

const MOVIES = readFileSync(join(__dirname, '../../../samples/movies/movies.kgschema.json'), 'utf8');

/** The text a diagnostic's range covers. */
function covered(text: string, d: { range: { start: { line: number; character: number }; end: { line: number; character: number } } }): string {
  const li = new LineIndex(text);
  return text.slice(li.offsetAt(d.range.start), li.offsetAt(d.range.end));
}

test('the movie sample schema reads without findings', () => {
  const r = parseSchemaFile(MOVIES, 'movies.kgschema.json');
  assert.equal(r.format, 'kgschema');
  assert.deepEqual(r.diagnostics, []);
  const s = r.schema!;
  assert.deepEqual(s.labels.map((l) => l.name), ['Movie', 'Person', 'Year', 'Language', 'Genre', 'Tag', 'Rating', 'Votes']);
  assert.deepEqual(s.relationshipTypes.map((t) => t.name).sort(), ['directed_by', 'has_genre', 'has_imdb_rating', 'has_imdb_votes', 'has_tags', 'in_language', 'release_year', 'starred_actors', 'written_by']);
  for (const t of s.relationshipTypes) assert.equal(t.endpoints[0]!.from, 'Movie');
  assert.deepEqual(s.propertyKeys, ['name']);
  assert.ok(s.labels.every((l) => l.properties.includes('name')));
  assert.ok((s.relationshipTypes.find((t) => t.name === 'written_by')!.aliases ?? []).includes('wrote'));
});

test('schema → kgschema JSON → schema is lossless', () => {
  const s = parseSchemaFile(MOVIES, 'movies.kgschema.json').schema!;
  const text = formatKgschema(s, { name: 'movies' });
  const again = parseSchemaFile(text, 'x.kgschema.json');
  assert.deepEqual(again.diagnostics, []);
  assert.deepEqual(again.schema, s);
  assert.deepEqual(schemaToKgschemaJson(again.schema!), schemaToKgschemaJson(s));
});

test('JSON Schema violations are reported at the offending key or value', () => {
  const text = [
    '{',
    '  "labels": {',
    '    "Movie": { "properties": ["name", "name"], "alias": ["film"] },',
    '    "": {}',
    '  },',
    '  "relationshipTypes": {',
    '    "directed_by": { "endpoints": [{ "from": "Movie" }] },',
    '    "written_by": { "properties": "name" }',
    '  }',
    '}',
  ].join('\n');
  const r = parseSchemaFile(text, 'bad.kgschema.json');
  assert.equal(r.schema, undefined);
  const byText = r.diagnostics.map((d) => [d.code, covered(text, d), d.range.start.line] as const);
  assert.ok(r.diagnostics.every((d) => d.code === 'schema-invalid' && d.severity === 'error'));
  assert.ok(byText.some(([, t, line]) => t === '"alias"' && line === 2), JSON.stringify(byText));
  assert.ok(byText.some(([, t, line]) => t === '"name"' && line === 2), 'the duplicate item');
  assert.ok(byText.some(([, t, line]) => t === '""' && line === 3), 'the empty label name');
  assert.ok(byText.some(([, t, line]) => t === '{ "from": "Movie" }' && line === 6), 'missing "to"');
  assert.ok(byText.some(([, t, line]) => t === '"written_by"' && line === 7), 'missing endpoints, at the key');
  assert.ok(byText.some(([, t, line]) => t === '"name"' && line === 7), 'properties must be an array');
  assert.ok(r.diagnostics.find((d) => covered(text, d) === '"alias"')!.message.includes('aliases'), 'suggests the allowed keys');
});

test('a JSON syntax error is reported at its position', () => {
  const text = '{\n  "labels": {\n    "Movie": { "properties": ["name",] }\n  }\n}';
  const r = parseSchemaFile(text, 'a.kgschema.json');
  assert.equal(r.schema, undefined);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0]!.code, 'schema-json-syntax');
  assert.deepEqual(r.diagnostics[0]!.range.start, { line: 2, character: 37 });
  assert.equal(covered(text, r.diagnostics[0]!), ']');
});

test('endpoints must name declared labels; aliases may not be claimed twice', () => {
  const text = JSON.stringify(
    {
      labels: { Movie: { properties: ['name'], aliases: ['film'] }, Person: { properties: ['name'], aliases: ['Film'] } },
      relationshipTypes: {
        directed_by: { endpoints: [{ from: 'Movie', to: 'Persn' }], aliases: ['directed', 'Directed By'] },
        written_by: { endpoints: [{ from: 'Movie', to: 'Person' }], aliases: ['wrote', 'directed'] },
        acted_in: { endpoints: [{ from: 'Person', to: 'Movie' }], aliases: ['written by'] },
      },
    },
    null,
    2,
  );
  const r = parseSchemaFile(text, 'a.kgschema.json');
  assert.ok(r.schema, 'semantic findings still give a schema');
  const codes = r.diagnostics.map((d) => [d.code, covered(text, d)]);
  assert.deepEqual(codes.filter(([c]) => c === 'schema-unknown-endpoint-label'), [['schema-unknown-endpoint-label', '"Persn"']]);
  const conflicts = codes.filter(([c]) => c === 'schema-alias-conflict').map(([, t]) => t).sort();
  // "film" (Movie) vs "Film" (Person); "directed" twice; "written by" = written_by's own name.
  assert.deepEqual(conflicts, ['"Film"', '"directed"', '"written by"']);
  // An alias equal to its own name ("Directed By" for directed_by) is not a conflict.
  assert.ok(!codes.some(([, t]) => t === '"Directed By"'));
});

test('duplicate keys are reported (JSON.parse would silently keep the last)', () => {
  const text = '{"labels": {"Movie": {}, "Movie": {"properties": ["title"]}}, "relationshipTypes": {}}';
  const r = parseSchemaFile(text, 'a.kgschema.json');
  const d = r.diagnostics.filter((x) => x.code === 'schema-duplicate-key');
  assert.equal(d.length, 1);
  assert.equal(d[0]!.range.start.character, text.lastIndexOf('"Movie"'));
});

test('bad input never throws and always says something', () => {
  for (const text of ['', 'null', '[]', '42', '{', '{"labels": 3}', '{"foo": 1}', '\u0000', '{"labels": {"A": {"properties": [1]}}, "relationshipTypes": {"r": {"endpoints": [1]}}}']) {
    const r = parseSchemaFile(text, 'x.json');
    assert.ok(r.diagnostics.length > 0, `no diagnostic for ${JSON.stringify(text)}`);
    assert.ok(r.diagnostics.some((d) => d.severity === 'error'));
  }
});

test('structured_schema (LangChain / neo4j-graphrag) JSON is detected and read', () => {
  const ss = {
    node_props: { Person: [{ property: 'name', type: 'STRING' }, { property: 'born', type: 'INTEGER' }], Movie: [{ property: 'title', type: 'STRING' }] },
    rel_props: { ACTED_IN: [{ property: 'roles', type: 'LIST' }] },
    relationships: [
      { start: 'Person', type: 'ACTED_IN', end: 'Movie' },
      { start: 'Person', type: 'FOLLOWS', end: 'Person' },
      { start: 'Person', type: 'REVIEWED', end: 'Review' },
    ],
    metadata: { constraint: [], index: [] },
  };
  const r = parseSchemaFile(JSON.stringify(ss), 'neo4j-schema.json');
  assert.equal(r.format, 'structured_schema');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.schema!.labels.map((l) => l.name), ['Person', 'Movie', 'Review']);
  assert.deepEqual(r.schema!.labels[0]!.properties, ['name', 'born']);
  assert.deepEqual(r.schema!.relationshipTypes.find((t) => t.name === 'ACTED_IN'), { name: 'ACTED_IN', endpoints: [{ from: 'Person', to: 'Movie' }], properties: ['roles'] });
  assert.deepEqual(r.schema!.propertyKeys, ['born', 'name', 'roles', 'title']);
});

test('a malformed structured_schema entry is reported at its range and skipped', () => {
  const text = '{"node_props": {"A": [{"property": "x"}, {"type": "STRING"}]}, "rel_props": {}, "relationships": [{"start": "A", "type": "R"}]}';
  const r = parseSchemaFile(text, 's.json');
  assert.equal(r.format, 'structured_schema');
  assert.deepEqual(r.diagnostics.map((d) => [d.code, covered(text, d)]), [
    ['schema-structured-invalid', '{"type": "STRING"}'],
    ['schema-structured-invalid', '{"start": "A", "type": "R"}'],
  ]);
  assert.deepEqual(r.schema!.labels, [{ name: 'A', properties: ['x'] }]);
});

/** schemas_dev.csv through the one CSV reader. */
function parseCsv(text: string): string[][] {
  return [...csvRecords(text)].map((r) => r.fields.map((f) => f.value));
}

const SCHEMAS_DEV = join(__dirname, '../../../../shared/data/text2cypher/schemas_dev.csv');
test('the real text2cypher structured_schema values (Python dict repr) are read', { skip: existsSync(SCHEMAS_DEV) ? false : `not found: ${SCHEMAS_DEV}` }, () => {
  const rows = parseCsv(readFileSync(SCHEMAS_DEV, 'utf8'));
  const header = rows[0]!;
  const col = header.indexOf('structured_schema');
  const dbCol = header.indexOf('database');
  assert.ok(col >= 0);
  const byDb = new Map<string, ReturnType<typeof parseSchemaFile>>();
  for (const row of rows.slice(1)) byDb.set(row[dbCol]!, parseSchemaFile(row[col]!, `${row[dbCol]}.structured_schema`));
  const movies = byDb.get('movies')!;
  assert.equal(movies.format, 'structured_schema');
  assert.deepEqual(movies.diagnostics.map((d) => d.code), ['schema-python-repr']);
  assert.deepEqual(movies.schema!.labels.map((l) => l.name).sort(), ['Movie', 'Person']);
  assert.ok(movies.schema!.relationshipTypes.some((t) => t.name === 'ACTED_IN' && t.endpoints.some((e) => e.from === 'Person' && e.to === 'Movie') && t.properties.includes('roles')));
  const companies = byDb.get('companies')!;
  assert.ok(companies.schema!.labels.some((l) => l.name === 'Organization' && l.properties.includes('revenue')));
  assert.ok(companies.schema!.relationshipTypes.some((t) => t.name === 'HAS_CEO' && t.endpoints.some((e) => e.from === 'Organization' && e.to === 'Person')));
});
