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
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { randomGraph, randomPattern, rng } from '../retrieve/helpers';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { levelStatement, offsetOf } from '../../../src/core/retrieve/store/storeGraph';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import type { CypherParams, QueryOptions } from '../../../src/core/graph/graphStore';

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
      const plan = randomPattern(graph.seed * 1000 + p, g);
      const k = 1 + Math.floor(r() * 8);
      const exhaustive = r() < 0.15;
      const match = semantics[p % 3]!;
      const memory = await graph.session.run(plan, { placement: 'memory', match, exhaustive, k });
      const store = await graph.session.run(plan, { placement: 'store', match, exhaustive, k });
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
      // Not a bound: a second pass may read again, in its label's scan, types a node had read in the first.
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

test('levels read by key lookups (a few nodes of a large label) give the same results as memory: the random graphs with their labels counted a million times larger', async () => {
  let keyed = 0;
  let compared = 0;
  for (const graph of graphs.slice(0, 3)) {
    const { session } = graph;
    const g = await randomGraph(graph.seed, graph.nodes, graph.edges);
    const index = await session.searchIndex();
    const snapshot = await session.snapshot();
    const schema = await session.schema();
    // Label sizes are what the key lookups are chosen by: inflated, every level of ≤ 8 nodes per label uses them.
    const large = { ...schema, labels: schema.labels.map((l) => ({ ...l, count: (l.count ?? 0) * 1_000_000 })) };
    const sent: string[] = [];
    const reader = { dialect: 'kuzu' as const, query: (cypher: string, options?: QueryOptions) => (sent.push(cypher), session.query(cypher, options)) };
    for (let p = 0; p < 20; p++) {
      const plan = randomPattern(graph.seed * 2000 + p, g);
      const before = sent.length;
      const store = await retrieveGsd(plan, index, session.embedder, { inStore: { reader, schema: large } });
      const memory = await retrieveGsd(plan, snapshot, session.embedder);
      assert.deepEqual(shape(store), shape(memory), `seed ${graph.seed} plan ${p}`);
      compared++;
      if (sent.slice(before).some((s) => s.includes('{name: $k'))) keyed++;
    }
  }
  assert.equal(compared, 60);
  assert.ok(keyed >= 20, `runs with key lookups: ${keyed}`);
});

test('a level read by key lookups returns the same rows as the scan with a list filter; every form passes the query door', async () => {
  const { session } = graphs[1]!;
  const index = await session.searchIndex();
  const schema = await session.schema();
  const endpoints = new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints] as const));
  const r = rng(77);
  const types = schema.relationshipTypes.map((t) => t.name);
  let nonEmpty = 0;
  for (let trial = 0; trial < 20; trial++) {
    const picked = Array.from({ length: 1 + Math.floor(r() * 5) }, () => Math.floor(r() * index.nodeCount));
    const byLabel = new Map<string, number[]>();
    for (const g of new Set(picked)) byLabel.set(index.labelOf(g), [...(byLabel.get(index.labelOf(g)) ?? []), g]);
    const someTypes = types.filter(() => r() < 0.6);
    const scan = levelStatement([...byLabel].map(([label, gs]) => ({ label, offsets: gs.map((g) => offsetOf(index.data.nodeIds.get(g))), types: someTypes })), (t) => endpoints.get(t));
    const keys = levelStatement([...byLabel].flatMap(([label, gs]) => gs.map((g) => ({ label, offsets: [offsetOf(index.data.nodeIds.get(g))], keys: [index.names.get(g)], types: someTypes }))), (t) => endpoints.get(t));
    if (scan.cypher === '') {
      assert.equal(keys.cypher, '');
      continue;
    }
    for (const s of [scan.cypher, keys.cypher]) assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
    assert.ok(!/\{name: '/.test(keys.cypher), 'keys are parameters');
    const rowsOf = async (st: { cypher: string; params: CypherParams }) => (await session.query(st.cypher, { params: st.params, readOnly: true })).rows.map((x) => JSON.stringify([x.a, x.t, x.ro, x.b, x.bl, x.o])).sort();
    const a = await rowsOf(scan);
    assert.deepEqual(await rowsOf(keys), a, `trial ${trial}`);
    if (a.length > 0) nonEmpty++;
  }
  assert.ok(nonEmpty >= 10, `trials with rows: ${nonEmpty}`);
});
