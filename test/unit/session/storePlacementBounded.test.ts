// gsd's bounded reads in the store (docs/placement.md, "Bounded reads"): the store path reads only
// the partial matches whose lower bound can still reach the k-th best GSD (ties included), in two
// passes. Property test on the REAL embedded engine over many random multigraphs and patterns
// (names with typos, relation phrases, unknowns, cycles, every match semantics, k from 1 to 8,
// exhaustive or not): the same subgraphs, GSD values, tie order, ties cut at k, answers and
// warnings as the memory search — and the bound is not vacuous: many runs read fewer rows than the
// same run with a k no search fills (which reads every possible image, as before the bound).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { randomGraph, randomPattern, rng } from '../retrieve/helpers';

let dir = '';
const graphs: { session: RetrievalSession; seed: number; nodes: number; edges: number }[] = [];
const SHAPES = [
  [51, 40, 200],
  [52, 60, 300],
  [53, 30, 220],
  [54, 80, 260],
  [55, 50, 400],
  [56, 45, 150],
] as const;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-bounded-'));
  for (const [seed, nodes, edges] of SHAPES) {
    const g = await randomGraph(seed, nodes, edges);
    const lines = [...g.nodeNames.map((n) => JSON.stringify({ id: n, name: n, label: g.labels.get(n) })), ...g.triples.map(([h, r, t]) => JSON.stringify({ source: h, target: t, type: r }))];
    const file = join(dir, `g${seed}.jsonl`);
    writeFileSync(file, lines.join('\n'));
    const folder = join(dir, `db${seed}`);
    const importing = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } });
    await importing.import([{ path: file, format: 'jsonl' }]);
    await importing.buildIndex();
    await importing.close();
    graphs.push({ session: await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } }), seed, nodes, edges });
  }
});

after(async () => {
  for (const g of graphs) await g.session.close();
  rmSync(dir, { recursive: true, force: true });
});

function shape(r: RetrievalResult): unknown {
  return {
    subgraphs: r.subgraphs.map((s) => ({ rank: s.rank, gsd: s.gsd, mapping: s.mapping.map((m) => [m.variable, m.nodeId, m.name, m.labels]), triples: s.triples.map((t) => [t.source, t.type, t.target, t.edgeId]), terms: s.terms })),
    answers: r.answers,
    ties: r.ties,
    warnings: r.warnings ?? [],
  };
}

test('bounded reads in the store equal the memory search (subgraphs, GSD, tie order, ties cut at k, answers) on random graphs, and read fewer rows than the unbounded reads', async () => {
  const semantics = ['injective', 'anchors-distinct', 'homomorphic'] as const;
  let compared = 0;
  let inStore = 0;
  let fewerRows = 0;
  let withTies = 0;
  let withSubgraphs = 0;
  for (const graph of graphs) {
    const g = await randomGraph(graph.seed, graph.nodes, graph.edges);
    const r = rng(graph.seed * 31);
    for (let p = 0; p < 25; p++) {
      const base = randomPattern(graph.seed * 1000 + p, g);
      const k = 1 + Math.floor(r() * 8);
      const exhaustive = r() < 0.15;
      const match = semantics[p % 3]!;
      const plan: PlanningGraph = { ...base, strategy: { ...base.strategy, kind: 'gsd', k } };
      const memory = await graph.session.run(plan, { placement: 'memory', match, exhaustive });
      const store = await graph.session.run(plan, { placement: 'store', match, exhaustive });
      const where = `seed ${graph.seed} plan ${p} k ${k} ${match}${exhaustive ? ' exhaustive' : ''}`;
      assert.deepEqual(shape(store), shape(memory), where);
      compared++;
      if (store.ties) withTies++;
      if (store.subgraphs.length > 0) withSubgraphs++;
      if (store.placement?.ran !== 'store') continue;
      inStore++;
      const hops = plan.edges.length;
      assert.ok(store.storeIo!.roundTrips <= 2 * hops + 2, `${where}: ${store.storeIo!.roundTrips} round trips for ${hops} hops`);
      // A k no search fills: the first pass finds fewer, so the second reads every possible image.
      const all = await graph.session.run(plan, { placement: 'store', match, exhaustive, k: 100_000 });
      const allMemory = await graph.session.run(plan, { placement: 'memory', match, exhaustive, k: 100_000 });
      assert.deepEqual(shape(all), shape(allMemory), `${where}, k 100000`);
      assert.ok(store.storeIo!.rowsRead <= all.storeIo!.rowsRead, `${where}: ${store.storeIo!.rowsRead} rows bounded, ${all.storeIo!.rowsRead} unbounded`);
      if (store.storeIo!.rowsRead < all.storeIo!.rowsRead) fewerRows++;
    }
  }
  assert.equal(compared, SHAPES.length * 25);
  console.log(`bounded reads on random graphs: ${compared} compared, ${inStore} in the store, ${withTies} with ties cut at k, ${fewerRows} read fewer rows than unbounded`);
  // Not vacuous: most runs went to the store and found subgraphs, some cut ties at k, and the bound cut rows in many.
  assert.ok(inStore >= 100, `in store: ${inStore}`);
  assert.ok(withSubgraphs >= 100, `with subgraphs: ${withSubgraphs}`);
  assert.ok(withTies >= 3, `with ties cut at k: ${withTies}`);
  assert.ok(fewerRows >= 20, `runs the bound read fewer rows in: ${fewerRows}`);
});
