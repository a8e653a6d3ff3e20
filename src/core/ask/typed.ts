/**
 * Words as people type them. The earlier readings rewrite a question word before ranking (`asRead`): a
 * slip in a function word or a graph word (`respelled`, `oneSlip`), an abbreviation of a graph word
 * (`unabbreviated`), a compound split apart (`uncompounded`). Round 21 (words21c, issue 27) reads
 * relation words as typed: a slip in a word the dictionary does not know, a closed compound the
 * dictionary does not hold, a word written in capitals. Each is read through the one word-meaning
 * model (`WordMeaning`: WordNet's lemmas and forms, the graph's names), never a word list; each reading
 * leaves a note the evidence shows ("'screnplay' read as 'screenplay' (one letter dropped)").
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { ARTICLES, CLOSED_WORDS } from './english';
import { bestRelation, slipsOf } from './everyday';
import { anchorTest, type Grounding } from './ground';
import { graphWords, labelsNamed } from './labelWords';
import type { WordMeaning } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import type { Token } from './tokens';
import { FLOOR, NAMES, UNKNOWN_WORDS } from './weights';

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
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (inAnchor(i) || t.norm === '' || isStopWord(t.norm) || !ctx.meaning.isNoun(t.norm)) return;
    let k = i - 1;
    if (k >= 0 && !inAnchor(k) && ARTICLES.has(tokens[k]!.norm)) k--;
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

/**
 * **A wh-word's contraction without its apostrophe** (round 21): "whos the director of X", "whats X
 * about" — people drop the apostrophe of "who's", "what's"; the normaliser drops it anyway, so the
 * token is read from the question's own text. A word WordNet does not hold as a lemma ("whore" it does;
 * "whos" only as a plural of WHO, the organisation), outside every name,
 * written as a wh-word and a clitic's letters (s, re, ve, d, ll) with no apostrophe, is that wh-word, as
 * `uncontracted` reads "who's" (before, "whos" asked nothing and named nothing: every choice weak).
 */
