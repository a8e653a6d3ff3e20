// Format readers and CSV parsing: pure functions, no engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField } from '../../../src/core/graph/import/csv';
import { csvRecords } from '../../../src/core/csv';

const parseCsv = (text: string) => [...csvRecords(text)].map((r) => ({ line: r.line, fields: r.fields.map((f) => f.value), error: r.problems[0]?.message }));
import { formatFromPath, readCsv, readJsonl, readTriples } from '../../../src/core/graph/import/readers';
import { parseTypingRules } from '../../../src/core/graph/import/typing';

test('triples: good lines become edges, bad ones are reported with their line numbers', () => {
  const text = ['The Vow|directed_by|Michael Sucsy', 'only|two', '', 'a|b|c|d', '|starred_actors|X', 'Kismet|release_year|1955'].join('\n');
  const r = readTriples(text, 'kb.txt', '|');
  assert.equal(r.records.length, 2);
  assert.deepEqual(
    r.bad.map((b) => [b.line, b.message]),
    [
      [2, 'expected head|relation|tail, found 2 fields'],
      [4, 'expected head|relation|tail, found 4 fields'],
      [5, 'empty head'],
    ],
  );
  assert.equal(r.records[1]?.line, 6);
});

test('TSV triples split on tabs only', () => {
  const r = readTriples('a b\tr\tc|d\nx\ty\n', 'f.tsv', '\t');
  assert.equal(r.records.length, 1);
  const e = r.records[0]!;
  assert.ok(e.kind === 'edge' && e.source.ref === 'a b' && e.target.ref === 'c|d');
  assert.equal(r.bad[0]?.line, 2);
});

test('CSV: quoted commas, doubled quotes and line breaks; the line a record starts on', () => {
  const rows = parseCsv('name,label\n"a, b",X\n"say ""hi""",Y\n"two\nlines",Z\n"open,W\n');
  assert.deepEqual(rows[1]?.fields, ['a, b', 'X']);
  assert.deepEqual(rows[2]?.fields, ['say "hi"', 'Y']);
  assert.deepEqual(rows[3]?.fields, ['two\nlines', 'Z']);
  assert.equal(rows[4]?.line, 6);
  assert.equal(rows[4]?.error, 'a quoted field is not closed before the end of the file');
  for (const v of ['plain', 'a,b', 'q"q', 'x\ny', '']) assert.deepEqual(parseCsv(csvField(v) + ',z')[0]?.fields, [v, 'z']);
});

test('node CSV and edge CSV are told apart by their header; field-count errors are reported', () => {
  const nodes = readCsv('id,label,name,born\n1,Person,Ada,1815\n2,Person,,1900\n3,Movie,Film\n', 'nodes.csv');
  assert.equal(nodes.records.length, 1);
  assert.deepEqual(nodes.records[0], { kind: 'node', line: 2, name: 'Ada', label: 'Person', id: '1', properties: { born: '1815' } });
  assert.deepEqual(nodes.bad.map((b) => [b.line, b.message]), [
    [3, 'empty name'],
    [4, 'expected 4 fields as in the header, found 3'],
  ]);
  const edges = readCsv('source,type,target,source_label\n1,knows,2,Person\n1,,2,\n', 'edges.csv');
  assert.equal(edges.records.length, 1);
  assert.deepEqual(edges.records[0], { kind: 'edge', line: 2, source: { ref: '1', label: 'Person' }, target: { ref: '2' }, type: 'knows' });
  assert.equal(edges.bad[0]?.line, 3);
  const neither = readCsv('foo,bar\n1,2\n', 'x.csv');
  assert.equal(neither.records.length, 0);
  assert.equal(neither.bad[0]?.line, 1);
});

test('JSON lines: triples, nodes and edges; invalid JSON and unknown shapes are bad lines', () => {
  const text = [
    '{"head":"The Vow","relation":"directed_by","tail":"Michael Sucsy"}',
    '{"name":"Ada","label":"Person","id":"p1","properties":{"born":1815}}',
    '{"source":"p1","target":"The Vow","type":"likes"}',
    '{not json',
    '[1,2]',
    '{"foo":1}',
    '{"head":"","relation":"r","tail":"t"}',
  ].join('\n');
  const r = readJsonl(text, 'g.jsonl');
  assert.deepEqual(r.records.map((x) => x.kind), ['edge', 'node', 'edge']);
  assert.deepEqual(r.records[1], { kind: 'node', line: 2, name: 'Ada', label: 'Person', id: 'p1', properties: { born: '1815' } });
  assert.deepEqual(r.bad.map((b) => b.line), [4, 5, 6, 7]);
  assert.match(r.bad[0]!.message, /^not JSON/);
});

test('format from the file name; typing rules parse or explain what is wrong', () => {
  assert.equal(formatFromPath('kb.txt'), 'triples');
  assert.equal(formatFromPath('a.CSV'), 'csv');
  assert.equal(formatFromPath('a.ndjson'), 'jsonl');
  assert.equal(formatFromPath('a.tsv'), 'tsv');
  const rules = parseTypingRules('{"heads":{"wrote":"Author"},"tails":{"wrote":"Book"},"defaultLabel":"Thing"}');
  assert.deepEqual(rules, { heads: { wrote: 'Author' }, tails: { wrote: 'Book' }, defaultLabel: 'Thing' });
  assert.equal(typeof parseTypingRules('{"heads":{"wrote":3}}'), 'string');
  assert.equal(typeof parseTypingRules('nope'), 'string');
});
