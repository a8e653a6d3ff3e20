import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CandidateEnumerator, chainKey, pathCounts, rankedAnswers, type AnchorRef, type EnumeratedCandidate, type EnumerationGraph } from '../../../src/core/ask';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { randomGraph } from '../retrieve/helpers';

interface Hop {
  readonly rel: number;
  readonly out: boolean;
  readonly label: number;
}

/** Every (relation, direction, label) neighbour of one node, straight from the edge arrays. */
function neighbours(snap: GraphSnapshot, v: number): { node: number; hop: Hop }[] {
  const d = snap.data;
  const out: { node: number; hop: Hop }[] = [];
  for (let e = d.outOffsets[v]!; e < d.outOffsets[v + 1]!; e++) out.push({ node: d.outTargets[e]!, hop: { rel: d.outRels[e]!, out: true, label: d.nodeLabel[d.outTargets[e]!]! } });
  for (let e = d.inOffsets[v]!; e < d.inOffsets[v + 1]!; e++) out.push({ node: d.inSources[e]!, hop: { rel: d.inRels[e]!, out: false, label: d.nodeLabel[d.inSources[e]!]! } });
  return out;
}

const key = (snap: GraphSnapshot, hops: readonly Hop[]): string =>
  hops.map((h) => `${snap.data.relationNames[h.rel]}${h.out ? '' : '~'}:${snap.data.labelNames[h.label]}`).join(' > ');

/**
 * The reference: every walk of 1–3 hops from the anchor, enumerated one walk at a time, grouped
 * by its typed hop sequence. A walk may pass any node except the anchor after the first hop (the
 * answers of one hop are the start of the next); answers never include the anchor. The answer
 * multiplicity is the number of walks.
 */
function bruteForceChains(snap: GraphSnapshot, anchor: number): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  const walk = (v: number, hops: Hop[]): void => {
    if (hops.length === 3) return;
    for (const { node, hop } of neighbours(snap, v)) {
      if (node === anchor) continue;
      const next = [...hops, hop];
      const k = key(snap, next);
      const m = out.get(k) ?? new Map<number, number>();
      out.set(k, m);
      m.set(node, (m.get(node) ?? 0) + 1);
      walk(node, next);
    }
  };
  walk(anchor, []);
  return out;
}

function asMap(c: EnumeratedCandidate): Map<number, number> {
  return new Map(rankedAnswers(c).map((a) => [a.node, a.paths]));
}

function shapeKey(c: EnumeratedCandidate): string {
  if (c.shape.kind !== 'chain') throw new Error('chain expected');
  return c.shape.steps.map((s) => `${s.relation}${s.direction === 'out' ? '' : '~'}:${s.label}`).join(' > ');
}

test('enumeration: chains equal a brute-force walk of every path on random graphs (answers and path counts)', async () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const g = await randomGraph(seed, 30, 90);
    const snap = g.snapshot;
    const enumerator = new CandidateEnumerator(snap);
    for (let v = 0; v < snap.nodeCount; v += 3) {
      const anchor: AnchorRef = { mention: 0, node: v, name: snap.names.get(v), label: snap.labelOf(v) };
      const got = new Map(enumerator.chains(anchor, { maxCandidates: 100_000 }).map((c) => [shapeKey(c), asMap(c)]));
      const want = bruteForceChains(snap, v);
      assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort(), `seed ${seed} node ${v}: chain sets differ`);
      for (const [k, m] of want) assert.deepEqual(got.get(k), m, `seed ${seed} node ${v} chain ${k}`);
    }
  }
});

test('enumeration: a hop grouped in batches of keys (at most 1, 5 or 40 edges at once) gives the same candidates, in the same order, as one batch', async () => {
  let batched = 0;
  for (const seed of [6, 7, 8]) {
    const g = await randomGraph(seed, 40, 160);
    const snap = g.snapshot;
    const whole = new CandidateEnumerator(snap);
    for (const groupedEdges of [1, 5, 40]) {
      const inBatches = new CandidateEnumerator(snap, { groupedEdges });
      for (let v = 0; v < snap.nodeCount; v++) {
        const a: AnchorRef = { mention: 0, node: v, name: snap.names.get(v), label: snap.labelOf(v) };
        const b: AnchorRef = { mention: 1, node: (v * 7 + 3) % snap.nodeCount, name: '', label: snap.labelOf((v * 7 + 3) % snap.nodeCount) };
        // Everything a candidate holds, in list order: its answers in their own order too.
        const all = (e: CandidateEnumerator) => [...e.chains(a, { maxCandidates: 100_000 }), ...e.twoAnchor(a, b)].map((c) => ({ shape: c.shape, nodes: [...c.nodes], weights: [...c.weights] }));
        const want = all(whole);
        assert.deepEqual(all(inBatches), want, `seed ${seed} node ${v}, batches of ${groupedEdges}`);
        if (want.length > 0) batched++;
      }
    }
  }
  assert.ok(batched > 100, `${batched} anchors compared`);
});

