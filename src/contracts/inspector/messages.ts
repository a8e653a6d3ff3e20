/**
 * The inspector's host ↔ webview protocol: one discriminated union per direction.
 * Both sides validate every message they receive with the guards in ./validate.ts;
 * unknown or malformed messages are ignored and logged, never acted on.
 */
import type { Comparison } from '../compare';
import type { RetrievalResult } from '../retrievalResult';
import type { WhyNotFix, WhyNotResult } from '../whyNot';
import type { GroundingReport } from './grounding';

export type { ChoiceVerdict, EnumerationSource, GroundedNodeView, GroundingCandidate, GroundingDecider, GroundingMention, GroundingReport, NoPlan, RejectedReply } from './grounding';

/** The panel's switchable views (the tab order). */
export const INSPECTOR_VIEWS = ['subgraphs', 'gsd', 'trajectory', 'cypher', 'stem', 'sage', 'grounding', 'context', 'stats'] as const;
export type InspectorView = (typeof INSPECTOR_VIEWS)[number];

export type ImageFormat = 'png' | 'svg';

/** Where a result came from, so reveals can find the right .kgp document. */
export interface ResultSource {
  /** A document URI string (file:, vscode-remote:, untitled: …). */
  readonly uri?: string;
  /** A short label for the panel header, e.g. the file name. */
  readonly label?: string;
}

/** The graph a result came from: its store description and fingerprint (changes with the data). */
export interface ResultGraphInfo {
  readonly description: string;
  readonly fingerprint?: string;
}

/** One result the inspector keeps (the history list; no result body). */
export interface HistoryEntrySummary {
  readonly id: string;
  readonly plan: string;
  readonly strategy: RetrievalResult['strategy'];
  readonly mode: 'run' | 'explain' | 'profile';
  readonly graph: ResultGraphInfo;
  /** When it was made (ms since the epoch). */
  readonly at: number;
  readonly pinned: boolean;
  /** False for Explain: nothing ran, so there are no answers (not "0 answers"). */
  readonly executed: boolean;
  readonly answers: number;
  readonly totalMs: number;
  readonly question?: string;
  /** The source file's label. */
  readonly source?: string;
  /** The plan's text changed (or the plan is gone) since this result was made. */
  readonly planEdited: boolean;
}

// ---------------------------------------------------------------- host → webview

export interface ShowResultMessage {
  readonly type: 'show';
  readonly result: RetrievalResult;
  readonly source?: ResultSource;
  /** The view to bring forward (e.g. 'cypher' after Explain/Profile). */
  readonly view?: InspectorView;
  /** How the grounded planner got from the question to this result's plan (Inspect Question). */
  readonly grounding?: GroundingReport;
  /** The history entry shown (absent for a result outside the history, e.g. restored state). */
  readonly entryId?: string;
  /** The plan's expected answers (`expect`): the ones it missed get a "why not?" button. */
  readonly expect?: readonly string[];
  /** The result as a language model receives it, per format (core/context): the Model context view. */
  readonly context?: readonly ModelContextView[];
}

/** One format of the model context (core/context's ModelContext): the text exactly as sent, its size. */
export interface ModelContextView {
  readonly format: 'simgrag' | 'triples';
  readonly text: string;
  readonly graphs: number;
  readonly totalGraphs: number;
  readonly triples: number;
  readonly tokens: { readonly tokens: number; readonly method: string; readonly exact: boolean };
}

/** The results the inspector keeps, newest first, and which one is shown. */
export interface HistoryMessage {
  readonly type: 'history';
  readonly entries: readonly HistoryEntrySummary[];
  readonly current?: string;
}

/** Results side by side (computed by core/compare; the webview only draws it). */
export interface ShowComparisonMessage {
  readonly type: 'compare';
  readonly comparison: Comparison;
  /** The question all compared results answer, when they share one. */
  readonly question?: string;
  /** What was left out and why (e.g. a strategy the plan does not suit, a run that failed). */
  readonly notes?: readonly string[];
}

/** The editor selection is on a pattern variable (or left one: variable null). */
export interface HighlightMessage {
  readonly type: 'highlight';
  readonly variable: string | null;
}

export interface SelectViewMessage {
  readonly type: 'selectView';
  readonly view: InspectorView;
}

/** Asks the webview to ask "why not `expected`?" about the shown result, as its own button does (an Evaluation view miss opened). */
export interface AskWhyNotMessage {
  readonly type: 'askWhyNot';
  readonly expected: string;
}

/** Asks the webview to render the current graph view and send it back as exportImage. */
export interface RequestImageMessage {
  readonly type: 'requestImage';
  readonly format: ImageFormat;
}

/** A node or edge the host found around an expanded node (names are database text: render as text). */
export interface ExpandedNode {
  readonly id: string;
  readonly name: string;
  readonly labels: readonly string[];
}

export interface ExpandedEdge {
  readonly source: string;
  readonly target: string;
  readonly type: string;
}

/** The answer to `expand`: the node's neighbours (at most `cap` of `total`), or why there are none. */
export type ExpandedMessage =
  | {
      readonly type: 'expanded';
      readonly status: 'ok';
      readonly requestId: number;
      readonly nodeId: string;
      readonly nodes: readonly ExpandedNode[];
      readonly edges: readonly ExpandedEdge[];
      /** Neighbours the graph has; more than nodes.length when the cap cut the list. */
      readonly total: number;
    }
  | {
      readonly type: 'expanded';
      readonly status: 'error';
      readonly requestId: number;
      readonly nodeId: string;
      readonly message: string;
    };

