import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baselineText, compareBaseline, comparisonLines, makeBaseline, parseBaseline, regressionMessage, restrictBaseline, type BaselineEntry } from '../../../src/core/testing';

function entry(plan: string, answers: string[], more: Partial<BaselineEntry> = {}): BaselineEntry {
  return { id: `a.kgp:${plan}`, file: 'a.kgp', line: 3, plan, strategy: 'gsd', status: 'passed', expected: [answers[0] ?? ''], answers: answers.map((value, i) => ({ value, rank: i + 1, score: i })), subgraphs: [answers.map((a) => `X|r|${a}`)], totalMs: 100, message: '', ...more };
}

const graph = { description: 'db', fingerprint: 'f1' };

test('compareBaseline: identical runs are unchanged, no regression', () => {
  const e = [entry('p', ['A', 'B'])];
  const c = compareBaseline(makeBaseline(graph, e), { graph, entries: e });
  assert.equal(c.regressions, 0);
  assert.equal(c.changed, 0);
  assert.equal(c.changes[0]!.kind, 'unchanged');
  assert.equal(c.graphChanged, false);
});

test('compareBaseline: a lost answer is a regression even when the test passes; gained and moved answers are changes', () => {
  const c = compareBaseline(makeBaseline(graph, [entry('p', ['A', 'B', 'C'])]), { graph: { ...graph, fingerprint: 'f2' }, entries: [entry('p', ['A', 'D', 'B'])] });
  const x = c.changes[0]!;
  assert.equal(x.kind, 'regressed');
  assert.deepEqual(x.lost, [{ value: 'C', rank: 3 }]);
  assert.deepEqual(x.gained, [{ value: 'D', rank: 2 }]);
  assert.deepEqual(x.moved, [{ value: 'B', before: 2, after: 3 }]);
  assert.deepEqual(x.subgraphs, { removed: ['X|r|C'], added: ['X|r|D'] });
  assert.match(x.notes.join('; '), /lost "C" \(was rank 3\) — the test still passes/);
  assert.equal(c.graphChanged, true);
  const gainedOnly = compareBaseline(makeBaseline(graph, [entry('p', ['A'])]), { graph, entries: [entry('p', ['A', 'D'])] });
  assert.equal(gainedOnly.changes[0]!.kind, 'changed');
  assert.equal(gainedOnly.regressions, 0);
});

test('compareBaseline: passed → failed is a regression; new and removed tests are reported', () => {
  const c = compareBaseline(makeBaseline(graph, [entry('p', ['A']), entry('gone', ['A'])]), { graph, entries: [entry('p', ['A'], { status: 'failed' }), entry('fresh', ['Z'])] });
  const byPlan = new Map(c.changes.map((x) => [x.plan, x] as const));
  assert.equal(byPlan.get('p')!.kind, 'regressed');
  assert.deepEqual(byPlan.get('p')!.status, { before: 'passed', after: 'failed' });
  assert.equal(byPlan.get('fresh')!.kind, 'new');
  assert.equal(byPlan.get('gone')!.kind, 'removed');
  assert.equal(c.regressions, 1);
});

test('compareBaseline: slower than the ratio (and by ≥ 20 ms) is a regression; without --slower-than timings are not judged', () => {
  const base = makeBaseline(graph, [entry('p', ['A'], { totalMs: 100 })]);
  const slow = { graph, entries: [entry('p', ['A'], { totalMs: 350 })] };
  assert.equal(compareBaseline(base, slow).regressions, 0);
  const judged = compareBaseline(base, slow, { slowerThan: 2 });
  assert.equal(judged.regressions, 1);
  assert.ok(Math.abs(judged.changes[0]!.slower!.ratio - 3.5) < 1e-9);
  assert.equal(compareBaseline(base, { graph, entries: [entry('p', ['A'], { totalMs: 150 })] }, { slowerThan: 2 }).regressions, 0);
  // 1 ms → 10 ms is 10× but under the noise floor.
  const tiny = makeBaseline(graph, [entry('p', ['A'], { totalMs: 1 })]);
  assert.equal(compareBaseline(tiny, { graph, entries: [entry('p', ['A'], { totalMs: 10 })] }, { slowerThan: 2 }).regressions, 0);
});

test('parseBaseline: a clear error for JSON that is not a baseline, or another version', () => {
  assert.throws(() => parseBaseline('{'), /^Error: not JSON/);
  assert.throws(() => parseBaseline('{"kind":"x"}'), /not a kgrag baseline/);
  assert.throws(() => parseBaseline(JSON.stringify({ ...makeBaseline(graph, []), version: 99 })), /version 99 is not supported/);
  assert.equal(parseBaseline(JSON.stringify(makeBaseline(graph, [entry('p', ['A'])]))).entries.length, 1);
});

test('compareBaseline: an expected answer ranked lower is a regression; another answer moving is only a change', () => {
  const base = makeBaseline(graph, [entry('p', ['A', 'B', 'C'], { expected: ['a'] })]);
  const c = compareBaseline(base, { graph, entries: [entry('p', ['B', 'A', 'C'], { expected: ['a'] })] });
  const x = c.changes[0]!;
  assert.equal(x.kind, 'regressed');
  assert.deepEqual(x.demoted, [{ value: 'A', before: 1, after: 2 }]);
  assert.match(x.notes.join('; '), /expected "A" ranked lower: 1 → 2; moved "B" 2 → 1/);
  const up = compareBaseline(base, { graph, entries: [entry('p', ['A', 'C', 'B'], { expected: ['a'] })] });
  assert.equal(up.changes[0]!.kind, 'changed');
  assert.deepEqual(up.changes[0]!.demoted, []);
});

test('comparisonLines: one line per changed test at its line, the verdict last; regressionMessage names what was lost', () => {
  const base = makeBaseline(graph, [entry('p', ['A', 'B']), entry('q', ['Z'])]);
  const c = compareBaseline(base, { graph: { ...graph, fingerprint: 'f2' }, entries: [entry('p', ['A']), entry('q', ['Z'])] });
  assert.deepEqual(comparisonLines(c, 'base.json'), ['graph changed since the baseline: f1 → f2', 'REGRESSED  a.kgp:3 p — lost "B" (was rank 2) — the test still passes; subgraphs: 1 triple(s) gone, 0 new', '1 regression(s), 0 other change(s) against base.json']);
  assert.equal(regressionMessage(c.changes[0]!, 'base.json'), 'regressed against the baseline base.json: lost "B" (was rank 2) — the test still passes; subgraphs: 1 triple(s) gone, 0 new');
  assert.deepEqual(comparisonLines(compareBaseline(base, { graph, entries: base.entries }), 'base.json'), ['unchanged against base.json']);
});

test('restrictBaseline: a run of some tests compares with their part of the baseline (the others are not "removed"); baselineText reads back', () => {
  const base = makeBaseline(graph, [entry('p', ['A']), entry('q', ['Z'])]);
  const part = restrictBaseline(base, (id) => id === 'a.kgp:p');
  const c = compareBaseline(part, { graph, entries: [entry('p', ['A'])] });
  assert.deepEqual(c.changes.map((x) => x.kind), ['unchanged']);
  assert.equal(compareBaseline(base, { graph, entries: [entry('p', ['A'])] }).changes.find((x) => x.plan === 'q')?.kind, 'removed');
  assert.deepEqual(parseBaseline(baselineText(base)), base);
  assert.ok(baselineText(base).endsWith('}\n'));
});
