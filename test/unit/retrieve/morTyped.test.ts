import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { planningGraphFromSimGrag } from '../../../src/core/plan/simgrag';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { STRATEGIES } from '../../../src/core/session';

const embedder = new HashingEmbedder({ dimension: 256 });

// Two films share Rachel McAdams; one of them was directed by, the other written by, a person.
const movies: [string, string, string][] = [
  ['The Vow', 'directed_by', 'Michael Sucsy'],
  ['The Vow', 'starred_actors', 'Rachel McAdams'],
  ['The Vow', 'written_by', 'Jason Katims'],
  ['The Vow', 'release_year', '2012'],
  ['Mean Girls', 'starred_actors', 'Rachel McAdams'],
  ['Mean Girls', 'directed_by', 'Mark Waters'],
  ['Mean Girls', 'written_by', 'Tina Fey'],
  ['Mean Girls', 'release_year', '2004'],
];
const TAIL: Record<string, string> = { release_year: 'Year' };
const labelOf = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : TAIL[rel] ?? 'Person');

function simgrag(graph: [string, string, string][], target: string, query: string): PlanningGraph {
  const r = planningGraphFromSimGrag({ query, graph, target: [target] }, { name: 'p' });
  assert.ok(r.plan, r.diagnostics.map((d) => d.message).join('; '));
  return { ...r.plan, strategy: { kind: 'mor', seeds: 5, perStep: 10, k: 20 } };
}

test('MoR resolves type words through the type resolver: UNKNOWN year 1 is a Year, not a text fallback', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf });
  const plan = simgrag([['Mean Girls', 'released in', 'UNKNOWN year 1']], 'UNKNOWN year 1', 'when was Mean Girls released');
  const r = await retrieveMor(plan, snap, embedder);
  assert.notEqual(r.trajectory!.combination, 'text-fallback', 'a type word that is no label no longer makes the plan invalid');
  assert.equal(r.answers[0]!.value, '2004');
  for (const a of r.answers) assert.match(a.value, /^\d{4}$/, `every answer is a Year: ${a.value}`);
  const t = r.types?.find((x) => x.type === 'year');
  assert.ok(t, 'the result says how the type word was resolved');
  assert.deepEqual(t.labels, ['Year']);
  assert.equal(r.trajectory!.trajectories[0]!.structuralFingerprint.at(-1), 'Year', 'the fingerprint names the label');
});

test('MoR narrows relation candidates by domain/range and role words: a meaningless phrase with UNKNOWN director 1 follows directed_by', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf });
  const plan = simgrag([['The Vow', 'qzvkx', 'UNKNOWN director 1']], 'UNKNOWN director 1', 'qzvkx The Vow');
  const r = await retrieveMor(plan, snap, embedder);
  assert.equal(r.answers[0]!.value, 'Michael Sucsy');
  assert.ok(!r.answers.some((a) => a.value === 'Jason Katims' || a.value === 'Rachel McAdams'), `only the director: ${r.answers.map((a) => a.value).join(', ')}`);
  const edge = r.candidates?.find((c) => c.element === 'edge');
  assert.ok(edge?.excluded?.some((x) => x.text === 'release_year'), 'release_year cannot join a Movie to a Person: excluded, with why');
});

test('MoR keeps every type the endpoints allow when the phrase cannot tell them apart (no phrase evidence)', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf });
  // Movie typed exactly (no role word); a random phrase: every Movie–Person type stays, so both films are reached.
  const plan = simgrag([['UNKNOWN movie 1', 'xkqwv', 'Rachel McAdams']], 'UNKNOWN movie 1', 'films with Rachel McAdams');
  const r = await retrieveMor(plan, snap, embedder);
  assert.deepEqual(new Set(r.answers.map((a) => a.value)), new Set(['The Vow', 'Mean Girls']));
});

test('MoR reports a named entity that is not in the graph, like gsd', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf });
  const plan = simgrag([['Zyxwv Qutsr', 'directed by', 'UNKNOWN director 1']], 'UNKNOWN director 1', 'who directed Zyxwv Qutsr');
  const r = await retrieveMor(plan, snap, embedder);
  assert.equal(r.notFound?.length, 1);
  assert.equal(r.notFound![0]!.text, 'Zyxwv Qutsr');
  assert.ok(r.warnings?.some((w) => w.includes('is not in the graph')));
  const near = await retrieveMor(simgrag([['Mean Girls', 'directed by', 'UNKNOWN director 1']], 'UNKNOWN director 1', 'who directed Mean Girls'), snap, embedder);
  assert.equal(near.notFound, undefined);
});

test('the DSL reads notFoundDistance and typeCandidates for mor, match for cypher; the strategy table lists them', () => {
  const doc = parseDocument(
    'plan a { match (m: Movie "The Vow")-[director of]-(p: director) return p using mor(notFoundDistance: 0.8, typeCandidates: 2) }\n' +
      'plan b { match (m: Movie "The Vow")-[director of]-(p: Person) return p using cypher(match: "injective") }\n',
  );
  const [a, b] = toPlanningGraphs(doc.document);
  assert.deepEqual(a!.strategy, { kind: 'mor', seeds: 5, perStep: 10, k: 20, typeCandidates: 2, notFoundDistance: 0.8 });
  assert.deepEqual(b!.strategy, { kind: 'cypher', limit: 100, match: 'injective' });
  const names = (k: 'gsd' | 'mor' | 'cypher'): string[] => STRATEGIES[k].parameters.map((p) => p.name);
  for (const k of ['gsd', 'mor'] as const) assert.ok(names(k).includes('notFoundDistance'), k);
  for (const k of ['gsd', 'cypher'] as const) assert.ok(names(k).includes('match'), k);
});
