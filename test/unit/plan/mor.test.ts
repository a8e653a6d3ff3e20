import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMorPlan, parseMetapath, parseMorPlanText, planningGraphFromMorPlan, planningGraphToMorPlan } from '../../../src/core/plan/mor';
import { reasoningPaths } from '../../../src/core/plan/reasoningPaths';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../../../src/core/plan/planningGraph';

test('metapath → IR: paths converge on the target, restrictions by category', () => {
  const r = planningGraphFromMorPlan({
    Metapath: 'brand -> product <- category',
    Restriction: { brand: ['PUMA'], category: ['golf jackets'], product: ["UV protective women's golf jackets from PUMA", 'skin protection'] },
  });
  assert.deepEqual(r.diagnostics, []);
  const pg = r.plan!;
  assert.deepEqual(pg.nodes, [
    { id: 'brand', category: 'brand', text: { kind: 'soft', value: 'PUMA' } },
    { id: 'product', category: 'product', text: { kind: 'soft', value: "UV protective women's golf jackets from PUMA; skin protection", parts: ["UV protective women's golf jackets from PUMA", 'skin protection'] } },
    { id: 'category', category: 'category', text: { kind: 'soft', value: 'golf jackets' } },
  ]);
  assert.deepEqual(pg.edges.map((e) => [e.source, e.target, e.directed, e.relation.kind]), [
    ['brand', 'product', false, 'unknown'],
    ['category', 'product', false, 'unknown'],
  ]);
  assert.deepEqual(pg.targets, ['product']);
  assert.equal(pg.strategy.kind, 'mor');
});

test('MoR → IR → MoR round-trips (metapath and triplets forms)', () => {
  const cases = [
    { Metapath: 'product', Restriction: { product: ['tactical gloves', 'enhanced feel'] } },
    { Metapath: 'category -> product', Restriction: { category: ["men's t-shirt"], product: ['new t-shirt'] } },
    { Metapath: 'product -> product', Restriction: { product: ['stylish wallet', 'pairs well with sling pack'] } },
    { Metapath: 'brand -> product <- category', Restriction: { brand: ['PUMA'], category: ['golf jackets'] } },
    { Metapath: 'category -> product -> brand', Restriction: { category: ['shoes'] } },
    { Metapath: 'Institution -> Author -> Paper <- Field-of-Study', Restriction: { Institution: ['Point Park University'], 'Field-of-Study': ['Stellar Population'] } },
    { Triplets: [['drug', 'indication', 'disease'], ['gene/protein', 'associated with', 'disease']], Restriction: { drug: ['aspirin'] }, Target: 'disease' },
  ];
  for (const c of cases) {
    const r = planningGraphFromMorPlan(c);
    assert.deepEqual(r.diagnostics, [], JSON.stringify(c));
    const back = planningGraphToMorPlan(r.plan!);
    assert.deepEqual(back.diagnostics, [], JSON.stringify(c));
    assert.deepEqual(back.plan, c);
    // And the printed text reads back to the same plan.
    const again = parseMorPlanText(back.text!);
    assert.deepEqual(again.diagnostics, []);
    assert.deepEqual(again.plan, r.plan);
  }
});

test('malformed metapaths are reported at the offending characters', () => {
  const comma = parseMetapath('product -> product, product -> product');
  assert.deepEqual(comma.problems.map((p) => [p.code, p.start, p.end]), [['mor-malformed-metapath', 18, 19]]);
  const diverging = parseMetapath('a <- b -> c');
  assert.deepEqual(diverging.problems.map((p) => [p.code, p.start, p.end]), [['mor-metapath-not-converging', 7, 9]]);
  const empty = parseMetapath('brand ->  -> product');
  assert.deepEqual(empty.problems.map((p) => [p.code, p.start]), [['mor-malformed-metapath', 8]]);
  assert.equal(parseMetapath('').problems[0]!.code, 'mor-malformed-metapath');
  const trailing = parseMetapath('brand ->');
  assert.equal(trailing.problems.length, 1);
  // The paper's own notation: unicode arrows and inline restrictions.
  const paper = parseMetapath('Institution<Point Park University> → Author → Paper ← Field-of-Study<Stellar Population>');
  assert.deepEqual(paper.problems, []);
  assert.deepEqual(paper.nodes.map((n) => [n.category, n.restriction ?? null]), [['Institution', 'Point Park University'], ['Author', null], ['Paper', null], ['Field-of-Study', 'Stellar Population']]);
  assert.equal(paper.targetIndex, 2);
});

