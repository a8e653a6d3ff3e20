// Candidate enumeration on the store, level by level, on the real embedded engine: the same
// candidates — shapes, answers, path counts, order, the cap — as the snapshot enumerator, and the
// same counts as a brute-force walk, on random multigraphs (parallel edges, self-loops, both
// directions), with the frontier read by a scan (the list of ids, or its buckets), by key lookups,
// and as packed numbers or pairs. The Neo4j dialect of the level statement is checked with Neo4j's
// own Cypher front end.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintCypherQuery } from '@neo4j-cypher/language-support';
import {
  answerCount,
  Asker,
  CandidateEnumerator,
  chainKey,
  enumerationLevel,
  levelEdges,
  levelEdgesNeo4j,
  slices,
  StoreEnumerator,
  StoreNeighbourhood,
  type AnchorRef,
  type Candidate,
} from '../../../src/core/ask';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { QueryOptions } from '../../../src/core/graph/graphStore';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { rng } from '../retrieve/helpers';

const LABELS = ['Movie', 'Person', 'Genre'];
const RELS = ['directed_by', 'starred_actors', 'has_genre', 'written_by'];

let dir = '';
const sessions: { session: RetrievalSession; snap: GraphSnapshot; schema: GraphSchema }[] = [];

/** A random multigraph (parallel edges of different types, both directions, self-loops when asked) written as JSON lines. */
function randomJsonl(seed: number, nodes: number, edges: number, loops = false, labels = LABELS): string {
  const r = rng(seed);
  const lines: string[] = [];
  for (let i = 0; i < nodes; i++) lines.push(JSON.stringify({ id: `n${i}`, name: `node ${i}`, label: labels[Math.floor(r() * labels.length)] }));
  for (let i = 0; i < edges; i++) {
    const s = Math.floor(r() * nodes);
    const t = Math.floor(r() * nodes);
    if (s !== t || loops) lines.push(JSON.stringify({ source: `n${s}`, target: `n${t}`, type: RELS[Math.floor(r() * RELS.length)] }));
  }
  return lines.join('\n');
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-ask-store-'));
  for (const [seed, nodes, edges, loops] of [
    [21, 18, 50, false],
    [22, 24, 80, false],
    [23, 70, 260, true],
    // One label, so that a hub's second level holds more than 48 nodes of it (bucketed ids).
    [24, 150, 450, true],
  ] as const) {
    const file = join(dir, `g${seed}.jsonl`);
    writeFileSync(file, randomJsonl(seed, nodes, edges, loops, seed === 24 ? ['Movie'] : LABELS));
    const session = await openSession({ store: { kind: 'embedded', folder: join(dir, `db${seed}`) }, embedder: { kind: 'hashing' } });
    await session.import([{ path: file, format: 'jsonl' }]);
    sessions.push({ session, snap: await session.snapshot(), schema: await session.schema() });
  }
});

after(async () => {
  for (const s of sessions) await s.session.close();
  rmSync(dir, { recursive: true, force: true });
});


const storeOf = (session: RetrievalSession, sent?: { text: string; options: QueryOptions | undefined }[]) => ({
  dialect: session.store.dialect,
  query: (c: string, o?: QueryOptions) => (sent?.push({ text: c, options: o }), session.query(c, o)),
});

function anchorOf(snap: GraphSnapshot, node: number, mention = 0): AnchorRef {
  return { mention, node, name: snap.names.get(node), label: snap.labelOf(node) };
}

/** Everything a candidate holds, in list order: its shape, and its answers with their path counts (sorted by node). */
function full(cs: readonly Candidate[]): unknown[] {
  return cs.map((c) => {
    const answers = Array.from(c.nodes, (n, i) => [n, c.weights[i]!] as const).sort((x, y) => x[0] - y[0]);
    return { shape: c.shape, answers };
  });
}

/** Chains from each anchor, then paths and conjunctions between the two (what the Asker walks). */
function walk(e: CandidateEnumerator, anchors: readonly AnchorRef[], maxHops: number, maxCandidates: number): Candidate[] {
  const out: Candidate[] = [];
  for (const a of anchors) out.push(...e.chains(a, { maxHops, maxCandidates }));
  if (anchors.length === 2) out.push(...e.twoAnchor(anchors[0]!, anchors[1]!, { maxCandidates }));
  return out;
}

/** The store's candidates for these anchors, with the statements it sent. */
async function onStore(at: StoreNeighbourhood, anchors: readonly AnchorRef[], maxHops = 3, maxCandidates = 100_000): Promise<{ got: Candidate[]; capped: boolean; e: StoreEnumerator }> {
  const e = new StoreEnumerator(at);
  const levels = Math.max(maxHops, anchors.length === 2 ? 2 : 0);
  const got = await e.enumerate([...new Set(anchors.map((a) => a.node))], levels, (en) => walk(en, anchors, maxHops, maxCandidates));
  return { got, capped: e.capped, e };
}

