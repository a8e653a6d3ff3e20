// Neo4j's vector indexes of node names as store placement's candidate source (docs/placement.md,
// "Neo4j: candidates from a vector index"). No Neo4j server can run here: the statements are checked
// by Neo4j's own parser and semantic analysis (Cypher 5 and 25) against the procedure registry
// recorded from a real server; the consented write, the runs, the embedder check and the fallbacks
// run against a fake at the driver boundary (fakeNeo4j.ts: a real neo4j-driver Driver answering
// exactly the statements sent, with the driver's classes; its nearest neighbours are exact, where
// Neo4j's HNSW is approximate) and are compared with the in-memory search of the same graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Neo4jError } from 'neo4j-driver';
import { lintCypherQuery, type DbSchema } from '@neo4j-cypher/language-support';
import { createVectorIndexStatement, nodesToEmbedStatement, VECTOR_INDEX_QUERY, vectorIndexName, vectorKeys, writeVectorsStatement } from '../../../src/core/graph/neo4j/vector';
import { isNoSuchIndexError, NAME_INDEX_QUERY } from '../../../src/core/graph/neo4j/fulltext';
import { mapNeo4jError } from '../../../src/core/graph/neo4j/neo4jStore';
import { checkStatement, guardStatement } from '../../../src/core/graph/queryDoor';
import { createVectorIndexes, vectorIndexState } from '../../../src/core/graph/nameVectorIndex';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { openSession } from '../../../src/core/session';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { namesView, type Embedder } from '../../../src/core/embed/embedder';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { inStrategyFrame } from '../../../src/core/session/strategies';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { randomPattern } from '../retrieve/helpers';
import { fakeNeo4j, graphOf, outcome } from './fakeNeo4j';

async function registries(): Promise<Pick<DbSchema, 'procedures' | 'functions'>> {
  const pkgMain = require.resolve('@neo4j-cypher/language-support');
  const testData = join(dirname(pkgMain), '..', 'esm', 'project', 'language-support', 'src', 'tests', 'testData.js');
  const mod = (await import(pathToFileURL(testData).href)) as { testData: { mockSchema: DbSchema } };
  return { procedures: mod.testData.mockSchema.procedures, functions: mod.testData.mockSchema.functions };
}

const LABELS = ['Movie', 'Person', 'Odd name with spaces'];
// The random graphs' snapshots are embedded at 128 dimensions (retrieve/helpers.ts).
const EMBEDDER = new HashingEmbedder({ dimension: 128 });
const KEYS = vectorKeys(EMBEDDER);
const embedNames = (e: Embedder) => (names: readonly string[], signal?: AbortSignal) => namesView(e).embedBatch(names, signal);

function lint(query: string, reg: Pick<DbSchema, 'procedures' | 'functions'>, language: DbSchema['defaultLanguage'], parameters: Record<string, unknown>): string[] {
  const schema: DbSchema = { labels: LABELS, relationshipTypes: ['ACTED_IN'], propertyKeys: ['name', KEYS.property, KEYS.markerProperty], parameters: parameters as DbSchema['parameters'], ...reg, defaultLanguage: language };
  return lintCypherQuery(query, schema).diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value));
}

