import type { Embedder } from '../../embed/embedder';
import type { PlanningGraph } from '../../plan/planningGraph';
import type { GraphSnapshot } from '../snapshot/snapshot';
import { relationDistances, type RelationAliases } from '../relations';

/**
 * A planning graph resolved against a snapshot: SimGRAG's candidate sets C⁽ⁿ⁾ and C⁽ʳ⁾ (§5.1).
 * - soft text: the top-k⁽ⁿ⁾ nodes by L2 (within the category, a hard label constraint);
 * - exact text / `name` property: the nodes with exactly that name, distance 0 (a hard constraint);
 * - no text (unknown): every node of the category, distance 0 (Eq. 3);
 * - relation phrase: the top-k⁽ʳ⁾ relation types by L2; `:type`: that type, distance 0;
 *   unknown relation: every type at distance 0.
 */
export interface NodeCandidates {
  readonly variable: string;
  /** Index into snapshot label names; -1 = any label. */
  readonly label: number;
  readonly known: boolean;
  /** A target of the plan (`plan.targets`): non-injective search keeps it off known nodes' images. */
  readonly target: boolean;
  readonly patternText?: string;
  /** Known nodes: candidate node indices ascending by distance (ties: node index). */
  readonly nodes: Int32Array;
  readonly dists: Float64Array;
  /** node index → position in `nodes` (known nodes only). */
  readonly rankOf: Map<number, number>;
  /** |C⁽ⁿ⁾|: for unknowns, the number of nodes of the category. */
  readonly count: number;
  readonly minDist: number;
}

export interface EdgeCandidates {
  readonly edgeId: string;
  readonly source: number; // pattern node index
  readonly target: number;
  readonly known: boolean;
  readonly patternText?: string;
  /** Per relation type: distance, +∞ when not a candidate. */
  readonly relDist: Float64Array;
  /** Per relation type: 1-based rank among candidates, 0 when not a candidate. */
  readonly relRank: Int32Array;
  /** Candidate relation ids ascending by distance. */
  readonly rels: Int32Array;
  /** Per relation type: the schema alias that matched, when it was nearer than the name. */
  readonly via?: readonly (string | undefined)[];
  readonly minDist: number;
}

export interface GsdProblem {
  readonly nodes: readonly NodeCandidates[];
  readonly edges: readonly EdgeCandidates[];
  readonly warnings: readonly string[];
  /** Vector search wall time. */
  readonly candidatesMs: number;
}

export interface CandidateOptions {
  readonly nodeCandidates: number;
  readonly relationCandidates: number;
  /** Node vector search: exact, or 'auto' (approximate above 250k nodes; see VectorIndex.search). Default 'auto'. */
  readonly vectorSearch?: 'exact' | 'approximate' | 'auto';
  /** Schema aliases: a relationship type matches a phrase as well as its nearest alias does. */
  readonly relationAliases?: RelationAliases;
}

