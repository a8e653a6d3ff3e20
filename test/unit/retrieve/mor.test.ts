import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { Bm25Index, tokenize, tokensInto } from '../../../src/core/retrieve/mor/bm25';
import { linearReranker, loadReranker, parseModel } from '../../../src/core/retrieve/mor/rerank';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { TextTable } from '../../../src/core/retrieve/snapshot/textTable';

const embedder = new HashingEmbedder({ dimension: 128 });

// Papers → authors → institutions, and papers → fields (MoR's Figure 1 shape).
const triples: [string, string, string][] = [
  ['Stellar populations in tidal tails', 'written_by', 'Ada Moss'],
  ['Stellar populations in tidal tails', 'has_field', 'Stellar Population'],
  ['Dark matter halos', 'written_by', 'Ada Moss'],
  ['Dark matter halos', 'has_field', 'Cosmology'],
  ['Tidal streams revisited', 'written_by', 'Ben Ode'],
  ['Tidal streams revisited', 'has_field', 'Stellar Population'],
  ['Ada Moss', 'affiliated_with', 'Point Park University'],
  ['Ben Ode', 'affiliated_with', 'Carnegie Mellon University'],
];
const labelOf = (rel: string, role: 'head' | 'tail'): string =>
  rel === 'affiliated_with' ? (role === 'head' ? 'Author' : 'Institution') : role === 'head' ? 'Paper' : rel === 'written_by' ? 'Author' : 'Field';

const plan: PlanningGraph = {
  name: 'pubs',
  question: 'publications by Point Park University authors on stellar populations in tidal tails',
  nodes: [
    { id: 'inst', category: 'Institution', text: { kind: 'soft', value: 'Point Park University' } },
    { id: 'author', category: 'Author' },
    { id: 'paper', category: 'Paper' },
    { id: 'field', category: 'Field', text: { kind: 'soft', value: 'Stellar Population' } },
  ],
  edges: [
    { id: 'e0', source: 'inst', target: 'author', directed: false, relation: { kind: 'unknown' } },
    { id: 'e1', source: 'author', target: 'paper', directed: false, relation: { kind: 'unknown' } },
    { id: 'e2', source: 'field', target: 'paper', directed: false, relation: { kind: 'unknown' } },
  ],
  targets: ['paper'],
  expect: [],
  strategy: { kind: 'mor', seeds: 5, perStep: 10, k: 20 },
};

test('tokensInto gives tokenize\'s tokens: every ASCII character, mixed case, digits, and non-ASCII texts', () => {
  let seed = 11;
  const r = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const extra = ['é', 'Ü', 'ß', 'İ', 'ﬁ', '½', '\u0301', '名', '😀', 'Ⅻ', '\u00a0'];
  const out: string[] = [];
  for (let k = 0; k < 20000; k++) {
    const len = Math.floor(r() * 24);
    let text = '';
    for (let i = 0; i < len; i++) text += k % 5 === 0 && r() < 0.2 ? extra[Math.floor(r() * extra.length)] : String.fromCharCode(Math.floor(r() * 128));
    tokensInto(text, out);
    assert.deepEqual(out, tokenize(text), JSON.stringify(text));
  }
  tokensInto('The Dark Knight (12)', out);
  assert.deepEqual(out, ['the', 'dark', 'knight', '12']);
});

test('Bm25Index.build: a name\'s repeated terms are counted once each, in first-seen order', () => {
  const idx = Bm25Index.build(TextTable.fromStrings(['b a b c a b', 'C', '']));
  const d = idx.data;
  assert.deepEqual([...d.vocab], ['b', 'a', 'c']);
  assert.deepEqual(Array.from(d.docOffsets), [0, 3, 4, 4]);
  assert.deepEqual(Array.from(d.docTerms), [0, 1, 2, 2]);
  assert.deepEqual(Array.from(d.docTf), [3, 2, 1, 1]);
  assert.deepEqual(Array.from(d.docLen), [6, 1, 0]);
});

