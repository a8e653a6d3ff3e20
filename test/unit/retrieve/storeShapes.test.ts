// Which statement shape the store path sends for a frontier (docs/placement.md, "No seek by a list
// of ids"): on the embedded engine a large label's nodes are found by their primary key (a seek per
// node), a small label's by the scan with a list filter, and a frontier over the statement's lookup
// budget by both. On the REAL embedded engine: whatever the mix, the edges read are the snapshot's,
// in the snapshot's order, and mor, sage and stem (which read through StoreEdges) give memory's results.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { keyLookups, LOOKUPS_PER_STATEMENT, statementRoom, type StoreReader } from '../../../src/core/retrieve/store/storeGraph';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { isPoolFull } from '../../../src/core/graph/embedded/bufferPool';
import type { StatementBranches } from '../../../src/core/graph/graphStore';
import { StoreEdges } from '../../../src/core/retrieve/store/storeEdges';
import { StemStore } from '../../../src/core/retrieve/store/storeStem';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { retrieveSage } from '../../../src/core/retrieve/sage/retrieve';
import { retrieveStem } from '../../../src/core/retrieve/stem/retrieve';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { randomPattern } from './helpers';
import { importedRandomGraph } from '../../support/importedGraph';
import type { RandomGraph } from './helpers';

let dir = '';
let folder = '';
let session: RetrievalSession;
let graph: RandomGraph;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-store-shapes-'));
  // More nodes per label than one statement looks up, so a whole-graph frontier mixes both shapes.
  const made = await importedRandomGraph(dir, 61, 300, 1000);
  graph = made.graph;
  folder = made.folder;
  session = await openSession({ store: { kind: 'embedded', folder: made.folder }, embedder: { kind: 'hashing' } });
});

after(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the shape follows the label size: lookups on a 10M label (within the budget), the scan on MetaQA ×1 labels, lookups for a few nodes of a ×40 label', () => {
  // 10M nodes: each listed id costs the scan more than a lookup does.
  for (const n of [1, 16, 100]) assert.equal(keyLookups(10_000_000, n, LOOKUPS_PER_STATEMENT), n);
  // Past ≈ 120 the scan with bucketed ids costs less than the lookups; and never over the statement's budget.
  assert.equal(keyLookups(10_000_000, 300, LOOKUPS_PER_STATEMENT), 0);
  assert.equal(keyLookups(10_000_000, 3_000, LOOKUPS_PER_STATEMENT), 0);
  assert.equal(keyLookups(10_000_000, 16, 10), 0, 'what the statement has left of its budget');
  // MetaQA ×1 (Movie 17,097, Person 20,734): never.
  for (const n of [1, 4, 16]) for (const size of [17_097, 20_734]) assert.equal(keyLookups(size, n, LOOKUPS_PER_STATEMENT), 0);
  // MetaQA ×40 (Movie 657,040): a few nodes by key, more by the scan.
  assert.equal(keyLookups(657_040, 1, LOOKUPS_PER_STATEMENT), 1);
  assert.equal(keyLookups(657_040, 4, LOOKUPS_PER_STATEMENT), 4);
  assert.equal(keyLookups(657_040, 16, LOOKUPS_PER_STATEMENT), 0);
  assert.equal(keyLookups(657_040, 0, LOOKUPS_PER_STATEMENT), 0);
});

/** The schema with every label counted `times` larger (what the shape is chosen by). */
async function inflated(times: number): Promise<GraphSchema> {
  const schema = await session.schema();
  return { ...schema, labels: schema.labels.map((l) => ({ ...l, count: (l.count ?? 0) * times })) };
}

function recording(room?: StatementBranches, to: Pick<StoreReader, 'query'> = session): StoreReader & { readonly sent: string[] } {
  const sent: string[] = [];
  return { dialect: 'kuzu', sent, query: (cypher, options) => (sent.push(cypher), to.query(cypher, options)), ...(room ? { branchesPerStatement: room } : {}) };
}

