/**
 * The one intermediate representation every front end produces and every back end consumes:
 * a planning graph (MoR) / pattern graph (SimGRAG). The DSL, SimGRAG pattern JSON and MoR plans
 * all convert to and from this; Cypher and the retrieval strategies compile from it. A contract: the
 * language server sends it to the extension (contracts/lsp.ts); core/plan/planningGraph re-exports it.
 */

/** How a node's text is to be matched. No text at all means UNKNOWN (distance 0 to everything). */
export type TextConstraint =
  | {
      readonly kind: 'soft';
      readonly value: string; // matched by meaning: a GSD term
      /**
       * Optional (additive): the separate restrictions `value` was joined from ("; "), kept so a
       * MoR plan with several restrictions per category converts back losslessly. Consumers may
       * ignore it; `value` always holds the whole text.
       */
      readonly parts?: readonly string[];
    }
  | { readonly kind: 'exact'; readonly value: string }; // must equal the node's name

export type RelationConstraint =
  | { readonly kind: 'phrase'; readonly value: string } // matched by meaning: a GSD term
  | { readonly kind: 'type'; readonly value: string } // the exact relationship type
  | { readonly kind: 'unknown' };

export type PropertyValue = string | number | boolean;

export interface PlanNode {
  /** The variable; unique within the plan. */
  readonly id: string;
  /** A hard constraint (a label). */
  readonly category?: string;
  readonly text?: TextConstraint;
  /** Exact property equalities, e.g. {release_year: "1999"}. */
  readonly properties?: Readonly<Record<string, PropertyValue>>;
}

export interface PlanEdge {
  /** Stable id within the plan, e.g. "e0". */
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** When true the edge points source → target; otherwise direction is not specified. */
  readonly directed: boolean;
  readonly relation: RelationConstraint;
}

export interface GsdStrategy {
  readonly kind: 'gsd';
  /** Number of subgraphs (SimGRAG k, default 3). */
  readonly k: number;
  /** k⁽ⁿ⁾, default 16. */
  readonly nodeCandidates: number;
  /** k⁽ʳ⁾, default 16. */
  readonly relationCandidates: number;
  /** Algorithm 1 without pruning: the reference. */
  readonly exhaustive?: boolean;
  /**
   * Injective matching (absent = true, SimGRAG's subgraph isomorphism): two pattern nodes never
   * map onto the same graph node. false = pattern nodes may map onto the same graph node (a
   * homomorphism, as a walk along paths; one stored edge may serve two pattern edges), EXCEPT that a target node (`targets`) never maps onto the image of a
   * known node (one with text or a `name` property) and vice versa: an answer is never the entity
   * the pattern names.
   */
  readonly injective?: boolean;
  /**
   * Which nodes may share a graph node (docs/retrieval.md, "Match semantics"); wins over
   * `injective` when both are given:
   * - `injective`: no two pattern nodes share one (SimGRAG's subgraph isomorphism);
   * - `anchors-distinct`: unknowns may share a node with each other, never with a named node
   *   (one with text or a `name`), and named nodes are distinct;
   * - `homomorphic`: all nodes may share one, except that a target never is a named node's image
   *   (an answer is never the entity the pattern names) — what `injective: false` always meant.
   * Absent: DEFAULT_MATCH (chosen by measurement over the whole MetaQA dev set).
   */
  readonly match?: MatchSemantics;
  /** k⁽ᵗ⁾: how many schema labels a type word that names no label may map to (nearest by the embedder). Default 1. */
  readonly typeCandidates?: number;
  /**
   * A named node whose best candidate is at least this far (L2) is reported as not found.
   * Absent or 0: the embedder's calibrated default (core/embed/notFound.ts, notFoundDistanceFor).
   */
  readonly notFoundDistance?: number;
  /** Time budget of the search in ms (default 5000); the result says "budget exhausted" when reached. */
  readonly budgetMs?: number;
  /** Expansion budget of the search (default 20 000 000). */
  readonly maxExpansions?: number;
}

export const MATCH_SEMANTICS = ['injective', 'anchors-distinct', 'homomorphic'] as const;
export type MatchSemantics = (typeof MATCH_SEMANTICS)[number];
/** The default match semantics; why in docs/retrieval.md ("Match semantics"). */
export const DEFAULT_MATCH: MatchSemantics = 'anchors-distinct';

/** The semantics a gsd strategy asks for: `match`, else `injective: false` = homomorphic, else the default. */
export function matchSemanticsOf(s: Pick<GsdStrategy, 'match' | 'injective'>): MatchSemantics {
  if (s.match !== undefined) return s.match;
  if (s.injective === false) return 'homomorphic';
  if (s.injective === true) return 'injective';
  return DEFAULT_MATCH;
}

export interface MorStrategy {
  readonly kind: 'mor';
  /** Text seeds at the first layer (default 5). */
  readonly seeds: number;
  /** Text matches added per layer (default 10). */
  readonly perStep: number;
  /** Number of answers to return (default 20, for R@20). */
  readonly k: number;
  /** k⁽ᵗ⁾: labels a type word that names no label may map to (as GsdStrategy.typeCandidates). Default 1. */
  readonly typeCandidates?: number;
  /** Not-found distance for named nodes (as GsdStrategy.notFoundDistance). Absent or 0: the embedder's calibrated default. */
  readonly notFoundDistance?: number;
}

