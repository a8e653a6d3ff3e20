import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { readRunInputs } from '../../../src/core/retrieve/inputs';
import { randomGraph } from './helpers';
import { notFoundDistanceFor } from '../../../src/core/embed/notFound';

test('SimGRAG JSON: one object, an array of objects, or a bare list of triples', () => {
  const one = readRunInputs('p.json', JSON.stringify({ id: 'a', query: 'who directed Heat', graph: [['UNKNOWN director 1', 'director of', 'Heat']], target: 'UNKNOWN director 1' }));
  assert.equal(one.format, 'json');
  assert.deepEqual(one.inputs.map((i) => i.id), ['a']);
  const plan = one.inputs[0]!.plan;
  assert.equal(plan.question, 'who directed Heat');
  assert.equal(plan.edges.length, 1);
  assert.equal(plan.edges[0]!.relation.kind, 'phrase');
  assert.equal(plan.targets.length, 1);
  const many = readRunInputs('p.json', JSON.stringify([{ id: 'x', triples: [['A', 'r', 'B']] }, { id: 'y', graph: [['C', 's', 'D']] }]));
  assert.deepEqual(many.inputs.map((i) => i.id), ['x', 'y']);
  const bare = readRunInputs('p.json', JSON.stringify([['A', 'r', 'B']]));
  assert.equal(bare.inputs.length, 1);
  assert.equal(readRunInputs('p.json', '{nope').problems[0]!.line, 1);
});

test('JSON lines keep going past bad lines and report their numbers; --plan selects by id', () => {
  const text = ['{"id": "a", "graph": [["A", "r", "B"]]}', '', 'not json', '{"id": "c", "graph": []}', '{"id": "d", "graph": [["X", "r", "Y"]]}'].join('\n');
  const r = readRunInputs('p.jsonl', text);
  assert.deepEqual(r.inputs.map((i) => [i.id, i.line]), [['a', 1], ['d', 5]]);
  assert.deepEqual(r.problems.map((p) => p.line), [3, 4]);
  const only = readRunInputs('p.jsonl', text, 'd');
  assert.deepEqual(only.inputs.map((i) => i.id), ['d']);
  assert.match(readRunInputs('p.jsonl', text, 'zzz').problems.at(-1)!.message, /no pattern with id zzz/);
});

test('.kgp files give every plan, or the one named, with its line', () => {
  const text = 'plan a {\n  match (x: Movie "Heat") -[directed by]- (d: Person)\n  return d\n}\n\nplan b {\n  match (y: Movie "Kismet") -- (z)\n  return z\n}\n';
  const r = readRunInputs('f.kgp', text);
  assert.equal(r.format, 'kgp');
  assert.deepEqual(r.inputs.map((i) => [i.id, i.line]), [['a', 1], ['b', 6]]);
  assert.equal(r.problems.length, 0);
  assert.deepEqual(readRunInputs('f.kgp', text, 'b').inputs.map((i) => i.id), ['b']);
  assert.match(readRunInputs('f.kgp', text, 'c').problems[0]!.message, /no plan named c/);
  const broken = readRunInputs('f.kgp', 'plan a {\n  match (x: Movie "Heat" -[r]- (y)\n}\n');
  assert.ok(broken.problems.length > 0 && broken.problems[0]!.line >= 1);
});

