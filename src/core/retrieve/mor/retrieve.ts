import { namesView, type Embedder } from '../../embed/embedder';
import type { StoreKind } from '../../graph/graphStore';
import { DEFAULT_STRATEGIES, type MorStrategy, type PlanningGraph } from '../../plan/planningGraph';
import { reasoningPaths } from '../../plan/reasoningPaths';
import type { Answer, MixedTraversalTrace, RetrievalResult, ScoredNode, Trajectory, TraversalLayer, TraversalPath, TraversalStep } from '../result';
import type { SearchIndex } from '../snapshot/snapshot';
import { distanceToRow, normSq } from '../snapshot/vectorIndex';
import { bm25For } from './bm25';
import type { RelationAliases } from '../relations';
import type { LabelAliases } from '../labels';
import { buildProblem } from '../gsd/problem';
import { candidateLists, typedNodes } from '../gsd/explain';
import { linearReranker, type Reranker } from './rerank';
import { memoryAdjacency, type EdgeSource } from '../store/storeEdges';

/**
 * MoR mixed traversal (§3.2, Eq. 4–6) over a snapshot:
 * - the plan is decomposed into reasoning paths ending at the target (reasoningPaths);
 * - layer 1 of each path: the top `seeds` nodes of the step's category by BM25 for
 *   Q' = question ⊕ restriction (Eq. 5);
 * - layer l > 1: the step category's neighbours of the previous layer (Eq. 4; an exact `:type`
 *   on the plan edge also restricts the relationship type) ∪ the top `perStep` BM25 matches for
 *   Q' (Eq. 5, applied on every layer as the paper writes it), Eq. 6;
 * - the paths' last layers are intersected; when that is empty, their union (the authors' code);
 *   an invalid plan (no path, a single node, an unknown category) falls back to text matching
 *   of the question within the target category (§4.1).
 * Each candidate keeps its longest trajectory (the paper's "most informative"): its nodes, the
 * textual fingerprint (per-step BM25, normalised by the layer's best text score, padded to 3, then
 * the initial semantic score = cosine(question, candidate) with the embedder), the structural
 * fingerprint (categories) and the traversal identifier (seed / structural / textual).
 */
export interface MorRunOptions {
  readonly strategy?: Partial<Omit<MorStrategy, 'kind'>>;
  readonly reranker?: Reranker;
  readonly id?: string;
  readonly store?: { readonly kind: StoreKind; readonly description: string };
  /** Largest layer kept (a guard against hub explosions; default 50 000). */
  readonly maxLayer?: number;
  /** How many nodes per layer list to report (default 50). */
  readonly reportPerLayer?: number;
  readonly signal?: AbortSignal;
  /** Schema aliases for relationship types (see relations.ts). */
  readonly relationAliases?: RelationAliases;
  /** Schema aliases for labels (type words, see labels.ts). */
  readonly labelAliases?: LabelAliases;
  /** Not-found threshold (L2); default: the strategy's, else per embedder (gsd/problem.ts). */
  readonly notFoundDistance?: number;
  /** Why-not's window on the traversal (core/whynot/mor.ts): the full sets the trace reports only the head of. */
  readonly observe?: MorObserver;
  /**
   * Store placement: the structural steps read each layer's edges from here (one batched statement
   * per layer, retrieve/store/storeEdges.ts) instead of the snapshot; the text side still reads the index.
   */
  readonly edges?: EdgeSource;
}

export interface MorObserver {
  /** Every node a layer kept (0-based path and layer), after the layer cap. */
  layer(path: number, layer: number, kept: ReadonlyMap<number, unknown>, capped: boolean): void;
  /** Every candidate, best first, with its reranker score. */
  ranked(order: readonly { readonly node: number; readonly score: number }[]): void;
  /** The relationship types (1 = allowed; null = every type) and labels (null = every label) each structural step keeps. */
  step(path: number, layer: number, relations: Uint8Array | null, labels: Uint8Array | null): void;
}

interface Traj {
  readonly nodes: number[];
  readonly steps: TraversalStep[];
  readonly tf: number[];
  readonly categories: string[];
  /** Per node, the graph edge that reached it: relation index × 2 + (1 when followed against its stored direction); -1 for a seed or text hit. */
  readonly edges: number[];
}

