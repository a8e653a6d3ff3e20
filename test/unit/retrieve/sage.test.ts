import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { PlanningGraph, SageStrategy } from '../../../src/core/plan/planningGraph';
import { fuse } from '../../../src/core/retrieve/sage/fusion';
import { retrieveSage } from '../../../src/core/retrieve/sage/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';

const embedder = new HashingEmbedder({ dimension: 128 });
const schema = JSON.parse(readFileSync(join(__dirname, '../../../schemas/retrieval-result.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

const labelOf = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : rel === 'has_genre' ? 'Genre' : 'Person');
const triples: [string, string, string][] = [
  ['Heat', 'directed_by', 'Michael Mann'],
  ['Heat', 'starred_actors', 'Al Pacino'],
  ['Heat', 'starred_actors', 'Robert De Niro'],
  ['Heat', 'starred_actors', 'Val Kilmer'],
  ['Heat', 'has_genre', 'Crime'],
  ['Heat', 'written_by', 'Michael Mann'],
  ['Ronin', 'starred_actors', 'Robert De Niro'],
];
const snapP = GraphSnapshot.fromTriples(triples, embedder, { labelOf });
const sage = (over: Partial<SageStrategy> = {}): SageStrategy => ({ kind: 'sage', k: 1, kPrime: 2, alpha: 0.6, beta: 0.4, edgePolicy: 'expand', constrained: false, ...over });
const plan: PlanningGraph = {
  name: 'actors',
  question: 'which actors starred in Heat',
  nodes: [
    { id: 'm', category: 'Movie', text: { kind: 'soft', value: 'Heat' } },
    { id: 'a', category: 'Person' },
  ],
  edges: [{ id: 'e0', source: 'm', target: 'a', directed: false, relation: { kind: 'type', value: 'starred_actors' } }],
  targets: ['a'],
  expect: [],
  strategy: sage(),
};

test('fusion: α·(BM25 / best BM25) + β·dense', () => {
  assert.deepEqual(fuse(0.6, 0.4, 2, 4, 0.5), { bm25: 0.5, fused: 0.6 * 0.5 + 0.4 * 0.5 });
  assert.deepEqual(fuse(0.6, 0.4, 3, 0, 0.25), { bm25: 0, fused: 0.1 }); // no BM25 evidence in the pool
});

test('seeds carry their source and fused score; the k′ cut keeps the best reranked neighbours', async () => {
  const snap = await snapP;
  const r = await retrieveSage(plan, snap, embedder);
  assert.ok(validate(r), JSON.stringify(validate.errors));
  const t = r.sage!;
  const heat = t.seeds.find((s) => s.name === 'Heat')!;
  assert.ok(heat.source === 'plan' || heat.source === 'both');
  for (const s of t.seeds) assert.ok(Math.abs(s.fused - (0.6 * s.bm25 + 0.4 * s.dense)) < 1e-12);
  // Candidates are sorted by fused score, ranked 1…n, and exactly k′ = 2 are kept.
  const fused = t.candidates.map((c) => c.fused);
  assert.deepEqual(fused, [...fused].sort((a, b) => b - a));
  assert.deepEqual(t.candidates.map((c) => c.rank), t.candidates.map((_, i) => i + 1));
  assert.equal(t.candidates.filter((c) => c.kept).length, 2);
  assert.ok(t.candidates.slice(0, 2).every((c) => c.kept));
  // Final = seeds ∪ kept; the plan's named entity is never an answer.
  assert.equal(t.final.length, t.seeds.length + 2);
  assert.ok(!r.answers.some((a) => a.value === 'Heat'));
  // Every candidate is one hop from a seed, with the edge type it was reached by.
  for (const c of t.candidates) assert.ok(triples.some(([h, rel, tl]) => rel === c.edgeType && ((h === c.name && t.seeds.some((s) => s.name === tl)) || (tl === c.name && t.seeds.some((s) => s.name === h)))));
});

test('-Edge: the named seed is expanded along the plan edges only; +Edge expands everything', async () => {
  const snap = await snapP;
  const minus = await retrieveSage({ ...plan, strategy: sage({ edgePolicy: 'skip-explicit', kPrime: 10 }) }, snap, embedder);
  const fromHeat = (r: typeof minus): string[] => r.sage!.candidates.filter((c) => c.seed === snap.data.nodeIds.get(snap.nodesNamed('Heat')[0]!)).map((c) => c.edgeType);
  assert.ok(fromHeat(minus).length > 0 && fromHeat(minus).every((t) => t === 'starred_actors'));
  assert.equal(minus.sage!.skipped.length, 1);
  assert.match(minus.sage!.skipped[0]!.reason, /e0 \(starred_actors\)/);
  const plus = await retrieveSage({ ...plan, strategy: sage({ edgePolicy: 'expand', kPrime: 10 }) }, snap, embedder);
  assert.ok(new Set(fromHeat(plus)).size > 1);
  assert.equal(plus.sage!.skipped.length, 0);
});

test('constrained (SPARK): only the plan\'s types and labels, through the store\'s expand when given', async () => {
  const snap = await snapP;
  const r = await retrieveSage({ ...plan, strategy: sage({ constrained: true, kPrime: 10 }) }, snap, embedder);
  assert.deepEqual(r.sage!.allowedTypes, ['starred_actors']);
  assert.deepEqual(r.sage!.allowedLabels, ['Movie', 'Person']);
  assert.ok(r.sage!.candidates.every((c) => c.edgeType === 'starred_actors'));
  const calls: { ids: readonly string[]; types: readonly string[]; label: string | undefined }[] = [];
  const viaStore = await retrieveSage({ ...plan, strategy: sage({ constrained: true, kPrime: 10 }) }, snap, embedder, {
    expand: async (ids, types, label) => {
      calls.push({ ids, types, label });
      return label === 'Person' ? [{ from: 'Movie:Heat', node: { id: 'Person:Al Pacino', labels: ['Person'], name: 'Al Pacino' }, type: 'starred_actors', direction: 'out' }] : [];
    },
  });
  assert.equal(calls.length, 2);
  assert.deepEqual(calls[0]!.types, ['starred_actors']);
  assert.deepEqual(viaStore.sage!.candidates.map((c) => c.name), ['Al Pacino']);
  assert.equal(viaStore.stats.storeExpansion, 1);
});

test('the candidate budget: above it only the best by BM25 are reranked, and the result says so; within it nothing changes', async () => {
  // A hub with 60 neighbours; two of them share a query word.
  const hub: [string, string, string][] = [];
  for (let i = 0; i < 60; i++) hub.push([`Film ${i}${i === 7 || i === 41 ? ' Crime Story' : ''}`, 'has_genre', 'Crime']);
  const snap = await GraphSnapshot.fromTriples(hub, embedder, { labelOf });
  const p: PlanningGraph = {
    name: 'crime',
    question: 'which crime story films',
    nodes: [{ id: 'g', category: 'Genre', text: { kind: 'soft', value: 'Crime' } }, { id: 'm', category: 'Movie' }],
    edges: [{ id: 'e0', source: 'm', target: 'g', directed: true, relation: { kind: 'unknown' } }],
    targets: ['m'],
    expect: [],
    strategy: sage({ k: 1, kPrime: 3 }),
  };
  const full = await retrieveSage(p, snap, embedder);
  // Every node but the seeds is a neighbour of the hub.
  const n = snap.nodeCount - full.sage!.seeds.length;
  assert.ok(n >= 58);
  assert.equal(full.sage!.candidateCount, n);
  assert.equal(full.stats['reranked'], n);
  assert.ok(!(full.warnings ?? []).some((w) => w.includes('candidate budget')));
  // Budget = the candidate count: the same result, to the last field but the timings.
  const same = await retrieveSage(p, snap, embedder, { maxScored: n });
  assert.deepEqual({ ...same, timings: undefined }, { ...full, timings: undefined });
  const cut = await retrieveSage(p, snap, embedder, { maxScored: 10 });
  assert.ok(validate(cut), JSON.stringify(validate.errors));
  assert.equal(cut.sage!.candidateCount, n);
  assert.equal(cut.stats['reranked'], 10);
  assert.equal(cut.sage!.candidates.length, 10);
  const warning = (cut.warnings ?? []).find((w) => w.includes('candidate budget'));
  assert.ok(warning?.includes(`${n} neighbours`) && warning.includes('only the 10 best by BM25'), warning);
  // The neighbours that share the query's words survive the cut, ranked first as without it.
  const wordy = full.sage!.candidates.filter((c) => c.name.includes('Crime Story')).map((c) => c.name);
  assert.ok(wordy.length >= 1);
  assert.deepEqual(cut.sage!.candidates.slice(0, wordy.length).map((c) => c.name), full.sage!.candidates.slice(0, wordy.length).map((c) => c.name));
  assert.deepEqual(new Set(cut.sage!.candidates.slice(0, wordy.length).map((c) => c.name)), new Set(wordy));
});
