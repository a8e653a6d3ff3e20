import { namesView, type Embedder } from '../../embed/embedder';
import { notFoundDistanceFor } from '../../embed/notFound';
import type { PlanningGraph } from '../../plan/planningGraph';
import type { SearchIndex } from '../snapshot/snapshot';
import type { RankedRows } from '../snapshot/vectorIndex';
import { RelationDomains } from '../domains';
import { packagedWordNet, resolveTypes, type LabelAliases, type TypeResolution } from '../labels';
import { graphVocabulary, relationDistances, unreadPhrase, unreadPhraseMessage, type RelationAliases } from '../relations';

/**
 * A planning graph resolved against a snapshot: SimGRAG's candidate sets C⁽ⁿ⁾ and C⁽ʳ⁾ (§5.1).
 * - a category (type word) → schema labels (labels.ts: exact, alias, is-a, nearest), a hard
 *   constraint on the node's candidates;
 * - soft text: the top-k⁽ⁿ⁾ nodes by L2 (within the labels);
 * - exact text / `name` property: the nodes with exactly that name, distance 0 (a hard constraint);
 * - no text (unknown): every node of the labels, distance 0 (Eq. 3);
 * - relation phrase: the top-k⁽ʳ⁾ relation types by L2 among those the endpoints' labels allow
 *   (domain/range, domains.ts); `:type`: that type, distance 0; unknown relation: every allowed
 *   type at distance 0;
 * - a type word that is not itself a label ("director", resolved to Person) also says which
 *   relation the node stands in: it is a second relation phrase ("role") for the node's edges, and
 *   an edge's relation distance is the mean over its phrase and its endpoints' roles.
 */
export interface NodeCandidates {
  readonly variable: string;
  /** Allowed label ids; null = any label; [] = none (a category that names no label: no candidates). */
  readonly labels: readonly number[] | null;
  /** Unknowns with labels: every node of those labels, ascending. */
  readonly members?: Uint32Array;
  /** How the category (type word) was resolved to labels. */
  readonly type?: TypeResolution;
  /** The type word, when it says more than a label: a relation phrase for the node's edges. */
  readonly role?: string;
  readonly known: boolean;
  /**
   * An unknown whose candidates are nevertheless the listed `nodes` (at their `dists`): why-not
   * pins a target to the expected answer's nodes without making it a named node (the match
   * semantics still treat it as unknown).
   */
  readonly pinned?: boolean;
  /** A target of the plan (`plan.targets`): non-injective search keeps it off known nodes' images. */
  readonly target: boolean;
  readonly patternText?: string;
  /** Known nodes: candidate node indices ascending by distance (ties: node index). */
  readonly nodes: Int32Array;
  readonly dists: Float64Array;
  /** node index → position in `nodes` (known nodes only). */
  readonly rankOf: RankOf;
  /** |C⁽ⁿ⁾|: for unknowns, the number of nodes of the category. */
  readonly count: number;
  readonly minDist: number;
}

/** A candidate list's positions by node index (a Map, or `DenseRanks` for a long list). */
export type RankOf = Pick<ReadonlyMap<number, number>, 'get' | 'has'>;

/** Lists longer than this get their positions in an array over the graph's nodes instead of a Map (why-not's widened lists: every node of a label). */
const DENSE_RANKS_FROM = 4096;

/** Positions of a long candidate list: one Int32Array over the node indices (−1: not listed). */
export class DenseRanks implements RankOf {
  private readonly at: Int32Array;
  constructor(nodes: Int32Array, nodeCount: number) {
    this.at = new Int32Array(nodeCount).fill(-1);
    // The last position of a node listed twice, as Map.set leaves it.
    for (let i = 0; i < nodes.length; i++) this.at[nodes[i]!] = i;
  }
  get(g: number): number | undefined {
    const r = this.at[g];
    return r === undefined || r < 0 ? undefined : r;
  }
  has(g: number): boolean {
    return this.get(g) !== undefined;
  }
}