/** `snap`: the snapshot (memory), or the search index without the graph with `options.edges` (store placement). */
export async function retrieveMor(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, options: MorRunOptions = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const base = plan.strategy.kind === 'mor' ? plan.strategy : DEFAULT_STRATEGIES.mor;
  const strategy: MorStrategy = { ...base, ...options.strategy, kind: 'mor' };
  const reranker = options.reranker ?? linearReranker();
  const maxLayer = options.maxLayer ?? 50_000;
  const report = options.reportPerLayer ?? 50;
  const bm = bm25For(snap);
  const question = plan.question ?? plan.nodes.map((n) => n.text?.value ?? '').join(' ').trim();
  const warnings: string[] = [];
  const d = snap.data;
  const byId = new Map(plan.nodes.map((n) => [n.id, n] as const));
  const stats: Record<string, number> = { seeds: strategy.seeds, perStep: strategy.perStep, k: strategy.k, structuralVisits: 0 };

  const qv = await namesView(embedder).embedBatch([question], options.signal);
  const qn = normSq(qv);
  const initScore = (node: number): number => {
    const dist = distanceToRow(d.nodeVectors, qv, qn, node);
    return Math.max(-1, Math.min(1, 1 - (dist * dist) / 2));
  };

  // Types and relations are read exactly as GSD reads them (one resolver: gsd/problem.ts): a
  // category → labels (exact, alias, is-a, nearest; untyped nodes narrowed by their typed
  // neighbours), each edge → the relationship types its endpoints' labels allow, ranked by the
  // phrase and the endpoints' role words. Named nodes get the same not-found check.
  const problem = await buildProblem(
    plan,
    snap,
    embedder,
    {
      nodeCandidates: Math.max(1, strategy.seeds),
      relationCandidates: d.relationNames.length,
      ...(strategy.typeCandidates !== undefined ? { typeCandidates: strategy.typeCandidates } : {}),
      ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}),
      ...(options.labelAliases ? { labelAliases: options.labelAliases } : {}),
      ...((options.notFoundDistance ?? strategy.notFoundDistance) !== undefined ? { notFoundDistance: (options.notFoundDistance ?? strategy.notFoundDistance)! } : {}),
    },
    options.signal,
  );
  warnings.push(...problem.warnings);
  const nodeIndex = new Map(problem.nodes.map((n, i) => [n.variable, i] as const));
  const L = d.labelNames.length;
  /** Per plan variable: which labels its layer may hold (null = any). */
  const labelMask = new Map<string, Uint8Array | null>();
  for (const n of problem.nodes) labelMask.set(n.variable, n.labels === null ? null : maskOf(n.labels, L));
  const categoryOf = (variable: string): string => {
    const labels = problem.nodes[nodeIndex.get(variable) ?? -1]?.labels;
    if (labels && labels.length > 0) return labels.map((l) => d.labelNames[l]).join('|');
    return byId.get(variable)?.category ?? '';
  };
  // The structural step keeps the edge's relationship types (the authors' code filters by edge
  // type): among the types the endpoints' labels allow, the nearest to the phrase and the
  // endpoints' role words, with every type within RELATION_TIE of it — a phrase that cannot tell
  // types apart (random letters, no phrase at all) keeps them all, and the types carry the step.
  // `:type` keeps that type.
  const relMask = new Map<string, Uint8Array | null>();
  const R = d.relationNames.length;
  for (const e of problem.edges) {
    const best = e.rels.length > 0 ? e.relDist[e.rels[0]!]! : 0;
    const kept: number[] = [];
    for (const r of e.rels) if (e.relDist[r]! <= best + RELATION_TIE) kept.push(r);
    relMask.set(e.edgeId, kept.length === R ? null : maskOf(kept, R));
  }
  const rp = reasoningPaths(plan);
  for (const diag of rp.diagnostics) if (diag.severity !== 'error') warnings.push(diag.message);
  const target = rp.target !== undefined ? byId.get(rp.target) : undefined;
  const invalidReason =
    rp.paths.length === 0 ? rp.diagnostics.find((x) => x.severity === 'error')?.message ?? 'no reasoning path' : plan.nodes.length < 2 ? 'a plan with a single node' : undefined;

  const paths: TraversalPath[] = [];
  const finals: Map<number, Traj>[] = [];
  let combination: MixedTraversalTrace['combination'] = 'intersection';
  let candidates = new Map<number, { traj: Traj; share: number }>();

  if (invalidReason !== undefined) {
    warnings.push(`invalid plan for mixed traversal (${invalidReason}): text matching only`);
    combination = 'text-fallback';
    const mask = labelMask.get((target ?? byId.get(plan.targets[0] ?? ''))?.id ?? '') ?? null;
    const hits = bm.topK(bm.query(question), Math.max(strategy.k, strategy.seeds), d.nodeLabel, mask ?? undefined);
    const top = hits[0]?.score || 1;
    for (const h of hits) candidates.set(h.index, { traj: { nodes: [h.index], steps: ['textual'], tf: [h.score / top], categories: [snap.labelOf(h.index)], edges: [-1] }, share: 1 });
  } else {
    for (const [pi, path] of rp.paths.entries()) {
      const layers: TraversalLayer[] = [];
      let current = new Map<number, Traj>();
      for (const [li, variable] of path.nodes.entries()) {
        const node = byId.get(variable)!;
        const mask = labelMask.get(variable) ?? null;
        const restriction = node.text?.value;
        const query = bm.query(restriction ? `${question} ${restriction}` : question);
        const want = li === 0 ? strategy.seeds : strategy.perStep;
        let textHits = bm.topK(query, want, d.nodeLabel, mask ?? undefined);
        if (node.text?.kind === 'exact') textHits = textHits.filter((h) => d.names.get(h.index) === node.text!.value);
        const best = textHits[0]?.score || 1;
        const category = categoryOf(variable);
        const next = new Map<number, Traj>();
        const structural: ScoredNode[] = [];
        if (li > 0) {
          const step = path.steps[li - 1]!;
          const relFilter = relMask.get(step.edge) ?? null;
          options.observe?.step(pi, li, relFilter, mask);
          // In the store: this layer's edges (of the step's types), read in one statement, numbered as the index.
          const g = options.edges ? await options.edges.edgesOf(current.keys(), relFilter) : memoryAdjacency(snap);
          for (const [v, traj] of current) {
            const trajSum = sum(traj.tf);
            for (let dir = 0; dir < 2; dir++) {
              const offs = dir === 0 ? g.outOffsets : g.inOffsets;
              const others = dir === 0 ? g.outTargets : g.inSources;
              const rels = dir === 0 ? g.outRels : g.inRels;
              for (let j = offs[v]; j < offs[v + 1]; j++) {
                stats.structuralVisits!++;
                if (relFilter !== null && relFilter[rels[j]] === 0) continue;
                const u = others[j];
                if (mask !== null && mask[d.nodeLabel[u]] === 0) continue;
                // A reasoning path is a simple path: no node twice on one trajectory.
                if (traj.nodes.includes(u)) continue;
                const prev = next.get(u);
                if (prev && prev.nodes.length > traj.nodes.length + 1) continue;
                const tf = bm.score(query, u) / best;
                // The trajectory is built only when it replaces (a hub's neighbours mostly do not):
                // trajSum + tf is sum([...traj.tf, tf]), added in the same order.
                if (prev && !(trajSum + tf > sum(prev.tf) || prev.nodes.length < traj.nodes.length + 1)) continue;
                next.set(u, { nodes: [...traj.nodes, u], steps: [...traj.steps, 'structural'], tf: [...traj.tf, tf], categories: [...traj.categories, category], edges: [...traj.edges, rels[j] * 2 + dir] });
              }
            }
          }
          for (const [u, traj] of next) if (structural.length < report) structural.push({ nodeId: d.nodeIds.get(u), name: d.names.get(u), score: traj.tf[traj.tf.length - 1]! * best });
        }
        const textual: ScoredNode[] = [];
        for (const h of textHits) {
          textual.push({ nodeId: d.nodeIds.get(h.index), name: d.names.get(h.index), score: h.score });
          if (!next.has(h.index)) next.set(h.index, { nodes: [h.index], steps: [li === 0 ? 'seed' : 'textual'], tf: [h.score / best], categories: [category], edges: [-1] });
        }
        const capped = next.size > maxLayer;
        if (capped) {
          warnings.push(`path ${pi + 1} layer ${li + 1} reached ${next.size} nodes; kept the first ${maxLayer}`);
          current = new Map([...next].slice(0, maxLayer));
        } else current = next;
        options.observe?.layer(pi, li, current, capped);
        layers.push({ layer: li + 1, variable, ...(node.category !== undefined ? { category: node.category } : {}), ...(restriction !== undefined ? { restriction } : {}), structural, textual, kept: next.size });
      }
      paths.push({ index: pi, variables: [...path.nodes], layers });
      finals.push(current);
    }
    // Across paths: intersection, else the union (authors' code).
    const count = new Map<number, number>();
    for (const f of finals) for (const v of f.keys()) count.set(v, (count.get(v) ?? 0) + 1);
    let keep = [...count.keys()].filter((v) => count.get(v) === finals.length);
    if (keep.length === 0 && finals.length > 1) {
      combination = 'union-fallback';
      warnings.push('no candidate is in every path\'s last layer: using their union');
      keep = [...count.keys()];
    }
    candidates = new Map();
    for (const v of keep) {
      let bestTraj: Traj | undefined;
      for (const f of finals) {
        const t = f.get(v);
        if (t && (!bestTraj || t.nodes.length > bestTraj.nodes.length || (t.nodes.length === bestTraj.nodes.length && sum(t.tf) > sum(bestTraj.tf)))) bestTraj = t;
      }
      if (bestTraj) candidates.set(v, { traj: bestTraj, share: (count.get(v) ?? 0) / finals.length });
    }
  }
  const t1 = performance.now();

  const scored = [...candidates].map(([v, { traj, share }]) => {
    const tf = pick3(traj.tf);
    while (tf.length < 3) tf.push(0);
    const textualFingerprint = [...tf, initScore(v)];
    const features = { textualFingerprint, structuralFingerprint: pick3(traj.categories), traversalIdentifier: pick3(traj.steps), pathsShare: share };
    return { v, traj, features, score: reranker.score(features) };
  });
  scored.sort((a, b) => b.score - a.score || a.v - b.v);
  options.observe?.ranked(scored.map((x) => ({ node: x.v, score: x.score })));
  const top = scored.slice(0, strategy.k);
  const answers: Answer[] = top.map((s) => ({ value: d.names.get(s.v), nodeId: d.nodeIds.get(s.v), score: s.score }));
  const trajectories: Trajectory[] = top.map((s) => ({
    candidate: d.nodeIds.get(s.v),
    name: d.names.get(s.v),
    nodes: s.traj.nodes.map((u, i) => ({ nodeId: d.nodeIds.get(u), name: d.names.get(u), score: s.traj.tf[i]! })),
    // The edge each structural step followed, as stored: a diff matches it with other strategies' triples.
    edges: s.traj.edges.map((x) => (x < 0 ? null : { type: d.relationNames[x >> 1]!, forward: (x & 1) === 0 })),
    textualFingerprint: s.features.textualFingerprint,
    structuralFingerprint: s.features.structuralFingerprint,
    traversalIdentifier: s.features.traversalIdentifier,
    score: s.score,
  }));
  stats.candidates = candidates.size;
  stats.paths = paths.length;
  const types = typedNodes(problem, snap);
  const t2 = performance.now();
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'mor',
    store: options.store ?? { kind: 'embedded', description: 'snapshot ' + snap.data.fingerprint },
    answers,
    subgraphs: [],
    candidates: candidateLists(problem, snap, options.reportPerLayer === undefined ? 10 : Math.min(10, options.reportPerLayer)),
    trajectory: {
      paths,
      survivors: scored.slice(0, 100).map((s) => ({ nodeId: d.nodeIds.get(s.v), name: d.names.get(s.v), score: s.score })),
      combination,
      trajectories,
      reranker: reranker.name,
    },
    timings: { totalMs: t2 - t0, candidatesMs: t1 - t0, searchMs: t2 - t1 },
    stats,
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(problem.notFound.length > 0 ? { notFound: problem.notFound } : {}),
    ...(types.length > 0 ? { types } : {}),
  };
}

/**
 * Relation distances closer than this to the best are a tie: the phrase does not tell those types
 * apart. With the lexical embedder a phrase that names a type is ≥ 0.1 nearer to it than to the
 * next ("director of": directed_by 1.22, starred_actors 1.34; "starred in" 0.75 vs 1.34), while
 * letters with no meaning lie within 0.02 of every type (all ≈ √2: nothing in common).
 */
const RELATION_TIE = 0.05;

/** A 0/1 byte per id: the inner loops test membership with one load. */
function maskOf(ids: readonly number[], size: number): Uint8Array {
  const m = new Uint8Array(size);
  for (const i of ids) m[i] = 1;
  return m;
}

/**
 * The three steps the fixed-length features describe: all of them for paths up to three nodes;
 * for longer ones the start (the seed, where the text evidence is) and the last two.
 */
function pick3<T>(a: readonly T[]): T[] {
  return a.length <= 3 ? [...a] : [a[0]!, a[a.length - 2]!, a[a.length - 1]!];
}

function sum(a: readonly number[]): number {
  let s = 0;
  for (const x of a) s += x;
  return s;
}

