import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WhyNotCause, WhyNotResult } from '../../../src/contracts/whyNot';
import type { MorStrategy, PlanningGraph } from '../../../src/core/plan/planningGraph';
import { bm25For } from '../../../src/core/retrieve/mor/bm25';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { analyzeWhyNot } from '../../../src/core/whynot';
import { embedder, movieSnapshot, snapshotContext } from './helpers';

function mor(k = 20, seeds = 5, perStep = 10): MorStrategy {
  return { kind: 'mor', k, seeds, perStep };
}

/** (m: Movie "named") -[relation]- (x[: category]) return x, with a question. */
function morPlan(named: string, relation: PlanningGraph['edges'][number]['relation'], category: string | undefined, strategy: MorStrategy, question?: string): PlanningGraph {
  return {
    name: 'p',
    ...(question !== undefined ? { question } : {}),
    nodes: [{ id: 'm', category: 'Movie', text: { kind: 'soft', value: named } }, { id: 'x', ...(category !== undefined ? { category } : {}) }],
    edges: [{ id: 'e0', source: 'm', target: 'x', directed: false, relation }],
    targets: ['x'],
    expect: [],
    strategy,
  };
}

function causeOf<K extends WhyNotCause['kind']>(r: WhyNotResult, kind: K): Extract<WhyNotCause, { kind: K }> {
  assert.equal(r.cause.kind, kind, r.summary);
  return r.cause as Extract<WhyNotCause, { kind: K }>;
}

test('mor why-not: cut by k gives the rank and score the full ranking has (the run with a large k as reference)', async () => {
  const snap = await movieSnapshot();
  const p = morPlan('Titanic', { kind: 'phrase', value: 'starred actors' }, 'Person', mor(1), 'who starred in Titanic');
  const reference = await retrieveMor({ ...p, strategy: mor(100) }, snap, embedder);
  const second = reference.answers[1]!;
  const r = await analyzeWhyNot(p, second.value, snapshotContext(snap), { strategy: 'mor' });
  const c = causeOf(r, 'cut-by-k');
  assert.equal(c.rank, 2);
  assert.ok(Math.abs(c.score - second.score) < 1e-12);
  assert.ok(r.fixes[0]!.outcome?.returned, JSON.stringify(r.fixes));
});

test('mor why-not: a relation phrase that follows another type ends the trajectory at the layer before; an alias re-run brings it back', async () => {
  const snap = await movieSnapshot();
  const p = morPlan('Titanic', { kind: 'phrase', value: 'starred actors' }, 'Person', mor(), 'who starred in Titanic');
  const r = await analyzeWhyNot(p, 'James Cameron', snapshotContext(snap), { strategy: 'mor' });
  const c = causeOf(r, 'mor-layer');
  assert.equal(c.reason, 'relation');
  assert.equal(c.layer, 1);
  assert.equal(c.variable, 'm');
  assert.match(c.detail, /follows starred_actors/);
  assert.match(c.detail, /directed_by|written_by/);
  assert.equal(c.route?.hops, 1);
  const alias = r.fixes.find((f) => f.kind === 'add-alias' && f.outcome?.returned);
  assert.ok(alias, JSON.stringify(r.fixes));
});

test('mor why-not: a category that keeps other labels ends the trajectory; making it the graph\'s label brings it back', async () => {
  const snap = await movieSnapshot();
  const p = morPlan('Titanic', { kind: 'unknown' }, 'Genre', mor(), 'what is Titanic');
  const r = await analyzeWhyNot(p, 'Leonardo DiCaprio', snapshotContext(snap), { strategy: 'mor' });
  const c = causeOf(r, 'mor-layer');
  assert.equal(c.reason, 'category');
  assert.equal(c.layer, 1);
  const fix = r.fixes.find((f) => f.kind === 'relax-category' && f.to === 'Person');
  assert.ok(fix?.outcome?.returned, JSON.stringify(r.fixes));
});

test('mor why-not: a trajectory never seeded gives the BM25 rank its start would need (the BM25 ranking as reference)', async () => {
  const snap = await movieSnapshot();
  const question = 'who starred in Heat rather than Titanic';
  const p = morPlan('Heat', { kind: 'phrase', value: 'starred actors' }, 'Person', mor(20, 1), question);
  const r = await analyzeWhyNot(p, 'Kate Winslet', snapshotContext(snap), { strategy: 'mor' });
  const c = causeOf(r, 'mor-layer');
  assert.equal(c.reason, 'not-seeded');
  assert.equal(c.layer, 0);
  const bm = bm25For(snap);
  const ranking = bm.topK(bm.query(`${question} Heat`), 100, snap.data.nodeLabel, snap.labelId('Movie')).map((h) => snap.names.get(h.index));
  const fix = r.fixes.find((f) => f.kind === 'set-parameter' && f.name === 'seeds');
  assert.ok(fix && fix.kind === 'set-parameter', JSON.stringify(r.fixes));
  assert.equal(fix.value, ranking.indexOf('Titanic') + 1);
  assert.ok(fix.outcome?.returned, JSON.stringify(r.fixes));
  assert.match(c.route?.pattern ?? '', /"Titanic".*"Kate Winslet"/);
});
