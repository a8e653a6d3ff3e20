import { namesView, type Embedder } from '../../embed/embedder';
import type { StoreKind } from '../../graph/graphStore';
import { DEFAULT_STRATEGIES, type PlanNode, type PlanningGraph, type StemStrategy } from '../../plan/planningGraph';
import { allowedLabels, resolvePlanTypes, type PlanTypes } from '../labels';
import type { RelationAliases } from '../relations';
import type { Answer, MatchedSubgraph, RetrievalResult, StemAnchor, StemBeam, StemExpansion, StemTrace, TraceEdge } from '../result';
import type { SearchIndex } from '../snapshot/snapshot';
import { normSq } from '../snapshot/vectorIndex';
import { noGuidance, pprGuidance, type GuidanceGraph, type GuidanceProvider } from './guidance';
import { schemaAlternatives } from './schemaGraph';
import { traceStructure, type StemMatch, type StemNode, type StemProblem, type StemStep, type TraceExpansionRaw } from './search';
import type { StemStore } from '../store/storeStem';
import { memoryAdjacency, type Adjacency } from '../store/storeEdges';

/**
 * STEM retrieval (§3.3–3.5) over a snapshot: the plan's edges are the schema triples, its named
 * nodes the question entities, its other nodes the [ENTk] placeholders. Guidance graph → anchors
 * (top-N by similarity × λ when in the guidance graph) → structure tracing per alternative schema
 * graph of the beam → answers (the targets of the complete matches; earlier alternatives first,
 * then by cumulative S). See docs/stem-sage.md for what differs from the paper.
 */
export interface StemRunOptions {
  readonly strategy?: Partial<Omit<StemStrategy, 'kind'>>;
  /** Replaces the strategy's `guidance` setting (e.g. a trained Triple-GNN scorer). */
  readonly guidance?: GuidanceProvider;
  readonly id?: string;
  readonly store?: { readonly kind: StoreKind; readonly description: string };
  readonly relationAliases?: RelationAliases;
  /** The plan's type words resolved (labels.ts); resolved here when absent (a direct call). */
  readonly types?: PlanTypes;
  readonly signal?: AbortSignal;
  /** Cap on search expansions per anchor tried (default 20 000). */
  readonly maxExpansions?: number;
  /** Store placement: the guidance walk and the structure tracing read their edges from the store (retrieve/store/storeStem.ts). */
  readonly inStore?: StemStore;
}

