// In-store retrieval (placement store) on the REAL embedded engine: the same subgraphs (node ids,
// relation types), GSD values, tie order and answers as the snapshot search, on random multigraphs
// and on the MetaQA sample; round trips ≤ 2 × hops + 2; every statement the store path sends passes
// the query door and, in the Neo4j dialect, Neo4j's own parser (Cypher 5 and 25).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintCypherQuery } from '@neo4j-cypher/language-support';
import { openSession, decidePlacement, type RetrievalSession } from '../../../src/core/session';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { expansionParams, expansionStatement, membersStatement, namesStatement } from '../../../src/core/retrieve/store/storeGraph';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';
import { randomGraph, randomPattern } from '../retrieve/helpers';
import neo4j from 'neo4j-driver';
import { serverTimeMs } from '../../../src/core/graph/neo4j/neo4jStore';

let dir = '';
const graphs: { session: RetrievalSession; seed: number }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-placement-'));
  for (const [seed, nodes, edges] of [
    [31, 40, 160],
    [32, 60, 260],
    [33, 30, 200],
  ] as const) {
    const g = await randomGraph(seed, nodes, edges);
    // Parallel edges of one type between the same nodes, both directions: the tie order must hold.
    const lines = [...g.nodeNames.map((n) => JSON.stringify({ id: n, name: n, label: g.labels.get(n) })), ...g.triples.map(([h, r, t]) => JSON.stringify({ source: h, target: t, type: r }))];
    const file = join(dir, `g${seed}.jsonl`);
    writeFileSync(file, lines.join('\n'));
    const session = await openSession({ store: { kind: 'embedded', folder: join(dir, `db${seed}`) }, embedder: { kind: 'hashing' } });
    await session.import([{ path: file, format: 'jsonl' }]);
    graphs.push({ session, seed });
  }
});