test('the vector statements pass Neo4j’s parser and semantic analysis (Cypher 5 and 25); the procedure, its arguments and yields match the server’s registry', async () => {
  const reg = await registries();
  const params = { indexes: [vectorIndexName(KEYS, 'Movie')], limit: 200, vector: [0.5, 0.5], markerKey: KEYS.markerProperty, marker: KEYS.marker, rows: [{ id: '4:x:1', v: [0.5, 0.5] }] };
  const create = createVectorIndexStatement(KEYS, 'Odd name with spaces');
  assert.equal(create, `CREATE VECTOR INDEX \`kgrag_vec_${KEYS.key}_Odd name with spaces\` IF NOT EXISTS FOR (n:\`Odd name with spaces\`) ON n.\`kgrag_vec_${KEYS.key}\` OPTIONS {indexConfig: {\`vector.dimensions\`: 128, \`vector.similarity_function\`: 'euclidean'}}`);
  const statements = [VECTOR_INDEX_QUERY, writeVectorsStatement(KEYS), nodesToEmbedStatement(KEYS, 'Person'), ...LABELS.map((l) => createVectorIndexStatement(KEYS, l))];
  for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
    for (const q of statements) assert.deepEqual(lint(q, reg, language, params), [], `${language}: ${q}`);
    // The procedure is READ in the registry recorded from a real server; its arguments and yields are the ones the query uses.
    const proc = reg.procedures?.[language]?.['db.index.vector.queryNodes'];
    assert.ok(proc, `${language}: the registry knows db.index.vector.queryNodes`);
    assert.equal(proc.mode, 'READ');
    assert.deepEqual(proc.argumentDescription.map((a) => `${a.name} :: ${a.type}`), ['indexName :: STRING', 'numberOfNearestNeighbours :: INTEGER', 'query :: ANY']);
    assert.deepEqual(proc.returnDescription.map((r) => `${r.name} :: ${r.type}`), ['node :: NODE', 'score :: FLOAT']);
    // The write procedure the statements do not use is WRITE: the door must never admit it read-only (below).
    assert.equal(reg.procedures?.[language]?.['db.create.setNodeVectorProperty']?.mode, 'WRITE');
  }
  // The neighbour count is an INTEGER (a JavaScript number reaches the server as a FLOAT): hence toInteger.
  assert.match(VECTOR_INDEX_QUERY, /queryNodes\(ix, toInteger\(\$limit\), \$vector\)/);
  // Not a rubber stamp: a wrong YIELD column, a two-label vector index in Cypher 5, a misspelt keyword are diagnosed.
  assert.notDeepEqual(lint(VECTOR_INDEX_QUERY.replace('YIELD node, score', 'YIELD nodes, score'), reg, 'CYPHER 5', params), []);
  assert.notDeepEqual(lint(create.replace('(n:`Odd name with spaces`)', '(n:`Movie`|`Person`)'), reg, 'CYPHER 5', params), []);
  assert.notDeepEqual(lint(create.replace('VECTOR INDEX', 'VECTR INDEX'), reg, 'CYPHER 25', params), []);
  // Cypher 25's SEARCH clause (Neo4j 2026.01+) is not Cypher 5: why the query uses the procedure.
  const search = `MATCH (n:\`Movie\`) SEARCH n IN (VECTOR INDEX \`${vectorIndexName(KEYS, 'Movie')}\` FOR $vector LIMIT toInteger($limit)) SCORE AS score RETURN elementId(n) AS id, score`;
  assert.deepEqual(lint(search, reg, 'CYPHER 25', params), []);
  assert.notDeepEqual(lint(search, reg, 'CYPHER 5', params), []);
});

test('the query door admits the vector query read-only; the vector write and the index creation only with writes allowed; other vector procedures never read-only', () => {
  assert.deepEqual(checkStatement(VECTOR_INDEX_QUERY, { allowWrite: false }), { allowed: true, kind: 'read' });
  assert.deepEqual(checkStatement(nodesToEmbedStatement(KEYS, 'Movie'), { allowWrite: false }), { allowed: true, kind: 'read' });
  const writes = [writeVectorsStatement(KEYS), createVectorIndexStatement(KEYS, 'Movie')];
  for (const q of writes) {
    assert.equal(checkStatement(q, { allowWrite: false }).allowed, false, q);
    assert.throws(() => guardStatement(q, { allowWrite: false }), (e) => isGraphStoreError(e, 'not-read-only'), q);
    assert.equal(checkStatement(q, { allowWrite: true }).allowed, true, `${q}: the consented write`);
  }
  const refused = [
    'CALL db.index.vector.queryRelationships($index, 5, $vector) YIELD relationship RETURN relationship',
    "CALL db.index.vector.createNodeIndex('x', 'Movie', 'v', 64, 'euclidean')",
    "MATCH (n) WHERE elementId(n) = $id CALL db.create.setNodeVectorProperty(n, 'v', $vector)",
    `${VECTOR_INDEX_QUERY.replace(/ RETURN .*$/, '')} SET node.name = 'x' RETURN node`,
    `${VECTOR_INDEX_QUERY.replace(/ RETURN .*$/, '')} DETACH DELETE node`,
    'CALL `db.index.vector.queryNodes`($index, 5, $vector) YIELD node RETURN node',
  ];
  for (const q of refused) assert.equal(checkStatement(q, { allowWrite: false }).allowed, false, q);
  for (const q of ['SHOW VECTOR INDEXES', `DROP INDEX \`${vectorIndexName(KEYS, 'Movie')}\``]) assert.equal(checkStatement(q, { allowWrite: false }).allowed, false, q);
});

