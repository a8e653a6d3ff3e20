// mor, stem and sage in store placement on the REAL embedded engine: the edges they walk are read
// from the store (one batched statement per MoR layer, one for SAGE's seeds, STEM's guidance walk
// replayed until complete and its tracing level by level) into a local graph numbered as the index;
// the unchanged traversals give the same answers, scores, trajectories and traces as on the snapshot — on random multigraphs (parallel edges, both directions, cycles) and on the MetaQA
// movie sample. Every statement passes the query door and, in the Neo4j dialect, Neo4j's parser.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintCypherQuery } from '@neo4j-cypher/language-support';
import { decidePlacement, openSession, type RetrievalSession } from '../../../src/core/session';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { metaqaChain } from './metaqaChains';
import type { ParameterValue } from '../../../src/core/plan/strategyParameters';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { retrieveSage } from '../../../src/core/retrieve/sage/retrieve';
import { StoreEdges } from '../../../src/core/retrieve/store/storeEdges';
import { guidanceStatement, StemStore } from '../../../src/core/retrieve/store/storeStem';
import { retrieveStem } from '../../../src/core/retrieve/stem/retrieve';
import type { StoreReader } from '../../../src/core/retrieve/store/storeGraph';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { randomGraph, randomPattern, rng, RELS } from '../retrieve/helpers';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { bm25For, hasBm25 } from '../../../src/core/retrieve/mor/bm25';
import { hasDegrees } from '../../../src/core/retrieve/snapshot/fileDegrees';
import { importedDatabase, importedRandomGraph } from '../../support/importedGraph';

let dir = '';
const graphs: { session: RetrievalSession; seed: number; nodes: number; edges: number; folder: string }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-walks-'));
  for (const [seed, nodes, edges] of [
    [41, 40, 180],
    [42, 60, 300],
    [43, 30, 220],
  ] as const) {
    const { folder } = await importedRandomGraph(dir, seed, nodes, edges);
    const session = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } });
    graphs.push({ session, seed, nodes, edges, folder });
  }
});

after(async () => {
  for (const g of graphs) await g.session.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `fn` in a session opened with placement store on `folder` that runs nothing else (one engine
 * per database: `pause` closes the shared one meanwhile), and checks it never held the graph's
 * edges: its index is the file read without the CSR (the strategy table loads only what a
 * store-placed run needs), with BM25 read from the file on demand when mor or sage ran.
 */
async function storeOnly<T>(folder: string, fn: (s: RetrievalSession) => Promise<T>, textScored: boolean, stemRan = !textScored): Promise<T> {
  const s = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' }, placement: 'store' });
  try {
    const out = await fn(s);
    const index = await s.searchIndex();
    assert.ok(!(index instanceof GraphSnapshot), 'a store-placed session loaded the graph');
    assert.equal(index.data.bm25, undefined, 'the index was read without its BM25 sections');
    assert.equal(hasBm25(index), textScored, 'BM25 attached exactly when a text-scoring strategy ran');
    if (textScored) assert.equal(bm25For(index).resident, false, 'BM25 is read from the file on demand, not whole');
    // stem's guidance walk reads its touched nodes' degrees from the index file (not from the store).
    assert.equal(hasDegrees(index), stemRan, 'the index file\'s degrees attached exactly when stem ran');
    return out;
  } finally {
    await s.close();
  }
}

/**
 * Everything a result shows but where it ran, how long it took and what it read. MoR's
 * `structuralVisits` counts the edges its loop looked at: in the store only the step's types are
 * read, so that counter alone may differ (docs/placement.md).
 */
function shape(r: RetrievalResult): unknown {
  const { timings: _t, placement: _p, storeIo: _s, stats, ...rest } = r;
  const { structuralVisits: _v, ...counters } = stats as Record<string, number>;
  return { ...rest, stats: counters };
}

/** MoR: one statement per structural layer at most (the reasoning paths' steps). */
function morBound(r: RetrievalResult): number {
  return (r.trajectory?.paths ?? []).reduce((s, p) => s + Math.max(0, p.layers.length - 1), 0);
}

/** SAGE: one statement for the seeds' edges; constrained: the store's expand query per allowed label. */
function sageBound(r: RetrievalResult): number {
  return r.sage?.constrained ? Math.max(1, r.sage.allowedLabels.length) : 1;
}

const withQuestion = (plan: PlanningGraph, r: () => number): PlanningGraph => {
  // A question in words: the names the plan holds and its relation phrases, as a person might ask.
  const words = [...plan.nodes.flatMap((n) => (n.text ? [n.text.value] : [])), ...plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []))];
  return r() < 0.8 ? { ...plan, question: `which ${words.join(' ')}` } : plan;
};

