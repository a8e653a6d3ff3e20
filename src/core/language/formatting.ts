/** Turns the formatter's output into the smallest single edit, so the cursor and undo stay put. */
import type { TextEdit } from '../diagnostics';
import { LineIndex } from '../text';

export function minimalEdit(original: string, formatted: string): TextEdit[] {
  if (original === formatted) return [];
  let start = 0;
  const max = Math.min(original.length, formatted.length);
  while (start < max && original.charCodeAt(start) === formatted.charCodeAt(start)) start++;
  let endO = original.length;
  let endF = formatted.length;
  while (endO > start && endF > start && original.charCodeAt(endO - 1) === formatted.charCodeAt(endF - 1)) {
    endO--;
    endF--;
  }
  // Never split a surrogate pair or a CRLF.
  while (start > 0 && isLowHalfOrLf(original, start)) start--;
  while (endO < original.length && isLowHalfOrLf(original, endO)) {
    endO++;
    endF++;
  }
  const lines = new LineIndex(original);
  return [{ range: lines.rangeOf(start, endO), newText: formatted.slice(start, endF) }];
}

function isLowHalfOrLf(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  const p = s.charCodeAt(i - 1);
  return (c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff) || (c === 10 && p === 13);
}

/** Applies edits (non-overlapping) to a text — for tests and for the CLI's `--fix`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const sorted = edits
    .map((e) => ({ s: lines.offsetAt(e.range.start), e: lines.offsetAt(e.range.end), t: e.newText }))
    .sort((a, b) => b.s - a.s);
  let out = text;
  for (const x of sorted) out = out.slice(0, x.s) + x.t + out.slice(x.e);
  return out;
}
