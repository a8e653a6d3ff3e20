import type { Embedder } from '../embed/embedder';
import type { GraphSchema } from '../schema/graphSchema';
import type { GraphSnapshot } from './snapshot/snapshot';

/** Relationship type → the other phrasings a schema file gives it (`aliases` in *.kgschema.json). */
export type RelationAliases = ReadonlyMap<string, readonly string[]>;

export function relationAliasesOf(schema: GraphSchema | undefined): RelationAliases {
  const out = new Map<string, readonly string[]>();
  for (const r of schema?.relationshipTypes ?? []) if (r.aliases && r.aliases.length > 0) out.set(r.name, r.aliases);
  return out;
}

/** One phrase against every relationship type of the snapshot. */
export interface PhraseDistances {
  /** Per relation id: L2 to the nearest of the type's name and its aliases. */
  readonly dist: Float64Array;
  /** Per relation id: the alias that was nearest, undefined when the name itself was. */
  readonly via: readonly (string | undefined)[];
}

/**
 * Distances from phrases to relationship types — the relation terms of GSD. A type with aliases
 * is as near as its nearest wording: "screenwriter" matches `written_by` through an alias
 * "screenwriter of" at the alias's distance. Texts are embedded in one batch.
 */
export async function relationDistances(snap: GraphSnapshot, embedder: Embedder, phrases: readonly string[], aliases: RelationAliases = new Map(), signal?: AbortSignal): Promise<PhraseDistances[]> {
  if (phrases.length === 0) return [];
  const R = snap.data.relationNames.length;
  const aliasOf: { rel: number; text: string }[] = [];
  for (const [type, texts] of aliases) {
    const rel = snap.relationId(type);
    if (rel >= 0) for (const text of texts) aliasOf.push({ rel, text });
  }
  const vecs = await embedder.embedBatch([...phrases, ...aliasOf.map((a) => a.text)], signal);
  const dim = embedder.dimension;
  const rv = snap.data.relationVectors;
  const l2 = (a: Float32Array, ai: number, b: Float32Array, bi: number): number => {
    let s = 0;
    for (let j = 0; j < dim; j++) {
      const x = a[ai * dim + j]! - b[bi * dim + j]!;
      s += x * x;
    }
    return Math.sqrt(s);
  };
  return phrases.map((_, p) => {
    const dist = new Float64Array(R);
    const via: (string | undefined)[] = new Array<string | undefined>(R).fill(undefined);
    for (let r = 0; r < R; r++) dist[r] = l2(vecs, p, rv, r);
    aliasOf.forEach((a, i) => {
      const d = l2(vecs, p, vecs, phrases.length + i);
      if (d < dist[a.rel]!) {
        dist[a.rel] = d;
        via[a.rel] = a.text;
      }
    });
    return { dist, via };
  });
}

/**
 * Relation phrase → the relationship type nearest by embedding (the same L2 GSD uses). MoR's
 * structural step and the Cypher strategy need one type per phrase; GSD keeps k⁽ʳ⁾ candidates.
 */
export async function nearestRelations(
  snap: GraphSnapshot,
  embedder: Embedder,
  phrases: readonly string[],
  signal?: AbortSignal,
  aliases?: RelationAliases,
): Promise<Map<string, { type: string; distance: number; via?: string }>> {
  const unique = [...new Set(phrases)];
  const out = new Map<string, { type: string; distance: number; via?: string }>();
  const all = await relationDistances(snap, embedder, unique, aliases, signal);
  unique.forEach((p, i) => {
    const { dist, via } = all[i]!;
    let best = -1;
    for (let r = 0; r < dist.length; r++) if (best < 0 || dist[r]! < dist[best]!) best = r;
    if (best >= 0) out.set(p, { type: snap.data.relationNames[best]!, distance: dist[best]!, ...(via[best] !== undefined ? { via: via[best] } : {}) });
  });
  return out;
}
