import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFewShotFile, detectFormat, FEWSHOT_CODES, readFewShot } from '../../../src/core/fewshot';
import { covered, fixture, linesOf } from './helpers';

const prompt = fixture('patterns.prompt.txt');
const diags = checkFewShotFile(prompt.path, prompt.text);

test('SimGRAG prompt: detected, numbered examples read with questions and outputs', () => {
  assert.equal(detectFormat(prompt.path, prompt.text), 'simgrag-prompt');
  const doc = readFewShot(prompt.path, prompt.text)!;
  assert.deepEqual(doc.examples.map((e) => e.number), [1, 2, 3, 4, 5, 6]);
  assert.equal(doc.examples[0]!.question?.value, 'who directed the film The Vow');
  const out = doc.examples[3]!.output;
  assert.equal(out?.kind, 'simgrag');
  if (out?.kind === 'simgrag') {
    assert.equal(out.triples.length, 3);
    assert.equal(prompt.text.slice(out.triples[1]!.relation.span.start, out.triples[1]!.relation.span.end), "'acter of'");
  }
});

test('unknowns: misspelled UNKNOWN and UNKNOWN without id, at the exact string', () => {
  const misspelled = diags.find((d) => d.code === 'simgrag-misspelled-unknown')!;
  assert.equal(misspelled.range.start.line + 1, 14);
  assert.equal(covered(prompt.text, misspelled), 'UNKOWN');
  const noId = diags.find((d) => d.code === 'simgrag-unknown-without-id')!;
  assert.equal(noId.range.start.line + 1, 32);
  assert.match(covered(prompt.text, noId), /UNKNOWN person/);
});

test('one id for two things: an unknown at both ends of a triple', () => {
  const d = diags.find((x) => x.code === FEWSHOT_CODES.unknownIdReuse)!;
  assert.equal(d.range.start.line + 1, 26);
  assert.match(covered(prompt.text, d), /UNKNOWN actor 1/);
});

test('structure: disconnected pattern, duplicate edge, stop-word relation', () => {
  assert.deepEqual(linesOf(diags, FEWSHOT_CODES.disconnected), [14, 38]);
  const dup = diags.find((d) => d.code === FEWSHOT_CODES.duplicateEdge)!;
  assert.equal(dup.range.start.line + 1, 20);
  assert.equal(covered(prompt.text, dup), "('Kismet', 'have genre', 'UNKNOWN genre 1')");
  const stop = diags.find((d) => d.code === FEWSHOT_CODES.stopWordRelation)!;
  assert.equal(covered(prompt.text, stop), "'in'");
});

test('types: a node the example calls a film used as a director', () => {
  const d = diags.find((x) => x.code === FEWSHOT_CODES.typeConflict)!;
  assert.equal(d.range.start.line + 1, 32);
  assert.equal(covered(prompt.text, d), "'Heat'");
  assert.match(d.message, /director.*film/);
});

test('relation typo next to a word another example uses', () => {
  const d = diags.find((x) => x.code === FEWSHOT_CODES.relationTypo)!;
  assert.equal(d.range.start.line + 1, 26);
  assert.equal(covered(prompt.text, d), 'acter');
  assert.match(d.message, /"actor"/);
});

test('file level: duplicated example, shot count (default 12 and configured), placeholders', () => {
  assert.deepEqual(linesOf(diags, FEWSHOT_CODES.duplicateExample), [35]);
  assert.deepEqual(linesOf(diags, FEWSHOT_CODES.shotCount), [3]);
  assert.match(diags.find((d) => d.code === FEWSHOT_CODES.shotCount)!.message, /6 examples.*12/);
  assert.deepEqual(linesOf(checkFewShotFile(prompt.path, prompt.text, { shots: 6 }), FEWSHOT_CODES.shotCount), []);
  assert.deepEqual(linesOf(diags, FEWSHOT_CODES.placeholderMissing), []);
  const required = checkFewShotFile(prompt.path, prompt.text, { placeholders: ['QUERY'] });
  assert.deepEqual(linesOf(required, FEWSHOT_CODES.placeholderMissing), [41]);
  const noPlaceholder = prompt.text.replace("'{{QUESTION}}'", "'the question'");
  assert.deepEqual(linesOf(checkFewShotFile(prompt.path, noPlaceholder), FEWSHOT_CODES.placeholderMissing), [41]);
});

test('coverage of pattern shapes, with a warning for each expected shape that is absent', () => {
  const info = diags.find((d) => d.code === FEWSHOT_CODES.shapeCoverage)!;
  assert.match(info.message, /1-hop: 1 \(1\)/);
  assert.match(info.message, /2-hop: 3 \(3, 4, 5\)/);
  assert.ok(diags.some((d) => d.code === FEWSHOT_CODES.shapeMissing && /3-hop/.test(d.message)));
  const star = checkFewShotFile(prompt.path, prompt.text, { expectShapes: ['1-hop', '3-hop-star'] });
  assert.deepEqual(star.filter((d) => d.code === FEWSHOT_CODES.shapeMissing).map((d) => /3-hop-star/.test(d.message)), [true]);
});

test('an output block outside any example is out of place; a missing output is reported', () => {
  const moved = prompt.text.replace("1. query: 'who directed the film The Vow'\n", '').replace('Examples)\n', "Examples)\n\n1. query: 'who directed the film The Vow'\n\nsome words\n");
  const ds = checkFewShotFile(prompt.path, moved);
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.missingOutput && d.range.start.line + 1 === 5));
  assert.ok(ds.some((d) => d.code === FEWSHOT_CODES.blockOutOfPlace));
});

test('SimGRAG JSON examples: bad triple at its line, no known node', () => {
  const f = fixture('patterns.examples.json');
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(linesOf(ds, 'simgrag-bad-triple'), [14]);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.noKnownNode), [9]);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.shotCount), [2]);
});

test('a Python tuple that does not parse is reported at the exact place', () => {
  const broken = prompt.text.replace("('UNKNOWN director 1', 'director of', 'The Vow')]\n}\n\n2.", "('UNKNOWN director 1', 'director of' 'The Vow')]\n}\n\n2.");
  const ds = checkFewShotFile(prompt.path, broken);
  const d = ds.find((x) => x.code.startsWith('literal-') || x.code === 'simgrag-bad-triple');
  assert.ok(d, 'a parse finding');
  assert.equal(d!.range.start.line + 1, 8);
});

test('a prompt kept in a .py file is read like the text prompt', () => {
  const f = fixture('rewrite_prompt.py');
  const ds = checkFewShotFile(f.path, f.text, { shots: 2 });
  assert.deepEqual(linesOf(ds, 'simgrag-bad-triple'), [15]);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.placeholderMissing), []);
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.shotCount), []);
  assert.equal(readFewShot(f.path, f.text)!.examples.length, 2);
});
