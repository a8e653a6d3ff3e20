/**
 * THE strategy table: every retrieval strategy registers here, and only here, in the same way.
 * Adding one (e.g. `stem`, `sage`) is one entry below: its kind (also a member of the IR's
 * `Strategy` union, so the DSL can name it), a summary, the parameters it reads (declared once in
 * core/plan/strategyParameters.ts, where the checker, hover/completion and the generated
 * `kgrag.retrieval.*` settings read them too) and a `run` that turns a plan into a RetrievalResult
 * with the plan's own arguments, then the settings, then the defaults (`effectiveStrategy`).
 * The table is typed over `StrategyKind`, so a kind added to the IR without an entry here does
 * not compile.
 */
import type { Embedder } from '../embed/embedder';
import type { ExpandOptions, GraphStore, Neighbour } from '../graph/graphStore';
import type { MatchSemantics, PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { STRATEGY_PARAMETERS, effectiveStrategy, type StrategyParameter, type StrategySettings } from '../plan/strategyParameters';
import { cypherPatternProblem } from '../plan/cypherLimits';
import { retrieveCypher } from '../retrieve/cypher/retrieve';
import { retrieveGsd } from '../retrieve/gsd/retrieve';
import { retrieveMor } from '../retrieve/mor/retrieve';
import { retrieveSage } from '../retrieve/sage/retrieve';
import { retrieveStem } from '../retrieve/stem/retrieve';
import type { Reranker } from '../retrieve/mor/rerank';
import type { RelationAliases } from '../retrieve/relations';
import type { RetrievalResult } from '../retrieve/result';
import type { GraphSnapshot, SearchIndex } from '../retrieve/snapshot/snapshot';
import { resolvePlanTypes, type PlanTypes } from '../retrieve/labels';
import { completeResult } from '../retrieve/resultFacts';
import type { PlacementChoice, PlacementReport } from '../../contracts/retrievalResult';
import type { GraphSchema } from '../schema/graphSchema';
import { StoreEdges } from '../retrieve/store/storeEdges';
import { StemStore } from '../retrieve/store/storeStem';
import { degreesOf } from '../retrieve/snapshot/fileDegrees';
import type { IoCounter } from '../retrieve/store/storeGraph';
import { STORE_STRATEGIES } from './placement';

export type { StrategyParameter } from '../plan/strategyParameters';

/**
 * What a run loads before its strategy runs, per placement (each entry's `needs`; the session loads
 * it, docs/placement.md): `snapshot` — the graph in memory (the search index and the CSR);
 * `index` — the search index without the graph (names, ids, labels, vectors, relation domains);
 * `index+text` — the same plus the BM25 index over the names (MoR's and SAGE's text scores);
 * `index+degrees` — the same plus the nodes' weighted degrees from the index file's CSR relation ids
 * (stem's guidance walk; fileDegrees.ts).
 */
export type IndexNeed = 'snapshot' | 'index' | 'index+text' | 'index+degrees';

/** What a strategy gets from the session it runs in. */
export interface StrategyContext {
  readonly store: GraphStore;
  readonly embedder: Embedder;
  /** The snapshot (loaded or built once per session). */
  snapshot(signal?: AbortSignal): Promise<GraphSnapshot>;
  /** The search index without the graph's edges (store placement; the snapshot when loaded already); `text`: with BM25. */
  searchIndex?(signal?: AbortSignal, options?: { readonly text?: boolean; readonly degrees?: boolean }): Promise<SearchIndex>;
  /** MoR's learned reranker, when the session was opened with one. */
  readonly reranker?: Reranker;
  /** Where this strategy's search runs for the run's requested placement, and why (the session decides: placement.ts). */
  placementFor?(kind: StrategyKind, requested: PlacementChoice | undefined, signal?: AbortSignal, memoryBudgetMB?: number): Promise<PlacementReport>;
  /** The graph's schema (store placement reads the catalog's endpoint order). */
  schema?(signal?: AbortSignal): Promise<GraphSchema>;
}

/** Per-run overrides every front door may pass (CLI flags, settings, tests). */
export interface StrategyOverrides {
  /** The strategy's size parameter: gsd k, mor k, cypher limit. */
  readonly k?: number;
  /** gsd: Algorithm 1 without pruning. */
  readonly exhaustive?: boolean;
  /** gsd: false = homomorphic matching (see GsdStrategy.injective). */
  readonly injective?: boolean;
  /** gsd and cypher: which pattern nodes may share a graph node (GsdStrategy.match). */
  readonly match?: MatchSemantics;
  /** gsd: time budget of the search in ms (default 5000). */
  readonly budgetMs?: number;
  /** gsd, mor: the not-found distance (default per embedder). */
  readonly notFoundDistance?: number;
  /**
   * Parameter values from settings (the extension's `kgrag.retrieval.*`): they fill what the plan's
   * own `using` arguments leave open; the fields above (flags, tests) win over both.
   */
  readonly settings?: StrategySettings;
  /** Schema aliases for relationship types, e.g. from the plan's *.kgschema.json. */
  readonly relationAliases?: RelationAliases;
  readonly signal?: AbortSignal;
  /** memory: search the snapshot; store: expand in the database; auto: by the graph's size (docs/placement.md). */
  readonly placement?: PlacementChoice;
  /** What auto placement compares the graph's in-memory size with (MB; default: the session's). */
  readonly memoryBudgetMB?: number;
}

export interface StrategyDefinition {
  readonly kind: StrategyKind;
  readonly summary: string;
  readonly parameters: readonly StrategyParameter[];
  /** Why this strategy cannot answer `plan` (so "Compare Strategies" leaves it out); undefined when it can. */
  unsuitable?(plan: PlanningGraph): string | undefined;
  /** What a run loads where it runs (the frame loads exactly this: a store-placed run never loads the snapshot). */
  readonly needs: { readonly memory: IndexNeed; readonly store: IndexNeed };
  /** The strategy with what every strategy must do around it (`framed` below): front doors call this. */
  run(plan: PlanningGraph, context: StrategyContext, overrides: StrategyOverrides, id: string): Promise<RetrievalResult>;
}

/** The checker's KGP227 rule (plan/cypherLimits.ts): session.run refuses such a plan before the engine sees it. */
export function cypherUnsuitable(plan: PlanningGraph): string | undefined {
  return cypherPatternProblem(
    plan.nodes.map((n) => n.id),
    plan.edges.map((e) => [e.source, e.target] as const),
  );
}

/** What the frame hands every strategy: what its placement needs, loaded, and the plan's type words resolved (labels.ts), once. */
export interface StrategyFacts {
  /** The entry's `needs` for where it runs: the snapshot in memory; in the store the index without the graph (with BM25 for `index+text`). */
  readonly index: SearchIndex;
  readonly types: PlanTypes;
  /** Where the search runs and why (placement.ts), decided here for every strategy alike. */
  readonly placement?: PlacementReport;
  /**
   * Store placement of a strategy with an in-store search (STORE_STRATEGIES): the store to read and
   * its catalog; `edges` reads the edges a walking strategy (mor, stem, sage) expands, and its round
   * trips become the result's `storeIo` (gsd builds its own local graph and reports its own).
   */
  readonly inStore?: { readonly reader: GraphStore; readonly schema: GraphSchema; readonly edges: StoreEdges };
}

/** An entry as written below: what it needs loaded per placement, and its own retrieval given the facts. */
type StrategyEntry = Omit<StrategyDefinition, 'run'> & {
  retrieve(plan: PlanningGraph, context: StrategyContext, overrides: StrategyOverrides, id: string, facts: StrategyFacts): Promise<RetrievalResult>;
};

/** What a run of `kind` loads where it runs (the session's progress report loads the same ahead). */
export function indexNeed(kind: StrategyKind, ran: PlacementReport['ran']): IndexNeed {
  return STRATEGIES[kind].needs[ran];
}

/** Loads what `need` names (without a search index reader, e.g. a bare context: the snapshot, which serves every need). */
export function loadIndex(c: Pick<StrategyContext, 'snapshot' | 'searchIndex'>, need: IndexNeed, signal?: AbortSignal): Promise<SearchIndex> {
  if (need === 'snapshot' || !c.searchIndex) return c.snapshot(signal);
  return c.searchIndex(signal, { text: need === 'index+text', degrees: need === 'index+degrees' });
}

/**
 * Every entry runs inside the same frame, so a strategy cannot skip it: its placement is decided
 * first (placement.ts), then exactly what that placement needs is loaded (the entry's `needs`: a
 * store-placed run never loads the snapshot; in the store it gets the store's reader,
 * docs/placement.md), the plan's type words are resolved by the one type resolver before it runs;
 * its result goes through `completeResult` after (answers = values of the return variable, the
 * rest context; every node's graph labels) and says where it ran (`placement`) and, in the store,
 * what it read (`storeIo`).
 */
function framed<K extends StrategyKind>(entry: StrategyEntry & { readonly kind: K }): StrategyDefinition & { readonly kind: K } {
  const { retrieve, ...rest } = entry;
  return {
    ...rest,
    async run(plan, c, o, id) {
      const placement = c.placementFor ? await c.placementFor(entry.kind, o.placement, o.signal, o.memoryBudgetMB) : undefined;
      const ran = placement?.ran ?? 'memory';
      const index = await loadIndex(c, entry.needs[ran], o.signal);
      const schema = ran === 'store' && STORE_STRATEGIES.has(entry.kind) && c.schema ? await c.schema(o.signal) : undefined;
      const inStore = schema ? { reader: c.store, schema, edges: new StoreEdges(index, c.store, schema, o.signal) } : undefined;
      const result = await inStrategyFrame(entry.kind, plan, index, c.embedder, o, (types) => retrieve(plan, c, o, id, { index, types, ...(placement ? { placement } : {}), ...(inStore ? { inStore } : {}) }));
      // A strategy may report its own placement (gsd falls back to memory for a pattern it cannot start in the store) and I/O.
      const said = result.placement ?? placement;
      const storeIo = result.storeIo ?? (inStore && said?.ran === 'store' ? inStore.edges.io.report() : undefined);
      return { ...result, ...(said ? { placement: said } : {}), ...(storeIo ? { storeIo } : {}) };
    },
  };
}

/**
 * The frame itself, for callers that hold a snapshot but no session (the benchmark runner of
 * core/eval): the one type resolver before, `completeResult` after.
 */
export async function inStrategyFrame(kind: StrategyKind, plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, o: StrategyOverrides, retrieve: (types: PlanTypes) => Promise<RetrievalResult>): Promise<RetrievalResult> {
  const types = await resolvePlanTypes(plan, snap, embedder, typeOptions(kind, plan, o), o.signal);
  return completeResult(await retrieve(types), plan, snap, types);
}

/** k⁽ᵗ⁾ of the strategy that runs (gsd and mor have the parameter; the others resolve to the nearest label). */
function typeOptions(kind: StrategyKind, plan: PlanningGraph, o: StrategyOverrides): { typeCandidates?: number } {
  const k = (effectiveStrategy(kind, plan, o.settings) as { readonly typeCandidates?: unknown }).typeCandidates;
  return typeof k === 'number' ? { typeCandidates: k } : {};
}

/**
 * The store's expand query; in store placement counted as one round trip with its rows (the store
 * reports no server time for it: the call's own time is counted, an upper bound).
 */
async function countedExpand(store: GraphStore, io: IoCounter | undefined, ids: readonly string[], options: ExpandOptions): Promise<Neighbour[]> {
  const t0 = performance.now();
  const rows = await store.expand(ids, options);
  if (io) {
    io.roundTrips++;
    io.rowsRead += rows.length;
    io.serverMs += performance.now() - t0;
  }
  return rows;
}

function storeOf(store: GraphStore): { kind: GraphStore['kind']; description: string } {
  return { kind: store.kind, description: store.description };
}

export const STRATEGIES: { readonly [K in StrategyKind]: StrategyDefinition & { readonly kind: K } } = {
  gsd: framed({
    kind: 'gsd',
    summary: 'SimGRAG graph semantic distance: the top-k subgraphs matching the pattern by meaning',
    parameters: STRATEGY_PARAMETERS.gsd,
    // In the store: the candidates from the index; the pattern's levels from the store (its own local graph).
    needs: { memory: 'snapshot', store: 'index' },
    async retrieve(plan, c, o, id, f) {
      const placement = f.placement;
      const inStore = f.inStore ? { reader: f.inStore.reader, schema: f.inStore.schema, snapshot: (signal?: AbortSignal) => c.snapshot(signal) } : undefined;
      return retrieveGsd(plan, f.index, c.embedder, {
        id,
        ...(placement ? { placement } : {}),
        ...(inStore ? { inStore } : {}),
        store: storeOf(c.store),
        strategy: {
          ...effectiveStrategy('gsd', plan, o.settings),
          ...(o.k !== undefined ? { k: o.k } : {}),
          ...(o.exhaustive !== undefined ? { exhaustive: o.exhaustive } : {}),
          ...(o.injective !== undefined ? { injective: o.injective } : {}),
          ...(o.match !== undefined ? { match: o.match } : {}),
          ...(o.budgetMs !== undefined ? { budgetMs: o.budgetMs } : {}),
        },
        ...(o.notFoundDistance !== undefined ? { notFoundDistance: o.notFoundDistance } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  }),
  mor: framed({
    kind: 'mor',
    summary: 'Mixture of Retrievers: layered text + structure traversal, trajectories reranked',
    parameters: STRATEGY_PARAMETERS.mor,
    // Its text retriever scores every node's name by BM25 (seeds and each layer's text hits): the index's BM25 sections.
    needs: { memory: 'snapshot', store: 'index+text' },
    async retrieve(plan, c, o, id, f) {
      return retrieveMor(plan, f.index, c.embedder, {
        id,
        store: storeOf(c.store),
        strategy: { ...effectiveStrategy('mor', plan, o.settings), ...(o.k !== undefined ? { k: o.k } : {}) },
        ...(o.notFoundDistance !== undefined ? { notFoundDistance: o.notFoundDistance } : {}),
        ...(c.reranker ? { reranker: c.reranker } : {}),
        ...(f.inStore ? { edges: f.inStore.edges } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  }),
  cypher: framed({
    kind: 'cypher',
    summary: 'the plan compiled to parameterised Cypher and run read-only on the store',
    parameters: STRATEGY_PARAMETERS.cypher,
    unsuitable: cypherUnsuitable,
    // Always in the store: only the named nodes' candidates (and the labels results show) come from the index.
    needs: { memory: 'index', store: 'index' },
    async retrieve(plan, c, o, id, f) {
      const s = effectiveStrategy('cypher', plan, o.settings);
      // A gsd plan compiled to Cypher keeps its own match unless a flag or a cypher setting says otherwise.
      const match = o.match ?? (plan.strategy.kind === 'cypher' || o.settings?.cypher?.['match'] !== undefined ? s.match : undefined);
      return retrieveCypher(plan, c.store, f.index, c.embedder, {
        id,
        ...(match !== undefined ? { match } : {}),
        limit: o.k ?? s.limit,
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  }),
  stem: framed({
    kind: 'stem',
    summary: 'STEM structure tracing: anchor the named entity, follow the pattern edge by edge by T-Score (similarity + guidance bias)',
    parameters: STRATEGY_PARAMETERS.stem,
    // STEM anchors its search on a named entity; without one it has nothing to start from.
    unsuitable: (plan) => (plan.nodes.some((n) => n.properties?.['name'] !== undefined || n.text !== undefined) ? undefined : 'STEM needs a named entity to anchor on, e.g. (m: Movie "Heat")'),
    // Anchors by name vectors, no BM25; in the store its guidance walk reads the degrees of the nodes it touches from the index file (fileDegrees.ts).
    needs: { memory: 'snapshot', store: 'index+degrees' },
    async retrieve(plan, c, o, id, f) {
      return retrieveStem(plan, f.index, c.embedder, {
        id,
        types: f.types,
        store: storeOf(c.store),
        strategy: effectiveStrategy('stem', plan, o.settings),
        ...(f.inStore ? { inStore: new StemStore(f.index, f.inStore.edges, {}, degreesOf(f.index)) } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  }),
  sage: framed({
    kind: 'sage',
    summary: 'SAGE seed and expand: hybrid BM25 + dense seeds, one-hop neighbours reranked, k + k′ nodes',
    parameters: STRATEGY_PARAMETERS.sage,
    // Hybrid seeds: BM25 over every name beside the dense search, so the index's BM25 sections too.
    needs: { memory: 'snapshot', store: 'index+text' },
    async retrieve(plan, c, o, id, f) {
      return retrieveSage(plan, f.index, c.embedder, {
        id,
        types: f.types,
        store: storeOf(c.store),
        // Constrained (SPARK) expansion runs on the store: its filtered expand query (parameterised Cypher), counted in store placement.
        expand: (ids, types, label) => countedExpand(c.store, f.inStore?.edges.io, ids, { ...(types.length > 0 ? { types } : {}), ...(label !== undefined ? { label } : {}), ...(o.signal ? { signal: o.signal } : {}) }),
        ...(f.inStore ? { edges: f.inStore.edges } : {}),
        strategy: { ...effectiveStrategy('sage', plan, o.settings), ...(o.k !== undefined ? { kPrime: o.k } : {}) },
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  }),
};

export const STRATEGY_KINDS = Object.keys(STRATEGIES) as StrategyKind[];

/** Every strategy, and for those that cannot answer `plan` the reason (the table's `unsuitable`). */
export function strategiesFor(plan: PlanningGraph): { readonly kind: StrategyKind; readonly unsuitable?: string }[] {
  return STRATEGY_KINDS.map((kind) => {
    const reason = STRATEGIES[kind].unsuitable?.(plan);
    return reason === undefined ? { kind } : { kind, unsuitable: reason };
  });
}

export function isStrategyKind(s: string): s is StrategyKind {
  return Object.prototype.hasOwnProperty.call(STRATEGIES, s);
}
