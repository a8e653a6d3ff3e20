import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFewShotFile, executeExamples, FEWSHOT_CODES, readFewShot } from '../../../src/core/fewshot';
import { covered, fixture, linesOf } from './helpers';

test('the JSON Schema itself compiles and accepts the fixtures that should pass', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'schemas', 'fewshot.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true }).compile(schema);
  assert.equal(validate(JSON.parse(fixture('cypher.fewshot.json').text)), true);
  assert.equal(validate({ target: 'sql', examples: [] }), false);
});

test('YAML: schema violations at the offending key, placeholders, shapes from the file', () => {
  const f = fixture('questions.fewshot.yaml');
  const ds = checkFewShotFile(f.path, f.text);
  const extra = ds.find((d) => d.code === FEWSHOT_CODES.fileSchema && /outputs/.test(d.message))!;
  assert.equal(extra.range.start.line + 1, 16);
  assert.equal(covered(f.text, extra), 'outputs');
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.fileSchema && /required property 'output'/.test(d.message)));
  const ph = ds.filter((d) => d.code === FEWSHOT_CODES.placeholderMissing);
  assert.deepEqual(ph.map((d) => /SCHEMA/.test(d.message)), [true]);
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.shapeMissing && /2-hop/.test(d.message)));
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.shotCount), []);
});

test('JSON lines: settings line, a MoR output written as text and one as an object', () => {
  const f = fixture('plans.fewshot.jsonl');
  const doc = readFewShot(f.path, f.text)!;
  assert.equal(doc.target, 'mor');
  assert.equal(doc.examples.length, 2);
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.duplicateExample), [3]);
  const key = ds.find((d) => d.code === 'mor-restriction-unknown-key')!;
  assert.equal(key.range.start.line + 1, 3);
  assert.match(key.message, /"colour"/);
  assert.equal(covered(f.text, key), '["red"]');
  const text = f.text.replace('brand -> product\\nRestriction', 'brand -> product -> \\nRestriction');
  const bad = checkFewShotFile(f.path, text).find((d) => d.code === 'mor-malformed-metapath')!;
  assert.equal(bad.range.start.line + 1, 2);
});

test('execute mode: expected answers that the runner does not retrieve', async () => {
  const f = fixture('questions.fewshot.yaml');
  const doc = readFewShot(f.path, f.text)!;
  const missing = await executeExamples(f.text, doc, { runPlan: async () => ['Someone Else'] });
  assert.deepEqual(missing.map((d) => [d.code, d.range.start.line + 1]), [[FEWSHOT_CODES.expectNotRetrieved, 14]]);
  const found = await executeExamples(f.text, doc, { runPlan: async (plan) => (plan.nodes.some((n) => n.text?.value === 'Heat') ? ['michael mann '] : []) });
  assert.deepEqual(found, []);
});

test('unknown files and garbage never throw', () => {
  assert.equal(checkFewShotFile('notes.txt', 'hello')[0]?.code, FEWSHOT_CODES.unknownFormat);
  for (const [name, text] of [['a.fewshot.json', '{"target": "simgrag", "examples": [{"question": "q", "output": {"graph": [[1,'], ['b.csv', 'question,cypher\n"unterminated'], ['c.fewshot.yaml', 'target: [\n'], ['d.json', '[{"query": "q", "answer": {"Metapath": 3}}]']] as const) {
    const ds = checkFewShotFile(name, text);
    assert.ok(Array.isArray(ds) && ds.length > 0, name);
  }
});

test('kgp outputs are parsed by the DSL parser; its findings land inside the JSON string', () => {
  const f = fixture('plans.fewshot.json');
  const doc = readFewShot(f.path, f.text)!;
  assert.equal(doc.target, 'kgp');
  const first = doc.examples[0]!.output;
  assert.equal(first?.kind === 'kgp' ? first.plans.length : -1, 1);
  const ds = checkFewShotFile(f.path, f.text);
  const syntax = ds.filter((d) => d.code.startsWith('KGP'));
  assert.ok(syntax.length > 0);
  assert.ok(syntax.every((d) => d.range.start.line + 1 === 12), JSON.stringify(syntax));
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.shapeCoverage && /1-hop: 1 \(1\)/.test(d.message)));
});

test('kgp outputs are checked against the schema by the plan checker, at the right characters', () => {
  const f = fixture('plans.fewshot.json');
  const schema = { labels: [{ name: 'Movie', properties: ['name'] }, { name: 'Person', properties: ['name'] }], relationshipTypes: [{ name: 'directed_by', endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] }], propertyKeys: ['name'] };
  const text = f.text.replace('(m: Movie \\"Heat\\")', '(m: Film \\"Heat\\")');
  const ds = checkFewShotFile(f.path, text, { schema });
  const cat = ds.find((d) => d.code === 'KGP300')!;
  assert.equal(cat.range.start.line + 1, 7);
  assert.equal(covered(text, cat), 'Film');
  assert.deepEqual(checkFewShotFile(f.path, f.text, { schema }).filter((d) => d.code === 'KGP300'), []);
});

test('MoR outputs inside JSON strings: every character of a located value maps to its file offset, with and without escapes', () => {
  // Keys and the metapath are located through two maps (the output string's, then the value's own);
  // values without an escape take a short path, so both kinds are checked character by character.
  const text = '{"target": "mor", "examples": [{"question": "socks of brand 1", "output": "Metapath: brand -> product\\nRestriction: {\\"brand\\": [\\"B\\"], \\"c\\u0061t\\": [\\"x\\"]}"}]}';
  const doc = readFewShot('m.fewshot.json', text)!;
  const out = doc.examples[0]!.output;
  assert.ok(out?.kind === 'mor');
  const at = (l: { value: string; span: { start: number }; map?: (i: number) => number }, i: number): number => (l.map ? l.map(i) : l.span.start + i);
  const [brand, cat] = out.restrictionKeys;
  assert.deepEqual([brand!.value, cat!.value], ['brand', 'cat']);
  for (let i = 0; i < 5; i++) assert.equal(text[at(brand!, i)], 'brand'[i]);
  assert.equal(at(brand!, 5), text.indexOf('\\"brand\\"') + 7, 'the offset just past the value is the closing escape');
  assert.equal(text.slice(at(cat!, 0), at(cat!, 1)), 'c');
  assert.equal(text.slice(at(cat!, 1), at(cat!, 2)), '\\u0061');
  assert.equal(text[at(cat!, 2)], 't');
  const mp = out.metapath!;
  assert.equal(text.slice(at(mp, 0), at(mp, mp.value.length)), 'brand -> product');
  assert.equal(text.slice(out.categories[1]!.span.start, out.categories[1]!.span.end), 'product');
});