const keyOf = (c: Candidate): string => `${c.shape.kind}:${chainKey(c.shape)}:${c.shape.kind === 'chain' ? c.shape.steps.map((s) => s.label).join(',') : c.shape.kind === 'conjunction' ? `${c.shape.first.label},${c.shape.then.label}` : c.shape.first.label}`;
const counts = (cs: readonly Candidate[]): Map<string, number> => new Map(cs.map((c) => [keyOf(c), answerCount(c)]));

/** Brute force: every walk of 1–3 hops from the anchor over the edge arrays, grouped by typed hop sequence; distinct end nodes ≠ anchor. */
function bruteChains(snap: GraphSnapshot, anchor: number): Map<string, number> {
  const d = snap.data;
  const sets = new Map<string, Set<number>>();
  const go = (v: number, key: string, labels: string, hops: number): void => {
    if (hops === 3) return;
    const visit = (node: number, rel: number, back: boolean): void => {
      if (node === anchor) return;
      const k = key ? `${key} > ${d.relationNames[rel]}${back ? '~' : ''}` : `${d.relationNames[rel]}${back ? '~' : ''}`;
      const l = labels ? `${labels},${snap.labelOf(node)}` : snap.labelOf(node);
      const name = `chain:${k}:${l}`;
      if (!sets.has(name)) sets.set(name, new Set());
      sets.get(name)!.add(node);
      go(node, k, l, hops + 1);
    };
    for (let e = d.outOffsets[v]!; e < d.outOffsets[v + 1]!; e++) visit(d.outTargets[e]!, d.outRels[e]!, false);
    for (let e = d.inOffsets[v]!; e < d.inOffsets[v + 1]!; e++) visit(d.inSources[e]!, d.inRels[e]!, true);
  };
  go(anchor, '', '', 0);
  return new Map([...sets].map(([k, s]) => [k, s.size]));
}

test('store enumeration: chains from every node equal the snapshot enumerator (shapes, answers, path counts, order) and a brute-force walk; ≤ 3 statements', async () => {
  let compared = 0;
  for (const { session, snap, schema } of sessions.slice(0, 3)) {
    const sent: { text: string; options: QueryOptions | undefined }[] = [];
    const at = new StoreNeighbourhood(storeOf(session, sent), snap, schema);
    const memory = new CandidateEnumerator(snap);
    for (let v = 0; v < snap.nodeCount; v++) {
      const a = [anchorOf(snap, v)];
      for (const maxHops of v % 5 === 0 ? [1, 2, 3] : [3]) {
        sent.length = 0;
        const { got, e } = await onStore(at, a, maxHops);
        const want = walk(memory, a, maxHops, 100_000);
        assert.deepEqual(full(got), full(want), `node ${v}, ${maxHops} hops: store vs snapshot`);
        assert.ok(e.queries <= maxHops && e.queries === sent.length, `node ${v}: ${e.queries} statements`);
        if (maxHops === 3) assert.deepEqual(new Map([...counts(got)].sort()), new Map([...bruteChains(snap, v)].sort()), `node ${v}: store vs brute force`);
        compared += got.length;
      }
    }
  }
  assert.ok(compared > 1000, `compared ${compared} candidates`);
});

test('store enumeration: paths and conjunctions between two anchors equal the snapshot enumerator; two statements at one hop', async () => {
  const { session, snap, schema } = sessions[2]!;
  const at = new StoreNeighbourhood(storeOf(session), snap, schema);
  const memory = new CandidateEnumerator(snap);
  let nonEmpty = 0;
  for (let a = 0; a < snap.nodeCount; a += 3) {
    for (let b = 1; b < snap.nodeCount; b += 7) {
      if (a === b) continue;
      const anchors = [anchorOf(snap, a), anchorOf(snap, b, 1)];
      const maxHops = (a + b) % 3 === 0 ? 1 : 3;
      const { got, e } = await onStore(at, anchors, maxHops);
      const want = walk(memory, anchors, maxHops, 100_000);
      assert.deepEqual(full(got), full(want), `anchors ${a}, ${b}`);
      assert.ok(e.queries <= Math.max(maxHops, 2));
      if (got.some((c) => c.shape.kind !== 'chain')) nonEmpty++;
    }
  }
  assert.ok(nonEmpty > 20, `${nonEmpty} anchor pairs with paths`);
});

