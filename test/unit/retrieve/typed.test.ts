import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { resolveTypes } from '../../../src/core/retrieve/labels';
import { RelationDomains } from '../../../src/core/retrieve/domains';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { planningGraphFromSimGrag } from '../../../src/core/plan/simgrag';
import { DEFAULT_STRATEGIES, type PlanEdge, type PlanNode, type PlanningGraph } from '../../../src/core/plan/planningGraph';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { printStrategy } from '../../../src/core/dsl/fromIR';
import { randomGraph } from './helpers';

const embedder = new HashingEmbedder({ dimension: 256 });

const movies: [string, string, string][] = [
  ['The Vow', 'directed_by', 'Michael Sucsy'],
  ['The Vow', 'starred_actors', 'Rachel McAdams'],
  ['The Vow', 'starred_actors', 'Channing Tatum'],
  ['The Vow', 'written_by', 'Jason Katims'],
  ['The Vow', 'in_language', 'English'],
  ['The Vow', 'release_year', '2012'],
  ['Dear John', 'starred_actors', 'Channing Tatum'],
  ['Dear John', 'in_language', 'English'],
  ['Dear John', 'release_year', '2010'],
  ['Mean Girls', 'starred_actors', 'Rachel McAdams'],
  ['Mean Girls', 'directed_by', 'Mark Waters'],
  ['Thomas Haden Church Story', 'starred_actors', 'Thomas Haden Church'],
];
const TAIL: Record<string, string> = { in_language: 'Language', release_year: 'Year' };
const labelOf = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : TAIL[rel] ?? 'Person');

async function snapshot(): Promise<GraphSnapshot> {
  return GraphSnapshot.fromTriples(movies, embedder, { labelOf });
}

function simgrag(graph: [string, string, string][], target: string): PlanningGraph {
  const r = planningGraphFromSimGrag({ query: 'q', graph, target: [target] }, { name: 'p' });
  assert.ok(r.plan, r.diagnostics.map((d) => d.message).join('; '));
  return r.plan;
}

test('type words resolve to labels: exact, alias, WordNet is-a, and none (unconstrained)', async () => {
  const snap = await snapshot();
  const names = (ls: readonly number[]): string[] => ls.map((l) => snap.data.labelNames[l]!);
  const r = await resolveTypes(snap, embedder, ['movies', 'flick', 'director', 'screenwriter', 'film', 'city'], { labelAliases: new Map([['Movie', ['flick']]]) });
  assert.deepEqual(
    r.map((x) => [x.how, names(x.labels)]),
    [
      ['exact', ['Movie']],
      ['alias', ['Movie']],
      ['is-a', ['Person']],
      ['is-a', ['Person']],
      ['is-a', ['Movie']],
      ['none', []],
    ],
  );
  assert.match(r[2]!.detail, /director.*person/i);
  // Without WordNet the is-a rule is skipped; "director" is then nearest to no label.
  const plain = await resolveTypes(snap, embedder, ['director'], { wordNet: null });
  assert.notEqual(plain[0]!.how, 'is-a');
});

test('type words in a rarer WordNet sense, and broader words, resolve too; far-up words constrain nothing', async () => {
  const labels: Record<string, string> = { has_genre: 'Genre', has_tags: 'Tag', in_language: 'Language', release_year: 'Year' };
  const snap = await GraphSnapshot.fromTriples(
    [['Heat', 'has_genre', 'Crime'], ['Heat', 'has_tags', 'heist'], ['Heat', 'in_language', 'English'], ['Heat', 'release_year', '1995'], ['Heat', 'directed_by', 'Michael Mann']],
    embedder,
    { labelOf: (rel, role) => (role === 'head' ? 'Movie' : labels[rel] ?? 'Person') },
  );
  const names = (ls: readonly number[]): string[] => ls.map((l) => snap.data.labelNames[l]!).sort();
  const words = ['picture', 'flick', 'tongue', 'date', 'category', 'kind', 'label', 'entity', 'thing', 'planet', 'title', 'type', 'sort', 'person'];
  const r = await resolveTypes(snap, embedder, words);
  assert.deepEqual(
    r.map((x) => [x.text, x.how, names(x.labels)]),
    [
      // a picture is first an image; its movie sense is rarer, a synonym there
      ['picture', 'is-a', ['Movie']],
      ['flick', 'is-a', ['Movie']],
      ['tongue', 'is-a', ['Language']],
      // a compound one step up is a kind of its head word: date → calendar_year
      ['date', 'is-a', ['Year']],
      // broader than a label: the labels under it
      ['category', 'is-a', ['Genre']],
      ['kind', 'is-a', ['Genre']],
      ['label', 'is-a', ['Tag']],
      // so broad that it says nothing: no constraint rather than an arbitrary one
      ['entity', 'none', []],
      ['thing', 'none', []],
      // a rare sense counts only as a synonym or a direct kind: a planet is not a Person (a follower → person)
      ['planet', 'none', []],
      // …and far up it is not: title → heading → … → written_language is no Language
      ['title', 'none', []],
      // a sibling: a type and a genre are both a kind of kind (rule d)
      ['type', 'is-a', ['Genre']],
      // the commonest sense covering a label (kind, sort, form, variety ⊃ genre) beats a rare
      // sense's kind (a sort: a person of a specified kind)
      ['sort', 'is-a', ['Genre']],
      // …and an ordinary is-a still wins over both
      ['person', 'exact', ['Person']],
    ],
  );
  assert.match(r[11]!.detail, /"type" covers Genre \(WordNet: type → kind → genre\)/);
  assert.match(r[4]!.detail, /covers Genre \(WordNet: genre → kind → category\)/);
  // The resolution constrains retrieval: "UNKNOWN category 1" can only be the genre.
  const res = await retrieveGsd(simgrag([['Heat', 'qzvkx', 'UNKNOWN category 1']], 'UNKNOWN category 1'), snap, embedder);
  assert.deepEqual(res.answers.map((a) => a.value), ['Crime']);
});

