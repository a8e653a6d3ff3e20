import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { buildProblem, type GsdProblem } from '../../../src/core/retrieve/gsd/problem';
import { mustDiffer, searchTopK } from '../../../src/core/retrieve/gsd/search';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { MATCH_SEMANTICS, type MatchSemantics, type PlanningGraph } from '../../../src/core/plan/planningGraph';
import { randomGraph, randomPattern } from './helpers';

const embedder = new HashingEmbedder({ dimension: 128 });

/**
 * The reference: every assignment of graph nodes to pattern nodes (candidates and labels
 * respected, the semantics' distinctness), every choice of stored edge per pattern edge (either
 * direction, a relation candidate), GSD = Σ node distances + Σ relation distances. Independent of
 * the search's order, bound and buffers.
 */
function bruteForce(snap: GraphSnapshot, problem: GsdProblem, k: number, match: MatchSemantics): number[] {
  const P = problem.nodes.length;
  const d = snap.data;
  const domain = problem.nodes.map((n) => {
    if (n.known) return Array.from(n.nodes, (g, i) => ({ g, cost: n.dists[i]! }));
    // Only the declared type constrains an unknown here, not the labels inferred from its
    // neighbours: the inference must be sound (prune nothing that could match).
    const declared = n.type !== undefined && n.type.how !== 'none' ? n.type.labels : null;
    const all: { g: number; cost: number }[] = [];
    for (let g = 0; g < snap.nodeCount; g++) if (declared === null || declared.includes(d.nodeLabel[g]!)) all.push({ g, cost: 0 });
    return all;
  });
  const gsds: number[] = [];
  const map: number[] = new Array<number>(P).fill(-1);
  const edgeCosts = (q: number): number[] => {
    const e = problem.edges[q]!;
    const a = map[e.source]!;
    const b = map[e.target]!;
    const out: number[] = [];
    for (let j = d.outOffsets[a]!; j < d.outOffsets[a + 1]!; j++) if (d.outTargets[j] === b && e.relDist[d.outRels[j]!] !== Infinity) out.push(e.relDist[d.outRels[j]!]!);
    for (let j = d.inOffsets[a]!; j < d.inOffsets[a + 1]!; j++) if (d.inSources[j] === b && e.relDist[d.inRels[j]!] !== Infinity) out.push(e.relDist[d.inRels[j]!]!);
    return out;
  };
  const edges = (q: number, cost: number): void => {
    if (q === problem.edges.length) {
      gsds.push(cost);
      return;
    }
    for (const c of edgeCosts(q)) edges(q + 1, cost + c);
  };
  const nodes = (p: number, cost: number): void => {
    if (p === P) {
      edges(0, cost);
      return;
    }
    for (const { g, cost: c } of domain[p]!) {
      let ok = true;
      for (let o = 0; o < p; o++) if (map[o] === g && mustDiffer(match, problem.nodes[p]!, problem.nodes[o]!)) ok = false;
      if (!ok) continue;
      map[p] = g;
      nodes(p + 1, cost + c);
      map[p] = -1;
    }
  };
  nodes(0, 0);
  return gsds.sort((a, b) => a - b).slice(0, k);
}

for (const match of MATCH_SEMANTICS) {
  test(`the search returns exactly the brute-force top-k GSD values (match: ${match})`, async () => {
    let nonEmpty = 0;
    for (let gseed = 1; gseed <= 6; gseed++) {
      const g = await randomGraph(500 + gseed, 14 + gseed, 30 + gseed * 5, embedder);
      for (let pseed = 1; pseed <= 20; pseed++) {
        const plan = randomPattern(gseed * 1000 + pseed, g);
        if (plan.strategy.kind !== 'gsd') throw new Error('unreachable');
        const problem = await buildProblem(plan, g.snapshot, embedder, plan.strategy);
        const ref = bruteForce(g.snapshot, problem, plan.strategy.k, match);
        for (const exhaustive of [false, true]) {
          const got: number[] = searchTopK(g.snapshot, problem, { k: plan.strategy.k, match, exhaustive }).matches.map((m) => m.gsd);
          assert.equal(got.length, ref.length, `graph ${gseed} pattern ${pseed} (${exhaustive ? 'exhaustive' : 'optimized'}): ${got} vs brute force ${ref}`);
          got.forEach((x, i) => assert.ok(Math.abs(x - ref[i]!) < 1e-9, `graph ${gseed} pattern ${pseed}: ${got} vs brute force ${ref}`));
        }
        if (ref.length > 0) nonEmpty++;
      }
    }
    assert.ok(nonEmpty > 60, `only ${nonEmpty} non-empty comparisons`);
  });
}

// "Who directed the films written by the writer of X?" Writer One wrote X and Y and directed Y.
const kb: [string, string, string][] = [
  ['X', 'written_by', 'Writer One'],
  ['Y', 'written_by', 'Writer One'],
  ['Y', 'directed_by', 'Writer One'],
  ['X', 'directed_by', 'Director One'],
  ['Y', 'starred_actors', 'Actor One'],
];
const labelOf = (_rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : 'Person');

function writerDirectors(match: MatchSemantics): PlanningGraph {
  return {
    name: 'directors_of_films_by_the_writer_of_x',
    nodes: [{ id: 'x', text: { kind: 'exact', value: 'X' } }, { id: 'w', category: 'writer' }, { id: 'm', category: 'film' }, { id: 'd', category: 'director' }],
    edges: [
      { id: 'e0', source: 'x', target: 'w', directed: false, relation: { kind: 'phrase', value: 'written by' } },
      { id: 'e1', source: 'w', target: 'm', directed: false, relation: { kind: 'phrase', value: 'written by' } },
      { id: 'e2', source: 'm', target: 'd', directed: false, relation: { kind: 'phrase', value: 'directed by' } },
    ],
    targets: ['d'],
    expect: [],
    strategy: { kind: 'gsd', k: 5, nodeCandidates: 2, relationCandidates: 1, match },
  };
}

test('injective matching forbids the writer who also directed; anchors-distinct and homomorphic allow him', async () => {
  const snap = await GraphSnapshot.fromTriples(kb, embedder, { labelOf });
  const answers = async (m: MatchSemantics): Promise<string[]> => (await retrieveGsd(writerDirectors(m), snap, embedder)).answers.map((a) => a.value);
  assert.deepEqual(await answers('injective'), []);
  assert.deepEqual(await answers('anchors-distinct'), ['Writer One']);
  // Homomorphic also lets the middle film be X itself, reaching X's director.
  assert.deepEqual(new Set(await answers('homomorphic')), new Set(['Writer One', 'Director One']));
  const r = await retrieveGsd(writerDirectors('anchors-distinct'), snap, embedder);
  assert.equal(r.stats.anchorsDistinct, 1);
  assert.equal(r.stats.injective, 0);
});

test('the default semantics is anchors-distinct, and injective: false still means homomorphic', async () => {
  const snap = await GraphSnapshot.fromTriples(kb, embedder, { labelOf });
  const { match: _drop, ...rest } = writerDirectors('injective').strategy as PlanningGraph['strategy'] & { match?: MatchSemantics };
  void _drop;
  const plan = { ...writerDirectors('injective'), strategy: rest as PlanningGraph['strategy'] };
  const r = await retrieveGsd(plan, snap, embedder);
  assert.equal(r.stats.anchorsDistinct, 1);
  const legacy = await retrieveGsd(plan, snap, embedder, { strategy: { injective: false } });
  assert.equal(legacy.stats.anchorsDistinct, 0);
  assert.equal(legacy.stats.injective, 0);
  assert.ok(legacy.answers.some((a) => a.value === 'Director One'));
});