test('mor, stem and sage in store placement give memory\'s answers, scores, trajectories and traces on random multigraphs (real engine)', async () => {
  let inStore = 0;
  let morAnswers = 0;
  let sageAnswers = 0;
  let structural = 0;
  let stemAnswers = 0;
  let guided = 0;
  const stemTrips: number[] = [];
  for (const graph of graphs) {
    const { seed, nodes, edges, folder } = graph;
    const g = await randomGraph(seed, nodes, edges);
    const r = rng(seed);
    const plans = Array.from({ length: 20 }, (_, p) => withQuestion(randomPattern(seed * 100 + p, g), r));
    const morSettings = (p: number): Record<string, ParameterValue>[] => [{}, { seeds: 1 + (p % 4), perStep: p % 3, k: 3 + (p % 5) }];
    const sageSettings = (p: number): Record<string, ParameterValue>[] => [{}, { edgePolicy: 'expand' }, { constrained: true }, { k: 2 + (p % 4), kPrime: 3 + (p % 7) }];
    const stemSettings: Record<string, ParameterValue>[] = [{}, { mode: 'breadth', theta: 0.3 }, { guidance: 'none' }];
    // Store first, in sessions of their own that hold only what the frame loads: stem alone (the
    // index without the graph), then mor and sage (the same plus BM25).
    await graph.session.close();
    const stemStored = await storeOnly(folder, async (s) => {
      const out: RetrievalResult[] = [];
      for (const plan of plans) for (const stem of stemSettings) out.push(await s.run(plan, { strategy: 'stem', settings: { stem } }));
      return out;
    }, false);
    const textStored = await storeOnly(folder, async (s) => {
      const out: RetrievalResult[] = [];
      for (const [p, plan] of plans.entries()) {
        for (const mor of morSettings(p)) out.push(await s.run(plan, { strategy: 'mor', settings: { mor } }));
        for (const sage of sageSettings(p)) out.push(await s.run(plan, { strategy: 'sage', settings: { sage } }));
      }
      return out;
    }, true);
    graph.session = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' } });
    const session = graph.session;
    let si = 0;
    let ti = 0;
    for (const [p, plan] of plans.entries()) {
      for (const mor of morSettings(p)) {
        const memory = await session.run(plan, { strategy: 'mor', placement: 'memory', settings: { mor } });
        const store = textStored[ti++]!;
        assert.equal(memory.placement?.ran, 'memory');
        assert.equal(store.placement?.ran, 'store', store.placement?.reason);
        assert.deepEqual(shape(store), shape(memory), `mor seed ${seed} plan ${p} ${JSON.stringify(mor)}`);
        assert.ok(store.storeIo, 'a store run counts its round trips');
        assert.ok(store.storeIo!.roundTrips <= morBound(store), `mor: ${store.storeIo!.roundTrips} round trips for ${morBound(store)} structural layers`);
        assert.ok(store.storeIo!.roundTrips <= plan.edges.length * Math.max(1, store.trajectory!.paths.length), 'bounded by the pattern');
        inStore++;
        if (store.answers.length > 0) morAnswers++;
        if (store.trajectory!.trajectories.some((t) => t.traversalIdentifier.includes('structural'))) structural++;
      }
      for (const stem of stemSettings) {
        const memory = await session.run(plan, { strategy: 'stem', placement: 'memory', settings: { stem } });
        const store = stemStored[si++]!;
        assert.equal(store.placement?.ran, 'store', store.placement?.reason);
        assert.deepEqual(shape(store), shape(memory), `stem seed ${seed} plan ${p} ${JSON.stringify(stem)}`);
        // Without guidance only the tracing reads: one statement per level of the search order at most.
        if (stem['guidance'] === 'none') assert.ok(store.storeIo!.roundTrips <= plan.edges.length, `stem: ${store.storeIo!.roundTrips} round trips for ${plan.edges.length} edges`);
        stemTrips.push(store.storeIo!.roundTrips);
        inStore++;
        if (store.answers.length > 0) stemAnswers++;
        if ((store.stem?.guidance.entities.length ?? 0) > 0) guided++;
      }
      for (const sage of sageSettings(p)) {
        const memory = await session.run(plan, { strategy: 'sage', placement: 'memory', settings: { sage } });
        const store = textStored[ti++]!;
        assert.equal(store.placement?.ran, 'store', store.placement?.reason);
        assert.deepEqual(shape(store), shape(memory), `sage seed ${seed} plan ${p} ${JSON.stringify(sage)}`);
        assert.ok(store.storeIo!.roundTrips <= sageBound(store), `sage: ${store.storeIo!.roundTrips} round trips`);
        if (store.sage!.candidateCount > 0) assert.ok(store.storeIo!.roundTrips >= 1 && store.storeIo!.rowsRead > 0, 'neighbours came from the store');
        inStore++;
        if (store.answers.length > 0) sageAnswers++;
      }
    }
  }
  // Not vacuous: the runs found answers, and MoR's answers came through structural steps.
  assert.equal(inStore, 3 * 20 * 9);
  assert.ok(stemAnswers >= 60, `stem runs with answers: ${stemAnswers}`);
  assert.ok(guided >= 60, `stem runs with a guidance graph: ${guided}`);
  console.log(`stem round trips on random graphs: max ${Math.max(...stemTrips)}, mean ${(stemTrips.reduce((a, b) => a + b, 0) / stemTrips.length).toFixed(1)}`);
  assert.ok(morAnswers >= 100, `mor runs with answers: ${morAnswers}`);
  assert.ok(structural >= 50, `mor runs whose top trajectories walk an edge: ${structural}`);
  assert.ok(sageAnswers >= 200, `sage runs with answers: ${sageAnswers}`);
});

