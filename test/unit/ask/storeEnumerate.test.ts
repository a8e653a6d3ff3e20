// Candidate enumeration with aggregate Cypher on the real embedded engine: the same candidates and
// counts as the snapshot enumerator and a brute-force walk, and the same answers with path counts.
// The Neo4j dialect of the same statements is checked with Neo4j's own Cypher front end.
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
  candidateAnswers,
  chainContinuations,
  chainKey,
  chainLevel,
  conjunctionContinuations,
  conjunctionContinuationsBatch,
  pathGroups,
  rankedAnswers,
  StoreEnumerator,
  type Candidate,
  type StoreAnchor,
} from '../../../src/core/ask';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { QueryOptions } from '../../../src/core/graph/graphStore';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { rng } from '../retrieve/helpers';

const LABELS = ['Movie', 'Person', 'Genre'];
const RELS = ['directed_by', 'starred_actors', 'has_genre', 'written_by'];

let dir = '';
const sessions: { session: RetrievalSession; snap: GraphSnapshot }[] = [];

/** A random multigraph (parallel edges of different types, both directions) written as JSON lines. */
function randomJsonl(seed: number, nodes: number, edges: number): string {
  const r = rng(seed);
  const lines: string[] = [];
  for (let i = 0; i < nodes; i++) lines.push(JSON.stringify({ id: `n${i}`, name: `node ${i}`, label: LABELS[Math.floor(r() * LABELS.length)] }));
  for (let i = 0; i < edges; i++) {
    const s = Math.floor(r() * nodes);
    const t = Math.floor(r() * nodes);
    if (s !== t) lines.push(JSON.stringify({ source: `n${s}`, target: `n${t}`, type: RELS[Math.floor(r() * RELS.length)] }));
  }
  return lines.join('\n');
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-ask-store-'));
  for (const [seed, nodes, edges] of [
    [21, 18, 50],
    [22, 24, 80],
  ] as const) {
    const file = join(dir, `g${seed}.jsonl`);
    writeFileSync(file, randomJsonl(seed, nodes, edges));
    const session = await openSession({ store: { kind: 'embedded', folder: join(dir, `db${seed}`) }, embedder: { kind: 'hashing' } });
    await session.import([{ path: file, format: 'jsonl' }]);
    sessions.push({ session, snap: await session.snapshot() });
  }
});

after(async () => {
  for (const s of sessions) await s.session.close();
  rmSync(dir, { recursive: true, force: true });
});

const storeOf = (session: RetrievalSession) => ({ dialect: session.store.dialect, query: (c: string, o?: QueryOptions) => session.query(c, o) });

function anchorOf(snap: GraphSnapshot, node: number): StoreAnchor {
  return { mention: 0, node, name: snap.names.get(node), label: snap.labelOf(node), storeId: snap.data.nodeIds.get(node) };
}

const keyOf = (c: Candidate): string => `${c.shape.kind}:${chainKey(c.shape)}:${c.shape.kind === 'chain' ? c.shape.steps.map((s) => s.label).join(',') : c.shape.kind === 'conjunction' ? `${c.shape.first.label},${c.shape.then.label}` : c.shape.first.label}`;
const counts = (cs: readonly Candidate[]): Map<string, number> => new Map(cs.map((c) => [keyOf(c), answerCount(c)]));

/** Brute force: every walk of 1–3 hops from the anchor over the edge arrays, grouped by typed hop sequence; distinct end nodes ≠ anchor. */
function bruteChains(snap: GraphSnapshot, anchor: number): Map<string, number> {
  const d = snap.data;
  const sets = new Map<string, Set<number>>();
  const walk = (v: number, key: string, labels: string, hops: number): void => {
    if (hops === 3) return;
    const visit = (node: number, rel: number, back: boolean): void => {
      if (node === anchor) return;
      const k = key ? `${key} > ${d.relationNames[rel]}${back ? '~' : ''}` : `${d.relationNames[rel]}${back ? '~' : ''}`;
      const l = labels ? `${labels},${snap.labelOf(node)}` : snap.labelOf(node);
      const full = `chain:${k}:${l}`;
      if (!sets.has(full)) sets.set(full, new Set());
      sets.get(full)!.add(node);
      walk(node, k, l, hops + 1);
    };
    for (let e = d.outOffsets[v]!; e < d.outOffsets[v + 1]!; e++) visit(d.outTargets[e]!, d.outRels[e]!, false);
    for (let e = d.inOffsets[v]!; e < d.inOffsets[v + 1]!; e++) visit(d.inSources[e]!, d.inRels[e]!, true);
  };
  walk(anchor, '', '', 0);
  return new Map([...sets].map(([k, s]) => [k, s.size]));
}