export function apostropheDropped(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
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

/**
 * Notes abbreviate ("X dir. -> other titles", "X - orig. lang.?", "film langs", "yrs"): a word
 * WordNet does not know (nor its lemmas), written in lower case or with a full stop after it, is read
 * as an abbreviation. Its plural "-s" comes off when what is left is a word WordNet knows (WordNet's
 * own abbreviation: "yrs" → yr, a year); otherwise it is read as the one word of the graph's own
 * names (relations and labels, their aliases too) that it begins, three letters or more, when
 * exactly one begins so ("dir" → directed, "lang"/"langs" → language). An abbreviation marked by
 * its full stop that begins none ("orig.") says something the graph does not hold: it is dropped
 * (an empty token, as `collocated` drops words), not left as a word naming nothing. A capitalised
 * word without a stop may be a name the grounder missed and is left as written.
 */
export function unabbreviated(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  let changed = false;
  const tokens = g.tokens.map((t, i) => {
    if (inAnchor(i) || t.norm.length < 2 || !/^\p{L}+$/u.test(t.norm) || isStopWord(t.norm) || CLOSED_WORDS.has(t.norm) || ctx.meaning.knows(t.norm)) return t;
    const dotted = g.question[t.end] === '.';
    if (!dotted && g.question.slice(t.start, t.end) !== t.norm) return t;
    const single = t.norm.length >= 3 && t.norm.endsWith('s') ? t.norm.slice(0, -1) : undefined;
    // Round 20 (words20b): a plural -s is a noun's: the word without it is read so only when it is a
    // noun ("directers" is no plural of "directer", a form the lemmatiser guesses from "direct"; it is
    // left to `respelled`, which reads "directors").
    const norm = single !== undefined && ctx.meaning.isNoun(single) ? single : (graphWordBegun(t.norm, ctx) ?? (single !== undefined ? graphWordBegun(single, ctx) : undefined) ?? (dotted ? '' : undefined));
    if (norm === undefined) return t;
    changed = true;
    return { ...t, norm };
  });
  return changed ? { ...g, tokens } : g;
}

/** The one word of the graph's names (relations' and labels' terms) that `prefix` begins, or undefined. */
function graphWordBegun(prefix: string, ctx: RankContext): string | undefined {
  if (prefix.length < 3) return undefined;
  const begun = new Set(graphWords(ctx).filter((w) => w.length > prefix.length && w.startsWith(prefix)));
  if (begun.size !== 1) return undefined;
  const word = [...begun][0]!;
  if (ctx.meaning.isNoun(word)) return word;
  // A note abbreviates nouns: a verb of the graph's names ("directed") is read as the one noun
  // WordNet derives from it that the abbreviation also begins and that names a label of the graph
  // ("director" → Person; not "direction", "directive").
  const nouns = ctx.meaning.derivedNouns(word).filter((n) => n.startsWith(prefix) && labelsNamed(n, ctx).length > 0);
  return nouns.length === 1 ? nouns[0] : word;
}

/**
 * People mistype the small words too ("wat else have they written", "waht year", "whoo directed",
 * "teh cast"): a word WordNet does not know, outside every anchor, that is one of English's closed
 * class of function words (wh-words, auxiliaries, determiners, stop words) with one letter dropped,
 * doubled or two letters swapped is read as that word — when exactly one such word fits. A closed
 * class is small and every question uses it, so the reading is grammar, not a word list. The graph's
 * own names are the other closed class read so (round 12: "langauges", "yeras" → languages, years;
 * four letters or more, as the graph names them or with a plural -s); any other content word written
 * in lower case is read as the one WordNet word one edit away that names something in the graph
 * (round 13, `ordinarySlip`), and a capitalised one is never guessed (a name the grounder missed stays
 * as written).
 */
export function respelled(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  let changed = false;
  const unknown = (t: Grounding['tokens'][number], i: number): boolean => !inAnchor(i) && t.norm.length >= 3 && /^\p{L}+$/u.test(t.norm) && !isStopWord(t.norm) && !CLOSED_WORDS.has(t.norm) && !ctx.meaning.knows(t.norm) && !graphWords(ctx).includes(t.norm);
  // Among words of another language (two more the lexicon does not know) a capital marks a noun as
  // often as a name ("welche Filme hat X geschrieben"): an English cognate there is guessed as well.
  const foreign = g.tokens.filter(unknown).length > UNKNOWN_WORDS;
  const tokens = g.tokens.map((t, i) => {
    if (inAnchor(i) || t.norm.length < 3 || !/^\p{L}+$/u.test(t.norm) || isStopWord(t.norm) || CLOSED_WORDS.has(t.norm) || ctx.meaning.knows(t.norm)) return t;
    // A word the graph's own names use is written right ("imdb" is no slip of a plural "imdbs").
    if (graphWords(ctx).includes(t.norm)) return t;
    const closed = [...CLOSED_WORDS].filter((w) => oneSlip(t.norm, w));
    // The graph's own names are a closed class too ("langauges", "yeras"): four letters or more, as named or with a plural -s.
    const slips = closed.length > 0 ? closed : [...new Set(graphWords(ctx).filter((w) => w.length >= 4).flatMap((w) => [w, `${w}s`]))].filter((w) => oneSlip(t.norm, w));
    // An ordinary word is guessed only as written in lower case: a capitalised one may be a name the grounder missed.
    const lower = g.question.slice(t.start, t.end) === g.question.slice(t.start, t.end).toLowerCase();
    const fits = slips.length > 0 ? slips : lower || (foreign && i > 0) ? ordinarySlip(t.norm, ctx) : [];
    // Round 21 (words21c): else the one dictionary word a slip away (`onlySlip`, typed.ts); noted for the evidence.
    // Only the question's one word the lexicon does not know (English's "whoever" aside): two or more are
    // another language ("in welke films speelt X": "speelt" is no slip of "spelt").
    const read = fits.length === 0 && lower && !foreign && g.tokens.filter((x, j) => unknown(x, j) && !everForm(x.norm)).length === 1 ? onlySlip(t.norm, ctx) : fits;
    if (read.length !== 1) return t;
    changed = true;
    return closed.length > 0 ? { ...t, norm: read[0]! } : slipRead(t, read[0]!, g.question);
  });
  return changed ? { ...g, tokens } : g;
}

/**
 * An ordinary word mistyped ("acters", "realeased"): a word of five letters or more that WordNet does
 * not know is read as the WordNet word one edit away (a letter dropped, added, changed, or two
 * neighbours swapped; a WordNet lemma as written, or a noun's plural) that meets the graph's names
 * most closely, when exactly one does and it names a label or relation outright (relatedness ≥ 0.8). The question is asked of this graph, so the reading that meets its names is the
 * likelier one; a word with no such neighbour, or with two, stays as written and unread (which keeps
 * the choice weak), as a name far from every node does.
 */
function ordinarySlip(typed: string, ctx: RankContext): string[] {
  if (typed.length < 4) return [];
  let cache = slipCache.get(ctx);
  if (!cache) slipCache.set(ctx, (cache = new Map()));
  const hit = cache.get(typed);
  if (hit) return hit;
  const edits = slipsOf(typed);
  // A word of four letters is read only as a longer word with one letter dropped ("flms": films).
  if (typed.length < 5) for (const w of [...edits]) if (w.length <= typed.length) edits.delete(w);
  const near = [...edits].filter((w) => !isStopWord(w) && heldOrInflected(w, ctx)).map((w) => ({ w, relevance: relevanceOf(w, ctx, false).relevance }));
  // The one that meets the graph's names most closely, and names one outright ("acters": actors is
  // starred_actors' own word, 1; alters 0.45): a tie between two is no reading, and a word merely
  // related ("freind" → friend 0.49, "alexa" → alexia 0.6) is no reason to guess.
  const top = Math.max(0, ...near.map((x) => x.relevance));
  const best = top >= NAMES ? near.filter((x) => x.relevance === top).map((x) => x.w) : [];
  // Forms of one word are one reading ("filme": film, films, filmed): the shortest.
  const shortest = [...best].sort((a, b) => a.length - b.length)[0];
  const out = shortest !== undefined && best.every((w) => ctx.meaning.wordToWord(shortest, w) >= 1) ? [shortest] : best;
  cache.set(typed, out);
  return out;
}
const slipCache = new WeakMap<RankContext, Map<string, string[]>>();

/** Whether `typed` is `word` with one letter dropped, one doubled, or two neighbours swapped. */
export function oneSlip(typed: string, word: string): boolean {
  if (typed.length === word.length - 1) {
    for (let i = 0; i < word.length; i++) if (word.slice(0, i) + word.slice(i + 1) === typed) return true;
    return false;
  }
  if (typed.length === word.length + 1) {
    for (let i = 0; i < word.length; i++) if (word.slice(0, i + 1) + word[i] + word.slice(i + 1) === typed) return true;
    return false;
  }
  if (typed.length !== word.length) return false;
  for (let i = 0; i + 1 < word.length; i++) if (word[i] !== word[i + 1] && word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) === typed) return true;
  return false;
}

