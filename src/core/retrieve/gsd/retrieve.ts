import type { Embedder } from '../../embed/embedder';
import type { StoreKind } from '../../graph/graphStore';
import { DEFAULT_STRATEGIES, matchSemanticsOf, type GsdStrategy, type PlanningGraph } from '../../plan/planningGraph';
import type { Answer, AnswerTies, DistanceTerm, MappedNode, MatchedSubgraph, MatchedTriple, RetrievalResult } from '../result';
import type { LabelAliases } from '../labels';
import { GraphSnapshot, type SearchIndex } from '../snapshot/snapshot';
import { buildProblem, type GsdProblem } from './problem';
import type { RelationAliases } from '../relations';
import { searchTopK, type GsdMatch } from './search';
import { candidateLists, typedNodes } from './explain';
import type { GraphSchema } from '../../schema/graphSchema';
import type { PlacementReport } from '../../../contracts/retrievalResult';
import { searchInStore, snapshotCandidates, storeUnsupported } from '../store/storeGsd';
import type { StoreReader } from '../store/storeGraph';
import { FulltextSearchIndex } from '../store/fulltextIndex';

export interface GsdRunOptions {
  /** Overrides of the plan's gsd strategy (k, nodeCandidates, relationCandidates, exhaustive, match, budgets…). */
  readonly strategy?: Partial<Omit<GsdStrategy, 'kind'>>;
  readonly id?: string;
  readonly store?: { readonly kind: StoreKind; readonly description: string };
  /** Schema aliases for relationship types (see relations.ts). */
  readonly relationAliases?: RelationAliases;
  /** Schema aliases for labels (type words of unknowns, see labels.ts). */
  readonly labelAliases?: LabelAliases;
  /** Not-found threshold (L2); default per embedder (core/embed/notFound.ts, notFoundDistanceFor). */
  readonly notFoundDistance?: number;
  /** How many ranked candidates per phrase to report (default 10). */
  readonly reportCandidates?: number;
  readonly signal?: AbortSignal;
  /**
   * Store placement: candidates from `snap` (the search index; the graph's edges need not be in
   * it), the search's graph read from the store level by level (core/retrieve/store); the result
   * counts its round trips. `snapshot` loads the whole graph for a pattern the store cannot start
   * (storeUnsupported), which then runs in memory and says so.
   */
  readonly inStore?: { readonly reader: StoreReader; readonly schema: GraphSchema; readonly snapshot?: (signal?: AbortSignal) => Promise<GraphSnapshot> };
  /** The placement report to attach (the session decides it). */
  readonly placement?: PlacementReport;
}

/**
 * Runs SimGRAG GSD top-k retrieval for one planning graph and explains the result. `snap` is the
 * snapshot, or in store placement (`options.inStore`) the search index without the graph's edges.
 */
