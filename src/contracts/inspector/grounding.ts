/**
 * What the inspector's grounding view shows for a question the grounded planner (core/ask) planned:
 * mentions → nodes, the candidate queries with their counts and scores, the chosen one and who chose
 * it, and what ran. Every name in it is database text: the webview renders it as text.
 */

import type { PlacementReport, StoreIo } from '../retrievalResult';

export interface GroundedNodeView {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly score: number;
}

export interface GroundingMention {
  readonly text: string;
  /** Character offsets in the question. */
  readonly start: number;
  readonly end: number;
  /** Written `[…]` or `"…"` by the asker. */
  readonly marked: boolean;
  readonly method: 'exact' | 'bm25' | 'embedding';
  readonly score: number;
  readonly anchor: boolean;
  /** Every node the mention may mean (several: ambiguous). */
  readonly nodes: readonly GroundedNodeView[];
  /** Indices of the mentions this one overlaps. */
  readonly overlaps: readonly number[];
  /** The plan variable that holds this anchor in the chosen candidate's plan (for reveal). */
  readonly variable?: string;
}

export interface GroundingCandidate {
  /** 1-based rank. */
  readonly id: number;
  readonly pattern: string;
  readonly chain: string;
  readonly count: number;
  readonly score: number;
  readonly fit: number;
  /** What chose it, in words: the type asked for against its answers' label, each question word and
   *  the name it met, relations no word names, why the evidence is weak (absent in older saved state). */
  readonly evidence?: readonly string[];
}

/** Who picked the candidate that ran. */
export type GroundingDecider =
  | { readonly kind: 'ranker' }
  | { readonly kind: 'model'; readonly model: string; readonly attempts: number }
  /** "Use this candidate instead" in the inspector. */
  | { readonly kind: 'user' };

/** Where the candidates were enumerated: the in-memory snapshot, or the neighbourhood read from the store. */
export type EnumerationSource = 'snapshot' | 'store';

export interface RejectedReply {
  readonly reply: string;
  readonly reason: string;
}

/** The planner's verdict on its choice (core/ask's AskResult carries the same). */
export interface ChoiceVerdict {
  /** 'match': confident; 'weak': the best the graph offers, shown as a guess. */
  readonly status: 'match' | 'weak';
  readonly confidence: number;
  /** The model's replies that were rejected, and why. */
  readonly rejectedReplies: readonly RejectedReply[];
  readonly totalCandidates: number;
  /** True when enumeration stopped at its cap. */
  readonly capped: boolean;
  readonly enumeratedOn: EnumerationSource;
}

/** Why no plan came out: no name of the graph in the question (with the nearest names), nothing
 *  around it, or a question longer than ask reads (it was not read at all). */
export type NoPlan =
  | { readonly kind: 'nothing-found'; readonly message: string; readonly nearest: readonly string[] }
  | { readonly kind: 'no-candidates'; readonly message: string }
  | { readonly kind: 'too-long'; readonly message: string };

interface GroundingCommon {
  readonly question: string;
  readonly mentions: readonly GroundingMention[];
  readonly totalMs: number;
  /** Where the question ran and why (memory: the snapshot; store: the index without the graph, candidates on the neighbourhood read from the store). */
  readonly placement?: PlacementReport;
  /** What it asked of the store (absent when it sent nothing). */
  readonly storeIo?: StoreIo;
}

export type GroundingReport =
  | (GroundingCommon &
      ChoiceVerdict & {
      readonly kind: 'planned';
      readonly decidedBy: GroundingDecider;
      /** The chosen candidate's id (1-based, as in `candidates`). */
      readonly chosen: number;
      readonly candidates: readonly GroundingCandidate[];
      /** What ran: the chosen plan's name and strategy. */
      readonly ran: { readonly plan: string; readonly strategy: string };
    })
  | (GroundingCommon & NoPlan);
