import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import type { EvalRecord, EvalSummary } from '../../../src/core/eval';
import { captureIO } from '../../support/cliCapture';

// `kgrag eval` on the real embedded engine over the sample graph.
const root = resolve(__dirname, '../../..');
let dir = '';

async function kgrag(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIO(dir);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const heatPlan = 'plan heat {\n  match (m: Movie "Heat") -[directed by]- (d: Person)\n  return d\n  using gsd()\n}\n';
const vowPlan = 'plan vow {\n  match (m: Movie "The Vow") -[directed by]- (d: Person)\n  return d\n}\n';
const lines = [
  { id: 'heat', kind: 'plan', plan: heatPlan, answers: ['Michael Mann', 'Paul Morrissey'] },
  { id: 'vow', kind: 'plan', plan: vowPlan, answers: ['Michael Sucsy'] },
  { id: 'vow-pattern', kind: 'pattern', pattern: { query: 'who directed The Vow', graph: [['The Vow', 'directed by', 'UNKNOWN person 1']], target: ['UNKNOWN person 1'] }, answers: ['Michael Sucsy'] },
  { id: 'ghost', kind: 'plan', plan: vowPlan, answers: ['Nobody Real At All'] },
  { id: 'ask-heat', kind: 'question', question: 'who directed Heat', answers: ['Michael Mann'] },
];
const setText = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-eval-cli-'));
  assert.equal((await kgrag('import', join(root, 'samples/movies/movies.triples.txt'), '--db', 'db')).code, 0);
  writeFileSync(join(dir, 'set.jsonl'), setText);
});

after(() => rmSync(dir, { recursive: true, force: true }));

interface EvalOut {
  summary: EvalSummary;
  records: EvalRecord[];
}

test('kgrag eval: metrics per strategy and group, misses by why-not cause, the JSON written with --out', async () => {
  const r = await kgrag('eval', 'set.jsonl', '--db', 'db', '--strategies', 'gsd,cypher', '--group-by', 'kind', '--out', 'out.json');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^strategy \| group \| n \| Hits@1 \| Hits@10 \| MRR \| recall \| p50 ms \| p95 ms$/m);
  assert.match(r.out, /^gsd \| all \| 5 \| /m);
  assert.match(r.out, /^cypher \| question \| 1 \| /m);
  assert.match(r.err, /kgrag eval: 10\/10/, 'progress on stderr');
  const out = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as EvalOut;
  assert.equal(out.records.length, 10);
  assert.ok(!existsSync(join(dir, 'out.json.partial.jsonl')), 'the resume file goes when the run completes');
  const rec = (id: string, s: string): EvalRecord => out.records.find((x) => x.id === id && x.strategy === s)!;
  // Heat has two directors, both gold: first answer is gold, recall 1.
  assert.equal(rec('heat', 'gsd').rank, 1);
  assert.equal(rec('vow', 'cypher').rank, 1);
  assert.equal(rec('vow-pattern', 'gsd').rank, 1);
  assert.equal(rec('ask-heat', 'cypher').input, 'question');
  assert.equal(rec('ask-heat', 'cypher').rank, 1, JSON.stringify(rec('ask-heat', 'cypher')));
  assert.match(rec('ask-heat', 'cypher').askChain ?? '', /directed_by/);
  // The name that is not in the graph is a miss explained by why-not.
  const ghost = rec('ghost', 'gsd');
  assert.equal(ghost.rank, null);
  assert.equal(ghost.cause?.key, 'not in graph');
  const gsd = out.summary.strategies.find((s) => s.strategy === 'gsd')!;
  assert.equal(gsd.overall.n, 5);
  assert.equal(gsd.overall.hits1, out.records.filter((x) => x.strategy === 'gsd' && x.rank === 1).length / 5);
  assert.deepEqual(gsd.causes.map((c) => [c.cause, c.count]).find((c) => c[0] === 'not in graph'), ['not in graph', 1]);
  assert.deepEqual(gsd.groups.map((g) => g.group), ['pattern', 'plan', 'question']);
  assert.match(r.out, /^\s+1 {2}not in graph$/m);
  assert.match(r.out, /ghost: "Nobody Real At All": "Nobody Real At All" is not a name in the graph/);
});

test('kgrag eval --min: exit 1 naming the metric and strategy; met thresholds exit 0', async () => {
  const fail = await kgrag('eval', 'set.jsonl', '--db', 'db', '--min', 'hits1=0.99', '--min', 'recall=0.1');
  assert.equal(fail.code, 1);
  assert.match(fail.err, /below threshold: gsd: hits1 0\.\d{3} < 0\.99/);
  assert.doesNotMatch(fail.err, /recall/);
  const ok = await kgrag('eval', 'set.jsonl', '--db', 'db', '--min', 'hits1=0.5');
  assert.equal(ok.code, 0, ok.err);
  const bad = await kgrag('eval', 'set.jsonl', '--db', 'db', '--min', 'accuracy=0.5');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /unknown metric accuracy/);
});

test('kgrag eval: a baseline round-trips; a set that loses a hit fails against it naming the metric and the item', async () => {
  const save = await kgrag('eval', 'set.jsonl', '--db', 'db', '--save-baseline', 'base.json');
  assert.equal(save.code, 0, save.err);
  const same = await kgrag('eval', 'set.jsonl', '--db', 'db', '--baseline', 'base.json');
  assert.equal(same.code, 0, same.err);
  assert.match(same.out, /against baseline base\.json:\ngsd: hits1 (\d\.\d{3}) → \1,/);
  // The Vow's item now expects someone else: it is no longer first.
  writeFileSync(join(dir, 'worse.jsonl'), setText.replace('"answers":["Michael Sucsy"]', '"answers":["Channing Tatum"]'));
  const worse = await kgrag('eval', 'worse.jsonl', '--db', 'db', '--baseline', 'base.json');
  assert.equal(worse.code, 1);
  assert.match(worse.err, /regression against the baseline: gsd: hits1 fell from/);
  assert.match(worse.out, /no longer first \(1\): vow$/m);
});

