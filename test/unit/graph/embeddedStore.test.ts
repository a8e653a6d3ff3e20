// The embedded store against the real engine in its child process, on the shipped movie sample.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { EngineClient } from '../../../src/core/graph/embedded/engineClient';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { flattenPlan } from '../../../src/core/graph/plan/embeddedPlanParser';
import { ensureSampleImported, sampleTriplesPath } from '../../../src/core/graph/sample/sampleStore';
import type { EdgeRecord, NodeRecord } from '../../../src/core/graph/graphStore';
import { SLOW_QUERY, tempDir } from './helpers';

const dir = tempDir();
const folder = join(dir.path, '.kgrag');
let store: EmbeddedStore;
/** The sample's triples, read independently of the importer. */
const triples = readFileSync(sampleTriplesPath(), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('|') as [string, string, string]);

before(async () => {
  store = new EmbeddedStore({ folder, timeoutMs: 20_000 });
  await store.open();
  const summary = await ensureSampleImported(store);
  assert.ok(summary, 'a fresh folder gets the sample');
});

after(async () => {
  await store.close();
  dir.remove();
});

test('the data folder is created on demand with a .gitignore holding *', () => {
  assert.equal(readFileSync(join(folder, '.gitignore'), 'utf8').trim(), '*');
  assert.ok(existsSync(join(folder, 'graph.lbug')));
});

test('ensureSampleImported does nothing the second time', async () => {
  assert.equal(await ensureSampleImported(store), undefined);
});

test('schema: labels with counts, relationship types with endpoints, property keys', async () => {
  const schema = await store.schema();
  const movies = new Set(triples.map((t) => t[0]));
  const people = new Set(triples.filter((t) => ['directed_by', 'written_by', 'starred_actors'].includes(t[1])).map((t) => t[2]));
  const label = (n: string) => schema.labels.find((l) => l.name === n);
  assert.equal(label('Movie')?.count, movies.size);
  assert.equal(label('Person')?.count, people.size);
  assert.deepEqual(label('Movie')?.properties, ['name']);
  const starred = schema.relationshipTypes.find((r) => r.name === 'starred_actors');
  assert.deepEqual(starred?.endpoints, [{ from: 'Movie', to: 'Person' }]);
  assert.equal(starred?.count, triples.filter((t) => t[1] === 'starred_actors').length);
  assert.deepEqual(new Set(schema.relationshipTypes.map((r) => r.name)), new Set(triples.map((t) => t[1])));
  assert.deepEqual(schema.propertyKeys, ['name']);
});

test('query with parameters, and PROFILE returns rows plus a plan whose result count matches', async () => {
  const cypher = 'MATCH (m:Movie)-[:starred_actors]->(p:Person)<-[:starred_actors]-(m2:Movie) WHERE m.name = $title RETURN DISTINCT m2.name AS film';
  const actors = new Set(triples.filter((t) => t[0] === 'The Vow' && t[1] === 'starred_actors').map((t) => t[2]));
  const expected = new Set(triples.filter((t) => t[1] === 'starred_actors' && actors.has(t[2])).map((t) => t[0]));
  const run = await store.query(cypher, { params: { title: 'The Vow' } });
  assert.deepEqual(new Set(run.rows.map((r) => r.film)), expected);
  const profiled = await store.query(cypher, { params: { title: 'The Vow' }, mode: 'profile' });
  assert.equal(profiled.rows.length, expected.size);
  assert.ok(profiled.plan);
  assert.equal(profiled.plan.rows, expected.size);
  assert.ok(flattenPlan(profiled.plan).some((p) => p.operator === 'PRIMARY_KEY_SCAN_NODE_TABLE' && p.rows === 1));
  const explained = await store.query(cypher, { params: { title: 'The Vow' }, mode: 'explain' });
  assert.equal(explained.rows.length, 0, 'EXPLAIN does not execute');
  assert.ok(explained.plan && flattenPlan(explained.plan).every((p) => p.rows === undefined));
});

