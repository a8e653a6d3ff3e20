/**
 * Question and name tokens for grounding. Names and questions go through the same normaliser, so
 * "Some Mother's Son", "some mothers son" and "SOME MOTHER’S SON" meet on one key.
 */

export interface Token {
  /** Normalised: lower case, diacritics and apostrophes removed. */
  readonly norm: string;
  /** Offsets in the original text (end exclusive). */
  readonly start: number;
  readonly end: number;
  /** Written with a capital first letter. */
  readonly capitalised: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

export function normaliseWord(w: string): string {
  return w
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’]/g, '')
    .toLowerCase();
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    out.push({ norm: normaliseWord(m[0]), start, end: start + m[0].length, capitalised: /^\p{Lu}/u.test(m[0]) });
  }
  return out;
}

/** The lookup key of a name: its normalised words joined by single spaces. */
export function nameKey(name: string): string {
  return tokenize(name)
    .map((t) => t.norm)
    .join(' ');
}

/** A stretch of the question that the asker marked: [bracketed] or "quoted" (straight or curly). */
export interface MarkedSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function markedSpans(question: string): MarkedSpan[] {
  const out: MarkedSpan[] = [];
  // An opener may not appear inside its span: `[[[[…` without a `]` would otherwise be scanned to the
  // end from every `[` (quadratic); the innermost bracket is the marked one anyway.
  for (const m of question.matchAll(/\[([^[\]]+)\]|"([^"]+)"|“([^“”]+)”/g)) {
    const inner = m[1] ?? m[2] ?? m[3] ?? '';
    const offset = m.index + 1 + (inner.length - inner.trimStart().length);
    const text = inner.trim();
    if (text) out.push({ start: offset, end: offset + text.length, text });
  }
  return out;
}
