// In-store retrieval (placement store) on the REAL embedded engine: the same subgraphs (node ids,
// relation types), GSD values, tie order and answers as the snapshot search, on random multigraphs
// and on the MetaQA sample; round trips ≤ 2 × hops + 2; every statement the store path sends passes
// the query door and, in the Neo4j dialect, Neo4j's own parser (Cypher 5 and 25).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintCypherQuery } from '@neo4j-cypher/language-support';
import { openSession, decidePlacement, type RetrievalSession } from '../../../src/core/session';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { expansionParams, expansionStatement, membersStatement, namesStatement } from '../../../src/core/retrieve/store/storeGraph';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';
import { randomGraph, randomPattern } from '../retrieve/helpers';
import neo4j from 'neo4j-driver';
import { serverTimeMs } from '../../../src/core/graph/neo4j/neo4jStore';
import { importedRandomGraph } from '../../support/importedGraph';

let dir = '';
const graphs: { session: RetrievalSession; seed: number; folder: string }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-placement-'));
  for (const [seed, nodes, edges] of [
    [31, 40, 160],
    [32, 60, 260],
    [33, 30, 200],
  ] as const) {
    const { folder } = await importedRandomGraph(dir, seed, nodes, edges);
    graphs.push({ session: await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } }), seed, folder });
  }
});

after(async () => {
  for (const g of graphs) await g.session.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` in a session of its own on `folder` (the graph's shared session is closed meanwhile: one engine per database). */
async function alone<T>(g: (typeof graphs)[number], placement: 'store' | 'memory', fn: (s: RetrievalSession) => Promise<T>): Promise<T> {
  await g.session.close();
  const own = await openSession({ store: { kind: 'embedded', folder: g.folder }, embedder: { kind: 'hashing' }, placement });
  try {
    return await fn(own);
  } finally {
    await own.close();
    g.session = await openSession({ store: { kind: 'embedded', folder: g.folder }, embedder: { kind: 'hashing' } });
  }
}

/** What must be identical: per subgraph its GSD, node images, triples (ids and types) in rank order; the answers. */
function shape(r: RetrievalResult): unknown {
  return {
    subgraphs: r.subgraphs.map((s) => ({ rank: s.rank, gsd: s.gsd, mapping: s.mapping.map((m) => [m.variable, m.nodeId, m.name, m.labels]), triples: s.triples.map((t) => [t.source, t.type, t.target, t.edgeId]), terms: s.terms })),
    answers: r.answers,
    candidates: r.candidates,
    ties: r.ties,
    warnings: r.warnings ?? [],
  };
}

function hops(plan: PlanningGraph): number {
  return plan.edges.length;
}

test('placement store gives the same subgraphs, GSD values, tie order, ties cut at k and answers as memory on random graphs (real engine; the store session never holds the graph)', async () => {
  let inStore = 0;
  let withResults = 0;
  let tiesCounted = 0;
  for (const graph of graphs) {
    const { seed } = graph;
    const g = await randomGraph(seed, seed === 32 ? 60 : seed === 33 ? 30 : 40, seed === 32 ? 260 : seed === 33 ? 200 : 160);
    const plans = Array.from({ length: 20 }, (_, p) => randomPattern(seed * 100 + p, g));
    const semantics = ['injective', 'anchors-distinct', 'homomorphic'] as const;
    // Store first, in a session opened with placement store that runs nothing else: its search index
    // is the index file read without the graph's edges (not a GraphSnapshot) — unless a pattern the
    // store cannot start loaded the snapshot, which the placement reason says.
    const stored = await alone(graph, 'store', async (s) => {
      const out: RetrievalResult[] = [];
      let fellBack = false;
      for (const plan of plans) for (const match of semantics) {
        const r = await s.run(plan, { match });
        out.push(r);
        if (r.placement?.ran === 'memory') fellBack = true;
      }
      if (!fellBack) assert.ok(!((await s.searchIndex()) instanceof GraphSnapshot), `seed ${seed}: the store session loaded the graph`);
      return out;
    });
    let i = 0;
    for (const [p, plan] of plans.entries()) {
      for (const match of semantics) {
        const memory = await graph.session.run(plan, { placement: 'memory', match });
        const store = stored[i++]!;
        assert.equal(memory.placement?.ran, 'memory');
        assert.deepEqual(shape(store), shape(memory), `seed ${seed} plan ${p} ${match}`);
        if (store.ties) tiesCounted++;
        if (store.placement?.ran === 'store') {
          inStore++;
          assert.ok(store.storeIo, 'a store run counts its round trips');
          assert.ok(store.storeIo!.roundTrips <= 2 * hops(plan) + 2, `round trips ${store.storeIo!.roundTrips} for ${hops(plan)} hops`);
          if (store.subgraphs.length > 1) withResults++;
        } else assert.match(store.placement?.reason ?? '', /neither a name nor a label/);
      }
    }
  }
  // The comparison is not vacuous: most runs went to the store and found several subgraphs, and some cut ties at k.
  assert.ok(inStore >= 100, `in store: ${inStore}`);
  assert.ok(withResults >= 50, `store runs with ≥ 2 subgraphs: ${withResults}`);
  assert.ok(tiesCounted >= 1, `store runs with ties counted: ${tiesCounted}`);
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
  assert.equal(r.storeIo?.roundTrips, 2, 'a two-hop chain from one named node: one statement per level; the matched nodes are named from the index');
  assert.ok(r.subgraphs.length > 0 && r.subgraphs.every((s) => s.mapping.every((m) => m.name !== '')), 'every matched node has its name');
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
  // With the catalog's endpoints, a branch no type can start (out) or end (in) at is left out; a type without endpoints stays everywhere.
  const directed = expansionStatement('kuzu', ['Movie', 'Person'], ['directed_by'], () => [{ from: 'Movie', to: 'Person' }]);
  assert.deepEqual(directed.split(' UNION ALL ').map((b) => /^MATCH \(a:`(\w+)`\)(<?-)/.exec(b)!.slice(1)), [['Movie', '-'], ['Person', '<-']]);
  assert.equal(expansionStatement('kuzu', ['Genre'], ['directed_by'], () => [{ from: 'Movie', to: 'Person' }]), '');
  assert.equal(expansionStatement('kuzu', ['Genre'], ['r'], () => undefined).split(' UNION ALL ').length, 2);
  assert.equal(checkStatement(directed, { allowWrite: false }).allowed, true);
});

test('Neo4j server time: result available + consumed after, from the driver\'s Integers; absent when the summary lacks them', () => {
  assert.equal(serverTimeMs({ resultAvailableAfter: neo4j.int(3), resultConsumedAfter: neo4j.int(4) }), 7);
  assert.equal(serverTimeMs({ resultAvailableAfter: 2, resultConsumedAfter: 5 }), 7);
  assert.equal(serverTimeMs({}), undefined);
  assert.equal(serverTimeMs(undefined), undefined);
});
