/**
 * The Evaluation view (docs/eval.md, "In VS Code"): what the extension sends its webview and what
 * the webview may ask. The view model is computed in core/eval (evalView) from the records of one
 * `evaluateSet` run and the set's previous run; the webview only draws it.
 */
import type { StrategyKind } from '../values';

export interface EvalMetricsView {
  readonly n: number;
  readonly hits1: number;
  readonly hitsK: number;
  readonly mrr: number;
  readonly recall: number;
  /** NaN is not JSON: null when no item ran without error. */
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
  readonly errors: number;
  readonly partial: number;
}

/** One row of the metrics table: a strategy overall (`group` null) or one group of it. */
export interface EvalRowView {
  readonly strategy: StrategyKind;
  readonly group: string | null;
  readonly metrics: EvalMetricsView;
  /** The same row of the previous run of this set (absent: no previous run, or the row is new). */
  readonly previous?: EvalMetricsView;
}

/** One bar of the cause histogram: misses at rank 1 of a strategy with this cause. */
export interface EvalCauseView {
  readonly strategy: StrategyKind;
  readonly cause: string;
  readonly count: number;
  /** The count in the previous run (0 when the cause did not occur then); absent: no previous run. */
  readonly previous?: number;
}

/** One item × strategy not answered first. */
export interface EvalMissView {
  readonly strategy: StrategyKind;
  readonly id: string;
  /** 1-based line of the item in the set file. */
  readonly line: number;
  readonly group?: string;
  readonly input: 'question' | 'plan';
  readonly gold: readonly string[];
  /** The first answers returned (at most 10) and how many there were. */
  readonly answers: readonly string[];
  readonly answerCount: number;
  readonly rank: number | null;
  readonly cause: string;
  readonly summary: string;
  readonly partial?: string;
  readonly error?: string;
  readonly askChain?: string;
  /** True when the previous run answered this item first with this strategy. */
  readonly newSinceLast?: boolean;
}

export interface EvalPreviousView {
  /** ISO time of the previous run. */
  readonly at: string;
  readonly store: string;
  /** Per strategy: ids first before and not now (lost), and the other way round (gained). */
  readonly changes: readonly { readonly strategy: StrategyKind; readonly lost: readonly string[]; readonly gained: readonly string[] }[];
}

export interface EvalViewModel {
  /** The set file: its workspace-relative label and URI. */
  readonly set: { readonly label: string; readonly uri: string };
  readonly store: string;
  readonly embedder: string;
  readonly strategies: readonly StrategyKind[];
  readonly k: number;
  readonly groupBy?: string;
  /** ISO time the run ended, and its wall time. */
  readonly at: string;
  readonly ms: number;
  readonly items: number;
  /** Lines of the set that were not evaluated (bad JSON, no answers, …). */
  readonly problems: readonly { readonly line: number; readonly message: string }[];
  readonly rows: readonly EvalRowView[];
  readonly causes: readonly EvalCauseView[];
  readonly misses: readonly EvalMissView[];
  readonly previous?: EvalPreviousView;
}

// ---------------------------------------------------------------- host → webview

export interface EvalShowMessage {
  readonly type: 'evalShow';
  readonly view: EvalViewModel;
}

/** A run in progress (`done` of `total` item × strategy pairs), or its end (`total` 0). */
export interface EvalProgressMessage {
  readonly type: 'evalProgress';
  readonly title: string;
  readonly done: number;
  readonly total: number;
}

export type EvalHostMessage = EvalShowMessage | EvalProgressMessage;

// ---------------------------------------------------------------- webview → host

export interface EvalReadyMessage {
  readonly type: 'ready';
}

/** Open a miss: run its plan with its strategy, show it in the inspector and ask why not. */
export interface EvalOpenMissMessage {
  readonly type: 'openMiss';
  readonly strategy: StrategyKind;
  readonly id: string;
}

/** Show the item's line in the set file. */
export interface EvalRevealItemMessage {
  readonly type: 'revealItem';
  readonly line: number;
}

/** Evaluate the same set with the same strategies again. */
export interface EvalAgainMessage {
  readonly type: 'evaluateAgain';
}

export interface EvalLogMessage {
  readonly type: 'log';
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

export type EvalWebviewMessage = EvalReadyMessage | EvalOpenMissMessage | EvalRevealItemMessage | EvalAgainMessage | EvalLogMessage;