test('BM25 top-k equals scoring every node, with the category filter', () => {
  const names = ['the vow', 'vow of silence', 'the matrix', 'matrix reloaded the', 'silence', 'Amélie'];
  const idx = Bm25Index.build(TextTable.fromStrings(names));
  const q = idx.query('The silence of the VOW');
  const all = names.map((_, i) => ({ i, s: idx.score(q, i) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s || a.i - b.i);
  assert.deepEqual(idx.topK(q, 10).map((h) => h.index), all.map((x) => x.i));
  assert.deepEqual(idx.topK(q, 2).map((h) => h.index), all.slice(0, 2).map((x) => x.i));
  const labels = Uint16Array.from([0, 1, 0, 1, 1, 0]);
  assert.ok(idx.topK(q, 10, labels, 1).every((h) => labels[h.index] === 1));
  assert.deepEqual(tokenize('Amélie, the  Vow!'), ['amelie', 'the', 'vow']);
  assert.equal(idx.topK(idx.query('amelie'), 3)[0]!.index, 5);
});

test('mixed traversal intersects the two reasoning paths and explains each candidate', async () => {
  const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
  const r = await retrieveMor(plan, snap, embedder);
  const t = r.trajectory!;
  assert.equal(t.paths.length, 2);
  assert.equal(t.combination, 'intersection');
  assert.equal(r.answers[0]!.value, 'Stellar populations in tidal tails');
  // Every survivor is in both paths' last layers, so it has a Stellar Population field and a Point Park author.
  for (const a of r.answers) assert.ok(['Stellar populations in tidal tails', 'Tidal streams revisited', 'Dark matter halos'].includes(a.value));
  const top = t.trajectories[0]!;
  assert.equal(top.textualFingerprint.length, 4, 'TF padded to 3 + initial score');
  assert.deepEqual(top.structuralFingerprint, ['Institution', 'Author', 'Paper']);
  assert.deepEqual(top.traversalIdentifier, ['seed', 'structural', 'structural']);
  assert.deepEqual(top.nodes.map((n) => n.name), ['Point Park University', 'Ada Moss', 'Stellar populations in tidal tails']);
  const layer1 = t.paths.find((p) => p.variables[0] === 'inst')!.layers[0]!;
  assert.equal(layer1.textual[0]!.name, 'Point Park University');
  for (let i = 1; i < r.answers.length; i++) assert.ok(r.answers[i - 1]!.score >= r.answers[i]!.score);
});

test('union fallback when the paths share no candidate; text fallback for a single-node plan', async () => {
  const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
  // Only papers reachable from Carnegie Mellon authors AND tagged Cosmology: none.
  const disjoint: PlanningGraph = {
    ...plan,
    question: 'papers',
    nodes: [
      { id: 'inst', category: 'Institution', text: { kind: 'exact', value: 'Carnegie Mellon University' } },
      { id: 'author', category: 'Author' },
      { id: 'paper', category: 'Paper' },
      { id: 'field', category: 'Field', text: { kind: 'exact', value: 'Cosmology' } },
    ],
    strategy: { kind: 'mor', seeds: 1, perStep: 0, k: 20 },
  };
  const u = await retrieveMor(disjoint, snap, embedder);
  assert.equal(u.trajectory!.combination, 'union-fallback');
  assert.deepEqual(new Set(u.answers.map((a) => a.value)), new Set(['Tidal streams revisited', 'Dark matter halos']));
  const single: PlanningGraph = { ...plan, nodes: [{ id: 'paper', category: 'Paper' }], edges: [], question: 'tidal tails' };
  const s = await retrieveMor(single, snap, embedder);
  assert.equal(s.trajectory!.combination, 'text-fallback');
  assert.equal(s.answers[0]!.value, 'Stellar populations in tidal tails');
  assert.ok(s.warnings?.some((w) => w.includes('text matching only')));
});

test('a reranker loaded from JSON changes the ranking; bad files get clear errors', async () => {
  const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-rr-'));
  try {
    const file = join(dir, 'w.json');
    // Penalise text similarity of the candidate itself: inverts the default preference.
    writeFileSync(file, JSON.stringify({ kind: 'linear', name: 'text-first', bias: 0, weights: { tf3: -5 } }));
    const rr = loadReranker(file);
    const r = await retrieveMor({ ...plan, strategy: { kind: 'mor', seeds: 5, perStep: 10, k: 20 } }, snap, embedder, { reranker: rr });
    assert.equal(r.trajectory!.reranker, 'text-first');
    const def = await retrieveMor(plan, snap, embedder);
    assert.equal(def.trajectory!.reranker, 'default-linear');
    assert.notDeepEqual(r.answers.map((a) => a.value), def.answers.map((a) => a.value), 'the weights reorder the answers');
    const x = linearReranker(parseModel({ kind: 'linear', weights: { 'sf3:Paper': 2 } }));
    assert.equal(x.score({ textualFingerprint: [0, 0, 0, 0], structuralFingerprint: ['Author', 'Paper'], traversalIdentifier: ['seed', 'structural'], pathsShare: 1 }), 2);
    writeFileSync(file, '{"kind": "mlp"}');
    assert.throws(() => loadReranker(file), /"kind" must be "linear"/);
    assert.throws(() => parseModel({ kind: 'linear', weights: { tf1: 'x' } }), /tf1/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