after(async () => {
  for (const g of graphs) await g.session.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What must be identical: per subgraph its GSD, node images, triples (ids and types) in rank order; the answers. */
function shape(r: RetrievalResult): unknown {
  return {
    subgraphs: r.subgraphs.map((s) => ({ rank: s.rank, gsd: s.gsd, mapping: s.mapping.map((m) => [m.variable, m.nodeId, m.name, m.labels]), triples: s.triples.map((t) => [t.source, t.type, t.target, t.edgeId]), terms: s.terms })),
    answers: r.answers,
    candidates: r.candidates,
    // Store placement adds one warning of its own: ties beyond k are not counted there (memory counts them in `ties`).
    warnings: (r.warnings ?? []).filter((w) => !w.includes('not counted in store placement')),
  };
}

function hops(plan: PlanningGraph): number {
  return plan.edges.length;
}

test('placement store gives the same subgraphs, GSD values, tie order and answers as memory on random graphs (real engine)', async () => {
  let inStore = 0;
  let withResults = 0;
  for (const { session, seed } of graphs) {
    const g = await randomGraph(seed, seed === 32 ? 60 : seed === 33 ? 30 : 40, seed === 32 ? 260 : seed === 33 ? 200 : 160);
    for (let p = 0; p < 20; p++) {
      const plan = randomPattern(seed * 100 + p, g);
      for (const match of ['injective', 'anchors-distinct', 'homomorphic'] as const) {
        const memory = await session.run(plan, { placement: 'memory', match });
        const store = await session.run(plan, { placement: 'store', match });
        assert.equal(memory.placement?.ran, 'memory');
        assert.deepEqual(shape(store), shape(memory), `seed ${seed} plan ${p} ${match}`);
        if (store.placement?.ran === 'store') {
          inStore++;
          assert.ok(store.storeIo, 'a store run counts its round trips');
          assert.ok(store.storeIo!.roundTrips <= 2 * hops(plan) + 2, `round trips ${store.storeIo!.roundTrips} for ${hops(plan)} hops`);
          if (store.subgraphs.length > 1) withResults++;
        } else assert.match(store.placement?.reason ?? '', /neither a name nor a label/);
      }
    }
  }
  // The comparison is not vacuous: most runs went to the store and found several subgraphs.
  assert.ok(inStore >= 100, `in store: ${inStore}`);
  assert.ok(withResults >= 50, `store runs with ≥ 2 subgraphs: ${withResults}`);
});

test('the store path reads level by level: round trips = expansion levels, rows counted, server time reported', async () => {
  const { session } = graphs[0]!;
  const g = await randomGraph(31, 40, 160);
  const name = g.nodeNames[0]!;
  const chain: PlanningGraph = {
    name: 'chain',
    nodes: [{ id: 'a', text: { kind: 'soft', value: name } }, { id: 'b' }, { id: 'c' }],
    edges: [
      { id: 'e0', source: 'a', target: 'b', directed: false, relation: { kind: 'unknown' } },
      { id: 'e1', source: 'b', target: 'c', directed: false, relation: { kind: 'unknown' } },
    ],
    targets: ['c'],
    expect: [],
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 1, relationCandidates: 5 },
  };
  const r = await session.run(chain, { placement: 'store' });
  assert.equal(r.placement?.ran, 'store');
  assert.equal(r.storeIo?.roundTrips, r.subgraphs.length > 0 ? 3 : 2, 'a two-hop chain from one named node: one statement per level, one for the names');
  assert.ok((r.storeIo?.rowsRead ?? 0) > 0);
  assert.ok((r.storeIo?.serverMs ?? -1) >= 0);
});

test('auto chooses by the graph size against the memory budget and says why', () => {
  const schema: GraphSchema = { labels: [{ name: 'Movie', properties: ['name'], count: 4_000_000 }], relationshipTypes: [{ name: 'r', endpoints: [{ from: 'Movie', to: 'Movie' }], properties: [], count: 20_000_000 }], propertyKeys: ['name'] } as GraphSchema;
  const big = decidePlacement('gsd', 'auto', schema, 512);
  assert.equal(big.ran, 'store');
  assert.match(big.reason, /4,000,000 nodes, 20,000,000 edges.*over the memory budget of 512 MB/);
  // MetaQA ×40: its name vectors stay in the index file, so the snapshot fits a 512 MB budget.
  const x40: GraphSchema = { ...schema, labels: [{ name: 'Movie', properties: ['name'], count: 1_515_039 }], relationshipTypes: [{ ...schema.relationshipTypes[0]!, count: 5_169_400 }] } as GraphSchema;
  assert.equal(decidePlacement('gsd', 'auto', x40, 512).ran, 'memory');
  assert.match(decidePlacement('gsd', 'auto', x40, 512).reason, /needs ≈ 2\d\d MB in memory, within the memory budget of 512 MB/);
  const small = decidePlacement('gsd', 'auto', schema, 4096);
  assert.equal(small.ran, 'memory');
  assert.match(small.reason, /within the memory budget of 4096 MB/);
  const stem = decidePlacement('stem', 'store', schema, 512);
  assert.equal(stem.ran, 'store');
  assert.match(stem.reason, /placement store was asked for/);
});

test('every store-path statement passes the query door; the Neo4j dialect passes Neo4j\'s parser (Cypher 5 and 25)', async () => {
  const { session } = graphs[1]!;
  const g = await randomGraph(32, 60, 260);
  // Real runs first: the embedded statements go through the store's query door (it throws on a refusal).
  for (let p = 0; p < 10; p++) await session.run(randomPattern(3200 + p, g), { placement: 'store' });
  const kuzuStatements = [expansionStatement('kuzu', ['Movie', 'Person'], ['directed_by', "it's"]), expansionStatement('kuzu', ['Genre'], ['r']), namesStatement('kuzu', ['Movie', 'Person']), membersStatement('kuzu', 'Movie')];
  for (const s of kuzuStatements) assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
  const neo = [expansionStatement('neo4j', [], ['r', 'directed by']), namesStatement('neo4j', []), membersStatement('neo4j', 'Movie')];
  const params = { ids: ['4:abc:1'] };
  const linterSchema = { labels: ['Movie', 'Person'], relationshipTypes: ['r', 'directed by'], propertyKeys: ['name'], parameters: params };
  for (const s of neo) {
    assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
    for (const version of ['5', '25'] as const) {
      const diagnostics = lintCypherQuery(s, { ...linterSchema, defaultLanguage: `CYPHER ${version}` }).diagnostics;
      assert.deepEqual(diagnostics.map((d) => d.message), [], `Cypher ${version}: ${s}`);
    }
  }
  // Negative control: the embedded dialect is not Neo4j Cypher (offset(id(a)) is unknown to Neo4j).
  const bad = lintCypherQuery(kuzuStatements[0]!, { ...linterSchema, parameters: { o0: [1], o1: [2] } }).diagnostics;
  assert.ok(bad.length > 0);
  // Ids travel as parameters, never in the text.
  assert.deepEqual(expansionParams('neo4j', [{ id: '4:abc:1', label: 'Movie' }]).params, params);
  assert.deepEqual(expansionParams('kuzu', [{ id: '0:7', label: 'Movie' }, { id: '1:3', label: 'Person' }, { id: '0:9', label: 'Movie' }]), { labels: ['Movie', 'Person'], params: { o0: [7, 9], o1: [3] } });
  for (const s of [...kuzuStatements, ...neo]) assert.ok(!/4:abc|0:7/.test(s), 'ids are parameters');
});

test('Neo4j server time: result available + consumed after, from the driver\'s Integers; absent when the summary lacks them', () => {
  assert.equal(serverTimeMs({ resultAvailableAfter: neo4j.int(3), resultConsumedAfter: neo4j.int(4) }), 7);
  assert.equal(serverTimeMs({ resultAvailableAfter: 2, resultConsumedAfter: 5 }), 7);
  assert.equal(serverTimeMs({}), undefined);
  assert.equal(serverTimeMs(undefined), undefined);
});
