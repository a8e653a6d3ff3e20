import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFewShotFile, detectFormat, FEWSHOT_CODES } from '../../../src/core/fewshot';
import { covered, fixture, linesOf, shared, SKIP_SHARED } from './helpers';

test('SimGRAG answer prompt: evidence numbering, evidence format, answers citing missing graphs, a character-rendered template', () => {
  const f = fixture('answer.prompt.txt');
  assert.equal(detectFormat(f.path, f.text), 'simgrag-answer');
  const ds = checkFewShotFile(f.path, f.text, { shots: 2 });
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.numbering), [6]);
  const format = ds.filter((d) => d.code === FEWSHOT_CODES.evidenceFormat);
  assert.deepEqual(format.map((d) => d.range.start.line + 1), [10, 15]);
  assert.equal(covered(f.text, format[0]!), "[('Kismet', 'in_language')]");
  assert.match(format[1]!.message, /"\{\{G\}\}"/);
  const cite = ds.find((d) => d.code === FEWSHOT_CODES.answerReference)!;
  assert.equal(cite.range.start.line + 1, 11);
  assert.equal(covered(f.text, cite), '[2]');
  assert.deepEqual(linesOf(ds, FEWSHOT_CODES.shotCount), []);
});

test('SimGRAG answer prompt (real): its task line renders {{RETRIEVED SUBGRAPHS}} one character per graph; the examples are clean', (t) => {
  const f = shared('fewshot/simgrag/answer_metaQA.prompt.txt');
  const j = shared('fewshot/simgrag/answer_metaQA.examples.json');
  if (!f || !j) return t.skip(SKIP_SHARED);
  const ds = checkFewShotFile(f.path, f.text);
  assert.deepEqual(ds.map((d) => [d.code, d.range.start.line + 1]), [[FEWSHOT_CODES.evidenceFormat, 62]]);
  assert.match(ds[0]!.message, /RETRIEVED SUBGRAPHS/);
  assert.deepEqual(checkFewShotFile(j.path, j.text), []);
});