/** The graph retrieval now runs on (a store description, as results carry it): results from another are stale. */
export interface ActiveGraphMessage {
  readonly type: 'activeGraph';
  readonly description: string;
  /** The graph's fingerprint now: a result made under another one is stale (the data changed). */
  readonly fingerprint?: string;
}

/**
 * A run in progress (`stage` says what it does now) or ended (`stage: null`). While a run is in
 * progress the panel shows its stage and marks the result on screen as the previous one.
 */
export interface ProgressMessage {
  readonly type: 'progress';
  readonly title: string;
  readonly stage: string | null;
}

/** The answer to `whyNot`: core/whynot's analysis, or why there is none (one line). */
export type WhyNotAnswerMessage =
  | { readonly type: 'whyNotAnswer'; readonly requestId: number; readonly status: 'ok'; readonly entryId?: string; readonly analysis: WhyNotResult }
  | { readonly type: 'whyNotAnswer'; readonly requestId: number; readonly status: 'error'; readonly expected: string; readonly message: string };

export type HostToWebviewMessage =
  | ShowResultMessage
  | HighlightMessage
  | SelectViewMessage
  | RequestImageMessage
  | ExpandedMessage
  | ActiveGraphMessage
  | ProgressMessage
  | HistoryMessage
  | ShowComparisonMessage
  | WhyNotAnswerMessage
  | AskWhyNotMessage;

// ---------------------------------------------------------------- webview → host

export interface ReadyMessage {
  readonly type: 'ready';
}

/** Reveal a pattern variable or edge of `plan` in the .kgp editor. Exactly one of variable/edgeId. */
export interface RevealMessage {
  readonly type: 'reveal';
  readonly plan: string;
  readonly variable?: string;
  readonly edgeId?: string;
}

/** Make `candidate` an alias of the phrase that matched it (the host decides where aliases live). */
export interface AddAliasMessage {
  readonly type: 'addAlias';
  readonly plan: string;
  readonly element: 'node' | 'edge';
  readonly ref: string;
  readonly patternText: string;
  readonly candidate: string;
}

export interface ExportJsonMessage {
  readonly type: 'exportJson';
}

/** The rendered graph view: a data: URL (png) or SVG markup (svg). */
export interface ExportImageMessage {
  readonly type: 'exportImage';
  readonly format: ImageFormat;
  readonly data: string;
}

/** What the webview rendered, for logs, tests and the render-time figure. */
export interface RenderedMessage {
  readonly type: 'rendered';
  readonly view: InspectorView;
  readonly nodes: number;
  readonly edges: number;
  readonly ms: number;
}

/** Asks the host for a node's neighbours in the result's graph (answered by one `expanded`). */
export interface ExpandMessage {
  readonly type: 'expand';
  readonly requestId: number;
  readonly nodeId: string;
}

/** "Use this candidate instead": re-plan with the grounding's candidate `candidate` (its id) and run it. */
export interface UseCandidateMessage {
  readonly type: 'useCandidate';
  readonly candidate: number;
}

/** "Open as .kgp": the candidate's plan as an editable document (with its `question`). */
export interface OpenCandidateMessage {
  readonly type: 'openCandidate';
  readonly candidate: number;
}

/** Show a kept result again. */
export interface OpenEntryMessage {
  readonly type: 'openEntry';
  readonly id: string;
}

/** Keep (or stop keeping) a result beyond the history's limit. */
export interface PinEntryMessage {
  readonly type: 'pinEntry';
  readonly id: string;
  readonly pinned: boolean;
}

/** Save a kept result as RetrievalResult JSON. */
export interface ExportEntryMessage {
  readonly type: 'exportEntry';
  readonly id: string;
}

/** Compare kept results (two or more; the first is A). */
export interface CompareEntriesMessage {
  readonly type: 'compareEntries';
  readonly ids: readonly string[];
}

/** Run every strategy the shown result's plan allows on its question and compare them. */
export interface CompareStrategiesMessage {
  readonly type: 'compareStrategies';
}

/** Where did `expected` drop out of a kept result (default: the shown one)? Answered by one `whyNotAnswer`. */
export interface WhyNotRequestMessage {
  readonly type: 'whyNot';
  readonly requestId: number;
  readonly expected: string;
  readonly entryId?: string;
}

/** Re-run a kept result's plan with an offered fix; the host shows the re-run beside the original. */
export interface ApplyFixMessage {
  readonly type: 'applyFix';
  readonly expected: string;
  readonly entryId?: string;
  readonly fix: WhyNotFix;
}

export interface LogMessage {
  readonly type: 'log';
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

/** Open the shown result's Cypher (with its parameters) as an editable query document. */
export interface OpenCypherMessage {
  readonly type: 'openCypher';
}

export type WebviewToHostMessage =
  | OpenCypherMessage
  | ReadyMessage
  | RevealMessage
  | AddAliasMessage
  | ExportJsonMessage
  | ExportImageMessage
  | RenderedMessage
  | ExpandMessage
  | UseCandidateMessage
  | OpenCandidateMessage
  | OpenEntryMessage
  | PinEntryMessage
  | ExportEntryMessage
  | CompareEntriesMessage
  | CompareStrategiesMessage
  | WhyNotRequestMessage
  | ApplyFixMessage
  | LogMessage;

/** What the webview keeps across reloads (vscode.setState) and hands to the serializer. */
export interface InspectorState {
  readonly result?: RetrievalResult;
  readonly source?: ResultSource;
  readonly view?: InspectorView;
  readonly grounding?: GroundingReport;
  /** The comparison on screen, if one is (it is drawn over the result). */
  readonly comparison?: Comparison;
  readonly question?: string;
  readonly notes?: readonly string[];
}
