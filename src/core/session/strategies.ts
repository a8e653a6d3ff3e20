/**
 * THE strategy table: every retrieval strategy registers here, and only here, in the same way.
 * Adding one (e.g. `stem`, `sage`) is one entry below: its kind (also a member of the IR's
 * `Strategy` union, so the DSL can name it), a summary, the parameters it reads (settings and
 * completion list them from here) and a `run` that turns a plan into a RetrievalResult.
 * The table is typed over `StrategyKind`, so a kind added to the IR without an entry here does
 * not compile.
 */
import type { Embedder } from '../embed/embedder';
import type { GraphStore } from '../graph/graphStore';
import { DEFAULT_MATCH, MATCH_SEMANTICS, type MatchSemantics, type PlanningGraph, type StrategyKind } from '../plan/planningGraph';
import { retrieveCypher } from '../retrieve/cypher/retrieve';
import { retrieveGsd } from '../retrieve/gsd/retrieve';
import { retrieveMor } from '../retrieve/mor/retrieve';
import { retrieveSage } from '../retrieve/sage/retrieve';
import { retrieveStem } from '../retrieve/stem/retrieve';
import type { Reranker } from '../retrieve/mor/rerank';
import type { RelationAliases } from '../retrieve/relations';
import type { RetrievalResult } from '../retrieve/result';
import type { GraphSnapshot } from '../retrieve/snapshot/snapshot';

/**
 * One parameter a strategy reads from `using name(param: value)`; `default` matches
 * DEFAULT_STRATEGIES. `optional`: the IR leaves it out when not given (absent = `default`).
 */
export type StrategyParameter =
  | { readonly name: string; readonly type: 'integer'; readonly default: number; readonly minimum: number; readonly description: string; readonly optional?: true }
  | { readonly name: string; readonly type: 'boolean'; readonly default: boolean; readonly description: string; readonly optional?: true }
  | { readonly name: string; readonly type: 'number'; readonly default: number; readonly minimum: number; readonly description: string; readonly optional?: true }
  | { readonly name: string; readonly type: 'enum'; readonly default: string; readonly values: readonly string[]; readonly description: string; readonly optional?: true };

/** The parameters gsd, mor and cypher share, described once. */
const MATCH_PARAMETER: StrategyParameter = {
  name: 'match',
  type: 'enum',
  default: DEFAULT_MATCH,
  values: MATCH_SEMANTICS,
  optional: true,
  description: 'which pattern nodes may share a graph node: injective (none), anchors-distinct (unknowns may; never a named node), homomorphic (any, but an answer is never the named entity)',
};
const NOT_FOUND_PARAMETER: StrategyParameter = {
  name: 'notFoundDistance',
  type: 'number',
  default: 0,
  minimum: 0,
  optional: true,
  description: 'a named node whose nearest graph name is at least this far (L2) is reported as not in the graph; 0 = the embedder\'s calibrated distance (lexical 0.5, hashing 0.6)',
};
const TYPE_CANDIDATES_PARAMETER: StrategyParameter = { name: 'typeCandidates', type: 'integer', default: 1, minimum: 1, optional: true, description: 'labels a type word that names no label may map to (k⁽ᵗ⁾, nearest by the embedder)' };

/** What a strategy gets from the session it runs in. */
export interface StrategyContext {
  readonly store: GraphStore;
  readonly embedder: Embedder;
  /** The snapshot (loaded or built once per session). */
  snapshot(signal?: AbortSignal): Promise<GraphSnapshot>;
  /** MoR's learned reranker, when the session was opened with one. */
  readonly reranker?: Reranker;
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
  /** Schema aliases for relationship types, e.g. from the plan's *.kgschema.json. */
  readonly relationAliases?: RelationAliases;
  readonly signal?: AbortSignal;
}

export interface StrategyDefinition {
  readonly kind: StrategyKind;
  readonly summary: string;
  readonly parameters: readonly StrategyParameter[];
  /** Why this strategy cannot answer `plan` (so "Compare Strategies" leaves it out); undefined when it can. */
  unsuitable?(plan: PlanningGraph): string | undefined;
  run(plan: PlanningGraph, context: StrategyContext, overrides: StrategyOverrides, id: string): Promise<RetrievalResult>;
}

function storeOf(store: GraphStore): { kind: GraphStore['kind']; description: string } {
  return { kind: store.kind, description: store.description };
}