export async function retrieveGsd(plan: PlanningGraph, given: SearchIndex, embedder: Embedder, options: GsdRunOptions = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const base = plan.strategy.kind === 'gsd' ? plan.strategy : DEFAULT_STRATEGIES.gsd;
  const strategy: GsdStrategy = { ...base, ...options.strategy, kind: 'gsd' };
  const candidateOptions = {
    ...strategy,
    ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}),
    ...(options.labelAliases ? { labelAliases: options.labelAliases } : {}),
    ...(options.notFoundDistance !== undefined ? { notFoundDistance: options.notFoundDistance } : {}),
  };
  let snap = given;
  let problem = await buildProblem(plan, snap, embedder, candidateOptions, options.signal);
  const t1 = performance.now();
  const match = matchSemanticsOf(strategy);
  const budgetMs = strategy.budgetMs ?? DEFAULT_BUDGET_MS;
  const maxExpansions = strategy.maxExpansions ?? DEFAULT_MAX_EXPANSIONS;
  const searchOptions = { k: strategy.k, exhaustive: strategy.exhaustive === true, match, budgetMs, maxExpansions };
  // A search that would start from every node stays in memory, and says why.
  const unsupported = options.inStore ? storeUnsupported(problem) : undefined;
  const placement = options.placement && unsupported !== undefined ? { ...options.placement, ran: 'memory' as const, reason: `${unsupported}; ran in memory` } : options.placement;
  const ran = options.inStore && unsupported === undefined ? await searchInStore(snapshotCandidates(snap), problem, options.inStore.reader, options.inStore.schema, searchOptions, options.signal) : undefined;
  const memory = ran ? undefined : snap instanceof GraphSnapshot ? snap : await options.inStore?.snapshot?.(options.signal);
  if (!ran && !memory) throw new Error('gsd in memory needs the snapshot, not the search index alone');
  if (memory && snap instanceof FulltextSearchIndex) {
    // The full-text index numbers only its hits: in memory the candidates are the snapshot's own (exact).
    snap = memory;
    problem = await buildProblem(plan, snap, embedder, candidateOptions, options.signal);
  }
  // Store placement: the matches are numbered in the local graph the search walked.
  const graph = ran ? ran.snap : memory!;
  const outcome = ran ? ran.outcome : searchTopK(graph, problem, searchOptions);
  const searched = ran ? ran.problem : problem;
  const t2 = performance.now();
  // The frame's result facts (labels, answers) read the index: a plan-scoped one learns the matched nodes.
  if (ran && given instanceof FulltextSearchIndex) await given.learn(matchedNodes(ran.snap, outcome.matches), options.signal);
  const subgraphs = outcome.matches.map((m, i) => toSubgraph(plan, graph, searched, m, i + 1));
  // Candidates from the full-text index (Lucene's top N, rescored) are said where the answers are.
  const warnings = [...(ran && given instanceof FulltextSearchIndex && given.report.names.length > 0 ? [given.notice()] : []), ...problem.warnings];
  const budget = outcome.exhausted === 'time' ? { exhausted: 'time' as const, limit: budgetMs } : outcome.exhausted === 'expansions' ? { exhausted: 'expansions' as const, limit: maxExpansions } : undefined;
  if (budget) warnings.unshift(budgetMessage(budget, outcome.matches.length, strategy.k, outcome.stats.expansions));
  if (plan.nodes.length > 0 && problem.nodes.every((n) => !n.known)) warnings.push('the pattern has no known node: every node is a start candidate');
  const types = typedNodes(problem, snap);
  const answers = answersOf(plan, graph, outcome.matches, searched);
  // k full and no budget hit: the k-th may tie with subgraphs not listed (Eq. 11 keeps the first found).
  // In store placement the recount searches the local graph again: it holds every edge any k can
  // reach (the expansion reads all possible images, whatever k), so the count is memory's, with no
  // further round trip (docs/placement.md).
  const ties = !budget && outcome.matches.length >= strategy.k && answers.length > 0 ? countTies(plan, graph, searched, outcome.matches, answers, strategy.k, { exhaustive: strategy.exhaustive === true, match, maxExpansions }) : undefined;
  const t3 = performance.now();
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'gsd',
    store: options.store ?? { kind: 'embedded', description: 'snapshot ' + snap.data.fingerprint },
    answers,
    subgraphs,
    candidates: candidateLists(problem, snap, options.reportCandidates ?? 10),
    timings: { totalMs: performance.now() - t0, candidatesMs: problem.candidatesMs, searchMs: t2 - t1, ...(ties ? { tiesMs: t3 - t2 } : {}) },
    stats: {
      expansions: outcome.stats.expansions,
      prunedBranches: outcome.stats.pruned,
      candidatesExamined: outcome.stats.candidatesExamined,
      completeMappings: outcome.stats.complete,
      k: strategy.k,
      nodeCandidates: strategy.nodeCandidates,
      relationCandidates: strategy.relationCandidates,
      exhaustive: strategy.exhaustive ? 1 : 0,
      injective: match === 'injective' ? 1 : 0,
      anchorsDistinct: match === 'anchors-distinct' ? 1 : 0,
      budgetMs,
      maxExpansions,
    },
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(problem.notFound.length > 0 ? { notFound: problem.notFound } : {}),
    ...(types.length > 0 ? { types } : {}),
    ...(budget ? { budget } : {}),
    ...(ties ? { ties } : {}),
    ...(placement ? { placement } : {}),
    ...(ran ? { storeIo: withIndexReads(ran.io.report(), given) } : {}),
  };
}

/** The run's store I/O with the full-text index's queries (one per name) counted in. */
function withIndexReads(io: { roundTrips: number; rowsRead: number; serverMs: number }, index: SearchIndex): { roundTrips: number; rowsRead: number; serverMs: number } {
  if (!(index instanceof FulltextSearchIndex)) return io;
  const r = index.report;
  return { roundTrips: io.roundTrips + r.roundTrips, rowsRead: io.rowsRead + r.rowsRead, serverMs: io.serverMs + r.serverMs };
}

/** The nodes of the matches, as the graph they were found in names and labels them. */
function matchedNodes(graph: GraphSnapshot, matches: readonly GsdMatch[]): { id: string; name: string; label: string }[] {
  const seen = new Set<number>();
  const out: { id: string; name: string; label: string }[] = [];
  for (const m of matches) {
    for (const g of m.nodes) {
      if (seen.has(g)) continue;
      seen.add(g);
      out.push({ id: graph.data.nodeIds.get(g), name: graph.names.get(g), label: graph.labelOf(g) });
    }
  }
  return out;
}

/** GSDs closer than this are ties (sums of float distances). */
const TIE_EPS = 1e-9;
/** How many subgraphs the tie count searches at most, and for how long; beyond, the total is a lower bound. */
const TIE_CAP = 4096;
const TIE_BUDGET_MS = 2000;

/**
 * The answers that tie with the last one listed: searched again with k raised (×4 up to TIE_CAP)
 * until a subgraph beyond the tied GSD shows up. Undefined when nothing tied was cut.
 */
