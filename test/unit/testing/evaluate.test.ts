import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { discoverPlanTests, erroredPlanTest, evaluatePlanTest, normalizeAnswer, summarizePlanTests, summaryLine } from '../../../src/core/testing';

function plan(text: string): PlanningGraph {
  const [p] = toPlanningGraphs(parseDocument(text).document);
  assert.ok(p);
  return p;
}

function result(p: PlanningGraph, values: string[], strategy: RetrievalResult['strategy'] = p.strategy.kind): RetrievalResult {
  return {
    id: p.name,
    plan: p.name,
    strategy,
    store: { kind: 'embedded', description: 'test' },
    answers: values.map((value, i) => ({ value, score: i })),
    subgraphs: [],
    timings: { totalMs: 1 } as RetrievalResult['timings'],
    stats: {},
  };
}

const langs = plan(`plan langs { match (m: Movie "The Vow") -[in language]-> (l: Language) return l expect "English", "French" }`);

test('passes only when every expected answer is retrieved; ranks, Hits@1, Hits@k and recall', () => {
  const pass = evaluatePlanTest(langs, result(langs, ['French', 'German', 'english']));
  assert.equal(pass.status, 'passed');
  assert.deepEqual(pass.found, [{ value: 'English', rank: 3 }, { value: 'French', rank: 1 }]);
  assert.equal(pass.hitsAt1, 1);
  assert.equal(pass.hitsAtK, 1);
  assert.equal(pass.recall, 1);
  assert.equal(pass.k, 3);

  const partial = evaluatePlanTest(langs, result(langs, ['German', 'English']));
  assert.equal(partial.status, 'failed');
  assert.deepEqual(partial.missing, ['French']);
  assert.equal(partial.hitsAt1, 0);
  assert.equal(partial.hitsAtK, 1);
  assert.equal(partial.recall, 0.5);
  assert.match(partial.message, /missing "French" among the top 2 answer\(s\): "German", "English"/);

  const none = evaluatePlanTest(langs, result(langs, []));
  assert.equal(none.status, 'failed');
  assert.equal(none.hitsAtK, 0);
  assert.match(none.message, /answer\(s\): none/);
});

test('mor plans are judged on their top k answers; an explicit k overrides', () => {
  const mor = plan(`plan g { match (p: Person "Nolan") <-[directed by]- (f: Movie) -[has genre]-> (g: Genre) return g expect "Drama" using mor(k: 2) }`);
  const r = result(mor, ['Thriller', 'Mystery', 'Drama']);
  const o = evaluatePlanTest(mor, r);
  assert.equal(o.k, 2);
  assert.deepEqual(o.answers, ['Thriller', 'Mystery']);
  assert.equal(o.status, 'failed');
  assert.equal(evaluatePlanTest(mor, r, { k: 3 }).status, 'passed');
});

test('answers compare by NFC, case and inner whitespace, nothing looser', () => {
  assert.equal(normalizeAnswer('  Am\u0065\u0301lie  The\tFilm '), normalizeAnswer('amélie the film'));
  assert.notEqual(normalizeAnswer('Amelie'), normalizeAnswer('Amélie'));
  const a = plan(`plan a { match (m: Movie) return m expect "Amélie" }`);
  assert.equal(evaluatePlanTest(a, result(a, ['Amelie'])).status, 'failed');
  assert.equal(evaluatePlanTest(a, result(a, ['AME\u0301LIE'])).status, 'passed');
});

test('summary counts errored tests as failed; the line is "N passed, M failed"', () => {
  const ok = evaluatePlanTest(langs, result(langs, ['English', 'French']));
  const bad = evaluatePlanTest(langs, result(langs, ['German']));
  const err = erroredPlanTest(langs, new Error('store is down'));
  assert.equal(err.status, 'errored');
  assert.match(err.message, /store is down/);
  const s = summarizePlanTests([ok, bad, err]);
  assert.deepEqual({ passed: s.passed, failed: s.failed, errored: s.errored, total: s.total }, { passed: 1, failed: 2, errored: 1, total: 3 });
  assert.equal(s.hitsAt1, 0.5);
  assert.equal(summaryLine(s), '1 passed, 2 failed');
});

test('discovery: plans with expect are tests, with their ranges; plans with parse errors are not', () => {
  const text = [
    'plan a {',
    '  match (m: Movie "Heat") -[directed by]-> (d: Person)',
    '  return d',
    '  expect "Michael Mann"',
    '}',
    'plan b { match (m: Movie) return m }',
    'plan c {',
    '  match (m: Movie "Heat") -[ (d',
    '  return d',
    '  expect "x"',
    '}',
  ].join('\n');
  const found = discoverPlanTests(text);
  assert.deepEqual(found.tests.map((t) => t.plan.name), ['a']);
  assert.equal(found.tests[0]!.range.start.line, 0);
  assert.equal(found.tests[0]!.nameRange?.start.character, 5);
  assert.ok(found.problems.length > 0);
  assert.ok(found.problems.every((p) => p.line >= 8));
  assert.deepEqual(discoverPlanTests('').tests, []);
});

test('a failed test whose result carried not-found entities names them first; a passing one does not', () => {
  const withWarning = (values: string[]): RetrievalResult => ({ ...result(langs, values), notFound: [{ variable: 'm', text: 'The Voww', nearest: 'The Vow', distance: 0.61 }, { variable: 'x', text: 'Qqq' }] });
  const failed = evaluatePlanTest(langs, withWarning(['German']));
  assert.equal(failed.status, 'failed');
  assert.match(failed.message, /^'The Voww' is not in the graph \(nearest: 'The Vow', distance 0\.61\); 'Qqq' is not in the graph \(no candidate at all\); missing "English", "French"/);
  const passed = evaluatePlanTest(langs, withWarning(['English', 'French']));
  assert.match(passed.message, /^all 2 expected answer/);
});
