// Weighted degrees read from the index file's CSR on demand (stem's guidance walk in store
// placement: fileDegrees.ts) against the walk's own sum over the snapshot: the same float for every
// node and weighting, whatever the block size and cache; the relation ids in the CSR's order; a
// file of another graph version or embedder is not read. The other ends of a node's edges (stem's
// forecast) are the CSR's lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { readDegrees, writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { degreesOf, FileDegrees, ResidentDegrees, type NodeEdges } from '../../../src/core/retrieve/snapshot/fileDegrees';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { mulberry32 } from '../../support/prng';

const embedder = new HashingEmbedder({ dimension: 32 });

/** The guidance walk's sum (stem/guidance.ts, `touch`): w per edge, out then in, in the CSR's order. */
function walkSum(s: GraphSnapshot, u: number, w: Float64Array): number {
  const d = s.data;
  let x = 0;
  for (let j = d.outOffsets[u]!; j < d.outOffsets[u + 1]!; j++) x += w[d.outRels[j]!]!;
  for (let j = d.inOffsets[u]!; j < d.inOffsets[u + 1]!; j++) x += w[d.inRels[j]!]!;
  return x;
}

/** A random multigraph with a hub (a third of the edges on node 0: its relation ids span many blocks) and nodes without edges. */
async function hubGraph(seed: number, nodes: number, edges: number, rels: number): Promise<GraphSnapshot> {
  const r = mulberry32(seed);
  const nodeRecords = Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, labels: [`L${i % 3}`], name: `node ${i}` }));
  const edgeRecords = Array.from({ length: edges }, () => {
    const a = r() < 0.33 ? 0 : Math.floor(r() * (nodes - 5));
    const b = Math.floor(r() * (nodes - 5));
    const [source, target] = r() < 0.5 ? [a, b] : [b, a];
    return { source: `n${source}`, type: `rel_${Math.floor(r() * rels)}`, target: `n${target}` };
  });
  return GraphSnapshot.fromRecords(nodeRecords, edgeRecords, embedder, `degrees-${seed}`);
}

