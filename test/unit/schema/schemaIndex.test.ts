import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { aliasConflicts, buildGraphSchema, normaliseTerm, SchemaIndex } from '../../../src/core/schema/schemaIndex';
import { addAliasToKgschema } from '../../../src/core/schema/kgschemaEdit';
import { LineIndex } from '../../../src/core/text';

const movies = parseSchemaFile(readFileSync(join(__dirname, '../../../samples/movies/movies.kgschema.json'), 'utf8'), 'movies.kgschema.json').schema!;
const index = new SchemaIndex(movies);

test('lookups by name, and by name or alias (normalised)', () => {
  assert.equal(index.label('Movie')?.name, 'Movie');
  assert.equal(index.label('movie'), undefined, 'exact lookups are exact');
  assert.equal(index.relationshipType('directed_by')?.endpoints[0]?.to, 'Person');
  assert.deepEqual(index.labelsForTerm('FILM'), ['Movie']);
  assert.deepEqual(index.labelsForTerm('movie'), ['Movie']);
  assert.deepEqual(index.relationshipTypesForTerm('Directed  By'), ['directed_by']);
  assert.deepEqual(index.relationshipTypesForTerm('directed-by'), ['directed_by']);
  assert.deepEqual(index.relationshipTypesForTerm('acted in'), ['starred_actors']);
  assert.deepEqual(index.relationshipTypesForTerm('flew'), []);
  assert.equal(normaliseTerm('  Has_IMDB-rating '), 'has imdb rating');
});

test('endpoint checks know the stored direction', () => {
  assert.deepEqual(index.endpointFit('directed_by', 'Movie', 'Person', true), { kind: 'fits' });
  assert.deepEqual(index.endpointFit('directed_by', 'Person', 'Movie', true), { kind: 'reversed' });
  assert.deepEqual(index.endpointFit('directed_by', 'Person', 'Movie', false), { kind: 'fits' });
  assert.deepEqual(index.endpointFit('directed_by', undefined, 'Person', true), { kind: 'fits' });
  assert.deepEqual(index.endpointFit('directed_by', 'Movie', 'Year', false), { kind: 'mismatch', expected: [{ from: 'Movie', to: 'Person' }] });
  assert.deepEqual(index.endpointFit('nope', 'Movie', 'Person', true), { kind: 'unknownType' });
  assert.deepEqual(index.typesBetween('Movie', 'Year'), [{ type: 'release_year', direction: 'forward' }]);
  assert.deepEqual(index.typesBetween('Person', 'Movie').map((t) => t.type).sort(), ['directed_by', 'starred_actors', 'written_by']);
  assert.ok(index.typesBetween('Person', 'Movie').every((t) => t.direction === 'backward'));
  assert.equal(index.endpointTriples().length, 9);
  assert.ok(index.hasProperty('name', 'Genre'));
  assert.ok(!index.hasProperty('title', 'Movie'));
  assert.ok(index.hasProperty('name'));
});

test('alias conflicts: within labels or within relationship types, not across', () => {
  assert.deepEqual(aliasConflicts(movies), [], 'the sample has none');
  const s = buildGraphSchema(
    [
      { name: 'Movie', properties: ['name'], aliases: ['film', 'rating'] },
      { name: 'Person', properties: ['name', 'born'], aliases: ['Film'] },
    ],
    [
      { name: 'directed_by', endpoints: [], properties: [], aliases: ['directs', 'rating', 'directed by'] },
      { name: 'DIRECTS', endpoints: [], properties: ['since'] },
    ],
  );
  assert.deepEqual(s.propertyKeys, ['born', 'name', 'since']);
  const c = aliasConflicts(s);
  assert.deepEqual(c.map((x) => [x.term, x.owners.map((o) => `${o.kind}:${o.name}:${o.via}:${o.index}`)]), [
    ['film', ['label:Movie:alias:0', 'label:Person:alias:0']],
    ['directs', ['relationshipType:DIRECTS:name:-1', 'relationshipType:directed_by:alias:0']],
  ]);
});

test('addAliasToKgschema: adds an alias keeping the formatting; refuses conflicts', () => {
  const text = readFileSync(join(__dirname, '../../../samples/movies/movies.kgschema.json'), 'utf8');
  const r = addAliasToKgschema(text, { kind: 'relationshipType', name: 'written_by', alias: 'penned' });
  assert.ok(r.ok);
  if (!r.ok) return;
  const again = parseSchemaFile(r.newText, 'm.kgschema.json');
  assert.deepEqual(again.diagnostics, []);
  assert.deepEqual(again.schema!.relationshipTypes.find((t) => t.name === 'written_by')!.aliases!.at(-1), 'penned');
  // Only the one array changed: every other line is as it was.
  const before = text.split('\n');
  const after = r.newText.split('\n');
  assert.equal(after.length, before.length);
  assert.deepEqual(after.filter((l, i) => l !== before[i]).length, 1);
  // Applying the returned edits to the text gives the same result.
  const li = new LineIndex(text);
  let applied = text;
  for (const e of [...r.edits].reverse()) applied = applied.slice(0, li.offsetAt(e.range.start)) + e.newText + applied.slice(li.offsetAt(e.range.end));
  assert.equal(applied, r.newText);
  // A label without aliases gets the array.
  const bare = '{\n  "labels": {\n    "Movie": { "properties": ["name"] }\n  },\n  "relationshipTypes": {}\n}\n';
  const r2 = addAliasToKgschema(bare, { kind: 'label', name: 'Movie', alias: 'film' });
  assert.ok(r2.ok && parseSchemaFile(r2.newText, 'x.kgschema.json').schema!.labels[0]!.aliases!.includes('film'));
  // Refusals.
  const refuse = (req: Parameters<typeof addAliasToKgschema>[1]) => {
    const x = addAliasToKgschema(text, req);
    return x.ok ? 'ok' : x.reason;
  };
  assert.match(refuse({ kind: 'relationshipType', name: 'written_by', alias: 'directed' }), /already belongs to relationship type directed_by/);
  assert.match(refuse({ kind: 'relationshipType', name: 'written_by', alias: 'Written-By' }), /already names/);
  assert.match(refuse({ kind: 'label', name: 'Spaceship', alias: 'x' }), /no label "Spaceship"/);
  assert.match(refuse({ kind: 'label', name: 'Movie', alias: '  ' }), /empty/);
  assert.match(refuse({ kind: 'relationshipType', name: 'written_by', alias: 'WROTE' }), /already an alias of written_by/);
  assert.match(addAliasToKgschema('{', { kind: 'label', name: 'Movie', alias: 'x' }).ok ? '' : 'refused', /refused/);
  // Across vocabularies is fine: "directed" as a label alias.
  assert.equal(refuse({ kind: 'label', name: 'Person', alias: 'directed' }), 'ok');
});
