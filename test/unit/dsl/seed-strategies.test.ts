import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, CHECK } from '../../../src/core/check';
import { parseDocument, printPlanningGraph, toPlanningGraphs } from '../../../src/core/dsl';
import { DEFAULT_STRATEGIES } from '../../../src/core/plan/planningGraph';
import { hover } from '../../../src/core/language/hover';
import { analyse } from '../../../src/core/language/analysis';

const doc = (using: string): string => `plan p {\n  match (m: Movie "Heat") -[directed by]- (d: Person)\n  return d\n  ${using}\n}\n`;

test('using stem(…) and sage(…) compile to their strategies with defaults for the rest', () => {
  const [stem] = toPlanningGraphs(parseDocument(doc('using stem(mode: "breadth", theta: 0.5, beam: 2)')).document);
  assert.deepEqual(stem!.strategy, { ...DEFAULT_STRATEGIES.stem, mode: 'breadth', theta: 0.5, beam: 2 });
  const [sage] = toPlanningGraphs(parseDocument(doc('using sage(kPrime: 30, edgePolicy: "expand", constrained: true)')).document);
  assert.deepEqual(sage!.strategy, { ...DEFAULT_STRATEGIES.sage, kPrime: 30, edgePolicy: 'expand', constrained: true });
  // Printed back, the plan compiles to the same strategy.
  const [again] = toPlanningGraphs(parseDocument(printPlanningGraph(stem!)).document);
  assert.deepEqual(again!.strategy, stem!.strategy);
  assert.deepEqual(checkDocument(doc('using stem(mode: "precision", guidance: "none")')).filter((d) => d.severity === 'error'), []);
});

test('bad stem/sage parameters are errors at the value, naming the allowed words', () => {
  const bad = checkDocument(doc('using stem(mode: "wide")')).filter((d) => d.code === CHECK.badParameterValue);
  assert.equal(bad.length, 1);
  assert.match(bad[0]!.message, /'mode' must be one of "precision", "breadth"/);
  const neg = checkDocument(doc('using sage(alpha: -1)')).filter((d) => d.code === CHECK.badParameterValue);
  assert.match(neg[0]!.message, /'alpha' must be a number of at least 0/);
  const unknown = checkDocument(doc('using sage(kprime: 3)')).filter((d) => d.code === CHECK.unknownParameter);
  assert.match(unknown[0]!.message, /did you mean 'kPrime'/);
});

test('stem without a named entity warns that it has nothing to anchor on', () => {
  const text = 'plan p {\n  match (m: Movie) -[directed by]- (d: Person)\n  return d\n  using stem()\n}\n';
  assert.ok(checkDocument(text).some((d) => d.code === CHECK.noKnownNode && /stem/.test(d.message)));
});

test('hover explains the strategies and their parameters', () => {
  const text = doc('using stem(theta: 0.6)');
  const h = hover(analyse(text), text.indexOf('stem(') + 1, undefined);
  assert.match(h?.markdown ?? '', /Structure-tracing search \(STEM\)/);
  assert.match(h?.markdown ?? '', /`mode` \("precision" \| "breadth", default "precision"\)/);
  const p = hover(analyse(text), text.indexOf('theta') + 1, undefined);
  assert.match(p?.markdown ?? '', /\*\*theta\*\* \(number, default 0.6\)/);
});