test('enumeration: two-anchor paths and conjunctions equal a brute-force scan of middle nodes', async () => {
  const g = await randomGraph(11, 25, 110);
  const snap = g.snapshot;
  const enumerator = new CandidateEnumerator(snap);
  for (let a = 0; a < snap.nodeCount; a += 4) {
    for (let b = 1; b < snap.nodeCount; b += 5) {
      if (a === b) continue;
      const A: AnchorRef = { mention: 0, node: a, name: snap.names.get(a), label: snap.labelOf(a) };
      const B: AnchorRef = { mention: 1, node: b, name: snap.names.get(b), label: snap.labelOf(b) };
      const got = enumerator.twoAnchor(A, B);
      // Reference: middles m ≠ a, b with a typed hop from a and one from b.
      const want = new Map<string, Set<number>>();
      for (const fa of neighbours(snap, a)) {
        for (const fb of neighbours(snap, b)) {
          if (fa.node !== fb.node || fa.node === a || fa.node === b) continue;
          const k = `${key(snap, [fa.hop])} | ${key(snap, [fb.hop])}`;
          const s = want.get(k) ?? new Set<number>();
          want.set(k, s);
          s.add(fa.node);
        }
      }
      const paths = got.filter((c) => c.shape.kind === 'path');
      const gotMap = new Map(
        paths.map((c) => {
          if (c.shape.kind !== 'path') throw new Error();
          const s = c.shape;
          const fromB = { rel: snap.relationId(s.second.relation), out: s.second.direction === 'in', label: snap.labelId(s.first.label) };
          const k = `${key(snap, [{ rel: snap.relationId(s.first.relation), out: s.first.direction === 'out', label: snap.labelId(s.first.label) }])} | ${key(snap, [fromB])}`;
          return [k, new Set(c.nodes)];
        }),
      );
      assert.deepEqual(gotMap, want, `anchors ${a}, ${b}`);
      // Conjunctions: one more hop from the middles, never back to an anchor.
      for (const c of got) {
        if (c.shape.kind !== 'conjunction') continue;
        assert.ok(!c.nodes.includes(a) && !c.nodes.includes(b));
        assert.ok(c.nodes.length > 0);
      }
    }
  }
});

test('enumeration: candidates are typed, unique and capped', async () => {
  const g = await randomGraph(7, 40, 160);
  const snap = g.snapshot;
  const enumerator = new CandidateEnumerator(snap);
  const anchor: AnchorRef = { mention: 0, node: 0, name: snap.names.get(0), label: snap.labelOf(0) };
  const all = enumerator.chains(anchor, { maxCandidates: 100_000 });
  const keys = all.map((c) => chainKey(c.shape) + '|' + shapeKey(c));
  assert.equal(new Set(keys).size, keys.length);
  for (const c of all) {
    if (c.shape.kind !== 'chain') continue;
    const last = c.shape.steps[c.shape.steps.length - 1]!;
    for (const n of c.nodes) assert.equal(snap.labelOf(n), last.label);
  }
  enumerator.capped = false;
  const few = enumerator.chains(anchor, { maxCandidates: 3 });
  assert.equal(few.length, Math.min(3, all.length));
  if (all.length > 3) assert.equal(enumerator.capped, true);
});

test('path counts: 32-bit when every count is an integer below 2³², else Float64 with the same values', () => {
  const cases: [number[], 'u32' | 'f64'][] = [
    [[], 'u32'],
    [[0, 1, 7, 2 ** 32 - 1], 'u32'],
    [[1, 2 ** 32], 'f64'],
    [[3, 2 ** 52 + 1], 'f64'],
    [[1.5], 'f64'],
  ];
  for (const [values, kind] of cases) {
    const got = pathCounts(values);
    assert.equal(got instanceof Uint32Array ? 'u32' : 'f64', kind, JSON.stringify(values));
    assert.deepEqual([...got], values);
  }
});

