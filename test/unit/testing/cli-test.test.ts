import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';

const root = resolve(__dirname, '../../..');
let dir = '';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

const PASSING = `plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language)
  return lang
  expect "English"
}
plan untested {
  match (m: Movie "Heat") -[directed by]-> (d: Person)
  return d
}
`;
const FAILING = `plan kismet_director {
  match (m: Movie "Kismet") -[directed by]-> (d: Person)
  return d
  expect "Nobody Atall"
}
`;

// "Joe Thomas" is not in the sample graph; gsd binds it to the nearest name, so the answers look normal.
const ABSENT = `plan joe_thomas_films {
  match (p: Person "Joe Thomas") -[starred actors]- (m: Movie)
  return m
  expect "Tootsie"
}
`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-test-cli-'));
  // The real embedded engine holding the movie sample shipped in the repo.
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  await store.open();
  await importFiles(store, [{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  await store.close();
  writeFileSync(join(dir, 'pass.kgp'), PASSING);
  writeFileSync(join(dir, 'fail.kgp'), FAILING);
  writeFileSync(join(dir, 'absent.kgp'), ABSENT);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('kgrag test: all passing → exit 0, one line per plan with expect, summary last', async () => {
  const io = capture();
  const code = await main(['test', 'pass.kgp', '--db', 'db'], io);
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.equal(io.stdout.length, 2);
  assert.match(io.stdout[0]!, /^PASS {2}pass\.kgp:8 co_actor_languages — all 1 expected answer\(s\) found/);
  assert.equal(io.stdout.at(-1), '1 passed, 0 failed');
});

test('kgrag test: a failing plan → exit 1, its retrieved answers shown, "1 passed, 1 failed"', async () => {
  const io = capture();
  const code = await main(['test', 'pass.kgp', 'fail.kgp', '--db', 'db'], io);
  assert.equal(code, 1);
  const fail = io.stdout.find((l) => l.startsWith('FAIL'));
  assert.ok(fail, io.stdout.join('\n'));
  assert.match(fail, /fail\.kgp:4 kismet_director — missing "Nobody Atall" among the top \d+ answer\(s\): "/);
  assert.equal(io.stdout.at(-1), '1 passed, 1 failed');
});

test('kgrag test: a failure whose result carried a not-found warning says so first', async () => {
  const io = capture();
  const code = await main(['test', 'absent.kgp', '--db', 'db'], io);
  assert.equal(code, 1, io.stdout.join('\n'));
  const fail = io.stdout.find((l) => l.startsWith('FAIL'));
  assert.ok(fail, io.stdout.join('\n'));
  assert.match(fail, /joe_thomas_films — 'Joe Thomas' is not in the graph \(nearest: '[^']+', distance \d\.\d\d\); missing "Tootsie"/);
});

test('kgrag test --json: one JSON object per test with answers and Hits@k, then the summary', async () => {
  const io = capture();
  const code = await main(['test', 'fail.kgp', '--db', 'db', '--json'], io);
  assert.equal(code, 1);
  const first = JSON.parse(io.stdout[0]!) as { status: string; answers: string[]; hitsAtK: number; file: string };
  assert.equal(first.status, 'failed');
  assert.equal(first.file, 'fail.kgp');
  assert.ok(first.answers.length > 0);
  assert.equal(first.hitsAtK, 0);
  const summary = JSON.parse(io.stdout[1]!) as { summary: { passed: number; failed: number } };
  assert.deepEqual([summary.summary.passed, summary.summary.failed], [0, 1]);
  // stdout is JSON lines only (issue 29): the line for people goes to stderr.
  assert.equal(io.stdout.length, 2);
  assert.equal(io.stderr.at(-1), '0 passed, 1 failed');
});

test('kgrag test: usage and missing inputs', async () => {
  let io = capture();
  assert.equal(await main(['test', '--db', 'db'], io), 2);
  io = capture();
  assert.equal(await main(['test', 'pass.kgp'], io), 2);
  io = capture();
  assert.equal(await main(['test', 'pass.kgp', '--db', 'nowhere'], io), 2);
  assert.match(io.stderr.join('\n'), /no database/);
  io = capture();
  assert.equal(await main(['test', 'missing.kgp', '--db', 'db'], io), 2);
  io = capture();
  assert.equal(await main(['test', 'pass.kgp', '--db', 'db', '--plan', 'untested'], io), 1);
  assert.match(io.stderr.join('\n'), /no plans with expect named untested/);
});

test('kgrag test: a file pinned to another graph is skipped with the reason, never run against --db', async () => {
  writeFileSync(join(dir, 'pinned-other.kgp'), 'graph "elsewhere"\n' + PASSING);
  const io = capture();
  assert.equal(await main(['test', 'pinned-other.kgp', 'fail.kgp', '--db', 'db'], io), 1);
  assert.match(io.stdout.join('\n'), /^SKIP {2}pinned-other\.kgp:9 co_actor_languages — pinned to graph "elsewhere", not the graph in use/m);
  assert.equal(io.stdout.at(-1), '0 passed, 1 failed, 1 skipped (pinned to another graph)');
  // Only skipped tests: nothing was checked, so not green.
  const only = capture();
  assert.equal(await main(['test', 'pinned-other.kgp', '--db', 'db'], only), 1);
  assert.match(only.stderr.join('\n'), /no test ran/);
});

test('kgrag test: without --db a file pinned to a database folder runs on that folder', async () => {
  writeFileSync(join(dir, 'pinned-db.kgp'), 'graph "db"\n' + PASSING);
  let io = capture();
  assert.equal(await main(['test', 'pinned-db.kgp'], io), 0, io.stderr.join('\n'));
  assert.match(io.stdout[0]!, /^PASS {2}pinned-db\.kgp:9 co_actor_languages/);
  // The same pin given --db of that folder runs too; an unpinned or a non-folder pin without --db is a usage error.
  io = capture();
  assert.equal(await main(['test', 'pinned-db.kgp', '--db', 'db'], io), 0);
  io = capture();
  assert.equal(await main(['test', 'pinned-db.kgp', 'pass.kgp'], io), 2);
  assert.match(io.stderr.join('\n'), /pass\.kgp:8: plan co_actor_languages is not pinned to a graph/);
  io = capture();
  assert.equal(await main(['test', 'pinned-other.kgp'], io), 2);
  assert.match(io.stderr.join('\n'), /pinned-other\.kgp:9: the pinned graph "elsewhere" is not a database folder/);
});

test('kgrag test: the kgrag.testing.graphs folder pins of .vscode/settings.json skip and route tests as the graph line does; the line wins', async () => {
  mkdirSync(join(dir, 'ws', '.vscode'), { recursive: true });
  mkdirSync(join(dir, 'ws', 'other'), { recursive: true });
  mkdirSync(join(dir, 'ws', 'mine'), { recursive: true });
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{\n  // the editor reads the same setting\n  "kgrag.testing.graphs": { "other": "elsewhere", "mine": "../db" }\n}\n');
  writeFileSync(join(dir, 'ws', 'other', 'a.kgp'), PASSING);
  writeFileSync(join(dir, 'ws', 'mine', 'b.kgp'), PASSING);
  writeFileSync(join(dir, 'ws', 'other', 'own.kgp'), 'graph "db"\n' + PASSING);
  let io = capture();
  assert.equal(await main(['test', 'ws/other/a.kgp', 'ws/other/own.kgp', '--db', 'db'], io), 0, io.stdout.join('\n') + io.stderr.join('\n'));
  assert.match(io.stdout.join('\n'), /^SKIP {2}ws\/other\/a\.kgp:8 co_actor_languages — pinned to graph "elsewhere" \(kgrag\.testing\.graphs for folder "other"\), not the graph in use \(/m);
  assert.match(io.stdout.join('\n'), /^PASS {2}ws\/other\/own\.kgp:9 co_actor_languages/m);
  assert.equal(io.stdout.at(-1), '1 passed, 0 failed, 1 skipped (pinned to another graph)');
  // Without --db the folder pin names the database folder (relative to the workspace folder) the tests run on.
  io = capture();
  assert.equal(await main(['test', 'ws/mine/b.kgp'], io), 0, io.stderr.join('\n'));
  assert.match(io.stdout[0]!, /^PASS {2}ws\/mine\/b\.kgp:8 co_actor_languages/);
  // A settings value of the wrong shape: one line naming the file, exit 1.
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{ "kgrag.testing.graphs": "movies" }');
  io = capture();
  assert.equal(await main(['test', 'ws/mine/b.kgp', '--db', 'db'], io), 1);
  assert.match(io.stderr.join('\n'), /^kgrag test: .*settings\.json: kgrag\.testing\.graphs must map folders/);
});
