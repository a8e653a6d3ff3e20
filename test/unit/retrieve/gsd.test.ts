import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { buildProblem } from '../../../src/core/retrieve/gsd/problem';
import { searchTopK } from '../../../src/core/retrieve/gsd/search';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { randomGraph, randomPattern } from './helpers';

const embedder = new HashingEmbedder({ dimension: 128 });

for (const match of ['injective', 'anchors-distinct', 'homomorphic'] as const) {
  const injective = match === 'injective';
  test(`optimized and exhaustive search return identical top-k GSD values on random graphs and patterns (match: ${match})`, async () => {
    let nonEmpty = 0;
    let prunedSome = 0;
    let improved = 0;
    for (let gseed = 1; gseed <= 12; gseed++) {
      const g = await randomGraph(gseed, 30 + gseed * 3, 80 + gseed * 12, embedder);
      for (let pseed = 1; pseed <= 25; pseed++) {
        const plan = randomPattern(gseed * 100 + pseed, g);
        if (plan.strategy.kind !== 'gsd') throw new Error('unreachable');
        const problem = await buildProblem(plan, g.snapshot, embedder, plan.strategy);
        const fast = searchTopK(g.snapshot, problem, { k: plan.strategy.k, match });
        const ref = searchTopK(g.snapshot, problem, { k: plan.strategy.k, exhaustive: true, match });
        const a = fast.matches.map((m) => m.gsd);
        const b = ref.matches.map((m) => m.gsd);
        assert.equal(a.length, b.length, `graph ${gseed} pattern ${pseed}: ${a} vs ${b}`);
        a.forEach((x, i) => assert.ok(Math.abs(x - b[i]!) < 1e-9, `graph ${gseed} pattern ${pseed}: ${a} vs ${b}`));
        if (a.length > 0) nonEmpty++;
        if (fast.stats.pruned > 0) prunedSome++;
        assert.ok(fast.stats.expansions <= ref.stats.expansions);
        if (!injective) {
          // Homomorphic matches are a superset of the injective ones: the i-th best GSD is no worse.
          const inj = searchTopK(g.snapshot, problem, { k: plan.strategy.k }).matches.map((m) => m.gsd);
          assert.ok(a.length >= inj.length);
          inj.forEach((x, i) => assert.ok(a[i]! <= x + 1e-9, `graph ${gseed} pattern ${pseed}: ${a} vs injective ${inj}`));
          if (a.length > inj.length || inj.some((x, i) => a[i]! < x - 1e-9)) improved++;
          // …but a target never takes the image of a known node.
          for (const m of [...fast.matches, ...ref.matches]) {
            problem.nodes.forEach((t, p) => {
              if (!t.target) return;
              problem.nodes.forEach((kn, o) => {
                if (o !== p && kn.known) assert.notEqual(m.nodes[p], m.nodes[o], `graph ${gseed} pattern ${pseed}: target ${t.variable} = known ${kn.variable}`);
              });
            });
          }
        }
      }
    }
    // The comparison must not be vacuous: most patterns match something and pruning happens.
    assert.ok(nonEmpty > 150, `only ${nonEmpty} non-empty results`);
    assert.ok(prunedSome > 50, `pruning happened only ${prunedSome} times`);
    if (!injective) assert.ok(improved > (match === "homomorphic" ? 10 : 3), `${match} matching changed the top-k only ${improved} times`);
  });
}

test('every match is an injective, undirected isomorphic image whose terms sum to its GSD', async () => {
  const g = await randomGraph(42, 50, 200, embedder);
  const edgeSet = new Set(g.triples.map(([h, r, t]) => `n:${h}|${r}|n:${t}`));
  let checked = 0;
  for (let pseed = 1; pseed <= 40; pseed++) {
    const plan = randomPattern(pseed, g);
    const res = await retrieveGsd(plan, g.snapshot, embedder, { strategy: { match: 'injective' } });
    for (const sg of res.subgraphs) {
      const ids = sg.mapping.map((m) => m.nodeId);
      assert.equal(new Set(ids).size, ids.length, 'mapping is injective');
      assert.equal(sg.triples.length, plan.edges.length);
      for (const t of sg.triples) assert.ok(edgeSet.has(`${t.source}|${t.type}|${t.target}`), `triple ${JSON.stringify(t)} is in the graph`);
      const sum = sg.terms.reduce((s, t) => s + t.distance, 0);
      assert.ok(Math.abs(sum - sg.gsd) < 1e-9);
      for (const n of plan.nodes) {
        const term = sg.terms.find((t) => t.kind === 'node' && t.variable === n.id);
        assert.ok(term);
        if (!n.text) assert.equal(term.distance, 0, 'unknown nodes cost nothing');
        if (n.category) assert.deepEqual(sg.mapping.find((m) => m.variable === n.id)!.labels, [n.category]);
      }
      checked++;
    }
    for (let i = 1; i < res.subgraphs.length; i++) assert.ok(res.subgraphs[i - 1]!.gsd <= res.subgraphs[i]!.gsd);
  }
  assert.ok(checked > 30);
});