test('the keys tie vectors to one embedder: another id or dimension names another property, marker and index; impossible widths are refused before anything is sent', () => {
  const other = vectorKeys(new HashingEmbedder({ dimension: 128, minN: 1 }));
  const wider = vectorKeys(new HashingEmbedder({ dimension: 256 }));
  for (const k of [other, wider]) {
    assert.notEqual(k.property, KEYS.property);
    assert.notEqual(k.markerProperty, KEYS.markerProperty);
    assert.notEqual(k.marker, KEYS.marker);
    assert.notEqual(vectorIndexName(k, 'Movie'), vectorIndexName(KEYS, 'Movie'));
  }
  assert.equal(KEYS.marker, `${EMBEDDER.id} (128 dimensions)`);
  assert.match(KEYS.property, /^kgrag_vec_[0-9a-f]{12}$/);
  assert.deepEqual(vectorKeys(new HashingEmbedder({ dimension: 128 })), KEYS, 'the same embedder, the same keys');
  assert.throws(() => vectorKeys({ id: 'wide', dimension: 5000 }), /1 to 4096 dimensions/);
  assert.throws(() => vectorKeys({ id: 'none', dimension: 0 }));
});

test('a missing vector index is recognised by Neo4j’s error (as the full-text one is worded), other failures are not', () => {
  const missing = new Neo4jError('Failed to invoke procedure `db.index.vector.queryNodes`: Caused by: java.lang.IllegalArgumentException: There is no such vector schema index: kgrag_vec_x_Movie', 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception');
  assert.equal(isNoSuchIndexError(missing), true);
  assert.equal(mapNeo4jError(missing, 'The query').code, 'no-index');
  const dims = new Neo4jError('Index query vector has 3 dimensions, but indexed vectors have 64.', 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception');
  assert.equal(isNoSuchIndexError(dims), false);
  assert.equal(mapNeo4jError(dims, 'The query').code, 'query-failed');
});



test('consent, then candidates from the vector indexes: the write runs only through createVectorIndexes (WRITE transactions, batches, resumable); runs read the indexes (READ), say so, never export, and match memory', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-neo4j-vector-'));
  const reg = await registries();
  try {
    const { fake: graph, memory } = await graphOf(51);
    const fake = fakeNeo4j(graph, { indexPresent: false });
    await fake.store.open();
    const labels = (await fake.store.schema()).labels.map((l) => l.name);
    const indexes = labels.map((l) => vectorIndexName(KEYS, l));

    // Before consent: the state says missing and names every statement; nothing was written.
    const before = await vectorIndexState(fake.store, EMBEDDER, embedNames(EMBEDDER));
    assert.deepEqual(before, { kind: 'missing', indexes, missing: indexes, marker: KEYS.marker, statements: [writeVectorsStatement(KEYS), ...labels.map((l) => createVectorIndexStatement(KEYS, l))] });
    assert.ok(fake.calls.every((c) => c.routing === 'READ'), 'checking is read-only');
    assert.equal(fake.properties.size, 0);
    await assert.rejects(fake.store.query(writeVectorsStatement(KEYS), { params: { rows: [], marker: 'x' } }), (e) => isGraphStoreError(e, 'not-read-only'), 'a read-only query cannot write vectors');

    // The consented write: every node's name vector (the names view), then one index per label.
    const progress: number[] = [];
    const mark = fake.calls.length;
    const made = await createVectorIndexes(fake.store, EMBEDDER, embedNames(EMBEDDER), (n) => progress.push(n));
    assert.equal(made.kind, 'created');
    assert.equal(made.kind === 'created' && made.written, graph.nodes.length);
    assert.deepEqual(made.kind === 'created' && made.statements, [writeVectorsStatement(KEYS), ...labels.map((l) => createVectorIndexStatement(KEYS, l))]);
    const writes = fake.calls.slice(mark).filter((c) => c.routing === 'WRITE');
    // Per label: its batches (≤ 256 names each; every label here has fewer), then its index.
    assert.deepEqual(writes.map((c) => c.query.split(' ')[0]), labels.flatMap(() => ['UNWIND', 'CREATE']));
    for (const c of writes) assert.equal(checkStatement(c.query, { allowWrite: true }).allowed, true);
    for (const c of writes.filter((w) => w.query.startsWith('UNWIND'))) {
      assert.deepEqual(Object.keys(c.params).sort(), ['marker', 'rows'], 'ids, vectors and marker are parameters');
      assert.ok(!c.query.includes('n:'), 'no id in the statement text');
    }
    assert.equal(progress.at(-1), graph.nodes.length);
    const v0 = await namesView(EMBEDDER).embedBatch([graph.nodes[0]!.name]);
    assert.deepEqual(fake.properties.get(graph.nodes[0]!.id)?.get(KEYS.property), Array.from(v0), 'the stored vector is the names view’s vector of the node’s name');
    assert.equal(fake.properties.get(graph.nodes[0]!.id)?.get(KEYS.markerProperty), KEYS.marker);
    assert.equal(fake.vectorIndexes.size, labels.length);
    assert.deepEqual(await vectorIndexState(fake.store, EMBEDDER, embedNames(EMBEDDER)), { kind: 'present', indexes, marker: KEYS.marker });
    // Resumable: a second write reads no node still to do and writes nothing.
    const again = await createVectorIndexes(fake.store, EMBEDDER, embedNames(EMBEDDER));
    assert.equal(again.kind === 'created' && again.written, 0);

    const embedder = new HashingEmbedder({ dimension: 128 });
    const runsStart = fake.calls.length;
    const session = await openSession({ store: fake.store, embedder, cacheDir: join(dir, 'c'), placement: 'store' });
    let compared = 0;
    const linted = new Set<string>();
    try {
      for (let p = 0; p < 25; p++) {
        const plan: PlanningGraph = { ...randomPattern(5100 + p, memory), strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 } };
        if (!plan.nodes.some((n) => n.text !== undefined)) continue;
        const start = fake.calls.length;
        const r = await session.run(plan);
        const sent = fake.calls.slice(start);
        if (r.placement?.ran !== 'store') continue;
        const names = new Set(plan.nodes.flatMap((n) => (n.text ? [n.text.value] : [])));
        assert.equal(sent.filter((c) => c.query === VECTOR_INDEX_QUERY).length, names.size, 'one vector query per distinct name');
        assert.equal(sent.filter((c) => c.query === NAME_INDEX_QUERY).length, 0, 'no full-text query');
        for (const c of sent.filter((x) => x.query === VECTOR_INDEX_QUERY)) {
          assert.deepEqual(c.params.indexes, indexes, 'every label’s index in one statement');
          assert.equal(c.params.markerKey, KEYS.markerProperty);
          assert.equal((c.params.vector as number[]).length, 128);
        }
        assert.match(r.warnings?.[0] ?? '', new RegExp(`^candidates from Neo4j's vector indexes ${indexes[0]}.*\\(vectors of ${EMBEDDER.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(128 dimensions\\)\\): the approximate \\(HNSW\\) nearest 200 per name and label \\(.*\\), ranked by the embedder — exact only when memory's candidates are among them, which an approximate search does not guarantee$`));
        assert.ok((r.storeIo?.roundTrips ?? 0) >= names.size, 'the vector queries count as round trips');
        for (const c of sent) {
          assert.equal(c.routing, 'READ', c.query);
          assert.equal(checkStatement(c.query, { allowWrite: false }).allowed, true, c.query);
          const shape = c.query.replace(/`[^`]*`/g, '`T`');
          if (linted.has(shape)) continue;
          linted.add(shape);
          for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
            const schema: DbSchema = { labels, relationshipTypes: [...new Set(graph.edges.map((e) => e.type))], propertyKeys: ['name'], parameters: c.params as DbSchema['parameters'], ...reg, defaultLanguage: language };
            assert.deepEqual(lintCypherQuery(c.query, schema).diagnostics.map((d) => d.message), [], `${language}: ${c.query}`);
          }
        }
        // The fake's neighbours are exact and 200 per label covers this graph: memory's candidates are always among the hits.
        const mem = await inStrategyFrame('gsd', plan, memory.snapshot, embedder, {}, () => retrieveGsd(plan, memory.snapshot, embedder, {}));
        if (r.ties || mem.ties) assert.deepEqual([(outcome(r) as { gsd: number[] }).gsd, r.ties?.total], [(outcome(mem) as { gsd: number[] }).gsd, mem.ties?.total], `pattern ${p}`);
        else assert.deepEqual(outcome(r), outcome(mem), `pattern ${p}: GSD values, answers with their labels, candidates`);
        compared++;
      }
      assert.deepEqual(fake.exported, [], 'the database was never exported');
      assert.ok(fake.calls.slice(runsStart).every((c) => c.routing === 'READ'), 'runs write nothing');
    } finally {
      await session.close();
    }
    t.diagnostic(`store runs from the vector indexes compared with memory: ${compared}`);
    assert.ok(compared >= 10, `compared ${compared}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** One named node, one unknown: the simplest plan that reads candidates. */
function namedPlan(name: string): PlanningGraph {
  return {
    name: 'named',
    nodes: [{ id: 'a', text: { kind: 'soft', value: name } }, { id: 'b' }],
    edges: [{ id: 'e', source: 'a', target: 'b', relation: { kind: 'unknown' }, directed: false }],
    targets: ['b'],
    expect: [],
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 3, relationCandidates: 16 },
  };
}

test('vectors another embedder wrote are never used: another embedder’s indexes, a foreign marker on a hit, an embedder too wide — each falls back to the full-text index and says why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-neo4j-vector-mismatch-'));
  try {
    const { fake: graph, memory } = await graphOf(52);
    const fake = fakeNeo4j(graph, { indexPresent: true });
    await fake.store.open();
    await createVectorIndexes(fake.store, EMBEDDER, embedNames(EMBEDDER));
    const plan = namedPlan(memory.nodeNames[5]!);

    // 1. A session with another embedder of the same width: its own indexes do not exist.
    const other = new HashingEmbedder({ dimension: 128, minN: 1 });
    const otherKeys = vectorKeys(other);
    let session = await openSession({ store: fake.store, embedder: other, cacheDir: join(dir, 'a'), placement: 'store' });
    try {
      const start = fake.calls.length;
      const r = await session.run(plan);
      const sent = fake.calls.slice(start);
      assert.equal(sent.filter((c) => c.query === VECTOR_INDEX_QUERY).length, 1, 'the vector index was asked (its own names), once');
      assert.ok(sent.some((c) => c.query === VECTOR_INDEX_QUERY && (c.params.indexes as string[]).every((ix) => ix.includes(otherKeys.key))), 'only the indexes of its own vectors');
      assert.equal(sent.filter((c) => c.query === NAME_INDEX_QUERY).length, 1, 'then the full-text index');
      const retrieval = sent.slice(sent.findIndex((c) => c.query === VECTOR_INDEX_QUERY));
      assert.equal(r.storeIo?.roundTrips, retrieval.length, 'every statement the run sent from its candidates on counts as a round trip, the failed vector query too');
      const w = r.warnings?.[0] ?? '';
      assert.match(w, /^candidates from Neo4j's full-text index kgrag_names: .*; the vector index was not used: Neo4j has no vector index of the name vectors of hashing-v1:d128:n1-\d+ \(128 dimensions\) for every label/);
      assert.ok(w.includes('kgrag index create --vectors --neo4j <uri> --write') && w.includes('Create Neo4j Vector Index'), w);
      assert.deepEqual(fake.exported, []);
    } finally {
      await session.close();
    }

    // 2. A foreign marker on a hit (a vector overwritten by something else): the hit is not used.
    const victim = graph.nodes.find((n) => n.name === memory.nodeNames[5])!;
    fake.properties.get(victim.id)!.set(KEYS.markerProperty, 'someone-else (128 dimensions)');
    await fake.store.open(); // closing a session closes its store
    session = await openSession({ store: fake.store, embedder: EMBEDDER, cacheDir: join(dir, 'b'), placement: 'store' });
    try {
      const r = await session.run(plan);
      const w = r.warnings?.[0] ?? '';
      assert.match(w, /^candidates from Neo4j's full-text index kgrag_names: .*; the vector index was not used: the vector index returned ".*", whose vector was written by someone-else \(128 dimensions\), not by this session's embedder hashing-v1:d128/);
      // The status samples one hit per index (the probe's nearest): with every marker foreign it says so.
      for (const props of fake.properties.values()) props.set(KEYS.markerProperty, 'someone-else (128 dimensions)');
      const state = await vectorIndexState(fake.store, EMBEDDER, embedNames(EMBEDDER));
      assert.equal(state.kind, 'unusable');
      assert.match(state.kind === 'unusable' ? state.reason : '', /was not written by hashing-v1:d128:n2-4 \(128 dimensions\) \(its marker: someone-else \(128 dimensions\)\)$/);
      for (const props of fake.properties.values()) props.set(KEYS.markerProperty, KEYS.marker);
    } finally {
      await session.close();
    }
    await fake.store.open();

    // 3. An embedder wider than a vector index holds: no vector statement at all, the reason said.
    const wide: Embedder = { id: 'wide-test', dimension: 5000, embedBatch: async (texts) => new Float32Array(texts.length * 5000).fill(1 / Math.sqrt(5000)) };
    session = await openSession({ store: fake.store, embedder: wide, cacheDir: join(dir, 'c'), placement: 'store' });
    try {
      const start = fake.calls.length;
      const r = await session.run(plan);
      assert.ok(!fake.calls.slice(start).some((c) => c.query === VECTOR_INDEX_QUERY));
      assert.match(r.warnings?.[0] ?? '', /the vector index was not used: a Neo4j vector index holds 1 to 4096 dimensions; the embedder wide-test has 5000$/);
    } finally {
      await session.close();
    }

    // 4. Neither index: the snapshot, said with both reasons.
    const bare = fakeNeo4j(graph, { indexPresent: false });
    await bare.store.open();
    session = await openSession({ store: bare.store, embedder: EMBEDDER, cacheDir: join(dir, 'd'), placement: 'store' });
    try {
      const r = await session.run(plan);
      const said = r.warnings ?? [];
      assert.ok(said.some((w) => w.startsWith('Neo4j has no full-text index kgrag_names, so the candidates came from a snapshot of the whole database instead') && w.includes('the vector index was not used: Neo4j has no vector index of the name vectors of')), said.join('\n'));
      assert.ok(!said.some((w) => w.startsWith('candidates from Neo4j')), 'the snapshot’s own candidates (exact): no index caveat');
      assert.ok(bare.calls.every((c) => c.routing === 'READ'), 'a run writes nothing');
      assert.equal(bare.vectorIndexes.size, 0);
    } finally {
      await session.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the embedded engine keeps its own name vectors: vectorIndexState and createVectorIndexes leave it alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-embedded-novector-'));
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  try {
    assert.equal((await vectorIndexState(store, EMBEDDER, embedNames(EMBEDDER))).kind, 'not-neo4j');
    assert.equal((await createVectorIndexes(store, EMBEDDER, embedNames(EMBEDDER))).kind, 'not-neo4j');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the write goes in batches of 256 names; cancelled midway it stops, and a second write resumes with the nodes not yet written', async () => {
  const nodes = Array.from({ length: 600 }, (_, i) => ({ id: `4:b:${i}`, label: 'Thing', name: `thing number ${i}` }));
  const fake = fakeNeo4j({ nodes, edges: [] }, { indexPresent: false });
  await fake.store.open();
  const controller = new AbortController();
  await assert.rejects(
    createVectorIndexes(fake.store, EMBEDDER, embedNames(EMBEDDER), (written) => {
      if (written >= 256) controller.abort();
    }, controller.signal),
    (e) => isGraphStoreError(e, 'cancelled'),
  );
  const batches = (): number[] => fake.calls.filter((c) => c.query.startsWith('UNWIND')).map((c) => (c.params.rows as unknown[]).length);
  assert.deepEqual(batches(), [256], 'stopped after the first batch');
  assert.equal(fake.vectorIndexes.size, 0, 'no index for a label whose vectors are not all written');
  const made = await createVectorIndexes(fake.store, EMBEDDER, embedNames(EMBEDDER));
  assert.equal(made.kind === 'created' && made.written, 344, 'the rest, not the first 256 again');
  assert.deepEqual(batches(), [256, 256, 88]);
  assert.equal([...fake.properties.values()].filter((p) => p.get(KEYS.markerProperty) === KEYS.marker).length, 600);
  assert.equal(fake.vectorIndexes.size, 1);
  await fake.store.close();
});
