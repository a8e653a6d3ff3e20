import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Database, type QueryResult } from '@ladybugdb/core';
import { lintCypherQuery } from '@neo4j-cypher/language-support';
import { compileCypher, type CompiledCypher } from '../../../src/core/plan/cypher';
import { MATCH_SEMANTICS, type PlanningGraph } from '../../../src/core/plan/planningGraph';
import { SchemaIndex } from '../../../src/core/schema/schemaIndex';
import { buildGraph, HOSTILE, moviesSchema, prng, randomPlan, referenceAnswers, resolvers, type Graph } from './cypherFixtures';

const schema = moviesSchema();
const index = new SchemaIndex(schema);
const resolve = resolvers(index);
const graph: Graph = buildGraph();

const CO_ACTORS: PlanningGraph = {
  name: 'co_actor_films',
  question: 'which films share actors with The Vow',
  nodes: [
    { id: 'vow', category: 'Movie', text: { kind: 'soft', value: 'The Vow' } },
    { id: 'actor', category: 'Person' },
    { id: 'film', category: 'film' },
  ],
  edges: [
    { id: 'e0', source: 'vow', target: 'actor', directed: true, relation: { kind: 'phrase', value: 'starred actors' } },
    { id: 'e1', source: 'film', target: 'actor', directed: false, relation: { kind: 'type', value: 'starred_actors' } },
  ],
  targets: ['film'],
  expect: [],
  strategy: { kind: 'cypher', limit: 50 },
};

test('neo4j: the expected Cypher text, values only as parameters, soft text as a name equality an index serves', () => {
  const c = compileCypher(CO_ACTORS, { dialect: 'neo4j', ...resolve });
  assert.equal(
    c.text,
    [
      'MATCH (vow:`Movie` {`name`: $p0})-[:`starred_actors`]->(actor:`Person`)',
      'MATCH (film:`Movie`)-[:`starred_actors`]-(actor)',
      'WHERE NONE(kgrag_id IN [elementId(actor), elementId(film)] WHERE kgrag_id IN [elementId(vow)])',
      'RETURN DISTINCT film.`name` AS film, elementId(film) AS film_id',
      'ORDER BY film',
      'LIMIT 50',
    ].join('\n'),
  );
  assert.deepEqual(c.params, { p0: 'The Vow' });
  assert.deepEqual(c.diagnostics, []);
  assert.deepEqual(c.columns, [{ variable: 'film', name: 'film', id: 'film_id' }]);
});

test('kuzu: lower(), id(), label alternatives as A:B, one MATCH per edge, node distinctness in one linear expression', () => {
  const pg: PlanningGraph = { ...CO_ACTORS, nodes: [...CO_ACTORS.nodes, { id: 'y', text: { kind: 'exact', value: '2012' } }], edges: [...CO_ACTORS.edges, { id: 'e2', source: 'film', target: 'y', directed: true, relation: { kind: 'unknown' } }] };
  const c = compileCypher(pg, { dialect: 'kuzu', softText: 'equalsIgnoreCase', resolveRelation: resolve.resolveRelation, resolveLabel: (cat) => (cat === 'film' ? ['Movie', 'Person'] : [cat]) });
  assert.equal(
    c.text,
    [
      'MATCH (vow:`Movie`)-[:`starred_actors`]->(actor:`Person`)',
      'MATCH (film:`Movie`:`Person`)-[:`starred_actors`]-(actor)',
      'MATCH (film)-[]->(y {`name`: $p1})',
      'WHERE lower(vow.`name`) = $p0',
      '  AND size(list_distinct([id(vow), id(y)])) = 2',
      '  AND NONE(kgrag_id IN [id(actor), id(film)] WHERE kgrag_id IN [id(vow), id(y)])',
      'RETURN DISTINCT film.`name` AS film, id(film) AS film_id',
      'ORDER BY film',
      'LIMIT 50',
    ].join('\n'),
  );
  assert.deepEqual(c.params, { p0: 'the vow', p1: '2012' });
});

