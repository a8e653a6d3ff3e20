import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../../../src/core/plan/planningGraph';
import { openSession, PlanParameterError, STRATEGIES, STRATEGY_KINDS, isStrategyKind, type RetrievalSession } from '../../../src/core/session';

const root = resolve(__dirname, '../../..');
let dir = '';
let session: RetrievalSession;

function plan(text: string): PlanningGraph {
  const plans = toPlanningGraphs(parseDocument(text).document);
  assert.equal(plans.length, 1);
  return plans[0]!;
}

const DIRECTOR = plan(`plan director {
  match (m: Movie "Kismet") -[directed by]-> (d: Person)
  return d
}`);

const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').map((l) => l.split('|'));
const kismetDirectors = triples.filter((t) => t[0] === 'Kismet' && t[1] === 'directed_by').map((t) => t[2]);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-session-'));
  // The real embedded engine; the graph comes in through the session's own import.
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'lexical' } });
});

after(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the strategy table: one entry per strategy kind, parameter defaults equal the IR defaults', () => {
  assert.deepEqual([...STRATEGY_KINDS].sort(), Object.keys(DEFAULT_STRATEGIES).sort());
  for (const kind of STRATEGY_KINDS) {
    const entry = STRATEGIES[kind];
    assert.equal(entry.kind, kind);
    assert.ok(entry.summary.length > 0);
    const defaults = DEFAULT_STRATEGIES[kind] as unknown as Record<string, unknown>;
    for (const p of entry.parameters) {
      // The IR's optional fields (absent = the default) are the only parameters missing from DEFAULT_STRATEGIES.
      const optional: Record<string, readonly string[]> = { gsd: ['exhaustive', 'injective', 'match', 'typeCandidates', 'budgetMs', 'notFoundDistance'], mor: ['typeCandidates', 'notFoundDistance'], cypher: ['match', 'text'] };
      if (p.name in defaults) assert.equal(defaults[p.name], p.default, `${kind}.${p.name}`);
      else assert.ok(optional[kind]?.includes(p.name), `${kind}.${p.name} has no IR default and is not an optional field`);
    }
    for (const key of Object.keys(defaults)) if (key !== 'kind') assert.ok(entry.parameters.some((p) => p.name === key), `${kind}.${key} is not described in the table`);
  }
  assert.ok(isStrategyKind('gsd'));
  assert.ok(!isStrategyKind('toString'));
  assert.ok(!isStrategyKind('magic'));
});

test('import through the session renews its schema; run answers with every strategy', async () => {
  const empty = await session.schema();
  assert.equal(empty.labels.length, 0);
  const summary = await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  assert.ok(summary.edgesCreated > 0);
  const schema = await session.schema();
  assert.ok(schema.labels.some((l) => l.name === 'Movie'));
  assert.ok(schema.relationshipTypes.some((r) => r.name === 'directed_by'));
  for (const strategy of STRATEGY_KINDS) {
    const r = await session.run(DIRECTOR, { strategy, id: `director-${strategy}` });
    assert.equal(r.strategy, strategy);
    assert.equal(r.id, `director-${strategy}`);
    assert.ok(r.answers.length > 0, strategy);
    assert.ok(kismetDirectors.includes(r.answers[0]!.value), `${strategy}: ${r.answers[0]!.value}`);
  }
});

test('a cancelled or failed import through the session leaves the previous graph intact; a finished one is swapped in', async () => {
  const count = async () => Number((await session.query('MATCH (n) RETURN count(n) AS c')).rows[0]?.c);
  const before = await count();
  const typesBefore = (await session.schema()).relationshipTypes.map((r) => r.name).sort();
  // Many new types: the load runs one copy job per type, so a cancel after the first leaves work half done in the stage.
  const extra = join(dir, 'extra.triples.txt');
  writeFileSync(extra, Array.from({ length: 400 }, (_, i) => `Extra Film ${i}|extra_rel_${i % 20}|Extra Person ${i}`).join('\n') + '\n');
  const controller = new AbortController();
  let copies = 0;
  await assert.rejects(
    session.import([{ path: extra, format: 'triples' }], { signal: controller.signal, onProgress: (p) => { if (p.phase === 'copy' && ++copies === 2) controller.abort(); } }),
    (e: unknown) => isGraphStoreError(e, 'cancelled'),
  );
  assert.ok(copies >= 2, 'cancelled in the middle of the copy jobs');
  assert.equal(await count(), before, 'no node of the cancelled import');
  assert.deepEqual((await session.schema()).relationshipTypes.map((r) => r.name).sort(), typesBefore);
  // A failed import (the engine killed mid-load is the CLI's kill test; here a file that cannot be read) changes nothing either.
  await assert.rejects(session.import([{ path: join(dir, 'missing.txt'), format: 'triples' }]));
  assert.equal(await count(), before);
  assert.ok((await session.run(DIRECTOR)).answers.length > 0, 'the session still retrieves');
  const done = await session.import([{ path: extra, format: 'triples' }]);
  assert.equal(done.edgesCreated, 400);
  assert.equal(await count(), before + 800);
});