const movies: [string, string, string][] = [
  ['The Vow', 'directed_by', 'Michael Sucsy'],
  ['The Vow', 'starred_actors', 'Rachel McAdams'],
  ['The Vow', 'starred_actors', 'Channing Tatum'],
  ['The Vow', 'in_language', 'English'],
  ['Dear John', 'starred_actors', 'Channing Tatum'],
  ['Dear John', 'in_language', 'English'],
  ['Mean Girls', 'starred_actors', 'Rachel McAdams'],
  ['Mean Girls', 'in_language', 'English'],
  ['Mean Girls', 'directed_by', 'Mark Waters'],
  ['Amélie', 'in_language', 'French'],
  ['Amélie', 'directed_by', 'Jean-Pierre Jeunet'],
];
const typeOf = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : rel === 'in_language' ? 'Language' : 'Person');

test('a 2-hop pattern with typos and unknowns finds the co-star films, with candidate ranks and terms', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf: typeOf });
  const plan: PlanningGraph = {
    name: 'costars',
    question: 'which films share actors with the vow',
    nodes: [
      { id: 'vow', category: 'Movie', text: { kind: 'soft', value: 'the vow' } },
      { id: 'actor', category: 'Person' },
      { id: 'film', category: 'Movie' },
    ],
    edges: [
      { id: 'e0', source: 'vow', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred in' } },
      { id: 'e1', source: 'film', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred actors' } },
    ],
    targets: ['film'],
    expect: [],
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 4, relationCandidates: 4 },
  };
  const res = await retrieveGsd(plan, snap, embedder);
  // Both co-star films match The Vow exactly; the third subgraph has to map "the vow" elsewhere.
  assert.deepEqual(new Set(res.answers.slice(0, 2).map((a) => a.value)), new Set(['Dear John', 'Mean Girls']));
  assert.equal(res.subgraphs.length, 3);
  assert.ok(res.subgraphs[2]!.gsd > res.subgraphs[1]!.gsd);
  const top = res.subgraphs[0]!;
  const vowTerm = top.terms.find((t) => t.kind === 'node' && t.variable === 'vow');
  assert.equal(vowTerm?.kind === 'node' ? vowTerm.candidateRank : -1, 1);
  assert.ok(vowTerm!.distance < 1e-6, 'case-insensitive exact name costs ~0');
  const edge = top.terms.find((t) => t.kind === 'edge' && t.edgeId === 'e0');
  assert.equal(edge?.matchedText, 'starred_actors');
  assert.equal(res.candidates?.find((c) => c.ref === 'vow')?.candidates[0]?.text, 'The Vow');
  assert.ok(res.stats.expansions! > 0 && res.timings.totalMs >= 0);
  // Exact text and an exact relationship type are hard constraints.
  const exact: PlanningGraph = {
    ...plan,
    nodes: [{ id: 'vow', text: { kind: 'exact', value: 'Amélie' } }, { id: 'lang' }],
    edges: [{ id: 'e0', source: 'vow', target: 'lang', directed: true, relation: { kind: 'type', value: 'in_language' } }],
    targets: ['lang'],
  };
  const res2 = await retrieveGsd(exact, snap, embedder);
  assert.deepEqual(res2.answers.map((a) => a.value), ['French']);
  assert.equal(res2.subgraphs[0]!.gsd, 0);
});

test('an unknown category or relationship type yields no subgraphs and a warning', async () => {
  const snap = await GraphSnapshot.fromTriples(movies, embedder, { labelOf: typeOf });
  const plan: PlanningGraph = {
    name: 'bad',
    nodes: [{ id: 'a', category: 'Planet', text: { kind: 'soft', value: 'The Vow' } }, { id: 'b' }],
    edges: [{ id: 'e0', source: 'a', target: 'b', directed: false, relation: { kind: 'type', value: 'orbits' } }],
    targets: ['b'],
    expect: [],
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 4, relationCandidates: 4 },
  };
  const res = await retrieveGsd(plan, snap, embedder);
  assert.equal(res.subgraphs.length, 0);
  assert.ok(res.warnings?.some((w) => w.includes('Planet')));
  assert.ok(res.warnings?.some((w) => w.includes('orbits')));
});

// MetaQA-style chains: X written by W, who also wrote Y; X directed by D1, Y by D2.
const chain: [string, string, string][] = [
  ['X', 'written_by', 'Writer One'],
  ['Y', 'written_by', 'Writer One'],
  ['X', 'directed_by', 'Director One'],
  ['Y', 'directed_by', 'Director Two'],
  ['Z', 'directed_by', 'Director One'],
];
const chainType = (rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : 'Person');