test('store enumeration: key lookups (labels counted a million times larger) and pairs instead of packed numbers read the same local graph', async () => {
  const { session, snap, schema } = sessions[2]!;
  const sent: { text: string; options: QueryOptions | undefined }[] = [];
  const large = { ...schema, labels: schema.labels.map((l) => ({ ...l, count: (l.count ?? 0) * 1_000_000 })) };
  const lookups = new StoreNeighbourhood(storeOf(session, sent), snap, large);
  const pairs = new StoreNeighbourhood(storeOf(session, sent), snap, schema, { packed: false });
  const memory = new CandidateEnumerator(snap);
  let byKey = 0;
  let asPairs = 0;
  for (let v = 0; v < snap.nodeCount; v += 3) {
    const a = [anchorOf(snap, v)];
    const want = full(walk(memory, a, 3, 100_000));
    sent.length = 0;
    assert.deepEqual(full((await onStore(lookups, a)).got), want, `node ${v}: key lookups`);
    byKey += sent.filter((s) => s.text.includes('{name: $k')).length;
    sent.length = 0;
    assert.deepEqual(full((await onStore(pairs, a)).got), want, `node ${v}: pairs`);
    asPairs += sent.filter((s) => s.text.includes('collect([offset(id(a)), offset(id(b))])')).length;
  }
  assert.ok(byKey >= 20, `${byKey} statements with key lookups`);
  assert.ok(asPairs >= 20, `${asPairs} statements with pairs`);
});

test('store enumeration: a frontier over 48 nodes is read with a bitset or bucketed ids; the cap cuts the same list as the snapshot', async () => {
  const { session, snap, schema } = sessions[3]!;
  const sent: { text: string; options: QueryOptions | undefined }[] = [];
  const at = new StoreNeighbourhood(storeOf(session, sent), snap, schema);
  const memory = new CandidateEnumerator(snap);
  const d = snap.data;
  const degree = (v: number): number => d.outOffsets[v + 1]! - d.outOffsets[v]! + d.inOffsets[v + 1]! - d.inOffsets[v]!;
  const hub = [...Array(snap.nodeCount).keys()].sort((x, y) => degree(y) - degree(x))[0]!;
  const a = [anchorOf(snap, hub)];
  const all = await onStore(at, a);
  assert.ok(sent.some((s) => s.text.includes('list_contains($b') || s.text.includes('($w')), 'a level read with a bitset or buckets (scanFilter; each form tested in scanFilter.test.ts)');
  assert.deepEqual(full(all.got), full(walk(memory, a, 3, 100_000)));
  memory.capped = false;
  const { got, capped } = await onStore(at, a, 3, 5);
  assert.deepEqual(full(got), full(walk(memory, a, 3, 5)));
  assert.equal(got.length, 5);
  assert.equal(capped, true);
  assert.equal(memory.capped, true);
  // Every statement read-only, the ids parameters.
  for (const s of sent) {
    assert.equal(s.options?.readOnly, true);
    assert.ok(!/\d+:\d+/.test(s.text), 'no store id in the text');
    assert.deepEqual(checkStatement(s.text, { allowWrite: false }), { allowed: true, kind: 'read' });
  }
});

test('store enumeration: a level read in parts (at most 1, 3 or 40 frontier nodes a statement) reads the same local graph: every candidate equals the snapshot enumerator', async () => {
  let sliced = 0;
  let compared = 0;
  for (const { session, snap, schema } of sessions) {
    const sent: { text: string; options: QueryOptions | undefined }[] = [];
    const memory = new CandidateEnumerator(snap);
    for (const sliceNodes of [1, 3, 40]) {
      const at = new StoreNeighbourhood(storeOf(session, sent), snap, schema, { sliceNodes, packed: sliceNodes !== 3 });
      for (let v = sliceNodes % 6; v < snap.nodeCount; v += 6) {
        const a = [anchorOf(snap, v)];
        sent.length = 0;
        const { got, e } = await onStore(at, a, 3);
        assert.deepEqual(full(got), full(walk(memory, a, 3, 100_000)), `node ${v}, parts of ${sliceNodes}`);
        assert.equal(e.queries, sent.length);
        if (e.queries > 3) sliced++;
        compared += got.length;
      }
    }
  }
  assert.ok(sliced > 50, `${sliced} questions read a level in parts`);
  assert.ok(compared > 1000, `compared ${compared} candidates`);
});

