import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { PlanningGraph, StemStrategy } from '../../../src/core/plan/planningGraph';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { retrieveStem } from '../../../src/core/retrieve/stem/retrieve';
import { guidanceGraph, pprGuidance, type GuidanceProvider } from '../../../src/core/retrieve/stem/guidance';
import { relationCosines, schemaAlternatives } from '../../../src/core/retrieve/stem/schemaGraph';

const embedder = new HashingEmbedder({ dimension: 128 });
const schema = JSON.parse(readFileSync(join(__dirname, '../../../schemas/retrieval-result.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

const labelOf = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : rel === 'in_language' ? 'Language' : 'Person');
// Mann directed Heat, Thief and Collateral and wrote Heat; Thief has no language; Collateral is in English.
const triples: [string, string, string][] = [
  ['Heat', 'directed_by', 'Michael Mann'],
  ['Heat', 'written_by', 'Michael Mann'],
  ['Thief', 'directed_by', 'Michael Mann'],
  ['Collateral', 'directed_by', 'Michael Mann'],
  ['Collateral', 'in_language', 'English'],
  ['Heat', 'starred_actors', 'Al Pacino'],
];
const snapP = GraphSnapshot.fromTriples(triples, embedder, { labelOf });

const stem = (over: Partial<StemStrategy> = {}): StemStrategy => ({ kind: 'stem', mode: 'precision', theta: 0.6, beam: 1, topN: 50, entityBias: 1.5, tripleBias: 0.5, kFactor: 4, guidance: 'none', ...over });

const directorOf: PlanningGraph = {
  name: 'director',
  nodes: [
    { id: 'm', category: 'Movie', text: { kind: 'exact', value: 'Heat' } },
    { id: 'p', category: 'Person' },
  ],
  // A phrase: grounded to directed_by (cosine 1), other types stay candidates at their cosine.
  edges: [{ id: 'e0', source: 'm', target: 'p', directed: false, relation: { kind: 'phrase', value: 'directed by' } }],
  targets: ['p'],
  expect: [],
  strategy: stem(),
};

test('T-Score = mean of the named blocks + τ; S accumulates from S* (hand-checked)', async () => {
  const snap = await snapP;
  const r = await retrieveStem(directorOf, snap, embedder);
  assert.ok(validate(r), JSON.stringify(validate.errors));
  assert.equal(r.answers[0]?.value, 'Michael Mann');
  const exp = r.stem!.beams[0]!.expansions[0]!;
  const cos = relationCosines(snap);
  const R = snap.data.relationNames.length;
  const dir = snap.relationId('directed_by');
  const wr = snap.relationId('written_by');
  const best = exp.candidates.find((c) => c.edge.type === 'directed_by')!;
  // Relation block 1 (the far end is a placeholder: no block); no guidance → bias 0; S0 = 1 (exact name).
  assert.equal(best.similarity, 1);
  assert.equal(best.bias, 0);
  assert.equal(best.tScore, 1);
  assert.equal(best.cumulative, 2);
  assert.ok(best.kept);
  const written = exp.candidates.find((c) => c.edge.type === 'written_by')!;
  assert.ok(Math.abs(written.similarity - cos[dir * R + wr]!) < 1e-9);
  assert.equal(written.kept, false);
  assert.equal(r.subgraphs[0]?.score, 2);
});

test('guidance: λ multiplies the anchor score, τ adds to edges inside the guidance graph', async () => {
  const snap = await snapP;
  const heat = snap.nodesNamed('Heat')[0]!;
  const mann = snap.nodesNamed('Michael Mann')[0]!;
  const fixed: GuidanceProvider = { name: 'fixed', guide: () => guidanceGraph('fixed', Int32Array.from([heat, mann]), Float64Array.from([1, 0.5])) };
  const r = await retrieveStem(directorOf, snap, embedder, { guidance: fixed });
  const beam = r.stem!.beams[0]!;
  assert.equal(beam.anchors[0]!.score, 1.5);
  assert.equal(beam.anchors[0]!.inGuidance, true);
  const c = beam.expansions[0]!.candidates.find((x) => x.edge.type === 'directed_by')!;
  assert.equal(c.bias, 0.5);
  assert.equal(c.tScore, 1.5);
  assert.equal(c.cumulative, 3);
  // Al Pacino is outside the guidance graph: no bias on his edge.
  assert.equal(beam.expansions[0]!.candidates.find((x) => x.edge.targetName === 'Al Pacino')!.bias, 0);
  assert.equal(r.stem!.guidance.provider, 'fixed');
  assert.equal(r.stem!.guidance.edges.length, 2); // directed_by and written_by between Heat and Mann
});

const filmsOf: PlanningGraph = {
  name: 'films',
  nodes: [
    { id: 'p', category: 'Person', text: { kind: 'exact', value: 'Michael Mann' } },
    { id: 'm', category: 'Movie' },
  ],
  edges: [{ id: 'e0', source: 'p', target: 'm', directed: false, relation: { kind: 'phrase', value: 'directed by' } }],
  targets: ['m'],
  expect: [],
  strategy: stem(),
};

test('θ branching: breadth keeps every edge with T-Score ≥ θ, precision one', async () => {
  const snap = await snapP;
  const precision = await retrieveStem(filmsOf, snap, embedder);
  assert.equal(precision.answers.length, 1);
  const snapCos = relationCosines(snap);
  const R = snap.data.relationNames.length;
  // written_by Heat scores cos(written by, directed by); put θ halfway between it and 1.
  const wT = snapCos[snap.relationId('directed_by') * R + snap.relationId('written_by')]!;
  const breadth = await retrieveStem({ ...filmsOf, strategy: stem({ mode: 'breadth', theta: (wT + 1) / 2 }) }, snap, embedder);
  assert.deepEqual(breadth.answers.map((a) => a.value).sort(), ['Collateral', 'Heat', 'Thief']);
  const cands = breadth.stem!.beams[0]!.expansions[0]!.candidates;
  const w = cands.find((c) => c.edge.type === 'written_by')!;
  assert.ok(Math.abs(w.tScore - wT) < 1e-9);
  assert.equal(w.passesTheta, false);
  assert.equal(w.kept, false);
  assert.ok(cands.filter((c) => c.edge.type === 'directed_by').every((c) => c.passesTheta === true && c.kept));
  // Lowering θ below that similarity lets the written_by edge through (Heat again, deduplicated).
  const low = await retrieveStem({ ...filmsOf, strategy: stem({ mode: 'breadth', theta: w.tScore }) }, snap, embedder);
  assert.equal(low.stem!.beams[0]!.expansions[0]!.candidates.find((c) => c.edge.type === 'written_by')!.kept, true);
  assert.equal(low.stem!.beams[0]!.matches, 4);
});

test('precision backtracks from a dead end: Thief has no language, Collateral has', async () => {
  const snap = await snapP;
  const plan: PlanningGraph = {
    ...filmsOf,
    name: 'languages',
    nodes: [...filmsOf.nodes, { id: 'l', category: 'Language' }],
    edges: [...filmsOf.edges, { id: 'e1', source: 'm', target: 'l', directed: false, relation: { kind: 'type', value: 'in_language' } }],
    targets: ['l'],
  };
  const r = await retrieveStem(plan, snap, embedder);
  assert.deepEqual(r.answers.map((a) => a.value), ['English']);
  const tree = r.stem!.beams[0]!.expansions;
  const first = tree[0]!;
  // Heat and Thief lead nowhere (no in_language edge): tried, not kept; Collateral kept.
  assert.equal(first.candidates.find((c) => c.edge.sourceName === 'Collateral')!.kept, true);
  assert.equal(first.candidates.find((c) => c.edge.sourceName === 'Thief')!.kept, false);
  assert.equal(r.subgraphs[0]!.triples.length, 2);
});

test('beam: phrase relations ground to the B nearest types, best combination first', async () => {
  const snap = await snapP;
  const plan: PlanningGraph = { ...directorOf, edges: [{ id: 'e0', source: 'm', target: 'p', directed: false, relation: { kind: 'phrase', value: 'directed by' } }] };
  const { alternatives } = await schemaAlternatives(plan, snap, embedder, 3);
  assert.equal(alternatives.length, 3);
  assert.equal(alternatives[0]!.edges[0]!.relation, 'directed_by');
  assert.ok(alternatives[0]!.score >= alternatives[1]!.score && alternatives[1]!.score >= alternatives[2]!.score);
  const r = await retrieveStem({ ...plan, strategy: stem({ beam: 3 }) }, snap, embedder);
  assert.equal(r.stem!.beams.length, 3);
  assert.equal(r.answers[0]!.value, 'Michael Mann'); // the first alternative's answer leads
  assert.ok(validate(r), JSON.stringify(validate.errors));
});

test('an exact :type admits that type only (the IR\'s meaning of :type)', async () => {
  const snap = await snapP;
  const r = await retrieveStem({ ...filmsOf, edges: [{ id: 'e0', source: 'p', target: 'm', directed: false, relation: { kind: 'type', value: 'directed_by' } }], strategy: stem({ mode: 'breadth', theta: 0 }) }, snap, embedder);
  const cands = r.stem!.beams[0]!.expansions[0]!.candidates;
  assert.ok(cands.length === 3 && cands.every((c) => c.edge.type === 'directed_by'));
  assert.ok(validate(r), JSON.stringify(validate.errors));
});

test('a plan without a named entity warns instead of throwing', async () => {
  const snap = await snapP;
  const r = await retrieveStem({ ...directorOf, nodes: [{ id: 'm', category: 'Movie' }, { id: 'p', category: 'Person' }] }, snap, embedder);
  assert.equal(r.answers.length, 0);
  assert.match(r.warnings?.join('\n') ?? '', /named entity/);
});

test('ppr guidance ranks the anchor and plan-like neighbours first, K entities', async () => {
  const snap = await snapP;
  const heat = snap.nodesNamed('Heat')[0]!;
  const w = new Float64Array(snap.data.relationNames.length);
  w[snap.relationId('directed_by')] = 1;
  const g = pprGuidance().guide({ snapshot: snap, seeds: [{ node: heat, weight: 1 }], relationWeight: w, k: 2 });
  assert.deepEqual([...g.nodes].map((v) => snap.names.get(v)).sort(), ['Heat', 'Michael Mann']);
  assert.ok(g.has(heat) && !g.has(snap.nodesNamed('Al Pacino')[0]!));
  assert.ok(g.scores[0]! >= g.scores[1]!);
});
