/**
 * Findings of the plan conversions. The IR has no source text, so findings carry what they are
 * about instead of a range: readers (SimGRAG JSON, MoR plans) give the JSON path in their input —
 * plus offsets when they parsed text — and writers (SimGRAG, MoR, Cypher) name the IR element.
 * `toRangeDiagnostics` turns offset findings into editor Diagnostics.
 */
import type { Diagnostic, Severity } from '../diagnostics';
import type { JsonPath } from '../schema/jsonDocument';
import type { LineIndex } from '../text';

/** A finding about an input value (an object, or text parsed into one). */
export interface SourceDiagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Where in the input value, e.g. ["graph", 2, 0] for the head of the third triple. */
  readonly path: JsonPath;
  /** Offsets inside the string at `path` (e.g. the bad arrow in a metapath), when narrower. */
  readonly inner?: { readonly start: number; readonly end: number };
  /** Offsets in the parsed text (end exclusive); set by the text readers. */
  readonly start?: number;
  readonly end?: number;
}

/** A finding about the IR while writing it out in another form. */
export interface PlanDiagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** The IR element it is about, so a front end can map it back to the source (e.g. the DSL). */
  readonly element?: { readonly kind: 'node' | 'edge'; readonly id: string };
}

/**
 * Converts offset findings to Diagnostics. `baseOffset` is where the parsed text starts inside the
 * document `lines` indexes (for a pattern embedded in a larger file).
 */
export function toRangeDiagnostics(diags: readonly SourceDiagnostic[], lines: LineIndex, baseOffset = 0): Diagnostic[] {
  return diags.map((d) => ({
    range: lines.rangeOf(baseOffset + (d.start ?? 0), baseOffset + (d.end ?? d.start ?? 0)),
    severity: d.severity,
    code: d.code,
    message: d.message,
  }));
}

/** Identifier-safe variable from free text: "The Vow" → "the_vow", "2012" → "n_2012". */
export function slugId(text: string, fallback = 'n'): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/g, '');
  if (s === '') return fallback;
  return /^[0-9]/.test(s) ? `${fallback}_${s}` : s;
}

/** Returns `base`, or `base_2`, `base_3`… — the first not in `taken` (which it then joins). */
export function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}_${i}`;
  taken.add(id);
  return id;
}
