import type { StrategyKind } from './values';
import type { MatchedSubgraph, PlacementReport, StoreIo } from './retrievalResult';

/**
 * "Why not X?": for an expected answer (a name) a strategy did not return, where it dropped out,
 * computed from the strategy's own candidate sets, bounds and traces (core/whynot, docs/whynot.md).
 * The CLI (`kgrag why-not --json`) prints it and the inspector renders it. The shape only grows:
 * add members, never rename them.
 */
export interface WhyNotResult {
  /** The expected answer as asked. */
  readonly expected: string;
  readonly plan: string;
  readonly strategy: StrategyKind;
  /** The target variable the analysis followed (the plan's first target that gets furthest). */
  readonly variable?: string;
  /** The graph nodes named exactly `expected` (empty: not in the graph). */
  readonly nodes: readonly WhyNotNode[];
  /** Where it dropped out (or `returned`). */
  readonly cause: WhyNotCause;
  /** One line saying the cause in words (the CLI prints it; the inspector's heading). */
  readonly summary: string;
  /** Changes that would bring it back, best first; each re-run when `verified` is set. */
  readonly fixes: readonly WhyNotFix[];
  /** Analysis wall time in milliseconds (re-runs included). */
  readonly ms: number;
  /** Where the analysis read the graph and why (the run analysed and the fixes' re-runs say their own: docs/whynot.md, "Placement"). */
  readonly placement?: PlacementReport;
  /** In the store: the statements the analysis sent, the rows they returned and the store's time. */
  readonly storeIo?: StoreIo;
}

export interface WhyNotNode {
  readonly nodeId: string;
  readonly name: string;
  readonly label: string;
}

/** A near name of the graph (not-in-graph), nearest first. */
export interface NearName {
  readonly name: string;
  readonly nodeId: string;
  readonly label: string;
  /** Embedding L2 distance to the expected name (as node candidates are ranked). */
  readonly distance: number;
  /** Character edit distance (Levenshtein) to the expected name. */
  readonly edits: number;
}

/** A path that exists in the graph, written as a pattern: `(Titanic)-[directed_by]->(James Cameron)`. */
export interface PathPattern {
  readonly pattern: string;
  readonly hops: number;
  readonly nodes: readonly WhyNotNode[];
  /** Relationship types in order; `forward` = stored from the earlier node to the later one. */
  readonly edges: readonly { readonly type: string; readonly forward: boolean }[];
}

/** The candidate rank a plan element would have needed (gsd's k⁽ⁿ⁾ / k⁽ʳ⁾). */
export interface CandidateNeed {
  readonly element: 'node' | 'edge';
  /** Node variable or edge id. */
  readonly ref: string;
  readonly patternText: string;
  /** The graph name (node) or relationship type (edge) the expected answer's subgraph needs there. */
  readonly needed: string;
  /** Its 1-based rank among the element's candidates. */
  readonly rank: number;
  /** The parameter that cuts the list and its current value. */
  readonly parameter: 'nodeCandidates' | 'relationCandidates';
  readonly limit: number;
  /** What the element matched instead (its best candidate). */
  readonly matchedInstead?: string;
}

/**
 * A named node (text in the pattern) that a subgraph maps to another graph node than its own
 * match (the node(s) its text matches best): the answer came through a different entity than the
 * one the plan names.
 */
export interface NamedSwap {
  readonly variable: string;
  /** The text as the plan writes it ("The Vow"). */
  readonly term: string;
  /** Its own match: the best-matching node for the text (what the plan means). */
  readonly own: WhyNotNode;
  /** The node the subgraph maps it to instead. */
  readonly became: WhyNotNode;
  /** 1-based rank of `became` among the text's candidates, when known. */
  readonly candidateRank?: number;
  /** Embedding distance of `became` to the text, when known. */
  readonly distance?: number;
}

