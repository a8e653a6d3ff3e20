// Issue 29 cases 7, 11 and 12, on the real engine through the real CLI (the door fuzz suite, the import
// lock and the worker's lifetime have their own files: queryDoorFuzz, importLock, workerLifetime).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { parseDocument } from '../../../src/core/dsl/parser';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-hardening29-');
const SAMPLE = resolve(__dirname, '../../../samples/movies/movies.triples.txt');
const REPO = resolve(__dirname, '../../..');

async function cli(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir.path, env: {} };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The CLI as its own process (a read that blocks would hang the test runner in-process). */
function kgrag(args: readonly string[], timeoutMs = 60_000): { code: number | null; out: string; err: string; timedOut: boolean } {
  // tsx by its path: the child runs in the temporary folder, where no node_modules resolves it.
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, join(REPO, 'src/cli/main.ts'), ...args], { cwd: dir.path, encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status, out: r.stdout, err: r.stderr, timedOut: r.error !== undefined && /ETIMEDOUT/.test(String(r.error)) };
}

before(async () => {
  const r = await cli(['import', SAMPLE, '--db', 'db', '--quiet', '--no-index']);
  assert.equal(r.code, 0, r.err);
  writeFileSync(join(dir.path, 'p.kgp'), 'plan p {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n}\n');
});
after(() => dir.remove());

test('7. a FIFO named as ask questions, import --typing or run --reranker is refused at once (exit 2), never waited on', () => {
  const fifo = join(dir.path, 'questions.jsonl');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  for (const args of [
    ['ask', 'questions.jsonl', '--db', 'db'],
    ['import', SAMPLE, '--db', 'other', '--typing', 'questions.jsonl'],
    ['run', 'p.kgp', '--db', 'db', '--reranker', 'questions.jsonl'],
  ]) {
    // Generous: on a loaded machine the CLI's start alone took 50 s; a blocked read never ends.
    const r = kgrag(args, 240_000);
    assert.equal(r.timedOut, false, `${args[0]} blocked on the FIFO`);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, /questions\.jsonl: not a regular file/, args[0]);
    assert.doesNotMatch(r.err, /\n\s+at /, 'no stack trace');
  }
  assert.equal(existsSync(join(dir.path, 'other')), false, 'nothing imported');
});

