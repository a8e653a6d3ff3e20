/**
 * Two shortcuts of why-not's gsd analysis against references computed another way:
 * - searchTopK's count mode (the rank of a subgraph in one search) against exhaustive enumeration
 *   and against the top-k search it replaces (k = cap), capped and not, every match semantics;
 * - TopK's large-k mode (offers sorted once, not inserted) against a plain sort.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchSemantics } from '../../../src/core/plan/planningGraph';
import { buildProblem } from '../../../src/core/retrieve/gsd/problem';
import { searchTopK } from '../../../src/core/retrieve/gsd/search';
import { TopK } from '../../../src/core/retrieve/snapshot/topK';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { randomGraph, randomPattern, rng } from './helpers';

const EPS = 1e-9;
const embedder = new HashingEmbedder({ dimension: 128 });

test('count mode: the subgraphs below and up to a GSD, capped, are exhaustive enumeration\'s and the top-k search\'s at k = cap', async () => {
  let cases = 0;
  let capped = 0;
  for (let gseed = 1; gseed <= 4; gseed++) {
    const g = await randomGraph(gseed, 30 + gseed * 4, 80 + gseed * 15, embedder);
    for (let pseed = 1; pseed <= 8; pseed++) {
      const plan = randomPattern(gseed * 31 + pseed, g);
      const problem = await buildProblem(plan, g.snapshot, embedder, { nodeCandidates: 6 + pseed, relationCandidates: 3 });
      for (const match of ['injective', 'anchors-distinct', 'homomorphic'] as MatchSemantics[]) {
        const all = searchTopK(g.snapshot, problem, { k: 1_000_000, exhaustive: true, match }).matches.map((m) => m.gsd);
        // Every GSD found, a value between two, and one past the last.
        const sorted = [...all].sort((a, b) => a - b);
        const at = [...new Set(sorted)].slice(0, 6);
        if (sorted.length > 1) at.push((sorted[0]! + sorted[sorted.length - 1]!) / 2);
        at.push((sorted[sorted.length - 1] ?? 0) + 1);
        for (const gsd of at) {
          for (const cap of [1, 3, 8, 4096]) {
            const c = searchTopK(g.snapshot, problem, { k: 1, match, count: { gsd, eps: EPS, cap } }).counted;
            assert.ok(c, 'no budget: counted');
            const less = all.filter((x) => x < gsd - EPS).length;
            const leq = all.filter((x) => x <= gsd + EPS).length;
            const where = `graph ${gseed} pattern ${pseed} ${match} gsd ${gsd} cap ${cap}`;
            assert.deepEqual(c, { less: Math.min(less, cap), leq: Math.min(leq, cap) }, where);
            // What the replaced top-k search at k = cap counts.
            const top = searchTopK(g.snapshot, problem, { k: cap, match }).matches;
            assert.deepEqual(c, { less: top.filter((x) => x.gsd < gsd - EPS).length, leq: top.filter((x) => x.gsd <= gsd + EPS).length }, `${where}: top-k`);
            cases++;
            if (leq >= cap) capped++;
          }
        }
      }
    }
  }
  assert.ok(cases > 500 && capped > 50, `${cases} cases, ${capped} capped`);
});

test('TopK with a large k (sorted once) keeps the k smallest (distance, index) pairs, ties by index, as a plain sort does', () => {
  const r = rng(20261128);
  for (let t = 0; t < 200; t++) {
    const k = [1025, 1500, 4000, 200_000][t % 4]!;
    const n = Math.floor(r() * 9000);
    const h = new TopK(k);
    const pairs: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      // Few distinct distances (long ties) and repeated runs, as a name search gives.
      const d = t % 3 === 0 ? Math.floor(r() * 20) / 7 : r() < 0.5 ? 1.5 : r();
      const x = Math.floor(r() * 1_000_000);
      pairs.push([d, x]);
      h.offer(d, x);
      if (r() < 0.002) h.bound();
    }
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const want = pairs.slice(0, k);
    assert.equal(h.size, want.length);
    for (let i = 0; i < want.length; i++) assert.ok(h.dist[i] === want[i]![0] && h.idx[i] === want[i]![1], `case ${t}: pair ${i}`);
    assert.equal(h.bound(), want.length < k ? Infinity : want[k - 1]![0]);
  }
});
