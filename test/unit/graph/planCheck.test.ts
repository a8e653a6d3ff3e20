// The query door's parsed check on the embedded engine for retrieval's store path (planCheck.ts, run in
// the engine process): alone, without the token check, it refuses every hostile statement the door's tests refuse — the corpus of
// queryDoor.test.ts and the seeded fuzz statements of queryDoorFuzz.test.ts — on the real engine, and
// none of them acts (no file read or written, no folder made, the graph unchanged); the reads pass it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { EngineClient } from '../../../src/core/graph/embedded/engineClient';
import { planFindings, startsAsQuery } from '../../../src/core/graph/embedded/planCheck';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { GraphStoreError } from '../../../src/core/graph/errors';
import type { CypherParams } from '../../../src/core/graph/graphStore';
import { mulberry32 } from '../../support/prng';
import { ADMIN, FILES, WRITES, fuzzCase } from './doorCorpus';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-plan-check-');
const SECRET_WORD = 'SENTINEL7c1e';
const secret = dir.file('secret.csv', `${SECRET_WORD},1\n${SECRET_WORD},2\n`);
const outFile = join(dir.path, 'out.csv');
const dumpDir = join(dir.path, 'dump');
const folder = join(dir.path, 'db');
let engine: EngineClient;

/** The corpus's paths pointed into this test's folder, its Movie label at this graph's Item (so writes bind). */
function local(statement: string): string {
  return statement
    .replaceAll('/etc/passwd', secret)
    .replaceAll('file://', '')
    .replaceAll('/tmp/', `${dir.path}/`)
    .replaceAll('Movie', 'Item')
    .replaceAll('(n)', '(n:Item)');
}

/** Hostile statements that start as queries and bind on this graph: only the plan can refuse them. */
const BINDING = [
  `MATCH (n:Item) WITH n LIMIT 1 LOAD FROM '${secret}' (header=false) RETURN *`,
  `LOAD FROM '${secret}' (header=false) RETURN *`,
  `WITH 1 AS x LOAD WITH HEADERS (a STRING, b INT64) FROM '${secret}' (header=false) RETURN *`,
  `MATCH (n:Item) WITH n LIMIT 1 CREATE (:Item {name: 'pwned', v: 0})`,
  `UNWIND [1] AS x CREATE (:Item {name: 'pwned3', v: x})`,
  'MATCH (n:Item) SET n.v = 99 RETURN n.v',
  'MATCH (n:Item) DELETE n',
  'MATCH (n:Item) DETACH DELETE n',
  `MATCH (n:Item) WITH n MERGE (:Item {name: 'pwned2', v: 0})`,
  "CALL current_setting('threads') RETURN *",
  'CALL threads=1',
  'CALL timeout=5',
];

