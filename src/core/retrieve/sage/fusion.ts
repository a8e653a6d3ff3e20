import type { Bm25Index, Bm25Query } from '../mor/bm25';

/**
 * SAGE's hybrid score (§2.2): α·BM25 + β·dense. The paper does not say how BM25 is normalised
 * before fusion; we divide by the best BM25 in the pool being ranked (seeds: the seed pool;
 * neighbours: the candidate pool), so both terms lie in 0…1 and α, β weigh like-for-like.
 */
export function fuse(alpha: number, beta: number, bm25: number, bestBm25: number, dense: number): { bm25: number; fused: number } {
  const n = bestBm25 > 0 ? bm25 / bestBm25 : 0;
  return { bm25: n, fused: alpha * n + beta * dense };
}

/**
 * BM25 of a neighbour's document = its name ⊕ the relation it was reached by. The name part comes
 * from the index; the relation's words add their idf-weighted tf = 1 term (the index has no
 * length for a relation, so no length normalisation) when the query holds them.
 */
export function documentBm25(index: Bm25Index, q: Bm25Query, node: number, relationQuery: Bm25Query): number {
  let s = index.score(q, node);
  for (let i = 0; i < relationQuery.terms.length; i++) {
    const t = relationQuery.terms[i]!;
    for (let j = 0; j < q.terms.length; j++) if (q.terms[j] === t) s += q.idf[j]!;
  }
  return s;
}