function countTies(plan: PlanningGraph, snap: GraphSnapshot, problem: GsdProblem, matches: readonly GsdMatch[], answers: readonly Answer[], k: number, search: { exhaustive: boolean; match: ReturnType<typeof matchSemanticsOf>; maxExpansions: number }): AnswerTies | undefined {
  const last = matches[matches.length - 1]!.gsd;
  const tied = (x: number) => Math.abs(x - last) <= TIE_EPS;
  const shown = answers.filter((a) => tied(a.score)).length;
  const best = tied(answers[0]!.score);
  // k + 1 first: most runs end there (the next subgraph is already worse), at about the run's cost.
  for (let kk = k + 1; ; kk = Math.min(TIE_CAP, kk * 4)) {
    const more = searchTopK(snap, problem, { k: kk, ...search, budgetMs: TIE_BUDGET_MS });
    const full = more.matches.length >= kk;
    const beyond = more.matches.length > 0 && more.matches[more.matches.length - 1]!.gsd > last + TIE_EPS;
    if (!full || beyond || kk >= TIE_CAP || more.exhausted) {
      const all = answersOf(plan, snap, more.matches, problem).filter((a) => tied(a.score));
      const complete = !more.exhausted && (!full || beyond);
      if (all.length <= shown) return undefined;
      const needK = more.matches.filter((m) => m.gsd <= last + TIE_EPS).length;
      return { score: last, best, shown, total: Math.max(all.length, shown), complete, ...(complete ? { k: needK } : {}) };
    }
  }
}

/** Default budgets of one gsd search (issue 18: a pattern never hangs the caller). */
export const DEFAULT_BUDGET_MS = 5000;
export const DEFAULT_MAX_EXPANSIONS = 20_000_000;

function budgetMessage(b: { exhausted: 'time' | 'expansions'; limit: number }, found: number, k: number, expansions: number): string {
  const what = b.exhausted === 'time' ? `time budget exhausted (${b.limit} ms, ${expansions.toLocaleString('en-US')} expansions)` : `expansion budget exhausted (${b.limit.toLocaleString('en-US')} expansions)`;
  return found === 0
    ? `${what}: no subgraph found so far — narrow the pattern (name a node, type the unknowns) or raise the budget`
    : `${what}: showing the ${found} subgraph${found === 1 ? '' : 's'} found so far, which may not be the best ${k}`;
}

/** Target values, best first (the GSD of the best subgraph giving each). */
function answersOf(plan: PlanningGraph, snap: GraphSnapshot, matches: readonly GsdMatch[], problem: GsdProblem): Answer[] {
  const targets = plan.targets.map((t) => problem.nodes.findIndex((n) => n.variable === t)).filter((p) => p >= 0);
  const seen = new Set<number>();
  const out: Answer[] = [];
  for (const m of matches) {
    for (const p of targets) {
      const g = m.nodes[p];
      if (seen.has(g)) continue;
      seen.add(g);
      out.push({ value: snap.names.get(g), nodeId: snap.data.nodeIds.get(g), score: m.gsd });
    }
  }
  return out;
}

export function toSubgraph(plan: PlanningGraph, snap: SearchIndex, problem: GsdProblem, m: GsdMatch, rank: number): MatchedSubgraph {
  const ids = snap.data.nodeIds;
  const mapping: MappedNode[] = problem.nodes.map((n, p) => ({
    variable: n.variable,
    nodeId: ids.get(m.nodes[p]),
    name: snap.names.get(m.nodes[p]),
    labels: [snap.labelOf(m.nodes[p])],
  }));
  const terms: DistanceTerm[] = [];
  problem.nodes.forEach((n, p) => {
    const g = m.nodes[p];
    const rank = n.known ? n.rankOf.get(g) : undefined;
    terms.push({
      kind: 'node',
      variable: n.variable,
      ...(n.patternText !== undefined ? { patternText: n.patternText } : {}),
      matchedText: snap.names.get(g),
      distance: m.nodeCost[p],
      ...(rank !== undefined ? { candidateRank: rank + 1 } : {}),
    });
  });
  const triples: MatchedTriple[] = [];
  problem.edges.forEach((e, q) => {
    const srcP = m.edgeSource[q];
    const dstP = srcP === e.source ? e.target : e.source;
    const s = m.nodes[srcP];
    const t = m.nodes[dstP];
    const type = snap.data.relationNames[m.rels[q]];
    terms.push({
      kind: 'edge',
      edgeId: e.edgeId,
      source: ids.get(s),
      target: ids.get(t),
      ...(e.patternText !== undefined ? { patternText: e.patternText } : {}),
      matchedText: type,
      distance: m.edgeCost[q],
      ...(e.known ? { candidateRank: e.relRank[m.rels[q]] } : {}),
    });
    triples.push({ source: ids.get(s), type, target: ids.get(t), sourceName: snap.names.get(s), targetName: snap.names.get(t), edgeId: e.edgeId });
  });
  void plan;
  return { rank, gsd: m.gsd, mapping, terms, triples };
}
