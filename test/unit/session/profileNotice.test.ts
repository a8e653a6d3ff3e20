import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cypherNotice } from '../../../src/contracts/retrievalResult';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { openSession, type RetrievalSession } from '../../../src/core/session';

// Issue 26, point 9: Profile (and Explain) of a gsd plan run the plan compiled to Cypher. The result
// says so — which strategy ran, not the plan's own — and that the soft title became an exact
// `{name: $p0}` match. The real embedded engine over the movie sample.
const root = resolve(__dirname, '../../..');
let dir = '';
let session: RetrievalSession;
const plan = toPlanningGraphs(parseDocument(readFileSync(join(root, 'examples/three_hop.kgp'), 'utf8')).document).find((p) => p.name === 'inception_director_years')!;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-profile-'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'lexical' } });
  await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
});

after(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('profile of a gsd plan: the cypher strategy ran it (said), and the soft title became an exact name parameter (said, with its parameter)', async () => {
  const run = await session.run(plan);
  assert.equal(run.strategy, 'gsd');
  const profiled = await session.run(plan, { mode: 'profile' });
  assert.equal(profiled.strategy, 'cypher');
  assert.equal(profiled.cypher?.mode, 'profile');
  assert.equal(profiled.cypher?.planStrategy, 'gsd');
  assert.notDeepEqual(profiled.answers.map((a) => a.value), run.answers.map((a) => a.value), 'different answers from the run');
  const exact = profiled.cypher!.exact!.find((x) => x.element === 'node' && x.ref === 'inception')!;
  assert.ok(exact, JSON.stringify(profiled.cypher?.exact));
  assert.equal(exact.written, 'Inception');
  assert.equal(exact.became, 'Inception');
  // The parameter named holds that name, and the query compares it.
  assert.equal(profiled.cypher!.params[exact.param!], 'Inception');
  assert.ok(profiled.cypher!.text.includes(`$${exact.param}`), profiled.cypher!.text);
  const words = cypherNotice(profiled.cypher!);
  assert.equal(words[0], "Profile compiled the gsd plan to Cypher and ran it with the cypher strategy: these are the query's answers, not the gsd run's.");
  assert.match(words[1]!, new RegExp(`\\(inception\\) "Inception" became the exact match \\{name: \\$${exact.param}\\} = "Inception"`));
  assert.match(words[1]!, /\[directed by\] became the exact type :directed_by/);
  // Explain says it too (nothing executed); a cypher plan's own run names no other strategy.
  const explained = await session.run(plan, { mode: 'explain' });
  assert.equal(explained.cypher?.planStrategy, 'gsd');
  assert.match(cypherNotice(explained.cypher!)[0]!, /^Explain compiled the gsd plan to Cypher .*\(not executed\)\.$/);
  const own = await session.run({ ...plan, strategy: { kind: 'cypher', limit: 50 } }, {});
  assert.equal(own.cypher?.planStrategy, undefined);
  assert.match(cypherNotice(own.cypher!).join(' '), /^Soft matching became exact/);
});