test('kgrag eval --resume: records of an interrupted run are kept, the rest run; the result equals a whole run', async () => {
  const whole = await kgrag('eval', 'set.jsonl', '--db', 'db', '--strategies', 'gsd,mor', '--out', 'whole.json');
  assert.equal(whole.code, 0, whole.err);
  const full = JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8')) as EvalOut;
  // An interrupted run: the header and the first 3 records, then half a line.
  const first = await kgrag('eval', 'set.jsonl', '--db', 'db', '--strategies', 'gsd,mor', '--out', 'part.json');
  assert.equal(first.code, 0);
  const header = JSON.stringify({ kind: 'kgrag-eval-partial', set: join(dir, 'set.jsonl'), strategies: ['gsd', 'mor'], input: 'auto', groupBy: null, embedder: 'lexical' });
  const kept = full.records.slice(0, 3).map((x) => ({ ...x, ms: 12345 }));
  writeFileSync(join(dir, 'part.json.partial.jsonl'), [header, ...kept.map((x) => JSON.stringify(x)), '{"id":"vo'].join('\n'));
  const resumed = await kgrag('eval', 'set.jsonl', '--db', 'db', '--strategies', 'gsd,mor', '--out', 'part.json', '--resume');
  assert.equal(resumed.code, 0, resumed.err);
  assert.match(resumed.err, /resuming with 3 records/);
  const again = JSON.parse(readFileSync(join(dir, 'part.json'), 'utf8')) as EvalOut;
  assert.equal(again.records.filter((x) => x.ms === 12345).length, 3, 'the kept records were not run again');
  const strip = (rs: EvalRecord[]): unknown[] => rs.map(({ ms: _ms, ...rest }) => rest);
  assert.deepEqual(strip(again.records), strip(full.records), 'deterministic: same records in the same order');
  // A resume file from another run is refused.
  writeFileSync(join(dir, 'part.json.partial.jsonl'), header + '\n');
  const other = await kgrag('eval', 'set.jsonl', '--db', 'db', '--strategies', 'gsd', '--out', 'part.json', '--resume');
  assert.equal(other.code, 2);
  assert.match(other.err, /belongs to another run/);
});

test('kgrag eval: a .kgp file with expect is a set; bad set lines are named by line and exit 1', async () => {
  writeFileSync(join(dir, 'plans.kgp'), heatPlan.replace('  using gsd()', '  expect "Michael Mann"\n  using gsd()') + vowPlan);
  const k = await kgrag('eval', 'plans.kgp', '--db', 'db');
  assert.equal(k.code, 0, k.err);
  assert.match(k.out, /^1 items × 1 strategy/m);
  assert.match(k.out, /^gsd \| all \| 1 \| 1\.000 /m);
  writeFileSync(join(dir, 'bad.jsonl'), setText + '{"id": "x", "answers": []}\nnot json\n{"id": "heat", "question": "q", "answers": ["a"]}\n');
  const b = await kgrag('eval', 'bad.jsonl', '--db', 'db');
  assert.equal(b.code, 1);
  assert.match(b.err, /^bad\.jsonl:6: x: "answers" must be a non-empty list of strings$/m);
  assert.match(b.err, /^bad\.jsonl:7: not valid JSON/m);
  assert.match(b.err, /^bad\.jsonl:8: id "heat" was already used on line 1$/m);
  assert.match(b.out, /^gsd \| all \| 5 \| /m, 'the good lines were evaluated');
});

test('kgrag eval: usage errors are one line, exit 2', async () => {
  for (const argv of [
    ['eval', 'set.jsonl'],
    ['eval', 'set.jsonl', '--db', 'db', '--strategies', 'magic'],
    ['eval', 'set.jsonl', '--db', 'db', '--resume'],
    ['eval', 'set.jsonl', '--db', 'db', '--hits-at', '0'],
    ['eval', 'nope.jsonl', '--db', 'db'],
    ['eval', 'set.jsonl', '--db', 'db', '--input', 'question'],
  ]) {
    const r = await kgrag(...argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.err}`);
    assert.doesNotMatch(r.err, /\n\s+at /);
  }
});

test('kgrag eval --ask-only: question items are scored on the answers ask lists itself, no strategy run', async () => {
  writeFileSync(join(dir, 'questions.jsonl'), [
    { id: 'heat', question: 'who directed Heat', answers: ['Michael Mann'] },
    { id: 'nobody', question: 'who directed Zzyzx Qwerty', answers: ['Michael Mann'] },
  ].map((l) => JSON.stringify(l)).join('\n') + '\n');
  const r = await kgrag('eval', 'questions.jsonl', '--db', 'db', '--ask-only', '--strategies', 'cypher', '--out', 'ask.json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(readFileSync(join(dir, 'ask.json'), 'utf8')) as EvalOut;
  const heat = out.records.find((x) => x.id === 'heat')!;
  assert.equal(heat.input, 'question');
  assert.ok(heat.rank !== null && heat.rank <= 2, JSON.stringify(heat));
  assert.match(heat.askChain ?? '', /directed_by/);
  const nobody = out.records.find((x) => x.id === 'nobody')!;
  assert.equal(nobody.rank, null);
  assert.match(nobody.cause?.key ?? '', /^(ask: nothing-found|ask: no-candidates|wrong chain chosen by ask)$/);
});
