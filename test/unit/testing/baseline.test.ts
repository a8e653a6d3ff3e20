import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareBaseline, makeBaseline, parseBaseline, type BaselineEntry } from '../../../src/core/testing';

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