test('approximate candidate search finds the exact-name node first (recall@1 = 1 on these queries)', async () => {
  const embedder = new HashingEmbedder({ dimension: 1024 });
  const g = await randomGraph(11, 600, 10, embedder);
  const names = g.nodeNames.slice(0, 40);
  const vecs = await embedder.embedBatch(names);
  let same = 0;
  for (let i = 0; i < names.length; i++) {
    const q = vecs.subarray(i * 1024, (i + 1) * 1024);
    const approx = g.snapshot.index.search(q, 8, {}, { mode: 'approximate', budget: 200, rescore: 64 });
    const exact = g.snapshot.index.bruteForce(q, 8);
    assert.equal(g.snapshot.names.get(approx[0]!.index), names[i]);
    // Distances of what it returns are exact: summed per bucket (as exact mode sums) where brute
    // force sums per row, so they agree to rounding — which the square root near 0 magnifies to ~1e-8.
    for (const h of approx) assert.ok(exact.some((x) => x.index === h.index) ? Math.abs(exact.find((x) => x.index === h.index)!.distance - h.distance) < 1e-7 : h.distance >= exact.at(-1)!.distance - 1e-7);
    same += approx.filter((h) => exact.some((x) => x.index === h.index)).length;
  }
  // A small budget on purpose: not everything is found, but most is.
  assert.ok(same / (8 * names.length) > 0.5, `recall ${same / (8 * names.length)}`);
});

test('a name spelt exactly like the query is always among the candidates, however little the approximate walk reads (MetaQA ×40 said "Richard Linklater" was not in the graph)', async () => {
  const embedder = new HashingEmbedder({ dimension: 1024 });
  const g = await randomGraph(11, 600, 10, embedder);
  const names = g.nodeNames.slice(0, 60);
  const vecs = await embedder.embedBatch(names);
  const starved = { mode: 'approximate', budget: 1, rescore: 1 } as const;
  let missedWithout = 0;
  for (let i = 0; i < names.length; i++) {
    const q = vecs.subarray(i * 1024, (i + 1) * 1024);
    const plain = g.snapshot.index.search(q, 3, {}, starved);
    if (!plain.some((h) => g.snapshot.names.get(h.index) === names[i])) missedWithout++;
    const hits = g.snapshot.searchName(names[i]!, q, 3, {}, starved);
    assert.equal(g.snapshot.names.get(hits[0]!.index), names[i]);
    assert.ok(hits[0]!.distance < 1e-6, `distance ${hits[0]!.distance}`);
    // The label filter still holds for the rows it adds.
    const label = g.snapshot.data.nodeLabel[hits[0]!.index]!;
    const other = (label + 1) % g.snapshot.data.labelNames.length;
    for (const h of g.snapshot.searchName(names[i]!, q, 3, { labels: g.snapshot.data.nodeLabel, label: other }, starved)) assert.equal(g.snapshot.data.nodeLabel[h.index], other);
  }
  // The starved walk alone misses some of them: what the exact-name rows are for.
  assert.ok(missedWithout > 0, 'the starved walk found every name: the test shows nothing');
});

test('a name search that found nothing within the not-found distance walks again, wider, before the name is called missing', async () => {
  const embedder = new HashingEmbedder({ dimension: 1024 });
  const g = await randomGraph(11, 600, 10, embedder);
  const snap = g.snapshot;
  const far = notFoundDistanceFor({ id: snap.data.embedderId });
  const starved = { mode: 'approximate', budget: 2, rescore: 2 } as const;
  let widened = 0;
  for (const name of g.nodeNames.slice(0, 80)) {
    const typo = `${name.slice(0, 2)}${name.slice(3)}q`; // not a name of the graph
    const q = await embedder.embedBatch([typo]);
    const first = snap.index.search(q, 5, {}, { ...starved, include: snap.nodesNamed(typo) });
    const got = snap.searchName(typo, q, 5, {}, starved);
    if (first.length > 0 && first[0]!.distance < far) {
      assert.deepEqual(got, first);
    } else {
      widened++;
      assert.deepEqual(got, snap.index.search(q, 5, {}, { mode: 'approximate', budget: 6, rescore: 8, include: [] }));
    }
  }
  assert.ok(widened > 0, 'no search was widened: the test shows nothing');
  // Exact search is never walked again: it has read everything.
  const q = await embedder.embedBatch(['zzzz qqqq']);
  assert.deepEqual(snap.searchName('zzzz qqqq', q, 5, {}, { mode: 'exact' }), snap.index.search(q, 5, {}, { mode: 'exact' }));
});
