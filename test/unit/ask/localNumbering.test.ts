// The local numbering of the store's local graph (localNumbering.ts) and the enumerator walking a
// graph in its own numbering: equal to a Map, and to the snapshot enumerator in the index's
// numbering — every candidate's shape, answers in their own order and path counts, the cap — on
// random graphs, including a local graph asked many questions in a row (its arrays let go and grown
// again between them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CandidateEnumerator, LocalGraph, type AnchorRef, type Candidate, type EnumerationData, type EnumerationGraph } from '../../../src/core/ask';
import { LocalNumbering } from '../../../src/core/ask/localNumbering';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { randomGraph, rng } from '../retrieve/helpers';

test('LocalNumbering: equal to a Map under random adds and finds (repeats, ids up to 2³² − 1, growth from 4 numbers), cleared with and without shrinking', () => {
  const r = rng(31);
  for (const initial of [1, 4, 1024]) {
    const n = new LocalNumbering(initial);
    for (let round = 0; round < 12; round++) {
      const want = new Map<number, number>();
      const order: number[] = [];
      const range = [50, 5_000, 2 ** 32][round % 3]!;
      const steps = 1 + Math.floor(r() * 6_000);
      for (let i = 0; i < steps; i++) {
        const v = Math.floor(r() * range);
        if (r() < 0.3) {
          assert.equal(n.find(v), want.get(v) ?? -1, `find ${v}`);
          continue;
        }
        const before = n.size;
        const l = n.add(v);
        if (!want.has(v)) {
          assert.equal(l, before, `a new node gets the next number`);
          want.set(v, l);
          order.push(v);
        } else assert.equal(l, want.get(v));
        assert.equal(n.size, want.size);
      }
      for (const [v, l] of want) assert.equal(n.find(v), l);
      assert.deepEqual([...n.globals.subarray(0, n.size)], order, 'local → index node');
      n.clear(round % 2 === 0);
      assert.equal(n.size, 0);
      for (const v of order.slice(0, 50)) assert.equal(n.find(v), -1, 'forgotten');
    }
  }
});

test('LocalNumbering sealed (the hash table let go once the levels are read): finds equal to a Map, adds after sealing number on, cleared it hashes again', () => {
  const r = rng(37);
  for (const initial of [1, 4, 1024]) {
    const n = new LocalNumbering(initial);
    for (let round = 0; round < 8; round++) {
      const want = new Map<number, number>();
      const order: number[] = [];
      const range = [50, 5_000, 2 ** 32][round % 3]!;
      const steps = 1 + Math.floor(r() * 3_000);
      for (let i = 0; i < steps; i++) {
        // Sealed at random points, as many times as it likes: it must answer the same.
        if (r() < 0.01) n.seal();
        const v = Math.floor(r() * range);
        if (r() < 0.3) {
          assert.equal(n.find(v), want.get(v) ?? -1, `find ${v}`);
          continue;
        }
        const l = n.add(v);
        if (!want.has(v)) {
          want.set(v, l);
          order.push(v);
        }
        assert.equal(l, want.get(v));
      }
      n.seal();
      for (const [v, l] of want) assert.equal(n.find(v), l, 'sealed find');
      for (let i = 0; i < 50; i++) {
        const v = Math.floor(r() * range);
        assert.equal(n.find(v), want.get(v) ?? -1);
      }
      assert.deepEqual([...n.globals.subarray(0, n.size)], order);
      n.clear(round % 2 === 0);
      assert.equal(n.size, 0);
      for (const v of order.slice(0, 50)) assert.equal(n.find(v), -1, 'forgotten');
      // Numbered again from 0 on a fresh table.
      for (let i = 0; i < 20; i++) assert.equal(n.add(order[i] ?? 1e9 + i), i);
      n.clear();
    }
  }
});

/** The snapshot's graph renumbered by a random permutation, with the numbering that maps back (what a local graph is, for the enumerator). */
function permuted(snap: GraphSnapshot, seed: number): EnumerationGraph {
  const d = snap.data;
  const n = snap.nodeCount;
  const r = rng(seed);
  const globals = Uint32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [globals[i], globals[j]] = [globals[j]!, globals[i]!];
  }
  const localOf = new Int32Array(n);
  globals.forEach((g, l) => (localOf[g] = l));
  const side = (offsets: Uint32Array, targets: Uint32Array, rels: Uint16Array) => {
    const o = new Uint32Array(n + 1);
    const t: number[] = [];
    const rl: number[] = [];
    for (let l = 0; l < n; l++) {
      const g = globals[l]!;
      // Each node's edges in the snapshot's order: the enumerator's groups keep it.
      for (let e = offsets[g]!; e < offsets[g + 1]!; e++) {
        t.push(localOf[targets[e]!]!);
        rl.push(rels[e]!);
      }
      o[l + 1] = t.length;
    }
    return { o, t: Uint32Array.from(t), r: Uint16Array.from(rl) };
  };
  const out = side(d.outOffsets, d.outTargets, d.outRels);
  const inn = side(d.inOffsets, d.inSources, d.inRels);
  const data: EnumerationData = {
    outOffsets: out.o,
    outTargets: out.t,
    outRels: out.r,
    inOffsets: inn.o,
    inSources: inn.t,
    inRels: inn.r,
    nodeLabel: Uint16Array.from(globals, (g) => d.nodeLabel[g]!),
    labelNames: d.labelNames,
    relationNames: d.relationNames,
  };
  return { nodeCount: n, data, numbering: { find: (v) => (v < n ? localOf[v]! : -1), globals } };
}

