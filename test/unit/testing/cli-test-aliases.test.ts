import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';

// Issue 29, case 9: `kgrag test` uses the plan's `schema "…"` aliases as `run` does. The made-up
// relation word "zorblat" is an alias of directed_by in the plan's schema and nothing else: with
// the alias, k 1 returns the director; without it, the nearest type by spelling (an actor).
const root = resolve(__dirname, '../../..');
let dir = '';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

const PLAN = `plan vow_zorblat {
  match (m: Movie "The Vow") -[zorblat]- (a: Person)
  return a
  using gsd(k: 1)
  expect "Michael Sucsy"
}
`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-test-aliases-'));
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  await store.open();
  await importFiles(store, [{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  await store.close();
  writeFileSync(join(dir, 's.kgschema.json'), JSON.stringify({ name: 'm', labels: { Movie: { properties: ['name'] }, Person: { properties: ['name'] } }, relationshipTypes: { starred_actors: { endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] }, directed_by: { endpoints: [{ from: 'Movie', to: 'Person' }], properties: [], aliases: ['zorblat'] } } }));
  writeFileSync(join(dir, 'with.kgp'), `schema "s.kgschema.json"\n${PLAN}`);
  writeFileSync(join(dir, 'without.kgp'), PLAN);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('kgrag test resolves the plan schema\'s relation aliases as kgrag run does: same answer, the test passes', async () => {
  const ran = capture();
  assert.equal(await main(['run', 'with.kgp', '--db', 'db', '--json'], ran), 0, ran.stderr.join('\n'));
  const result = JSON.parse(ran.stdout.join('\n')) as { answers: { value: string }[] };
  assert.deepEqual(result.answers.map((a) => a.value), ['Michael Sucsy'], 'run uses the alias');

  const tested = capture();
  const code = await main(['test', 'with.kgp', '--db', 'db', '--json'], tested);
  const outcome = tested.stdout.map((l) => JSON.parse(l) as { status?: string; answers?: string[] }).find((o) => o.status !== undefined)!;
  assert.deepEqual(outcome.answers, ['Michael Sucsy'], 'test sees what run returned');
  assert.equal(outcome.status, 'passed');
  assert.equal(code, 0, tested.stderr.join('\n'));

  // The control: the same plan without its schema line misses (so the alias is what made it pass).
  const control = capture();
  assert.equal(await main(['test', 'without.kgp', '--db', 'db'], control), 1);
  assert.match(control.stdout.join('\n'), /FAIL .*missing "Michael Sucsy"/);
});