/** A statement's branches that aggregate (collect) and that do not. */
function branchesOf(statement: string): { aggregating: number; plain: number } {
  const branches = statement.split(' UNION ALL ');
  const aggregating = branches.filter((b) => b.includes('collect(')).length;
  return { aggregating, plain: branches.length - aggregating };
}

/** Whether the statement's branches fit what one statement may hold. */
function fits(statement: string, room: StatementBranches): boolean {
  const b = branchesOf(statement);
  return b.aggregating * room.plain + b.plain * room.aggregating <= room.aggregating * room.plain;
}

test('every node of the graph read at once, by lookups up to the budget and the scan for the rest: exactly the snapshot\'s edges in the snapshot\'s order (real engine)', async () => {
  const snap = await session.snapshot();
  const d = snap.data;
  const all = Array.from({ length: snap.nodeCount }, (_, i) => i);
  const room = statementRoom(recording());
  for (const times of [1, 1_000_000]) {
    const reader = recording();
    const edges = new StoreEdges(snap, reader, await inflated(times));
    const adjacency = await edges.edgesOf(all, null);
    // Every statement within what the engine's pool holds (levelParts); the scans alone fit one.
    for (const s of reader.sent) assert.ok(fits(s, room), `${JSON.stringify(branchesOf(s))} within ${JSON.stringify(room)}`);
    if (times === 1) assert.equal(reader.sent.length, 1, 'one statement');
    const sent = reader.sent.join(' UNION ALL ');
    const keyed = (sent.match(/\{name: \$k/g) ?? []).length;
    const bucketed = (sent.match(/list_contains\(\$b\d+\[offset\(id\(a\)\) % \$m\d+ \+ 1\], offset\(id\(a\)\)\)/g) ?? []).length;
    const bitsets = (sent.match(/\(\$w\d+\[offset\(id\(a\)\) \/ 48 % \$n\d+ \+ 1\] \/ \$p\d+\[offset\(id\(a\)\) % 48 \+ 1\]\) % 2 = 1/g) ?? []).length;
    // Every label holds more than LIST_FILTER_MAX of the frontier, densely (all its nodes): its scan tests a bitset (scanFilter).
    assert.ok(bitsets + bucketed >= 2 && bitsets >= 1, `${bitsets} bitset and ${bucketed} bucketed scans`);
    if (times === 1) assert.equal(keyed, 0, 'small labels: the scan only');
    else {
      // A label's nodes looked up (up to two branches each) while the budget lasts, the other labels scanned.
      assert.ok(keyed >= 2 && keyed <= 2 * LOOKUPS_PER_STATEMENT, `${keyed} key branches`);
    }
    for (const s of reader.sent) assert.equal(checkStatement(s, { allowWrite: false }).allowed, true);
    for (const k of ['outOffsets', 'outTargets', 'outRels', 'inOffsets', 'inSources', 'inRels'] as const) {
      assert.deepEqual(Array.from(adjacency[k]), Array.from(d[k]), `${k} with labels ×${times}`);
    }
  }
});

function shape(r: RetrievalResult): unknown {
  const { timings: _t, placement: _p, storeIo: _s, stats, ...rest } = r;
  const { structuralVisits: _v, ...counters } = stats as Record<string, number>;
  return { ...rest, stats: counters };
}

test('mor, sage and stem reading by key lookups (labels counted a million times larger) give the snapshot\'s results (real engine)', async () => {
  const snap = await session.snapshot();
  const large = await inflated(1_000_000);
  const embedder = new HashingEmbedder();
  const reader = recording();
  let compared = 0;
  for (let p = 0; p < 8; p++) {
    const pattern = randomPattern(6100 + p, graph);
    const words = [...pattern.nodes.flatMap((n) => (n.text ? [n.text.value] : [])), ...pattern.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []))];
    const plan = { ...pattern, question: `which ${words.join(' ')}` };
    const morStore = await retrieveMor(plan, snap, embedder, { edges: new StoreEdges(snap, reader, large) });
    const morMemory = await retrieveMor(plan, snap, embedder);
    assert.deepEqual(shape(morStore), shape(morMemory), `mor plan ${p}`);
    const sageStore = await retrieveSage(plan, snap, embedder, { edges: new StoreEdges(snap, reader, large), strategy: { edgePolicy: 'expand' } });
    const sageMemory = await retrieveSage(plan, snap, embedder, { strategy: { edgePolicy: 'expand' } });
    assert.deepEqual(shape(sageStore), shape(sageMemory), `sage plan ${p}`);
    const stemStore = await retrieveStem(plan, snap, embedder, { inStore: new StemStore(snap, new StoreEdges(snap, reader, large)) });
    const stemMemory = await retrieveStem(plan, snap, embedder);
    assert.deepEqual(shape(stemStore), shape(stemMemory), `stem plan ${p}`);
    compared += 3;
  }
  assert.equal(compared, 24);
  const keyed = reader.sent.filter((s) => s.includes('{name: $k')).length;
  assert.ok(keyed >= 12, `statements with key lookups: ${keyed} of ${reader.sent.length}`);
  for (const s of new Set(reader.sent)) assert.equal(checkStatement(s, { allowWrite: false }).allowed, true, s);
});

