/**
 * Round 21 (words21c, issue 27): relation words as people type them — a slip in a word the dictionary
 * does not know, a closed compound the dictionary does not hold, a word written in capitals. Each is
 * read through the one word-meaning model (`WordMeaning`: WordNet's lemmas and forms, the graph's
 * names), never a word list; each reading leaves a note the evidence shows ("'screnplay' read as
 * 'screenplay' (one letter dropped)"). Kept in its own file so rounds' readings in `rank.ts` merge beside it.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import type { Grounding } from './ground';
import type { WordMeaning } from './meaning';
import { relevanceOf, type RankContext } from './rank';
import type { Token } from './tokens';
import { bestRelation, slipsOf } from './everyday';
import { FLOOR, NAMES } from './levels';

/** What each token a reading of this file rewrote was read as, in words (`readingNotes`). */
const notes = new WeakMap<Token, string>();

/** The token read as `read`, with the note the evidence shows. */
export function noted(t: Token, read: string, note: string): Token {
  const out = { ...t, norm: read };
  notes.set(out, note);
  return out;
}

/** The notes of the question's readings that are still read (a later reading may drop the word). */
export function readingNotes(g: Grounding): string[] {
  const out: string[] = [];
  for (const t of g.tokens) {
    const n = notes.get(t);
    if (n !== undefined && t.norm !== '' && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The slip that turns `word` into `typed`, in words: what the typist did. */
export function slipKind(typed: string, word: string): string {
  if (typed.length < word.length) return 'one letter dropped';
  if (typed.length > word.length) return 'one letter added';
  const diff = [...typed].map((c, i) => (c === word[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0]! + 1 ? 'two letters swapped' : 'one letter changed';
}

/** A token `respelled` read as the word one slip away, noted: "'screnplay' read as 'screenplay' (one letter dropped)". */
export function slipRead(t: Token, read: string, question: string): Token {
  const written = question.slice(t.start, t.end);
  return noted(t, read, `"${written}" read as "${read}" (${slipKind(t.norm, read)})`);
}

/**
 * **A word the dictionary holds in one of its forms** (round 21): WordNet lists lemmas ("release",
 * "actor"); a slip's neighbour may be a form of one ("realeased" → released, a verb's past). The word
 * as written, a noun's plural, or a regular form of a WordNet verb or noun (`WordMeaning.inflectionOf`:
 * -s, -es, -ies, -ed, -d, -ied, -ing, a doubled consonant) — not a form the lemmatiser guesses from an
 * unknown string ("freing" is no form of free).
 */
export function heldOrInflected(word: string, ctx: RankContext): boolean {
  return ctx.meaning.holdsAsWritten(word) || ctx.meaning.inflectionOf(word) !== undefined;
}

/**
 * **A slip to the one dictionary word it can be** (round 21): a word of five letters or more, written in
 * lower case, that the dictionary does not know ("screnplay", "poeple") and that no neighbour names the
 * graph outright (`ordinarySlip` reads those), is read as the one word a slip away (a letter dropped,
 * added or changed, or two neighbours swapped) that the dictionary holds in one of its forms
 * (`heldOrInflected`), forms of one lemma counting as one word (the shortest). Two or more such words:
 * no reading — the word stays unread, and the choice weak. Only the question's one word the lexicon does
 * not know is read so (`respelled` checks): among two or more, the sentence is likelier another language
 * ("in welke films speelt X": "speelt" is no slip of "spelt"). Cached per typed word.
 */
export function onlySlip(typed: string, ctx: RankContext): string[] {
  if (typed.length < ONLY_SLIP_LENGTH) return [];
  let cache = onlySlips.get(ctx);
  if (!cache) onlySlips.set(ctx, (cache = new Map()));
  const hit = cache.get(typed);
  if (hit) return hit;
  const near = [...slipsOf(typed)].filter((w) => !isStopWord(w) && heldOrInflected(w, ctx)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const first = near[0];
  const out = first !== undefined && near.every((w) => ctx.meaning.wordToWord(first, w) >= 1) ? [first] : [];
  cache.set(typed, out);
  return out;
}
const onlySlips = new WeakMap<RankContext, Map<string, string[]>>();
/** English's free relatives, a wh-word and "-ever" ("whoever did X"): closed-class words WordNet does not list. */
export function everForm(word: string): boolean {
  return /^(who|whom|what|which|when|where|how)ever$/.test(word);
}
/** A word in capitals this long or longer is read as a word (shorter ones are as often initials). */
const SHOUTED_LENGTH = 4;
/** Shorter words have many dictionary neighbours a slip away; from five letters a slip is rarely two words. */
const ONLY_SLIP_LENGTH = 5;

/**
 * **A closed compound read as its head** (round 21): English writes compounds closed ("screenwriting",
 * "scriptwriting") and the dictionary holds few of them; such a compound is a kind of its last part
 * ("writing for the screen" is writing). A word of seven letters or more the dictionary does not know,
 * that splits into a first part the dictionary knows (three letters or more) and a head it holds in one of
 * its forms (four letters or more; the longest head that fits), is read as the head — when the head
 * speaks for something in the graph (`names`); otherwise it stays as written. Noted as "'screenwriting'
 * read as its head 'writing' (a closed compound the dictionary does not hold)".
 */
export function compoundHeadOf(word: string, ctx: RankContext, names: (w: string) => boolean): string | undefined {
  if (word.length < 7 || !/^\p{L}+$/u.test(word) || ctx.meaning.knows(word)) return undefined;
  for (let k = 3; k <= word.length - 4; k++) {
    const head = word.slice(k);
    const first = word.slice(0, k);
    if (isStopWord(first) || !ctx.meaning.holdsAsWritten(first) || !heldOrInflected(head, ctx)) continue;
    return names(head) ? head : undefined;
  }
  return undefined;
}

/** A token `uncompounded` read as its head, noted. */
export function headRead(t: Token, head: string, question: string): Token {
  return noted(t, head, `"${question.slice(t.start, t.end)}" read as its head "${head}" (a closed compound the dictionary does not hold)`);
}

/**
 * **A word in capitals is a word** (round 21): "X ACTORS LIST" — capitals throughout are emphasis, not a
 * name's initial: a word written all in capitals (two letters or more) that the dictionary holds as a
 * common word (WordNet, not only as a name) or a function word, in a question that is not itself written
 * all in capitals, is read for grounding as the same word in lower case is (it no longer counts as
 * capitalised: "ACTORS" is no title beside "Zookeeper"). A name the dictionary does not hold ("JFK")
 * keeps its capitals.
 */
export function shoutedWords(tokens: readonly Token[], question: string, meaning: WordMeaning, namedSo: (norm: string, written: string) => boolean): Token[] {
  if (!/\p{Ll}/u.test(question)) return [...tokens];
  return tokens.map((t) => {
    const written = question.slice(t.start, t.end);
    if (!t.capitalised || written.length < SHOUTED_LENGTH || !/^\p{Lu}+$/u.test(written) || isStopWord(t.norm)) return t;
    return meaning.isCommonWord(t.norm) && !namedSo(t.norm, written) ? { ...t, capitalised: false } : t;
  });
}

/**
 * **Where a relation's verb happened is no hop** (round 21): "the year X got released in cinemas", "what
 * year did X get released in cinemas" — a noun after "in", "on" or "at" (a determiner between) right after
 * a verb that names a relation outright ("released": release_year), a noun that itself names only a label
 * and only loosely ("cinemas" → Movie 0.64, below `NAMES`) and no relation, says where or how the verb's
 * act happened: it is no hop to things of that label. Read word by word it bought a hop out and back
 * (`release_year > release_year~ > release_year`, a confident wrong). The noun is dropped (an empty token).
 * "starring in movies by X" keeps "movies": it names Movie outright.
 */
export function verbPlace(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
  const tokens = g.tokens;
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (inAnchor(i) || t.norm === '' || isStopWord(t.norm) || !ctx.meaning.isNoun(t.norm)) return;
    let k = i - 1;
    if (k >= 0 && !inAnchor(k) && PLACE_DETERMINERS.has(tokens[k]!.norm)) k--;
    if (k < 1 || inAnchor(k) || !PLACE_PREPOSITIONS.has(tokens[k]!.norm) || inAnchor(k - 1)) return;
    if (/[.?!;:,]/.test(g.question.slice(tokens[k - 1]!.end, t.start))) return;
    const verb = tokens[k - 1]!.norm;
    if (verb === '' || isStopWord(verb) || ctx.meaning.verbSenses(verb) === 0 || ctx.meaning.isNoun(verb) || (bestRelation(verb, ctx)?.score ?? 0) < NAMES) return;
    const own = relevanceOf(t.norm, ctx, false);
    if (own.relevance > 0 && own.relevance < NAMES && own.relational < FLOOR) drop.add(i);
  });
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
const PLACE_PREPOSITIONS = new Set(['in', 'on', 'at']);
const PLACE_DETERMINERS = new Set(['the', 'a', 'an']);

/**
 * **A wh-word's contraction without its apostrophe** (round 21): "whos the director of X", "whats X
 * about" — people drop the apostrophe of "who's", "what's"; the normaliser drops it anyway, so the
 * token is read from the question's own text. A word WordNet does not hold as a lemma ("whore" it does;
 * "whos" only as a plural of WHO, the organisation), outside every name,
 * written as a wh-word and a clitic's letters (s, re, ve, d, ll) with no apostrophe, is that wh-word, as
 * `uncontracted` reads "who's" (before, "whos" asked nothing and named nothing: every choice weak).
 */
export function apostropheDropped(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
  let changed = false;
  const tokens = g.tokens.map((t, i) => {
    const m = WH_CLITIC.exec(t.norm);
    if (!m || inAnchor(i) || g.question.slice(t.start, t.end).toLowerCase() !== t.norm || ctx.meaning.isLemma(t.norm)) return t;
    changed = true;
    return noted(t, m[1]!, `"${g.question.slice(t.start, t.end)}" read as "${m[1]}" (the apostrophe of "${m[1]}'${m[2]}" dropped)`);
  });
  return changed ? { ...g, tokens } : g;
}
const WH_CLITIC = /^(who|what|where|when|which|how)(s|re|ve|d|ll)$/;

/** The round-21 (words21c) token readings, in order (`round20` applies them after its own). */
export function round21c(g: Grounding, ctx: RankContext): Grounding {
  return verbPlace(apostropheDropped(g, ctx), ctx);
}