/**
 * English makes nouns by joining a word and a combining form ("filmography": film + -ography). A
 * word WordNet does not know, outside every anchor, is read as its opening noun (four letters or
 * more, at least three left over), and only when that noun names something in the graph (a label
 * or relation, by the same relatedness every word gets): a name the grounder missed is not turned into
 * a noun about nothing. Two known words joined ("keywords") are not split into their head alone:
 * measured, "words" then asked for languages as well as tags, and "give me some keywords for X" lost
 * four hits of the first held-out set. They are read as one when WordNet holds the two as one noun
 * ("keywords" → key_word, a word used as a pattern: a kind of word, which asks for words).
 */
export function uncompounded(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  let changed = false;
  const tokens = g.tokens.map((t, i) => {
    const stem = inAnchor(i) ? undefined : compoundPart(t.norm, ctx);
    // Round 21 (words21c): a closed compound read as its head (`compoundHeadOf`, typed.ts), unless a
    // two-word noun of WordNet or a first part naming the graph more closely reads it.
    const head = inAnchor(i) ? undefined : compoundHeadOf(t.norm, ctx, (w) => !isStopWord(w) && relevanceOf(w, ctx, false, true).relevance > 0);
    if (head !== undefined && (stem === undefined || (!stem.includes('_') && relevanceOf(head, ctx, false, true).relevance > relevanceOf(stem, ctx, false, true).relevance))) {
      changed = true;
      return headRead(t, head, g.question);
    }
    if (stem === undefined) return t;
    changed = true;
    return { ...t, norm: stem };
  });
  return changed ? { ...g, tokens } : g;
}

const compoundParts = new WeakMap<RankContext, Map<string, string | undefined>>();

function compoundPart(word: string, ctx: RankContext): string | undefined {
  if (word.length < 7 || !/^\p{L}+$/u.test(word) || word.startsWith('co')) return undefined;
  let cache = compoundParts.get(ctx);
  if (!cache) compoundParts.set(ctx, (cache = new Map()));
  if (cache.has(word)) return cache.get(word);
  let out: string | undefined;
  if (!ctx.meaning.knows(word)) {
    // Two words written as one that WordNet holds as one noun: "keywords" is WordNet's "key word".
    for (let k = 3; k <= word.length - 3 && out === undefined; k++) out = ctx.meaning.compoundNoun(word.slice(0, k), word.slice(k));
    const names = (w: string): boolean => !isStopWord(w) && relevanceOf(w, ctx, false, true).relevance > 0;
    for (let k = word.length - 3; k >= 4 && out === undefined; k--) {
      const left = word.slice(0, k);
      if (ctx.meaning.isNoun(left) && names(left)) out = left;
    }
  }
  cache.set(word, out);
  return out;
}
