import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { applyFix } from '../../../src/core/whynot';
import { verifyFixes } from '../../../src/core/whynot/fixes';

// Issue 26, point 1: on examples/two_hop.kgp, every subgraph that gives "French" maps the named
// film "The Vow" to another film. The finding must say so, and a fix counts only when its re-run
// returns the answer through "The Vow" itself. The real embedded engine over the movie sample.
const root = resolve(__dirname, '../../..');
let dir = '';
let session: RetrievalSession;

function plans(file: string): PlanningGraph[] {
  return toPlanningGraphs(parseDocument(readFileSync(join(root, file), 'utf8')).document);
}
const coActors = plans('examples/two_hop.kgp').find((p) => p.name === 'co_actor_languages')!;

/** Whether some subgraph of a result gives `answer` for `target` with `vow` mapped to the node named "The Vow". */
function throughTheVow(r: RetrievalResult, answer: string): boolean {
  return r.subgraphs.some((s) => s.mapping.some((m) => m.variable === 'lang' && m.name === answer) && s.mapping.some((m) => m.variable === 'vow' && m.name === 'The Vow'));
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-whynot-swap-'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'lexical' } });
  await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
});

after(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('why not "French" (gsd): the named node "The Vow" had to be swapped; said with the term and the node it became', async () => {
  // The ground truth, from the run itself: with k large enough every subgraph giving French maps vow elsewhere.
  const wide = await session.run(coActors, { strategy: 'gsd', k: 200 });
  const french = wide.subgraphs.filter((s) => s.mapping.some((m) => m.variable === 'lang' && m.name === 'French'));
  assert.ok(french.length > 0, 'French has subgraphs when k is large');
  assert.ok(!throughTheVow(wide, 'French'), 'no subgraph reaches French from "The Vow"');

  const r = await session.whyNot(coActors, 'French');
  assert.equal(r.cause.kind, 'named-swapped', r.summary);
  if (r.cause.kind !== 'named-swapped') return;
  const swap = r.cause.swaps.find((s) => s.variable === 'vow');
  assert.ok(swap, 'the swap of (vow) is listed');
  assert.equal(swap.term, 'The Vow');
  assert.equal(swap.own.name, 'The Vow');
  assert.notEqual(swap.became.name, 'The Vow');
  assert.ok(french.some((s) => s.mapping.some((m) => m.variable === 'vow' && m.name === swap.became.name)), `the node it became (${swap.became.name}) is one French's subgraphs use`);
  assert.match(r.summary, /swapped named node: \(vow\) "The Vow" became "/);
  assert.doesNotMatch(r.summary, /cut by k/);
  // Every fix said to bring it back does so through "The Vow" (checked by re-running it here).
  for (const f of r.fixes) {
    if (!f.outcome?.returned) continue;
    const applied = applyFix(coActors, f, undefined);
    assert.ok(!('skipped' in applied));
    const again = await session.run(applied.plan, { strategy: 'gsd', k: 200 });
    assert.ok(throughTheVow(again, 'French'), `fix "${f.label}" is verified only when French comes through "The Vow"`);
  }
});

test('a fix whose re-run returns the answer only through a swapped named node is not verified', async () => {
  const ctx = { embedder: session.embedder, snapshot: (s?: AbortSignal) => session.snapshot(s), run: (p: PlanningGraph, o: Parameters<RetrievalSession['run']>[1]) => session.run(p, o) };
  const fixes = await verifyFixes(coActors, 'French', 'gsd', [{ kind: 'set-parameter', strategy: 'gsd', name: 'k', value: 200, label: 'raise k to 200' }], ctx, {}, 'lang');
  const o = fixes[0]!.outcome!;
  assert.ok(o.rank !== undefined, 'the re-run does list French');
  assert.equal(o.returned, false, 'but only through another film than "The Vow"');
  assert.ok(o.swapped && o.swapped.some((s) => s.variable === 'vow' && s.own.name === 'The Vow' && s.became.name !== 'The Vow'));
  // And a returned answer through the named node stays verified: English, from The Vow's co-actors.
  const ok = await verifyFixes(coActors, 'English', 'gsd', [{ kind: 'set-parameter', strategy: 'gsd', name: 'k', value: 3, label: 'k 3' }], ctx, {}, 'lang');
  assert.equal(ok[0]!.outcome!.returned, true);
});

test('why not (cypher, mor): a re-run through another named node is not verified either', async () => {
  // mor: its seeds are named-node matches; an answer returned is "returned", and says when only through a swap.
  const r = await session.whyNot(coActors, 'English', { strategy: 'mor' });
  if (r.cause.kind === 'returned') assert.doesNotMatch(r.summary, /swapped/, 'English comes from The Vow itself');
  // cypher names exact nodes: its verified fixes come through "The Vow".
  const c = await session.whyNot(coActors, 'French', { strategy: 'cypher' });
  for (const f of c.fixes) {
    if (!f.outcome?.returned) continue;
    const applied = applyFix(coActors, f, undefined);
    assert.ok(!('skipped' in applied));
    const again = await session.run(applied.plan, { strategy: 'cypher' });
    assert.ok(throughTheVow(again, 'French'), `cypher fix "${f.label}"`);
  }
});