/** Reads over this graph: the engine's check lets them through, with the token check and without. */
const READS: readonly { readonly cypher: string; readonly params?: CypherParams }[] = [
  { cypher: 'RETURN 1 AS ok' },
  { cypher: 'MATCH (m:Item {name: $name})-[:R]->(p) RETURN p.name AS name ORDER BY name SKIP 1 LIMIT 5', params: { name: 'a' } },
  { cypher: 'MATCH (a:Item)-[r:R* SHORTEST 1..3]-(b) RETURN a.name, b.name' },
  { cypher: 'MATCH (a:Item)-[r:R*1..3]->(b) RETURN count(*) AS c' },
  { cypher: 'MATCH (a:Item) WHERE offset(id(a)) IN $offsets RETURN offset(id(a)) AS a, id(a) AS i', params: { offsets: [0, 1] } },
  { cypher: 'OPTIONAL MATCH (n:Item) WITH n UNWIND [1, 2] AS x RETURN x' },
  { cypher: 'MATCH (n:Item) WHERE EXISTS { MATCH (n)-->() } RETURN count(*) AS c' },
  { cypher: 'MATCH (n:Item) OPTIONAL MATCH (n)-[:R]->(m) RETURN n.name, collect(m.name) AS ms ORDER BY n.name' },
  { cypher: 'MATCH (n:Item) RETURN DISTINCT n.v AS v ORDER BY v' },
  { cypher: 'MATCH (n:Item) RETURN n.name AS x UNION MATCH (n:Item) RETURN n.name AS x' },
  { cypher: 'MATCH (a:Item)-[:R]->(b:Item) WITH b, count(*) AS c WHERE c > 0 RETURN b.name, c' },
  { cypher: 'CALL show_tables() RETURN id, name, type' },
  { cypher: "CALL table_info('Item') RETURN name" },
  { cypher: "CALL show_connection('R') RETURN *" },
  { cypher: "MATCH (n:`Item`) RETURN n.name AS s, {delete: 1} AS m, 'CHECKPOINT; COPY' AS t, $made AS c /* DROP TABLE x */", params: { made: 1 } },
  { cypher: '// a comment first\nMATCH (n:Item) RETURN n.name' },
  // The store path's bitset filter (storeGraph.ts scanFilter).
  { cypher: 'MATCH (a:Item)-[r]->(b) WHERE offset(id(a)) <= $x AND ($w[offset(id(a)) / 48 % $n + 1] / $p[offset(id(a)) % 48 + 1]) % 2 = 1 RETURN offset(id(a)) AS a, collect(id(b)) AS bs', params: { x: 2, w: [5], n: 1, p: Array.from({ length: 48 }, (_, i) => 2 ** i) } },
];

async function raw(cypher: string, params: CypherParams = {}): Promise<string> {
  // readOnly false: the engine's own isReadOnly() does not refuse; the plan check alone stands.
  const r = await engine.request({ type: 'query', cypher, params, mode: 'run', timeoutMs: 10_000, readOnly: false, planCheck: true }, { timeoutMs: 10_000 });
  return r.type === 'result' ? JSON.stringify(r.rows) : '';
}

async function items(): Promise<string> {
  return raw('MATCH (n:Item) RETURN n.name AS name, n.v AS v ORDER BY name');
}

before(async () => {
  const store = new EmbeddedStore({ folder, timeoutMs: 20_000 });
  await store.open();
  await store.query('CREATE NODE TABLE Item(name STRING, v INT64, PRIMARY KEY(name))', { readOnly: false });
  await store.query('CREATE REL TABLE R(FROM Item TO Item)', { readOnly: false });
  await store.query("CREATE (:Item {name: 'a', v: 1}), (:Item {name: 'b', v: 2}), (:Item {name: 'c', v: 3})", { readOnly: false });
  await store.query("MATCH (a:Item {name: 'a'}), (b:Item {name: 'b'}), (c:Item {name: 'c'}) CREATE (a)-[:R]->(b), (b)-[:R]->(c)", { readOnly: false });
  await store.close();
  // Read-write, as `kgrag query` opens a workspace's database: a statement that got through would act.
  engine = new EngineClient({ databasePath: join(folder, 'graph.lbug'), readOnly: false });
});

after(async () => {
  await engine.close();
  dir.remove();
});

test('a statement that does not start as a query is refused before it is prepared', () => {
  for (const q of ['MATCH (n) RETURN n', ' match (n) return n', '/* x */\nOPTIONAL MATCH (n) RETURN n', '// c\rWITH 1 AS x RETURN x', 'UNWIND [1] AS x RETURN x', 'RETURN 1', 'CALL show_tables() RETURN *']) assert.equal(startsAsQuery(q), true, q);
  for (const q of ["EXPORT DATABASE '/tmp/x'", 'CHECKPOINT', "COPY X FROM 'y'", "ATTACH 'x' AS y", 'EXPLAIN MATCH (n) RETURN n', '// MATCH\rCHECKPOINT', '/* MATCH */ USE x', 'MATCHED (n)', 'MATCH_X', '', '/* unterminated MATCH', 'LOAD FROM x RETURN *', 'CREATE (n)']) assert.equal(startsAsQuery(q), false, q);
});