/** A candidate list's positions: a Map, or DenseRanks above DENSE_RANKS_FROM. */
export function ranksOf(nodes: Int32Array, nodeCount: number): RankOf {
  if (nodes.length > DENSE_RANKS_FROM) return new DenseRanks(nodes, nodeCount);
  const m = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) m.set(nodes[i]!, i);
  return m;
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
  /** Types the endpoints' labels rule out, with why (for the explanation). */
  readonly excluded?: readonly { readonly rel: number; readonly reason: string }[];
  /** The roles (endpoint type words) averaged into the relation distances. */
  readonly roles?: readonly string[];
  readonly minDist: number;
}

/** A named node whose best candidate is far: probably not in the graph. */
export interface NotFound {
  readonly variable: string;
  readonly text: string;
  readonly nearest?: string;
  readonly distance?: number;
}

export interface GsdProblem {
  readonly nodes: readonly NodeCandidates[];
  readonly edges: readonly EdgeCandidates[];
  readonly warnings: readonly string[];
  readonly notFound: readonly NotFound[];
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
  /** Schema aliases of labels, for type words. */
  readonly labelAliases?: LabelAliases;
  /** k⁽ᵗ⁾ (default 1). */
  readonly typeCandidates?: number;
  /** A named node whose best candidate is at least this far is reported as not found (absent or 0: notFoundDistanceFor(embedder)). */
  readonly notFoundDistance?: number;
}


