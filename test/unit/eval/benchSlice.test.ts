// The arithmetic of bench:store's pieces (scripts/bench/slice.ts): --from/--to and --shard i/n take
// contiguous pieces that cover a list exactly once, and the summary of JSON-lines files counts each
// question once (its last line), split by strategy and hop, with differing and errors apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineKey, sliceRange, summarise, type ComparedLine } from '../../../scripts/bench/slice';

test('shards i/n of a range cover it exactly once, in order, sizes differing by at most one', () => {
  for (const length of [0, 1, 2, 7, 100, 9992, 14872, 14274]) {
    for (const [from, to] of [[undefined, undefined], [0, length], [3, Math.floor(length / 2)], [Math.floor(length / 2), undefined]] as const) {
      const whole = sliceRange(length, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) });
      for (const n of [1, 2, 3, 7, 16]) {
        const pieces = Array.from({ length: n }, (_, i) => sliceRange(length, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), shard: `${i}/${n}` }));
        assert.equal(pieces[0]!.start, whole.start, `length ${length} [${from}, ${to}) ${n} pieces: the first starts the range`);
        assert.equal(pieces[n - 1]!.end, whole.end, 'the last ends it');
        for (let i = 1; i < n; i++) assert.equal(pieces[i]!.start, pieces[i - 1]!.end, 'each starts where the one before ended');
        const sizes = pieces.map((p) => p.end - p.start);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes.join(', ')}`);
        assert.equal(sizes.reduce((a, b) => a + b, 0), whole.end - whole.start);
      }
    }
  }
});

test('from/to are clamped to the list; a bad shard is refused', () => {
  assert.deepEqual(sliceRange(10, { from: -5, to: 50 }), { start: 0, end: 10 });
  assert.deepEqual(sliceRange(10, { from: 8, to: 3 }), { start: 8, end: 8 });
  assert.deepEqual(sliceRange(10, { from: 2, to: 9, shard: '1/2' }), { start: 5, end: 9 });
  assert.deepEqual(sliceRange(14872, { to: 7436 }), { start: 0, end: 7436 });
  assert.deepEqual(sliceRange(14872, { from: 7436 }), { start: 7436, end: 14872 });
  assert.throws(() => sliceRange(10, { shard: '2/2' }), /below n/);
  assert.throws(() => sliceRange(10, { shard: '1/0' }), /below n/);
  assert.throws(() => sliceRange(10, { shard: 'half' }), /i\/n/);
});

test('the summary counts each question once (its last line), per strategy and hop, differing and errors apart', () => {
  const at = '2026-11-28T01:00:00.000Z';
  const l = (hop: number, line: number, x: Partial<ComparedLine> = {}): ComparedLine => ({ strategy: 'stem', hop, line, differing: false, storeMs: 10 * line, memoryMs: 1, serverMs: 5, roundTrips: 2, rows: 100, cpuMs: 3, ranInStore: true, at, load: 1, ...x });
  const lines = [l(1, 1), l(1, 2), l(1, 3, { differing: true }), l(1, 4, { error: 'timed out' }), l(1, 2), l(2, 1), l(2, 2), l(1, 4)];
  assert.equal(new Set(lines.map(lineKey)).size, 6);
  const out = summarise(lines);
  const one = out.find((s) => s.startsWith('stem 1-hop'))!;
  assert.match(one, /n=4; differing from memory: 1; errors: 0;/, 'line 4 failed, then passed: its last line counts');
  assert.match(one, /ran in store 4\/4/);
  assert.match(one, /store time p50 5\.0 ms; client CPU p50 3\.0 ms;/);
  assert.match(out.find((s) => s.startsWith('stem 2-hop'))!, /n=2; differing from memory: 0; errors: 0/);
  assert.ok(out.includes('  differs: dev line 3'));
  const failed = summarise([l(3, 9, { error: 'timed out', storeMs: undefined })]);
  assert.match(failed[0]!, /stem 3-hop: n=1; differing from memory: 0; errors: 1/);
  assert.ok(failed.includes('  error: dev line 9: timed out'));
});

test('why-not lines are summed apart from runs of the same strategy, with their causes counted', () => {
  const at = '2026-11-28T13:00:00.000Z';
  const w = (line: number, cause: string, x: Partial<ComparedLine> = {}): ComparedLine => ({ strategy: 'why-not/sage', hop: 2, line, differing: false, storeMs: 40, memoryMs: 20, ranInStore: true, cause, at, load: 1, ...x });
  const run: ComparedLine = { strategy: 'sage', hop: 2, line: 1, differing: false, storeMs: 5, at, load: 1 };
  const out = summarise([run, w(1, 'ranked-below'), w(2, 'not-reachable'), w(3, 'ranked-below', { differing: true }), w(1, 'ranked-below')]);
  assert.equal(lineKey(run) === lineKey(w(1, 'x')), false, 'a run and a why-not of the same question are two records');
  assert.match(out.find((s) => s.startsWith('sage 2-hop'))!, /n=1; differing from memory: 0/);
  const i = out.findIndex((s) => s.startsWith('why-not/sage 2-hop'));
  assert.match(out[i]!, /n=3; differing from memory: 1; errors: 0; ran in store 3\/3/);
  assert.equal(out[i + 1], '  causes: ranked-below 2, not-reachable 1');
  assert.doesNotMatch(out[i]!, /client CPU|store time/, 'figures no line recorded are left out, not shown as 0');
  assert.ok(out.includes('  differs: dev line 3'));
});
