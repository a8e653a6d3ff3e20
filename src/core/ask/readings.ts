/**
 * The question read again before ranking (`asRead`): contractions, idioms, polite and persona frames,
 * self-repairs and slips rewritten to the words a plain question would use.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { ANAPHOR_REACH, clauseStarts, colonAt } from './asking';
import { namePlace, notEnglish, pointedKind, spokenPhrase, wantingOpens } from './askedFor';
import { storyClauses } from './clauses';
import { ARTICLES, AUXILIARIES, BACK_PRONOUNS, BE, CLOSED_WORDS, DETERMINERS, FREE_RELATIVES, HESITATIONS, INDEFINITE, NOUN_TAKING, ONE, OTHER_THAN, QUANTIFIERS, REQUESTS } from './english';
import { topicBeingIn } from './topic';
import { diaryVerb, idiomAdverbs, madeThings, personIn, predicateKind, round20, unknownImperative, valueMentions } from './everyday';
import { anchorTest, type Grounding } from './ground';
import { labelsNamed, personLabels } from './labelWords';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { respelled, unabbreviated, uncompounded } from './typed';
import { NAMES, RANK_WEIGHTS } from './weights';

/**
 * English contracts a wh-word with its auxiliary ("who's in X", "what's X about", "who'd"): the
 * token is the wh-word, and the clitic an auxiliary, which carries no meaning here. The normaliser
 * drops the apostrophe ("whos"), so the contraction is read from the question's own text; a name
 * keeps its spelling ("Who's That Girl" is inside an anchor).
 */