test('soft text: resolved by the caller, compared as written, or case-insensitively only when asked; edges returned on request', () => {
  const resolved = compileCypher(CO_ACTORS, { dialect: 'kuzu', ...resolve, resolveText: (id, text) => (id === 'vow' ? `${text} (resolved)` : text), returnEdges: true });
  assert.match(resolved.text, /^MATCH \(vow:`Movie` \{`name`: \$p0\}\)-\[kgrag_e0:`starred_actors`\]->/);
  assert.deepEqual(resolved.params, { p0: 'The Vow (resolved)' });
  assert.ok(!/lower\(/i.test(resolved.text), resolved.text);
  assert.deepEqual(resolved.edgeColumns, [{ edgeId: 'e0', column: 'kgrag_e0' }, { edgeId: 'e1', column: 'kgrag_e1' }]);
  assert.match(resolved.text, /RETURN DISTINCT .*, kgrag_e0, kgrag_e1$/m);
  // An edge variable never takes a plan variable's name.
  const clash = compileCypher({ ...CO_ACTORS, nodes: [...CO_ACTORS.nodes.slice(0, 2), { id: 'kgrag_e1', category: 'film' }], edges: [CO_ACTORS.edges[0]!, { ...CO_ACTORS.edges[1]!, source: 'kgrag_e1' }], targets: ['kgrag_e1'] }, { dialect: 'kuzu', ...resolve, returnEdges: true });
  assert.deepEqual(clash.edgeColumns.map((e) => e.column), ['kgrag_e0', 'kgrag_e10']);
  const ignoreCase = compileCypher(CO_ACTORS, { dialect: 'neo4j', ...resolve, softText: 'equalsIgnoreCase' });
  assert.match(ignoreCase.text, /WHERE toLower\(vow\.`name`\) = \$p0/);
  assert.deepEqual(ignoreCase.params, { p0: 'the vow' });
  assert.deepEqual(compileCypher(CO_ACTORS, { dialect: 'neo4j', ...resolve }).edgeColumns, []);
});

test('hostile strings end up only in the parameters', () => {
  for (const dialect of ['neo4j', 'kuzu'] as const) {
    for (const h of HOSTILE) {
      const pg: PlanningGraph = {
        ...CO_ACTORS,
        nodes: [
          { id: 'vow', category: 'Movie', text: { kind: 'soft', value: h } },
          { id: 'actor', category: 'Person', text: { kind: 'exact', value: h } },
          { id: 'film', category: 'Movie', properties: { name: h } },
        ],
      };
      const c = compileCypher(pg, { dialect, ...resolve });
      assert.ok(!c.text.includes(h), `${dialect}: ${h} spliced into\n${c.text}`);
      assert.ok(!/DETACH|DELETE/.test(c.text));
      assert.deepEqual(Object.values(c.params).sort(), [h, h, h].sort());
      const lowered = compileCypher(pg, { dialect, ...resolve, softText: 'equalsIgnoreCase' });
      assert.ok(!lowered.text.includes(h), `${dialect}: ${h} spliced into\n${lowered.text}`);
      assert.deepEqual(Object.values(lowered.params).sort(), [h, h, h.toLowerCase()].sort());
    }
  }
});

test('identifiers a backtick could escape from are refused, not spliced', () => {
  const pg: PlanningGraph = {
    ...CO_ACTORS,
    nodes: [
      { id: 'vow', category: 'Movie`) DETACH DELETE n //' },
      { id: 'actor', properties: { 'na`me': 'x' } },
      { id: 'film' },
    ],
    edges: [{ id: 'e0', source: 'vow', target: 'actor', directed: false, relation: { kind: 'type', value: 'a`b' } }, CO_ACTORS.edges[1]!],
  };
  const c = compileCypher(pg, { dialect: 'neo4j' });
  assert.ok(!c.text.includes('DETACH') && !c.text.includes('a`b') && !c.text.includes('na`me'), c.text);
  assert.deepEqual(c.diagnostics.map((d) => [d.code, d.element?.id]), [
    ['cypher-unsafe-identifier', 'vow'],
    ['cypher-unsafe-identifier', 'actor'],
    ['cypher-unsafe-identifier', 'e0'],
  ]);
  // Odd but safe names are quoted, including variables.
  const odd = compileCypher({ ...CO_ACTORS, nodes: [{ id: 'match', category: 'Field-of-Study' }], edges: [], targets: ['match'] }, { dialect: 'neo4j' });
  assert.match(odd.text, /^MATCH \(`match`:`Field-of-Study`\)\nRETURN DISTINCT `match`\.`name` AS `match`, elementId\(`match`\) AS match_id/);
});

test('compile diagnostics: unresolved label, relation matching anything, no target, bad limit, empty plan', () => {
  const pg: PlanningGraph = { ...CO_ACTORS, nodes: [{ id: 'a', category: 'Spaceship' }, { id: 'b' }], edges: [{ id: 'e0', source: 'a', target: 'b', directed: false, relation: { kind: 'phrase', value: 'flew' } }], targets: [] };
  const c = compileCypher(pg, { dialect: 'neo4j', ...resolve, limit: -3 });
  assert.deepEqual(c.diagnostics.map((d) => d.code), ['cypher-unresolved-label', 'cypher-relation-any', 'cypher-no-target', 'cypher-bad-limit']);
  assert.match(c.text, /LIMIT 100$/);
  assert.deepEqual(c.columns.map((x) => x.variable), ['a', 'b']);
  const empty = compileCypher({ ...CO_ACTORS, nodes: [], edges: [], targets: [] }, { dialect: 'kuzu' });
  assert.equal(empty.text, '');
  assert.equal(empty.diagnostics[0]!.code, 'cypher-empty-plan');
});

// ---- the real embedded engine ----
let dir = '';
let db: Database;
let conn: Connection;

function all(r: QueryResult | QueryResult[]): Record<string, unknown>[] {
  const results = Array.isArray(r) ? r : [r];
  let rows: Record<string, unknown>[] = [];
  for (const x of results) {
    rows = x.getAllSync() as Record<string, unknown>[];
    x.close(); // before db.close(), always (the engine can crash at exit otherwise)
  }
  return rows;
}

function run(c: CompiledCypher): Record<string, unknown>[] {
  const ps = conn.prepareSync(c.text);
  if (!ps.isSuccess()) throw new Error(`${ps.getErrorMessage()}\n${c.text}`);
  return all(conn.executeSync(ps, c.params));
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-cypher-'));
  db = new Database(join(dir, 'db'));
  conn = new Connection(db);
  for (const l of schema.labels) all(conn.querySync(`CREATE NODE TABLE \`${l.name}\`(name STRING, PRIMARY KEY(name))`));
  for (const t of schema.relationshipTypes) all(conn.querySync(`CREATE REL TABLE \`${t.name}\`(${t.endpoints.map((e) => `FROM \`${e.from}\` TO \`${e.to}\``).join(', ')})`));
  for (const l of schema.labels) {
    const ps = conn.prepareSync(`CREATE (:\`${l.name}\` {name: $name})`);
    for (const n of graph.nodes) if (n.label === l.name) all(conn.executeSync(ps, { name: n.name }));
  }
  for (const t of schema.relationshipTypes) {
    const e0 = t.endpoints[0]!;
    const ps = conn.prepareSync(`MATCH (a:\`${e0.from}\` {name: $a}), (b:\`${e0.to}\` {name: $b}) CREATE (a)-[:\`${t.name}\`]->(b)`);
    for (const e of graph.edges) if (e.type === t.name) all(conn.executeSync(ps, { a: graph.nodes[e.from]!.name, b: graph.nodes[e.to]!.name }));
  }
});