/** A MetaQA-shaped chain with its question, for mor, stem and sage. */
function chain(film: string, hops: number, r: () => number, typed: boolean): PlanningGraph {
  const { nodes, edges, phrases } = metaqaChain(film, hops, r, typed);
  return { name: `chain_${hops}`, question: `what ${phrases.reverse().join(' of ')} [${film}]`, nodes, edges, targets: [`n${hops}`], expect: [], strategy: { kind: 'mor', seeds: 5, perStep: 3, k: 5 } };
}


test('MetaQA sample: mor, stem and sage in store placement (a session holding the index without the graph) equal memory on 1–3-hop chains; mor and sage round trips by the pattern', async () => {
  const films = [...new Set(readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n').filter(Boolean).map((l) => l.split('|')[0]!))];
  const r = rng(2026);
  const plans: PlanningGraph[] = [];
  for (let i = 0; i < 30; i++) {
    const film = films[Math.floor(r() * films.length)]!;
    for (const hops of [1, 2, 3]) plans.push(chain(film, hops, r, i % 3 !== 0));
  }
  const strategies = ['mor', 'stem', 'sage'] as const;
  const folder = join(dir, 'metaqa');
  // As `kgrag import` leaves it: the graph and its index file.
  await importedDatabase(folder, [{ path: SAMPLE_TRIPLES, format: 'triples' }]);
  const stored = await storeOnly(folder, async (s) => {
    const out: RetrievalResult[] = [];
    for (const plan of plans) for (const strategy of strategies) out.push(await s.run(plan, { strategy }));
    return out;
  }, true, true);
  let compared = 0;
  let answered = 0;
  const stemTrips: number[] = [];
  const memorySession = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' }, placement: 'memory' });
  try {
    for (const plan of plans) {
      const hops = plan.edges.length;
      const film = plan.nodes[0]!.text?.value;
      for (const strategy of strategies) {
        const memory = await memorySession.run(plan, { strategy });
        const store = stored[compared]!;
        assert.equal(memory.placement?.ran, 'memory');
        assert.equal(store.placement?.ran, 'store', store.placement?.reason);
        assert.deepEqual(shape(store), shape(memory), `${strategy}: ${film}, ${hops} hops`);
        const trips = store.storeIo!.roundTrips;
        // A chain is one reasoning path: one statement per hop at most; SAGE one; STEM's guidance walk by how far it spreads.
        if (strategy !== 'stem') assert.ok(trips <= (strategy === 'mor' ? hops : 1), `${strategy}: ${trips} round trips for ${hops} hops`);
        else stemTrips.push(trips);
        if (strategy === 'mor' && hops > 0) assert.ok(trips >= 1, 'mor read its structural layers from the store');
        compared++;
        if (store.answers.length > 0) answered++;
      }
    }
  } finally {
    await memorySession.close();
  }
  assert.equal(compared, 270);
  assert.ok(answered >= 250, `${answered} comparisons with answers`);
  console.log(`stem round trips on the MetaQA sample: max ${Math.max(...stemTrips)}, mean ${(stemTrips.reduce((a, b) => a + b, 0) / stemTrips.length).toFixed(1)}`);
});

test('auto and store: every strategy has an in-store search (cypher always runs in the store)', () => {
  const schema = { labels: [{ name: 'Movie', properties: ['name'], count: 4_000_000 }], relationshipTypes: [{ name: 'r', endpoints: [{ from: 'Movie', to: 'Movie' }], properties: [], count: 20_000_000 }], propertyKeys: ['name'] };
  for (const kind of ['gsd', 'mor', 'stem', 'sage'] as const) {
    assert.equal(decidePlacement(kind, 'store', schema, 512).ran, 'store');
    assert.equal(decidePlacement(kind, 'auto', schema, 512).ran, 'store');
    assert.equal(decidePlacement(kind, 'auto', schema, 4096).ran, 'memory');
    assert.equal(decidePlacement(kind, 'memory', schema, 512).ran, 'memory');
  }
  assert.equal(decidePlacement('cypher', 'memory', schema, 512).ran, 'store');
});

/** Records every statement; answers from the real store (embedded) or with no rows (the Neo4j dialect, text checked only). */
function recording(dialect: StoreReader['dialect'], session?: RetrievalSession): StoreReader & { readonly sent: string[]; readonly params: unknown[] } {
  const sent: string[] = [];
  const params: unknown[] = [];
  return {
    dialect,
    sent,
    params,
    async query(cypher, options) {
      sent.push(cypher);
      params.push(options?.params);
      if (session) return session.query(cypher, options);
      return { columns: [], rows: [], timeMs: 0, serverMs: 0 };
    },
  };
}

test('every statement mor, stem and sage send passes the query door; the Neo4j dialect passes Neo4j\'s parser (Cypher 5 and 25); ids are parameters', async () => {
  const { session, seed, nodes, edges } = graphs[1]!;
  const g = await randomGraph(seed, nodes, edges);
  const snap = await session.snapshot();
  const schema = await session.schema();
  const embedder = new HashingEmbedder();
  const r = rng(7);
  const kuzu = recording('kuzu', session);
  const neo = recording('neo4j');
  for (let p = 0; p < 10; p++) {
    const plan = withQuestion(randomPattern(4200 + p, g), r);
    for (const reader of [kuzu, neo]) {
      await retrieveMor(plan, snap, embedder, { edges: new StoreEdges(snap, reader, schema) });
      await retrieveSage(plan, snap, embedder, { edges: new StoreEdges(snap, reader, schema), strategy: { edgePolicy: 'expand' } });
      await retrieveStem(plan, snap, embedder, { inStore: new StemStore(snap, new StoreEdges(snap, reader, schema)) });
    }
  }
  assert.ok(kuzu.sent.length >= 10 && neo.sent.length >= 10, `${kuzu.sent.length} embedded, ${neo.sent.length} Neo4j statements`);
  const linterSchema = { labels: ['Movie', 'Person', 'Genre'], relationshipTypes: [...RELS], propertyKeys: ['name'], parameters: { ids: ['4:abc:1'], dids: ['4:abc:2'], cap: 64, ...Object.fromEntries(RELS.flatMap((t, r) => [[`t${r}`, t], [`w${r}`, 0.5]])) } };
  for (const s of new Set(neo.sent)) {
    assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
    for (const version of ['5', '25'] as const) {
      const diagnostics = lintCypherQuery(s, { ...linterSchema, defaultLanguage: `CYPHER ${version}` }).diagnostics;
      assert.deepEqual(diagnostics.map((d) => d.message), [], `Cypher ${version}: ${s}`);
    }
  }
  for (const s of new Set(kuzu.sent)) assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
  // Ids travel as parameters: no node id of the graph is in any statement's text.
  const ids = Array.from({ length: snap.nodeCount }, (_, i) => snap.data.nodeIds.get(i));
  for (const s of [...kuzu.sent, ...neo.sent]) for (const id of ids) assert.ok(!s.includes(` ${id} `) && !s.includes(`'${id}'`), `${id} in ${s}`);
  assert.ok(neo.params.every((x) => Array.isArray((x as { ids?: unknown }).ids)), 'Neo4j: element ids as $ids');
  // STEM's guidance rounds ran on the real engine with both kinds of degree read (edges of small nodes, counts of large ones); its Neo4j form checked here too.
  assert.ok(kuzu.sent.some((s) => s.includes(" '' AS t, sum(CASE label(r) WHEN ") && s.includes(' 5 AS o')), 'the weight-sum branches ran on the engine');
  const round = guidanceStatement('neo4j', { edgeLabels: [], degreeLabels: [], sumLabels: [] }, { edges: true, degrees: true, sums: false, weights: { types: [...RELS], w: new Float64Array(RELS.length).fill(0.5) } });
  assert.equal(checkStatement(round, { allowWrite: false }).allowed, true, round);
  for (const version of ['5', '25'] as const) {
    const diagnostics = lintCypherQuery(round, { ...linterSchema, defaultLanguage: `CYPHER ${version}` }).diagnostics;
    assert.deepEqual(diagnostics.map((d) => d.message), [], round);
  }
  assert.equal(checkStatement(guidanceStatement('kuzu', { edgeLabels: ['Movie'], degreeLabels: ['Movie', 'Person'], sumLabels: ['Genre'] }, { edges: true, degrees: true, sums: true, weights: { types: [...RELS], w: new Float64Array(RELS.length).fill(0.5) } }), { allowWrite: false }).allowed, true);
});

test('edges read packed (one number per edge, grouped per node) give the arrays rows give, call after call, and count the same edges (real engine, random multigraphs)', async () => {
  let calls = 0;
  let edgesSeen = 0;
  for (const { session, seed } of graphs) {
    const snap = await session.snapshot();
    const schema = await session.schema();
    const R = snap.data.relationNames.length;
    const r = rng(seed * 17);
    for (let run = 0; run < 8; run++) {
      const packed = new StoreEdges(snap, recording('kuzu', session), schema);
      const rows = new StoreEdges(snap, recording('kuzu', session), schema, undefined, { packed: false });
      for (let call = 0; call < 6; call++) {
        // A few nodes or many (lists, bitsets and buckets), every type or some.
        const k = r() < 0.5 ? 1 + Math.floor(r() * 4) : Math.floor(r() * snap.nodeCount);
        const nodes = Array.from({ length: k }, () => Math.floor(r() * snap.nodeCount));
        const types = r() < 0.4 ? null : Uint8Array.from({ length: R }, () => (r() < 0.5 ? 1 : 0));
        const a = await packed.edgesOf(nodes, types);
        const copyA = Object.fromEntries(Object.entries(a).map(([key, v]) => [key, [...(v as Uint32Array)]]));
        const b = await rows.edgesOf(nodes, types);
        const copyB = Object.fromEntries(Object.entries(b).map(([key, v]) => [key, [...(v as Uint32Array)]]));
        assert.deepEqual(copyA, copyB, `seed ${seed} run ${run} call ${call}`);
        edgesSeen += a.outTargets.length;
        calls++;
      }
      assert.equal(packed.io.rowsRead, rows.io.rowsRead, `seed ${seed} run ${run}: the same edges returned`);
      assert.ok(packed.io.statements.every((s) => s.includes('collect(')) && rows.io.statements.every((s) => !s.includes('collect(')), 'each read the way it was asked');
    }
  }
  assert.equal(calls, 3 * 8 * 6);
  assert.ok(edgesSeen > 1000, `${edgesSeen} edges compared`);
});