/**
 * a → m and m → t and b → m, each by `p` parallel edges of one type: chains from a count p, p², p³
 * paths (p = 70,000: p² = 4.9·10⁹ over 2³², p³ = 3.43·10¹⁴ within 2⁵³), the path a – m – b p².
 */
function parallelEdges(p: number): EnumerationGraph {
  const [a, m, t, b] = [0, 1, 2, 3];
  const edges: [number, number][] = [];
  for (let i = 0; i < p; i++) edges.push([a, m], [m, t], [b, m]);
  const n = 4;
  const side = (from: 0 | 1) => {
    const offsets = new Uint32Array(n + 1);
    for (const e of edges) offsets[e[from] + 1]++;
    for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
    const fill = offsets.slice(0, n);
    const ends = new Uint32Array(edges.length);
    for (const e of edges) ends[fill[e[from]]!++] = e[1 - from]!;
    return { offsets, ends, rels: new Uint16Array(edges.length) };
  };
  const out = side(0);
  const inn = side(1);
  return {
    nodeCount: n,
    data: { outOffsets: out.offsets, outTargets: out.ends, outRels: out.rels, inOffsets: inn.offsets, inSources: inn.ends, inRels: inn.rels, nodeLabel: new Uint16Array(n), labelNames: ['L'], relationNames: ['r'] },
  };
}

test('enumeration: path counts past 2³² stay exact (Float64), those below are 32-bit — the same values as counted in Float64', () => {
  const p = 70_000;
  const enumerator = new CandidateEnumerator(parallelEdges(p));
  const ref = (node: number): AnchorRef => ({ mention: node === 3 ? 1 : 0, node, name: String(node), label: 'L' });
  const chains = enumerator.chains(ref(0), { maxCandidates: 100_000 });
  const byShape = new Map(chains.map((c) => [shapeKey(c), c]));
  // What each chain reaches and its paths, by hand: r out a→m (p), then m→t (p²) or m←b (p²), then t←m and b→m (p³).
  const want: [string, number[], number[], 'u32' | 'f64'][] = [
    ['r:L', [1], [p], 'u32'],
    ['r:L > r:L', [2], [p * p], 'f64'],
    ['r:L > r~:L', [3], [p * p], 'f64'],
    ['r:L > r:L > r~:L', [1], [p * p * p], 'f64'],
    ['r:L > r~:L > r:L', [1], [p * p * p], 'f64'],
  ];
  assert.deepEqual([...byShape.keys()].sort(), want.map((w) => w[0]).sort());
  for (const [shape, nodes, paths, kind] of want) {
    const c = byShape.get(shape)!;
    assert.deepEqual([...c.nodes], nodes, shape);
    assert.deepEqual([...c.weights], paths, shape);
    assert.equal(c.weights instanceof Uint32Array ? 'u32' : 'f64', kind, shape);
    assert.deepEqual(rankedAnswers(c), nodes.map((node, i) => ({ node, paths: paths[i]! })));
  }
  // Two anchors: the middle m by p² paths (a product), and one more hop from it to t by p³.
  const two = enumerator.twoAnchor(ref(0), ref(3));
  const path = two.find((c) => c.shape.kind === 'path')!;
  assert.deepEqual([...path.nodes], [1]);
  assert.deepEqual([...path.weights], [p * p]);
  assert.ok(path.weights instanceof Float64Array);
  const toT = two.find((c) => c.shape.kind === 'conjunction' && c.shape.then.direction === 'out')!;
  assert.deepEqual([...toT.nodes], [2]);
  assert.deepEqual([...toT.weights], [p * p * p]);
  // Below 2³² (p = 1,000: p³ = 10⁹) every count is 32-bit, the same values.
  const small = new CandidateEnumerator(parallelEdges(1_000)).chains(ref(0), { maxCandidates: 100_000 });
  for (const c of small) assert.ok(c.weights instanceof Uint32Array, shapeKey(c));
  const q = 1_000;
  assert.deepEqual(new Map(small.map((c) => [shapeKey(c), [...c.weights]])), new Map(want.map(([shape], i) => [shape, [[q, q * q, q * q, q ** 3, q ** 3][i]!]])));
});