test('settings fill what the plan leaves open; the plan\'s own arguments win; a bad plan value is refused', async () => {
  const open = plan(`plan director {\n  match (m: Movie "Kismet") -[directed by]-> (d: Person)\n  return d\n  using stem()\n}`);
  const given = plan(`plan director {\n  match (m: Movie "Kismet") -[directed by]-> (d: Person)\n  return d\n  using stem(mode: "precision")\n}`);
  const settings = { stem: { mode: 'breadth', theta: 0.2 }, mor: { k: 2 }, cypher: { limit: 1 } } as const;
  assert.equal((await session.run(open)).stem?.mode, 'precision', 'no settings: the default');
  assert.equal((await session.run(open, { settings })).stem?.mode, 'breadth', 'the setting');
  assert.equal((await session.run(given, { settings })).stem?.mode, 'precision', 'the plan wins');
  // Another kind run on this plan takes its own kind's settings; explicit overrides (CLI flags) win over settings.
  assert.equal((await session.run(open, { strategy: 'mor', settings })).stats['k'], 2);
  assert.equal((await session.run(open, { strategy: 'mor', settings, k: 3 })).stats['k'], 3);
  const cypher = await session.run(open, { strategy: 'cypher', settings });
  assert.match(cypher.cypher?.text ?? '', /\nLIMIT 1$/);
  const bad: PlanningGraph = { ...DIRECTOR, strategy: { ...DEFAULT_STRATEGIES.gsd, k: -1 } };
  await assert.rejects(session.run(bad), (e: unknown) => e instanceof PlanParameterError && /^plan director: gsd: 'k' must be a whole number from 1 to 10000, not -1$/.test((e as Error).message));
});

test('explain gives the plan tree without answers; profile runs the query and gives row counts', async () => {
  const explained = await session.run(DIRECTOR, { mode: 'explain' });
  assert.equal(explained.cypher?.mode, 'explain');
  assert.equal(explained.answers.length, 0);
  assert.ok(explained.cypher?.plan, 'an EXPLAIN plan tree');
  const profiled = await session.run(DIRECTOR, { mode: 'profile' });
  assert.equal(profiled.cypher?.mode, 'profile');
  assert.ok(profiled.answers.some((a) => kismetDirectors.includes(a.value)));
  const rowsSomewhere = (t: NonNullable<typeof profiled.cypher>['plan']): boolean => t !== undefined && (t.rows !== undefined || t.children.some(rowsSomewhere));
  assert.ok(rowsSomewhere(profiled.cypher?.plan), 'PROFILE row counts in the tree');
  const cypher = await session.run(DIRECTOR, { strategy: 'cypher' });
  assert.deepEqual(profiled.answers, cypher.answers);
});

