import type { Embedder } from '../../embed/embedder';
import type { Neighbour, StoreKind } from '../../graph/graphStore';
import { DEFAULT_STRATEGIES, type PlanningGraph, type SageStrategy } from '../../plan/planningGraph';
import { bm25For } from '../mor/bm25';
import { nearestRelations, type RelationAliases } from '../relations';
import type { Answer, RetrievalResult, SageCandidate, SageScored, SageTrace } from '../result';
import { relationText, type GraphSnapshot } from '../snapshot/snapshot';
import { distanceToRow, normSq } from '../snapshot/vectorIndex';
import { documentBm25, fuse } from './fusion';

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
  readonly signal?: AbortSignal;
  /** Runs a filtered one-hop expansion on the store (GraphStore.expand); used for constrained expansion. */
  readonly expand?: (nodeIds: readonly string[], types: readonly string[], label: string | undefined) => Promise<readonly Neighbour[]>;
}

interface Cand {
  node: number;
  seed: number;
  rel: number;
  direction: 'out' | 'in';
}

export async function retrieveSage(plan: PlanningGraph, snap: GraphSnapshot, embedder: Embedder, options: SageRunOptions = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  if (embedder.id !== snap.data.embedderId) throw new Error(`snapshot was embedded with ${snap.data.embedderId}, not ${embedder.id}`);
  const base = plan.strategy.kind === 'sage' ? plan.strategy : DEFAULT_STRATEGIES.sage;
  const s: SageStrategy = { ...base, ...options.strategy, kind: 'sage' };
  const d = snap.data;
  const warnings: string[] = [];
  const bm = bm25For(snap);

  // ---- The query: question ⊕ relation phrases the question does not already hold ----------------
  const question = plan.question ?? plan.nodes.map((n) => n.text?.value ?? '').join(' ').trim();
  const phrases = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : e.relation.kind === 'type' ? [relationText(e.relation.value)] : []));
  const extra = [...new Set(phrases)].filter((p) => !question.toLowerCase().includes(p.toLowerCase()));
  const query = [question, ...extra].join(' ').trim();
  if (query === '') warnings.push('the plan has neither a question nor any text: sage has nothing to match');
  const q = bm.query(query);
  const qv = await embedder.embedBatch([query], options.signal);
  const qn = normSq(qv);
  const dense = (v: number): number => {
    const dist = distanceToRow(d.nodeVectors, qv, qn, v);
    return Math.max(-1, Math.min(1, 1 - (dist * dist) / 2));
  };
  const relDense = relationCosines(snap, qv, qn);

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
    const label = n.category !== undefined ? snap.labelId(n.category) : -1;
    if (n.category !== undefined && label < 0) continue;
    let v: number | undefined;
    if (nameProp !== undefined || n.text?.kind === 'exact') v = snap.nodesNamed(text).find((x) => label < 0 || d.nodeLabel[x] === label);
    else {
      const tv = await embedder.embedBatch([text], options.signal);
      v = snap.index.search(tv, 1, label >= 0 ? { labels: d.nodeLabel, label } : {}, { mode: 'auto' })[0]?.index;
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
  const categories = [...new Set(plan.nodes.flatMap((n) => (n.category !== undefined ? [n.category] : [])))];
  const allowedLabels = plan.nodes.some((n) => n.category === undefined) ? [] : categories;
  const typeIds = new Set(allowedTypes.map((t) => snap.relationId(t)));
  const labelIds = new Set(allowedLabels.map((l) => snap.labelId(l)));

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
      const other = plan.nodes.find((n) => n.id === (e.source === variable ? e.target : e.source));
      labels.add(other?.category !== undefined ? snap.labelId(other.category) : -1);
    }
    return { types, labels, edges: incident.map((e) => `${e.id} (${typeOfEdge(e) ?? '?'})`) };
  };

  // ---- One-hop expansion -----------------------------------------------------------------------------
  const cands = new Map<number, Cand>();
  const skipped: SageTrace['skipped'][number][] = [];
  const offer = (node: number, seed: number, rel: number, direction: 'out' | 'in'): void => {
    if (seeds.has(node) || cands.has(node)) return;
    cands.set(node, { node, seed, rel, direction });
  };
  const storeExpansion = s.constrained && options.expand !== undefined;
  if (storeExpansion) {
    // SPARK on a store: the store's own filtered expand query (parameterised Cypher), per allowed label.
    const ids = [...seeds.values()].map((x) => x.nodeId);
    const labels = allowedLabels.length > 0 ? allowedLabels : [undefined];
    for (const label of labels) {
      for (const nb of await options.expand!(ids, allowedTypes, label)) {
        const v = snap.nodeIndexOf(nb.node.id);
        const seed = snap.nodeIndexOf(nb.from);
        if (v === undefined || seed === undefined) continue;
        offer(v, seed, snap.relationId(nb.type), nb.direction);
      }
    }
  } else {
    for (const seed of seeds.values()) {
      const u = seed.v;
      let tFilter = s.constrained && typeIds.size > 0 ? typeIds : undefined;
      let lFilter = s.constrained && labelIds.size > 0 ? labelIds : undefined;
      if (s.edgePolicy === 'skip-explicit') {
        const ex = explicitFrom(u);
        if (ex) {
          tFilter = ex.types;
          lFilter = ex.labels.has(-1) ? undefined : ex.labels;
          skipped.push({ nodeId: seed.nodeId, name: seed.name, reason: `explicit plan edges ${ex.edges.join(', ')} lead from here: expanded along them only` });
        }
      }
      for (let dir = 0; dir < 2; dir++) {
        const offs = dir === 0 ? d.outOffsets : d.inOffsets;
        const others = dir === 0 ? d.outTargets : d.inSources;
        const rels = dir === 0 ? d.outRels : d.inRels;
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
  const raw = [...cands.values()].map((c) => ({ c, bm: documentBm25(bm, q, c.node, relQuery(c.rel)), dn: (dense(c.node) + (relDense[c.rel] ?? 0)) / 2 }));
  let bestC = 0;
  for (const r of raw) if (r.bm > bestC) bestC = r.bm;
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
    candidateCount: reranked.length,
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
    stats: { k: s.k, kPrime: s.kPrime, alpha: s.alpha, beta: s.beta, constrained: s.constrained ? 1 : 0, skipExplicit: s.edgePolicy === 'skip-explicit' ? 1 : 0, seeds: seeds.size, candidates: reranked.length, storeExpansion: storeExpansion ? 1 : 0 },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Cosine of the query with every relation type's text. */
function relationCosines(snap: GraphSnapshot, qv: Float32Array, qn: number): Float64Array {
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