test('a level split to fit a small room: every statement within it, key groups split by their keys, exactly the snapshot\'s edges (real engine)', async () => {
  const snap = await session.snapshot();
  const d = snap.data;
  const all = Array.from({ length: snap.nodeCount }, (_, i) => i);
  for (const room of [{ aggregating: 2, plain: 5 }, { aggregating: 2, plain: 2 }, { aggregating: 7, plain: 40 }]) {
    for (const packed of [true, false]) {
      const reader = recording(room);
      const adjacency = await new StoreEdges(snap, reader, await inflated(1_000_000), undefined, { packed }).edgesOf(all, null);
      assert.ok(reader.sent.length > 1, `${reader.sent.length} statements`);
      for (const s of reader.sent) assert.ok(fits(s, room), `${JSON.stringify(branchesOf(s))} within ${JSON.stringify(room)}`);
      for (const k of ['outOffsets', 'outTargets', 'outRels', 'inOffsets', 'inSources', 'inRels'] as const) {
        assert.deepEqual(Array.from(adjacency[k]), Array.from(d[k]), `${k}, room ${JSON.stringify(room)}, packed ${packed}`);
      }
    }
  }
});

test('an engine with a small pool and many threads: one statement per level overflows its pool, the parts its room gives read the snapshot\'s edges (real engine)', async () => {
  const snap = await session.snapshot();
  const d = snap.data;
  const all = Array.from({ length: snap.nodeCount }, (_, i) => i);
  const large = await inflated(1_000_000);
  await session.close();
  const small = new EmbeddedStore({ folder, bufferPoolMB: 16, threads: 8 });
  session = await openSession({ store: small, embedder: { kind: 'hashing' } });
  // 8 MB for a statement, (0.6 + 0.5 · 8) MB an aggregating branch: 1, raised to a group's two directions.
  assert.deepEqual(small.branchesPerStatement, { aggregating: 2, plain: 13 });
  const unbounded = recording({ aggregating: 1_000_000, plain: 1_000_000 }, small);
  await assert.rejects(new StoreEdges(snap, unbounded, large).edgesOf(all, null), (e: Error) => isPoolFull(e));
  assert.equal(unbounded.sent.length, 1);
  const reader = recording(small.branchesPerStatement, small);
  const adjacency = await new StoreEdges(snap, reader, large).edgesOf(all, null);
  for (const s of reader.sent) assert.ok(fits(s, small.branchesPerStatement), JSON.stringify(branchesOf(s)));
  for (const k of ['outOffsets', 'outTargets', 'outRels', 'inOffsets', 'inSources', 'inRels'] as const) assert.deepEqual(Array.from(adjacency[k]), Array.from(d[k]), k);
});
