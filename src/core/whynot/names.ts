import type { NearName, WhyNotNode } from '../../contracts/whyNot';
import { namesView, type Embedder } from '../embed/embedder';
import { editDistance } from '../editDistance';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { normalizeAnswer } from '../testing/evaluate';

/** Graph nodes whose name is the expected answer, compared as plan tests compare answers (normalizeAnswer). */
export function nodesNamed(snap: SearchIndex, expected: string): number[] {
  const exact = snap.nodesNamed(expected);
  if (exact.length > 0) return [...exact];
  const want = normalizeAnswer(expected);
  const names = snap.names;
  const out: number[] = [];
  for (let g = 0; g < names.length; g++) if (normalizeAnswer(names.get(g)) === want) out.push(g);
  return out;
}

export function nodeOf(snap: SearchIndex, g: number): WhyNotNode {
  return { nodeId: snap.data.nodeIds.get(g), name: snap.names.get(g), label: snap.labelOf(g) };
}

/**
 * The names nearest to one that is not in the graph: the embedding neighbours (how node
 * candidates are ranked) re-ordered by character edits, so a typo's correction comes first.
 */
export async function nearestNames(snap: SearchIndex, embedder: Embedder, expected: string, limit = 5, signal?: AbortSignal): Promise<NearName[]> {
  const [q] = await namesView(embedder).embedBatch([expected], signal).then((v) => [v.subarray(0, embedder.dimension)]);
  const hits = snap.searchName(expected, q!, Math.max(limit * 4, 20));
  const want = normalizeAnswer(expected);
  return hits
    .map((h) => ({ ...nodeOf(snap, h.index), distance: h.distance, edits: editDistance(want, normalizeAnswer(snap.names.get(h.index))) }))
    .sort((a, b) => a.edits - b.edits || a.distance - b.distance)
    .slice(0, limit)
    .map(({ name, nodeId, label, distance, edits }) => ({ name, nodeId, label, distance, edits }));
}