after(() => {
  conn?.closeSync();
  db?.closeSync();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function answers(rows: Record<string, unknown>[], c: CompiledCypher): Set<string> {
  for (const row of rows) for (const col of c.columns) assert.notEqual(row[col.id], null, 'every answer has an id');
  return new Set(rows.map((row) => JSON.stringify(c.columns.map((col) => row[col.name]))));
}

test('kuzu: generated Cypher runs on the embedded engine and returns the intended answers', () => {
  const c = compileCypher(CO_ACTORS, { dialect: 'kuzu', ...resolve });
  const got = answers(run(c), c);
  // Films sharing an actor with The Vow. Not The Vow itself: both edges would have to bind the
  // same relationship, and each relationship is bound once (Neo4j's rule, enforced in Kùzu too).
  assert.deepEqual([...got].sort(), ['["21 Jump Street"]', '["About Time"]']);
  assert.deepEqual(got, referenceAnswers(graph, CO_ACTORS, resolve, CO_ACTORS.targets));
  // A 3-hop chain with an exact year and a soft genre.
  const pg: PlanningGraph = {
    name: 'crime_2012_directors', nodes: [{ id: 'g', category: 'Genre', text: { kind: 'soft', value: 'CRIME' } }, { id: 'm', category: 'Movie' }, { id: 'y', category: 'Year', text: { kind: 'exact', value: '2012' } }, { id: 'd', category: 'Person' }],
    edges: [
      { id: 'e0', source: 'm', target: 'g', directed: true, relation: { kind: 'phrase', value: 'genre' } },
      { id: 'e1', source: 'm', target: 'y', directed: false, relation: { kind: 'unknown' } },
      { id: 'e2', source: 'd', target: 'm', directed: false, relation: { kind: 'phrase', value: 'directed by' } },
    ],
    targets: ['m', 'd'], expect: [], strategy: { kind: 'cypher', limit: 100 },
  };
  const c2 = compileCypher(pg, { dialect: 'kuzu', ...resolve, softText: 'equalsIgnoreCase' });
  const got2 = answers(run(c2), c2);
  assert.deepEqual([...got2].sort(), ['["21 Jump Street","Christopher Miller"]', '["21 Jump Street","Phil Lord"]']);
  assert.deepEqual(got2, referenceAnswers(graph, pg, resolve, pg.targets, undefined, 'equalsIgnoreCase'));
});

test('kuzu: hostile values run as plain values and leave the graph untouched', () => {
  const count = () => Number(all(conn.querySync('MATCH (n) RETURN count(n) AS c'))[0]!['c']);
  const before = count();
  assert.equal(before, graph.nodes.length);
  for (const h of HOSTILE) {
    const pg: PlanningGraph = { ...CO_ACTORS, nodes: [{ id: 'vow', category: 'Movie', text: { kind: 'exact', value: h } }, { id: 'actor', category: 'Person', text: { kind: 'soft', value: h } }, { id: 'film', properties: { name: h } }] };
    const c = compileCypher(pg, { dialect: 'kuzu', ...resolve });
    const rows = run(c);
    // Carlito's Way is a real title: it must be found as a value, not break the query.
    assert.deepEqual(answers(rows, c), referenceAnswers(graph, pg, resolve, pg.targets));
  }
  const soft = compileCypher({ ...CO_ACTORS, nodes: [{ id: 'film', text: { kind: 'soft', value: "CARLITO'S WAY" } }], edges: [], targets: ['film'] }, { dialect: 'kuzu', softText: 'equalsIgnoreCase' });
  assert.deepEqual([...answers(run(soft), soft)], ['["Carlito\'s Way"]']);
  const asWritten = compileCypher({ ...CO_ACTORS, nodes: [{ id: 'film', text: { kind: 'soft', value: "CARLITO'S WAY" } }], edges: [], targets: ['film'] }, { dialect: 'kuzu' });
  assert.deepEqual([...answers(run(asWritten), asWritten)], []);
  assert.equal(count(), before);
});

test('kuzu: 200 random plans give exactly the brute-force answers under each match semantics', () => {
  const rnd = prng(20261121);
  let nonEmpty = 0;
  for (let i = 0; i < 200; i++) {
    const pg = randomPlan(graph, schema, rnd, `random_${i}`);
    const match = MATCH_SEMANTICS[i % 3]!;
    const softText = i % 2 === 0 ? 'equals' : 'equalsIgnoreCase';
    const c = compileCypher(pg, { dialect: 'kuzu', ...resolve, match, softText, returnEdges: i % 4 < 2 });
    assert.ok(!c.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(c.diagnostics));
    const got = answers(run(c), c);
    const want = referenceAnswers(graph, pg, resolve, c.columns.map((x) => x.variable), match, softText);
    assert.deepEqual(got, want, `plan ${i}: ${JSON.stringify(pg)}\n${c.text}\n${JSON.stringify(c.params)}`);
    if (got.size > 0) nonEmpty++;
  }
  assert.ok(nonEmpty >= 60, `only ${nonEmpty} random plans had answers`);
});

// ---- Neo4j's own front end ----
function lint(c: CompiledCypher) {
  return lintCypherQuery(c.text, {
    labels: schema.labels.map((l) => l.name),
    relationshipTypes: schema.relationshipTypes.map((t) => t.name),
    propertyKeys: [...schema.propertyKeys],
    graphSchema: index.endpointTriples(),
    parameters: { ...c.params },
  }).diagnostics;
}

test('neo4j: fixed plans pass lintCypherQuery with no diagnostics at all', () => {
  const plans: PlanningGraph[] = [
    CO_ACTORS,
    { ...CO_ACTORS, nodes: [{ id: 'm', category: 'Movie', text: { kind: 'exact', value: "Carlito's Way" } }], edges: [], targets: ['m'] },
    {
      ...CO_ACTORS,
      nodes: [{ id: 'a', category: 'Person', text: { kind: 'exact', value: 'Al Pacino' } }, { id: 'm', category: 'Movie' }, { id: 'w', category: 'Person' }, { id: 'y', category: 'Year', properties: { name: '1995' } }],
      edges: [
        { id: 'e0', source: 'm', target: 'a', directed: true, relation: { kind: 'phrase', value: 'acted in' } },
        { id: 'e1', source: 'm', target: 'w', directed: true, relation: { kind: 'phrase', value: 'wrote' } },
        { id: 'e2', source: 'm', target: 'y', directed: false, relation: { kind: 'unknown' } },
      ],
      targets: ['w', 'm'],
    },
    // Hostile values: still one valid query, the values in parameters.
    {
      ...CO_ACTORS,
      nodes: [
        { id: 'vow', category: 'Movie', text: { kind: 'soft', value: HOSTILE[0]! } },
        { id: 'actor', category: 'Person', text: { kind: 'exact', value: HOSTILE[3]! } },
        { id: 'film', category: 'Movie', properties: { name: HOSTILE[5]! } },
      ],
    },
  ];
  for (const pg of plans) {
    const c = compileCypher(pg, { dialect: 'neo4j', ...resolve, softText: 'containsIgnoreCase' });
    assert.deepEqual(lint(c).map((d) => String(d.message)), [], c.text);
  }
});

test('neo4j: 40 random plans pass lintCypherQuery (no errors; no warnings when the plan fits the schema)', () => {
  const rnd = prng(7);
  for (let i = 0; i < 40; i++) {
    const pg = randomPlan(graph, schema, rnd, `random_${i}`);
    const c = compileCypher(pg, { dialect: 'neo4j', ...resolve });
    const diags = lint(c);
    assert.deepEqual(diags.filter((d) => d.severity === 1).map((d) => d.message), [], `${c.text}`);
    // Warnings come only from the schema (a direction against the declared endpoints).
    for (const d of diags) assert.match(String(d.message), /has no (incoming|outgoing)/, `${d.message}\n${c.text}`);
    const fitsSchema = pg.edges.every((e) => !e.directed || e.relation.kind === 'unknown' || referenceAnswers(graph, { ...pg, edges: [e], nodes: pg.nodes.filter((n) => n.id === e.source || n.id === e.target).map((n) => ({ id: n.id, ...(n.category ? { category: n.category } : {}) })), targets: [e.source] }, resolve, [e.source]).size > 0);
    if (fitsSchema) assert.deepEqual(diags.map((d) => d.message), [], c.text);
  }
});

test('a 50,000-edge chain compiles to text linear in its size (no distinctness per pair)', () => {
  const n = 50_001;
  const pg: PlanningGraph = {
    name: 'long',
    nodes: Array.from({ length: n }, (_, i) => ({ id: `v${i}`, ...(i === 0 ? { text: { kind: 'exact' as const, value: 'X' } } : {}) })),
    edges: Array.from({ length: n - 1 }, (_, i) => ({ id: `e${i}`, source: `v${i}`, target: `v${i + 1}`, directed: false, relation: { kind: 'type' as const, value: 'starred_actors' } })),
    targets: [`v${n - 1}`],
    expect: [],
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 4, relationCandidates: 4, match: 'injective' },
  };
  for (const dialect of ['kuzu', 'neo4j'] as const) {
    const c = compileCypher(pg, { dialect });
    // ≈ 45 characters per edge (its MATCH line) + ≈ 12 per node (its id in one list).
    assert.ok(c.text.length < 80 * n, `${dialect}: ${c.text.length} characters`);
    assert.ok(!c.text.includes('<>'));
  }
});