function chainPlan(injective: boolean | undefined): PlanningGraph {
  // "directors of the films written by the writer of X": the middle film may be X itself.
  return {
    name: 'writer_films_directors',
    nodes: [
      { id: 'x', category: 'Movie', text: { kind: 'exact', value: 'X' } },
      { id: 'w', category: 'Person' },
      { id: 'm', category: 'Movie' },
      { id: 'd', category: 'Person' },
    ],
    edges: [
      { id: 'e0', source: 'x', target: 'w', directed: true, relation: { kind: 'type', value: 'written_by' } },
      { id: 'e1', source: 'm', target: 'w', directed: true, relation: { kind: 'type', value: 'written_by' } },
      { id: 'e2', source: 'm', target: 'd', directed: true, relation: { kind: 'type', value: 'directed_by' } },
    ],
    targets: ['d'],
    expect: [],
    strategy: { kind: 'gsd', k: 5, nodeCandidates: 4, relationCandidates: 4, ...(injective !== undefined ? { injective } : {}) },
  };
}

test('injective: false follows relation paths through the named node (a homomorphism); true does not', async () => {
  const snap = await GraphSnapshot.fromTriples(chain, embedder, { labelOf: chainType });
  for (const injective of [undefined, true]) {
    const res = await retrieveGsd(chainPlan(injective), snap, embedder);
    assert.deepEqual(res.answers.map((a) => a.value), ['Director Two'], 'injective and anchors-distinct (the default): the middle film cannot be X');
    assert.equal(res.stats.injective, injective === true ? 1 : 0);
  }
  const res = await retrieveGsd(chainPlan(false), snap, embedder);
  assert.deepEqual(new Set(res.answers.map((a) => a.value)), new Set(['Director One', 'Director Two']));
  assert.equal(res.stats.injective, 0);
  assert.ok(res.subgraphs.every((sg) => sg.gsd === 0));
  // X's own director comes through m = X, one stored edge (X written_by Writer One) serving e0 and e1.
  const viaX = res.subgraphs.find((sg) => sg.mapping.find((n) => n.variable === 'd')?.name === 'Director One')!;
  assert.equal(viaX.mapping.find((n) => n.variable === 'm')?.name, 'X');
  assert.deepEqual(viaX.triples.filter((t) => t.type === 'written_by').map((t) => `${t.sourceName}>${t.targetName}`), ['X>Writer One', 'X>Writer One']);
  // The engine override reaches the search too.
  const over = await retrieveGsd(chainPlan(undefined), snap, embedder, { strategy: { injective: false } });
  assert.deepEqual(new Set(over.answers.map((a) => a.value)), new Set(['Director One', 'Director Two']));
});

test('injective: false never answers with the entity the pattern names', async () => {
  const snap = await GraphSnapshot.fromTriples(chain, embedder, { labelOf: chainType });
  // "films by the director of X": m may not be X (a target vs. a known node), d is free.
  const plan: PlanningGraph = {
    name: 'same_director',
    nodes: [{ id: 'x', category: 'Movie', text: { kind: 'soft', value: 'X' } }, { id: 'd', category: 'Person' }, { id: 'm', category: 'Movie' }],
    edges: [
      { id: 'e0', source: 'x', target: 'd', directed: true, relation: { kind: 'phrase', value: 'directed by' } },
      { id: 'e1', source: 'm', target: 'd', directed: true, relation: { kind: 'phrase', value: 'directed by' } },
    ],
    targets: ['m'],
    expect: [],
    strategy: { kind: 'gsd', k: 10, nodeCandidates: 3, relationCandidates: 2, injective: false },
  };
  const res = await retrieveGsd(plan, snap, embedder);
  assert.ok(res.answers.length > 0);
  assert.equal(res.answers[0]!.value, 'Z');
  for (const sg of res.subgraphs) {
    const at = (v: string): string => sg.mapping.find((n) => n.variable === v)!.nodeId;
    assert.notEqual(at('m'), at('x'), `subgraph #${sg.rank} answers with the named node`);
  }
  // A target reached as a root of its own component (no edges) is kept off the named node too.
  const apart: PlanningGraph = { ...plan, nodes: [plan.nodes[0]!, plan.nodes[2]!], edges: [], strategy: { ...plan.strategy, k: 10 } as PlanningGraph['strategy'] };
  const res2 = await retrieveGsd(apart, snap, embedder);
  for (const sg of res2.subgraphs) {
    const at = (v: string): string => sg.mapping.find((n) => n.variable === v)!.nodeId;
    assert.notEqual(at('m'), at('x'));
  }
  assert.ok(res2.subgraphs.some((sg) => sg.gsd < 1e-6), 'x still maps onto X');
  assert.ok(!res2.subgraphs.some((sg) => sg.gsd < 1e-6 && sg.mapping.find((n) => n.variable === 'm')!.name === 'X'));
});
