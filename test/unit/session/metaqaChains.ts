import type { PlanEdge, PlanNode } from '../../../src/core/plan/planningGraph';

/** MetaQA's relations as the store-placement tests phrase them, with the label at the far end. */
const HOPS: readonly { relation: string; phrase: string; label: string }[] = [
  { relation: 'directed_by', phrase: 'directed by', label: 'Person' },
  { relation: 'starred_actors', phrase: 'starred actors', label: 'Person' },
  { relation: 'written_by', phrase: 'written by', label: 'Person' },
  { relation: 'has_genre', phrase: 'genre', label: 'Genre' },
  { relation: 'in_language', phrase: 'in language', label: 'Language' },
  { relation: 'release_year', phrase: 'release year', label: 'Year' },
];

/** A MetaQA-shaped chain from a film (film -r1- x1 -r1- film2 -r2- x2 …), typed or not, with the phrases it used in order. */
export function metaqaChain(film: string, hops: number, r: () => number, typed: boolean): { nodes: PlanNode[]; edges: PlanEdge[]; phrases: string[] } {
  const nodes: PlanNode[] = [{ id: 'n0', ...(typed ? { category: 'Movie' } : {}), text: { kind: 'soft', value: film } }];
  const edges: PlanEdge[] = [];
  const phrases: string[] = [];
  for (let i = 1; i <= hops; i++) {
    const h = HOPS[Math.floor(r() * HOPS.length)]!;
    const backToFilm = i % 2 === 0;
    nodes.push({ id: `n${i}`, ...(typed ? { category: backToFilm ? 'Movie' : h.label } : {}) });
    edges.push({ id: `e${i}`, source: `n${i - 1}`, target: `n${i}`, directed: false, relation: { kind: 'phrase', value: h.phrase } });
    phrases.push(h.phrase);
  }
  return { nodes, edges, phrases };
}
