import type { StrategyKind } from '../plan/planningGraph';
import type { CypherDialect, CypherValue, PlanTree, StoreKind } from '../graph/graphStore';

/**
 * What a retrieval returns and explains: the JSON `kgrag run --json` prints and the inspector
 * renders. Its JSON Schema is schemas/retrieval-result.schema.json; keep both in step.
 */
export interface RetrievalResult {
  readonly id: string;
  readonly plan: string;
  readonly question?: string;
  readonly strategy: StrategyKind;
  readonly store: { readonly kind: StoreKind; readonly description: string };
  /** Target values, best first. */
  readonly answers: readonly Answer[];
  /** GSD top-k subgraphs, best first (gsd); Cypher rows shaped as subgraphs (cypher). */
  readonly subgraphs: readonly MatchedSubgraph[];
  /** Per pattern phrase: the ranked candidates it matched (explains the GSD terms). */
  readonly candidates?: readonly CandidateList[];
  /** Mixed traversal (mor) only. */
  readonly trajectory?: MixedTraversalTrace;
  /** The Cypher that ran (cypher strategy, or explain/profile). */
  readonly cypher?: CypherRun;
  readonly timings: Timings;
  readonly stats: Readonly<Record<string, number>>;
  readonly warnings?: readonly string[];
  /** Named nodes whose best candidate is far (gsd, mor): probably not in the graph. */
  readonly notFound?: readonly NotFoundNode[];
  /** Typed nodes: which labels each category (type word) was given, and why (gsd). */
  readonly types?: readonly TypedNode[];
  /** Set when a budget stopped the search: the answers are the best found until then. */
  readonly budget?: { readonly exhausted: 'time' | 'expansions'; readonly limit: number };
}

export interface NotFoundNode {
  readonly variable: string;
  readonly text: string;
  readonly nearest?: string;
  readonly distance?: number;
}

export interface TypedNode {
  readonly variable: string;
  readonly type: string;
  readonly labels: readonly string[];
  readonly how: 'exact' | 'alias' | 'is-a' | 'nearest' | 'none';
  readonly detail: string;
  /** The type word also weighed as a relation phrase for the node's edges. */
  readonly role?: boolean;
}

export interface Answer {
  readonly value: string;
  readonly nodeId?: string;
  /** gsd: the GSD of the best subgraph giving it (lower is better); mor: rank score (higher is better). */
  readonly score: number;
}

export interface MappedNode {
  readonly variable: string;
  readonly nodeId: string;
  readonly name: string;
  readonly labels: readonly string[];
}

export type DistanceTerm =
  | {
      readonly kind: 'node';
      readonly variable: string;
      /** The pattern's text; absent for an unknown (distance 0 by definition). */
      readonly patternText?: string;
      readonly matchedText: string;
      readonly distance: number;
      /** 1-based rank of the matched node among the variable's candidates; absent for unknowns. */
      readonly candidateRank?: number;
    }
  | {
      readonly kind: 'edge';
      readonly edgeId: string;
      readonly source: string;
      readonly target: string;
      readonly patternText?: string;
      readonly matchedText: string;
      readonly distance: number;
      readonly candidateRank?: number;
    };

export interface MatchedTriple {
  readonly source: string; // node id
  readonly type: string;
  readonly target: string; // node id
  readonly sourceName: string;
  readonly targetName: string;
  /** The pattern edge this triple matched. */
  readonly edgeId?: string;
}

export interface MatchedSubgraph {
  readonly rank: number;
  readonly gsd: number;
  readonly mapping: readonly MappedNode[];
  readonly terms: readonly DistanceTerm[];
  readonly triples: readonly MatchedTriple[];
}

export interface RankedCandidate {
  readonly text: string;
  readonly id?: string;
  readonly distance: number;
  /** The schema alias that matched, when it was nearer than the candidate's own name. */
  readonly via?: string;
}

export interface CandidateList {
  readonly element: 'node' | 'edge';
  /** Node variable or edge id. */
  readonly ref: string;
  readonly patternText: string;
  readonly candidates: readonly RankedCandidate[];
  /** Edge lists: relationship types the endpoints' labels rule out, and why. */
  readonly excluded?: readonly { readonly text: string; readonly reason: string }[];
}

export type TraversalStep = 'seed' | 'structural' | 'textual';

export interface ScoredNode {
  readonly nodeId: string;
  readonly name: string;
  readonly score?: number;
}

export interface TraversalLayer {
  readonly layer: number; // 1-based
  readonly variable: string;
  readonly category?: string;
  readonly restriction?: string;
  readonly structural: readonly ScoredNode[];
  readonly textual: readonly ScoredNode[];
  /** |structural ∪ textual|, the next layer's seeds. */
  readonly kept: number;
}

export interface TraversalPath {
  readonly index: number;
  readonly variables: readonly string[];
  readonly layers: readonly TraversalLayer[];
}

export interface Trajectory {
  readonly candidate: string; // node id
  readonly name: string;
  readonly nodes: readonly ScoredNode[];
  /** TF: text similarity per step (padded to 3) + initial semantic score. */
  readonly textualFingerprint: readonly number[];
  /** SF: category per step. */
  readonly structuralFingerprint: readonly string[];
  /** TI: how each step was reached. */
  readonly traversalIdentifier: readonly TraversalStep[];
  readonly score: number;
}

export interface MixedTraversalTrace {
  readonly paths: readonly TraversalPath[];
  /** Candidates in every path's last layer (or the union, when the intersection was empty). */
  readonly survivors: readonly ScoredNode[];
  readonly combination: 'intersection' | 'union-fallback' | 'text-fallback';
  readonly trajectories: readonly Trajectory[];
  readonly reranker: string;
}

export interface CypherRun {
  readonly text: string;
  readonly params: Readonly<Record<string, CypherValue>>;
  readonly dialect: CypherDialect;
  readonly plan?: PlanTree;
  readonly mode: 'run' | 'explain' | 'profile';
}

export interface Timings {
  readonly totalMs: number;
  readonly candidatesMs: number;
  readonly searchMs: number;
  readonly [phase: string]: number;
}