test('read-only by default: a write is refused and changes nothing', async () => {
  const before = await store.fingerprint();
  await assert.rejects(store.query("CREATE (:Movie {name: 'Not Here'})"), (e) => isGraphStoreError(e, 'not-read-only'));
  const r = await store.query("MATCH (m:Movie) WHERE m.name = 'Not Here' RETURN count(m) AS c");
  assert.equal(r.rows[0]?.c, 0);
  assert.equal(await store.fingerprint(), before);
});

test('expand: neighbours of a batch of ids, filtered by type, label and direction', async () => {
  const vow = (await store.query("MATCH (m:Movie) WHERE m.name = 'The Vow' RETURN id(m) AS id")).rows[0]?.id;
  const kismet = (await store.query("MATCH (m:Movie) WHERE m.name = 'Kismet' RETURN id(m) AS id")).rows[0]?.id;
  assert.equal(typeof vow, 'string');
  const ids = [String(vow), String(kismet)];
  const all = await store.expand(ids);
  const expectedAll = triples.filter((t) => t[0] === 'The Vow' || t[0] === 'Kismet');
  assert.equal(all.length, expectedAll.length);
  assert.ok(all.every((n) => n.direction === 'out' && ids.includes(n.from)));
  const actors = await store.expand(ids, { types: ['starred_actors'], label: 'Person', direction: 'out' });
  assert.deepEqual(new Set(actors.map((n) => n.node.name)), new Set(expectedAll.filter((t) => t[1] === 'starred_actors').map((t) => t[2])));
  assert.ok(actors.every((n) => n.node.labels[0] === 'Person' && n.type === 'starred_actors'));
  assert.deepEqual(await store.expand(ids, { direction: 'in' }), [], 'movies have no incoming edges');
  // From a person, incoming edges lead back to movies.
  const person = actors[0]!.node;
  const back = await store.expand([person.id], { direction: 'in', types: ['starred_actors'] });
  assert.deepEqual(new Set(back.map((n) => n.node.name)), new Set(triples.filter((t) => t[1] === 'starred_actors' && t[2] === person.name).map((t) => t[0])));
  assert.deepEqual(await store.expand(ids, { types: ['no_such_type'] }), []);
});

test('exportGraph streams every node and edge with consistent ids', async () => {
  const small = new EmbeddedStore({ folder, batchSize: 500, readOnly: true });
  try {
    const nodes = new Map<string, NodeRecord>();
    const edges: EdgeRecord[] = [];
    let chunks = 0;
    for await (const c of small.exportGraph()) {
      chunks++;
      if (c.kind === 'nodes') for (const n of c.nodes) nodes.set(n.id, n);
      else edges.push(...c.edges);
    }
    assert.ok(chunks > 2, 'chunked');
    const expectedNodes = new Set(triples.flatMap((t) => [t[0], t[2]]));
    assert.equal(edges.length, triples.length);
    const asText = new Set(edges.map((e) => `${nodes.get(e.source)?.name}|${e.type}|${nodes.get(e.target)?.name}`));
    assert.deepEqual(asText, new Set(triples.map((t) => t.join('|'))));
    assert.ok(nodes.size >= expectedNodes.size - 0 && [...nodes.values()].every((n) => expectedNodes.has(n.name)));
  } finally {
    await small.close();
  }
});

test('hostile strings are parameters: stored and matched literally', async () => {
  const hostile = ["'}) DETACH DELETE n //", '</script><script>alert(1)</script>', 'quote " and \' and `tick`', 'back\\slash', 'line\nbreak', '$title', 'Amélie 日本 🎬'];
  const countBefore = (await store.query('MATCH (n) RETURN count(n) AS c')).rows[0]?.c;
  for (const h of hostile) await store.query('CREATE (:Tag {name: $v})', { params: { v: h }, readOnly: false });
  for (const h of hostile) {
    const r = await store.query('MATCH (t:Tag) WHERE t.name = $v RETURN t.name AS name', { params: { v: h } });
    assert.deepEqual(r.rows, [{ name: h }]);
  }
  const countAfter = (await store.query('MATCH (n) RETURN count(n) AS c')).rows[0]?.c;
  assert.equal(countAfter, Number(countBefore) + hostile.length, 'nothing was deleted');
  await store.query('MATCH (t:Tag) WHERE t.name IN $v DELETE t', { params: { v: hostile }, readOnly: false });
});

