/**
 * SimGRAG's pattern classes (App. F; edge direction ignored): 1/2/3-hop paths from a known
 * subject, 2-hop conjunction (two known subjects meet at an unknown), 3-hop conjunction (an edge
 * and a 2-hop path meet at an unknown), 3-hop star (three edges on one node). A node is known when
 * it carries text (an entity name or a restriction).
 */
import type { PlanningGraph } from '../plan/planningGraph';
import type { PatternShape } from './model';

export function patternShape(pg: PlanningGraph): PatternShape {
  const edges = pg.edges.filter((e) => e.source !== e.target);
  const degree = new Map<string, number>();
  for (const e of edges) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  const known = new Set(pg.nodes.filter((n) => n.text !== undefined || n.properties !== undefined).map((n) => n.id));
  const nodes = [...degree.keys()];
  if (edges.length === 0 || !connected(nodes, edges)) return 'other';
  const maxDeg = Math.max(...degree.values());
  const ends = nodes.filter((n) => degree.get(n) === 1);
  if (edges.length === 1) return '1-hop';
  if (edges.length === 2) {
    const middle = nodes.find((n) => degree.get(n) === 2)!;
    return ends.every((n) => known.has(n)) && !known.has(middle) ? '2-hop-conjunction' : '2-hop';
  }
  if (edges.length === 3) {
    if (maxDeg === 3) return '3-hop-star';
    if (nodes.length === 4 && ends.length === 2) return ends.every((n) => known.has(n)) ? '3-hop-conjunction' : '3-hop';
  }
  return 'other';
}

function connected(nodes: string[], edges: readonly { source: string; target: string }[]): boolean {
  if (nodes.length === 0) return true;
  const seen = new Set([nodes[0]!]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of edges) {
      if (seen.has(e.source) !== seen.has(e.target)) {
        seen.add(e.source);
        seen.add(e.target);
        grew = true;
      }
    }
  }
  return seen.size === nodes.length;
}