test('store enumeration: chains on the real embedded engine equal the snapshot enumeration and a brute-force walk (counts)', async () => {
  for (const { session, snap } of sessions) {
    const onStore = new StoreEnumerator(storeOf(session));
    const onSnapshot = new CandidateEnumerator(snap);
    let compared = 0;
    for (let v = 0; v < snap.nodeCount; v += 3) {
      const a = anchorOf(snap, v);
      const got = counts(await onStore.chains(a, { maxCandidates: 100_000 }));
      const want = counts(onSnapshot.chains(a, { maxCandidates: 100_000 }));
      assert.deepEqual(new Map([...got].sort()), new Map([...want].sort()), `node ${v}: store vs snapshot`);
      assert.deepEqual(new Map([...got].sort()), new Map([...bruteChains(snap, v)].sort()), `node ${v}: store vs brute force`);
      compared += got.size;
    }
    assert.ok(compared > 50, `compared ${compared} candidates`);
  }
});

test('store enumeration: two-anchor paths and conjunctions equal the snapshot enumeration; answers and path counts agree', async () => {
  const { session, snap } = sessions[1]!;
  const onStore = new StoreEnumerator(storeOf(session));
  const onSnapshot = new CandidateEnumerator(snap);
  let nonEmpty = 0;
  for (let a = 0; a < snap.nodeCount; a += 5) {
    for (let b = 1; b < snap.nodeCount; b += 4) {
      if (a === b) continue;
      const A = anchorOf(snap, a);
      const B = { ...anchorOf(snap, b), mention: 1 };
      const got = await onStore.twoAnchor(A, B);
      const want = onSnapshot.twoAnchor(A, B);
      assert.deepEqual(new Map([...counts(got)].sort()), new Map([...counts(want)].sort()), `anchors ${a}, ${b}`);
      if (got.length) nonEmpty++;
      // The chosen candidate's answers come from the store: the same nodes with the same path counts.
      for (const c of want.slice(0, 3)) {
        const ids = new Map([[a, A.storeId], [b, B.storeId]]);
        const answers = await onStore.answers(c.shape, ids, 1000);
        assert.deepEqual(new Map(answers.map((x) => [x.id, x.paths])), new Map(rankedAnswers(c).map((x) => [snap.data.nodeIds.get(x.node), x.paths])));
      }
    }
  }
  assert.ok(nonEmpty > 3, `${nonEmpty} anchor pairs with paths`);
});

test('store enumeration: chain answers with path counts equal the snapshot (parallel edges counted)', async () => {
  const { session, snap } = sessions[0]!;
  const onStore = new StoreEnumerator(storeOf(session));
  const onSnapshot = new CandidateEnumerator(snap);
  for (let v = 0; v < snap.nodeCount; v += 4) {
    const a = anchorOf(snap, v);
    for (const c of onSnapshot.chains(a).filter((_, i) => i % 3 === 0)) {
      const answers = await onStore.answers(c.shape, new Map([[v, a.storeId]]), 1000);
      assert.deepEqual(new Map(answers.map((x) => [x.id, x.paths])), new Map(rankedAnswers(c).map((x) => [snap.data.nodeIds.get(x.node), x.paths])), `${v} ${chainKey(c.shape)}`);
      // Most paths first.
      for (let i = 1; i < answers.length; i++) assert.ok(answers[i - 1]!.paths >= answers[i]!.paths);
    }
  }
});

test('store enumeration: capped and reported; every statement is read-only with the anchor as a parameter', async () => {
  const { session, snap } = sessions[1]!;
  const sent: { text: string; options: QueryOptions | undefined }[] = [];
  const store = { dialect: session.store.dialect, query: (c: string, o?: QueryOptions) => (sent.push({ text: c, options: o }), session.query(c, o)) };
  const onStore = new StoreEnumerator(store);
  const d = snap.data;
  const degree = (v: number): number => d.outOffsets[v + 1]! - d.outOffsets[v]! + d.inOffsets[v + 1]! - d.inOffsets[v]!;
  const hub = [...Array(snap.nodeCount).keys()].sort((x, y) => degree(y) - degree(x))[0]!;
  const got = await onStore.chains(anchorOf(snap, hub), { maxCandidates: 5 });
  assert.equal(got.length, 5);
  assert.equal(onStore.capped, true);
  assert.equal(onStore.queries, sent.length);
  for (const s of sent) {
    assert.equal(s.options?.readOnly, true);
    assert.match(s.text, /offset\(id\(a\)\) = \$anchor/);
    assert.equal(s.options?.params?.anchor, Number(snap.data.nodeIds.get(hub).split(':')[1]));
  }
});