test('12. a file over its size cap is exit 1 in run, test, why-not and report (as in check), a FIFO exit 2', async () => {
  const bigPlan = join(dir.path, 'big.kgp');
  writeFileSync(bigPlan, '');
  truncateSync(bigPlan, 17 * 1024 * 1024); // sparse: over the 16 MB plan cap without writing 17 MB
  const bigResults = join(dir.path, 'big.jsonl');
  writeFileSync(bigResults, '');
  truncateSync(bigResults, 257 * 1024 * 1024);
  const cases: [string[], RegExp][] = [
    [['run', 'big.kgp', '--db', 'db'], /big\.kgp: 17\.0 MB is larger than the 16\.0 MB limit for a plan file/],
    [['test', 'big.kgp', '--db', 'db'], /big\.kgp: 17\.0 MB is larger than the 16\.0 MB limit/],
    [['why-not', 'big.kgp', '--db', 'db'], /big\.kgp: 17\.0 MB is larger than the 16\.0 MB limit/],
    [['report', 'big.jsonl', '--out', 'r.html'], /big\.jsonl: 257\.0 MB is larger than the 256\.0 MB limit for a results file/],
    [['test', 'p.kgp', '--db', 'db', '--baseline', 'big.jsonl'], /257\.0 MB is larger than the 256\.0 MB limit/],
    [['check', 'big.kgp'], /larger than the 16\.0 MB limit/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(args);
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err + r.out, message, args.join(' '));
  }
  const fifo = join(dir.path, 'plan.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  for (const command of ['run', 'test', 'why-not']) assert.equal((await cli([command, 'plan.fifo', '--db', 'db'])).code, 2, command);
  assert.equal((await cli(['report', 'plan.fifo', '--out', 'r.html'])).code, 2);
});

test('12. 500 nested parentheses and 5,000-deep --params are exit 1 with a clear message, not a stack overflow', async () => {
  const deep = await cli(['query', '--db', 'db', `RETURN ${'('.repeat(500)}1${')'.repeat(500)} AS x`]);
  assert.equal(deep.code, 1, deep.err);
  assert.match(deep.err, /^kgrag query: Refused: the statement nests brackets 500 levels deep; the door checks at most 100\./);
  const ok = await cli(['query', '--db', 'db', `RETURN ${'('.repeat(60)}1${')'.repeat(60)} AS x`]);
  assert.equal(ok.code, 0, ok.err);
  const params = await cli(['query', '--db', 'db', '--params', `{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}`, 'RETURN $a AS x']);
  assert.equal(params.code, 1, params.err);
  assert.match(params.err, /^kgrag query: The parameters nest more than 64 levels of lists and maps deep; at most 64 are accepted\.$/);
  assert.doesNotMatch(deep.err + params.err, /Maximum call stack/);
});

test('12. `kgrag query … | head -1` through bin/kgrag ends without an EPIPE stack trace', () => {
  assert.ok(existsSync(join(REPO, 'dist/cli.js')), 'dist/cli.js is built (npm run build; npm test builds first)');
  const cmd = `"${join(REPO, 'bin/kgrag')}" query --db "${join(dir.path, 'db')}" "UNWIND range(1, 50000) AS x RETURN x" | head -1`;
  const r = spawnSync('sh', ['-c', cmd], { cwd: dir.path, encoding: 'utf8' });
  assert.equal(r.stdout.trim(), 'x');
  assert.doesNotMatch(r.stderr, /EPIPE|at .*\(|throw/);
});

test('12. why-not: a stem tie is said as a tie (no "its was"); a fix for a name with quotes is a valid DSL string', async () => {
  writeFileSync(join(dir.path, 'stem.kgp'), 'plan s {\n  match (m: Movie "Heat") -[starred actors]-> (a: Person)\n  return a\n  using stem(mode: "precision")\n}\n');
  const stem = await cli(['why-not', 'stem.kgp', 'Al Pacino', '--db', 'db', '--no-verify']);
  assert.doesNotMatch(stem.out, /its was/);
  assert.match(stem.out, /precision mode follows one candidate with the best T-Score; this answer tied with the followed one at \d\.\d{3} and lost the tie|this answer's T-Score was \d\.\d{3}/);

  const odd = '"><img src=x onerror=alert(1)>';
  writeFileSync(join(dir.path, 'odd.txt'), `Odd Film|directed_by|${odd}\n`);
  assert.equal((await cli(['import', 'odd.txt', '--db', 'odd', '--quiet', '--no-index'])).code, 0);
  const typo = odd.replace('alert(1)', 'alert(2)');
  writeFileSync(join(dir.path, 'odd.kgp'), `plan o {\n  match (m: Movie "Odd Film") -[directed by]-> (d: Person)\n  return d\n  expect ${JSON.stringify(typo)}\n}\n`);
  const r = await cli(['why-not', 'odd.kgp', '--db', 'odd', '--no-verify', '--json']);
  const fix = (JSON.parse(r.out.split('\n')[0]!) as { fixes: { kind: string; label: string }[] }).fixes.find((f) => f.kind === 'fix-expect');
  assert.ok(fix, r.out);
  assert.match(fix.label, /^expect "/);
  // The label pasted into a plan parses, and means the graph's name.
  const doc = parseDocument(`plan o {\n  match (m: Movie "Odd Film") -[directed by]-> (d: Person)\n  return d\n  ${fix.label}\n}\n`);
  assert.deepEqual(doc.diagnostics, [], fix.label);
  assert.deepEqual(doc.document.plans[0]!.expect?.values.map((v) => v.value), [odd]);
});

test('11. sage(k: 1000000000) is refused by check and run alike (the same range), and run names the plan', async () => {
  writeFileSync(join(dir.path, 'sage.kgp'), 'plan huge {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n  using sage(k: 1000000000)\n}\nplan fine {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n  using sage(k: 10000)\n}\n');
  const checked = await cli(['check', 'sage.kgp']);
  assert.equal(checked.code, 1);
  assert.match(checked.out, /sage\.kgp:4:\d+ error KGP213 'k' must be a whole number from 1 to 10000/);
  const ran = await cli(['run', 'sage.kgp', '--db', 'db']);
  assert.equal(ran.code, 1, ran.err);
  assert.match(ran.err, /KGP213 'k' must be a whole number from 1 to 10000/);
  assert.doesNotMatch(ran.err, /Array buffer allocation failed/);
  assert.match(ran.out, /fine \(sage\)/, 'the largest allowed k runs');
});

test('11. a cypher clique of 12 unknown nodes gets a clear error from check and run (KGP227), not the engine\'s unordered_map::at', async () => {
  const n = 12;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) lines.push(`    (x${i}) -[starred actors]- (x${j})`);
  writeFileSync(join(dir.path, 'clique.kgp'), `plan clique {\n  match\n${lines.join('\n')}\n  return x0\n  using cypher\n}\n`);
  const checked = await cli(['check', 'clique.kgp']);
  assert.equal(checked.code, 1);
  assert.match(checked.out, /KGP227 the pattern has 55 independent cycles \(66 relations among 12 nodes\); the cypher strategy compiles at most 6/);
  const ran = await cli(['run', 'clique.kgp', '--db', 'db']);
  assert.equal(ran.code, 1, ran.err);
  assert.match(ran.err, /clique.*the pattern has 55 independent cycles/);
  assert.doesNotMatch(ran.err, /unordered_map/);
  // A chain (no cycle) of the same size still runs.
  writeFileSync(join(dir.path, 'chain.kgp'), `plan chain {\n  match\n    (m: Movie "Heat") -[directed by]-> (d: Person)\n    (d) -[directed by]- (o: Movie)\n  return o\n  using cypher\n}\n`);
  assert.equal((await cli(['run', 'chain.kgp', '--db', 'db'])).code, 0);
});
