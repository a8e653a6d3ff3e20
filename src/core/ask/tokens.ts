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

/**
 * The longest question ask reads. Ranking costs grow with the question's words times the
 * candidates (measured on MetaQA ×1, load ≈ 8: 240 words 1.6 s, 900 words 5.3 s, 6,000 words over
 * two minutes, synchronously), while the longest of 2,370 everyday wordings we hold has 44 words.
 * A pasted page (a select-all in the editor) is refused with a clear message instead of freezing.
 */
export const MAX_QUESTION_WORDS = 200;
export const MAX_QUESTION_CHARS = 4000;

/** Why the question is too long to read, if it is. */
export function questionTooLong(question: string): string | undefined {
  const chars = question.length;
  let words = 0;
  for (const _ of question.matchAll(WORD)) words++;
  if (words <= MAX_QUESTION_WORDS && chars <= MAX_QUESTION_CHARS) return undefined;
  const n = (x: number): string => x.toLocaleString('en-GB');
  return `the question is too long to read: ${n(words)} word${words === 1 ? '' : 's'}, ${n(chars)} characters (ask reads up to ${MAX_QUESTION_WORDS} words and ${n(MAX_QUESTION_CHARS)} characters); ask it in fewer words`;
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
