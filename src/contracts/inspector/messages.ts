/**
 * The inspector's host ↔ webview protocol: one discriminated union per direction.
 * Both sides validate every message they receive with the guards in ./validate.ts;
 * unknown or malformed messages are ignored and logged, never acted on.
 */
import type { RetrievalResult } from '../retrievalResult';
import type { GroundingReport } from './grounding';

export type { ChoiceVerdict, EnumerationSource, GroundedNodeView, GroundingCandidate, GroundingDecider, GroundingMention, GroundingReport, NoPlan, RejectedReply } from './grounding';

/** The panel's switchable views (the tab order). */
export const INSPECTOR_VIEWS = ['subgraphs', 'gsd', 'trajectory', 'cypher', 'stats', 'stem', 'sage', 'grounding'] as const;
export type InspectorView = (typeof INSPECTOR_VIEWS)[number];

export type ImageFormat = 'png' | 'svg';

/** Where a result came from, so reveals can find the right .kgp document. */
export interface ResultSource {
  /** A document URI string (file:, vscode-remote:, untitled: …). */
  readonly uri?: string;
  /** A short label for the panel header, e.g. the file name. */
  readonly label?: string;
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
}

export type HostToWebviewMessage =
  | ShowResultMessage
  | HighlightMessage
  | SelectViewMessage
  | RequestImageMessage
  | ExpandedMessage
  | ActiveGraphMessage;

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

export interface LogMessage {
  readonly type: 'log';
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

export type WebviewToHostMessage =
  | ReadyMessage
  | RevealMessage
  | AddAliasMessage
  | ExportJsonMessage
  | ExportImageMessage
  | RenderedMessage
  | ExpandMessage
  | UseCandidateMessage
  | OpenCandidateMessage
  | LogMessage;

/** What the webview keeps across reloads (vscode.setState) and hands to the serializer. */
export interface InspectorState {
  readonly result?: RetrievalResult;
  readonly source?: ResultSource;
  readonly view?: InspectorView;
  readonly grounding?: GroundingReport;
}