export const STRATEGIES: { readonly [K in StrategyKind]: StrategyDefinition & { readonly kind: K } } = {
  gsd: {
    kind: 'gsd',
    summary: 'SimGRAG graph semantic distance: the top-k subgraphs matching the pattern by meaning',
    parameters: [
      { name: 'k', type: 'integer', default: 3, minimum: 1, description: 'number of subgraphs returned' },
      { name: 'nodeCandidates', type: 'integer', default: 16, minimum: 1, description: 'candidate nodes per pattern node (k⁽ⁿ⁾)' },
      { name: 'relationCandidates', type: 'integer', default: 16, minimum: 1, description: 'candidate relationship types per pattern edge (k⁽ʳ⁾)' },
      { name: 'exhaustive', type: 'boolean', default: false, description: 'search without pruning (the reference result)' },
      MATCH_PARAMETER,
      TYPE_CANDIDATES_PARAMETER,
      NOT_FOUND_PARAMETER,
      { name: 'budgetMs', type: 'integer', default: 5000, minimum: 1, optional: true, description: 'time budget of the subgraph search in ms (the result says when it ran out)' },
    ],
    async run(plan, c, o, id) {
      return retrieveGsd(plan, await c.snapshot(o.signal), c.embedder, {
        id,
        store: storeOf(c.store),
        strategy: {
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
  },
  mor: {
    kind: 'mor',
    summary: 'Mixture of Retrievers: layered text + structure traversal, trajectories reranked',
    parameters: [
      { name: 'seeds', type: 'integer', default: 5, minimum: 1, description: 'text seeds at the first layer' },
      { name: 'perStep', type: 'integer', default: 10, minimum: 1, description: 'text matches added per layer' },
      { name: 'k', type: 'integer', default: 20, minimum: 1, description: 'number of answers returned' },
      TYPE_CANDIDATES_PARAMETER,
      NOT_FOUND_PARAMETER,
    ],
    async run(plan, c, o, id) {
      return retrieveMor(plan, await c.snapshot(o.signal), c.embedder, {
        id,
        store: storeOf(c.store),
        ...(o.k !== undefined ? { strategy: { k: o.k } } : {}),
        ...(o.notFoundDistance !== undefined ? { notFoundDistance: o.notFoundDistance } : {}),
        ...(c.reranker ? { reranker: c.reranker } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  },
  cypher: {
    kind: 'cypher',
    summary: 'the plan compiled to parameterised Cypher and run read-only on the store',
    parameters: [{ name: 'limit', type: 'integer', default: 100, minimum: 1, description: 'LIMIT on returned rows' }, MATCH_PARAMETER],
    async run(plan, c, o, id) {
      return retrieveCypher(plan, c.store, await c.snapshot(o.signal), c.embedder, {
        id,
        ...(o.match !== undefined ? { match: o.match } : {}),
        ...(o.k !== undefined ? { limit: o.k } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  },
  stem: {
    kind: 'stem',
    summary: 'STEM structure tracing: anchor the named entity, follow the pattern edge by edge by T-Score (similarity + guidance bias)',
    parameters: [
      { name: 'mode', type: 'enum', default: 'precision', values: ['precision', 'breadth'], description: 'precision: greedy, one subgraph per schema graph; breadth: every edge with T-Score ≥ theta' },
      { name: 'theta', type: 'number', default: 0.6, minimum: 0, description: 'breadth threshold θ on the T-Score' },
      { name: 'beam', type: 'integer', default: 4, minimum: 1, description: 'alternative schema graphs searched (B)' },
      { name: 'topN', type: 'integer', default: 50, minimum: 1, description: 'anchor candidates per named entity (N)' },
      { name: 'entityBias', type: 'number', default: 1.5, minimum: 0, description: 'λ: anchor score multiplier inside the guidance graph' },
      { name: 'tripleBias', type: 'number', default: 0.5, minimum: 0, description: 'τ: T-Score bonus for edges inside the guidance graph' },
      { name: 'kFactor', type: 'integer', default: 4, minimum: 1, description: 'guidance graph size K = kFactor × pattern edges' },
      { name: 'guidance', type: 'enum', default: 'ppr', values: ['ppr', 'none'], description: 'guidance provider: personalised PageRank (no training) or none' },
    ],
    // STEM anchors its search on a named entity; without one it has nothing to start from.
    unsuitable: (plan) => (plan.nodes.some((n) => n.properties?.['name'] !== undefined || n.text !== undefined) ? undefined : 'STEM needs a named entity to anchor on, e.g. (m: Movie "Heat")'),
    async run(plan, c, o, id) {
      return retrieveStem(plan, await c.snapshot(o.signal), c.embedder, {
        id,
        store: storeOf(c.store),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  },
  sage: {
    kind: 'sage',
    summary: 'SAGE seed and expand: hybrid BM25 + dense seeds, one-hop neighbours reranked, k + k′ nodes',
    parameters: [
      { name: 'k', type: 'integer', default: 5, minimum: 1, description: 'seed nodes from hybrid retrieval' },
      { name: 'kPrime', type: 'integer', default: 15, minimum: 1, description: 'neighbours kept after reranking (k′)' },
      { name: 'alpha', type: 'number', default: 0.6, minimum: 0, description: 'weight α of normalised BM25' },
      { name: 'beta', type: 'number', default: 0.4, minimum: 0, description: 'weight β of dense similarity' },
      { name: 'edgePolicy', type: 'enum', default: 'skip-explicit', values: ['skip-explicit', 'expand'], description: '-Edge (skip free expansion where plan edges lead) or +Edge (always expand)' },
      { name: 'constrained', type: 'boolean', default: false, description: 'SPARK: expand only along the plan\'s relation types and categories (on the store)' },
    ],
    async run(plan, c, o, id) {
      return retrieveSage(plan, await c.snapshot(o.signal), c.embedder, {
        id,
        store: storeOf(c.store),
        // Constrained (SPARK) expansion runs on the store: its filtered expand query (parameterised Cypher).
        expand: (ids, types, label) => c.store.expand(ids, { ...(types.length > 0 ? { types } : {}), ...(label !== undefined ? { label } : {}), ...(o.signal ? { signal: o.signal } : {}) }),
        ...(o.k !== undefined ? { strategy: { kPrime: o.k } } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    },
  },
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