test('restriction keys not in the metapath are flagged; values are checked', () => {
  const r = planningGraphFromMorPlan({ Metapath: 'brand -> product', Restriction: { brand: ['Buff'], colour: ['red'], Product: ['gloves'], product: 'hat' } });
  assert.deepEqual(r.diagnostics.map((d) => [d.code, JSON.stringify(d.path)]), [
    ['mor-restriction-unknown-key', '["Restriction","colour"]'],
    ['mor-restriction-key-case', '["Restriction","Product"]'],
  ]);
  assert.equal(r.plan!.nodes[1]!.text?.value, 'gloves; hat');
  const bad = planningGraphFromMorPlan({ Metapath: 'brand -> product', Restriction: { brand: [1, 'ok'] } });
  assert.deepEqual(bad.diagnostics.map((d) => [d.code, JSON.stringify(d.path)]), [['mor-bad-restriction', '["Restriction","brand",0]']]);
  const notPlan = planningGraphFromMorPlan({ foo: 1 });
  assert.equal(notPlan.plan, undefined);
  assert.equal(notPlan.diagnostics[0]!.code, 'mor-not-a-plan');
  const badTarget = planningGraphFromMorPlan({ Triplets: [['a', 'r', 'b']], Restriction: {}, Target: 'c' });
  assert.equal(badTarget.diagnostics[0]!.code, 'mor-bad-target');
});

test('text form: LLM output with quotes and trailing commas; offsets of findings', () => {
  const text = 'Metapath: "brand -> product <- brand -> x",\nRestriction: {"brand": ["PUMA"]}';
  const r = parseMorPlanText(text);
  assert.equal(r.plan, undefined);
  assert.equal(r.diagnostics.length, 1);
  const d = r.diagnostics[0]!;
  assert.equal(d.code, 'mor-metapath-not-converging');
  assert.equal(text.slice(d.start, d.end), '->');
  assert.equal(d.start, text.lastIndexOf('->'));

  const text2 = '**Answer 4:**\nMetapath: brand -> product <- category  \nRestriction: {"brand": ["PUMA"], "colour": ["red"],\n  "product": ["UV jackets"]}\n';
  const r2 = parseMorPlanText(text2);
  assert.ok(r2.plan);
  assert.deepEqual(r2.plan!.targets, ['product']);
  assert.deepEqual(r2.diagnostics.map((x) => [x.code, text2.slice(x.start, x.end)]), [['mor-restriction-unknown-key', '["red"]']]);
  assert.equal(parseMorPlanText('nothing here').diagnostics[0]!.code, 'mor-not-a-plan');
});

test('reasoningPaths: one path per leaf, ordered by plan position, ending at the target', () => {
  const pg: PlanningGraph = {
    name: 'p',
    nodes: [{ id: 'inst' }, { id: 'author' }, { id: 'paper' }, { id: 'field' }, { id: 'venue' }],
    edges: [
      { id: 'e0', source: 'author', target: 'inst', directed: true, relation: { kind: 'type', value: 'affiliated_with' } },
      { id: 'e1', source: 'author', target: 'paper', directed: true, relation: { kind: 'type', value: 'writes' } },
      { id: 'e2', source: 'paper', target: 'field', directed: true, relation: { kind: 'unknown' } },
      { id: 'e3', source: 'venue', target: 'paper', directed: false, relation: { kind: 'unknown' } },
    ],
    targets: ['paper'],
    expect: [],
    strategy: DEFAULT_STRATEGIES.mor,
  };
  const r = reasoningPaths(pg);
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.target, 'paper');
  assert.deepEqual(r.paths, [
    { nodes: ['inst', 'author', 'paper'], steps: [{ edge: 'e0', forward: false }, { edge: 'e1', forward: true }] },
    { nodes: ['field', 'paper'], steps: [{ edge: 'e2', forward: false }] },
    { nodes: ['venue', 'paper'], steps: [{ edge: 'e3', forward: true }] },
  ]);
  // Three paths cannot be one metapath, but they can be triplets (relations kept).
  const withCats = { ...pg, nodes: pg.nodes.map((n) => ({ ...n, category: n.id })) };
  const out = planningGraphToMorPlan(withCats);
  assert.ok(out.plan && 'Triplets' in out.plan);
  assert.equal((out.plan as { Target: string }).Target, 'paper');
  const forced = planningGraphToMorPlan(withCats, { form: 'metapath' });
  assert.equal(forced.plan, undefined);
  assert.equal(forced.diagnostics.at(-1)!.code, 'mor-not-expressible');
});