test('slices: each node in one part, parts of at most max nodes, labels in order; one part (the level as it is) when it fits', () => {
  const r = rng(7);
  for (let round = 0; round < 300; round++) {
    const labels: [number, number[]][] = [];
    let next = 0;
    for (let l = 0; l < 1 + Math.floor(r() * 4); l++) labels.push([l * 2, Array.from({ length: Math.floor(r() * 30) }, () => next++)]);
    const offset = (v: number): number => (v * 7919) % 1009;
    const max = 1 + Math.floor(r() * 40);
    const parts = slices(labels, max, offset);
    const total = labels.reduce((t, [, n]) => t + n.length, 0);
    if (total <= max) assert.deepEqual(parts, [labels], `round ${round}: fits`);
    const seen: number[] = [];
    let lastLabel = -1;
    for (const part of parts) {
      assert.ok(part.reduce((t, [, n]) => t + n.length, 0) <= max, `round ${round}: part size`);
      for (const [l, nodes] of part) {
        assert.ok(l >= lastLabel, `round ${round}: label order`);
        lastLabel = l;
        for (const v of nodes) assert.equal(labels.find(([x]) => x === l)![1].includes(v), true);
        seen.push(...nodes);
      }
    }
    assert.deepEqual([...seen].sort((x, y) => x - y), labels.flatMap(([, n]) => n).sort((x, y) => x - y), `round ${round}: every node once`);
  }
});

test('store enumeration through the Asker: --enumerate store chooses the same plan and answers as the snapshot', async () => {
  const { session, snap } = sessions[1]!;
  const asker = new Asker(snap, { wordNet: null, store: storeOf(session) });
  let planned = 0;
  for (let v = 0; v < snap.nodeCount; v += 3) {
    const q = `what is ${snap.names.get(v)} directed by`;
    const bySnap = await asker.ask(q);
    const byStore = await asker.ask(q, { enumerate: 'store' });
    assert.equal(byStore.kind, bySnap.kind);
    if (bySnap.kind !== 'planned' || byStore.kind !== 'planned') continue;
    planned++;
    assert.equal(byStore.enumeratedOn, 'store');
    assert.ok(byStore.storeQueries > 0 && byStore.storeQueries <= 3);
    const { timings: _a, enumeratedOn: _b, storeQueries: _c, storeIo: _d, ...s } = byStore;
    const { timings: _e, enumeratedOn: _f, storeQueries: _g, ...m } = bySnap;
    assert.deepEqual(s, m);
  }
  assert.ok(planned > 3);
});

test('the Neo4j dialect of the level statement is valid Neo4j Cypher (5 and 25); the embedded one is not; both pass the query door', () => {
  const neo = levelEdgesNeo4j(['4:abc:1', '4:abc:2']);
  const schema = (params: Record<string, unknown>) => ({ labels: ['Movie', 'Person'], relationshipTypes: ['directed_by', 'starred_actors'], propertyKeys: ['name'], parameters: params });
  for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
    const problems = lintCypherQuery(neo.text, { ...schema(neo.params), defaultLanguage: language }).diagnostics;
    assert.deepEqual(problems.map((p) => p.message), [], `${language}: ${neo.text}`);
  }
  assert.ok(!neo.text.includes('4:abc'), 'ids are parameters');
  assert.deepEqual(enumerationLevel('neo4j', [], ['4:abc:1'], undefined, true).text, levelEdgesNeo4j(['4:abc:1']).text);
  const groups = [
    { label: 'Movie', offsets: [1, 5], types: ['directed_by', 'starred_actors'] },
    { label: 'Person', offsets: Array.from({ length: 60 }, (_, i) => i), types: ['directed_by', 'starred_actors'] },
    { label: 'Movie', offsets: [9], keys: ['Heat'], types: ['directed_by'] },
  ];
  const endpoints = (t: string) => (t === 'directed_by' || t === 'starred_actors' ? [{ from: 'Movie', to: 'Person' }] : undefined);
  // Person's 60 ids dense (a bitset), or spread over 100 times as many offsets (buckets): scanFilter.
  const sparse = groups.map((g, i) => (i === 1 ? { ...g, offsets: g.offsets.map((o) => o * 100) } : g));
  for (const [packed, gs, keys] of [
    [true, groups, ['k2_0', 'n1', 'o0', 'p1', 'w1', 'x1']],
    [false, groups, ['k2_0', 'n1', 'o0', 'p1', 'w1', 'x1']],
    [true, sparse, ['b1', 'k2_0', 'm1', 'o0']],
    [false, sparse, ['b1', 'k2_0', 'm1', 'o0']],
  ] as const) {
    const kuzu = levelEdges(gs, endpoints, packed);
    // Movie only starts these types, Person only ends them: one branch each, the key lookup its own.
    assert.equal(kuzu.text.split('UNION ALL').length, 3, kuzu.text);
    assert.ok(!/Person\)-\[/.test(kuzu.text) && !/Movie\)<-/.test(kuzu.text));
    assert.deepEqual(Object.keys(kuzu.params).sort(), keys);
    assert.notDeepEqual(lintCypherQuery(kuzu.text, schema(kuzu.params)).diagnostics, [], 'the linter tells the dialects apart');
    assert.deepEqual(checkStatement(kuzu.text, { allowWrite: false }), { allowed: true, kind: 'read' }, kuzu.text);
  }
  assert.deepEqual(checkStatement(neo.text, { allowWrite: false }), { allowed: true, kind: 'read' });
});