test('the plan text: every operator and table function counts, wherever it stands; a look-alike only refuses more', () => {
  assert.deepEqual(planFindings('RESULT_COLLECTOR[2] PROJECTION[1] SCAN_NODE_TABLE[0]'), []);
  assert.deepEqual(planFindings('RESULT_COLLECTOR[2] COPY_TO[1] SCAN_NODE_TABLE[0]'), ['COPY_TO']);
  assert.deepEqual(planFindings('TABLE_FUNCTION_CALL[0] │ Function: READ_CSV_PARALLEL │'), ['the table function READ_CSV_PARALLEL']);
  assert.deepEqual(planFindings('TABLE_FUNCTION_CALL[0] TABLE_FUNCTION_CALL[1] Function: SHOW_TABLES'), ['a table function the plan does not name']);
  assert.deepEqual(planFindings('no boxes at all'), ['no operator the check can read']);
  assert.deepEqual(planFindings("PROJECTION[1] Expressions: 'INSERT[3]'"), ['INSERT']);
});

test('reads pass the engine check alone and through the whole door as the store path sends them (token check + engine plan)', async () => {
  const store = new EmbeddedStore({ folder, readOnly: true, timeoutMs: 20_000 });
  try {
    for (const { cypher, params } of READS) {
      await raw(cypher, params);
      assert.equal(checkStatement(cypher, { allowWrite: false, parsedBy: 'engine' }).allowed, true, cypher);
      await store.query(cypher, { ...(params ? { params } : {}), parsedByEngine: true });
    }
  } finally {
    await store.close();
  }
});

test('alone, the engine check refuses every hostile statement of the door tests on the real engine; none acts', async () => {
  const before = await items();
  const refusedByPlan: string[] = [];
  const refuse = async (q: string): Promise<void> => {
    let rows = '';
    try {
      rows = await raw(q);
    } catch (e) {
      if (/Refused: the (engine's plan|statement does not start as a query)/.test(String(e))) refusedByPlan.push(q);
      return;
    }
    assert.ok(!rows.includes(SECRET_WORD), `the secret file was read: ${q}`);
    assert.fail(`ran: ${JSON.stringify(q)}`);
  };
  for (const q of BINDING) {
    await refuse(q);
    assert.ok(refusedByPlan.includes(q), `refused by the plan check itself: ${q}`);
  }
  for (const q of [...FILES, ...WRITES, ...ADMIN].map(local)) await refuse(q);
  const rand = mulberry32(0x2929);
  let fuzzRefused = 0;
  for (let i = 0; i < 160; i++) {
    const c = fuzzCase(rand, { secret, outFile, dumpDir, folder });
    if (c.expect !== 'refused') continue;
    await refuse(c.statement);
    fuzzRefused++;
  }
  assert.ok(fuzzRefused >= 60, `fuzz statements exercised: ${fuzzRefused}`);
  // And through the whole door as the store path sends statements (token check + engine plan).
  const store = new EmbeddedStore({ folder, readOnly: true, timeoutMs: 20_000 });
  try {
    const rand2 = mulberry32(0x2929);
    const all = [...BINDING, ...[...FILES, ...WRITES, ...ADMIN].map(local)];
    for (let i = 0; i < 160; i++) {
      const c = fuzzCase(rand2, { secret, outFile, dumpDir, folder });
      if (c.expect === 'refused') all.push(c.statement);
    }
    for (const q of all) await assert.rejects(store.query(q, { parsedByEngine: true }), (e) => e instanceof GraphStoreError, q);
  } finally {
    await store.close();
  }
  assert.equal(await items(), before, 'the graph is unchanged');
  assert.equal(existsSync(outFile), false, 'COPY TO wrote no file');
  assert.equal(existsSync(dumpDir), false, 'EXPORT DATABASE made no folder');
  assert.deepEqual(readdirSync(dir.path).sort(), ['db', 'secret.csv']);
  // The hostile statements are live: the same engine without the check reads the file.
  const r = await engine.request({ type: 'query', cypher: BINDING[0]!, params: {}, mode: 'run', timeoutMs: 10_000, readOnly: false }, { timeoutMs: 10_000 });
  assert.match(r.type === 'result' ? JSON.stringify(r.rows) : '', new RegExp(SECRET_WORD));
});
