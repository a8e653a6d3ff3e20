import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalView, makeBaseline, summarize, type EvalRecord } from '../../../src/core/eval';
import { validateEvalView } from '../../../src/contracts/eval/validate';

// The Evaluation view's model: rows per strategy and group, the cause histogram with the previous
// run's counts (a cause gone shows at 0), every miss, and what changed since the previous run.
function rec(id: string, strategy: 'gsd' | 'mor', rank: number | null, group: string, cause?: string): EvalRecord {
  return {
    id,
    line: Number(id.replace(/\D/g, '')) || 1,
    strategy,
    input: 'plan',
    group,
    gold: ['A'],
    answers: rank === null ? [] : ['B', 'A'].slice(rank === 1 ? 1 : 0),
    answerCount: rank === null ? 0 : 2,
    rank,
    recall: rank === null ? 0 : 1,
    ms: 3,
    ...(cause ? { cause: { key: cause, summary: `"A": ${cause}` } } : {}),
  };
}

const info = { set: { label: 'set.jsonl', uri: 'file:///w/set.jsonl' }, store: 'embedded database in /w/db', embedder: 'lexical-v4', strategies: ['gsd', 'mor'] as const, k: 10, groupBy: 'hop', at: '2026-11-27T03:00:00.000Z', ms: 12, items: 3, problems: [] };

test('rows, causes and misses of one run, without a previous run', () => {
  const records = [rec('q1', 'gsd', 1, '1'), rec('q2', 'gsd', 2, '2', 'ranked below first'), rec('q3', 'gsd', null, '2', 'not in graph'), rec('q1', 'mor', 1, '1'), rec('q2', 'mor', 1, '2'), rec('q3', 'mor', 1, '2')];
  const summary = summarize(records, ['gsd', 'mor'], 10);
  const v = evalView({ ...info, strategies: ['gsd', 'mor'] }, summary, records);
  assert.deepEqual(v.rows.map((r) => `${r.strategy}/${r.group ?? 'all'}/${r.metrics.hits1.toFixed(3)}`), ['gsd/1/1.000', 'gsd/2/0.000', 'gsd/all/0.333', 'mor/1/1.000', 'mor/2/1.000', 'mor/all/1.000']);
  assert.ok(v.rows.every((r) => r.previous === undefined));
  assert.deepEqual(v.causes.map((c) => `${c.strategy}:${c.cause}=${c.count}`), ['gsd:not in graph=1', 'gsd:ranked below first=1']);
  assert.deepEqual(v.misses.map((m) => `${m.strategy}:${m.id}:${m.rank}:${m.cause}`), ['gsd:q2:2:ranked below first', 'gsd:q3:null:not in graph']);
  assert.equal(v.previous, undefined);
  // What crosses postMessage passes the validator the webview uses.
  const checked = validateEvalView(JSON.parse(JSON.stringify(v)));
  assert.ok(checked.ok, checked.ok ? '' : checked.error);
});

test('against the previous run: metric rows carry the previous figures, a fixed cause shows at 0, lost and gained ids', () => {
  const before = [rec('q1', 'gsd', 1, '1'), rec('q2', 'gsd', null, '2', 'cypher clause: name'), rec('q3', 'gsd', 1, '2')];
  const after = [rec('q1', 'gsd', 1, '1'), rec('q2', 'gsd', 1, '2'), rec('q3', 'gsd', 3, '2', 'ranked below first')];
  const previous = { at: '2026-11-27T02:00:00.000Z', store: 'embedded database in /w/db', baseline: makeBaseline('set.jsonl', summarize(before, ['gsd'], 10), before) };
  const v = evalView({ ...info, strategies: ['gsd'] }, summarize(after, ['gsd'], 10), after, previous);
  const all = v.rows.find((r) => r.group === null)!;
  assert.equal(all.previous?.hits1.toFixed(3), '0.667');
  assert.equal(all.metrics.hits1.toFixed(3), '0.667');
  assert.deepEqual(v.causes.map((c) => `${c.cause}=${c.count} (was ${c.previous})`), ['ranked below first=1 (was 0)', 'cypher clause: name=0 (was 1)']);
  assert.deepEqual(v.previous?.changes, [{ strategy: 'gsd', lost: ['q3'], gained: ['q2'] }]);
  assert.deepEqual(v.misses.map((m) => [m.id, m.newSinceLast ?? false]), [['q3', true]]);
  const checked = validateEvalView(JSON.parse(JSON.stringify(v)));
  assert.ok(checked.ok, checked.ok ? '' : checked.error);
});

test('a run where every item errored: latencies are null (not NaN) and the view still validates', () => {
  const records: EvalRecord[] = [{ ...rec('q1', 'gsd', null, '1'), error: 'boom', cause: { key: 'error', summary: 'boom' } }];
  const v = evalView({ ...info, strategies: ['gsd'] }, summarize(records, ['gsd'], 10), records);
  assert.equal(v.rows.at(-1)!.metrics.p50Ms, null);
  assert.ok(validateEvalView(JSON.parse(JSON.stringify(v))).ok);
  // A message that is not a view is refused with the path that is wrong.
  const bad = validateEvalView({ ...v, rows: [{ strategy: 'nope', group: null, metrics: v.rows[0]!.metrics }] });
  assert.ok(!bad.ok && /view\.rows\[0\]\.strategy/.test(bad.error));
});
