import type { Embedder } from '../embed/embedder';
import type { GraphStore } from '../graph/graphStore';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import type { Reranker } from '../retrieve/mor/rerank';
import type { RelationAliases } from '../retrieve/relations';
import type { RetrievalResult } from '../retrieve/result';
import type { GraphSnapshot, SearchIndex } from '../retrieve/snapshot/snapshot';
import type { GraphSchema } from '../schema/graphSchema';
import type { PlacementChoice, PlacementReport } from '../../contracts/retrievalResult';

/** What the analysis needs from the session it runs in (the session passes itself). */
export interface WhyNotContext {
  readonly embedder: Embedder;
  /** The store (the cypher analysis runs its relaxed queries there). */
  readonly store?: GraphStore;
  snapshot(signal?: AbortSignal): Promise<GraphSnapshot>;
  /** The search index without the graph (store placement: names, ids, labels, vectors; with `text`, BM25 too). */
  searchIndex?(signal?: AbortSignal, options?: { readonly text?: boolean }): Promise<SearchIndex>;
  /** The graph's schema (store placement reads the catalog's endpoint order). */
  schema?(signal?: AbortSignal): Promise<GraphSchema>;
  /** Where the analysis of `kind` reads the graph for `requested`, and why (the session decides: placement.ts); absent: memory. */
  analysisPlacement?(kind: StrategyKind, requested: PlacementChoice | undefined, signal?: AbortSignal, memoryBudgetMB?: number): Promise<PlacementReport>;
  /** MoR's reranker, when the session has one (the mor analysis re-runs the traversal with it). */
  readonly reranker?: Reranker;
  /** Runs a plan with a strategy (the session's run): the result analysed and every fix's re-run. */
  run(plan: PlanningGraph, options: WhyNotRunOptions): Promise<RetrievalResult>;
}

export interface WhyNotRunOptions {
  readonly strategy: StrategyKind;
  readonly k?: number;
  readonly relationAliases?: RelationAliases;
  readonly signal?: AbortSignal;
  /** The placement asked for (the run analysed and every fix's re-run follow it). */
  readonly placement?: PlacementChoice;
  readonly memoryBudgetMB?: number;
}

export interface WhyNotOptions {
  /** memory: the analysis reads the snapshot; store: the index and batched statements; auto: by the graph's size (docs/whynot.md, "Placement"). Default: the session's. */
  readonly placement?: PlacementChoice;
  /** What auto compares the graph's in-memory size with (MB; default: the session's). */
  readonly memoryBudgetMB?: number;
  /** Default: the plan's own strategy. */
  readonly strategy?: StrategyKind;
  /** The target variable to follow (default: each of the plan's targets; the one that gets furthest is reported). */
  readonly variable?: string;
  /** The size override the run used (gsd k, mor k, cypher limit), as RunOptions.k. */
  readonly k?: number;
  /** The result already at hand for this plan and strategy (else the analysis runs it). */
  readonly result?: RetrievalResult;
  /** Re-run each offered fix and record whether it brings the answer back (default true). */
  readonly verify?: boolean;
  /** How far the shortest-path search looks for an unreachable answer (default 4 hops). */
  readonly maxHops?: number;
  readonly relationAliases?: RelationAliases;
  readonly signal?: AbortSignal;
}