test('degrees read from the index file equal the walk\'s sum over the snapshot, bit for bit, for every node, weighting, block size and cache', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-degrees-'));
  try {
    let compared = 0;
    let multiBlock = 0;
    let edgeLists = 0;
    for (const [seed, nodes, edges, rels] of [
      [1, 30, 200, 3],
      [2, 400, 6000, 9],
      [3, 2000, 9000, 20],
    ] as const) {
      const snap = await hubGraph(seed, nodes, edges, rels);
      const file = join(dir, `s${seed}.bin`);
      writeSnapshot(file, snap);
      const expect = { fingerprint: snap.data.fingerprint, embedderId: snap.data.embedderId };
      const r = mulberry32(seed * 31);
      // Weights as the walk's (0.01…1 with full mantissas, as cosines give: a different order of additions gives another float).
      const weightings = Array.from({ length: 3 }, () => Float64Array.from(snap.data.relationNames, () => Math.max(0.01, Math.sqrt(r()))));
      const resident = new ResidentDegrees(snap);
      for (const cache of [undefined, { blockBytes: 8, cacheBytes: 1 << 20 }, { blockBytes: 64, cacheBytes: 128 }, { blockBytes: 4096, cacheBytes: 4096 }]) {
        const deg = readDegrees(file, expect, cache);
        assert.ok(deg, `seed ${seed}: the file's degrees`);
        for (const w of weightings) {
          for (let u = 0; u < snap.nodeCount; u++) {
            const want = walkSum(snap, u, w);
            assert.ok(Object.is(deg.degree(u, w), want), `seed ${seed} node ${u} ${JSON.stringify(cache)}: ${deg.degree(u, w)} against ${want}`);
            assert.ok(Object.is(resident.degree(u, w), want));
            compared++;
          }
        }
        for (let u = 0; u < snap.nodeCount; u++) {
          const d = snap.data;
          const rel: { readonly out: Uint16Array; readonly in: Uint16Array } = deg.relations(u);
          assert.deepEqual([...rel.out], [...d.outRels.slice(d.outOffsets[u]!, d.outOffsets[u + 1]!)], `seed ${seed} node ${u}: out relation ids`);
          assert.deepEqual([...rel.in], [...d.inRels.slice(d.inOffsets[u]!, d.inOffsets[u + 1]!)], `seed ${seed} node ${u}: in relation ids`);
          if (cache?.blockBytes === 8 && d.outOffsets[u + 1]! + d.inOffsets[u + 1]! - d.outOffsets[u]! - d.inOffsets[u]! > 8) multiBlock++;
          // The other ends too (stem's forecast of what to read): the CSR's lists, in its order.
          const e: NodeEdges | undefined = deg.edges?.(u);
          assert.ok(e, `seed ${seed}: the file's other ends were located`);
          assert.deepEqual([...e.outTargets], [...d.outTargets.slice(d.outOffsets[u]!, d.outOffsets[u + 1]!)], `seed ${seed} node ${u}: out targets`);
          assert.deepEqual([...e.inSources], [...d.inSources.slice(d.inOffsets[u]!, d.inOffsets[u + 1]!)], `seed ${seed} node ${u}: in sources`);
          assert.deepEqual([...e.outRels], [...rel.out]);
          assert.deepEqual([...e.inRels], [...rel.in]);
          assert.deepEqual(resident.edges(u), e);
          edgeLists++;
        }
        // Blocks are kept: the whole default run reads each block once (the file's CSR is far under the cache).
        if (!cache) assert.ok(deg.reads <= Math.ceil((8 * (snap.nodeCount + 1) + 12 * snap.data.outTargets.length) / 8192) + 6, `seed ${seed}: ${deg.reads} reads`);
      }
      // Order matters, so the comparison can fail: the hub's sum in reverse order is another float for some weighting.
      const d = snap.data;
      let hub = 0;
      const edgesOf = (u: number): number => d.outOffsets[u + 1]! - d.outOffsets[u]! + d.inOffsets[u + 1]! - d.inOffsets[u]!;
      for (let u = 1; u < snap.nodeCount; u++) if (edgesOf(u) > edgesOf(hub)) hub = u;
      const reversed = (w: Float64Array): number => {
        let x = 0;
        for (let j = d.inOffsets[hub + 1]! - 1; j >= d.inOffsets[hub]!; j--) x += w[d.inRels[j]!]!;
        for (let j = d.outOffsets[hub + 1]! - 1; j >= d.outOffsets[hub]!; j--) x += w[d.outRels[j]!]!;
        return x;
      };
      if (seed > 1) assert.ok(weightings.some((w) => !Object.is(reversed(w), walkSum(snap, hub, w))), `seed ${seed}: the hub's sum (${edgesOf(hub)} edges) depends on the order`);
      // Another graph version or embedder: not read.
      assert.equal(readDegrees(file, { ...expect, fingerprint: 'other' }), undefined);
      assert.equal(readDegrees(file, { ...expect, embedderId: 'other' }), undefined);
      assert.equal(readDegrees(join(dir, 'missing.bin'), expect), undefined);
      // The snapshot held in memory serves its own CSR.
      assert.ok(degreesOf(snap) instanceof ResidentDegrees);
    }
    assert.ok(compared > 3 * 4 * 2000, `${compared} degrees compared`);
    assert.ok(multiBlock > 100, `nodes whose relation ids span blocks: ${multiBlock}`);
    assert.ok(edgeLists > 4 * 2000, `edge lists compared: ${edgeLists}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a block size that could split an offset is refused', () => {
  const at = { outOffsetsAt: 0, outRelsAt: 0, inOffsetsAt: 0, inRelsAt: 0, offsets: 1, edges: 0 };
  assert.throws(() => new FileDegrees(0, at, 1024, 6), /multiple of 4/);
  assert.throws(() => new FileDegrees(0, at, 1024, 0), /multiple of 4/);
});