test('SimGRAG typed unknowns constrain candidates: UNKNOWN year 1 is a Year, never a Person', async () => {
  const snap = await snapshot();
  const res = await retrieveGsd(simgrag([['The Vow', 'came out', 'UNKNOWN year 1']], 'UNKNOWN year 1'), snap, embedder);
  assert.equal(res.answers[0]?.value, '2012');
  for (const sg of res.subgraphs) assert.deepEqual(sg.mapping.find((m) => m.variable === 'year_1')!.labels, ['Year']);
  assert.deepEqual(res.types?.map((t) => [t.variable, t.how, t.labels]), [['year_1', 'exact', ['Year']]]);
});

test('domain/range narrowing: with both endpoint labels known, only connecting types are candidates, the rest excluded with why', async () => {
  const snap = await snapshot();
  const domains = RelationDomains.of(snap);
  const L = (n: string): number => snap.labelId(n);
  assert.ok(domains.fits(snap.relationId('in_language'), [L('Language')], [L('Movie')]), 'either direction');
  assert.ok(!domains.fits(snap.relationId('in_language'), [L('Person')], [L('Movie')]));
  // A phrase with no link to any relation: the schema alone picks in_language.
  const res = await retrieveGsd(simgrag([['The Vow', 'qzvkx', 'UNKNOWN language 1']], 'UNKNOWN language 1'), snap, embedder);
  assert.equal(res.answers[0]?.value, 'English');
  const edge = res.candidates!.find((c) => c.element === 'edge')!;
  assert.deepEqual(edge.candidates.map((c) => c.text), ['in_language']);
  const excluded = new Map(edge.excluded!.map((x) => [x.text, x.reason]));
  assert.deepEqual([...excluded.keys()].sort(), ['directed_by', 'release_year', 'starred_actors', 'written_by']);
  assert.match(excluded.get('directed_by')!, /connects Movie–Person, not .*Language/);
});

test('a type word that is not a label is weighed as a relation phrase: UNKNOWN director 1 picks directed_by among three Movie–Person types', async () => {
  const snap = await snapshot();
  for (const [word, want] of [
    ['director', 'Michael Sucsy'],
    ['writer', 'Jason Katims'],
  ] as const) {
    const target = `UNKNOWN ${word} 1`;
    const res = await retrieveGsd(simgrag([['The Vow', 'qzvkx', target]], target), snap, embedder);
    assert.equal(res.answers[0]?.value, want, `${word}: ${JSON.stringify(res.candidates)}`);
    assert.equal(res.types?.[0]?.role, true);
  }
});

test('a named node far from every name is reported as not found; a near one is not', async () => {
  const snap = await snapshot();
  const missing = await retrieveGsd(simgrag([['Joe Thomas', 'starred in', 'UNKNOWN movie 1']], 'UNKNOWN movie 1'), snap, embedder);
  assert.equal(missing.notFound?.length, 1);
  assert.equal(missing.notFound![0]!.text, 'Joe Thomas');
  assert.ok(missing.notFound![0]!.nearest, 'the nearest name is given');
  assert.ok(missing.warnings?.some((w) => w.includes('"Joe Thomas"') && w.includes('is not in the graph as written: the nearest name is')));
  for (const present of ['Rachel McAdams', 'rachel mcadams', 'channing tatum', 'Channing Tatum!']) {
    const res = await retrieveGsd(simgrag([[present, 'starred in', 'UNKNOWN movie 1']], 'UNKNOWN movie 1'), snap, embedder);
    assert.equal(res.notFound, undefined, present);
  }
  // A film where the pattern needs a person (no relation joins two movies) is not found either:
  // the untyped named node takes the labels its typed neighbour leaves it.
  const misplaced = await retrieveGsd(simgrag([['The Vow', 'starred in', 'UNKNOWN movie 1']], 'UNKNOWN movie 1'), snap, embedder);
  assert.equal(misplaced.notFound?.[0]?.text, 'The Vow');
  // The threshold is an option (0 stands for the embedder's default: it would flag every name).
  const strict = await retrieveGsd(simgrag([['Channing Tatu', 'starred in', 'UNKNOWN movie 1']], 'UNKNOWN movie 1'), snap, embedder, { notFoundDistance: 1e-4 });
  assert.equal(strict.notFound?.length, 1);
  const byDefault = await retrieveGsd(simgrag([['rachel mcadams', 'starred in', 'UNKNOWN movie 1']], 'UNKNOWN movie 1'), snap, embedder, { notFoundDistance: 0 });
  assert.equal(byDefault.notFound, undefined);
});