/** Everything a candidate holds, in list order, its answers in their own order. */
const all = (cs: readonly Candidate[]) => cs.map((c) => ({ shape: c.shape, nodes: [...c.nodes], weights: [...c.weights] }));

function anchorOf(snap: GraphSnapshot, v: number, mention = 0): AnchorRef {
  return { mention, node: v, name: snap.names.get(v), label: snap.labelOf(v) };
}

test('enumeration in a local numbering: the same candidates, answers in the same order, path counts and cap as in the index numbering (random graphs, random numberings)', async () => {
  let compared = 0;
  for (const seed of [41, 42, 43, 44]) {
    const snap = (await randomGraph(seed, 45, 170)).snapshot;
    const index = new CandidateEnumerator(snap);
    const local = new CandidateEnumerator(permuted(snap, seed * 13));
    for (let v = 0; v < snap.nodeCount; v++) {
      const a = anchorOf(snap, v);
      const b = anchorOf(snap, (v * 11 + 5) % snap.nodeCount, 1);
      for (const maxCandidates of [100_000, 7]) {
        index.capped = false;
        local.capped = false;
        const want = [...index.chains(a, { maxCandidates }), ...index.twoAnchor(a, b, { maxCandidates })];
        const got = [...local.chains(a, { maxCandidates }), ...local.twoAnchor(a, b, { maxCandidates })];
        assert.deepEqual(all(got), all(want), `seed ${seed} anchors ${v}, ${b.node}, cap ${maxCandidates}`);
        assert.equal(local.capped, index.capped);
        compared += want.length;
      }
    }
  }
  assert.ok(compared > 2000, `${compared} candidates compared`);
});

/**
 * A store read simulated on the snapshot, as StoreEnumerator drives a LocalGraph: per level, every
 * edge of the frontier as a run of one (so each node's edges keep the snapshot's order), the
 * neighbours queued for the next level.
 */
function readInto(graph: LocalGraph, snap: GraphSnapshot, anchors: readonly number[], levels: number): void {
  const d = snap.data;
  let frontier: number[] = [];
  for (const a of anchors) if (graph.queue(a)) frontier.push(a);
  for (let level = 0; level < levels && frontier.length > 0; level++) {
    const mark = graph.mark();
    for (const v of frontier) {
      const l = graph.frontierLocal(v);
      assert.ok(l >= 0, 'a frontier node is in the frontier');
      for (let e = d.outOffsets[v]!; e < d.outOffsets[v + 1]!; e++) graph.addRun(true, d.outRels[e]!, Uint32Array.of(l), Uint32Array.of(d.outTargets[e]!), 1);
      for (let e = d.inOffsets[v]!; e < d.inOffsets[v + 1]!; e++) graph.addRun(false, d.inRels[e]!, Uint32Array.of(l), Uint32Array.of(d.inSources[e]!), 1);
    }
    graph.markRead(frontier);
    for (const v of frontier) assert.ok(graph.isRead(v) && graph.frontierLocal(v) < 0);
    if (level + 1 === levels) break;
    frontier = graph.queueNeighboursSince(mark);
  }
  graph.build();
}

test('LocalGraph: questions in a row on one local graph (its arrays kept, or let go past 8 nodes) walk to the snapshot enumerator\'s candidates', async () => {
  let compared = 0;
  for (const seed of [51, 52, 53]) {
    const snap = (await randomGraph(seed, 60, 240)).snapshot;
    const memory = new CandidateEnumerator(snap);
    for (const keptNodes of [8, 1 << 16]) {
      const graph = new LocalGraph(snap, { keptNodes });
      for (let v = 0; v < snap.nodeCount; v++) {
        const a = anchorOf(snap, v);
        const b = anchorOf(snap, (v * 7 + 3) % snap.nodeCount, 1);
        const maxHops = 1 + (v % 3);
        const anchors = a.node === b.node ? [a.node] : [a.node, b.node];
        readInto(graph, snap, anchors, Math.max(maxHops, 2));
        assert.ok(graph.nodeCount <= snap.nodeCount);
        const got = [...graph.enumerator.chains(a, { maxHops }), ...graph.enumerator.twoAnchor(a, b)];
        const want = [...memory.chains(a, { maxHops }), ...memory.twoAnchor(a, b)];
        assert.deepEqual(all(got), all(want), `seed ${seed} anchors ${v}, ${b.node}, ${maxHops} hops, kept ${keptNodes}`);
        compared += want.length;
        graph.clear();
        assert.equal(graph.nodeCount, 0);
      }
    }
  }
  assert.ok(compared > 2000, `${compared} candidates compared`);
});
