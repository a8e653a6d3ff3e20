// STEM's guidance walk in store placement on the REAL embedded engine, every way its reads can go:
// touched nodes' degrees from the index file (only the pushed nodes' edges read), bounded by the
// store's weight sums (then counted when the bounds leave the push undecided) or only by the edges
// read so far (then counted), default and breadth settings. Each gives memory's guidance graph,
// answers, beams and traces, bit for bit; the statements show that each kind of read happened. A
// degree source that disagrees with the edges the store returns is dropped, and the walk is still memory's.
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
import { pprGuidance } from '../../../src/core/retrieve/stem/guidance';
import type { StoreReader } from '../../../src/core/retrieve/store/storeGraph';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { randomGraph, randomPattern } from '../retrieve/helpers';
import { importedRandomGraph } from '../../support/importedGraph';
import { readDegrees, snapshotFileName } from '../../../src/core/retrieve/snapshot/cache';
import type { DegreeSource, NodeEdges } from '../../../src/core/retrieve/snapshot/fileDegrees';

let dir = '';
const graphs: { session: RetrievalSession; seed: number; nodes: number; edges: number; folder: string }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-stem-'));
  // Dense graphs (a node has 10–30 edges): the walk spreads several layers and touches most nodes.
  for (const [seed, nodes, edges] of [
    [51, 30, 260],
    [52, 50, 400],
  ] as const) {
    const { folder } = await importedRandomGraph(dir, seed, nodes, edges);
    graphs.push({ session: await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } }), seed, nodes, edges, folder });
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

/** A degree source that is not this graph's: every node one edge more than the store holds, its degree halved. */
function stale(real: DegreeSource): DegreeSource {
  return {
    degree: (u, w) => real.degree(u, w) / 2,
    relations: (u) => {
      const r = real.relations(u);
      return { out: Uint16Array.from([...r.out, 0]), in: r.in };
    },
  };
}

test('stem guidance with degrees from the index file reads only the pushed nodes\' edges, in fewer round trips, and equals memory; a stale degree source is dropped and the walk is still memory\'s (real engine)', async () => {
  const embedder = new HashingEmbedder();
  let compared = 0;
  let guided = 0;
  let staleSeen = 0;
  let tripsFile = 0;
  let tripsStore = 0;
  /** Touched nodes whose edges were never read: the file's degree alone decided they were not pushed. */
  let decidedByFile = 0;
  for (const { session, seed, nodes, edges, folder } of graphs) {
    const g = await randomGraph(seed, nodes, edges);
    const snap = await session.snapshot();
    const schema = await session.schema();
    const degrees = readDegrees(join(folder, 'snapshots', snapshotFileName(snap.data.fingerprint, snap.data.embedderId)), { fingerprint: snap.data.fingerprint, embedderId: snap.data.embedderId });
    assert.ok(degrees, `seed ${seed}: the index file's degrees`);
    for (let p = 0; p < 12; p++) {
      const plan = randomPattern(seed * 1000 + p, g);
      // The default push threshold pushes nearly every node these small dense graphs' walks touch (its
      // degree then comes from its edges); larger ones leave many touched and never pushed, decided by
      // the file's degree alone.
      for (const [settings, epsilon] of [[{}, undefined], [{ mode: 'breadth' as const, theta: 0.3 }, 0.004], [{}, 0.02]] as const) {
        const guidance = pprGuidance(epsilon !== undefined ? { epsilon } : {});
        const memory = await retrieveStem(plan, snap, embedder, { strategy: settings, guidance });
        const walked = (memory.stem?.guidance.entities.length ?? 0) > 0;
        if (walked) guided++;
        const asked = new Set<number>();
        const counted: DegreeSource = { degree: (u, w) => (asked.add(u), degrees.degree(u, w)), relations: (u) => degrees.relations(u) };
        const fromFile = new StemStore(snap, new StoreEdges(snap, tallying(session), schema), {}, counted);
        const store = await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore: fromFile });
        assert.deepEqual(shape(store), shape(memory), `seed ${seed} plan ${p} ${JSON.stringify(settings)} ε ${epsilon}: degrees from the file`);
        for (const u of asked) if (!fromFile.edges.hasAll(u)) decidedByFile++;
        assert.equal(fromFile.staleDegrees, false, 'the file is this graph\'s');
        // Only edges: no weight sum (o 5/4) or edge count (o 3/2) was asked of the store.
        for (const st of fromFile.edges.io.statements) assert.ok(!/ [2-5] AS o/.test(st), `seed ${seed} plan ${p}: only edges read, got ${st.slice(0, 200)}`);
        const inStore = new StemStore(snap, new StoreEdges(snap, tallying(session), schema));
        await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore });
        tripsFile += fromFile.edges.io.roundTrips;
        tripsStore += inStore.edges.io.roundTrips;
        const lied = new StemStore(snap, new StoreEdges(snap, tallying(session), schema), {}, stale(degrees));
        const despite = await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore: lied });
        assert.deepEqual(shape(despite), shape(memory), `seed ${seed} plan ${p} ${JSON.stringify(settings)} ε ${epsilon}: a stale degree source`);
        if (lied.staleDegrees) staleSeen++;
        // A walk that read a node whole saw the disagreement.
        if (lied.edges.io.roundTrips > 1) assert.ok(lied.staleDegrees, `seed ${seed} plan ${p}: the stale source was noticed`);
        compared += 2;
      }
    }
  }
  assert.equal(compared, 2 * 12 * 3 * 2);
  assert.ok(guided >= 45, `runs with a guidance graph: ${guided}`);
  assert.ok(staleSeen >= 45, `stale sources noticed: ${staleSeen}`);
  assert.ok(decidedByFile >= 100, `touched nodes decided by the file's degree alone: ${decidedByFile}`);
  // The degrees spare the rounds that read weight sums and counts.
  assert.ok(tripsFile < tripsStore, `round trips with the file's degrees ${tripsFile}, with the store's ${tripsStore}`);
  console.log(`stem guidance round trips on dense random graphs: ${tripsFile} with the index file's degrees, ${tripsStore} reading degrees in the store; ${decidedByFile} touched nodes decided by the file's degree alone`);
});