const CONTRACTED_WH = /^(who|what|where|when|which|how)['’](?:s|re|ve|d|ll)$/i;
/** A pronoun contracted the same way ("they've", "it's", "we're", "I'm"): the pronoun, a stop word
 *  (the normaliser's "theyve" is a word naming nothing, which made every choice weak). */
const CONTRACTED = /^(\p{L}+)['’](?:s|re|ve|d|ll|m)$/iu;

export function uncontracted(g: Grounding): Grounding {
  const inAnchor = anchorTest(g);
  let changed = false;
  const tokens = g.tokens.map((t, i) => {
    if (inAnchor(i)) return t;
    const written = g.question.slice(t.start, t.end);
    const m = CONTRACTED_WH.exec(written) ?? CONTRACTED.exec(written);
    // A noun's possessive ("director's") is no contraction: only a wh-word or a stop word (a pronoun) is undone.
    if (!m || t.norm === m[1]!.toLowerCase() || !(WH_WORDS[m[1]!.toLowerCase()] !== undefined || CONTRACTED_WH.test(written) || isStopWord(m[1]!))) return t;
    changed = true;
    return { ...t, norm: m[1]!.toLowerCase() };
  });
  return changed ? { ...g, tokens } : g;
}

/** The question's tokens as the ranker reads them: contractions undone, unknown compounds split. */
export function asRead(question: Grounding, ctx: RankContext): Grounding {
  const hit = readings.get(question);
  if (hit) return hit;
  // Round 21 (words21a): the clauses that tell are read only for the name (`storyClauses`, clauses.ts).
  // Round 22b (words22b, askedFor.ts): a phrase spoken as one word (`spokenPhrase`), "is it a N" after the
  // name (`pointedKind`), the asker's wanting opening the question (`wantingOpens`), where the name's own
  // act happened (`namePlace`); a question not in English says so in the evidence (`notEnglish`).
  // Round 22 (words22a): a person topic "in" a work appears in it (`topicBeingIn`, topic.ts).
  const g = storyClauses(topicBeingIn(namePlace(wantingOpens(round20(personIn(unknownImperative(diaryVerb(pointedKind(predicateKind(madeThings(makerOf(withPeople(beingInPhrase(beingIn(corrected(collocated(idiomAdverbs(uncompounded(respelled(unabbreviated(unheaded(agoDropped(instructed(addressed(spokenPhrase(notEnglish(uncontracted(pastTime(commonWords(valueMentions(question, ctx), ctx), ctx)), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx))), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx);
  readings.set(question, g);
  readings.set(g, g);
  return g;
}
const readings = new WeakMap<Grounding, Grounding>();

/**
 * A word written in lower case that the dictionary knows, beside a name written with capitals, is a
 * word of the question, not a second name ("Avenger: cast (check before printing the flyer)", "X
 * cast -> their other films -> writers": the graph has a tag "cast", but the note means the film's
 * cast). Read so only when every node the word may stand for is a member of a label of common words
 * (`Vocabulary.wordLabels`: the graph's tags): a name of anything else stays an anchor. The mention
 * stays (its candidates are ranked, ignoring the name); it no longer anchors the reading.
 */
export function commonWords(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length < 2) return g;
  const written = (a: number): string => g.question.slice(g.mentions[a]!.start, g.mentions[a]!.end);
  const named = g.anchors.some((a) => /\p{Lu}/u.test(written(a)));
  const common = (a: number): boolean => {
    const m = g.mentions[a]!;
    return !m.marked && m.tokenEnd - m.tokenStart === 1 && written(a) === written(a).toLowerCase() && ctx.meaning.knows(written(a)) && m.nodes.length > 0 && m.nodes.every((n) => ctx.vocabulary.wordLabels.has(n.label));
  };
  // A name made only of closed-class words written in lower case ("the one who wrote X": a film is
  // called "The One") is the pronoun phrase it reads as, beside a name written with capitals.
  const closed = (a: number): boolean => {
    const m = g.mentions[a]!;
    return !m.marked && written(a) === written(a).toLowerCase() && (g.tokens.slice(m.tokenStart, m.tokenEnd).every((t) => isStopWord(t.norm) || ONE.has(t.norm) || DETERMINERS.has(t.norm) || indefinitePhrase(t.norm)) || infinitiveName(g, a, ctx));
  };
  if (!named) return g;
  const anchors = g.anchors.filter((a) => !common(a) && !closed(a));
  return anchors.length === g.anchors.length || anchors.length === 0 ? g : { ...g, anchors };
}

/**
 * Round 19 (words19b), a time before now a film is named after ("my mum had a crush on X back in the
 * day, which years …": the graph has a film "Back in the Day"): "back" and "in" before a noun of a
 * period or a time (WordNet: related to "period" or "time", as `agoDropped` reads "years ago"), written in lower case
 * beside a name written with capitals, is when the speaker's story happened — neither a second name
 * nor the graph's years. The mention no longer anchors the reading, and its words are not read.
 */
export function pastTime(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length < 2) return g;
  const written = (a: number): string => g.question.slice(g.mentions[a]!.start, g.mentions[a]!.end);
  if (!g.anchors.some((a) => /\p{Lu}/u.test(written(a)))) return g;
  const past = (a: number): boolean => {
    const m = g.mentions[a]!;
    if (m.marked || written(a) !== written(a).toLowerCase()) return false;
    const words = g.tokens.slice(m.tokenStart, m.tokenEnd).map((t) => t.norm);
    const noun = words[words.length - 1] ?? '';
    return words.length >= 3 && AGO.has(words[0]!) && words[1] === 'in' && words.slice(2, -1).every((w) => ARTICLES.has(w) || DETERMINERS.has(w)) && !isStopWord(noun) && ctx.meaning.isNoun(noun) && Math.max(ctx.meaning.wordToWord(noun, 'period'), ctx.meaning.wordToWord(noun, 'time')) >= RANK_WEIGHTS.floor;
  };
  const dropped = g.anchors.filter(past);
  if (dropped.length === 0 || dropped.length === g.anchors.length) return g;
  const blank = new Set(dropped.flatMap((a) => Array.from({ length: g.mentions[a]!.tokenEnd - g.mentions[a]!.tokenStart }, (_, d) => g.mentions[a]!.tokenStart + d)));
  return { ...g, anchors: g.anchors.filter((a) => !dropped.includes(a)), tokens: g.tokens.map((t, i) => (blank.has(i) ? { ...t, norm: '' } : t)) };
}

/**
 * Round 19 (words19b), an infinitive a film is named after ("I want to see their other films": the graph
 * has a film "To See"): a name written in lower case that is "to" and a verb in its base form, right
 * after a verb ("want", "need", "like"), is that verb's infinitive, not a second name (`commonWords`).
 */
function infinitiveName(g: Grounding, a: number, ctx: RankContext): boolean {
  const m = g.mentions[a]!;
  const before = g.tokens[m.tokenStart - 1];
  return m.tokenEnd - m.tokenStart === 2 && g.tokens[m.tokenStart]!.norm === 'to' && ctx.meaning.isBaseVerb(g.tokens[m.tokenStart + 1]!.norm) && before !== undefined && !g.anchors.some((b) => b !== a && g.mentions[b]!.tokenStart <= m.tokenStart - 1 && m.tokenStart - 1 < g.mentions[b]!.tokenEnd) && !isStopWord(before.norm) && ctx.meaning.isVerbForm(before.norm);
}

/**
 * Round 19 (words19b), an indefinite pronoun phrase a film is named after ("anything else out there
 * from the same writer as X?": the graph has a film "Anything Else"): an indefinite pronoun and "else"
 * are closed-class words like "the one", and a name made only of them, written in lower case beside a
 * name written with capitals, is the pronoun phrase (`commonWords`).
 */
function indefinitePhrase(word: string): boolean {
  return (INDEFINITE.has(word) && !FREE_RELATIVES.has(word)) || OTHER_THAN.has(word);
}

/**
 * "who is in X", "who all's in it": a person said to be in a work appears in it — English's "be in"
 * with a person as subject and a work (a name or a pronoun for one) as object is the verb "appear"
 * (WordNet's sense: appear as a character in a play), and is read as it. The preposition alone names
 * nothing, so the structure chose among every relation reaching people.
 */
export function beingIn(g: Grounding): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const at = tokens.findIndex((t, i) => {
    if (t.norm !== 'in' || inAnchor(i) || !(inAnchor(i + 1) || BACK_PRONOUNS.has(tokens[i + 1]?.norm ?? ''))) return false;
    let k = i - 1;
    while (k >= 0 && !inAnchor(k) && (BE.has(tokens[k]!.norm) || tokens[k]!.norm === 'all' || tokens[k]!.norm === '')) k--;
    return k >= 0 && tokens[k]!.norm === 'who' && !inAnchor(k);
  });
  return at < 0 ? g : { ...g, tokens: tokens.map((t, i) => (i === at ? { ...t, norm: 'appear' } : t)) };
}

/**
 * Round 19 (words19b), "be in" said in two more ways: the work after "in" is a noun phrase of its own
 * ("who's been in stuff that X wrote", "who was in the films X directed": a person said to be in
 * works), and the name is in the work ("a new movie with X in it", "the films with X in them": "with
 * X in it" says X is in the film). Either is English's "be in" with a person in a work: read as
 * "appear", as `beingIn` reads "who is in X". Only when `beingIn` read nothing.
 */
export function beingInPhrase(g: Grounding): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  if (tokens.some((t, i) => t.norm === 'appear' && readAsAppear(g, i))) return g;
  const at = tokens.findIndex((t, i) => {
    if (t.norm !== 'in' || inAnchor(i)) return false;
    const next = tokens[i + 1];
    // "with X in it": the name right before, "with" right before the name.
    if (next && BACK_PRONOUNS.has(next.norm) && !inAnchor(i + 1)) {
      const m = g.anchors.map((a) => g.mentions[a]!).find((x) => x.tokenEnd === i);
      return m !== undefined && tokens[m.tokenStart - 1]?.norm === 'with' && !inAnchor(m.tokenStart - 1);
    }
    // "who's been in stuff that …": a noun phrase after "in", not a wh-word's ("who is in which film").
    if (!next || inAnchor(i + 1) || WH_WORDS[next.norm] !== undefined || NOUN_TAKING.has(next.norm)) return false;
    let k = i - 1;
    while (k >= 0 && !inAnchor(k) && (BE.has(tokens[k]!.norm) || tokens[k]!.norm === 'all' || tokens[k]!.norm === '')) k--;
    return k >= 0 && k < i - 1 && tokens[k]!.norm === 'who' && !inAnchor(k);
  });
  return at < 0 ? g : { ...g, tokens: tokens.map((t, i) => (i === at ? { ...t, norm: 'appear' } : t)) };
}

/**
 * Round 19 (words19b), the one who does a verb to a thing of a kind ("who made X", "whoever made X", X a
 * film): English names that doer with a compound of the object's kind and the verb's agent noun, and
 * WordNet holds such compounds (make → maker; "movie maker": a producer of motion pictures → film
 * director). A verb that names nothing in the graph itself (below `RANK_WEIGHTS.faint`), right before
 * a name (or before "the" and a noun naming the name's kind), is read as the compound of the name's label and one of the nouns WordNet derives from the
 * verb, when WordNet has that compound as a kind of person that meets the graph's names — as faintly
 * as "filmmaker" does (0.45), so a choice resting on it stays weak.
 */
export function makerOf(g: Grounding, ctx: RankContext): Grounding {
  const tokens = g.tokens;
  const inAnchor = anchorTest(g);
  let out: Array<Grounding['tokens'][number]> | undefined;
  for (const a of g.anchors) {
    const m = g.mentions[a]!;
    // The name's kind may stand between, as its title ("who made the film X").
    const titled = DETERMINERS.has(tokens[m.tokenStart - 2]?.norm ?? '') && !inAnchor(m.tokenStart - 2) && !inAnchor(m.tokenStart - 1) && m.nodes.some((n) => labelsNamed(tokens[m.tokenStart - 1]!.norm, ctx).includes(n.label));
    const i = m.tokenStart - (titled ? 3 : 1);
    const t = tokens[i];
    if (!t || inAnchor(i) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || !ctx.meaning.isVerbForm(t.norm) || relevanceOf(t.norm, ctx, false).relational >= RANK_WEIGHTS.faint) continue;
    let best: string | undefined;
    let bestAt = 0;
    for (const label of new Set(m.nodes.map((n) => n.label)))
      for (const noun of ctx.meaning.derivedNouns(t.norm)) {
        const c = ctx.meaning.compoundNoun(label.toLowerCase(), noun);
        if (!c || !ctx.meaning.typeOf(c, ['Person'])) continue;
        const r = relevanceOf(c, ctx, false).relational;
        if (r >= RANK_WEIGHTS.floor && r > bestAt) [best, bestAt] = [c, r];
      }
    if (best) (out ??= [...tokens])[i] = { ...t, norm: best };
  }
  return out ? { ...g, tokens: out } : g;
}

/**
 * Round 19 (words19b), a work "with" people ("other films with people from X", "films with X"): a noun
 * phrase opening the question, its head naming a label that is no kind of person, then "with" and
 * people — a name of a person or a noun for persons — says those people are in the work: "be in",
 * read as "appear" as `beingIn` reads it. Only opening the question (past determiners, quantifiers and
 * "other"): after a verb, "with" may be the verb's ("co-wrote films with X").
 */
export function withPeople(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  if (tokens.some((t, i) => t.norm === 'appear' && readAsAppear(g, i))) return g;
  let j = 0;
  while (j < tokens.length && !inAnchor(j) && (tokens[j]!.norm === '' || DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
  const head = j;
  if (head >= tokens.length || inAnchor(head) || tokens[head + 1]?.norm !== 'with' || inAnchor(head + 1)) return g;
  const persons = personLabels(ctx);
  const kinds = labelsNamed(tokens[head]!.norm, ctx);
  if (persons.length === 0 || kinds.length === 0 || kinds.some((l) => persons.includes(l))) return g;
  const k = head + 2;
  let people = false;
  const m = g.anchors.map((a) => g.mentions[a]!).find((x) => x.tokenStart === k);
  if (m) people = m.nodes.some((n) => persons.includes(n.label));
  else if (tokens[k] && !inAnchor(k) && !isStopWord(tokens[k]!.norm)) {
    const w = tokens[k]!.norm;
    people = labelsNamed(w, ctx).some((l) => persons.includes(l)) || ctx.meaning.membersOfGroup(w).some((x) => labelsNamed(x, ctx).some((l) => persons.includes(l)));
  }
  return people ? { ...g, tokens: tokens.map((t, i) => (i === head + 1 ? { ...t, norm: 'appear' } : t)) } : g;
}

/** "in" or "with" read as "appear" (`beingIn`, `beingInPhrase`, `withPeople`): written so, read "appear". */
export function readAsAppear(g: Grounding, i: number): boolean {
  const t = g.tokens[i];
  return t !== undefined && t.norm === 'appear' && ['in', 'with'].includes(g.question.slice(t.start, t.end).toLowerCase());
}

/**
 * Whom the question is addressed to: a capitalised word the dictionary does not know, opening the
 * question or after one word that is neither noun nor verb (a greeting: "Hey Bixby find the films …",
 * "Hey Bixby what year was X released"), with the question proper right after it — a wh-word, an
 * auxiliary or a verb whose commonest reading is the verb. A vocative names the listener, not the
 * graph; with a comma after it the frame reading (`askerFrame`) already leaves it out. Dropped (empty
 * tokens, as `collocated` drops words), greeting and all.
 */
export function addressed(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const written = (i: number): string => g.question.slice(tokens[i]!.start, tokens[i]!.end);
  const spaced = (i: number): boolean => /^\s+$/.test(g.question.slice(tokens[i]!.end, tokens[i + 1]!.start));
  const addressee = (i: number): boolean => !inAnchor(i) && /^\p{Lu}\p{Ll}+$/u.test(written(i)) && !ctx.meaning.knows(tokens[i]!.norm) && !isStopWord(tokens[i]!.norm) && !CLOSED_WORDS.has(tokens[i]!.norm) && WH_WORDS[tokens[i]!.norm] === undefined && !NOUN_TAKING.has(tokens[i]!.norm);
  const greeting = (i: number): boolean => !inAnchor(i) && /^\p{L}+$/u.test(tokens[i]!.norm) && !ctx.meaning.isNoun(tokens[i]!.norm) && ctx.meaning.verbSenses(tokens[i]!.norm) === 0 && WH_WORDS[tokens[i]!.norm] === undefined && !AUXILIARIES.has(tokens[i]!.norm);
  const opens = (i: number): boolean => {
    const w = tokens[i]?.norm ?? '';
    return i < tokens.length && !inAnchor(i) && (WH_WORDS[w] !== undefined || NOUN_TAKING.has(w) || AUXILIARIES.has(w) || REQUESTS.has(w) || (!isStopWord(w) && ctx.meaning.isBaseVerb(w)));
  };
  const at = tokens.length > 2 && greeting(0) && spaced(0) && addressee(1) ? 1 : addressee(0) ? 0 : -1;
  if (at < 0 || at + 1 >= tokens.length || !spaced(at) || !opens(at + 1)) return g;
  return { ...g, tokens: tokens.map((t, i) => (i <= at ? { ...t, norm: '' } : t)) };
}

/**
 * An instruction about the reply, not the graph: a persona the asker gives the listener opening the
 * question ("Act as a film historian and give me …", "You are a movie database. Return …", "pretend
 * you're a video-store clerk, …") or the asker's own role ("As a viewer, I want …"). English says who
 * speaks or who answers with "act as", "be" with "you" as subject, "pretend"/"imagine" before "you" or
 * "to be", or "as" with an article opening the sentence; the clause runs to the next punctuation or to
 * "and" before the next verb, holds no name, and something follows it. Its words ("act", "historian")
 * are the listener's part, not the graph's relations: dropped (empty tokens, as `collocated` drops words).
 */
export function instructed(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  let i0 = 0;
  while (i0 < tokens.length && tokens[i0]!.norm === '' && !inAnchor(i0)) i0++;
  const w = (k: number): string => (k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '\u0000');
  let body = -1;
  if (PERSONA_VERBS.has(w(i0)) && w(i0 + 1) === 'as') body = i0 + 2;
  else if (w(i0) === 'you' && (w(i0 + 1) === 'are' || w(i0 + 1) === 're') && ARTICLES.has(w(i0 + 2))) body = i0 + 2;
  else if (PRETENDING.has(w(i0)) && ((w(i0 + 1) === 'you' && (w(i0 + 2) === 'are' || w(i0 + 2) === 're')) || (w(i0 + 1) === 'to' && w(i0 + 2) === 'be'))) body = i0 + 3;
  else if (w(i0) === 'as' && (w(i0 + 1) === 'a' || w(i0 + 1) === 'an')) body = i0 + 1;
  if (body < 0) return g;
  const starts = clauseStarts(g, inAnchor);
  const boundary = starts.find((k) => k > i0) ?? tokens.length;
  // "and" before a verb ends the persona ("Act as a clerk and pull every film …").
  let end = boundary;
  for (let k = body; k < boundary; k++) if (w(k) === 'and' && (REQUESTS.has(w(k + 1)) || (!isStopWord(w(k + 1)) && ctx.meaning.isBaseVerb(w(k + 1))))) { end = k + 1; break; }
  // A role opening the sentence ("As a viewer, …") is set off by its comma.
  if (w(i0) === 'as' && end !== boundary) return g;
  if (end - i0 > 8 || end >= tokens.length || tokens.slice(i0, end).some((_, d) => inAnchor(i0 + d)) || !tokens.slice(end).some((t, d) => inAnchor(end + d) || /\p{L}/u.test(t.norm))) return g;
  return { ...g, tokens: tokens.map((t, k) => (k >= i0 && k < end ? { ...t, norm: '' } : t)) };
}
/** Verbs that give the listener a part: "act as …", "serve as …". */
const PERSONA_VERBS = new Set(['act', 'serve', 'pose', 'acting']);
/** Verbs that ask the listener to take a part: "pretend you're …", "imagine you are …", "pretend to be …". */
const PRETENDING = new Set(['pretend', 'imagine', 'suppose']);

/**
 * A time before now, said of the asker ("I was an extra in X years back", "saw X a few weeks ago"): a
 * noun of a period (WordNet: related to "period") with "ago" or "back" after it is an adverbial of
 * when, not the graph's years. The noun, the adverb and a number or quantifier before them are dropped.
 */
export function agoDropped(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (i === 0 || !AGO.has(t.norm) || inAnchor(i) || inAnchor(i - 1)) return;
    const noun = tokens[i - 1]!.norm;
    if (isStopWord(noun) || !ctx.meaning.isNoun(noun) || ctx.meaning.wordToWord(noun, 'period') < RANK_WEIGHTS.floor) return;
    drop.add(i).add(i - 1);
    for (let k = i - 2; k >= 0 && !inAnchor(k) && (/^\d+$/.test(tokens[k]!.norm) || QUANTIFIERS.has(tokens[k]!.norm) || ARTICLES.has(tokens[k]!.norm) || tokens[k]!.norm === 'few' || tokens[k]!.norm === 'couple' || tokens[k]!.norm === 'of'); k--) drop.add(k);
  });
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
/** Adverbs that put a period before now: "years ago", "weeks back". */
const AGO = new Set(['ago', 'back']);

/**
 * What stands outside the question proper: a heading before a colon that opens it ("Category
 * question: which genre does X belong to?", "Director's round: list every film X directed") — a
 * few words (four at most), no name among them, a name after — and a hashtag ("#movienight"): a
 * label on the question, not words of it. Dropped (empty tokens, as `collocated` drops words). When
 * nothing but the name follows the colon, the words before it are a keyword query ("show tags: X"),
 * the question itself, and are read.
 */
export function unheaded(g: Grounding, ctx?: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const colon = colonAt(g);
  // Only the name after the colon is a keyword query ("show tags: X", "director: X"): the words before
  // are the question itself, not a heading on it.
  const proper = g.tokens.some((t, i) => i >= colon && !inAnchor(i) && /\p{L}/u.test(t.norm));
  // A number right after a word numbers it ("Answer key, question 4: …", "lot 12: …"): no name.
  const numbering = (a: number): boolean => {
    const m = g.mentions[a]!;
    return m.tokenEnd - m.tokenStart === 1 && /^\d+$/.test(g.tokens[m.tokenStart]!.norm) && m.tokenStart > 0 && !inAnchor(m.tokenStart - 1) && /\p{L}/u.test(g.tokens[m.tokenStart - 1]!.norm);
  };
  const numbers = g.anchors.filter((a) => numbering(a) && g.mentions[a]!.tokenStart < colon);
  const named = (i: number): boolean => inAnchor(i) && !numbers.some((a) => g.mentions[a]!.tokenStart === i);
  // A longer one when it is an instruction about the reply: a request whose object's head, last before
  // the colon, names nothing in the graph ("Give a one-word verdict: is X rated good or bad").
  const instruction = (): boolean => ctx !== undefined && colon <= 8 && (REQUESTS.has(g.tokens[0]!.norm) || ctx.meaning.isBaseVerb(g.tokens[0]!.norm)) && !isStopWord(g.tokens[colon - 1]!.norm) && ctx.meaning.isNoun(g.tokens[colon - 1]!.norm) && relevanceOf(g.tokens[colon - 1]!.norm, ctx, false).relevance < RANK_WEIGHTS.faint;
  const heading = colon > 0 && (colon <= 4 || instruction()) && proper && g.tokens.slice(0, colon).every((_, i) => !named(i)) && g.tokens.some((_, i) => i >= colon && inAnchor(i)) ? colon : 0;
  let changed = false;
  const tokens = g.tokens.map((t, i) => {
    if (named(i) || !(i < heading || g.question[t.start - 1] === '#')) return t;
    changed = true;
    return { ...t, norm: '' };
  });
  const anchors = heading > 0 ? g.anchors.filter((a) => !numbers.includes(a)) : g.anchors;
  return changed ? { ...g, tokens, anchors } : g;
}

/**
 * A verb and the words after it that English uses as one verb ("which performers turn up in X",
 * "labels people put on X", "who called the shots on X") are read as that verb, as WordNet holds
 * it ("turn_up": appear), not word by word ("turn" met release_year through a turn of events) —
 * unless the verb alone names a relation outright. The words it takes are dropped (an empty token,
 * which no reading uses); never across a name or a punctuation mark.
 */
export function collocated(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = [...g.tokens];
  let changed = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (inAnchor(i) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || WH_WORDS[t.norm] || !/^\p{L}+$/u.test(t.norm)) continue;
    const run = [t.norm];
    for (let j = i + 1; j < tokens.length && j <= i + 3 && !inAnchor(j) && /^\s+$/.test(g.question.slice(tokens[j - 1]!.end, tokens[j]!.start)); j++) run.push(tokens[j]!.norm);
    // A verb that names a relation of the graph outright keeps that reading: the graph says which
    // sense is meant ("what genres does X write in" is not WordNet's "write in", to vote for).
    // So does a verb the graph's members read ("what do people think of X": think asks for a scale).
    const alone = relevanceOf(t.norm, ctx, false);
    if (alone.relational >= NAMES || alone.scales || alone.member) continue;
    const c = ctx.meaning.collocation(run);
    if (c) {
      changed = true;
      tokens[i] = { ...t, norm: c.lemma };
      for (let j = i + 1; j < i + c.length; j++) tokens[j] = { ...tokens[j]!, norm: '' };
      i += c.length - 1;
      continue;
    }
    // Two words WordNet holds as an adverb ("sort of", "kind of": to some extent) are that adverb
    // when no noun follows ("what's X sort of about", not "what sort of film"): a hedge, naming nothing.
    const after = run[2];
    if (run[1] !== undefined && ctx.meaning.isAdverb(`${t.norm}_${run[1]}`) && (after === undefined || (after !== '' && !DETERMINERS.has(after) && !ARTICLES.has(after) && (isStopWord(after) || !ctx.meaning.isNoun(after))))) {
      changed = true;
      tokens[i] = { ...t, norm: '' };
      tokens[i + 1] = { ...tokens[i + 1]!, norm: '' };
      i += 1;
      continue;
    }
    // Two nouns WordNet holds as one ("motion pictures": motion_picture, a film) are that noun, not
    // "motion" (0.49 to directed_by through a direction) and "pictures" — unless either word alone is
    // read through the graph (a relation named outright, a scale: "popular opinion" keeps "popular").
    const next = run[1];
    if (next === undefined || isStopWord(next) || AUXILIARIES.has(next) || WH_WORDS[next] || !/^\p{L}+$/u.test(next)) continue;
    const second = relevanceOf(next, ctx, false);
    if (second.relational >= NAMES || second.scales || second.member) continue;
    const noun = ctx.meaning.compoundNoun(t.norm, next);
    if (!noun) continue;
    changed = true;
    tokens[i] = { ...t, norm: noun };
    tokens[i + 1] = { ...tokens[i + 1]!, norm: '' };
    i += 1;
  }
  return changed ? { ...g, tokens } : g;
}

/**
 * A speaker's self-correction ("the director of X, no wait, the writer, who is that"; "which
 * producers, er, directors I mean, has X worked with"): the later noun replaces the earlier one, as
 * English's repair markers say ("no wait", "sorry", "rather", "actually" before it, "I mean" before
 * or after it). Read as if the earlier noun had been the later one; the marker and the repeated noun
 * are dropped (empty tokens). Only a noun naming something in the graph replacing the noun just
 * before the markers (a name and "of" may stand between), the later one ending its phrase (a
 * punctuation mark, the end, or "I mean" after it): "the director of X, sorry, I mean the films that
 * director made" goes on from the director, it does not replace it.
 */
export function corrected(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const names = (i: number): boolean => !inAnchor(i) && tokens[i]!.norm !== '' && !isStopWord(tokens[i]!.norm) && ctx.meaning.isNoun(tokens[i]!.norm) && relevanceOf(tokens[i]!.norm, ctx, false, true).relevance > 0;
  const filler = (i: number): boolean => !inAnchor(i) && (REPAIR.has(tokens[i]!.norm) || HESITATIONS.has(tokens[i]!.norm) || ARTICLES.has(tokens[i]!.norm) || tokens[i]!.norm === 'no' || tokens[i]!.norm === 'i' || tokens[i]!.norm === '');
  const iMean = (i: number): boolean => tokens[i]?.norm === 'i' && tokens[i + 1]?.norm === 'mean' && !inAnchor(i);
  const ends = (i: number): boolean => {
    const next = tokens[i + 1];
    return next === undefined || /[.?!;:,]/.test(g.question.slice(tokens[i]!.end, next.start)) || iMean(i + 1);
  };
  for (let n2 = 1; n2 < tokens.length; n2++) {
    if (!names(n2) || !ends(n2) || REPAIR.has(tokens[n2]!.norm)) continue;
    // The repair's markers between the two nouns (or "I mean" right after the later one).
    let k = n2 - 1;
    let marked = iMean(n2 + 1);
    while (k >= 0 && filler(k)) {
      if (REPAIR.has(tokens[k]!.norm) || iMean(k)) marked = true;
      k--;
    }
    if (!marked || k === n2 - 1) continue;
    // The earlier noun: the last one naming something before the markers, a name and "of" allowed between.
    let n1 = -1;
    for (let j = k; j >= 0 && j >= k - ANAPHOR_REACH; j--) {
      if (inAnchor(j) || tokens[j]!.norm === 'of') continue;
      // A strong marker may replace a noun the graph does not name ("which producers, er, directors I mean").
      if (names(j) || (!isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm) && tokens[j]!.norm !== '')) n1 = j;
      break;
    }
    if (n1 < 0) continue;
    const out = tokens.map((t, j) => (j === n1 ? { ...t, norm: tokens[n2]!.norm } : j > k && j <= n2 ? { ...t, norm: '' } : iMean(n2 + 1) && (j === n2 + 1 || j === n2 + 2) ? { ...t, norm: '' } : t));
    return { ...g, tokens: out };
  }
  return g;
}
/** English's repair markers: what follows replaces what was just said. */
const REPAIR = new Set(['wait', 'sorry', 'rather', 'actually', 'mean']);