export async function buildProblem(plan: PlanningGraph, snap: GraphSnapshot, embedder: Embedder, opts: CandidateOptions, signal?: AbortSignal): Promise<GsdProblem> {
  const t0 = performance.now();
  const warnings: string[] = [];
  if (embedder.id !== snap.data.embedderId) throw new Error(`snapshot was embedded with ${snap.data.embedderId}, not ${embedder.id}`);
  const varIndex = new Map(plan.nodes.map((n, i) => [n.id, i] as const));
  const targets = new Set(plan.targets);
  const softNodes = plan.nodes.filter((n) => n.text?.kind === 'soft').map((n) => n.text!.value);
  const softRels = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []));
  const vecs = await embedder.embedBatch(softNodes, signal);
  const relDists = await relationDistances(snap, embedder, softRels, opts.relationAliases, signal);
  let ri = 0;
  const dim = embedder.dimension;
  let vi = 0;

  const resolved = plan.nodes.map((n): Omit<NodeCandidates, 'target'> => {
    let label = -1;
    if (n.category !== undefined) {
      label = snap.labelId(n.category);
      if (label < 0) warnings.push(`category ${n.category} of (${n.id}) is not a label of the graph: no candidates`);
    }
    const props = n.properties ?? {};
    let exact: string | undefined = n.text?.kind === 'exact' ? n.text.value : undefined;
    for (const [key, value] of Object.entries(props)) {
      if (key === 'name') exact = String(value);
      else warnings.push(`property ${key} of (${n.id}) is not in the search snapshot (which holds names only): ignored by gsd`);
    }
    const labelMissing = n.category !== undefined && label < 0;
    if (n.text?.kind === 'soft') {
      const q = vecs.subarray(vi * dim, (vi + 1) * dim);
      vi++;
      const hits = labelMissing ? [] : snap.index.search(q, opts.nodeCandidates, label >= 0 ? { labels: snap.data.nodeLabel, label } : {}, { mode: opts.vectorSearch ?? 'auto' });
      const filtered = exact !== undefined ? hits.filter((h) => snap.names[h.index] === exact) : hits;
      return known(n.id, label, n.text.value, filtered.map((h) => h.index), filtered.map((h) => h.distance));
    }
    if (exact !== undefined) {
      const ids = labelMissing ? [] : snap.nodesNamed(exact).filter((i) => label < 0 || snap.data.nodeLabel[i] === label);
      return known(n.id, label, exact, ids, ids.map(() => 0));
    }
    const count = labelMissing ? 0 : label >= 0 ? snap.membersOf(label).length : snap.nodeCount;
    return { variable: n.id, label: labelMissing ? -2 : label, known: false, nodes: new Int32Array(0), dists: new Float64Array(0), rankOf: new Map(), count, minDist: 0 };
  });
  const nodes: NodeCandidates[] = resolved.map((c) => ({ ...c, target: targets.has(c.variable) }));

  const R = snap.data.relationNames.length;
  const edges: EdgeCandidates[] = plan.edges.map((e) => {
    const source = varIndex.get(e.source);
    const target = varIndex.get(e.target);
    if (source === undefined || target === undefined) throw new Error(`edge ${e.id} names an undeclared variable`);
    const relDist = new Float64Array(R).fill(Infinity);
    const relRank = new Int32Array(R);
    const r = e.relation;
    if (r.kind === 'unknown') {
      relDist.fill(0);
      const rels = Int32Array.from({ length: R }, (_, i) => i);
      rels.forEach((x, i) => (relRank[x] = i + 1));
      return { edgeId: e.id, source, target, known: false, relDist, relRank, rels, minDist: 0 };
    }
    if (r.kind === 'type') {
      const id = snap.relationId(r.value);
      if (id < 0) warnings.push(`relationship type ${r.value} (edge ${e.id}) is not in the graph: no candidates`);
      else {
        relDist[id] = 0;
        relRank[id] = 1;
      }
      return { edgeId: e.id, source, target, known: true, patternText: r.value, relDist, relRank, rels: Int32Array.from(id < 0 ? [] : [id]), minDist: 0 };
    }
    const { dist, via } = relDists[ri++]!;
    const order = Array.from({ length: R }, (_, i) => ({ i, d: dist[i]! }))
      .sort((a, b) => a.d - b.d || a.i - b.i)
      .slice(0, opts.relationCandidates);
    order.forEach((o, rank) => {
      relDist[o.i] = o.d;
      relRank[o.i] = rank + 1;
    });
    return { edgeId: e.id, source, target, known: true, patternText: r.value, relDist, relRank, rels: Int32Array.from(order, (o) => o.i), via, minDist: order[0]?.d ?? 0 };
  });
  return { nodes, edges, warnings, candidatesMs: performance.now() - t0 };
}

function known(variable: string, label: number, patternText: string, ids: readonly number[], dists: readonly number[]): Omit<NodeCandidates, 'target'> {
  const rankOf = new Map<number, number>();
  ids.forEach((x, i) => rankOf.set(x, i));
  return {
    variable,
    label,
    known: true,
    patternText,
    nodes: Int32Array.from(ids),
    dists: Float64Array.from(dists),
    rankOf,
    count: ids.length,
    minDist: dists.length > 0 ? Math.min(...dists) : 0,
  };
}
