// Neo4j's full-text name index as store placement's candidate source (docs/placement.md). No Neo4j
// server can run here: the statements are checked by Neo4j's own parser and semantic analysis
// (Cypher 5 and 25) against the procedure registry recorded from a real server, the procedure's call
// and options against that registry and the driver's classes, and the session paths (index present,
// index missing → fallback said, consent to create it) run against a fake at the driver boundary
// (fakeNeo4j.ts) compared with the in-memory search of the same graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Neo4jError } from 'neo4j-driver';
import { lintCypherQuery, type DbSchema } from '@neo4j-cypher/language-support';
import { createNameIndexStatement, isNoSuchIndexError, luceneQuery, NAME_INDEX, NAME_INDEX_QUERY } from '../../../src/core/graph/neo4j/fulltext';
import { checkStatement, guardStatement } from '../../../src/core/graph/queryDoor';
import { createNameIndex, nameIndexState } from '../../../src/core/graph/nameIndex';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { mapNeo4jError } from '../../../src/core/graph/neo4j/neo4jStore';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { openSession } from '../../../src/core/session';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { buildProblem } from '../../../src/core/retrieve/gsd/problem';
import { inStrategyFrame } from '../../../src/core/session/strategies';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { randomPattern, rng } from '../retrieve/helpers';
import { fakeNeo4j, graphOf, luceneTerms, outcome } from './fakeNeo4j';

async function registries(): Promise<Pick<DbSchema, 'procedures' | 'functions'>> {
  const pkgMain = require.resolve('@neo4j-cypher/language-support');
  const testData = join(dirname(pkgMain), '..', 'esm', 'project', 'language-support', 'src', 'tests', 'testData.js');
  const mod = (await import(pathToFileURL(testData).href)) as { testData: { mockSchema: DbSchema } };
  return { procedures: mod.testData.mockSchema.procedures, functions: mod.testData.mockSchema.functions };
}

const LABELS = ['Movie', 'Person', 'Odd name with spaces'];

function lint(query: string, reg: Pick<DbSchema, 'procedures' | 'functions'>, language: DbSchema['defaultLanguage']): string[] {
  const schema: DbSchema = { labels: LABELS, relationshipTypes: ['ACTED_IN'], propertyKeys: ['name'], parameters: { index: NAME_INDEX, text: 'heat heat~', limit: 200 }, ...reg, defaultLanguage: language };
  return lintCypherQuery(query, schema).diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value));
}

test('the index statements pass Neo4j’s parser and semantic analysis (Cypher 5 and 25); the procedure and its options match the server’s registry', async () => {
  const reg = await registries();
  const create = createNameIndexStatement(LABELS);
  assert.equal(create, 'CREATE FULLTEXT INDEX kgrag_names IF NOT EXISTS FOR (n:`Movie`|`Person`|`Odd name with spaces`) ON EACH [n.`name`]');
  for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
    assert.deepEqual(lint(NAME_INDEX_QUERY, reg, language), [], `${language}: ${NAME_INDEX_QUERY}`);
    assert.deepEqual(lint(create, reg, language), [], `${language}: ${create}`);
    // The procedure is READ in the registry recorded from a real server, and yields node and score.
    const proc = reg.procedures?.[language]?.['db.index.fulltext.queryNodes'];
    assert.ok(proc, `${language}: the registry knows db.index.fulltext.queryNodes`);
    assert.equal(proc.mode, 'READ');
    assert.deepEqual(proc.returnDescription.map((r) => r.name), ['node', 'score']);
    assert.deepEqual(proc.argumentDescription.map((a) => a.name), ['indexName', 'queryString', 'options']);
    // Every option key sent is one the procedure documents, with its type (limit :: INTEGER, hence toInteger).
    const documented = proc.argumentDescription[2]!.description;
    const sent = [...NAME_INDEX_QUERY.matchAll(/\{(\w+): toInteger\(\$\w+\)\}/g)].map((m) => m[1]!);
    assert.deepEqual(sent, ['limit']);
    for (const k of sent) assert.match(documented, new RegExp(`\\b${k} :: INTEGER`));
  }
  // Not a rubber stamp: a wrong YIELD column, a wrong index keyword and a missing ON EACH are diagnosed.
  assert.notDeepEqual(lint(NAME_INDEX_QUERY.replace('YIELD node, score', 'YIELD nodes, score'), reg, 'CYPHER 5'), []);
  assert.notDeepEqual(lint(create.replace('FULLTEXT', 'FULLTXT'), reg, 'CYPHER 5'), []);
  assert.notDeepEqual(lint(create.replace(' ON EACH', ''), reg, 'CYPHER 25'), []);
  // The embedded dialect cannot reach Neo4j's procedure: an embedded-only function is diagnosed.
  assert.notDeepEqual(lint(NAME_INDEX_QUERY.replace('elementId(node)', 'offset(id(node))'), reg, 'CYPHER 5'), []);
});

