// Neo4j store without a server: every Cypher string it sends is linted by Neo4j's own front end,
// driver objects (real driver classes, hand-built) map to our types, and connection failures are clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:net';
import neo4j, { EagerResult, Neo4jError, Node, Record as Neo4jRecord, Relationship, ResultSummary, int, type Config, type Driver } from 'neo4j-driver';
import { lintCypherQuery, type DbSchema } from '@neo4j-cypher/language-support';
import * as Q from '../../../src/core/graph/neo4j/cypher';
import { planFromSummary } from '../../../src/core/graph/neo4j/planMapping';
import { buildNeo4jSchema, relTypeName } from '../../../src/core/graph/neo4j/schemaMapping';
import { fromNeo4jValue } from '../../../src/core/graph/neo4j/values';
import { mapNeo4jError, Neo4jStore } from '../../../src/core/graph/neo4j/neo4jStore';
import { isGraphStoreError } from '../../../src/core/graph/errors';

/** Neo4j's procedure and function registries as recorded from a real server (shipped in the linter package). */
async function neo4jRegistries(): Promise<Pick<DbSchema, 'procedures' | 'functions'>> {
  const pkgMain = require.resolve('@neo4j-cypher/language-support');
  const testData = join(dirname(pkgMain), '..', 'esm', 'project', 'language-support', 'src', 'tests', 'testData.js');
  const mod = (await import(pathToFileURL(testData).href)) as { testData: { mockSchema: DbSchema } };
  return { procedures: mod.testData.mockSchema.procedures, functions: mod.testData.mockSchema.functions };
}

const PARAMS = { ids: ['4:x:1'], types: ['ACTED_IN'], label: 'Person', direction: 'both' };

function lint(query: string, registries: Pick<DbSchema, 'procedures' | 'functions'>, defaultLanguage?: DbSchema['defaultLanguage']) {
  const schema: DbSchema = { labels: ['Movie', 'Person', 'Odd name with spaces'], relationshipTypes: ['ACTED_IN'], propertyKeys: ['name'], parameters: PARAMS, ...registries, ...(defaultLanguage ? { defaultLanguage } : {}) };
  return lintCypherQuery(query, schema).diagnostics.map((d) => d.message);
}

test('every Cypher statement the Neo4j store sends is valid Neo4j Cypher (5 and 25)', async () => {
  const registries = await neo4jRegistries();
  assert.ok(registries.procedures?.['CYPHER 5']?.['db.schema.visualization'], 'the registry knows the db.schema procedures');
  const statements = [...Q.FIXED_STATEMENTS, Q.countLabel('Movie'), Q.countRelationshipType('ACTED_IN'), Q.countLabel('Odd name with spaces')];
  for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
    for (const q of statements) assert.deepEqual(lint(q, registries, language), [], `${language}: ${q}`);
  }
  // The linter is not a rubber stamp: it rejects a wrong YIELD column, embedded-only functions and bad syntax.
  assert.notDeepEqual(lint('CALL db.schema.nodeTypeProperties() YIELD nodeLabelz RETURN nodeLabelz', registries), []);
  assert.notDeepEqual(lint('MATCH (n) RETURN label(n)', registries), []);
  assert.notDeepEqual(lint('MATCH (a)-[r]-(b) WHERE offset(id(a)) IN $ids RETURN b', registries), []);
  assert.notDeepEqual(lint('MATCH (n RETURN n', registries), []);
});

test('EXPLAIN plan from a hand-built ResultSummary → PlanTree', () => {
  const summary = new ResultSummary('EXPLAIN MATCH (m:Movie) RETURN m.name', {}, {
    type: 'r',
    plan: {
      operatorType: 'ProduceResults@neo4j',
      identifiers: ['m', 'm.name'],
      args: { EstimatedRows: 38.0, Details: '`m.name`', planner: 'COST' },
      children: [{ operatorType: 'NodeByLabelScan@neo4j', identifiers: ['m'], args: { EstimatedRows: 38.0, Details: 'm:Movie' }, children: [] }],
    },
  });
  assert.deepEqual(planFromSummary(summary), {
    operator: 'ProduceResults',
    details: '`m.name`',
    identifiers: ['m', 'm.name'],
    estimatedRows: 38,
    children: [{ operator: 'NodeByLabelScan', details: 'm:Movie', identifiers: ['m'], estimatedRows: 38, children: [] }],
  });
});

