import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { captureIO } from '../../support/cliCapture';
import { parseBaseline } from '../../../src/core/testing';

// The Done-when of issue 17: `kgrag test --baseline` on the examples, on the real embedded engine.
const root = resolve(__dirname, '../../..');
let dir = '';

async function kgrag(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIO(dir);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8');
// The change: The Vow loses its director (what examples/one_hop.kgp's vow_director expects).
const DROPPED = 'The Vow|directed_by|Michael Sucsy';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-baseline-cli-'));
  // The examples as shipped (their schema file beside them, as the .kgp names it).
  mkdirSync(join(dir, 'examples'));
  mkdirSync(join(dir, 'samples', 'movies'), { recursive: true });
  copyFileSync(join(root, 'examples/one_hop.kgp'), join(dir, 'examples/one_hop.kgp'));
  copyFileSync(join(root, 'samples/movies/movies.kgschema.json'), join(dir, 'samples/movies/movies.kgschema.json'));
  writeFileSync(join(dir, 'changed.txt'), triples.split('\n').filter((l) => l.trim() !== DROPPED).join('\n'));
  assert.equal((await kgrag('import', join(root, 'samples/movies/movies.triples.txt'), '--db', 'db')).code, 0);
  assert.equal((await kgrag('import', 'changed.txt', '--db', 'db2')).code, 0);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('kgrag test --save-baseline records answers, ranks, subgraphs and timings per plan', async () => {
  const r = await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--save-baseline', 'base.json');
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /baseline of \d+ test\(s\) saved to base\.json/);
  const b = parseBaseline(readFileSync(join(dir, 'base.json'), 'utf8'));
  const vow = b.entries.find((e) => e.plan === 'vow_director')!;
  assert.equal(vow.status, 'passed');
  assert.ok(vow.answers.some((a) => a.value === 'Michael Sucsy' && a.rank >= 1));
  assert.ok(vow.subgraphs.some((s) => s.includes('The Vow|directed_by|Michael Sucsy')));
  assert.ok(vow.totalMs > 0);
  assert.match(b.graph.fingerprint ?? '', /\S/);
});

test('kgrag test --baseline: the same graph → "unchanged", exit 0', async () => {
  const r = await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--baseline', 'base.json');
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /unchanged against base\.json$/);
});

test('kgrag test --baseline: the graph changed → the lost answer with its rank, at the expect line, exit 1', async () => {
  const r = await kgrag('test', 'examples/one_hop.kgp', '--db', 'db2', '--baseline', 'base.json');
  assert.equal(r.code, 1, r.out + r.err);
  const expectLine = readFileSync(join(dir, 'examples/one_hop.kgp'), 'utf8').split('\n').findIndex((l) => l.includes('expect "Michael Sucsy"')) + 1;
  const line = r.out.split('\n').find((l) => l.startsWith('REGRESSED'));
  assert.ok(line, r.out);
  assert.match(line, new RegExp(`examples/one_hop\\.kgp:${expectLine} vow_director — passed → failed; lost "Michael Sucsy" \\(was rank \\d+\\)`));
  assert.match(r.out, /graph changed since the baseline/);
  assert.match(r.out, /\d+ regression\(s\)/);
});

test('kgrag test --baseline: a test that still passes but lost answers is a regression (exit 1)', async () => {
  // A baseline that claims one more answer than the graph gives: the test passes, the answer is lost.
  const b = JSON.parse(readFileSync(join(dir, 'base.json'), 'utf8'));
  const vow = b.entries.find((e: { plan: string }) => e.plan === 'vow_director');
  vow.answers.push({ value: 'Somebody Else', rank: vow.answers.length + 1, score: 1 });
  writeFileSync(join(dir, 'extra.json'), JSON.stringify(b));
  const r = await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--baseline', 'extra.json');
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /REGRESSED {2}examples\/one_hop\.kgp:\d+ vow_director — lost "Somebody Else" \(was rank \d+\) — the test still passes/);
});

test('kgrag test --slower-than: bad values and flag mixes are usage errors (exit 2)', async () => {
  assert.equal((await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--baseline', 'base.json', '--slower-than', '0.5')).code, 2);
  assert.equal((await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--slower-than', '2')).code, 2);
  assert.equal((await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--baseline', 'base.json', '--save-baseline', 'x.json')).code, 2);
});

test('kgrag test --baseline: a file that is not a baseline is one clear line, exit 1', async () => {
  writeFileSync(join(dir, 'not.json'), '{"hello": 1}');
  const r = await kgrag('test', 'examples/one_hop.kgp', '--db', 'db', '--baseline', 'not.json');
  assert.equal(r.code, 1);
  assert.match(r.err, /^kgrag test: not\.json: not a kgrag baseline/);
  assert.doesNotMatch(r.err, /\n\s+at /);
});
