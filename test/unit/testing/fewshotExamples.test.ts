import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { plannerExamplesFromFile, plannerExamplesFromKgp } from '../../../src/core/llm/fewshotExamples';

const fixtures = resolve(__dirname, '../fewshot/fixtures');
const read = (name: string) => readFileSync(resolve(fixtures, name), 'utf8');

test('planner examples from our own few-shot format: readable plans only, questions kept', () => {
  const examples = plannerExamplesFromFile('plans.fewshot.json', read('plans.fewshot.json'));
  assert.ok(examples);
  // The second example's plan has a syntax error but still yields a pattern, or is left out; the first is intact.
  assert.equal(examples[0]!.question, 'who directed Heat');
  assert.equal(examples[0]!.plan.nodes.find((n) => n.id === 'm')?.text?.value, 'Heat');
  assert.ok(examples.every((e) => e.plan.nodes.length > 0));
});

test('planner examples from a SimGRAG prompt: each query with its pattern graph', () => {
  const examples = plannerExamplesFromFile('patterns.prompt.txt', read('patterns.prompt.txt'));
  assert.ok(examples && examples.length >= 3, `got ${examples?.length}`);
  assert.equal(examples[0]!.question, 'who directed the film The Vow');
  assert.ok(examples[0]!.plan.nodes.some((n) => n.text?.value === 'The Vow'));
});

test('planner examples from .kgp text: plans with a question and a pattern; other files are not guessed', () => {
  const text = 'plan a { question "who directed [Heat]" match (m: Movie "Heat") -[directed by]-> (d: Person) return d }\nplan b { match (m: Movie) return m }\nplan c { question "empty" }';
  assert.deepEqual(plannerExamplesFromKgp(text).map((e) => e.question), ['who directed [Heat]']);
  assert.equal(plannerExamplesFromFile('notes.txt', 'just some notes'), undefined);
});
