import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import { main } from '../../../src/cli/main';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { captureIO } from '../../support/cliCapture';

const root = resolve(__dirname, '../../..');
let dir = '';
let db = '';

const capture = () => captureIO(dir);

const schema = JSON.parse(readFileSync(join(root, 'schemas/retrieval-result.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-run-'));
  db = join(dir, 'db');
  // The real embedded engine with the movie sample shipped in the repo.
  const store = new EmbeddedStore({ folder: db });
  await store.open();
  await importFiles(store, [{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  await store.close();
  writeFileSync(
    join(dir, 'plans.kgp'),
    `plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "the vow") -[starred in]- (actor: Person)
    (film: Movie) -[actor of]- (actor)
    (film) -[in language]-> (lang: Language)
  return lang
  using gsd(k: 3, nodeCandidates: 16, relationCandidates: 16)
}
plan director {
  match (m: Movie "Kismet") -[directed by]-> (d: Person)
  return d
}
`,
  );
  writeFileSync(
    join(dir, 'patterns.jsonl'),
    [
      JSON.stringify({ id: 'q1', query: 'who directed The Vow', graph: [['UNKNOWN director 1', 'director of', 'The Vow']], target: 'UNKNOWN director 1' }),
      JSON.stringify({ id: 'q2', query: 'broken', graph: 'nope' }),
      JSON.stringify({ id: 'q3', query: 'the vow language', triples: [['The Vow', 'in language', 'UNKNOWN language 1']], target: 'UNKNOWN language 1' }),
    ].join('\n'),
  );
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('kgrag run --json on a .kgp file prints results that satisfy the JSON Schema', async () => {
  const io = capture();
  const code = await main(['run', 'plans.kgp', '--db', 'db', '--json'], io);
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.equal(io.stdout.length, 2);
  const results = io.stdout.map((s) => JSON.parse(s) as RetrievalResult);
  for (const r of results) assert.ok(validate(r), JSON.stringify(validate.errors));
  const [costars, director] = results;
  assert.equal(costars!.strategy, 'gsd');
  assert.equal(costars!.subgraphs.length, 3);
  // Every returned language is really reachable through a co-star in the sample graph.
  const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').map((l) => l.split('|'));
  const vowActors = new Set(triples.filter((t) => t[0] === 'The Vow' && t[1] === 'starred_actors').map((t) => t[2]));
  const films = new Set(triples.filter((t) => t[1] === 'starred_actors' && vowActors.has(t[2]) && t[0] !== 'The Vow').map((t) => t[0]));
  const langs = new Set(triples.filter((t) => t[1] === 'in_language' && films.has(t[0])).map((t) => t[2]));
  for (const a of costars!.answers) assert.ok(langs.has(a.value), a.value);
  const kismetDirectors = triples.filter((t) => t[0] === 'Kismet' && t[1] === 'directed_by').map((t) => t[2]);
  assert.ok(kismetDirectors.includes(director!.answers[0]!.value));
  // The snapshot was cached under the store's folder.
  assert.equal(readdirSync(join(db, 'snapshots')).filter((f) => f.endsWith('.bin')).length, 1);
});

test('JSON lines: one result per line, bad lines reported with their line number, exit 1', async () => {
  const io = capture();
  const code = await main(['run', 'patterns.jsonl', '--db', 'db', '--json', '--k', '2'], io);
  assert.equal(code, 1);
  assert.equal(io.stdout.length, 2);
  const results = io.stdout.map((s) => JSON.parse(s) as RetrievalResult);
  assert.deepEqual(results.map((r) => r.id), ['q1', 'q3']);
  for (const r of results) {
    assert.ok(validate(r), JSON.stringify(validate.errors));
    assert.ok(r.subgraphs.length <= 2);
  }
  assert.equal(results[0]!.answers[0]!.value, 'Michael Sucsy');
  assert.match(io.stderr.join('\n'), /patterns\.jsonl:2: q2/);
});

test('exhaustive mode gives the same GSD values; cypher strategy reports its query and plan', async () => {
  const a = capture();
  const b = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--json', '--plan', 'co_actor_languages'], a), 0);
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--json', '--plan', 'co_actor_languages', '--exhaustive'], b), 0);
  const fast = JSON.parse(a.stdout[0]!) as RetrievalResult;
  const slow = JSON.parse(b.stdout[0]!) as RetrievalResult;
  assert.deepEqual(fast.subgraphs.map((s) => s.gsd.toFixed(9)), slow.subgraphs.map((s) => s.gsd.toFixed(9)));
  assert.ok(slow.stats.expansions! >= fast.stats.expansions!);
  assert.equal(fast.stats.anchorsDistinct, 1, "anchors-distinct is the default");
  const h = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--json', '--plan', 'co_actor_languages', '--no-injective'], h), 0, h.stderr.join('\n'));
  const homo = JSON.parse(h.stdout[0]!) as RetrievalResult;
  assert.ok(validate(homo), JSON.stringify(validate.errors));
  assert.equal(homo.stats.injective, 0);
  // More mappings are allowed, so each of the top-k GSDs is no worse.
  homo.subgraphs.forEach((s, i) => assert.ok(s.gsd <= (fast.subgraphs[i]?.gsd ?? Infinity) + 1e-9));
  const c = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--json', '--plan', 'director', '--strategy', 'cypher'], c), 0, c.stderr.join('\n'));
  const cy = JSON.parse(c.stdout[0]!) as RetrievalResult;
  assert.ok(validate(cy), JSON.stringify(validate.errors));
  assert.equal(cy.strategy, 'cypher');
  assert.match(cy.cypher!.text, /MATCH/);
  assert.ok(!cy.cypher!.text.includes('Kismet'), 'values are parameters');
  assert.ok(cy.cypher!.plan, 'plan tree from EXPLAIN');
  assert.ok(cy.answers.length >= 1);
  const m = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--json', '--plan', 'co_actor_languages', '--strategy', 'mor'], m), 0, m.stderr.join('\n'));
  const mor = JSON.parse(m.stdout[0]!) as RetrievalResult;
  assert.ok(validate(mor), JSON.stringify(validate.errors));
  assert.equal(mor.trajectory!.paths.length, 1);
  assert.ok(mor.trajectory!.trajectories.length > 0);
});

test('usage errors exit 2, a missing database too (docs/cli.md), with a clear message', async () => {
  const io = capture();
  assert.equal(await main(['run', 'plans.kgp'], io), 2);
  assert.match(io.stderr.join('\n'), /--db/);
  const io2 = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'db', '--strategy', 'magic'], io2), 2);
  const io3 = capture();
  assert.equal(await main(['run', 'plans.kgp', '--db', 'nowhere'], io3), 2);
  assert.match(io3.stderr.join('\n'), /no database/);
});