test('the query door admits exactly the read-only full-text query; the schema write only with writes allowed; SHOW INDEXES never', () => {
  assert.deepEqual(checkStatement(NAME_INDEX_QUERY, { allowWrite: false }), { allowed: true, kind: 'read' });
  const refused = [
    "CALL db.index.fulltext.queryRelationships('kgrag_names', $text) YIELD relationship RETURN relationship",
    "CALL db.index.fulltext.queryNodes('kgrag_names', $text) YIELD node SET node.name = 'x'",
    "CALL db.index.fulltext.queryNodes('kgrag_names', $text) YIELD node DETACH DELETE node",
    "CALL db.index.fulltext.createNodeIndex('x', ['Movie'], ['name'])",
    "CALL db.index.fulltext.drop('kgrag_names')",
    'CALL db.awaitIndex($index, 300)',
    "CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value",
    'CALL `db.index.fulltext.queryNodes`($index, $text) YIELD node RETURN node',
    createNameIndexStatement(LABELS),
    'DROP INDEX kgrag_names',
  ];
  for (const q of refused) assert.equal(checkStatement(q, { allowWrite: false }).allowed, false, q);
  assert.equal(checkStatement(createNameIndexStatement(LABELS), { allowWrite: true }).allowed, true, 'the consented schema write passes with writes allowed');
  for (const q of ['SHOW INDEXES', 'SHOW FULLTEXT INDEXES YIELD name WHERE name = $index RETURN name']) {
    assert.equal(checkStatement(q, { allowWrite: true }).allowed, false, `${q}: administration, refused even with writes allowed`);
  }
  assert.throws(() => guardStatement(createNameIndexStatement(LABELS), { allowWrite: false }), (e) => isGraphStoreError(e, 'not-read-only'));
});

