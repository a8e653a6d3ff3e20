// Store placement on MetaQA data (the movie sample: 2,999 MetaQA triples) on the real embedded engine:
// MetaQA-style chains of 1–3 hops from every film and person of a seeded sample, typed and untyped,
// give exactly the memory search's subgraphs, GSD values, tie order and answers, within
// 2 × hops + 2 round trips. (The whole MetaQA kb.txt: npm run bench:store, docs/placement.md.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { PlanEdge, PlanNode, PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { SAMPLE_TRIPLES, sampleSession } from '../../support/sampleSession';
import { rng } from '../retrieve/helpers';

const session = sampleSession('kgrag-store-metaqa-');

const HOPS: readonly { relation: string; phrase: string; label: string }[] = [
  { relation: 'directed_by', phrase: 'directed by', label: 'Person' },
  { relation: 'starred_actors', phrase: 'starred actors', label: 'Person' },
  { relation: 'written_by', phrase: 'written by', label: 'Person' },
  { relation: 'has_genre', phrase: 'genre', label: 'Genre' },
  { relation: 'in_language', phrase: 'in language', label: 'Language' },
  { relation: 'release_year', phrase: 'release year', label: 'Year' },
];

/** A chain from a film: film -r1- x1 -r1- film2 -r2- x2 … (MetaQA's shapes), typed or not. */
function chain(film: string, hops: number, r: () => number, typed: boolean): PlanningGraph {
  const nodes: PlanNode[] = [{ id: 'n0', ...(typed ? { category: 'Movie' } : {}), text: { kind: 'soft', value: film } }];
  const edges: PlanEdge[] = [];
  for (let i = 1; i <= hops; i++) {
    const h = HOPS[Math.floor(r() * HOPS.length)]!;
    const backToFilm = i % 2 === 0;
    nodes.push({ id: `n${i}`, ...(typed ? { category: backToFilm ? 'Movie' : h.label } : {}) });
    edges.push({ id: `e${i}`, source: `n${i - 1}`, target: `n${i}`, directed: false, relation: { kind: 'phrase', value: h.phrase } });
  }
  return { name: `chain_${hops}`, nodes, edges, targets: [`n${hops}`], expect: [], strategy: { kind: 'gsd', k: 5, nodeCandidates: 4, relationCandidates: 3 } };
}

const shape = (x: RetrievalResult) => ({ s: x.subgraphs.map((g) => [g.gsd, g.mapping.map((m) => [m.nodeId, m.name]), g.triples.map((t) => [t.source, t.type, t.target]), g.terms]), a: x.answers });

test('MetaQA sample: store placement equals memory for 1–3-hop chains (typed and untyped), within 2 × hops + 2 round trips', async () => {
  const films = [...new Set(readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n').filter(Boolean).map((l) => l.split('|')[0]!))];
  const r = rng(2025);
  let compared = 0;
  let nonEmpty = 0;
  for (let i = 0; i < 30; i++) {
    const film = films[Math.floor(r() * films.length)]!;
    for (const hops of [1, 2, 3]) {
      const plan = chain(film, hops, r, i % 3 !== 0);
      const memory = await session().run(plan, { placement: 'memory' });
      const store = await session().run(plan, { placement: 'store' });
      assert.equal(store.placement?.ran, 'store', store.placement?.reason);
      assert.deepEqual(shape(store), shape(memory), `${film}, ${hops} hops`);
      assert.ok(store.storeIo!.roundTrips <= 2 * hops + 2, `${store.storeIo!.roundTrips} round trips for ${hops} hops`);
      compared++;
      if (store.subgraphs.length >= 2) nonEmpty++;
    }
  }
  assert.equal(compared, 90);
  assert.ok(nonEmpty >= 60, `${nonEmpty} comparisons with ≥ 2 subgraphs`);
});
