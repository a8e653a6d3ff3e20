import type { Range } from './text';

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

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error');
}
