/** Positions are zero-based (line, character in UTF-16 code units), like LSP and VS Code.
 *  Printers for people (the CLI) add one to both. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** A fix the editor can offer as a quick fix and the CLI can print as a suggestion. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** Preferred fixes are applied by "Fix all" / auto-fix. */
  readonly preferred?: boolean;
}

/**
 * One finding about one file. `code` is stable (documented in docs/diagnostics.md) so users can
 * suppress or search for it; `message` is for people.
 */
export interface Diagnostic {
  readonly range: Range;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly fixes?: readonly Fix[];
}
