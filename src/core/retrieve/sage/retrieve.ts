import { namesView, type Embedder } from '../../embed/embedder';
import type { Neighbour, StoreKind } from '../../graph/graphStore';
import { DEFAULT_STRATEGIES, type PlanningGraph, type SageStrategy } from '../../plan/planningGraph';
import { allowedLabels as allowedLabelIds, resolvePlanTypes, type PlanTypes } from '../labels';
import { bm25For } from '../mor/bm25';
import { nearestRelations, type RelationAliases } from '../relations';
import type { Answer, RetrievalResult, SageCandidate, SageScored, SageTrace } from '../result';
import { relationText, type SearchIndex } from '../snapshot/snapshot';
import { distanceToRow, normSq } from '../snapshot/vectorIndex';
import { documentBm25, fuse } from './fusion';
import { memoryAdjacency, type EdgeSource } from '../store/storeEdges';

/**
 * SAGE seed-and-expand (§2.2, Listing 1) over a snapshot:
 *   S = TopK(hybrid(q), k) ∪ the plan's named entities;  N = OneHopNeighbours(S);
 *   R = TopK(BM25+dense rerank(q, N), k′);  return S ∪ R.
 * The query q is the question plus the plan's relation phrases (the plan says what it asks for in
 * words the graph may use). Options: "-Edge" (edgePolicy skip-explicit): a seed that the plan
 * names and whose plan edges are explicit is expanded along those edges only (the paper skips
 * expansion when the Cypher already has explicit edges); "+Edge": every seed is expanded freely.
 * `constrained` (SPARK): every expansion keeps only the plan's relation types and categories; on
 * a store it runs as the store's parameterised expand query (Cypher) through `expand`.
 * One expansion is the design: what lies two hops from every seed is never reached.
 */
export interface SageRunOptions {
  readonly strategy?: Partial<Omit<SageStrategy, 'kind'>>;
  readonly id?: string;
  readonly store?: { readonly kind: StoreKind; readonly description: string };
  readonly relationAliases?: RelationAliases;
  /** The plan's type words resolved (labels.ts); resolved here when absent (a direct call). */
  readonly types?: PlanTypes;
  readonly signal?: AbortSignal;
  /** Runs a filtered one-hop expansion on the store (GraphStore.expand); used for constrained expansion. */
  readonly expand?: (nodeIds: readonly string[], types: readonly string[], label: string | undefined) => Promise<readonly Neighbour[]>;
  /** Neighbours reranked with the dense term at most (default SAGE_MAX_SCORED). */
  readonly maxScored?: number;
  /** Store placement: the seeds' edges are read from here (one batched statement, retrieve/store/storeEdges.ts) instead of the snapshot. */
  readonly edges?: EdgeSource;
}

/**
 * Neighbours reranked with the dense term at most: above it, the best by BM25 (docs/scale.md).
 * Twice the most MetaQA ×1 can give with the default k = 5 (its five largest degrees sum to
 * 10,771), so it cuts nothing there; MetaQA ×40's hubs have 160,000 neighbours each.
 */
export const SAGE_MAX_SCORED = 20_000;

/** The expansion's candidates in typed arrays, and a visited mark per node (one per run: runs may interleave at awaits). */
class Expansion {
  readonly mark: Uint8Array;
  node = new Int32Array(1024);
  seed = new Int32Array(1024);
  rel = new Uint16Array(1024);
  out = new Uint8Array(1024);
  bm = new Float64Array(1024);
  constructor(nodes: number) {
    this.mark = new Uint8Array(nodes);
  }
  grow(): void {
    const n = this.node.length * 2;
    const g = <T extends Int32Array | Uint16Array | Uint8Array>(a: T, C: new (n: number) => T): T => {
      const b = new C(n);
      b.set(a);
      return b;
    };
    this.node = g(this.node, Int32Array);
    this.seed = g(this.seed, Int32Array);
    this.rel = g(this.rel, Uint16Array);
    this.out = g(this.out, Uint8Array);
  }
}

/**
 * The candidates to rerank, in offer order: all of them within `max`; above it, the `max` best by
 * BM25, then by their relation's cosine with the query, then by node index (a typed sort of the
 * ones with BM25 > 0; the others by relation, then node).
 */
