import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFewShotFile } from '../../../src/core/fewshot/check';
import { detectFormat } from '../../../src/core/fewshot/detect';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { STEM_CODES, parseAssertionOutput, parseTripleOutput, planningGraphFromStem } from '../../../src/core/plan/stem';
import { readRunInputs } from '../../../src/core/retrieve/inputs';
import { covered, fixture } from './helpers';

const schemaPath = join(__dirname, '../../../samples/movies/movies.kgschema.json');
const schema = parseSchemaFile(readFileSync(schemaPath, 'utf8'), schemaPath).schema!;

test('P1 and P2 outputs parse, the paper\'s unbalanced parenthesis included', () => {
  assert.deepEqual(parseAssertionOutput('(ENT1 is the mascot of Clutch the Bear, [ENT1]\'s arena stadium is [ENT2]), Breadth)'), { assertions: ['ENT1 is the mascot of Clutch the Bear', "[ENT1]'s arena stadium is [ENT2]"], strategy: 'Breadth' });
  assert.deepEqual(parseAssertionOutput('("A, with a comma", "B"), Precision').assertions, ['A, with a comma', 'B']);
  assert.deepEqual(parseTripleOutput('[ ("Darryl Sutter", ice_hockey.hockey_player.hockey_position, [ENT1]), ]').triples, [['Darryl Sutter', 'ice_hockey.hockey_player.hockey_position', '[ENT1]']]);
  assert.match(parseTripleOutput('[ (a, b) ]').problem ?? '', /2 parts, not 3/);
  assert.match(parseAssertionOutput('no parentheses at all').problem ?? '', /Strategy/);
});

test('STEM planning output imports into the IR: placeholders are unknowns, the chain end the target, Breadth → breadth', () => {
  const r = planningGraphFromStem({
    query: 'Where is the arena stadium of the team whose mascot is Clutch the Bear?',
    assertions: "([ENT1]'s mascot is Clutch the Bear, [ENT1]'s arena stadium is [ENT2]), Breadth)",
    triples: '[ ([ENT1], sports.sports_team.team_mascot, Clutch the Bear), ([ENT1], sports.sports_team.arena_stadium, [ENT2]), ]',
  });
  assert.deepEqual(r.diagnostics, []);
  const p = r.plan!;
  assert.deepEqual(p.nodes, [{ id: 'ENT1' }, { id: 'Clutch_the_Bear', text: { kind: 'soft', value: 'Clutch the Bear' } }, { id: 'ENT2' }]);
  assert.deepEqual(p.edges.map((e) => [e.source, e.relation, e.target]), [
    ['ENT1', { kind: 'phrase', value: 'sports.sports_team.team_mascot' }, 'Clutch_the_Bear'],
    ['ENT1', { kind: 'phrase', value: 'sports.sports_team.arena_stadium' }, 'ENT2'],
  ]);
  assert.deepEqual(p.targets, ['ENT2']);
  assert.equal(p.strategy.kind === 'stem' && p.strategy.mode, 'breadth');
});

test('kgrag run reads STEM objects in JSON and JSON lines beside SimGRAG patterns', () => {
  const lines = [
    JSON.stringify({ id: 'a', assertions: ['Heat is directed by [ENT1]'], triples: [['Heat', 'directed_by', '[ENT1]']], strategy: 'Precision' }),
    JSON.stringify({ id: 'b', query: 'q', graph: [['Heat', 'directed_by', 'UNKNOWN Person 1']] }),
    JSON.stringify({ id: 'c', assertions: ['x'], triples: [['[ENT1]', 'r', '[ENT1]']] }),
  ].join('\n');
  const r = readRunInputs('in.jsonl', lines);
  assert.deepEqual(r.inputs.map((i) => [i.id, i.plan.strategy.kind]), [['a', 'stem'], ['b', 'gsd']]);
  // Line 3: [ENT1] at both ends, and not copied from assertion "x": every problem on line 3.
  assert.ok(r.problems.length >= 1 && r.problems.every((p) => p.line === 3));
  assert.ok(r.problems.some((p) => /distinct entities need distinct placeholders/.test(p.message)));
});

test('STEM few-shot file: detected, and a good file has no errors', () => {
  const f = fixture('stem.examples.json');
  assert.equal(detectFormat(f.path, f.text), 'stem-json');
  const ds = checkFewShotFile(f.path, f.text, { schema });
  assert.deepEqual(ds.filter((d) => d.severity === 'error'), []);
});

test('STEM few-shot checks land on the exact value: counts, verbatim placeholders, strategy, schema relations', () => {
  const f = fixture('stem.bad.examples.json');
  const ds = checkFewShotFile(f.path, f.text, { schema });
  const at = (code: string): string[] => ds.filter((d) => d.code === code).map((d) => covered(f.text, d));
  assert.equal(at(STEM_CODES.countMismatch).length, 1); // example 1: 2 assertions, 1 triple
  assert.deepEqual(at(STEM_CODES.badStrategy), ['"Precise"']);
  assert.match(ds.find((d) => d.code === STEM_CODES.badStrategy)!.message, /did you mean Precision/);
  const rel = ds.find((d) => d.code === STEM_CODES.unknownRelation)!;
  assert.equal(covered(f.text, rel), '"director"');
  assert.match(rel.message, /nearest: .*directed_by/);
  // Example 2: [ENT2] is not in assertion 2 (which has [ENT1], [ENT3]); [ENT3] at both ends; [ent4] malformed.
  assert.deepEqual(at(STEM_CODES.placeholderNotCopied), ['"[ENT2]"']);
  assert.match(ds.find((d) => d.code === STEM_CODES.placeholderNotCopied)!.message, /which has \[ENT1\], \[ENT3\]/);
  assert.equal(at(STEM_CODES.samePlaceholderTwice).length, 1);
  assert.deepEqual(at(STEM_CODES.malformedPlaceholder), ['[ent4]']);
  assert.ok(ds.every((d) => /^Example \d/.test(d.message) || d.severity === 'info'));
});