test('stem guidance with the index file\'s edges forecast reads the pushed nodes in one statement and equals memory; a forecast from other edges costs reads, never another result (real engine)', async () => {
  const embedder = new HashingEmbedder();
  let compared = 0;
  let guided = 0;
  let tripsForecast = 0;
  let tripsLayers = 0;
  let liedRead = 0;
  for (const { session, seed, nodes, edges, folder } of graphs) {
    const g = await randomGraph(seed, nodes, edges);
    const snap = await session.snapshot();
    const schema = await session.schema();
    const degrees = readDegrees(join(folder, 'snapshots', snapshotFileName(snap.data.fingerprint, snap.data.embedderId)), { fingerprint: snap.data.fingerprint, embedderId: snap.data.embedderId });
    assert.ok(degrees?.edges, `seed ${seed}: the index file's degrees and other ends`);
    const file: DegreeSource = degrees;
    const fileEdges: (u: number) => NodeEdges = degrees.edges;
    const n = snap.nodeCount;
    for (let p = 0; p < 12; p++) {
      const plan = randomPattern(seed * 1000 + p, g);
      for (const [settings, epsilon] of [[{}, undefined], [{ mode: 'breadth' as const, theta: 0.3 }, 0.004], [{}, 0.02]] as const) {
        const guidance = pprGuidance(epsilon !== undefined ? { epsilon } : {});
        const memory = await retrieveStem(plan, snap, embedder, { strategy: settings, guidance });
        if ((memory.stem?.guidance.entities.length ?? 0) > 0) guided++;
        const forecast = new StemStore(snap, new StoreEdges(snap, tallying(session), schema), {}, file);
        const store = await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore: forecast });
        assert.deepEqual(shape(store), shape(memory), `seed ${seed} plan ${p} ${JSON.stringify(settings)} ε ${epsilon}: forecast from the file`);
        // One statement for the walk, at most one per level of the tracing (the pattern's edges) and one for the trace's guidance edges.
        assert.ok(forecast.edges.io.roundTrips <= 2 + plan.edges.length, `seed ${seed} plan ${p}: ${forecast.edges.io.roundTrips} round trips`);
        const layers = new StemStore(snap, new StoreEdges(snap, tallying(session), schema), {}, { degree: (u, w) => file.degree(u, w), relations: (u) => file.relations(u) });
        assert.deepEqual(shape(await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore: layers })), shape(memory));
        tripsForecast += forecast.edges.io.roundTrips;
        tripsLayers += layers.edges.io.roundTrips;
        // A file whose other ends are another node's: the forecast reads the wrong nodes, the replay reads the rest.
        const lying = new StemStore(snap, new StoreEdges(snap, tallying(session), schema), {}, { degree: (u, w) => file.degree(u, w), relations: (u) => file.relations(u), edges: (u) => fileEdges((u + 1) % n) });
        assert.deepEqual(shape(await retrieveStem(plan, snap, embedder, { strategy: settings, guidance, inStore: lying })), shape(memory), `seed ${seed} plan ${p}: a forecast from other edges`);
        if (lying.edges.io.roundTrips > forecast.edges.io.roundTrips) liedRead++;
        compared += 3;
      }
    }
  }
  assert.equal(compared, 2 * 12 * 3 * 3);
  assert.ok(guided >= 45, `runs with a guidance graph: ${guided}`);
  assert.ok(tripsForecast < tripsLayers, `round trips with the forecast ${tripsForecast}, a round a layer ${tripsLayers}`);
  assert.ok(liedRead >= 20, `a wrong forecast cost more round trips in ${liedRead} runs`);
  console.log(`stem guidance round trips on dense random graphs: ${tripsForecast} with the file's forecast, ${tripsLayers} a round a layer; a wrong forecast cost more in ${liedRead} of ${compared / 3} runs`);
});
