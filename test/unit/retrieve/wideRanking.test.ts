/**
 * The widened lists' shortcuts (why-not asks for every node of a label, of every label, then the
 * first N of a label, all for one name) against references computed the slow way:
 * - a search for every row (met rows marked in the walk, distances in row order, a radix sort, the
 *   ranking kept for the next search of the same query) against every row's distance summed in
 *   bucket order and sorted by (distance, row) with a comparator, filtered by label, cut at k, and
 *   against the TopK search of a fresh index (k below the ranking's threshold);
 * - sortRows against a comparator sort (ties, zeros, −0);
 * - buildProblem's typed lists (several labels merged, long lists' DenseRanks) against the lists
 *   the object path gives (searchName per label, concatenated, sorted, cut at k).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { namesView } from '../../../src/core/embed/embedder';
import { buildProblem, DenseRanks } from '../../../src/core/retrieve/gsd/problem';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { sortRows, VectorIndex, type SparseMatrix, type VectorFilter, type VectorHit } from '../../../src/core/retrieve/snapshot/vectorIndex';
import { LABELS, RELS, WORDS, randomPattern, rng, type RandomGraph } from './helpers';

/** A graph of `nodes` distinctly named nodes (more than a long list's DenseRanks threshold) and a few edges. */
async function wideGraph(seed: number, nodes: number, edges: number, embedder: HashingEmbedder): Promise<RandomGraph> {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const names = Array.from({ length: nodes }, (_, i) => `${pick(WORDS)} ${pick(WORDS)} ${i}`);
  const labels = new Map(names.map((n) => [n, pick(LABELS)] as const));
  // Each type joins two fixed labels (so an untyped node next to a typed one is narrowed to some labels, not all).
  const byLabel = new Map(LABELS.map((l) => [l, names.filter((n) => labels.get(n) === l)] as const));
  const ends = RELS.map((_, i) => [LABELS[i % LABELS.length]!, LABELS[(i + 1) % LABELS.length]!] as const);
  const triples: [string, string, string][] = [];
  for (let i = 0; i < edges; i++) {
    const x = Math.floor(r() * RELS.length);
    const h = pick(byLabel.get(ends[x]![0])!);
    const t = pick(byLabel.get(ends[x]![1])!);
    if (h !== t) triples.push([h, RELS[x]!, t]);
  }
  const snapshot = await GraphSnapshot.fromRecords(
    names.map((n) => ({ id: 'n:' + n, labels: [labels.get(n)!], name: n })),
    triples.map(([h, rel, t]) => ({ source: 'n:' + h, type: rel, target: 'n:' + t })),
    embedder,
    'wide-' + seed,
  );
  return { snapshot, triples, nodeNames: names, labels };
}

