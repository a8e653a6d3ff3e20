// Store placement on MetaQA data (the movie sample: 2,999 MetaQA triples) on the real embedded engine:
// MetaQA-style chains of 1–3 hops from every film and person of a seeded sample, typed and untyped,
// give exactly the memory search's subgraphs, GSD values, tie order and answers, within
// 2 × hops + 2 round trips. (The whole MetaQA kb.txt: npm run bench:store, docs/placement.md.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { metaqaChain } from './metaqaChains';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';
import { rng } from '../retrieve/helpers';
import { importedDatabase } from '../../support/importedGraph';

async function withSession<T>(folder: string, placement: 'store' | 'memory', fn: (s: RetrievalSession) => Promise<T>): Promise<T> {
  const s = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' }, placement });
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/** A chain from a film: film -r1- x1 -r1- film2 -r2- x2 … (MetaQA's shapes), typed or not. */
function chain(film: string, hops: number, r: () => number, typed: boolean): PlanningGraph {
  const { nodes, edges } = metaqaChain(film, hops, r, typed);
  return { name: `chain_${hops}`, nodes, edges, targets: [`n${hops}`], expect: [], strategy: { kind: 'gsd', k: 5, nodeCandidates: 4, relationCandidates: 3 } };
}

const shape = (x: RetrievalResult) => ({ s: x.subgraphs.map((g) => [g.gsd, g.mapping.map((m) => [m.nodeId, m.name]), g.triples.map((t) => [t.source, t.type, t.target]), g.terms]), a: x.answers, ties: x.ties, w: x.warnings });

test('MetaQA sample: store placement (a session holding the index without the graph) equals memory for 1–3-hop chains (typed and untyped), ties at k included, within 2 × hops + 2 round trips', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-store-metaqa-'));
  const folder = join(dir, 'db');
  try {
    // As `kgrag import` leaves it: the graph and its index file.
    await importedDatabase(folder, [{ path: SAMPLE_TRIPLES, format: 'triples' }]);
    const films = [...new Set(readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n').filter(Boolean).map((l) => l.split('|')[0]!))];
    const r = rng(2025);
    const plans: PlanningGraph[] = [];
    for (let i = 0; i < 30; i++) {
      const film = films[Math.floor(r() * films.length)]!;
      for (const hops of [1, 2, 3]) plans.push(chain(film, hops, r, i % 3 !== 0));
    }
    const stored = await withSession(folder, 'store', async (s) => {
      const out: RetrievalResult[] = [];
      for (const plan of plans) out.push(await s.run(plan));
      // Nothing loaded the graph's edges into this session: its index is not a snapshot.
      assert.ok(!((await s.searchIndex()) instanceof GraphSnapshot));
      return out;
    });
    let nonEmpty = 0;
    let ties = 0;
    await withSession(folder, 'memory', async (s) => {
      for (const [i, plan] of plans.entries()) {
        const memory = await s.run(plan);
        const store = stored[i]!;
        const hops = plan.edges.length;
        assert.equal(store.placement?.ran, 'store', store.placement?.reason);
        assert.equal(memory.placement?.ran, 'memory');
        assert.deepEqual(shape(store), shape(memory), `${plan.nodes[0]!.text?.value}, ${hops} hops`);
        assert.ok(store.storeIo!.roundTrips <= 2 * hops + 2, `${store.storeIo!.roundTrips} round trips for ${hops} hops`);
        if (store.subgraphs.length >= 2) nonEmpty++;
        if (store.ties) ties++;
      }
    });
    assert.equal(plans.length, 90);
    assert.ok(nonEmpty >= 60, `${nonEmpty} comparisons with ≥ 2 subgraphs`);
    assert.ok(ties >= 1, `${ties} comparisons with ties cut at k`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
