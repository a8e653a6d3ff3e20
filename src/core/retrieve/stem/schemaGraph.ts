import type { Embedder } from '../../embed/embedder';
import type { PlanningGraph } from '../../plan/planningGraph';
import { relationDistances, type RelationAliases } from '../relations';
import type { SearchIndex } from '../snapshot/snapshot';

/**
 * The beam of alternative schema graphs (STEM §3.1–3.2, B = 4). STEM's schema triples name KG
 * relation symbols (its SAGB grounds "position" to ice_hockey.hockey_player.hockey_position) and
 * its fine-tuned planner proposes B alternatives by beam search. We have the plan as written: an
 * edge with `:type` is already a symbol; an edge with a phrase is grounded to its nearest types by
 * embedding (schema aliases count), and the alternatives are the B best combinations of groundings
 * by summed similarity — our stand-in for the planner's beam. Within an alternative a grounded
 * phrase stays soft (other types score their cosine to the grounded one, as STEM's Sim compares
 * symbols by meaning); a `:type` is exact, as everywhere in the IR. An unknown relation matches any type.
 */
export interface GroundedEdge {
  readonly edgeId: string;
  /** The relation as this alternative grounds it: a type name, or '' for any. */
  readonly relation: string;
  /** Cosine of the grounded type to the written phrase (1 for `:type` or unknown). */
  readonly grounding: number;
  /** Per relation id: the relation block's similarity to the grounded symbol. */
  readonly relSim: Float64Array;
}

export interface SchemaAlternative {
  readonly index: number;
  readonly edges: readonly GroundedEdge[];
  /** Sum of the groundings' similarities (ranks the alternatives). */
  readonly score: number;
}

export async function schemaAlternatives(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, beam: number, aliases?: RelationAliases, signal?: AbortSignal): Promise<{ alternatives: SchemaAlternative[]; warnings: string[] }> {
  const R = snap.data.relationNames.length;
  const warnings: string[] = [];
  const phrases = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []));
  const dists = await relationDistances(snap, embedder, phrases, aliases, signal);
  const typeSim = relationCosines(snap);
  let pi = 0;
  // Per edge: the grounding options, best first.
  const options = plan.edges.map((e): { relation: string; grounding: number; relSim: Float64Array }[] => {
    const r = e.relation;
    if (r.kind === 'unknown') return [{ relation: '', grounding: 1, relSim: new Float64Array(R).fill(1) }];
    if (r.kind === 'type') {
      const id = snap.relationId(r.value);
      if (id < 0) {
        warnings.push(`relationship type ${r.value} (edge ${e.id}) is not in the graph: no candidates`);
        return [{ relation: r.value, grounding: 1, relSim: new Float64Array(R).fill(-Infinity) }];
      }
      // `:type` is the exact type in the IR (as for GSD's candidates): the other types are no candidates.
      const only = new Float64Array(R).fill(-Infinity);
      only[id] = 1;
      return [{ relation: r.value, grounding: 1, relSim: only }];
    }
    const { dist } = dists[pi++]!;
    const order = Array.from({ length: R }, (_, i) => ({ i, cos: 1 - (dist[i]! * dist[i]!) / 2 }))
      .sort((a, b) => b.cos - a.cos || a.i - b.i)
      .slice(0, Math.max(1, beam));
    return order.map((o) => ({ relation: snap.data.relationNames[o.i]!, grounding: o.cos, relSim: typeSim.subarray(o.i * R, (o.i + 1) * R).slice() }));
  });
  // Best-first combinations: enumerate every combination of the per-edge options (each ≤ beam
  // long) while the count stays small, else only single-edge deviations from the best.
  let combos: number[][] = [[]];
  const total = options.reduce((p, o) => p * o.length, 1);
  if (total <= 4096) {
    for (const o of options) combos = combos.flatMap((c) => o.map((_, i) => [...c, i]));
  } else {
    combos = [options.map(() => 0)];
    options.forEach((o, ei) => o.forEach((_, i) => i > 0 && combos.push(options.map((__, j) => (j === ei ? i : 0)))));
  }
  const scored = combos.map((c) => ({ c, score: c.reduce((s, i, ei) => s + options[ei]![i]!.grounding, 0) }));
  scored.sort((a, b) => b.score - a.score);
  const alternatives = scored.slice(0, Math.max(1, beam)).map((s, index) => ({
    index,
    score: s.score,
    edges: plan.edges.map((e, ei) => ({ edgeId: e.id, ...options[ei]![s.c[ei]!]! })),
  }));
  return { alternatives, warnings };
}

/** R × R cosines between the snapshot's relation embeddings (computed once per snapshot). */
const cosCache = new WeakMap<SearchIndex, Float64Array>();
export function relationCosines(snap: SearchIndex): Float64Array {
  let m = cosCache.get(snap);
  if (m) return m;
  const R = snap.data.relationNames.length;
  const dim = snap.data.dimension;
  const v = snap.data.relationVectors;
  m = new Float64Array(R * R);
  for (let a = 0; a < R; a++) {
    for (let b = 0; b < R; b++) {
      let dot = 0;
      let na = 0;
      let nb = 0;
      for (let j = 0; j < dim; j++) {
        const x = v[a * dim + j]!;
        const y = v[b * dim + j]!;
        dot += x * y;
        na += x * x;
        nb += y * y;
      }
      m[a * R + b] = a === b ? 1 : na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
    }
  }
  cosCache.set(snap, m);
  return m;
}