test('store enumeration through the Asker: --enumerate store chooses the same plan and answers as the snapshot', async () => {
  const { session, snap } = sessions[1]!;
  const asker = new Asker(snap, { wordNet: null, store: storeOf(session) });
  for (let v = 0; v < snap.nodeCount; v += 6) {
    const q = `what is ${snap.names.get(v)} directed by`;
    const bySnap = await asker.ask(q);
    const byStore = await asker.ask(q, { enumerate: 'store' });
    assert.equal(byStore.kind, bySnap.kind);
    if (bySnap.kind !== 'planned' || byStore.kind !== 'planned') continue;
    assert.equal(byStore.enumeratedOn, 'store');
    assert.ok(byStore.storeQueries > 0);
    assert.equal(byStore.totalCandidates, bySnap.totalCandidates);
    assert.equal(byStore.candidates[0]!.score, bySnap.candidates[0]!.score);
    assert.equal(byStore.answerCount, bySnap.answerCount);
    assert.deepEqual(new Set(byStore.answers.map((a) => a.id)), new Set(bySnap.answers.map((a) => a.id)));
  }
});

test('the Neo4j dialect of every enumeration statement is valid Neo4j Cypher (5 and 25); the embedded one is not', () => {
  const a = { storeId: '4:abc:1', label: 'Movie' };
  const b = { storeId: '4:abc:2', label: 'Person' };
  const step = { relation: 'directed_by', direction: 'out', label: 'Person' } as const;
  const back = { relation: 'starred_actors', direction: 'in', label: 'Movie' } as const;
  const shapes = [
    chainContinuations('neo4j', a, []),
    chainContinuations('neo4j', a, [step, back]),
    pathGroups('neo4j', a, b),
    conjunctionContinuations('neo4j', a, b, step, back),
    candidateAnswers('neo4j', { kind: 'chain', anchor: a, steps: [step, back, step] }, 100),
    candidateAnswers('neo4j', { kind: 'conjunction', anchors: [a, b], first: step, second: back, then: step }, 100),
    // One expansion level of the enumeration, every prefix in one statement (what StoreEnumerator sends).
    chainLevel('neo4j', a, 0),
    chainLevel('neo4j', a, 2),
    conjunctionContinuationsBatch('neo4j', a, b, [{ first: step, second: back }, { first: back, second: step }]),
  ];
  const schema = (params: Record<string, unknown>) => ({ labels: ['Movie', 'Person'], relationshipTypes: ['directed_by', 'starred_actors'], propertyKeys: ['name'], parameters: params });
  for (const language of ['CYPHER 5', 'CYPHER 25'] as const) {
    for (const s of shapes) {
      const problems = lintCypherQuery(s.text, { ...schema(s.params), defaultLanguage: language }).diagnostics;
      assert.deepEqual(problems.map((p) => p.message), [], `${language}: ${s.text}`);
      assert.ok(!s.text.includes('4:abc'), 'ids are parameters');
    }
  }
  // The query door (what every store's query() checks first) sees read-only statements in both dialects.
  const kuzu = [
    chainContinuations('kuzu', { storeId: '0:1', label: 'Movie' }, [step, back]),
    pathGroups('kuzu', { storeId: '0:1', label: 'Movie' }, { storeId: '1:2', label: 'Person' }),
    chainLevel('kuzu', { storeId: '0:1', label: 'Movie' }, 2),
    conjunctionContinuationsBatch('kuzu', { storeId: '0:1', label: 'Movie' }, { storeId: '1:2', label: 'Person' }, [{ first: step, second: back }]),
  ];
  for (const s of [...shapes, ...kuzu]) assert.deepEqual(checkStatement(s.text, { allowWrite: false }), { allowed: true, kind: 'read' }, s.text);
  const embedded = chainContinuations('kuzu', { storeId: '0:7', label: 'Movie' }, [step]);
  assert.deepEqual(embedded.params, { anchor: 7 });
  assert.notDeepEqual(lintCypherQuery(embedded.text, schema(embedded.params)).diagnostics, [], 'the linter tells the dialects apart');
});