/** What a Lucene classic query parser could read as syntax in `q`: anything but escaped characters, spaces and our own trailing `~`. */
function syntaxIn(q: string): string[] {
  const found: string[] = [];
  const words = q.split(' ');
  for (const w of words) {
    if (/^(AND|OR|NOT|TO)$/.test(w)) found.push(`operator ${w}`);
    for (let i = 0; i < w.length; i++) {
      const c = w[i]!;
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '~' && i === w.length - 1) continue;
      if (/[+\-!(){}[\]^"~*?:\\/&|]/.test(c)) found.push(`${c} in ${w}`);
    }
  }
  return found;
}

test('hostile names cannot change the Lucene query: every syntax character is escaped, operators lose their meaning, the name never enters the statement', async () => {
  const hostile = [
    'name:*',
    '*',
    '?',
    'a OR b',
    'x AND NOT y',
    '"The Vow"~10',
    'heat^100',
    '(a OR b) AND c',
    'title:Heat',
    '/.*/',
    'a\\',
    '\\"',
    '-Heat +Vow',
    'a && b || c',
    '[a TO z]',
    '{a TO z}',
    'ab~2',
    'name:"x" OR name:*',
    "'); CALL db.index.fulltext.drop('kgrag_names') //",
    '\u0000\u001b[2J',
    'Amélie 日本 TO',
  ];
  const r = rng(2511);
  const alphabet = ['+', '-', '!', '(', ')', '{', '}', '[', ']', '^', '"', '~', '*', '?', ':', '\\', '/', '&', '|', ' ', 'AND', 'OR', 'NOT', 'a', 'b', 'Heat', 'name'];
  for (let i = 0; i < 300; i++) hostile.push(Array.from({ length: 1 + Math.floor(r() * 8) }, () => alphabet[Math.floor(r() * alphabet.length)]!).join(r() < 0.5 ? '' : ' '));
  for (const name of hostile) {
    const q = luceneQuery(name);
    assert.deepEqual(syntaxIn(q), [], `${JSON.stringify(name)} → ${q}`);
    // The words, unescaped, are the name's own words in lower case (each asked exactly and with ~).
    const words = name.split(/\s+/u).filter((w) => w !== '').map((w) => w.toLowerCase());
    const terms = luceneTerms(q).map((t) => t.term);
    assert.deepEqual([...new Set(terms)], [...new Set(words)].filter((w) => terms.includes(w)), `${JSON.stringify(name)}`);
    for (const w of words) assert.ok(terms.includes(w), `${JSON.stringify(name)}: word ${w} is asked for`);
  }
  assert.equal(luceneQuery('Name:* OR x'), 'name\\:\\* name\\:\\*~ or or~ x');
  assert.equal(luceneQuery('   '), '');

  // Through the store: the statement is always the fixed one, the name only in a parameter.
  const fake = fakeNeo4j({ nodes: [{ id: '4:f:1', label: 'Movie', name: 'name:* OR x' }], edges: [] }, { indexPresent: true });
  await fake.store.open();
  for (const name of hostile.slice(0, 40)) await fake.store.nameIndexHits(name, 5);
  for (const c of fake.calls) {
    assert.equal(c.query, NAME_INDEX_QUERY);
    assert.equal(c.routing, 'READ');
    assert.deepEqual(Object.keys(c.params).sort(), ['index', 'limit', 'text']);
    assert.equal(c.params.index, NAME_INDEX);
  }
  await fake.store.close();
});

test('a missing index is recognised by Neo4j’s error (ProcedureCallFailed "no such fulltext schema index", or GQL cause 22N69), other failures are not', () => {
  const missing = new Neo4jError('Failed to invoke procedure `db.index.fulltext.queryNodes`: Caused by: java.lang.IllegalArgumentException: There is no such fulltext schema index: kgrag_names', 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception');
  assert.equal(isNoSuchIndexError(missing), true);
  assert.equal(mapNeo4jError(missing, 'The query').code, 'no-index');
  const gqlCause = new Neo4jError('index does not exist', 'N/A', '22N69', 'error: data exception - index does not exist');
  const wrapped = new Neo4jError('procedure failed', 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception', undefined, gqlCause);
  assert.equal(isNoSuchIndexError(wrapped), true, 'Neo4j 2025: the GQL cause chain');
  const other = new Neo4jError('Failed to invoke procedure `db.index.fulltext.queryNodes`: Caused by: org.apache.lucene.queryparser.classic.ParseException: Cannot parse', 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception');
  assert.equal(isNoSuchIndexError(other), false);
  assert.equal(mapNeo4jError(other, 'The query').code, 'query-failed');
  assert.equal(isNoSuchIndexError(new Error('There is no such fulltext schema index: kgrag_names')), false, 'only the driver’s error');
});



test('Neo4j in store placement: candidates from the full-text index, rescored by the embedder; the result says so; no export; the same answers as memory when Lucene’s hits hold memory’s candidates', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-neo4j-fulltext-'));
  const reg = await registries();
  try {
    let compared = 0;
    let notCovered = 0;
    const linted = new Set<string>();
    for (const seed of [41, 42]) {
      const { fake: graph, memory } = await graphOf(seed);
      const fake = fakeNeo4j(graph, { indexPresent: true });
      await fake.store.open();
      const embedder = new HashingEmbedder({ dimension: 128 });
      const session = await openSession({ store: fake.store, embedder, cacheDir: join(dir, `c${seed}`), placement: 'store' });
      try {
        for (let p = 0; p < 25; p++) {
          // Few candidates per name: memory's nearest by the embedder then share a word (or a near spelling) with the name, which is what Lucene finds.
          const plan: PlanningGraph = { ...randomPattern(seed * 100 + p, memory), strategy: { kind: 'gsd', k: 3, nodeCandidates: 3, relationCandidates: 16 } };
          if (!plan.nodes.some((n) => n.text !== undefined)) continue;
          const before = fake.calls.length;
          const r = await session.run(plan);
          const sent = fake.calls.slice(before);
          if (r.placement?.ran !== 'store') continue; // a pattern the store cannot start runs in memory (and says why)
          const names = new Set(plan.nodes.flatMap((n) => (n.text ? [n.text.value] : [])));
          assert.equal(sent.filter((c) => c.query === NAME_INDEX_QUERY).length, names.size, 'one full-text query per distinct name');
          assert.match(r.warnings?.[0] ?? '', /^candidates from Neo4j's full-text index kgrag_names: Lucene's top 200 per name \(.*\), ranked by the embedder — exact only when memory's candidates are among them/);
          assert.ok((r.storeIo?.roundTrips ?? 0) >= names.size, 'the full-text queries are counted as round trips');
          for (const c of sent) {
            assert.equal(c.routing, 'READ', c.query);
            assert.equal(checkStatement(c.query, { allowWrite: false }).allowed, true, c.query);
            // Each statement shape once (the linter takes 80–350 ms a statement).
            const shape = c.query.replace(/`[^`]*`/g, '`T`');
            if (linted.has(shape)) continue;
            linted.add(shape);
            for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
              const schema: DbSchema = { labels: [...new Set(graph.nodes.map((n) => n.label))], relationshipTypes: [...new Set(graph.edges.map((e) => e.type))], propertyKeys: ['name'], parameters: c.params as DbSchema['parameters'], ...reg, defaultLanguage: language };
              assert.deepEqual(lintCypherQuery(c.query, schema).diagnostics.map((d) => d.message), [], `${language}: ${c.query}`);
            }
          }
          // Memory on the same graph, through the same frame: when every memory candidate of every
          // named node is among Lucene's hits for its name, the outcome is memory's.
          const mem = await inStrategyFrame('gsd', plan, memory.snapshot, embedder, {}, () => retrieveGsd(plan, memory.snapshot, embedder, {}));
          const problem = await buildProblem(plan, memory.snapshot, embedder, { nodeCandidates: 3, relationCandidates: 16 });
          let covered = true;
          for (const [i, n] of problem.nodes.entries()) {
            const text = plan.nodes[i]!.text?.value;
            if (!n.known || text === undefined) continue;
            const hits = new Set((await fake.store.nameIndexHits(text, 200)).hits.map((h) => h.id));
            if (!Array.from(n.nodes).every((g) => hits.has(memory.snapshot.data.nodeIds.get(g)))) covered = false;
          }
          if (covered) {
            // k may cut tied subgraphs: which of them are listed is the tie order, which Neo4j does not keep (docs/placement.md).
            if (r.ties || mem.ties) {
              assert.deepEqual([(outcome(r) as { gsd: number[] }).gsd, r.ties?.total], [(outcome(mem) as { gsd: number[] }).gsd, mem.ties?.total], `seed ${seed} pattern ${p}: GSD values and ties`);
            } else assert.deepEqual(outcome(r), outcome(mem), `seed ${seed} pattern ${p}: GSD values, answers with their graph labels, candidates`);
            compared++;
          } else notCovered++;
        }
        assert.deepEqual(fake.exported, [], 'the database was never exported');
      } finally {
        await session.close();
      }
    }
    t.diagnostic(`store runs compared with memory: ${compared}; memory candidates not all among Lucene's hits: ${notCovered}`);
    assert.ok(compared >= 10, `compared ${compared} runs with memory (${notCovered} whose memory candidates Lucene's hits missed)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no full-text index: the run falls back to a snapshot of the whole database and says so (what it fell back to, the statement that creates the index); nothing is created without consent', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-neo4j-noindex-'));
  try {
    const { fake: graph, memory } = await graphOf(43);
    const fake = fakeNeo4j(graph, { indexPresent: false });
    await fake.store.open();
    const embedder = new HashingEmbedder({ dimension: 128 });
    const session = await openSession({ store: fake.store, embedder, cacheDir: join(dir, 'c'), placement: 'store' });
    try {
      const name = memory.nodeNames[3]!;
      const plan: PlanningGraph = {
        name: 'fallback',
        nodes: [{ id: 'a', text: { kind: 'soft', value: name } }, { id: 'b' }],
        edges: [{ id: 'e', source: 'a', target: 'b', relation: { kind: 'unknown' }, directed: false }],
        targets: ['b'],
        expect: [],
        strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 },
      };
      const r = await session.run(plan);
      const statement = createNameIndexStatement((await fake.store.schema()).labels.map((l) => l.name));
      const said = r.warnings ?? [];
      assert.ok(said.some((w) => w.startsWith('Neo4j has no full-text index kgrag_names, so the candidates came from a snapshot of the whole database instead') && w.includes('kgrag index create --neo4j <uri> --write') && w.includes(statement)), said.join('\n'));
      assert.ok(said.some((w) => w === `the snapshot was built by reading the whole database from Neo4j (${graph.nodes.length} nodes, ${graph.edges.length} edges)`), said.join('\n'));
      assert.ok(!said.some((w) => w.startsWith('candidates from Neo4j')), 'the candidates are the snapshot’s own (exact): no full-text caveat');
      assert.deepEqual(fake.exported.sort(), ['MATCH (a)-[r]->(b) RETURN elementId(a) AS source, elementId(b) AS target, type(r) AS type', 'MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, n.name AS name'].sort(), 'the export the warning speaks of');
      assert.equal(fake.indexPresent, false, 'a run never creates the index');
      assert.ok(!fake.calls.some((c) => c.routing !== 'READ'), 'every statement of the run was a READ');
      // Memory's answers: the snapshot is exact.
      const mem = await inStrategyFrame('gsd', plan, memory.snapshot, embedder, {}, () => retrieveGsd(plan, memory.snapshot, embedder, {}));
      assert.deepEqual(r.subgraphs.map((x) => x.gsd), mem.subgraphs.map((x) => x.gsd));
      assert.deepEqual([r.ties?.total, r.answers.map((a) => a.score)], [mem.ties?.total, mem.answers.map((a) => a.score)]);
      // A second run reads the snapshot loaded now: no second export, no second notice.
      const exports = fake.exported.length;
      const again = await session.run(plan);
      assert.equal(fake.exported.length, exports);
      assert.ok(!(again.warnings ?? []).some((w) => w.includes('whole database')));
    } finally {
      await session.close();
    }

    // Consent: the state says missing and names the statement; only createNameIndex (the CLI's --write, the editor's modal) writes it.
    const admin = fakeNeo4j(graph, { indexPresent: false });
    await admin.store.open();
    const state = await nameIndexState(admin.store);
    assert.deepEqual(state, { kind: 'missing', index: 'kgrag_names', statement: createNameIndexStatement(['Genre', 'Movie', 'Person']) });
    assert.ok(admin.calls.every((c) => c.routing === 'READ'), 'checking is read-only');
    await assert.rejects(admin.store.query(state.kind === 'missing' ? state.statement : '', {}), (e) => isGraphStoreError(e, 'not-read-only'), 'a read-only query cannot create it');
    const made = await createNameIndex(admin.store);
    assert.deepEqual(made, { kind: 'created', statement: state.kind === 'missing' ? state.statement : '' });
    const write = admin.calls.find((c) => c.query.startsWith('CREATE FULLTEXT INDEX'));
    assert.equal(write?.routing, 'WRITE', 'the consented write runs in a WRITE transaction');
    assert.deepEqual(await nameIndexState(admin.store), { kind: 'present', index: 'kgrag_names' });
    await admin.store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the embedded engine keeps its own name index: nameIndexState and createNameIndex leave it alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-embedded-noindex-'));
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  try {
    assert.equal((await nameIndexState(store)).kind, 'not-neo4j');
    assert.equal((await createNameIndex(store)).kind, 'not-neo4j');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a plan without names sends no full-text query and says nothing of one; the database is not exported', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-neo4j-nonames-'));
  try {
    const { fake: graph } = await graphOf(44);
    const fake = fakeNeo4j(graph, { indexPresent: false });
    await fake.store.open();
    const session = await openSession({ store: fake.store, embedder: new HashingEmbedder({ dimension: 128 }), cacheDir: join(dir, 'c'), placement: 'store' });
    try {
      const plan: PlanningGraph = {
        name: 'typed',
        nodes: [{ id: 'a', category: 'Genre' }, { id: 'b', category: 'Person' }],
        edges: [{ id: 'e', source: 'a', target: 'b', relation: { kind: 'unknown' }, directed: false }],
        targets: ['b'],
        expect: [],
        strategy: { kind: 'gsd', k: 3, nodeCandidates: 3, relationCandidates: 16 },
      };
      const r = await session.run(plan);
      assert.equal(r.placement?.ran, 'store');
      assert.ok(!fake.calls.some((c) => c.query === NAME_INDEX_QUERY), 'no name, no full-text query (even with the index missing)');
      assert.ok(!(r.warnings ?? []).some((w) => /full-text|whole database/.test(w)), (r.warnings ?? []).join('\n'));
      assert.deepEqual(fake.exported, []);
      assert.ok(r.answers.length > 0 && r.answers.every((a) => a.labels?.[0] === 'Person'), 'answers with their labels from the store');
    } finally {
      await session.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