export async function buildProblem(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, opts: CandidateOptions, signal?: AbortSignal): Promise<GsdProblem> {
  const t0 = performance.now();
  const warnings: string[] = [];
  if (embedder.id !== snap.data.embedderId) throw new Error(`snapshot was embedded with ${snap.data.embedderId}, not ${embedder.id}`);
  const varIndex = new Map(plan.nodes.map((n, i) => [n.id, i] as const));
  const targets = new Set(plan.targets);
  const categories = [...new Set(plan.nodes.flatMap((n) => (n.category !== undefined ? [n.category] : [])))];
  const types = new Map((await resolveTypes(snap, embedder, categories, { ...(opts.labelAliases ? { labelAliases: opts.labelAliases } : {}), ...(opts.typeCandidates !== undefined ? { typeCandidates: opts.typeCandidates } : {}) }, signal)).map((t, i) => [categories[i]!, t] as const));
  const softNodes = plan.nodes.filter((n) => n.text?.kind === 'soft').map((n) => n.text!.value);
  const vecs = await namesView(embedder).embedBatch(softNodes, signal);
  const dim = embedder.dimension;
  let vi = 0;

  const domains = RelationDomains.of(snap);
  const inferred = inferLabels(plan, snap, domains, (n) => {
    const type = n.category !== undefined ? types.get(n.category) : undefined;
    return type === undefined || type.how === 'none' ? null : type.labels;
  });

  const resolved = plan.nodes.map((n, ni): Omit<NodeCandidates, 'target'> => {
    const type = n.category !== undefined ? types.get(n.category) : undefined;
    // A category that fits no label leaves the node unconstrained (said in a warning), never empty;
    // an untyped node takes the labels its typed neighbours leave it (inferLabels).
    const labels: readonly number[] | null = type === undefined || type.how === 'none' ? inferred[ni]! : type.labels;
    if (type?.how === 'none') warnings.push(`category ${n.category} of (${n.id}): ${type.detail}`);
    const role = type !== undefined && type.how !== 'exact' && n.text === undefined ? type.text : undefined;
    const typeInfo = type !== undefined ? { type, ...(role !== undefined ? { role } : {}) } : {};
    const props = n.properties ?? {};
    let exact: string | undefined = n.text?.kind === 'exact' ? n.text.value : undefined;
    for (const [key, value] of Object.entries(props)) {
      if (key === 'name') exact = String(value);
      else warnings.push(`property ${key} of (${n.id}) is not in the search snapshot (which holds names only): ignored by retrieval`);
    }
    const nodeLabel = snap.data.nodeLabel;
    const inLabels = (g: number): boolean => labels === null || labels.includes(nodeLabel[g]!);
    if (n.text?.kind === 'soft') {
      const q = vecs.subarray(vi * dim, (vi + 1) * dim);
      vi++;
      const mode = { mode: opts.vectorSearch ?? 'auto' } as const;
      const text = n.text.value;
      const hits =
        labels === null
          ? snap.searchNameRanked(text, q, opts.nodeCandidates, {}, mode)
          : mergeRanked(
              labels.map((label) => snap.searchNameRanked(text, q, opts.nodeCandidates, { labels: nodeLabel, label }, mode)),
              opts.nodeCandidates,
            );
      const filtered = exact !== undefined ? keepNamedExactly(hits, (g) => snap.names.get(g) === exact) : hits;
      return { ...known(n.id, labels, text, filtered.idx, filtered.dist, snap.nodeCount), ...typeInfo };
    }
    if (exact !== undefined) {
      const ids = Int32Array.from(snap.nodesNamed(exact).filter(inLabels));
      return { ...known(n.id, labels, exact, ids, new Float64Array(ids.length), snap.nodeCount), ...typeInfo };
    }
    // Counts from the graph (equal to the members' for an index of the whole graph; a plan-scoped index holds only some nodes).
    if (labels === null) return { variable: n.id, labels, known: false, nodes: new Int32Array(0), dists: new Float64Array(0), rankOf: new Map(), count: snap.graphNodeCount(), minDist: 0, ...typeInfo };
    const members = unionMembers(snap, labels);
    const count = [...new Set(labels)].reduce((s, l) => s + snap.labelSize(l), 0);
    return { variable: n.id, labels, members, known: false, nodes: new Int32Array(0), dists: new Float64Array(0), rankOf: new Map(), count, minDist: 0, ...typeInfo };
  });
  const nodes: NodeCandidates[] = resolved.map((c) => ({ ...c, target: targets.has(c.variable) }));

  const notFound: NotFound[] = [];
  // 0 (a setting left at its default) means the embedder's own: a threshold of 0 would flag every name.
  const threshold = opts.notFoundDistance ? opts.notFoundDistance : notFoundDistanceFor(embedder);
  for (const n of nodes) {
    if (!n.known || n.patternText === undefined) continue;
    const best = n.nodes.length > 0 ? n.nodes[0]! : -1;
    if (best >= 0 && n.dists[0]! < threshold) continue;
    const item: NotFound = { variable: n.variable, text: n.patternText, ...(best >= 0 ? { nearest: snap.names.get(best), distance: n.dists[0]! } : {}) };
    notFound.push(item);
    warnings.push(notFoundMessage(item));
  }

  // Labels an endpoint can have: its category's, else (a named node) those of its candidates.
  const endpointLabels = nodes.map((n): readonly number[] | null => {
    if (n.labels !== null) return n.labels;
    if (!n.known) return null;
    // Distinct, in the order of first appearance.
    const seen = new Uint8Array(snap.data.labelNames.length);
    const out: number[] = [];
    const nodeLabel = snap.data.nodeLabel;
    for (let i = 0; i < n.nodes.length; i++) {
      const l = nodeLabel[n.nodes[i]!]!;
      if (seen[l] === 0) {
        seen[l] = 1;
        out.push(l);
      }
    }
    return out;
  });
  const R = snap.data.relationNames.length;
  const edgeRoles = plan.edges.map((e) => [nodes[varIndex.get(e.source) ?? -1]?.role, nodes[varIndex.get(e.target) ?? -1]?.role].filter((r): r is string => r !== undefined));
  const phrases = [...new Set([...plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : [])), ...edgeRoles.flat()])];
  const phraseDist = new Map((await relationDistances(snap, embedder, phrases, opts.relationAliases, signal)).map((d, i) => [phrases[i]!, d] as const));

  let vocab: Set<string> | undefined;
  const vocabulary = (): Set<string> => (vocab ??= graphVocabulary(snap.data.relationNames, snap.data.labelNames, opts.relationAliases));
  const edges: EdgeCandidates[] = plan.edges.map((e, ei) => {
    const source = varIndex.get(e.source);
    const target = varIndex.get(e.target);
    if (source === undefined || target === undefined) throw new Error(`edge ${e.id} names an undeclared variable`);
    const relDist = new Float64Array(R).fill(Infinity);
    const relRank = new Int32Array(R);
    const r = e.relation;
    if (r.kind === 'type') {
      const id = snap.relationId(r.value);
      if (id < 0) warnings.push(`relationship type ${r.value} (edge ${e.id}) is not in the graph: no candidates`);
      else {
        relDist[id] = 0;
        relRank[id] = 1;
      }
      return { edgeId: e.id, source, target, known: true, patternText: r.value, relDist, relRank, rels: Int32Array.from(id < 0 ? [] : [id]), minDist: 0 };
    }
    const from = endpointLabels[source]!;
    const to = endpointLabels[target]!;
    const excluded: { rel: number; reason: string }[] = [];
    const allowedRels: number[] = [];
    const wanted = `${labelList(snap, from)}–${labelList(snap, to)}`;
    for (let x = 0; x < R; x++) {
      if (domains.fits(x, from, to)) allowedRels.push(x);
      else excluded.push({ rel: x, reason: `connects ${domains.describe(x, snap.data.labelNames)}, not ${wanted}` });
    }
    const roles = edgeRoles[ei]!;
    const texts = [...(r.kind === 'phrase' ? [r.value] : []), ...roles];
    const score = (x: number): number => {
      if (texts.length === 0) return 0;
      let sum = 0;
      for (const t of texts) sum += phraseDist.get(t)!.dist[x]!;
      return sum / texts.length;
    };
    const via = r.kind === 'phrase' ? phraseDist.get(r.value)!.via : undefined;
    const limit = r.kind === 'phrase' ? opts.relationCandidates : R;
    const order = allowedRels
      .map((i) => ({ i, d: score(i) }))
      .sort((a, b) => a.d - b.d || a.i - b.i)
      .slice(0, limit);
    order.forEach((o, rank) => {
      relDist[o.i] = o.d;
      relRank[o.i] = rank + 1;
    });
    const explain = { ...(excluded.length > 0 ? { excluded } : {}), ...(roles.length > 0 ? { roles } : {}) };
    if (r.kind === 'unknown') return { edgeId: e.id, source, target, known: roles.length > 0, ...(roles.length > 0 ? { patternText: roles.join(' / ') } : {}), relDist, relRank, rels: Int32Array.from(order, (o) => o.i), minDist: order[0]?.d ?? 0, ...explain };
    const unread = unreadPhrase(r.value, snap.data.relationNames, vocabulary(), packagedWordNet());
    if (unread) warnings.push(unreadPhraseMessage(unread, order[0] !== undefined ? snap.data.relationNames[order[0].i] : undefined) + ` (edge ${e.id})`);
    return { edgeId: e.id, source, target, known: true, patternText: r.value, relDist, relRank, rels: Int32Array.from(order, (o) => o.i), ...(via ? { via } : {}), minDist: order[0]?.d ?? 0, ...explain };
  });
  return { nodes, edges, warnings, notFound, candidatesMs: performance.now() - t0 };
}

