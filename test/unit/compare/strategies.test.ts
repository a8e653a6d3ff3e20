import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compareResults, retrievedGraph } from '../../../src/core/compare';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { openSession, type RetrievalSession } from '../../../src/core/session';

// Issue 26, point 2: examples/three_hop.kgp's inception_director_years under gsd(k: 3) and under
// mor(seeds: 5, perStep: 10, k: 20): both hold Inception -directed_by-> Christopher Nolan, so the
// subgraph diff must count that edge "in A and B". Edges match by graph identity (ends and type)
// whatever strategy drew them. The real embedded engine over the movie sample.
const root = resolve(__dirname, '../../..');
let dir = '';
let session: RetrievalSession;
const plan = toPlanningGraphs(parseDocument(readFileSync(join(root, 'examples/three_hop.kgp'), 'utf8')).document).find((p) => p.name === 'inception_director_years')!;
const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').filter(Boolean).map((l) => l.split('|') as [string, string, string]);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-compare-strategies-'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'lexical' } });
  await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
});

after(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('compare gsd with mor: an edge both drew is "in A and B" (by ends and type), and every edge drawn is a triple of the graph', async () => {
  const gsd = await session.run({ ...plan, strategy: { ...plan.strategy, kind: 'gsd', k: 3 } as PlanningGraph['strategy'] }, { strategy: 'gsd' });
  const mor = await session.run({ ...plan, strategy: { kind: 'mor', seeds: 5, perStep: 10, k: 20 } as PlanningGraph['strategy'] }, { strategy: 'mor' });
  const c = compareResults([{ id: 'a', result: gsd }, { id: 'b', result: mor }]);
  const diff = c.pairs[0]!.subgraph;
  const names = new Map<string, string>();
  for (const r of [gsd, mor]) for (const n of retrievedGraph(r).nodes.values()) names.set(n.id, n.name);
  const nolan = diff.edges.find((e) => names.get(e.source) === 'Inception' && e.type === 'directed_by' && names.get(e.target) === 'Christopher Nolan');
  assert.ok(nolan, `Inception -directed_by-> Christopher Nolan is drawn: ${JSON.stringify(diff.edges.map((e) => `${names.get(e.source)}|${e.type}|${names.get(e.target)}`))}`);
  assert.equal(nolan.side, 'both');
  assert.ok(diff.edgeCounts.both >= 1, JSON.stringify(diff.edgeCounts));
  // Every edge either result draws is a stored triple, in its stored direction (nothing invented).
  const stored = new Set(triples.map((t) => t.join('|')));
  for (const e of diff.edges) assert.ok(stored.has(`${names.get(e.source)}|${e.type}|${names.get(e.target)}`), `not a triple of the graph: ${names.get(e.source)}|${e.type}|${names.get(e.target)}`);
  // Counts held equal counts shown.
  assert.equal(diff.edgeCounts.a + diff.edgeCounts.b + diff.edgeCounts.both, diff.edges.length);
});
