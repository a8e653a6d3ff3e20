import { printPlanningGraph } from '../dsl/fromIR';
import { DEFAULT_STRATEGIES, type PlanEdge, type PlanNode, type PlanningGraph, type Strategy } from '../plan/planningGraph';
import { planNameFor } from '../llm/planner';
import type { AnchorRef, CandidateShape, Step } from './enumerate';

function anchorNode(id: string, a: AnchorRef): PlanNode {
  return { id, category: a.label, text: { kind: 'exact', value: a.name } };
}

/** An edge for a hop read from `from` to `to`: the stored direction decides source and target. */
function edge(id: string, from: string, to: string, s: Step): PlanEdge {
  return s.direction === 'out'
    ? { id, source: from, target: to, directed: true, relation: { kind: 'type', value: s.relation } }
    : { id, source: to, target: from, directed: true, relation: { kind: 'type', value: s.relation } };
}

/**
 * The chosen candidate as a planning graph: the anchors with their exact names and labels, typed
 * unknown nodes, relation types with their stored direction, the last node the target. Every
 * constraint is one the graph satisfies, so the plan runs under any strategy.
 */
export function candidateToPlan(shape: CandidateShape, question: string, strategy: Strategy = DEFAULT_STRATEGIES.cypher): PlanningGraph {
  const nodes: PlanNode[] = [];
  const edges: PlanEdge[] = [];
  let target: string;
  switch (shape.kind) {
    case 'chain': {
      nodes.push(anchorNode('n0', shape.anchor));
      shape.steps.forEach((s, i) => {
        nodes.push({ id: `n${i + 1}`, category: s.label });
        edges.push(edge(`e${i}`, `n${i}`, `n${i + 1}`, s));
      });
      target = `n${shape.steps.length}`;
      break;
    }
    case 'path':
    case 'conjunction': {
      nodes.push(anchorNode('a', shape.anchors[0]), { id: 'm', category: shape.first.label }, anchorNode('b', shape.anchors[1]));
      edges.push(edge('e0', 'a', 'm', shape.first), edge('e1', 'm', 'b', shape.second));
      target = 'm';
      if (shape.kind === 'conjunction') {
        nodes.push({ id: 't', category: shape.then.label });
        edges.push(edge('e2', 'm', 't', shape.then));
        target = 't';
      }
      break;
    }
  }
  return { name: planNameFor(question), question, nodes, edges, targets: [target], expect: [], strategy };
}

/** The plan as `.kgp` text (the DSL's own printer). */
export function candidateToKgp(shape: CandidateShape, question: string, strategy?: Strategy): string {
  return printPlanningGraph(candidateToPlan(shape, question, strategy));
}
