import { lemmatizer } from './lemmatizer';
import { eng as ENGLISH_STOP_WORDS } from 'stopword';

/**
 * The text normaliser behind word-level matching: split names the way graphs write them
 * (snake_case, camelCase, punctuation), lower-case, drop stop words (SimGRAG's own prompt forbids
 * "in", "of", "for" as relations) and lemmatise, irregular forms included (wrote → write).
 */
const STOP = new Set(ENGLISH_STOP_WORDS);
/** English's stop words (function words), for readers that need the class itself. */
export const STOP_WORDS: ReadonlySet<string> = STOP;

export interface NormalizedWord {
  /** The word as written, lower case. */
  readonly surface: string;
  /** Its lemmas as noun, verb and adjective (deduplicated; the surface itself when unknown). */
  readonly lemmas: readonly string[];
}

export interface NormalizedText {
  /** Content words, in order. */
  readonly words: readonly NormalizedWord[];
  /** Stop words that were dropped, in order. */
  readonly dropped: readonly string[];
}

/**
 * Words longer than this are cut to it: no word of WordNet or of any lemmatiser rule is longer (the
 * longest English words are about 45 letters), so nothing is lost, and a 1M-letter "word" costs no
 * more to look up, cache and hash than a long one.
 */
export const MAX_WORD_LENGTH = 64;

/** Quotes off both ends, by scanning (`/'+$/` retried from every quote of a long run: quadratic). */
function trimQuotes(w: string): string {
  let a = 0;
  let b = w.length;
  while (a < b && w.charCodeAt(a) === 39) a++;
  while (b > a && w.charCodeAt(b - 1) === 39) b--;
  return a === 0 && b === w.length ? w : w.slice(a, b);
}

/** Splits "starred_actors", "hasImdbRating", "in-language" and "The Vow!" into lower-case words. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => {
      const t = trimQuotes(w);
      return (t.endsWith("'s") ? t.slice(0, -2) : t).slice(0, MAX_WORD_LENGTH);
    })
    .filter((w) => w.length > 0);
}

export function isStopWord(word: string): boolean {
  return STOP.has(word.toLowerCase());
}

// A graph's vocabulary is tens of thousands of words, each lemmatised once; the cap only guards a
// long-running language server against unbounded growth.
const LEMMA_CACHE_LIMIT = 200_000;
const lemmaCache = new Map<string, readonly string[]>();

export function lemmasOf(word: string): readonly string[] {
  const cached = lemmaCache.get(word);
  if (cached) return cached;
  const out = new Set<string>([word]);
  if (/^\p{L}+$/u.test(word)) {
    out.add(lemmatizer().verb(word));
    out.add(lemmatizer().noun(word));
    out.add(lemmatizer().adjective(word));
  }
  const lemmas = [...out];
  if (lemmaCache.size >= LEMMA_CACHE_LIMIT) lemmaCache.clear();
  lemmaCache.set(word, lemmas);
  return lemmas;
}

/**
 * The lemmas a word can have as one part of speech: the word itself, and what that part of
 * speech's lemmatiser makes of it. "starred" is a form of the verb "star", never of the noun, so
 * its noun senses (a celestial body, an expert) are not among its meanings.
 */
export function lemmasAs(word: string, pos: 'n' | 'v' | 'a' | 'r'): readonly string[] {
  if (pos === 'r' || !/^\p{L}+$/u.test(word)) return [word];
  const lemma = pos === 'n' ? lemmatizer().noun(word) : pos === 'v' ? lemmatizer().verb(word) : lemmatizer().adjective(word);
  return lemma === word ? [word] : [word, lemma];
}

export function normalizeText(text: string): NormalizedText {
  const words: NormalizedWord[] = [];
  const dropped: string[] = [];
  for (const w of splitWords(text)) {
    if (STOP.has(w)) dropped.push(w);
    else words.push({ surface: w, lemmas: lemmasOf(w) });
  }
  return { words, dropped };
}

/** True when a relation phrase says nothing but stop words ("in", "of the"). */
export function isStopWordsOnly(text: string): boolean {
  const n = normalizeText(text);
  return n.words.length === 0 && n.dropped.length > 0;
}