test('EXPLAIN of a write does not execute it; PROFILE of a write executes it exactly once', async () => {
  const count = async () => (await store.query("MATCH (g:Genre) WHERE g.name = 'Profiled Write' RETURN count(g) AS c")).rows[0]?.c;
  const explained = await store.query("CREATE (:Genre {name: 'Profiled Write'})", { mode: 'explain', readOnly: false });
  assert.ok(explained.plan);
  assert.equal(await count(), 0);
  const profiled = await store.query("CREATE (:Genre {name: 'Profiled Write'})", { mode: 'profile', readOnly: false });
  assert.ok(profiled.plan && flattenPlan(profiled.plan).some((p) => /INSERT|CREATE/.test(p.operator)));
  assert.equal(await count(), 1);
  await store.query("MATCH (g:Genre) WHERE g.name = 'Profiled Write' DELETE g", { readOnly: false });
});

test('fingerprint changes when the data changes', async () => {
  const a = await store.fingerprint();
  assert.equal(await store.fingerprint(), a, 'stable while nothing changes');
  await store.query("CREATE (:Genre {name: 'Fingerprint Test'})", { readOnly: false });
  const b = await store.fingerprint();
  assert.notEqual(b, a);
  await store.query("MATCH (g:Genre) WHERE g.name = 'Fingerprint Test' DELETE g", { readOnly: false });
  assert.notEqual(await store.fingerprint(), a, 'same counts again, but a new generation');
});

test('a second writer on the same folder gets a clear "in use" error; a reader is fine', async () => {
  const second = new EmbeddedStore({ folder });
  try {
    await assert.rejects(second.open(), (e) => isGraphStoreError(e, 'locked') && /in use by another process/.test(e.message));
  } finally {
    await second.close();
  }
  const reader = new EmbeddedStore({ folder, readOnly: true });
  try {
    const r = await reader.query("MATCH (m:Movie) WHERE m.name = 'Titanic' RETURN count(m) AS c");
    assert.equal(r.rows[0]?.c, 1);
  } finally {
    await reader.close();
  }
});

test('a bad statement fails with the engine message, and the engine keeps running', async () => {
  const pid = store.enginePid;
  await assert.rejects(store.query('MATCH (n:NoSuchLabel) RETURN n'), (e) => isGraphStoreError(e, 'query-failed') && /NoSuchLabel/.test(e.message));
  assert.equal(store.enginePid, pid);
});

test('crash recovery: SIGKILL mid-query fails that query clearly; the next query restarts the engine', async () => {
  const starts = store.engineStarts;
  const pid = store.enginePid;
  assert.ok(pid);
  const slow = store.query(SLOW_QUERY, { timeoutMs: 60_000 });
  await new Promise((r) => setTimeout(r, 300));
  process.kill(pid, 'SIGKILL');
  await assert.rejects(slow, (e) => isGraphStoreError(e, 'crashed') && /SIGKILL/.test(e.message) && /restarts/.test(e.message));
  const r = await store.query("MATCH (m:Movie) WHERE m.name = 'Heat' RETURN m.name AS name");
  assert.deepEqual(r.rows, [{ name: 'Heat' }]);
  assert.equal(store.engineStarts, starts + 1);
  assert.notEqual(store.enginePid, pid);
});

