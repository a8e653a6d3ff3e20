/**
 * The inspector's host ↔ webview protocol: one discriminated union per direction.
 * Both sides validate every message they receive with the guards in ./validate.ts;
 * unknown or malformed messages are ignored and logged, never acted on.
 */
import type { RetrievalResult } from '../core/retrieve/result';

/** The panel's switchable views (the tab order). */
export const INSPECTOR_VIEWS = ['subgraphs', 'gsd', 'trajectory', 'cypher', 'stats', 'stem', 'sage'] as const;
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

export type HostToWebviewMessage = ShowResultMessage | HighlightMessage | SelectViewMessage | RequestImageMessage;

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
  | LogMessage;

/** What the webview keeps across reloads (vscode.setState) and hands to the serializer. */
export interface InspectorState {
  readonly result?: RetrievalResult;
  readonly source?: ResultSource;
  readonly view?: InspectorView;
}
