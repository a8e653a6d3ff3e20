import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { Embedder } from '../../../src/core/embed/embedder';
import type { PlanEdge, PlanNode, PlanningGraph } from '../../../src/core/plan/planningGraph';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { retrieveMor } from '../../../src/core/retrieve/mor/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { WhyNotContext } from '../../../src/core/whynot';

export const embedder: Embedder = new HashingEmbedder({ dimension: 128 });

/** A why-not context over a snapshot alone (gsd and mor run on it; no store). */
export function snapshotContext(snap: GraphSnapshot): WhyNotContext {
  return {
    embedder,
    snapshot: async () => snap,
    run: async (plan, o) => {
      const common = { ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}) };
      if (o.strategy === 'gsd') return retrieveGsd(plan, snap, embedder, { ...common, ...(o.k !== undefined ? { strategy: { k: o.k } } : {}) });
      if (o.strategy === 'mor') return retrieveMor(plan, snap, embedder, { ...common, ...(o.k !== undefined ? { strategy: { k: o.k } } : {}) });
      throw new Error(`${o.strategy} needs a store`);
    },
  };
}

/** A small movie graph: (label, name) nodes and (source, type, target) edges by name. */
export async function movieSnapshot(): Promise<GraphSnapshot> {
  const nodes: [string, string][] = [
    ['Movie', 'Titanic'],
    ['Movie', 'Avatar'],
    ['Movie', 'Titanic II'],
    ['Movie', 'Heat'],
    ['Person', 'James Cameron'],
    ['Person', 'Leonardo DiCaprio'],
    ['Person', 'Kate Winslet'],
    ['Person', 'Sam Worthington'],
    ['Person', 'Michael Mann'],
    ['Person', 'Al Pacino'],
    ['Genre', 'Romance'],
    ['Genre', 'Crime'],
  ];
  const edges: [string, string, string][] = [
    ['Titanic', 'directed_by', 'James Cameron'],
    ['Titanic', 'written_by', 'James Cameron'],
    ['Avatar', 'directed_by', 'James Cameron'],
    ['Titanic', 'starred_actors', 'Leonardo DiCaprio'],
    ['Titanic', 'starred_actors', 'Kate Winslet'],
    ['Avatar', 'starred_actors', 'Sam Worthington'],
    ['Titanic', 'has_genre', 'Romance'],
    ['Titanic', 'sequel', 'Titanic II'],
    ['Heat', 'directed_by', 'Michael Mann'],
    ['Heat', 'starred_actors', 'Al Pacino'],
    ['Heat', 'has_genre', 'Crime'],
  ];
  const id = (name: string) => 'n:' + name;
  return GraphSnapshot.fromRecords(
    nodes.map(([label, name]) => ({ id: id(name), labels: [label], name })),
    edges.map(([s, type, t]) => ({ source: id(s), type, target: id(t) })),
    embedder,
    'whynot-movies',
  );
}

/** A one-edge plan: (m "named") -[relation]- (x[: category]) return x. */
export function plan(named: string, relation: PlanEdge['relation'], target: Omit<PlanNode, 'id'> = {}, strategy: PlanningGraph['strategy'] = { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 }): PlanningGraph {
  return {
    name: 'p',
    nodes: [{ id: 'm', text: { kind: 'soft', value: named } }, { id: 'x', ...target }],
    edges: [{ id: 'e0', source: 'm', target: 'x', directed: false, relation }],
    targets: ['x'],
    expect: [],
    strategy,
  };
}