test('PROFILE from a hand-built ResultSummary: rows, db hits, time (ns → ms), Integer-valued args', () => {
  const summary = new ResultSummary('PROFILE MATCH (m:Movie)<-[:ACTED_IN]-(p) RETURN p', {}, {
    type: 'r',
    profile: {
      operatorType: 'ProduceResults@neo4j',
      identifiers: ['p'],
      args: { EstimatedRows: 2.5, Details: 'p' },
      dbHits: int(0),
      rows: int(172),
      time: int(2_500_000),
      children: [
        {
          operatorType: 'Expand(All)@neo4j',
          identifiers: ['m', 'p'],
          args: { EstimatedRows: int(170), Details: '(m)<-[anon_0:ACTED_IN]-(p)' },
          dbHits: 344,
          rows: 172,
          time: 0,
          children: [{ operatorType: 'NodeByLabelScan@neo4j', identifiers: ['m'], args: { Details: 'm:Movie' }, dbHits: 39, rows: 38, time: 1_000, children: [] }],
        },
      ],
    },
  });
  const plan = planFromSummary(summary);
  assert.ok(plan);
  assert.equal(plan.operator, 'ProduceResults');
  assert.equal(plan.rows, 172);
  assert.equal(plan.dbHits, 0);
  assert.equal(plan.timeMs, 2.5);
  const expand = plan.children[0]!;
  assert.equal(expand.operator, 'Expand(All)');
  assert.equal(expand.estimatedRows, 170, 'Integer arguments become numbers');
  assert.equal(expand.dbHits, 344);
  assert.equal(expand.timeMs, undefined, 'no time reported');
  assert.equal(expand.children[0]?.timeMs, 0.001);
  assert.equal(planFromSummary(new ResultSummary('RETURN 1', {}, { type: 'r' })), undefined);
});

test('records: Integer, Node, Relationship, lists and maps become JSON-shaped values', () => {
  const movie = new Node(int(1), ['Movie'], { name: 'The Vow', votes: int('9007199254740993') }, '4:abc:1');
  const person = new Node(int(2), ['Person'], { name: 'Rachel McAdams' }, '4:abc:2');
  const rel = new Relationship(int(7), int(1), int(2), 'ACTED_IN', { roles: ['Paige'] }, '5:abc:7', '4:abc:1', '4:abc:2');
  const record = new Neo4jRecord(['m', 'r', 'n', 'list'], [movie, rel, int(42), [int(1), 'x', null, { k: int(3) }]]);
  const values = Object.fromEntries(record.keys.map((k) => [k, fromNeo4jValue(record.get(k))]));
  assert.deepEqual(values, {
    m: { _id: '4:abc:1', _labels: ['Movie'], name: 'The Vow', votes: '9007199254740993' },
    r: { _id: '5:abc:7', _type: 'ACTED_IN', _start: '4:abc:1', _end: '4:abc:2', roles: ['Paige'] },
    n: 42,
    list: [1, 'x', null, { k: 3 }],
  });
  assert.deepEqual(fromNeo4jValue(person), { _id: '4:abc:2', _labels: ['Person'], name: 'Rachel McAdams' });
});

test('schema from db.schema.* rows: labels, property keys, endpoint pairs from the visualization', () => {
  const vMovie = new Node(int(-1), ['Movie'], { name: 'Movie', indexes: [], constraints: [] }, '-1');
  const vPerson = new Node(int(-2), ['Person'], { name: 'Person', indexes: [], constraints: [] }, '-2');
  const acted = new Relationship(int(-3), int(-2), int(-1), 'ACTED_IN', {}, '-3', '-2', '-1');
  const directed = new Relationship(int(-4), int(-2), int(-1), 'DIRECTED', {}, '-4', '-2', '-1');
  const schema = buildNeo4jSchema(
    [
      { nodeLabels: ['Movie'], propertyName: 'title' },
      { nodeLabels: ['Movie'], propertyName: 'released' },
      { nodeLabels: ['Person'], propertyName: 'name' },
    ],
    [
      { relType: ':`ACTED_IN`', propertyName: 'roles' },
      { relType: ':`DIRECTED`', propertyName: null },
    ],
    [{ nodes: [vMovie, vPerson], relationships: [acted, directed] }],
    new Map([['Movie', 38]]),
    new Map([['ACTED_IN', 172]]),
  );
  assert.deepEqual(schema, {
    labels: [
      { name: 'Movie', properties: ['released', 'title'], count: 38 },
      { name: 'Person', properties: ['name'] },
    ],
    relationshipTypes: [
      { name: 'ACTED_IN', endpoints: [{ from: 'Person', to: 'Movie' }], properties: ['roles'], count: 172 },
      { name: 'DIRECTED', endpoints: [{ from: 'Person', to: 'Movie' }], properties: [] },
    ],
    propertyKeys: ['name', 'released', 'roles', 'title'],
  });
  assert.equal(relTypeName(':`WEIRD``TYPE`'), 'WEIRD`TYPE');
});