test('timeout: a query over its limit fails with code timeout; the store works afterwards', async () => {
  const started = Date.now();
  await assert.rejects(store.query(SLOW_QUERY, { timeoutMs: 400 }), (e) => isGraphStoreError(e, 'timeout'));
  assert.ok(Date.now() - started < 15_000, 'the caller is not kept waiting for the engine');
  const r = await store.query('RETURN 41 + 1 AS x');
  assert.deepEqual(r.rows, [{ x: 42 }]);
});

test('timeout in the engine: its own limit stops the query and the error says the limit, not the engine\'s bare "Interrupted."', async () => {
  // A long kill grace, so the engine's cooperative limit answers before the client's timer (seen at 10M nodes: "kgrag run: Interrupted.").
  const scratch = tempDir('kgrag-engine-timeout-');
  const own = join(scratch.path, '.kgrag');
  mkdirSync(own, { recursive: true });
  const sample = new EmbeddedStore({ folder: own });
  await ensureSampleImported(sample);
  await sample.close();
  const raw = new EngineClient({ databasePath: join(own, 'graph.lbug'), readOnly: false, killGraceMs: 60_000 });
  const slow = 'MATCH (a), (b), (c), (d) WHERE a.name < b.name AND c.name < d.name AND a.name < c.name RETURN count(*) AS c';
  try {
    const started = Date.now();
    await assert.rejects(
      raw.request({ type: 'query', cypher: slow, params: {}, mode: 'run', timeoutMs: 300, readOnly: true }, { timeoutMs: 300, description: slow }),
      (e) => isGraphStoreError(e, 'timeout') && /^The query timed out after 300 ms: MATCH \(a\)/.test(e.message) && !/restarts/.test(e.message),
    );
    assert.ok(Date.now() - started < 30_000, 'the engine stopped it, not the kill');
  } finally {
    await raw.close();
    scratch.remove();
  }
});

test('cancellation: aborting a running query rejects it at once; queued ones can be cancelled too', async () => {
  const running = new AbortController();
  const queued = new AbortController();
  const slow = store.query(SLOW_QUERY, { signal: running.signal, timeoutMs: 60_000 });
  const waiting = store.query('RETURN 1 AS one', { signal: queued.signal });
  const fine = store.query('RETURN 2 AS two');
  await new Promise((r) => setTimeout(r, 200));
  queued.abort();
  running.abort();
  await assert.rejects(slow, (e) => isGraphStoreError(e, 'cancelled'));
  await assert.rejects(waiting, (e) => isGraphStoreError(e, 'cancelled'));
  assert.deepEqual((await fine).rows, [{ two: 2 }], 'the queue goes on after a cancel');
  const pre = new AbortController();
  pre.abort();
  await assert.rejects(store.query('RETURN 1', { signal: pre.signal }), (e) => isGraphStoreError(e, 'cancelled'));
});

test('a statement sent again is prepared once and bound afresh each time: other parameters give their own rows, and a write in between is seen', async () => {
  const names = (await store.query('MATCH (g:Genre) RETURN g.name AS n ORDER BY n')).rows.map((r) => String(r.n));
  assert.ok(names.length >= 3);
  const byName = 'MATCH (g:Genre) WHERE g.name IN $names RETURN g.name AS n ORDER BY n';
  for (const pick of [names.slice(0, 1), names.slice(1, 3), [], names]) {
    const rows = (await store.query(byName, { params: { names: pick } })).rows.map((r) => String(r.n));
    assert.deepEqual(rows, [...pick].sort());
  }
  const count = 'MATCH (g:Genre) RETURN count(g) AS c';
  const before = Number((await store.query(count)).rows[0]?.c);
  await store.query("CREATE (:Genre {name: 'Prepared Again'})", { readOnly: false });
  assert.equal(Number((await store.query(count)).rows[0]?.c), before + 1);
  assert.deepEqual((await store.query(byName, { params: { names: ['Prepared Again'] } })).rows.map((r) => r.n), ['Prepared Again']);
  await store.query("MATCH (g:Genre) WHERE g.name = 'Prepared Again' DELETE g", { readOnly: false });
  assert.equal(Number((await store.query(count)).rows[0]?.c), before);
});
