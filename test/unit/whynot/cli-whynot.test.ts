import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { captureIO } from '../../support/cliCapture';
import type { WhyNotResult } from '../../../src/contracts/whyNot';

// `kgrag why-not` on the real embedded engine over the sample graph.
const root = resolve(__dirname, '../../..');
let dir = '';

async function kgrag(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIO(dir);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-whynot-cli-'));
  assert.equal((await kgrag('import', join(root, 'samples/movies/movies.triples.txt'), '--db', 'db')).code, 0);
  writeFileSync(join(dir, 'vow.kgp'), 'plan vow_cast {\n  match (m: Movie "The Vow") -[starred actors]- (a: Person)\n  return a\n  expect "Rachel McAdams", "Michael Sucsy", "Rachel McAdam"\n  using gsd(k: 3)\n}\nplan other {\n  match (m: Movie "Heat") -[directed by]- (d: Person)\n  return d\n}\n');
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('kgrag why-not: every expected answer of the plan, each with its cause and fixes re-run; exit 1 when one was missed', async () => {
  const r = await kgrag('why-not', 'vow.kgp', '--plan', 'vow_cast', '--db', 'db');
  assert.equal(r.code, 1, r.err);
  assert.match(r.out, /^vow_cast \(gsd\) — "Rachel McAdams": returned$/m);
  assert.match(r.out, /^vow_cast \(gsd\) — "Michael Sucsy": (candidate-rank|category|cut-by-k|pruned)$/m);
  assert.match(r.out, /^vow_cast \(gsd\) — "Rachel McAdam": not-in-graph$/m);
  assert.match(r.out, /nearest: "Rachel McAdams"/);
  assert.match(r.out, /fix: .* — re-run: (returned at rank \d+ of \d+|still missing)/);
});

test('kgrag why-not --json: one WhyNotResult per name; a returned name exits 0', async () => {
  const r = await kgrag('why-not', 'vow.kgp', 'Rachel McAdams', '--plan', 'vow_cast', '--db', 'db', '--json', '--strategy', 'cypher');
  assert.equal(r.code, 0, r.err);
  const parsed = r.out.split('\n').map((l) => JSON.parse(l) as WhyNotResult);
  assert.equal(parsed.length, 1);
  assert.equal(parsed[0]!.strategy, 'cypher');
  assert.equal(parsed[0]!.cause.kind, 'returned');
});

test('kgrag why-not: usage errors are one line, exit 2', async () => {
  assert.equal((await kgrag('why-not', 'vow.kgp', 'X', '--db', 'db')).code, 2, 'two plans need --plan');
  assert.equal((await kgrag('why-not', 'vow.kgp', '--plan', 'other', '--db', 'db')).code, 2, 'no names and no expect');
  assert.equal((await kgrag('why-not', 'vow.kgp', 'X', '--plan', 'vow_cast', '--db', 'db', '--strategy', 'magic')).code, 2);
  assert.equal((await kgrag('why-not', 'vow.kgp', 'X', '--plan', 'vow_cast', '--db', 'db', '--variable', 'zz')).code, 2);
  const r = await kgrag('why-not', 'vow.kgp', 'X', '--plan', 'vow_cast');
  assert.equal(r.code, 2);
  assert.doesNotMatch(r.err, /\n\s+at /);
});

test('kgrag why-not --placement: the analysis runs where asked and says so (store: its round trips); the findings are memory\'s', async () => {
  const store = await kgrag('why-not', 'vow.kgp', 'Michael Sucsy', '--plan', 'vow_cast', '--db', 'db', '--placement', 'store', '--json');
  const memory = await kgrag('why-not', 'vow.kgp', 'Michael Sucsy', '--plan', 'vow_cast', '--db', 'db', '--placement', 'memory', '--json');
  assert.equal(store.code, 1, store.err);
  const s = JSON.parse(store.out) as WhyNotResult;
  const m = JSON.parse(memory.out) as WhyNotResult;
  assert.deepEqual(s.placement, { requested: 'store', ran: 'store', reason: 'placement store was asked for' });
  assert.ok(s.storeIo && s.storeIo.roundTrips >= 1 && s.storeIo.rowsRead > 0, 'the analysis read the store');
  assert.deepEqual(m.placement, { requested: 'memory', ran: 'memory', reason: 'placement memory was asked for' });
  assert.equal(m.storeIo, undefined);
  const strip = ({ ms: _ms, placement: _p, storeIo: _io, ...rest }: WhyNotResult) => rest;
  assert.deepEqual(strip(s), strip(m));
  const text = await kgrag('why-not', 'vow.kgp', 'Michael Sucsy', '--plan', 'vow_cast', '--db', 'db', '--placement', 'store');
  assert.match(text.out, /^ {2}analysis placement: store \(store asked\): placement store was asked for$/m);
  assert.match(text.out, /^ {2}store: \d+ round trip\(s\), \d+ row\(s\) read, [\d.]+ ms in the store$/m);
  // mor's analysis runs in the store too, with memory's findings.
  const mor = JSON.parse((await kgrag('why-not', 'vow.kgp', 'Michael Sucsy', '--plan', 'vow_cast', '--db', 'db', '--placement', 'store', '--strategy', 'mor', '--json')).out) as WhyNotResult;
  const morMemory = JSON.parse((await kgrag('why-not', 'vow.kgp', 'Michael Sucsy', '--plan', 'vow_cast', '--db', 'db', '--placement', 'memory', '--strategy', 'mor', '--json')).out) as WhyNotResult;
  assert.equal(mor.placement?.ran, 'store');
  assert.ok(mor.storeIo && mor.storeIo.roundTrips >= 1, 'the mor analysis read the store');
  assert.deepEqual(strip(mor), strip(morMemory));
});