export function notFoundMessage(n: NotFound): string {
  return n.nearest !== undefined
    ? `"${n.text}" (${n.variable}) is not in the graph as written: the nearest name is "${n.nearest}" (distance ${n.distance!.toFixed(2)})`
    : `"${n.text}" (${n.variable}) is not in the graph: no candidate at all`;
}

/**
 * Labels for untyped nodes from their typed neighbours (domain/range, one pass): a node joined by
 * an edge of type T (or any type, for phrases and unknown relations) to a node of label B can only
 * have a label that some allowed type connects to B. Sound, so the search stays exact; it lets a
 * SimGRAG topic string ("Titanic", untyped) search Movie nodes only when its neighbour is a
 * director. null = no narrowing (all labels remain).
 */
function inferLabels(plan: PlanningGraph, snap: SearchIndex, domains: RelationDomains, declared: (n: PlanningGraph['nodes'][number]) => readonly number[] | null): (readonly number[] | null)[] {
  const L = snap.data.labelNames.length;
  const R = snap.data.relationNames.length;
  const index = new Map(plan.nodes.map((n, i) => [n.id, i] as const));
  const own = plan.nodes.map(declared);
  const out: (readonly number[] | null)[] = [...own];
  plan.edges.forEach((e) => {
    const a = index.get(e.source);
    const b = index.get(e.target);
    if (a === undefined || b === undefined) return;
    const rels = e.relation.kind === 'type' ? (snap.relationId(e.relation.value) >= 0 ? [snap.relationId(e.relation.value)] : []) : null;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if (own[self] !== null || own[other] === null) continue;
      const next = domains.labelsNextTo(rels, own[other]!, R);
      const prior = out[self];
      out[self] = prior === null ? next : prior.filter((l) => next.includes(l));
    }
  });
  return out.map((ls, i) => (own[i] === null && ls !== null && ls.length === L ? null : ls));
}

