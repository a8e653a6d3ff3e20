/**
 * The default "not found" threshold per embedder family, calibrated with `npm run bench:notfound`
 * (docs/matching.md, "Not found"): names not in the graph but sharing words with names that are
 * ("Joe Thomas") lie as near as typos of names that are, so no distance separates the two. The
 * threshold flags ≥ 94% of absent names on MetaQA and the sample graph; typos are flagged too, and
 * the message names the nearest name, so it reads as "did you mean".
 */
export function notFoundDistanceFor(embedder: { readonly id: string }): number {
  if (embedder.id.startsWith('hashing')) return NOT_FOUND_DISTANCE.hashing;
  if (embedder.id.startsWith('lexical')) return NOT_FOUND_DISTANCE.lexical;
  return NOT_FOUND_DISTANCE.other;
}
export const NOT_FOUND_DISTANCE = { hashing: 0.6, lexical: 0.5, other: 0.5 } as const;