function chain(length: number): PlanningGraph {
  const nodes: PlanNode[] = Array.from({ length }, (_, i) => ({ id: `c${i}` }));
  const edges: PlanEdge[] = [];
  for (let i = 0; i + 1 < length; i++) edges.push({ id: `e${i}`, source: `c${i}`, target: `c${i + 1}`, directed: false, relation: { kind: 'unknown' } });
  return { name: `chain-${length}`, nodes, edges, targets: [`c${length - 1}`], expect: [], strategy: { kind: 'gsd', k: 3, nodeCandidates: 4, relationCandidates: 4 } };
}

test('a 10,000-node chain does not overflow the stack; an expansion budget stops the search and says so', async () => {
  const snap = await snapshot();
  const walk = await retrieveGsd(chain(10_000), snap, embedder, { strategy: { match: 'homomorphic' } });
  assert.equal(walk.subgraphs.length, 3);
  assert.equal(walk.budget, undefined);
  // No injective path of 41 nodes exists in a 40-node graph, and there are very many shorter
  // ones to rule out: the expansion budget ends it.
  const dense = await randomGraph(3, 40, 200, embedder);
  const stopped = await retrieveGsd(chain(41), dense.snapshot, embedder, { strategy: { match: 'injective', maxExpansions: 2000 } });
  assert.deepEqual(stopped.budget, { exhausted: 'expansions', limit: 2000 });
  assert.match(stopped.warnings![0]!, /^expansion budget exhausted \(2,000 expansions\): no subgraph found so far/);
  assert.equal(stopped.subgraphs.length, 0);
});

test('injective matching ends a 13-arm star at once when the center has fewer edges (degree filter), exactly like brute force would', async () => {
  const snap = await snapshot();
  const nodes: PlanNode[] = [{ id: 'film', text: { kind: 'exact', value: 'The Vow' } }];
  const edges: PlanEdge[] = [];
  for (let i = 0; i < 13; i++) {
    nodes.push({ id: `u${i}` });
    edges.push({ id: `e${i}`, source: 'film', target: `u${i}`, directed: false, relation: { kind: 'unknown' } });
  }
  const plan: PlanningGraph = { name: 'star', nodes, edges, targets: ['u0'], expect: [], strategy: { kind: 'gsd', k: 3, nodeCandidates: 4, relationCandidates: 4, match: 'injective' } };
  const res = await retrieveGsd(plan, snap, embedder);
  assert.equal(res.subgraphs.length, 0);
  assert.ok(res.stats.expansions! <= 1, `expansions ${res.stats.expansions}`);
  const six = await retrieveGsd({ ...plan, nodes: nodes.slice(0, 7), edges: edges.slice(0, 6) }, snap, embedder);
  assert.equal(six.subgraphs.length, 3, 'six arms fit The Vow');
});

test('the DSL reads and writes using gsd(match: …, typeCandidates: …, budgetMs: …)', () => {
  const text = 'plan p {\n  match (a:Movie {name: "X"})-[:directed_by]-(b:Person)\n  return b\n  using gsd(match: "homomorphic", typeCandidates: 2, budgetMs: 250)\n}\n';
  const parsed = parseDocument(text);
  const [plan] = toPlanningGraphs(parsed.document);
  assert.ok(plan);
  assert.deepEqual(plan.strategy, { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16, match: 'homomorphic', typeCandidates: 2, budgetMs: 250 });
  // The printer writes what the plan gave (and any value off its default), so settings reach the rest.
  assert.equal(printStrategy(plan.strategy, plan.givenParameters), 'gsd(match: "homomorphic", typeCandidates: 2, budgetMs: 250)');
  assert.equal(printStrategy({ ...DEFAULT_STRATEGIES.gsd, match: 'homomorphic', typeCandidates: 2, budgetMs: 250, k: 5 }), 'gsd(k: 5, match: "homomorphic", typeCandidates: 2, budgetMs: 250)');
});
