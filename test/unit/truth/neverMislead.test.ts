import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { parseCypherDocument, printCypherDocument } from '../../../src/core/cypherDocument';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { planningGraphFromSimGrag } from '../../../src/core/plan/simgrag';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { retrievedGraph } from '../../../src/core/compare';
import { makeBaseline } from '../../../src/core/testing';
import { captureIO } from '../../support/cliCapture';

// Issue 26, points 3, 4, 6, 7 and 8: each reproduced on the real embedded engine over the movie sample.
const root = resolve(__dirname, '../../..');
let dir = '';
let session: RetrievalSession;
let plan: PlanningGraph;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-truth-'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'hashing' } });
  await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  plan = toPlanningGraphs(parseDocument(readFileSync(join(root, 'examples/three_hop.kgp'), 'utf8')).document).find((p) => p.name === 'inception_director_years')!;
});

after(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The graph's own label of a node id, read straight from the engine. */
async function labelInGraph(id: string): Promise<string> {
  const q = await session.query('MATCH (n) WHERE id(n) = $id RETURN label(n) AS l', { params: { id }, readOnly: true }).catch(async () => session.query(`MATCH (n) WHERE CAST(id(n) AS STRING) = $id RETURN label(n) AS l`, { params: { id }, readOnly: true }));
  return String(q.rows[0]?.['l'] ?? '');
}

test('issue 26 point 3: STEM nodes, MoR nodes in the compare graph and raw Cypher nodes carry their graph labels', async () => {
  const stem = await session.run(plan, { strategy: 'stem' });
  assert.ok(stem.subgraphs.length > 0, 'stem matched');
  for (const s of stem.subgraphs) for (const m of s.mapping) assert.deepEqual(m.labels, [await labelInGraph(m.nodeId)], `stem ${m.variable} ${m.name}`);
  const mor = await session.run(plan, { strategy: 'mor' });
  const morGraph = retrievedGraph(mor);
  assert.ok(morGraph.nodes.size > 0);
  for (const n of morGraph.nodes.values()) assert.deepEqual([...n.labels], [await labelInGraph(n.id)], `mor node ${n.name} in the compare graph`);
  const cypher = await session.run(plan, { strategy: 'cypher' });
  const raw = await session.runCypher(cypher.cypher!.text, cypher.cypher!.params);
  assert.ok(raw.subgraphs.length > 0);
  for (const s of raw.subgraphs) for (const m of s.mapping) assert.deepEqual(m.labels, [await labelInGraph(m.nodeId)], `raw cypher ${m.variable} ${m.name}`);
  for (const [id, labels] of Object.entries(raw.nodeLabels ?? {})) assert.deepEqual(labels, [await labelInGraph(id)]);
});

test('issue 26 point 4: Open as Cypher → edit → run answers with the return variable (years), not the first column', async () => {
  const explained = await session.run(plan, { mode: 'explain' });
  assert.deepEqual(explained.returns, ['year']);
  const doc = printCypherDocument(explained.cypher!.text, explained.cypher!.params, ['header'], explained.returns);
  // The person edits the query (a smaller limit) and runs it.
  const edited = parseCypherDocument(doc.replace(/LIMIT \d+/, 'LIMIT 50'));
  assert.deepEqual(edited.returns, ['year']);
  const ran = await session.runCypher(edited.query, edited.params, { returns: edited.returns });
  const years = new Set(ran.cypher!.table!.rows.map((r) => String(r[ran.cypher!.table!.columns.indexOf('year')])));
  assert.ok(ran.answers.length > 1);
  for (const a of ran.answers) {
    assert.ok(years.has(a.value), `${a.value} is a value of year`);
    assert.deepEqual(a.labels, ['Year'], a.value);
  }
  assert.ok(!ran.answers.some((a) => a.value === 'Inception'), 'the first column (inception) is not the answer');
  // An unrelated query in the same document: no year column, so the warning says what the answers are.
  const other = await session.runCypher('MATCH (m:Movie {name: $p0}) RETURN m.name AS film, 1 AS one', edited.params, { returns: edited.returns });
  assert.match((other.warnings ?? []).join('\n'), /no longer returns year/);
});

test('issue 26 point 6: SAGE answers are values of the return variable with its label; the rest is context', async () => {
  const r = await session.run({ ...plan, strategy: { kind: 'sage', k: 5, kPrime: 15, alpha: 0.6, beta: 0.4, edgePolicy: 'skip-explicit', constrained: false } });
  assert.ok(r.answers.length > 0, 'some year retrieved');
  for (const a of r.answers) {
    assert.deepEqual(a.labels, ['Year'], a.value);
    assert.equal(await labelInGraph(a.nodeId!), 'Year');
  }
  assert.ok((r.context ?? []).length > 0, 'films, genres, people are context');
  for (const c of r.context ?? []) assert.notDeepEqual(c.labels, ['Year']);
  // Everything SAGE kept (its final set minus the named film) is either an answer or context: nothing dropped silently.
  const shown = new Set([...r.answers, ...(r.context ?? [])].map((a) => a.value));
  for (const f of r.sage!.final) if (f.name !== 'Inception') assert.ok(shown.has(f.name), f.name);
});

test('issue 26 point 7: STEM resolves SimGRAG type words (UNKNOWN movie 1) with the shared resolver', async () => {
  const parsed = planningGraphFromSimGrag({ query: 'who directed the films that share actors with Inception', graph: [['Inception', 'starred actors', 'UNKNOWN actor 1'], ['UNKNOWN movie 1', 'starred actors', 'UNKNOWN actor 1'], ['UNKNOWN movie 1', 'directed by', 'UNKNOWN director 1']], target: ['UNKNOWN director 1'] }, { name: 'q' });
  assert.ok(parsed.plan, parsed.diagnostics.map((d) => d.message).join('; '));
  for (const strategy of ['stem', 'sage', 'gsd'] as const) {
    const r = await session.run(parsed.plan, { strategy });
    assert.ok(!(r.warnings ?? []).some((w) => /is not a label of the graph/.test(w)), `${strategy}: ${r.warnings?.join('; ')}`);
    assert.ok(r.answers.length > 0, `${strategy} answers`);
    for (const a of r.answers) assert.deepEqual(a.labels, ['Person'], `${strategy}: ${a.value}`);
    const types = new Map((r.types ?? []).map((t) => [t.type, t.labels] as const));
    assert.deepEqual(types.get('movie'), ['Movie'], strategy);
    assert.deepEqual(types.get('director'), ['Person'], strategy);
  }
});

test('issue 26 point 8: kgrag report renders a baseline; a file with nothing to show is exit 1', async () => {
  const base = makeBaseline({ description: 'movies sample', fingerprint: 'f1' }, [
    { id: 'a.kgp:inception_director_years', file: 'a.kgp', line: 7, plan: 'inception_director_years', strategy: 'gsd', status: 'passed', expected: ['2008'], answers: [{ value: '2008', rank: 1, score: 0.1 }], subgraphs: [], totalMs: 12, message: 'found 1 of 1' },
  ]);
  writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
  const io = captureIO(dir);
  assert.equal(await main(['report', 'base.json', '--out', 'base.html'], io), 0, io.stderr.join('\n'));
  const html = readFileSync(join(dir, 'base.html'), 'utf8');
  assert.match(html, /<h2>Baseline<\/h2>/);
  assert.match(html, /inception_director_years/);
  assert.match(html, /2008 \(#1\)/);
  assert.match(io.stdout.join('\n'), /1 baseline\(s\)/);
  writeFileSync(join(dir, 'empty.json'), '[]');
  const io2 = captureIO(dir);
  assert.equal(await main(['report', 'empty.json', '--out', 'empty.html'], io2), 1);
  assert.match(io2.stderr.join('\n'), /empty\.json: holds nothing a report can show/);
});
