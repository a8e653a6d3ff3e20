import type { Embedder } from '../embed/embedder';
import type { GraphSnapshot } from './snapshot/snapshot';

/**
 * Relation phrase → the relationship type nearest by embedding (the same L2 GSD uses). MoR's
 * structural step and the Cypher strategy need one type per phrase; GSD keeps k⁽ʳ⁾ candidates.
 */
export async function nearestRelations(snap: GraphSnapshot, embedder: Embedder, phrases: readonly string[], signal?: AbortSignal): Promise<Map<string, { type: string; distance: number }>> {
  const unique = [...new Set(phrases)];
  const out = new Map<string, { type: string; distance: number }>();
  if (unique.length === 0) return out;
  const vecs = await embedder.embedBatch(unique, signal);
  const dim = embedder.dimension;
  const rv = snap.data.relationVectors;
  const R = snap.data.relationNames.length;
  unique.forEach((p, i) => {
    let best = -1;
    let bestD = Infinity;
    for (let r = 0; r < R; r++) {
      let s = 0;
      for (let j = 0; j < dim; j++) {
        const x = vecs[i * dim + j] - rv[r * dim + j];
        s += x * x;
      }
      if (s < bestD) {
        bestD = s;
        best = r;
      }
    }
    if (best >= 0) out.set(p, { type: snap.data.relationNames[best], distance: Math.sqrt(bestD) });
  });
  return out;
}