test('cypher strategy: soft text is a name equality with the nearest name; edges come back as triples; ignoreCase only when asked', async () => {
  const soft = plan(`plan soft {
  match (m: Movie "kismet") -[directed by]-> (d: Person)
  return d
  using cypher(limit: 10)
}`);
  const r = await session.run(soft);
  assert.ok(r.cypher && /\{`name`: \$p0\}/.test(r.cypher.text) && !/lower\(/i.test(r.cypher.text), r.cypher?.text);
  assert.equal(r.cypher.params['p0'], 'Kismet', 'the nearest name in the graph, not the text as written');
  assert.ok(r.warnings?.some((w) => w.includes('"kismet" is compared as "Kismet"')), JSON.stringify(r.warnings));
  assert.deepEqual(r.answers.map((a) => a.value).sort(), [...kismetDirectors].sort());
  // Every row's subgraph carries the directed_by edge from Kismet to that director.
  for (const s of r.subgraphs) {
    const byVar = new Map(s.mapping.map((m) => [m.variable, m]));
    assert.deepEqual(s.mapping.map((m) => m.labels), [['Movie'], ['Person']]);
    assert.equal(s.triples.length, 1);
    const t = s.triples[0]!;
    assert.deepEqual([t.type, t.source, t.target, t.sourceName, t.targetName, t.edgeId], ['directed_by', byVar.get('m')!.nodeId, byVar.get('d')!.nodeId, 'Kismet', byVar.get('d')!.name, 'e0']);
  }
  const asked = await session.run(plan(`plan soft_ci {
  match (m: Movie "kismet") -[directed by]-> (d: Person)
  return d
  using cypher(limit: 10, text: "ignoreCase")
}`));
  assert.ok(asked.cypher && /lower\(m\.`name`\) = \$p0/.test(asked.cypher.text), asked.cypher?.text);
  assert.deepEqual(asked.answers.map((a) => a.value).sort(), [...kismetDirectors].sort());
  const exact = await session.run(plan(`plan soft_exact {
  match (m: Movie "kismet") -[directed by]-> (d: Person)
  return d
  using cypher(text: "exact")
}`));
  assert.equal(exact.cypher?.params['p0'], 'kismet');
  assert.equal(exact.answers.length, 0, 'compared as written: no movie is called "kismet"');
});

test('runCypher: a person\'s query with parameters runs read-only and comes back as table + subgraphs; writes are refused', async () => {
  const r = await session.runCypher('MATCH (m:Movie {name: $title})-[r:directed_by]->(d:Person) RETURN d, r, m.name AS film', { title: 'Kismet' }, { label: 'kismet.cypher' });
  assert.equal(r.plan, 'kismet.cypher');
  assert.deepEqual(r.cypher?.table?.columns, ['d', 'r', 'film']);
  assert.equal(r.cypher?.table?.total, kismetDirectors.length);
  assert.deepEqual(r.answers.map((a) => a.value).sort(), [...kismetDirectors].sort());
  assert.ok(r.subgraphs.every((s) => s.triples.length === 1 && s.triples[0]!.type === 'directed_by' && s.mapping.some((m) => m.labels.includes('Person'))));
  // The parameter is a value: a hostile one matches nothing and changes nothing.
  const hostile = await session.runCypher('MATCH (m:Movie {name: $title}) RETURN m', { title: "Kismet'}) DETACH DELETE m //" });
  assert.equal(hostile.cypher?.table?.total, 0);
  await assert.rejects(session.runCypher('MATCH (m:Movie) DETACH DELETE m', {}), (e: unknown) => isGraphStoreError(e) && e.code === 'not-read-only');
  assert.equal((await session.runCypher('MATCH (m:Movie {name: $t}) RETURN count(m) AS c', { t: 'Kismet' })).cypher?.table?.rows[0]?.[0], 1);
});

test('run stages: a first run on a graph reports index → search → embed → search; later runs only search', async () => {
  const fresh = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db-stages') }, embedder: { kind: 'lexical' } });
  try {
    await fresh.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
    const stages: string[] = [];
    await fresh.run(DIRECTOR, { strategy: 'gsd', onStage: (s) => stages.push(s.stage === 'index' ? `index:${s.step}` : s.stage) });
    // GSD embeds node texts and relation phrases separately: each embedding is followed by search again.
    assert.deepEqual(stages.slice(0, 4), ['index:fingerprint', 'index:load-cached', 'index:build', 'search']);
    assert.ok(stages.includes('embed'), stages.join());
    assert.equal(stages.at(-1), 'search');
    assert.ok(stages.slice(4).every((s) => s === 'embed' || s === 'search'), stages.join());
    const again: string[] = [];
    await fresh.run(DIRECTOR, { strategy: 'cypher', onStage: (s) => again.push(s.stage) });
    assert.ok(!again.some((s) => s === 'index'), `a loaded index is not loaded again: ${again.join()}`);
    assert.deepEqual([again[0], again.at(-1)], ['search', 'search']);
  } finally {
    await fresh.close();
  }
});

test('buildIndex: built once, loaded from the cache folder by a new session, rebuilt on request', async () => {
  const first = await session.buildIndex();
  assert.ok(first.nodes > 0);
  // A read-only open beside the writer may not see its unflushed writes: the writer closes first.
  await session.close();
  const again = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db'), readOnly: true } });
  try {
    const loaded = await again.buildIndex();
    assert.equal(loaded.source, 'cache');
    assert.equal(loaded.nodes, first.nodes);
  } finally {
    await again.close();
  }
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') } });
  const rebuilt = await session.buildIndex({ rebuild: true });
  assert.equal(rebuilt.source, 'built');
  assert.equal(rebuilt.nodes, first.nodes);
});

test('a session on an unreachable Neo4j fails to open with the store error, nothing left open', async () => {
  await assert.rejects(
    openSession({ store: { kind: 'neo4j', uri: 'bolt://127.0.0.1:7999', user: 'neo4j', timeoutMs: 5000 }, password: () => 'x' }),
    (e: unknown) => isGraphStoreError(e, 'unavailable') && /not reachable/.test((e as Error).message),
  );
});