test('reasoningPaths: cycles, stray nodes, no target, single node', () => {
  const base = { name: 'p', expect: [], strategy: DEFAULT_STRATEGIES.mor };
  const cyc: PlanningGraph = {
    ...base,
    nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'lone' }],
    edges: [
      { id: 'e0', source: 'a', target: 'b', directed: false, relation: { kind: 'unknown' } },
      { id: 'e1', source: 'b', target: 'c', directed: false, relation: { kind: 'unknown' } },
      { id: 'e2', source: 'c', target: 'a', directed: false, relation: { kind: 'unknown' } },
    ],
    targets: ['c'],
  };
  const r = reasoningPaths(cyc);
  assert.deepEqual(r.paths.map((p) => p.nodes), [['a', 'c'], ['b', 'c']]);
  assert.deepEqual(r.diagnostics.map((d) => [d.code, d.element?.id]), [['mor-edge-not-on-path', 'e0'], ['mor-node-unreachable', 'lone']]);
  assert.equal(reasoningPaths({ ...cyc, targets: [] }).diagnostics[0]!.code, 'mor-no-target');
  assert.equal(reasoningPaths({ ...cyc, targets: ['nope'] }).diagnostics[0]!.code, 'mor-no-target');
  const single = reasoningPaths({ ...base, nodes: [{ id: 'x' }], edges: [], targets: ['x'] });
  assert.deepEqual(single.paths, [{ nodes: ['x'], steps: [] }]);
  const two = reasoningPaths({ ...cyc, targets: ['c', 'a'] });
  assert.ok(two.diagnostics.some((d) => d.code === 'mor-several-targets'));
});

test('IR from the DSL → MoR: categories, merged restrictions, lost relations noted', () => {
  const pg: PlanningGraph = {
    name: 'p',
    nodes: [
      { id: 'vow', category: 'Movie', text: { kind: 'soft', value: 'The Vow' } },
      { id: 'actor', category: 'Person' },
      { id: 'film', category: 'Movie', text: { kind: 'exact', value: 'Heat' } },
    ],
    edges: [
      { id: 'e0', source: 'vow', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred actors' } },
      { id: 'e1', source: 'film', target: 'actor', directed: true, relation: { kind: 'unknown' } },
    ],
    targets: ['film'],
    expect: [],
    strategy: DEFAULT_STRATEGIES.mor,
  };
  const out = planningGraphToMorPlan(pg);
  assert.deepEqual(out.plan, { Metapath: 'Movie -> Person -> Movie', Restriction: { Movie: ['The Vow', 'Heat'] } });
  assert.deepEqual(out.diagnostics.map((d) => [d.code, d.element?.id]), [
    ['mor-lost-constraint', 'film'],
    ['mor-merged-restrictions', 'film'],
    ['mor-lost-constraint', 'e0'],
  ]);
  assert.equal(out.text, 'Metapath: Movie -> Person -> Movie\nRestriction: {"Movie": ["The Vow", "Heat"]}');
  assert.equal(formatMorPlan({ Triplets: [['a', 'r', 'b']], Restriction: {}, Target: 'b' }), 'Triplets: [["a", "r", "b"]]\nRestriction: {}\nTarget: "b"');
});

const AMAZON = join(__dirname, '../../../../shared/data/fewshot/mor/amazon_1000.json');
test('the real MoR planner data: 1000 plans read, the one malformed metapath found', { skip: existsSync(AMAZON) ? false : `not found: ${AMAZON}` }, () => {
  const data = JSON.parse(readFileSync(AMAZON, 'utf8')) as unknown[];
  assert.equal(data.length, 1000);
  const errors: string[] = [];
  let roundTrips = 0;
  data.forEach((ex, i) => {
    const r = planningGraphFromMorPlan(ex);
    for (const d of r.diagnostics) if (d.severity === 'error') errors.push(`${i}:${d.code}`);
    if (!r.plan) return;
    const answer = (ex as { answer: unknown }).answer;
    const back = planningGraphToMorPlan(r.plan);
    assert.deepEqual(back.plan, answer, `example ${i}`);
    roundTrips++;
  });
  assert.deepEqual(errors, ['906:mor-malformed-metapath']); // data/README.md: example #906
  assert.equal(roundTrips, 999);
});

const PROMPT = join(__dirname, '../../../../shared/data/fewshot/mor/planner_amazon.prompt.txt');
test('the real MoR planner prompt: its 4 demonstrations parse cleanly', { skip: existsSync(PROMPT) ? false : `not found: ${PROMPT}` }, () => {
  const text = readFileSync(PROMPT, 'utf8');
  const answers = text.split(/\*\*Answer \d+:\*\*/).slice(1).map((a) => a.split(/\*\*Question/)[0]!);
  assert.equal(answers.length, 4);
  const metapaths = answers.map((a) => {
    const r = parseMorPlanText(a);
    assert.deepEqual(r.diagnostics, []);
    return planningGraphToMorPlan(r.plan!).plan;
  });
  assert.deepEqual(metapaths.map((m) => (m && 'Metapath' in m ? m.Metapath : '')), ['brand -> product', 'category -> product', 'product -> product', 'brand -> product <- category']);
});
