import type { PlanEdge, PlanNode, PlanningGraph } from '../../../src/core/plan/planningGraph';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { Embedder } from '../../../src/core/embed/embedder';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';

import { mulberry32 as rng } from '../../support/prng';

export { rng };

export const WORDS = ['river', 'stone', 'maple', 'harbor', 'violet', 'ember', 'falcon', 'quartz', 'meadow', 'cobalt', 'lantern', 'saffron', 'tundra', 'orchid', 'granite', 'willow'];
export const RELS = ['directed_by', 'written_by', 'starred_actors', 'has_genre', 'in_language'];
export const LABELS = ['Movie', 'Person', 'Genre'];

export interface RandomGraph {
  readonly snapshot: GraphSnapshot;
  readonly triples: [string, string, string][];
  readonly nodeNames: string[];
  readonly labels: Map<string, string>;
}

export async function randomGraph(seed: number, nodes = 40, edges = 120, embedder: Embedder = new HashingEmbedder({ dimension: 128 })): Promise<RandomGraph> {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const names: string[] = [];
  const labels = new Map<string, string>();
  for (let i = 0; i < nodes; i++) {
    const name = `${pick(WORDS)} ${pick(WORDS)} ${i % 7}`;
    if (labels.has(name)) continue;
    names.push(name);
    labels.set(name, pick(LABELS));
  }
  const triples: [string, string, string][] = [];
  for (let i = 0; i < edges; i++) {
    const h = pick(names);
    const t = pick(names);
    if (h === t) continue;
    triples.push([h, pick(RELS), t]);
  }
  // Labels are per node here (not per relation): feed them through record-style building.
  const nodeRecords = names.map((n) => ({ id: 'n:' + n, labels: [labels.get(n)!], name: n }));
  const edgeRecords = triples.map(([h, rel, t]) => ({ source: 'n:' + h, type: rel, target: 'n:' + t }));
  const snapshot = await GraphSnapshot.fromRecords(nodeRecords, edgeRecords, embedder, 'random-' + seed);
  return { snapshot, triples, nodeNames: names, labels };
}

/** A random connected pattern (a tree plus maybe one cycle-closing edge) with known/unknown parts. */
export function randomPattern(seed: number, g: RandomGraph): PlanningGraph {
  const r = rng(seed * 7919 + 1);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const n = 2 + Math.floor(r() * 3);
  const nodes: PlanNode[] = [];
  for (let i = 0; i < n; i++) {
    const roll = r();
    const category = r() < 0.3 ? pick(LABELS) : undefined;
    let text: PlanNode['text'];
    if (i === 0 || roll < 0.5) {
      // A name from the graph, often with a typo, as a person would write it.
      const base = pick(g.nodeNames);
      text = { kind: 'soft', value: r() < 0.5 ? base : base.slice(0, -1) + 'x' };
    }
    nodes.push({ id: 'v' + i, ...(category ? { category } : {}), ...(text ? { text } : {}) });
  }
  const edges: PlanEdge[] = [];
  for (let i = 1; i < n; i++) {
    const parent = Math.floor(r() * i);
    edges.push({ id: 'e' + edges.length, source: 'v' + parent, target: 'v' + i, directed: r() < 0.5, relation: relation(r, pick) });
  }
  if (n >= 3 && r() < 0.4) {
    // Close a cycle between two nodes not yet joined.
    const a = 0;
    const b = n - 1;
    if (!edges.some((e) => (e.source === 'v' + a && e.target === 'v' + b) || (e.source === 'v' + b && e.target === 'v' + a))) {
      edges.push({ id: 'e' + edges.length, source: 'v' + a, target: 'v' + b, directed: false, relation: relation(r, pick) });
    }
  }
  return {
    name: 'p' + seed,
    nodes,
    edges,
    targets: ['v' + (n - 1)],
    expect: [],
    strategy: { kind: 'gsd', k: 1 + Math.floor(r() * 5), nodeCandidates: 2 + Math.floor(r() * 10), relationCandidates: 1 + Math.floor(r() * 5) },
  };
}

function relation(r: () => number, pick: <T>(a: readonly T[]) => T): PlanEdge['relation'] {
  const roll = r();
  if (roll < 0.3) return { kind: 'unknown' };
  const rel = pick(RELS).replace(/_/g, ' ');
  return { kind: 'phrase', value: roll < 0.6 ? rel : rel.split(' ')[0]! + ' of' };
}