/** A sparse matrix of `rows` rows over `dim` buckets: some empty, some repeated (ties), positive values. */
function randomMatrix(seed: number, rows: number, dim: number): { m: SparseMatrix; labels: Uint16Array } {
  const r = rng(seed);
  const rowOffsets = new Uint32Array(rows + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  const labels = new Uint16Array(rows);
  let prev: { c: number[]; v: number[] } = { c: [], v: [] };
  for (let i = 0; i < rows; i++) {
    labels[i] = Math.floor(r() * 3);
    const roll = r();
    let c: number[] = [];
    let v: number[] = [];
    if (roll < 0.05) {
      // empty row
    } else if (roll < 0.2) {
      c = prev.c;
      v = prev.v;
    } else {
      const n = 1 + Math.floor(r() * 6);
      const seen = new Set<number>();
      for (let j = 0; j < n; j++) {
        const b = Math.floor(r() * dim);
        if (seen.has(b)) continue;
        seen.add(b);
        c.push(b);
        v.push(0.05 + r());
      }
    }
    cols.push(...c);
    vals.push(...v);
    rowOffsets[i + 1] = cols.length;
    if (c.length > 0) prev = { c, v };
  }
  return { m: { kind: 'sparse', rows, dimension: dim, rowOffsets, cols: Uint32Array.from(cols), vals: Float32Array.from(vals) }, labels };
}

/** Every row of the filter at the distance the exact search gives it, sorted by (distance, row), first k. */
function reference(m: SparseMatrix, q: Float32Array, k: number, filter: VectorFilter): VectorHit[] {
  let qn = 0;
  for (let i = 0; i < q.length; i++) qn += q[i]! * q[i]!;
  const out: VectorHit[] = [];
  for (let r = 0; r < m.rows; r++) {
    if (filter.labels && filter.label !== undefined && filter.labels[r] !== filter.label) continue;
    let rn = 0;
    const entries: [number, number][] = [];
    for (let j = m.rowOffsets[r]!; j < m.rowOffsets[r + 1]!; j++) {
      rn += m.vals[j]! * m.vals[j]!;
      entries.push([m.cols[j]!, m.vals[j]!]);
    }
    // The walk sums a row's products bucket by bucket, ascending.
    entries.sort((a, b) => a[0] - b[0]);
    let dot = 0;
    let shares = false;
    for (const [b, v] of entries) {
      if (q[b] === 0) continue;
      shares = true;
      dot += q[b]! * v;
    }
    let d: number;
    if (shares) {
      const d2 = qn + rn - 2 * dot;
      d = d2 <= 1e-12 * (qn + rn) ? 0 : Math.sqrt(d2);
    } else d = rn === 0 ? Math.sqrt(qn) : Math.sqrt(qn + rn);
    out.push({ index: r, distance: d });
  }
  out.sort((a, b) => a.distance - b.distance || a.index - b.index);
  return out.slice(0, k);
}

test('a search for every row (and the first k after it, from its kept ranking) is every row at its exact distance in (distance, row) order, filtered, cut at k', () => {
  for (const seed of [1, 2, 3]) {
    const rows = 3000;
    const dim = 64;
    const { m, labels } = randomMatrix(seed, rows, dim);
    const r = rng(seed + 100);
    for (let qi = 0; qi < 8; qi++) {
      const q = new Float32Array(dim);
      const n = qi === 0 ? 0 : 1 + Math.floor(r() * 5);
      for (let j = 0; j < n; j++) q[Math.floor(r() * dim)] = 0.1 + r();
      const where = `seed ${seed} query ${qi}`;
      const index = new VectorIndex(m);
      const filters: VectorFilter[] = [{}, { labels, label: 0 }, { labels, label: 2 }];
      // The first search asks for every row (the ranking is computed); the later ones read it.
      for (const k of [rows, 5000, 2000, 1500]) {
        for (const filter of filters) assert.deepEqual(index.search(q, k, filter), reference(m, q, k, filter), `${where} k ${k} label ${filter.label ?? 'any'}`);
      }
      // A fresh index (no ranking kept) below the ranking's threshold: the TopK search, the same prefix.
      for (const k of [1, 7, 1000]) {
        for (const filter of filters) assert.deepEqual(new VectorIndex(m).search(q, k, filter), reference(m, q, k, filter), `${where} fresh k ${k}`);
      }
      // Another query after it: not answered from the kept ranking.
      const other = new Float32Array(dim);
      other[(qi * 7) % dim] = 1;
      assert.deepEqual(index.search(other, 2000, { labels, label: 1 }), reference(m, other, 2000, { labels, label: 1 }), `${where} another query`);
      index.releaseScratch();
      assert.deepEqual(index.search(q, 1500, {}), reference(m, q, 1500, {}), `${where} after releaseScratch`);
    }
  }
});

test('sortRows orders rows by (distance, row), as a comparator sort does (ties, zeros, −0)', () => {
  const r = rng(7);
  for (const n of [0, 1, 2, 17, 1000, 70_000]) {
    const dist = new Float64Array(n);
    const pool = [0, -0, 1, Math.SQRT2, 0.5, 1e-300, 3.25];
    for (let i = 0; i < n; i++) dist[i] = r() < 0.4 ? pool[Math.floor(r() * pool.length)]! : r() * 2;
    const got = sortRows(dist);
    const want = Array.from(dist, (d, i) => ({ d, i })).sort((a, b) => a.d - b.d || a.i - b.i);
    assert.deepEqual(Array.from(got.idx), want.map((x) => x.i), `n ${n}`);
    assert.deepEqual(Array.from(got.dist, (d) => d + 0), want.map((x) => x.d + 0), `n ${n}`);
  }
});

test('buildProblem\'s typed lists are the object path\'s: searchName per label, concatenated, sorted, cut at k (long lists in DenseRanks)', async () => {
  const embedder = new HashingEmbedder({ dimension: 128 });
  let multi = 0;
  let dense = 0;
  for (let gseed = 1; gseed <= 3; gseed++) {
    const g = await wideGraph(gseed, 5200, 3000, embedder);
    const snap = g.snapshot;
    for (let pseed = 1; pseed <= 10; pseed++) {
      const plan = randomPattern(gseed * 31 + pseed, g);
      for (const nodeCandidates of [4, 1500, 200_000]) {
        const problem = await buildProblem(plan, snap, embedder, { nodeCandidates, relationCandidates: 3 });
        for (const [p, n] of problem.nodes.entries()) {
          const text = plan.nodes[p]!.text;
          if (!n.known || text?.kind !== 'soft') continue;
          const q = await namesView(embedder).embedBatch([text.value]);
          const hits =
            n.labels === null
              ? snap.searchName(text.value, q, nodeCandidates)
              : n.labels
                  .flatMap((label) => snap.searchName(text.value, q, nodeCandidates, { labels: snap.data.nodeLabel, label }))
                  .sort((a, b) => a.distance - b.distance || a.index - b.index)
                  .slice(0, nodeCandidates);
          const where = `graph ${gseed} pattern ${pseed} k ${nodeCandidates} (${n.variable})`;
          assert.deepEqual(Array.from(n.nodes), hits.map((h) => h.index), where);
          assert.deepEqual(Array.from(n.dists), hits.map((h) => h.distance), where);
          assert.equal(n.minDist, hits.length > 0 ? Math.min(...hits.map((h) => h.distance)) : 0, where);
          for (const [i, h] of hits.entries()) assert.equal(n.rankOf.get(h.index), i, where);
          for (let x = 0; x < snap.nodeCount; x += 13) assert.equal(n.rankOf.has(x), hits.some((h) => h.index === x), where);
          if (n.labels !== null && n.labels.length > 1) multi++;
          if (n.rankOf instanceof DenseRanks) dense++;
        }
      }
    }
  }
  assert.ok(multi > 0, 'some node had several labels');
  assert.ok(dense > 0, 'some list was long enough for DenseRanks');
});
