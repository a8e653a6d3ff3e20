/** Quick fixes come from the checker: every Diagnostic may carry `fixes`; the editor only offers them. */
import type { Diagnostic, Fix, TextEdit } from '../diagnostics';
import type { Range } from '../text';

export interface QuickFix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly preferred: boolean;
  /** The diagnostic the fix resolves. */
  readonly diagnostic: Diagnostic;
}

function before(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

export function rangesTouch(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** The fixes of every diagnostic touching `range` (the selection or the cursor). */
export function quickFixes(diagnostics: readonly Diagnostic[], range: Range): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of diagnostics) {
    if (!rangesTouch(d.range, range)) continue;
    for (const f of d.fixes ?? []) out.push({ title: f.title, edits: f.edits, preferred: f.preferred === true, diagnostic: d });
  }
  return out;
}

/**
 * "Fix all": the preferred fix of each diagnostic, skipping any whose edits overlap an edit already
 * taken (applying both would garble the text). Running it again picks up the rest.
 */
export function fixAll(diagnostics: readonly Diagnostic[]): TextEdit[] {
  const taken: TextEdit[] = [];
  for (const d of diagnostics) {
    const fix: Fix | undefined = d.fixes?.find((f) => f.preferred);
    if (!fix) continue;
    if (fix.edits.some((e) => taken.some((t) => rangesTouch(t.range, e.range)))) continue;
    taken.push(...fix.edits);
  }
  return taken;
}
