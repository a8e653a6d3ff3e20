import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFewShotFile, detectFormat, FEWSHOT_CODES, readFewShot } from '../../../src/core/fewshot';
import { covered, fixture, linesOf } from './helpers';

test('MoR prompt: entity-type list declared in the prompt, template not read as an example', () => {
  const f = fixture('planner.prompt.md');
  assert.equal(detectFormat(f.path, f.text), 'mor-prompt');
  const doc = readFewShot(f.path, f.text)!;
  assert.deepEqual(doc.examples.map((e) => e.number), [1, 2, 3]);
  assert.equal(doc.declaredSchema?.kind, 'entity-types');
  if (doc.declaredSchema?.kind === 'entity-types') assert.deepEqual(doc.declaredSchema.types.map((t) => t.value), ['author', 'institution', 'paper']);
  const first = doc.examples[0]!.output;
  assert.equal(first?.kind === 'mor' ? first.metapath?.value : undefined, 'institution -> author -> paper');
});

test('MoR prompt: unknown category, restriction key absent from the metapath, malformed metapath, answer before its header', () => {
  const f = fixture('planner.prompt.md');
  const ds = checkFewShotFile(f.path, f.text);
  const cat = ds.find((d) => d.code === FEWSHOT_CODES.unknownCategory)!;
  assert.equal(cat.range.start.line + 1, 24);
  assert.equal(covered(f.text, cat), 'venue');
  const key = ds.find((d) => d.code === 'mor-restriction-unknown-key')!;
  assert.equal(key.range.start.line + 1, 25);
  assert.match(key.message, /"field"/);
  assert.equal(covered(f.text, key), '["machine learning"]');
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.blockOutOfPlace), [29]);
  const bad = ds.find((d) => d.code === 'mor-malformed-metapath')!;
  assert.equal(bad.range.start.line + 1, 32);
  assert.equal(covered(f.text, bad), ',');
  // Example 1 is clean.
  assert.ok(!ds.some((d) => d.range.start.line + 1 >= 12 && d.range.start.line + 1 <= 18));
});

test('MoR prompt without a list: the configured schema applies', () => {
  const f = fixture('planner.prompt.md');
  const noList = f.text.replace(/Entity Type List:\n(- .*\n)+/, '');
  const schema = { labels: [{ name: 'author', properties: [] }, { name: 'paper', properties: [] }], relationshipTypes: [{ name: 'writes', endpoints: [{ from: 'author', to: 'paper' }], properties: [] }], propertyKeys: [] };
  const ds = checkFewShotFile(f.path, noList, { schema });
  const cats = ds.filter((d) => d.code === FEWSHOT_CODES.unknownCategory).map((d) => covered(noList, d));
  assert.deepEqual(cats.sort(), ['institution', 'venue']);
  assert.deepEqual(checkFewShotFile(f.path, noList).filter((d) => d.code === FEWSHOT_CODES.unknownCategory), []);
});

test('MoR triplet prompt: reversed triplet and unknown triplet against the declared list', () => {
  const f = fixture('triplets.prompt.md');
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.tripletDirection), [12]);
  const unknown = ds.find((d) => d.code === FEWSHOT_CODES.unknownTriplet)!;
  assert.equal(covered(f.text, unknown), '"treats"');
  assert.equal(ds.filter((d) => d.severity === 'error').length, 1);
});

test('MoR JSON training set: malformed metapath at its line, with the example number', () => {
  const f = fixture('plans.json');
  assert.equal(detectFormat(f.path, f.text), 'mor-json');
  const ds = checkFewShotFile(f.path, f.text);
  assert.equal(ds.length, 1);
  assert.equal(ds[0]!.code, 'mor-malformed-metapath');
  assert.equal(ds[0]!.range.start.line + 1, 12);
  assert.match(ds[0]!.message, /^Example 2 \(index 1\):/);
});