function labelList(snap: SearchIndex, labels: readonly number[] | null): string {
  return labels === null ? 'any' : labels.map((l) => snap.data.labelNames[l]).join('|');
}

/** Every node of any of the labels, ascending (one label: the snapshot's own list). */
function unionMembers(snap: SearchIndex, labels: readonly number[]): Uint32Array {
  if (labels.length === 1) return snap.membersOf(labels[0]!);
  const all = labels.flatMap((l) => Array.from(snap.membersOf(l)));
  return Uint32Array.from(new Set(all)).sort();
}

function known(variable: string, labels: readonly number[] | null, patternText: string, ids: Int32Array, dists: Float64Array, nodeCount: number): Omit<NodeCandidates, 'target'> {
  const nodes = Int32Array.from(ids);
  let minDist = Infinity;
  for (let i = 0; i < dists.length; i++) if (dists[i]! < minDist) minDist = dists[i]!;
  return {
    variable,
    labels,
    known: true,
    patternText,
    nodes,
    dists: Float64Array.from(dists),
    rankOf: ranksOf(nodes, nodeCount),
    count: ids.length,
    minDist: dists.length > 0 ? minDist : 0,
  };
}

/**
 * The first k of several lists ranked by (distance, row), merged in that order (one list per
 * label of a node's category): what sorting their concatenation and keeping k gives.
 */
function mergeRanked(lists: readonly RankedRows[], k: number): RankedRows {
  if (lists.length === 1 && lists[0]!.idx.length <= k) return lists[0]!;
  let total = 0;
  for (const l of lists) total += l.idx.length;
  const n = Math.min(k, total);
  const idx = new Int32Array(n);
  const dist = new Float64Array(n);
  const at = new Int32Array(lists.length);
  for (let o = 0; o < n; o++) {
    let best = -1;
    for (let j = 0; j < lists.length; j++) {
      const l = lists[j]!;
      const i = at[j]!;
      if (i >= l.idx.length) continue;
      if (best < 0) {
        best = j;
        continue;
      }
      const b = lists[best]!;
      const d = l.dist[i]!;
      const bd = b.dist[at[best]!]!;
      if (d < bd || (d === bd && l.idx[i]! < b.idx[at[best]!]!)) best = j;
    }
    const l = lists[best]!;
    idx[o] = l.idx[at[best]!]!;
    dist[o] = l.dist[at[best]!]!;
    at[best]++;
  }
  return { idx, dist };
}

/** The rows of a ranked list whose name passes (a soft text with an exact `name` as well). */
function keepNamedExactly(r: RankedRows, keep: (g: number) => boolean): RankedRows {
  const idx: number[] = [];
  const dist: number[] = [];
  for (let i = 0; i < r.idx.length; i++) {
    if (!keep(r.idx[i]!)) continue;
    idx.push(r.idx[i]!);
    dist.push(r.dist[i]!);
  }
  return { idx: Int32Array.from(idx), dist: Float64Array.from(dist) };
}