/** `snap`: the snapshot (memory), or the search index without the graph with `options.inStore` (store placement). */
export async function retrieveStem(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, options: StemRunOptions = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  if (embedder.id !== snap.data.embedderId) throw new Error(`snapshot was embedded with ${snap.data.embedderId}, not ${embedder.id}`);
  const base = plan.strategy.kind === 'stem' ? plan.strategy : DEFAULT_STRATEGIES.stem;
  const s: StemStrategy = { ...base, ...options.strategy, kind: 'stem' };
  const d = snap.data;
  const warnings: string[] = [];
  const stats: Record<string, number> = { beam: s.beam, topN: s.topN, theta: s.theta, entityBias: s.entityBias, tripleBias: s.tripleBias, kFactor: s.kFactor, breadth: s.mode === 'breadth' ? 1 : 0, expansions: 0, anchorsTried: 0 };

  // ---- Pattern nodes: labels and named entities' vectors ----------------------------------------
  const textOf = (n: PlanNode): { text: string; exact: boolean } | undefined => {
    const name = n.properties?.['name'];
    if (name !== undefined) return { text: String(name), exact: true };
    if (n.text) return { text: n.text.value, exact: n.text.kind === 'exact' };
    return undefined;
  };
  for (const n of plan.nodes) for (const key of Object.keys(n.properties ?? {})) if (key !== 'name') warnings.push(`property ${key} of (${n.id}) is not in the search snapshot (which holds names only): ignored by stem`);
  const named = plan.nodes.map(textOf);
  const texts = named.flatMap((x) => (x ? [x.text] : []));
  const vecs = await namesView(embedder).embedBatch(texts, options.signal);
  const dim = embedder.dimension;
  let vi = 0;
  // Type words → labels by the one resolver gsd, mor and cypher use ("movie" → Movie, "director" → Person).
  const types = options.types ?? (await resolvePlanTypes(plan, snap, embedder, {}, options.signal));
  const L = d.labelNames.length;
  const nodes: StemNode[] = plan.nodes.map((n, i) => {
    const allowed = allowedLabels(types, n.id);
    const type = types.get(n.id);
    if (type?.how === 'none') warnings.push(`category ${n.category} of (${n.id}): ${type.detail}`);
    let labels: Uint8Array | null = null;
    if (allowed !== null) {
      labels = new Uint8Array(L);
      for (const l of allowed) labels[l] = 1;
    }
    if (!named[i]) return { variable: n.id, labels };
    const text = vecs.slice(vi * dim, (vi + 1) * dim);
    vi++;
    return { variable: n.id, labels, text, textNormSq: normSq(text) };
  });

  // ---- Anchor candidates: top-N by similarity (Eq. 8–9) ------------------------------------------
  const candidates = plan.nodes.map((n, i): { node: number; sim: number }[] => {
    const nm = named[i];
    const sn = nodes[i]!;
    if (!nm) return [];
    const ok = (v: number): boolean => sn.labels === null || sn.labels[d.nodeLabel[v]!] === 1;
    if (nm.exact) return snap.nodesNamed(nm.text).filter(ok).slice(0, s.topN).map((v) => ({ node: v, sim: 1 }));
    const allowed = allowedLabels(types, n.id);
    const hits =
      allowed === null
        ? snap.searchName(nm.text, sn.text!, s.topN)
        : allowed
            .flatMap((label) => snap.searchName(nm.text, sn.text!, s.topN, { labels: d.nodeLabel, label }))
            .sort((a, b) => a.distance - b.distance || a.index - b.index)
            .slice(0, s.topN);
    return hits.map((h) => ({ node: h.index, sim: 1 - (h.distance * h.distance) / 2 }));
  });
  const namedIdx = plan.nodes.map((_, i) => i).filter((i) => named[i]);
  const alt = await schemaAlternatives(plan, snap, embedder, s.beam, options.relationAliases, options.signal);
  warnings.push(...alt.warnings);
  const t1 = performance.now();

  // ---- Guidance graph (§3.3) ---------------------------------------------------------------------
  const provider = options.guidance ?? (s.guidance === 'none' ? noGuidance : pprGuidance());
  const R = d.relationNames.length;
  const relationWeight = new Float64Array(R);
  for (const e of alt.alternatives[0]?.edges ?? []) for (let r = 0; r < R; r++) relationWeight[r] = Math.max(relationWeight[r]!, e.relSim[r]!);
  const seeds: { node: number; weight: number }[] = [];
  for (const i of namedIdx) {
    const c = candidates[i]!;
    const best = c[0]?.sim ?? 0;
    // The near-best candidates restart the walk: the question entity as the graph may hold it.
    for (const x of c) if (x.sim >= best - 0.05 && x.sim > 0) seeds.push({ node: x.node, weight: x.sim });
  }
  const K = s.kFactor * Math.max(1, plan.edges.length);
  const guide = { snapshot: snap, seeds, relationWeight, k: K };
  const guidance = options.inStore ? await options.inStore.guide(provider, guide) : provider.guide(guide);
  const t2 = performance.now();

  // ---- Anchors: S* = Sim × I_Ent (Eq. 10–11) -----------------------------------------------------
  const anchorsOf = (i: number): { node: number; sim: number; score: number; inG: boolean }[] =>
    candidates[i]!
      .map((c) => {
        const inG = guidance.has(c.node);
        return { node: c.node, sim: c.sim, inG, score: c.sim * (inG ? s.entityBias : 1) };
      })
      .sort((a, b) => b.score - a.score || a.node - b.node);
  let anchorVar = -1;
  let anchors: ReturnType<typeof anchorsOf> = [];
  for (const i of namedIdx) {
    const a = anchorsOf(i);
    if (a.length === 0) continue;
    if (anchorVar < 0 || a[0]!.score > anchors[0]!.score || (a[0]!.score === anchors[0]!.score && a.length < anchors.length)) {
      anchorVar = i;
      anchors = a;
    }
  }
  if (namedIdx.length === 0) warnings.push('stem needs a named entity to anchor on: give a node its text, e.g. (m: Movie "Heat")');
  else if (anchorVar < 0) warnings.push('no graph node matches the named entities: nothing to anchor on');

  // ---- Search order from the anchor (DFS over the schema graph) ---------------------------------
  const order = anchorVar >= 0 ? searchOrder(plan, anchorVar) : { steps: [], unreached: [] };
  if (order.unreached.length > 0) warnings.push(`edges ${order.unreached.join(', ')} are not connected to the anchor (${plan.nodes[anchorVar]?.id}): stem traces one connected schema graph, so they are not matched`);

  // ---- Beam: each alternative schema graph --------------------------------------------------------
  // In the store: the edges every alternative can walk from the anchors it may try, level by level.
  const traced =
    options.inStore && anchorVar >= 0
      ? await options.inStore.traceEdges(
          order.steps.map((st) => ({ ...st, relSims: alt.alternatives.map((a) => a.edges.find((e) => e.edgeId === st.edgeId)!.relSim) })),
          nodes.map((n) => n.labels),
          anchorVar,
          anchors.slice(0, MAX_ANCHORS).map((a) => a.node),
        )
      : undefined;
  const beams: StemBeam[] = [];
  const allMatches: { beam: number; match: StemMatch }[] = [];
  for (const a of anchorVar >= 0 ? alt.alternatives : []) {
    const bySim = new Map(a.edges.map((e) => [e.edgeId, e] as const));
    const steps: StemStep[] = order.steps.map((st) => ({ ...st, relSim: bySim.get(st.edgeId)!.relSim }));
    const problem: StemProblem = { nodes, steps, anchor: anchorVar };
    const tried: number[] = [];
    let expansions: TraceExpansionRaw[] = [];
    let matches: StemMatch[] = [];
    let truncated = false;
    // The best anchor first; a dead end (no complete match) tries the next.
    for (const anc of anchors) {
      if (options.signal?.aborted) throw new Error('retrieval cancelled');
      tried.push(anc.node);
      const r = traceStructure(snap, problem, anc.node, anc.score, guidance, { mode: s.mode, theta: s.theta, tripleBias: s.tripleBias, ...(options.maxExpansions !== undefined ? { maxExpansions: options.maxExpansions } : {}), ...(traced ? { edges: traced } : {}) });
      stats.expansions! += r.expansionCount;
      if (expansions.length === 0 || r.matches.length > 0) expansions = r.expansions;
      truncated ||= r.truncated;
      if (r.matches.length > 0) {
        matches = r.matches;
        break;
      }
      if (tried.length >= MAX_ANCHORS) break; // ten dead anchors: the schema graph does not fit the graph
    }
    stats.anchorsTried! += tried.length;
    for (const m of matches) allMatches.push({ beam: a.index, match: m });
    beams.push({
      index: a.index,
      schema: plan.edges.map((e) => ({ edgeId: e.id, head: e.source, relation: bySim.get(e.id)!.relation || (e.relation.kind === 'phrase' ? e.relation.value : ''), tail: e.target, grounding: bySim.get(e.id)!.grounding })),
      anchorVariable: plan.nodes[anchorVar]!.id,
      anchors: anchors.slice(0, 20).map((x): StemAnchor => ({ nodeId: d.nodeIds.get(x.node), name: d.names.get(x.node), similarity: x.sim, inGuidance: x.inG, score: x.score })),
      tried: tried.map((v) => d.nodeIds.get(v)),
      expansions: expansions.map((x) => expansionOut(snap, x, order.steps[x.step]!.edgeId)),
      matches: matches.length,
      truncated,
    });
    if (truncated) warnings.push(`schema graph ${a.index + 1}: the search stopped at its expansion cap; results are partial`);
  }
  const t3 = performance.now();

  // ---- Answers and subgraphs ----------------------------------------------------------------------
  allMatches.sort((x, y) => x.beam - y.beam || y.match.score - x.match.score);
  const targets = plan.targets.map((t) => plan.nodes.findIndex((n) => n.id === t)).filter((i) => i >= 0);
  const answers: Answer[] = [];
  const seen = new Set<string>();
  for (const { match } of allMatches) {
    for (const ti of targets) {
      const v = match.mapping[ti]!;
      if (v < 0 || seen.has(d.names.get(v))) continue;
      seen.add(d.names.get(v));
      answers.push({ value: d.names.get(v), nodeId: d.nodeIds.get(v), score: match.score });
    }
  }
  const subgraphs: MatchedSubgraph[] = allMatches.slice(0, 100).map(({ match }, rank) => ({
    rank: rank + 1,
    gsd: 0,
    score: match.score,
    mapping: plan.nodes.map((n, i) => ({ variable: n.id, nodeId: d.nodeIds.get(match.mapping[i]!) ?? '', name: d.names.get(match.mapping[i]!) ?? '', labels: match.mapping[i]! >= 0 ? [snap.labelOf(match.mapping[i]!)] : [] })).filter((m) => m.nodeId !== ''),
    terms: [],
    triples: match.edges.map((e, i) => ({ ...edgeOut(snap, e.source, e.rel, e.target), edgeId: order.steps[i]!.edgeId })),
  }));
  stats.matches = allMatches.length;
  stats.guidanceEntities = guidance.nodes.length;
  const trace: StemTrace = {
    mode: s.mode,
    theta: s.theta,
    entityBias: s.entityBias,
    tripleBias: s.tripleBias,
    topN: s.topN,
    beam: s.beam,
    guidance: {
      provider: guidance.provider,
      k: K,
      entities: Array.from(guidance.nodes, (v, i) => ({ nodeId: d.nodeIds.get(v), name: d.names.get(v), score: guidance.scores[i]! })),
      edges: guidanceEdges(options.inStore ? await options.inStore.edges.edgesOf(guidance.nodes, null) : memoryAdjacency(snap), snap, guidance, 200),
    },
    beams,
  };
  const t4 = performance.now();
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'stem',
    store: options.store ?? { kind: 'embedded', description: 'snapshot ' + d.fingerprint },
    answers,
    subgraphs,
    stem: trace,
    timings: { totalMs: t4 - t0, candidatesMs: t1 - t0, guidanceMs: t2 - t1, searchMs: t3 - t2 },
    stats,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** DFS over the plan's edges from the anchor: each step leaves an already mapped node. */
export function searchOrder(plan: PlanningGraph, anchor: number): { steps: Omit<StemStep, 'relSim'>[]; unreached: string[] } {
  const index = new Map(plan.nodes.map((n, i) => [n.id, i] as const));
  const mapped = new Set<number>([anchor]);
  const done = new Set<string>();
  const steps: Omit<StemStep, 'relSim'>[] = [];
  const walk = (v: number): void => {
    for (const e of plan.edges) {
      if (done.has(e.id)) continue;
      const s = index.get(e.source)!;
      const t = index.get(e.target)!;
      if (s !== v && t !== v) continue;
      const other = s === v ? t : s;
      done.add(e.id);
      const closing = mapped.has(other);
      steps.push({ edgeId: e.id, from: v, to: other, closing });
      if (!closing) {
        mapped.add(other);
        walk(other);
      }
    }
  };
  walk(anchor);
  return { steps, unreached: plan.edges.filter((e) => !done.has(e.id)).map((e) => e.id) };
}

function edgeOut(snap: SearchIndex, source: number, rel: number, target: number): TraceEdge {
  const d = snap.data;
  return { source: d.nodeIds.get(source), type: d.relationNames[rel]!, target: d.nodeIds.get(target), sourceName: d.names.get(source), targetName: d.names.get(target) };
}

function expansionOut(snap: SearchIndex, x: TraceExpansionRaw, edgeId: string): StemExpansion {
  const d = snap.data;
  return {
    id: x.id,
    parent: x.parent,
    step: x.step,
    edgeId,
    from: { nodeId: d.nodeIds.get(x.from), name: d.names.get(x.from) },
    cumulative: x.cumulative,
    candidateCount: x.candidateCount,
    candidates: x.candidates.map((c) => ({
      edge: edgeOut(snap, c.source, c.rel, c.target),
      nodeId: d.nodeIds.get(c.node),
      similarity: c.similarity,
      bias: c.bias,
      tScore: c.tScore,
      cumulative: c.cumulative,
      ...(c.passesTheta !== undefined ? { passesTheta: c.passesTheta } : {}),
      kept: c.kept,
      ...(c.child !== undefined ? { child: c.child } : {}),
    })),
  };
}

/** Anchors tried per schema graph before it is given up as not fitting the graph. */
const MAX_ANCHORS = 10;

/** The guidance graph's edges: KG edges between two guidance entities (the induced subgraph). */
function guidanceEdges(d: Adjacency, snap: SearchIndex, g: GuidanceGraph, limit: number): TraceEdge[] {
  const out: TraceEdge[] = [];
  for (const u of g.nodes) {
    for (let j = d.outOffsets[u]!; j < d.outOffsets[u + 1]! && out.length < limit; j++) if (g.has(d.outTargets[j]!)) out.push(edgeOut(snap, u, d.outRels[j]!, d.outTargets[j]!));
  }
  return out;
}
