// STEM's guidance walk in store placement on the REAL embedded engine, every way its reads can go:
// touched nodes' degrees bounded by the store's weight sums (then counted when the bounds leave the
// push undecided) or only by the edges read so far (then counted), default and breadth settings. Each gives memory's guidance graph, answers, beams and traces,
// bit for bit; the statements show that each kind of read happened.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { StoreEdges } from '../../../src/core/retrieve/store/storeEdges';
import { StemStore } from '../../../src/core/retrieve/store/storeStem';
import { retrieveStem } from '../../../src/core/retrieve/stem/retrieve';
import type { StoreReader } from '../../../src/core/retrieve/store/storeGraph';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { randomGraph, randomPattern } from '../retrieve/helpers';
import { importedRandomGraph } from '../../support/importedGraph';

let dir = '';
const graphs: { session: RetrievalSession; seed: number; nodes: number; edges: number }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-stem-'));
  // Dense graphs (a node has 10–30 edges): the walk spreads several layers and touches most nodes.
  for (const [seed, nodes, edges] of [
    [51, 30, 260],
    [52, 50, 400],
  ] as const) {
    const { folder } = await importedRandomGraph(dir, seed, nodes, edges);
    graphs.push({ session: await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } }), seed, nodes, edges });
  }
});

after(async () => {
  for (const g of graphs) await g.session.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real store, tallying the rows of each kind a guidance round returns (its `o` column). */
function tallying(session: RetrievalSession): StoreReader & { readonly kinds: Map<number, number>; trips: number } {
  const kinds = new Map<number, number>();
  const reader = {
    dialect: 'kuzu' as const,
    kinds,
    trips: 0,
    async query(cypher: string, options?: Parameters<StoreReader['query']>[1]) {
      const q = await session.query(cypher, options);
      reader.trips++;
      if (/ [2-5] AS o/.test(cypher)) for (const r of q.rows) kinds.set(Number(r['o']), (kinds.get(Number(r['o'])) ?? 0) + 1);
      return q;
    },
  };
  return reader;
}

/** What a stem result shows, but its timings and where it ran. */
function shape(r: RetrievalResult): unknown {
  const { timings: _t, placement: _p, storeIo: _s, ...rest } = r;
  return rest;
}

test('stem guidance in the store equals memory whichever way its reads go: weight-sum bounds or edges-only bounds, then counts (real engine, random graphs)', async () => {
  const embedder = new HashingEmbedder();
  const ways = [
    { name: 'default', reads: {} },
    { name: 'no weight sums (bounds from the edges read)', reads: { weightSums: false } },
  ];
  const seen = new Map<string, Map<number, number>>();
  let compared = 0;
  let guided = 0;
  for (const { session, seed, nodes, edges } of graphs) {
    const g = await randomGraph(seed, nodes, edges);
    const snap = await session.snapshot();
    const schema = await session.schema();
    for (let p = 0; p < 12; p++) {
      const plan = randomPattern(seed * 1000 + p, g);
      for (const settings of [{}, { mode: 'breadth' as const, theta: 0.3 }]) {
        const memory = await retrieveStem(plan, snap, embedder, { strategy: settings });
        if ((memory.stem?.guidance.entities.length ?? 0) > 0) guided++;
        for (const way of ways) {
          const reader = tallying(session);
          const store = await retrieveStem(plan, snap, embedder, { strategy: settings, inStore: new StemStore(snap, new StoreEdges(snap, reader, schema), way.reads) });
          assert.deepEqual(shape(store), shape(memory), `seed ${seed} plan ${p} ${JSON.stringify(settings)}: ${way.name}`);
          const total = seen.get(way.name) ?? new Map<number, number>();
          for (const [k, n] of reader.kinds) total.set(k, (total.get(k) ?? 0) + n);
          seen.set(way.name, total);
          compared++;
        }
      }
    }
  }
  assert.equal(compared, 2 * 12 * 2 * ways.length);
  assert.ok(guided >= 30, `runs with a guidance graph: ${guided}`);
  // Not vacuous: each way read what it names. o: 1/0 edges, 3/2 edge counts, 5/4 weight sums.
  const has = (way: string, ...kinds: number[]): boolean => kinds.some((k) => (seen.get(way)?.get(k) ?? 0) > 0);
  assert.ok(has('default', 4, 5), 'default: weight sums');
  assert.ok(has('no weight sums (bounds from the edges read)', 2, 3), 'without sums: edge counts');
  assert.ok(!has('no weight sums (bounds from the edges read)', 4, 5), 'no weight sums read when asked not to');
});