/**
 * How the cypher strategy compares a soft text with `name`: `nearest` (default) — equality with
 * the nearest name in the graph (the search GSD's candidates use), which a name index serves;
 * `exact` — equality with the text as written; `ignoreCase` — `toLower(name) = lower(text)`,
 * which no index serves (every node of the label is read).
 */
export const CYPHER_TEXT_MATCH = ['nearest', 'exact', 'ignoreCase'] as const;
export type CypherTextMatch = (typeof CYPHER_TEXT_MATCH)[number];

export interface CypherStrategy {
  readonly kind: 'cypher';
  /** LIMIT on returned rows (default 100). */
  readonly limit: number;
  /** Which pattern nodes may share a graph node (as GsdStrategy.match). Absent: DEFAULT_MATCH. */
  readonly match?: MatchSemantics;
  /** Soft text comparison (default 'nearest'); written only when given. */
  readonly text?: CypherTextMatch;
}

/** STEM structure-tracing search (§3.4–3.5); defaults are the paper's. */
export interface StemStrategy {
  readonly kind: 'stem';
  /** Precision = greedy (one subgraph per schema graph); Breadth = every edge with T-Score ≥ θ (a search tree). */
  readonly mode: 'precision' | 'breadth';
  /** Breadth threshold θ on the T-Score (0.6). */
  readonly theta: number;
  /** Alternative schema graphs searched (B = 4). */
  readonly beam: number;
  /** Anchor candidates per question entity (N = 50). */
  readonly topN: number;
  /** λ, multiplicative entity bias for anchors in the guidance graph (1.5). */
  readonly entityBias: number;
  /** τ, additive triple bias for KG edges in the guidance graph (0.5). */
  readonly tripleBias: number;
  /** Guidance graph size factor: K = kFactor · |T| entities (4). */
  readonly kFactor: number;
  /** Guidance provider: personalised PageRank (no training) or none (no bias). */
  readonly guidance: 'ppr' | 'none';
}

/** SAGE seed-and-expand (§2.2): hybrid seeds, one-hop expansion, rerank, k + k′ nodes. */
export interface SageStrategy {
  readonly kind: 'sage';
  /** Seed nodes from hybrid retrieval (k, default 5). */
  readonly k: number;
  /** Neighbours kept after reranking (k′, default 15). */
  readonly kPrime: number;
  /** BM25 weight α (0.6). */
  readonly alpha: number;
  /** Dense weight β (0.4). */
  readonly beta: number;
  /** "-Edge" (skip-explicit, the paper's better variant) or "+Edge" (always expand). */
  readonly edgePolicy: 'skip-explicit' | 'expand';
  /** SPARK-style schema-constrained expansion: only the plan's relation types and labels. */
  readonly constrained: boolean;
}

export type Strategy = GsdStrategy | MorStrategy | CypherStrategy | StemStrategy | SageStrategy;
export type { StrategyKind } from './values';
// The contracts' StrategyKind is the IR's Strategy['kind'], both ways (a new strategy must be added to both).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const STRATEGY_KINDS_AGREE: Same<Strategy['kind'], import('./values').StrategyKind> = true;

export const DEFAULT_STRATEGIES: {
  readonly gsd: GsdStrategy;
  readonly mor: MorStrategy;
  readonly cypher: CypherStrategy;
  readonly stem: StemStrategy;
  readonly sage: SageStrategy;
} = {
  gsd: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 },
  mor: { kind: 'mor', seeds: 5, perStep: 10, k: 20 },
  cypher: { kind: 'cypher', limit: 100 },
  stem: { kind: 'stem', mode: 'precision', theta: 0.6, beam: 4, topN: 50, entityBias: 1.5, tripleBias: 0.5, kFactor: 4, guidance: 'ppr' },
  sage: { kind: 'sage', k: 5, kPrime: 15, alpha: 0.6, beta: 0.4, edgePolicy: 'skip-explicit', constrained: false },
};

export interface PlanningGraph {
  readonly name: string;
  readonly question?: string;
  readonly nodes: readonly PlanNode[];
  readonly edges: readonly PlanEdge[];
  /** Variables whose values are the answers. */
  readonly targets: readonly string[];
  /** Expected answers, for plan tests. */
  readonly expect: readonly string[];
  /** `expect all ties`: the test also fails when k cut answers tied with the last one listed (RetrievalResult.ties). */
  readonly expectAllTies?: boolean;
  readonly strategy: Strategy;
  /**
   * The strategy parameters the plan itself gives (`using gsd(k: 5)` → ["k"]); the others may come
   * from settings (`kgrag.retrieval.<strategy>.<name>`), which a plan's own arguments win over.
   * Absent: none given.
   */
  readonly givenParameters?: readonly string[];
  /** The schema file named by the plan's file, if any (path as written). */
  readonly schemaRef?: string;
  /** The graph the plan's file is pinned to (`graph "…"`: a graph name or a database folder, as written). */
  readonly graphRef?: string;
}
