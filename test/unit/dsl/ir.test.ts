import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument } from '../../../src/core/check';
import { compilePlans, formatDocument, parseDocument, printPlanningGraph, printPlanningGraphs, toPlanningGraphs } from '../../../src/core/dsl';
import { DEFAULT_STRATEGIES, type PlanningGraph, type PlanNode, type PlanEdge } from '../../../src/core/plan/planningGraph';
import { LineIndex } from '../../../src/core/text';
import { mulberry32, pick } from './prng';

const SOURCE = `schema "../samples/movies/movies.kgschema.json"
plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language)
  return lang
  expect "English", "French"
  using gsd(k: 3, nodeCandidates: 8, relationCandidates: 16, exhaustive: true)
}
plan directors {
  match
    (m: Movie = "Heat" {release_year: 1995}) <-[:directed_by]- (:Person) -- (:Person "Al Pacino")
  return m
  using mor(seeds: 7)
}
plan defaults { match (x) }
`;

function parseGraphs(text: string): PlanningGraph[] {
  const { document, diagnostics } = parseDocument(text);
  assert.deepEqual(diagnostics, [], 'the DSL text should parse cleanly:\n' + text);
  return toPlanningGraphs(document);
}

test('DSL → IR: nodes merged by variable, edges with direction, targets, strategy', () => {
  const [g0, g1, g2] = parseGraphs(SOURCE);
  assert.ok(g0 && g1 && g2);
  assert.equal(g0.name, 'co_actor_languages');
  assert.equal(g0.schemaRef, '../samples/movies/movies.kgschema.json');
  assert.equal(g0.question, 'what languages are the films that share actors with The Vow in');
  assert.deepEqual(g0.nodes, [
    { id: 'vow', category: 'Movie', text: { kind: 'soft', value: 'The Vow' } },
    { id: 'actor', category: 'Person' },
    { id: 'film', category: 'Movie' },
    { id: 'lang', category: 'Language' },
  ]);
  assert.deepEqual(g0.edges, [
    { id: 'e0', source: 'vow', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred actors' } },
    { id: 'e1', source: 'film', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred actors' } },
    { id: 'e2', source: 'film', target: 'lang', directed: true, relation: { kind: 'phrase', value: 'in language' } },
  ]);
  assert.deepEqual(g0.targets, ['lang']);
  assert.deepEqual(g0.expect, ['English', 'French']);
  assert.deepEqual(g0.strategy, { kind: 'gsd', k: 3, nodeCandidates: 8, relationCandidates: 16, exhaustive: true });

  // `<-[:t]-` points right → left; anonymous nodes get fresh ids; exact text and properties
  assert.deepEqual(g1.nodes, [
    { id: 'm', category: 'Movie', text: { kind: 'exact', value: 'Heat' }, properties: { release_year: 1995 } },
    { id: '_n1', category: 'Person' },
    { id: '_n2', category: 'Person', text: { kind: 'soft', value: 'Al Pacino' } },
  ]);
  assert.deepEqual(g1.edges[0], { id: 'e0', source: '_n1', target: 'm', directed: true, relation: { kind: 'type', value: 'directed_by' } });
  assert.deepEqual(g1.edges[1], { id: 'e1', source: '_n1', target: '_n2', directed: false, relation: { kind: 'unknown' } });
  assert.deepEqual(g1.strategy, { ...DEFAULT_STRATEGIES.mor, seeds: 7 });
  assert.deepEqual(g2.strategy, DEFAULT_STRATEGIES.gsd);
  assert.deepEqual(g2.nodes, [{ id: 'x' }]);
});

test('source map points IR elements back at their ranges', () => {
  const { document } = parseDocument(SOURCE);
  const [c0, c1] = compilePlans(document);
  const idx = new LineIndex(SOURCE);
  const at = (r: { start: { line: number; character: number }; end: { line: number; character: number } }): string =>
    SOURCE.slice(idx.offsetAt(r.start), idx.offsetAt(r.end));
  assert.deepEqual(c0!.source.nodes.get('actor')!.map(at), ['(actor: Person)', '(actor)']);
  assert.equal(at(c0!.source.variables.get('film')!), 'film');
  assert.equal(at(c0!.source.edges.get('e2')!), '-[in language]->');
  assert.equal(at(c0!.source.targets[0]!), 'lang');
  assert.equal(at(c0!.source.name!), 'co_actor_languages');
  assert.equal(at(c1!.source.variables.get('_n2')!), '(:Person "Al Pacino")');
});

test('IR → DSL → IR round-trips the parsed sample', () => {
  const graphs = parseGraphs(SOURCE);
  const text = printPlanningGraphs(graphs);
  assert.deepEqual(parseGraphs(text), graphs);
});

test('IR → DSL handles awkward names, texts, node order and isolated nodes', () => {
  const g: PlanningGraph = {
    name: 'match', // a keyword: must come back in backticks
    question: 'a "quoted"\nquestion \\ with escapes',
    nodes: [
      { id: 'lang', category: 'Field-of-Study' },
      { id: 'UNKNOWN film 1', category: 'Movie' },
      { id: 'alone', text: { kind: 'exact', value: 'Amélie' }, properties: { votes: -12.5, ok: false, 'imdb rating': '7.5' } },
    ],
    edges: [
      { id: 'e0', source: 'UNKNOWN film 1', target: 'lang', directed: true, relation: { kind: 'phrase', value: 'co-star, in' } },
      { id: 'e1', source: 'lang', target: 'lang', directed: false, relation: { kind: 'type', value: 'has-tag' } },
    ],
    targets: ['lang', 'UNKNOWN film 1'],
    expect: ['1999', 'x"y'],
    strategy: { kind: 'cypher', limit: 5 },
    schemaRef: 'a b/c.kgschema.json',
  };
  const text = printPlanningGraphs([g]);
  assert.ok(text.includes('plan `match` {'), text);
  // A value that is not the default is written, so it comes back as given by the plan.
  assert.deepEqual(parseGraphs(text), [{ ...g, givenParameters: ['limit'] }]);
});

/** Random graphs over a small vocabulary, to exercise the printer on shapes nobody wrote by hand. */
function randomGraph(rand: () => number, index: number): PlanningGraph {
  const ids = ['a', 'b', 'film', 'x_1', 'Field-of-Study', 'return', 'n 2'];
  const cats = ['Movie', 'Person', 'Year', 'has space', 'Tag'];
  const texts = ['The Vow', 'Heat', 'Amélie', 'a "b" c', 'tab\there', ''];
  const count = 1 + Math.floor(rand() * 5);
  const nodeIds = [...ids].sort(() => rand() - 0.5).slice(0, count);
  const nodes: PlanNode[] = nodeIds.map((id) => {
    const n: { -readonly [K in keyof PlanNode]: PlanNode[K] } = { id };
    if (rand() < 0.6) n.category = pick(rand, cats);
    if (rand() < 0.5) n.text = { kind: rand() < 0.3 ? 'exact' : 'soft', value: pick(rand, texts) };
    if (rand() < 0.2) n.properties = { name: pick(rand, texts), n: Math.floor(rand() * 100) - 50, b: rand() < 0.5 };
    return n;
  });
  const edges: PlanEdge[] = [];
  const edgeCount = Math.floor(rand() * 5);
  for (let i = 0; i < edgeCount; i++) {
    const r = rand();
    edges.push({
      id: `e${i}`,
      source: pick(rand, nodeIds),
      target: pick(rand, nodeIds),
      directed: rand() < 0.5,
      relation: r < 0.3 ? { kind: 'unknown' } : r < 0.6 ? { kind: 'type', value: pick(rand, ['directed_by', 'in-language']) } : { kind: 'phrase', value: pick(rand, ['starred actors', 'has imdb rating 2', 'co-star', 'x']) },
    });
  }
  const strategies = [DEFAULT_STRATEGIES.gsd, { ...DEFAULT_STRATEGIES.gsd, exhaustive: rand() < 0.5 }, { ...DEFAULT_STRATEGIES.gsd, injective: rand() < 0.5 }, DEFAULT_STRATEGIES.mor, { kind: 'cypher' as const, limit: 1 + Math.floor(rand() * 50) }];
  const g: { -readonly [K in keyof PlanningGraph]: PlanningGraph[K] } = {
    name: `p${index}`,
    nodes,
    edges,
    targets: nodeIds.filter(() => rand() < 0.4),
    expect: rand() < 0.5 ? [pick(rand, texts)] : [],
    strategy: pick(rand, strategies),
  };
  if (rand() < 0.5) g.question = pick(rand, texts);
  return g;
}

test('IR → DSL → IR round-trips 300 random graphs', () => {
  const rand = mulberry32(2024);
  for (let i = 0; i < 300; i++) {
    const g = randomGraph(rand, i);
    const text = printPlanningGraph(g);
    const [back] = parseGraphs(text);
    // Written parameters come back as given by the plan (settings cannot override them); otherwise the graph is the same.
    const { givenParameters, ...rest } = back!;
    assert.deepEqual([rest], [g], text);
    for (const name of givenParameters ?? []) assert.ok(text.includes(`${name}: `), `${name} given but not written:\n${text}`);
    assert.deepEqual(parseGraphs(printPlanningGraph(back!)), [back], 'printing a parsed graph is a fixpoint');
  }
});

test('gsd injective: parsed, checked, printed back and formatted', () => {
  const text = 'plan p {\n  match\n    (x: Movie "X") -[written by]- (w: Person)\n  return w\n  using gsd(k: 3, injective: false)\n}\n';
  assert.deepEqual(checkDocument(text).filter((d) => d.severity === 'error'), []);
  const [g] = parseGraphs(text);
  assert.deepEqual(g!.strategy, { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16, injective: false });
  const printed = printPlanningGraph(g!);
  assert.match(printed, /using gsd\(k: 3, injective: false\)/);
  assert.deepEqual(g!.givenParameters, ['k', 'injective']);
  assert.deepEqual(parseGraphs(printed), [g]);
  const formatted = formatDocument(text);
  assert.match(formatted, /using gsd\(k: 3, injective: false\)/);
  assert.deepEqual(parseGraphs(formatted), [g]);
  // Both flags together, and the default written out.
  const [both] = parseGraphs(text.replace('injective: false', 'exhaustive: true, injective: true'));
  assert.deepEqual(both!.strategy, { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16, exhaustive: true, injective: true });
  assert.deepEqual(parseGraphs(printPlanningGraph(both!)), [both]);
});