test('driver errors map to clear store errors', () => {
  const cases: [string, string][] = [
    ['ServiceUnavailable', 'unavailable'],
    ['Neo.ClientError.Security.Unauthorized', 'auth'],
    ['Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration', 'timeout'],
    ['Neo.ClientError.Statement.AccessMode', 'not-read-only'],
    ['Neo.ClientError.Statement.SyntaxError', 'query-failed'],
  ];
  for (const [code, expected] of cases) {
    const e = mapNeo4jError(new Neo4jError('boom', code, 'gql', 'desc'), 'The query');
    assert.equal(e.code, expected, code);
  }
});

/** A port that refuses connections: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

test('connecting to a closed port fails cleanly with "unavailable", without the password in sight', async () => {
  const port = await closedPort();
  const secret = 'pa55-w0rd-never-shown';
  let asked = 0;
  const store = new Neo4jStore({ uri: `bolt://127.0.0.1:${port}`, user: 'neo4j', password: () => (asked++, secret), connectionTimeoutMs: 5_000 });
  await assert.rejects(store.open(), (e) => isGraphStoreError(e, 'unavailable') && e.message.includes(`127.0.0.1:${port}`) && !e.message.includes(secret));
  assert.equal(asked, 1);
  assert.ok(!store.description.includes(secret) && !JSON.stringify(store).includes(secret));
  await assert.rejects(store.query('RETURN 1'), (e) => isGraphStoreError(e, 'closed'));
  await store.close();
});

test('retrieval runs in READ routing with the transaction timeout and the caller’s AbortSignal', async () => {
  const calls: { query: string; params: unknown; config: Record<string, unknown> }[] = [];
  let auth: unknown;
  const store = new Neo4jStore({
    uri: 'neo4j://example.invalid:7687',
    user: 'reader',
    database: 'movies',
    password: () => 'pw',
    timeoutMs: 1234,
    driverFactory: (uri: string, a, config: Config): Driver => {
      auth = a;
      const driver = neo4j.driver(uri, a, config); // a real driver; no connection is made below
      driver.verifyConnectivity = async () => ({ address: 'example.invalid:7687', agent: 'Neo4j/5', protocolVersion: 5.8 }) as never;
      driver.executeQuery = (async (query: string, params: unknown, cfg: Record<string, unknown>) => {
        calls.push({ query, params, config: cfg });
        if (query === Q.EXPAND) {
          const keys = ['source', 'id', 'labels', 'name', 'type', 'outgoing'];
          return new EagerResult(keys, [new Neo4jRecord(keys, ['4:x:1', '4:x:9', ['Person'], 'Rachel McAdams', 'ACTED_IN', false])], new ResultSummary(query, {}, { type: 'r' }));
        }
        const summary = new ResultSummary(query, {}, {
          type: 'r',
          profile: query.startsWith('PROFILE') ? { operatorType: 'ProduceResults@neo4j', identifiers: ['x'], args: {}, dbHits: 0, rows: 1, time: 0, children: [] } : undefined,
        });
        return new EagerResult(['x'], [new Neo4jRecord(['x'], [int(1)])], summary);
      }) as never;
      return driver;
    },
  });
  await store.open();
  const ac = new AbortController();
  const r = await store.query('MATCH (n) RETURN 1 AS x', { params: { a: 'b' }, mode: 'profile', signal: ac.signal });
  assert.deepEqual(r.rows, [{ x: 1 }]);
  assert.equal(r.plan?.rows, 1);
  const call = calls[0]!;
  assert.equal(call.query, 'PROFILE MATCH (n) RETURN 1 AS x');
  assert.deepEqual(call.params, { a: 'b' });
  assert.equal(call.config.routing, 'READ');
  assert.equal(call.config.database, 'movies');
  assert.equal(call.config.signal, ac.signal);
  assert.equal((call.config.transactionConfig as { timeout: number }).timeout, 1234);
  await store.query('CREATE (n)', { readOnly: false });
  assert.equal(calls[1]!.config.routing, 'WRITE', 'only an explicit write leaves READ routing');
  const expanded = await store.expand(['4:x:1'], { types: ['ACTED_IN'] });
  assert.deepEqual(expanded, [{ from: '4:x:1', node: { id: '4:x:9', labels: ['Person'], name: 'Rachel McAdams' }, type: 'ACTED_IN', direction: 'in' }]);
  assert.equal(calls[2]!.query, Q.EXPAND);
  assert.deepEqual(calls[2]!.params, { ids: ['4:x:1'], types: ['ACTED_IN'], label: null, direction: 'both' });
  assert.equal(calls[2]!.config.routing, 'READ');
  assert.deepEqual(auth, neo4j.auth.basic('reader', 'pw'));
  await store.close();
});
