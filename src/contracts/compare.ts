/**
 * A comparison of two or more retrieval results (strategies on one question, one plan on two
 * graphs, before and after an edit): computed by `compareResults` (src/core/compare), drawn by the
 * inspector's Compare view. The first result is the baseline "A"; every other result is a "B"
 * compared with it. Pure data: every name in it is database text (render it as text).
 */
import type { StrategyKind } from './values';

/** Where a compared node or edge is: only in A, only in B, or in both. */
export type DiffSide = 'a' | 'b' | 'both';

/** One of the compared results, as the comparison labels it. */
export interface ComparedResult {
  /** The history entry (or result id) it came from. */
  readonly id: string;
  /** "A", "B", "C", … in the order given. */
  readonly letter: string;
  readonly plan: string;
  readonly strategy: StrategyKind;
  /** The graph's store description. */
  readonly graph: string;
  /** Explain results ran nothing: they have no answers to compare (not "0 answers"). */
  readonly executed: boolean;
  readonly answers: number;
  readonly totalMs: number;
}

/** An answer present in one or both results, with its 1-based rank and score in each. */
export interface AnswerChange {
  readonly value: string;
  readonly rankA?: number;
  readonly rankB?: number;
  readonly scoreA?: number;
  readonly scoreB?: number;
}

/** Every answer of every result with its rank per result (null: not returned). */
export interface AnswerRow {
  readonly value: string;
  readonly ranks: readonly (number | null)[];
}

export interface DiffNode {
  /** The node's key in the diff: its id when both results come from one graph, else its name. */
  readonly key: string;
  readonly name: string;
  readonly labels: readonly string[];
  readonly side: DiffSide;
}

export interface DiffEdge {
  /** `sourceKey|type|targetKey`. */
  readonly key: string;
  readonly source: string;
  readonly target: string;
  readonly type: string;
  readonly side: DiffSide;
}

export interface SideCounts {
  readonly a: number;
  readonly b: number;
  readonly both: number;
}

export interface SubgraphDiff {
  /** 'id' when both results come from one graph; 'name' across graphs (ids name other nodes there). */
  readonly matchedBy: 'id' | 'name';
  readonly nodes: readonly DiffNode[];
  readonly edges: readonly DiffEdge[];
  readonly nodeCounts: SideCounts;
  readonly edgeCounts: SideCounts;
}

/** A figure in A and B; `delta` = b − a. */
export interface Delta {
  readonly name: string;
  readonly a: number;
  readonly b: number;
  readonly delta: number;
}

/** Result A against one other result. */
export interface PairComparison {
  /** Index of B in `Comparison.results` (A is index 0). */
  readonly b: number;
  /** In B, not in A (with B's rank). */
  readonly gained: readonly AnswerChange[];
  /** In A, not in B (with A's rank). */
  readonly lost: readonly AnswerChange[];
  /** In both (both ranks). */
  readonly kept: readonly AnswerChange[];
  readonly subgraph: SubgraphDiff;
  /** Per timing phase both results report (totalMs first). */
  readonly timings: readonly Delta[];
  /** Answer count and, when both results rank by the same measure, the best score. */
  readonly scores: readonly Delta[];
  /** Why scores are not compared, when they are not (different strategies rank by different measures). */
  readonly scoreNote?: string;
}

export interface Comparison {
  readonly results: readonly ComparedResult[];
  readonly answers: readonly AnswerRow[];
  /** results[0] against results[1], results[2], … */
  readonly pairs: readonly PairComparison[];
}