export type WhyNotCause =
  /** Not a miss: the strategy returned it. */
  | { readonly kind: 'returned'; readonly rank: number; readonly score: number; readonly variable: string }
  /** No node has this name; the nearest names. */
  | { readonly kind: 'not-in-graph'; readonly nearest: readonly NearName[] }
  /** In the graph, but no subgraph of the plan's shape reaches it (even with candidate limits and categories lifted). */
  | {
      readonly kind: 'unreachable';
      readonly variable: string;
      readonly reason: string;
      /** The shortest path that does exist from a named node of the plan to it, if any (within maxHops). */
      readonly path?: PathPattern;
      /** From which plan variable the path starts (a named node). */
      readonly from?: string;
      readonly maxHops: number;
    }
  /** A named node or relation phrase matched elsewhere: its subgraph needs a candidate ranked below the limit. */
  | { readonly kind: 'candidate-rank'; readonly needs: readonly CandidateNeed[]; readonly subgraph: MatchedSubgraph }
  /**
   * Every subgraph giving it maps a named node elsewhere than its own match: from the node the plan
   * names, no subgraph of the plan's shape reaches it (gsd: under the run's candidate sets).
   */
  | {
      readonly kind: 'named-swapped';
      readonly variable: string;
      readonly swaps: readonly NamedSwap[];
      /** The best subgraph with the swaps: its GSD (gsd) and 1-based rank among all subgraphs. */
      readonly score: number;
      readonly rank?: number;
      readonly subgraph?: MatchedSubgraph;
      /** The shortest path from the named node's own match to it, if any (within maxHops). */
      readonly path?: PathPattern;
      readonly maxHops: number;
    }
  /** A category (type word) rules out a node its subgraph needs. */
  | {
      readonly kind: 'category';
      readonly variable: string;
      readonly category: string;
      /** The labels the category resolved to. */
      readonly labels: readonly string[];
      /** The label of the node the subgraph needs there. */
      readonly needed: string;
      readonly neededName: string;
      readonly subgraph?: MatchedSubgraph;
      /** Named nodes that subgraph maps elsewhere than their own match (with the categories lifted). */
      readonly swaps?: readonly NamedSwap[];
    }
  /** Its best subgraph ranks below the k limit. */
  | {
      readonly kind: 'cut-by-k';
      readonly parameter: string;
      readonly k: number;
      /** 1-based rank it would have (subgraphs for gsd, answers for mor/sage). */
      readonly rank: number;
      /** gsd: its best GSD (lower is better); mor/sage: its score (higher is better). */
      readonly score: number;
      /** The score of the last one returned. */
      readonly lastReturned?: number;
      readonly subgraph?: MatchedSubgraph;
    }
  /** A bound stopped the search before it: a GSD tie with the k-th (Eq. 11, B ≥ k-th), a budget, a threshold. */
  | {
      readonly kind: 'pruned';
      readonly bound: 'gsd-tie' | 'time-budget' | 'expansion-budget' | 'theta' | 'layer-cap';
      readonly value: number;
      readonly detail: string;
      readonly subgraph?: MatchedSubgraph;
    }
  /** mor: the layer of a reasoning path where its trajectory ended. */
  | {
      readonly kind: 'mor-layer';
      /** 0-based path index and the layer (1-based) its trajectory reached last; 0 = never seeded. */
      readonly path: number;
      readonly layer: number;
      readonly variable: string;
      readonly reason: 'not-seeded' | 'relation' | 'category' | 'layer-cap' | 'not-in-every-path';
      readonly detail: string;
      /** The graph path to it that the traversal would have had to follow, when one exists. */
      readonly route?: PathPattern;
    }
  /** cypher: the clause of the compiled query that excludes it. */
  | {
      readonly kind: 'cypher-clause';
      readonly clause: 'name' | 'label' | 'relation' | 'direction' | 'distinct' | 'limit';
      /** The plan variable or edge id the clause comes from. */
      readonly ref: string;
      /** The clause as it reads in the query. */
      readonly text: string;
      readonly detail: string;
      readonly query: string;
      /** When no clause alone excludes it: the other clause that does so together with this one. */
      readonly also?: readonly { readonly clause: 'name' | 'label' | 'relation' | 'direction' | 'distinct'; readonly ref: string; readonly text: string }[];
    }
  /** stem / sage: what their traces allow to say (docs/whynot.md). */
  | { readonly kind: 'trace'; readonly stage: string; readonly detail: string };

/** A change that would bring the answer back, as an action a front door can apply and re-run. */
export type WhyNotFix = (
  | {
      readonly kind: 'set-parameter';
      readonly strategy: StrategyKind;
      readonly name: string;
      readonly value: number | boolean | string;
      /** Further parameters the fix sets together with this one (e.g. k, when the raised limit lets it in below the k-th). */
      readonly also?: Readonly<Record<string, number | boolean | string>>;
    }
  /** Add `alias` to a relationship type (or label) in the plan's schema file. */
  | { readonly kind: 'add-alias'; readonly element: 'relation' | 'label'; readonly target: string; readonly alias: string }
  /** Drop (to: undefined) or change a node's category. */
  | { readonly kind: 'relax-category'; readonly variable: string; readonly category: string; readonly to?: string }
  /** Write the graph's name for a node (a typo, an exact name that differs). */
  | { readonly kind: 'use-name'; readonly variable: string; readonly from: string; readonly to: string }
  /** The expected answer itself is likely misspelt: the graph's name. */
  | { readonly kind: 'fix-expect'; readonly from: string; readonly to: string }
) & {
  /** One line: what the fix does. */
  readonly label: string;
  /** The re-run with the fix applied (when the analysis verified it). */
  readonly outcome?: WhyNotFixOutcome;
};

export interface WhyNotFixOutcome {
  /**
   * The expected answer is returned after the fix, through the named nodes the plan names (their
   * own matches): a re-run that returns it only through a swapped named node is not a fix.
   */
  readonly returned: boolean;
  /** The re-run returned it, but only through these swapped named nodes (then `returned` is false). */
  readonly swapped?: readonly NamedSwap[];
  readonly rank?: number;
  readonly answers: number;
  /** Set when the fix cannot be re-run here (e.g. an alias needs the schema file). */
  readonly skipped?: string;
}
