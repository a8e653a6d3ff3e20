/**
 * SimGRAG writes unknown entities and relations as text: "UNKNOWN film 1", "UNKNOWN relation 2".
 * In kgplan an unknown is a node without text (`(film1: Movie)`) or an edge without relation (`--`).
 * Such text left in a plan would be matched by meaning as if it were a name; a misspelling
 * ("UNKOWN") would fool SimGRAG's own substring test too. These helpers find both.
 */
import { editDistance } from './suggest';

export type UnknownFinding =
  /** The word UNKNOWN (any case when it leads "unknown <type> <n>"). */
  | { readonly kind: 'unknown'; readonly type?: string; readonly id?: string }
  /** A word that looks like a misspelt UNKNOWN. */
  | { readonly kind: 'misspelt'; readonly word: string; readonly type?: string; readonly id?: string };

function isUpperWord(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return w.length > 0;
}

function isDigits(w: string | undefined): boolean {
  if (w === undefined || w.length === 0) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function findUnknown(text: string): UnknownFinding | undefined {
  const words = text.trim().split(/\s+/);
  // "<word> <type> <n>": SimGRAG's shape; the leading word may be in any case
  const shaped = words.length === 3 && isDigits(words[2]);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const upper = w.toUpperCase();
    const leading = shaped && i === 0;
    const type = leading ? words[1] : words[i + 1];
    const id = leading ? words[2] : isDigits(words[i + 2]) ? words[i + 2] : undefined;
    // SimGRAG's own test is the substring "UNKNOWN" (so "UNKNOWN_director_1" counts too)
    if (w.includes('UNKNOWN') || (leading && upper === 'UNKNOWN')) return { kind: 'unknown', type, id };
    if ((isUpperWord(w) || leading) && upper.length >= 5 && upper.length <= 9 && upper !== 'UNKNOWN' && nearUnknown(upper)) {
      return { kind: 'misspelt', word: w, type, id };
    }
  }
  return undefined;
}

/** One edit away, or two when it still starts with U ("UKNOWN", "UNKWNON"); not "KNOWN". */
function nearUnknown(upper: string): boolean {
  const d = editDistance(upper, 'UNKNOWN', 2);
  return d <= 1 || (d === 2 && upper.charCodeAt(0) === 85);
}
