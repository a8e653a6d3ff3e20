/**
 * Property tests over random plans: writing a plan out and reading it back keeps what the target
 * format can say, and a second round changes nothing (the first write is a fixpoint).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planningGraphFromSimGrag, planningGraphToSimGrag } from '../../../src/core/plan/simgrag';
import { parseMorPlanText, planningGraphFromMorPlan, planningGraphToMorPlan } from '../../../src/core/plan/mor';
import { reasoningPaths } from '../../../src/core/plan/reasoningPaths';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { buildGraph, moviesSchema, prng, randomPlan } from './cypherFixtures';

const graph = buildGraph();
const schema = moviesSchema();

/** The edges as (source text, relation, target text), which SimGRAG must keep. */
function textEdges(pg: PlanningGraph, name: (id: string) => string): string[] {
  return pg.edges.map((e) => JSON.stringify([name(e.source), e.relation.kind === 'unknown' ? '?' : e.relation.value, name(e.target)]));
}

test('IR → SimGRAG → IR on 300 random plans: texts, relations and targets kept; the pattern is a fixpoint', () => {
  const rnd = prng(11);
  for (let i = 0; i < 300; i++) {
    const pg = randomPlan(graph, schema, rnd, `p${i}`);
    const out = planningGraphToSimGrag(pg);
    const back = planningGraphFromSimGrag(out.pattern, { name: pg.name });
    assert.ok(back.plan, JSON.stringify(out));
    assert.ok(!back.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(back.diagnostics));
    // Same edges, with the same texts at both ends (known nodes) or unknowns.
    const textOf = (p: PlanningGraph) => (id: string) => {
      const n = p.nodes.find((x) => x.id === id)!;
      return n.text?.value ?? (typeof n.properties?.['name'] === 'string' ? (n.properties['name'] as string) : '?');
    };
    assert.deepEqual(textEdges(back.plan!, textOf(back.plan!)), textEdges(pg, textOf(pg)));
    const merged = out.diagnostics.some((d) => d.code === 'simgrag-merged-nodes');
    if (!merged) assert.equal(back.plan!.nodes.length, pg.nodes.length);
    assert.equal(back.plan!.targets.length, merged ? back.plan!.targets.length : new Set(pg.targets).size);
    // Fixpoint: writing the read plan gives the same pattern.
    assert.deepEqual(planningGraphToSimGrag(back.plan!).pattern, out.pattern);
  }
});

test('IR → MoR → IR on 300 random plans: categories, paths and restrictions kept; the plan is a fixpoint', () => {
  const rnd = prng(12);
  let written = 0;
  for (let i = 0; i < 300; i++) {
    const raw = randomPlan(graph, schema, rnd, `p${i}`);
    // MoR plans are made of categories and have one target.
    const pg: PlanningGraph = { ...raw, nodes: raw.nodes.map((n) => ({ ...n, category: n.category ?? 'Thing' })), targets: raw.targets.slice(0, 1) };
    const out = planningGraphToMorPlan(pg);
    if (!out.plan) {
      assert.ok(out.diagnostics.some((d) => d.code === 'mor-not-expressible'));
      continue;
    }
    written++;
    const back = planningGraphFromMorPlan(out.plan);
    assert.deepEqual(back.diagnostics, [], JSON.stringify(out.plan));
    const again = planningGraphToMorPlan(back.plan!);
    assert.deepEqual(again.plan, out.plan);
    // The text form reads back to the same plan.
    assert.deepEqual(parseMorPlanText(out.text!).plan, back.plan);
    // Reasoning paths keep their category sequences.
    const seq = (p: PlanningGraph) => {
      const cat = new Map(p.nodes.map((n) => [n.id, n.category]));
      return reasoningPaths(p).paths.map((x) => x.nodes.map((id) => cat.get(id)).join('>')).sort();
    };
    if ('Metapath' in out.plan) assert.deepEqual(seq(back.plan!), seq(pg));
  }
  assert.ok(written > 150, `only ${written} plans were expressible`);
});
