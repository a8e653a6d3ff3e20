import type { Embedder } from './embedder';

export interface RankedText {
  readonly text: string;
  readonly distance: number;
}

/** L2 distance between row `a` of `m` and row `b` of `n` (both `dim` wide). */
export function l2(m: Float32Array, a: number, n: Float32Array, b: number, dim: number): number {
  let s = 0;
  const ao = a * dim;
  const bo = b * dim;
  for (let i = 0; i < dim; i++) {
    const d = m[ao + i]! - n[bo + i]!;
    s += d * d;
  }
  return Math.sqrt(s);
}

/**
 * Ranks a few texts (schema names, relation types) by L2 distance to `query`, nearest first; ties
 * keep the input order. For small vocabularies only: large ones go through the snapshot's index.
 */
export async function rankByDistance(embedder: Embedder, query: string, texts: readonly string[], signal?: AbortSignal): Promise<RankedText[]> {
  const q = await embedder.embedBatch([query], signal);
  const m = await embedder.embedBatch(texts, signal);
  return texts
    .map((text, i) => ({ text, distance: l2(q, 0, m, i, embedder.dimension) }))
    .sort((x, y) => x.distance - y.distance);
}