function scoredCandidates(x: Expansion, n: number, bmOf: Float64Array, relDense: Float64Array, max: number): Int32Array {
  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  if (n <= max) return all;
  const positive: number[] = [];
  const zero: number[] = [];
  for (let i = 0; i < n; i++) (bmOf[i]! > 0 ? positive : zero).push(i);
  positive.sort((a, b) => bmOf[b]! - bmOf[a]! || (relDense[x.rel[b]!] ?? 0) - (relDense[x.rel[a]!] ?? 0) || x.node[a]! - x.node[b]!);
  const chosen = positive.slice(0, max);
  if (chosen.length < max) {
    zero.sort((a, b) => (relDense[x.rel[b]!] ?? 0) - (relDense[x.rel[a]!] ?? 0) || x.node[a]! - x.node[b]!);
    for (let i = 0; chosen.length < max; i++) chosen.push(zero[i]!);
  }
  // Back to offer order: the rerank below sorts by fused score, ties by node, as without a cut.
  return Int32Array.from(chosen).sort();
}

/** `snap`: the snapshot (memory), or the search index without the graph with `options.edges` (store placement). */
export async function retrieveSage(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, options: SageRunOptions = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  if (embedder.id !== snap.data.embedderId) throw new Error(`snapshot was embedded with ${snap.data.embedderId}, not ${embedder.id}`);
  const base = plan.strategy.kind === 'sage' ? plan.strategy : DEFAULT_STRATEGIES.sage;
  const s: SageStrategy = { ...base, ...options.strategy, kind: 'sage' };
  const d = snap.data;
  const warnings: string[] = [];
  const bm = bm25For(snap);
  // Type words → labels by the one resolver every strategy uses ("year" → Year).
  const types = options.types ?? (await resolvePlanTypes(plan, snap, embedder, {}, options.signal));
  const labelsOfVar = (variable: string): readonly number[] | null => allowedLabelIds(types, variable);

  // ---- The query: question ⊕ relation phrases the question does not already hold ----------------
  const question = plan.question ?? plan.nodes.map((n) => n.text?.value ?? '').join(' ').trim();
  const phrases = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : e.relation.kind === 'type' ? [relationText(e.relation.value)] : []));
  const extra = [...new Set(phrases)].filter((p) => !question.toLowerCase().includes(p.toLowerCase()));
  const query = [question, ...extra].join(' ').trim();
  if (query === '') warnings.push('the plan has neither a question nor any text: sage has nothing to match');
  const q = bm.query(query);
  // Node rows are in the names view, relation rows in the phrase view: the query in each.
  const qv = await namesView(embedder).embedBatch([query], options.signal);
  const qn = normSq(qv);
  const dense = (v: number): number => {
    const dist = distanceToRow(d.nodeVectors, qv, qn, v);
    return Math.max(-1, Math.min(1, 1 - (dist * dist) / 2));
  };
  const rv = namesView(embedder) === embedder ? qv : await embedder.embedBatch([query], options.signal);
  const relDense = relationCosines(snap, rv, normSq(rv));

  // ---- Seeds: hybrid top-k ∪ the plan's named entities ------------------------------------------
  const pool = Math.max(50, 4 * s.k);
  const bmHits = bm.topK(q, pool);
  const denseHits = query === '' ? [] : snap.index.search(qv, pool, {}, { mode: 'auto' });
  const poolScores = new Map<number, number>();
  for (const h of bmHits) poolScores.set(h.index, h.score);
  for (const h of denseHits) if (!poolScores.has(h.index)) poolScores.set(h.index, bm.score(q, h.index));
  let best = 0;
  for (const v of poolScores.values()) if (v > best) best = v;
  const scoredPool = [...poolScores].map(([v, b]) => {
    const dn = dense(v);
    const f = fuse(s.alpha, s.beta, b, best, dn);
    return { v, bm25: f.bm25, dense: dn, fused: f.fused };
  });
  scoredPool.sort((a, b) => b.fused - a.fused || a.v - b.v);
  const seeds = new Map<number, SageScored & { v: number }>();
  for (const x of scoredPool.slice(0, s.k)) seeds.set(x.v, { v: x.v, nodeId: d.nodeIds.get(x.v), name: d.names.get(x.v), source: 'hybrid', bm25: x.bm25, dense: x.dense, fused: x.fused });
  const namedImage = new Map<number, string>(); // graph node → plan variable
  for (const n of plan.nodes) {
    const nameProp = n.properties?.['name'];
    const text = nameProp !== undefined ? String(nameProp) : n.text?.value;
    if (text === undefined) continue;
    const labels = labelsOfVar(n.id);
    let v: number | undefined;
    if (nameProp !== undefined || n.text?.kind === 'exact') v = snap.nodesNamed(text).find((x) => labels === null || labels.includes(d.nodeLabel[x]!));
    else {
      const tv = await namesView(embedder).embedBatch([text], options.signal);
      const hits = labels === null ? snap.searchName(text, tv, 1) : labels.flatMap((label) => snap.searchName(text, tv, 1, { labels: d.nodeLabel, label }));
      v = hits.sort((a, b) => a.distance - b.distance || a.index - b.index)[0]?.index;
    }
    if (v === undefined) continue;
    namedImage.set(v, n.id);
    const prev = seeds.get(v);
    if (prev) seeds.set(v, { ...prev, source: 'both' });
    else {
      const dn = dense(v);
      const f = fuse(s.alpha, s.beta, bm.score(q, v), best, dn);
      seeds.set(v, { v, nodeId: d.nodeIds.get(v), name: d.names.get(v), source: 'plan', bm25: f.bm25, dense: dn, fused: f.fused });
    }
  }
  const t1 = performance.now();

  // ---- Allowed types and labels (SPARK / -Edge) ----------------------------------------------------
  const nearest = await nearestRelations(snap, embedder, plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : [])), options.signal, options.relationAliases);
  const typeOfEdge = (e: PlanningGraph['edges'][number]): string | undefined => (e.relation.kind === 'type' ? e.relation.value : e.relation.kind === 'phrase' ? nearest.get(e.relation.value)?.type : undefined);
  const anyType = plan.edges.length === 0 || plan.edges.some((e) => e.relation.kind === 'unknown');
  const allowedTypes = anyType ? [] : [...new Set(plan.edges.map(typeOfEdge).filter((t): t is string => t !== undefined))];
  // Constrained: the labels the plan's nodes resolve to; one node of any label leaves every label open.
  const perNode = plan.nodes.map((n) => labelsOfVar(n.id));
  const labelIds = new Set(perNode.some((l) => l === null) ? [] : perNode.flatMap((l) => l ?? []));
  const allowedLabels = [...labelIds].sort((a, b) => a - b).map((l) => d.labelNames[l]!);
  const typeIds = new Set(allowedTypes.map((t) => snap.relationId(t)));

  // -Edge: per named seed, the explicit plan edges leaving it (their types and far-end labels).
  const explicitFrom = (v: number): { types: Set<number>; labels: Set<number>; edges: string[] } | undefined => {
    const variable = namedImage.get(v);
    if (variable === undefined) return undefined;
    const incident = plan.edges.filter((e) => (e.source === variable || e.target === variable) && e.relation.kind !== 'unknown');
    if (incident.length === 0) return undefined;
    const types = new Set<number>();
    const labels = new Set<number>();
    for (const e of incident) {
      types.add(snap.relationId(typeOfEdge(e) ?? ''));
      const other = labelsOfVar(e.source === variable ? e.target : e.source);
      if (other === null) labels.add(-1);
      else for (const l of other) labels.add(l);
    }
    return { types, labels, edges: incident.map((e) => `${e.id} (${typeOfEdge(e) ?? '?'})`) };
  };

  // ---- One-hop expansion -----------------------------------------------------------------------------
  // Candidates in typed arrays (a hub seed has hundreds of thousands of neighbours at MetaQA ×40).
  const x = new Expansion(snap.nodeCount);
  const visited = x.mark;
  let nCand = 0;
  const skipped: SageTrace['skipped'][number][] = [];
  const offer = (node: number, seed: number, rel: number, direction: 'out' | 'in'): void => {
    if (visited[node] === 1 || seeds.has(node)) return;
    visited[node] = 1;
    if (nCand === x.node.length) x.grow();
    x.node[nCand] = node;
    x.seed[nCand] = seed;
    x.rel[nCand] = rel;
    x.out[nCand] = direction === 'out' ? 1 : 0;
    nCand++;
  };
  const storeExpansion = s.constrained && options.expand !== undefined;
  if (storeExpansion) {
    // SPARK on a store: the store's own filtered expand query (parameterised Cypher), per allowed label.
    const ids = [...seeds.values()].map((x) => x.nodeId);
    const labels = allowedLabels.length > 0 ? allowedLabels : [undefined];
    const seedOrder = new Map([...seeds.keys()].map((v, i) => [v, i] as const));
    const rows: { v: number; seed: number; rel: number; out: boolean }[] = [];
    for (const label of labels) {
      for (const nb of await options.expand!(ids, allowedTypes, label)) {
        const v = snap.nodeIndexOf(nb.node.id);
        const seed = snap.nodeIndexOf(nb.from);
        if (v === undefined || seed === undefined) continue;
        rows.push({ v, seed, rel: snap.relationId(nb.type), out: nb.direction === 'out' });
      }
    }
    // The store returns rows in whatever order its threads finish, and the first edge offered to a
    // neighbour is the one kept: a fixed order (seed, out before in, relation, node) keeps runs equal.
    rows.sort((a, b) => (seedOrder.get(a.seed) ?? 0) - (seedOrder.get(b.seed) ?? 0) || Number(b.out) - Number(a.out) || a.rel - b.rel || a.v - b.v);
    for (const r of rows) offer(r.v, r.seed, r.rel, r.out ? 'out' : 'in');
  } else {
    const filters = [...seeds.values()].map((seed) => {
      let tFilter = s.constrained && typeIds.size > 0 ? typeIds : undefined;
      let lFilter = s.constrained && labelIds.size > 0 ? labelIds : undefined;
      if (s.edgePolicy === 'skip-explicit') {
        const ex = explicitFrom(seed.v);
        if (ex) {
          tFilter = ex.types;
          lFilter = ex.labels.has(-1) ? undefined : ex.labels;
          skipped.push({ nodeId: seed.nodeId, name: seed.name, reason: `explicit plan edges ${ex.edges.join(', ')} lead from here: expanded along them only` });
        }
      }
      return { u: seed.v, tFilter, lFilter };
    });
    // In the store: every seed's edges of the types some seed follows, in one statement, numbered as the index.
    const g = options.edges ? await options.edges.edgesOf(filters.map((f) => f.u), typesFollowed(filters, d.relationNames.length)) : memoryAdjacency(snap);
    for (const { u, tFilter, lFilter } of filters) {
      for (let dir = 0; dir < 2; dir++) {
        const offs = dir === 0 ? g.outOffsets : g.inOffsets;
        const others = dir === 0 ? g.outTargets : g.inSources;
        const rels = dir === 0 ? g.outRels : g.inRels;
        for (let j = offs[u]!; j < offs[u + 1]!; j++) {
          if (tFilter && !tFilter.has(rels[j]!)) continue;
          const v = others[j]!;
          if (lFilter && !lFilter.has(d.nodeLabel[v]!)) continue;
          offer(v, u, rels[j]!, dir === 0 ? 'out' : 'in');
        }
      }
    }
  }

  // ---- Rerank by the same fused score; keep k′ ------------------------------------------------------
  const relQueries = new Map<number, ReturnType<typeof bm.query>>();
  const relQuery = (rel: number): ReturnType<typeof bm.query> => {
    let rq = relQueries.get(rel);
    if (!rq) relQueries.set(rel, (rq = bm.query(relationText(d.relationNames[rel] ?? ''))));
    return rq;
  };
  // BM25 of every candidate (the index alone: no row is read); the dense term reads each row, so
  // above the budget only the best by BM25 (then by the relation's cosine, then node order) get it.
  const bmOf = x.bm.length >= nCand ? x.bm : (x.bm = new Float64Array(nCand));
  let bestC = 0;
  for (let i = 0; i < nCand; i++) {
    const b = documentBm25(bm, q, x.node[i]!, relQuery(x.rel[i]!));
    bmOf[i] = b;
    if (b > bestC) bestC = b;
  }
  const order = scoredCandidates(x, nCand, bmOf, relDense, options.maxScored ?? SAGE_MAX_SCORED);
  if (order.length < nCand) {
    warnings.push(
      `sage's candidate budget cut the expansion: the seeds have ${nCand.toLocaleString('en-US')} neighbours; only the ${order.length.toLocaleString('en-US')} best by BM25 (then by their relation's similarity, then node order) were reranked with the dense term — the others are not ranked, and a neighbour among them can be missing from the answers`,
    );
  }
  const raw = Array.from(order, (i) => ({ c: { node: x.node[i]!, seed: x.seed[i]!, rel: x.rel[i]!, direction: x.out[i] === 1 ? ('out' as const) : ('in' as const) }, bm: bmOf[i]!, dn: (dense(x.node[i]!) + (relDense[x.rel[i]!] ?? 0)) / 2 }));
  const reranked = raw
    .map((r) => ({ ...r, ...fuse(s.alpha, s.beta, r.bm, bestC, r.dn) }))
    .sort((a, b) => b.fused - a.fused || a.c.node - b.c.node);
  const candidates: SageCandidate[] = reranked.slice(0, 200).map((r, i) => ({
    nodeId: d.nodeIds.get(r.c.node),
    name: d.names.get(r.c.node),
    source: 'neighbour',
    bm25: r.bm25,
    dense: r.dn,
    fused: r.fused,
    seed: d.nodeIds.get(r.c.seed),
    edgeType: d.relationNames[r.c.rel] ?? '',
    direction: r.c.direction,
    rank: i + 1,
    kept: i < s.kPrime,
  }));
  const t2 = performance.now();

  // ---- Final set: seeds ∪ kept neighbours; answers exclude the entities the plan names ------------
  const final: (SageScored & { v: number })[] = [...seeds.values()];
  for (const r of reranked.slice(0, s.kPrime)) final.push({ v: r.c.node, nodeId: d.nodeIds.get(r.c.node), name: d.names.get(r.c.node), source: 'neighbour', bm25: r.bm25, dense: r.dn, fused: r.fused });
  final.sort((a, b) => b.fused - a.fused || a.v - b.v);
  const answers: Answer[] = [];
  const seen = new Set<string>();
  for (const f of final) {
    if (namedImage.has(f.v) || seen.has(f.name)) continue;
    seen.add(f.name);
    answers.push({ value: f.name, nodeId: f.nodeId, score: f.fused });
  }
  const strip = ({ v: _v, ...rest }: SageScored & { v: number }): SageScored => rest;
  const trace: SageTrace = {
    alpha: s.alpha,
    beta: s.beta,
    k: s.k,
    kPrime: s.kPrime,
    edgePolicy: s.edgePolicy,
    constrained: s.constrained,
    query,
    seeds: [...seeds.values()].sort((a, b) => b.fused - a.fused).map(strip),
    candidates,
    candidateCount: nCand,
    skipped,
    allowedTypes,
    allowedLabels,
    final: final.map(strip),
  };
  const t3 = performance.now();
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'sage',
    store: options.store ?? { kind: 'embedded', description: 'snapshot ' + d.fingerprint },
    answers,
    subgraphs: [],
    sage: trace,
    timings: { totalMs: t3 - t0, candidatesMs: t1 - t0, searchMs: t2 - t1 },
    stats: { k: s.k, kPrime: s.kPrime, alpha: s.alpha, beta: s.beta, constrained: s.constrained ? 1 : 0, skipExplicit: s.edgePolicy === 'skip-explicit' ? 1 : 0, seeds: seeds.size, candidates: nCand, reranked: reranked.length, storeExpansion: storeExpansion ? 1 : 0 },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** The relation types any seed follows (1 by relation id; null: some seed follows every type). */
function typesFollowed(filters: readonly { readonly tFilter: ReadonlySet<number> | undefined }[], relations: number): Uint8Array | null {
  const mask = new Uint8Array(relations);
  for (const f of filters) {
    if (!f.tFilter) return null;
    for (const r of f.tFilter) if (r >= 0) mask[r] = 1;
  }
  return mask;
}

/** Cosine of the query with every relation type's text. */
function relationCosines(snap: SearchIndex, qv: Float32Array, qn: number): Float64Array {
  const R = snap.data.relationNames.length;
  const dim = snap.data.dimension;
  const v = snap.data.relationVectors;
  const out = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    let dot = 0;
    let nr = 0;
    for (let j = 0; j < dim; j++) {
      dot += v[r * dim + j]! * qv[j]!;
      nr += v[r * dim + j]! * v[r * dim + j]!;
    }
    out[r] = nr > 0 && qn > 0 ? dot / Math.sqrt(nr * qn) : 0;
  }
  return out;
}
