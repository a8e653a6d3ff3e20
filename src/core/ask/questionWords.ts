/**
 * The question's words and what each is to the ranker: relevance, wh-words, the answer phrase's head,
 * roles, co- stems, words said of other things, words left unread.
 */
import { isStopWord, lemmasOf } from '../embed/lexicon/normalize';
import { contrasted, firstSaysNothing, qualityWords, sayingFrame } from './askedFor';
import { afterthought, aside, askerFrame, askersVerb, believed, commentClause, embeddingVerb, excluded, POLITENESS, purpose, reporter, subordinate } from './asides';
import { answerPhrase, clauseRequests, clauseStarts, conditionEnd, contentHead, contentOf, onlyValues, strandedAgent, wantedNext } from './asking';
import { ARTICLES, AUXILIARIES, BARE_OBJECT_PREPOSITIONS, BE, BE_HAVE, CONJUNCTIONS, DEMONSTRATIVES, DETERMINERS, FREE_RELATIVES, INDEFINITE, NOUN_TAKING, OPENING_OTHER, OTHER, OTHER_THAN, RELATIVE_PREPOSITIONS, REQUESTS, SUBJECT_PRONOUNS } from './english';
import { headComplement } from './everyday';
import { anchorTest, type Grounding } from './ground';
import { labelsNamed, personLabels } from './labelWords';
import { bestOf, SUBJECT_PREPOSITIONS, WH_WORDS } from './meaning';
import type { QuestionWord, RankContext } from './rankTypes';
import { asRead, readAsAppear } from './readings';
import { relevanceOf } from './relevance';
import { sameOne, topicOf } from './topic';
import { fellowStem } from './twoHop';
import { floor, NAMES } from './weights';

/** The question's words the ranker reads: outside every anchor, content words and wh-words. */
export function questionWords(question: Grounding, ctx: RankContext): QuestionWord[] {
  const g = asRead(question, ctx);
  const inAnchor = anchorTest(g);
  const phrase = answerPhrase(g, inAnchor, ctx);
  const out: QuestionWord[] = [];
  // An opening request ("name", "list", "give") asks; it says nothing about the answer or the chain.
  const bare = phrase.length === 2 && phrase[0] === phrase[1];
  const requests = new Set(clauseRequests(g, inAnchor, ctx));
  const others = otherNouns(g, inAnchor, phrase[0], ctx);
  const last = lastHopWords(g, inAnchor, phrase, requests, ctx);
  const co = coStems(g, inAnchor, ctx);
  // Round 22 (words22a): a topic naming the first hop — its words name that hop, the rest what lies beyond
  // it (`topicOf`) — and "the same N" / "that N" after the name, the name's own N (`sameOne`).
  const topic = topicOf(g, ctx);
  const same = sameOne(g, ctx);
  g.tokens.forEach((t, index) => {
    if (inAnchor(index) || requests.has(index) || alternative(g, index, inAnchor, ctx) || (bare && index === phrase[0]! + 1 && contentHead(g, index, inAnchor, ctx)) || (bare && g.tokens[index + 1]?.norm === 'of' && index + 1 < phrase[0]! && contentOf(g, inAnchor, ctx) === phrase[0]) || POLITENESS.has(t.norm) || co.prefixes.has(index) || commentClause(g, index, inAnchor) || conditionVerb(g, index, inAnchor, ctx) || afterthought(g, index, inAnchor, phrase, requests, ctx) || askerFrame(g, index, inAnchor, phrase, requests, ctx) || askersVerb(g, index, inAnchor, ctx) || aside(g, index, inAnchor, ctx) || embeddingVerb(g, index, inAnchor, phrase, ctx) || excluded(g, index, inAnchor) || contrasted(g, index, inAnchor, ctx) || sayingFrame(g, index, inAnchor, ctx) || purpose(g, index, inAnchor, phrase, ctx) || subordinate(g, index, inAnchor, phrase) || believed(g, index, inAnchor, phrase, ctx) || reporter(g, index, inAnchor, ctx) || round19bUnread(g, index, inAnchor, ctx)) return;
    const stem = co.stems.get(index);
    if (stem !== undefined) {
      const answer = phrase.indexOf(index) >= 0 ? phrase.length - 1 - phrase.indexOf(index) : undefined;
      out.push({ word: stem, index, ...relevanceOf(stem, ctx, false), ...(answer !== undefined ? { answer } : {}), ...(phrase.length === 2 && phrase[1] === index ? { head: true } : {}), other: true, co: true, ...(asRole(g, index, inAnchor) ? { role: true } : {}) });
      return;
    }
    const at = phrase.indexOf(index);
    const answer = bare && at === 0 ? 0 : at >= 0 ? phrase.length - 1 - at : conjunct(g, phrase, index) ? 1 : undefined;
    const wh = WH_WORDS[t.norm] ?? (at === 0 && phrase.length === 1 && strandedAgent(g, index, inAnchor, ctx) ? WH_WORDS['whom'] : undefined);
    if (wh) out.push({ word: WH_WORDS[t.norm] ? t.norm : 'whom', index, wh, relevance: 0, relational: 0, ...(answer !== undefined ? { answer } : {}) });
    // A preposition of subject matter is read only where the graph has a label of common words for it
    // (elsewhere it would be a word naming nothing, and make every choice weak).
    else if ((!isStopWord(t.norm) || (SUBJECT_PREPOSITIONS.has(t.norm) && ctx.vocabulary.wordLabels.size > 0)) && !AUXILIARIES.has(t.norm) && !INDEFINITE.has(t.norm) && !OTHER_THAN.has(t.norm) && !DETERMINERS.has(t.norm) && /\p{L}/u.test(t.norm)) {
      const determined = afterDeterminer(g, index, inAnchor);
      const noun = answer === undefined && headNoun(g, index, inAnchor, ctx) && (determined || g.tokens[index - 1]?.norm === 'whose' || prepositionObject(g, index, inAnchor));
      out.push({ word: t.norm, index, ...relevanceOf(t.norm, ctx, g.tokens[index - 1]?.norm === 'how', determined, noun), ...(noun ? { noun: true } : {}), ...(answer !== undefined ? { answer } : {}), ...(phrase.length === 2 && (at === 1 || bare) && at >= 0 ? { head: true } : {}), ...(others.has(index) ? { other: true } : {}), ...(asRole(g, index, inAnchor) || freeRelative(g, index, inAnchor) || demonstrativeRole(g, index, inAnchor, ctx) ? { role: true } : {}), ...(last.has(index) ? { last: true } : {}), ...(answer === undefined && (owned(g, index, ctx) || topic?.own.includes(index) === true || same === index) ? { owned: true } : {}), ...(answer === undefined && topic !== undefined && index >= topic.end ? { beyond: true } : {}), ...(answer === undefined && !last.has(index) && contactVerb(g, index, inAnchor, ctx) ? { contact: true } : {}), ...(answer === undefined && headComplement(g, index, phrase, inAnchor) ? { complement: true } : {}) });
    }
  });
  // Round 19 (words19b): an earlier step's wh-word says what its step reaches (`stepWords`).
  stepWords(out, g, inAnchor, phrase, ctx);
  // Round 20 (words20b): the value offered after "only" is one of the answers (`onlyValues`).
  offeredValueWords(out, g, inAnchor, ctx);
  // Round 20 (words20b): "N by X" names the anchor's hop along a relation named with "by" (`agentBy`).
  agentBy(out, g, inAnchor, ctx);
  // Round 20 (words20b): a person's name as the subject of "be in" acts (`nameBeingIn`).
  nameBeingIn(out, g, inAnchor, ctx);
  // Round 22b (words22b): a yes/no question's predicate adjective asks for the scale of its quality (`qualityAsked`, askedFor.ts).
  qualityWords(out, g, ctx);
  // A rarer sense fills a gap, it does not compete: where another word speaks for a relation
  // ("what subjects does X deal with": subjects → has_tags), the word is read in its common senses.
  if (!out.some((w) => !w.rare && w.relational > 0)) return out;
  return out.map((w) => {
    // Round 19 (words19b): "be in" read as "appear" says the sense itself (a person in a work): it is
    // no guess at a rarer sense, and stays beside other words.
    if (!w.rare || readAsAppear(g, w.index)) return w;
    const { rare: _, ...rest } = w;
    return { ...rest, relevance: 0, relational: 0 };
  });
}

/** Round 19 (words19b): words the question holds that say nothing of the chain (each reading below). */
function round19bUnread(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  return sharedActivity(g, i, inAnchor, ctx);
}

/**
 * Round 19 (words19b), working together ("which directors worked together with X on the same film",
 * "who has collaborated alongside X"): "together" or "alongside" says the answer and the anchor did the
 * same thing on the same film — the answer's part is the anchor's too, out and back along the relation
 * the answer's own words name. A verb beside it that names no relation outright (below `NAMES`: "work",
 * "collaborate") is that shared doing, not one of the graph's relations: not read. A verb that names one
 * ("acted together with X", "directed films alongside X") stays.
 */
function sharedActivity(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const w = g.tokens[i]!.norm;
  if (inAnchor(i) || isStopWord(w) || AUXILIARIES.has(w) || !ctx.meaning.isVerbForm(w)) return false;
  // As written: a collocation read earlier ("together with") leaves its tokens empty.
  const written = (k: number): string => (g.tokens[k] && !inAnchor(k) ? g.question.slice(g.tokens[k]!.start, g.tokens[k]!.end).toLowerCase() : '');
  const k = written(i + 1) === 'with' ? i + 2 : i + 1;
  if (!TOGETHER.has(written(k))) return false;
  return relevanceOf(w, ctx, false).relational < NAMES;
}
/** Adverbs and prepositions of doing the same thing with someone: "worked together with X", "worked alongside X". */
const TOGETHER = new Set(['together', 'alongside']);

/**
 * Words that say how the answer itself is reached, wherever the story puts the other hops: English
 * makes the subject wh-phrase the subject of the verb right after it ("who wrote the other stuff
 * they've acted in": the answer wrote; "which actors starred in …"), and "whose N" with a clause
 * after it asks for N's possessor ("whose scripts did the director of X film": the answer wrote the
 * scripts), and so does the verb of a passive whose agent is the wh-word ("… directed by whom in
 * other films"). Not a passive participle ("which films directed by X …": the verb is X's hop).
 */
function lastHopWords(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[], requests: ReadonlySet<number>, ctx: RankContext): Set<number> {
  const out = new Set<number>();
  if (phrase.length === 0 || requests.has(phrase[0]!) || (phrase.length === 2 && phrase[0] === phrase[1])) return out;
  const opener = g.tokens[phrase[0]!]!.norm;
  const verbAt = (j: number): boolean => {
    const v = g.tokens[j];
    return v !== undefined && !inAnchor(j) && !isStopWord(v.norm) && !AUXILIARIES.has(v.norm) && (ctx.meaning.isVerbForm(v.norm) || (/ed$/.test(v.norm) && !ctx.meaning.isNoun(v.norm)));
  };
  // The agent of a passive: "the people in X have been directed by whom in other films"; a note's "directed by?".
  if (g.tokens[phrase[0]! - 1]?.norm === 'by' && verbAt(phrase[0]! - 2)) out.add(phrase[0]! - 2);
  if (opener === 'by' && verbAt(phrase[0]! - 1)) out.add(phrase[0]! - 1);
  const i = phrase[phrase.length - 1]! + 1;
  const t = g.tokens[i];
  if (!t || inAnchor(i) || isStopWord(t.norm) || AUXILIARIES.has(t.norm)) return out;
  if (opener === 'who' || ((opener === 'which' || opener === 'what') && phrase.length === 2)) {
    if (verbAt(i) && g.tokens[i + 1]?.norm !== 'by') out.add(i);
  } else if (opener === 'whose' && phrase.length === 1 && ctx.meaning.isNoun(t.norm)) {
    // "whose movie is X": N is X's own kind, said of it; a clause with its own subject makes N an object.
    const aux = g.tokens[i + 1]?.norm ?? '';
    if (AUXILIARIES.has(aux) && !BE.has(aux)) out.add(i);
  }
  return out;
}

/**
 * A demonstrative before a noun that names the anchor's own label points back at the anchor ("my
 * grandson likes X, what kinds of films does that actor do": that actor is X): the noun says the
 * anchor's role, as "as actor" would (`asRole`). A noun of another kind points elsewhere ("the
 * director of X … that director").
 */
function demonstrativeRole(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const before = g.tokens[i - 1];
  if (!before || inAnchor(i - 1) || !DEMONSTRATIVES.has(before.norm) || inAnchor(i)) return false;
  const labels = labelsNamed(g.tokens[i]!.norm, ctx);
  return labels.length > 0 && g.anchors.some((a) => g.mentions[a]!.nodes.some((n) => labels.includes(n.label)));
}

/** "as" + a noun (an article between) says in what role: "which performers has X worked with as
 *  director", "which movies have X as a theme", "what films does X make as a director". Outside the
 *  answer phrase and every anchor. */
function asRole(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  let j = i - 1;
  // "as co-director": the prefix of a co- noun stands between.
  if (j >= 0 && g.tokens[j]!.norm === 'co' && !inAnchor(j)) j--;
  if (j >= 0 && ARTICLES.has(g.tokens[j]!.norm)) j--;
  if (j < 0 || g.tokens[j]!.norm !== 'as' || inAnchor(j)) return false;
  // The anchor stands before it, as the clause's subject or object ("X … as director"); a bare role,
  // not "as director of …" ("who is listed as director of the films …": the answer's role).
  const next = g.tokens[i + 1]?.norm;
  return g.anchors.some((a) => g.mentions[a]!.tokenEnd <= j) && next !== 'of' && next !== 'for';
}

/**
 * A noun right after a name that modifies it: a possessive ("who's in the other movies X's director
 * made") or a compound whose head is the noun ("cast of other films by X director", "the X director"),
 * with nothing but a space between. English says such a noun of the name: it is X's director, the
 * anchor's own relation, however far the rest of the sentence goes. A bare word that can be a verb
 * ("when did the director of X release films", "the director of X film") may be the clause's verb,
 * and is left alone.
 */
function owned(g: Grounding, i: number, ctx: RankContext): boolean {
  const t = g.tokens[i];
  const before = g.tokens[i - 1];
  if (t && before && before.norm === 'its' && itsAnchor(g, i - 1, ctx)) return !isStopWord(t.norm) && ctx.meaning.isNoun(t.norm);
  if (!t || !before || !g.anchors.some((a) => g.mentions[a]!.tokenEnd === i) || !/^\s+$/.test(g.question.slice(before.end, t.start))) return false;
  if (isStopWord(t.norm) || !ctx.meaning.isNoun(t.norm)) return false;
  const possessive = /['’]s$/i.test(g.question.slice(before.start, before.end));
  return possessive || ctx.meaning.verbSenses(t.norm) === 0;
}

/**
 * The verb ending a relative clause that has no "that": a noun, then a subject (a determiner opening
 * a noun phrase, a subject pronoun, or the name itself; the phrase holding a name or the pronoun), then
 * the verb, with only prepositions after it to the clause's end ("who's in the other films the writer
 * of X wrote", "who appeared in the films they wrote", "films X starred in"). English relates the
 * clause's subject to the noun by that verb: it names the hop reaching the noun, not one beyond it.
 */
function contactVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const tokens = g.tokens;
  const v = tokens[i];
  if (!v || inAnchor(i) || isStopWord(v.norm) || AUXILIARIES.has(v.norm) || !(ctx.meaning.isVerbForm(v.norm) || (/ed$/.test(v.norm) && !ctx.meaning.isNoun(v.norm)))) return false;
  const starts = clauseStarts(g, inAnchor);
  const end = starts.find((k) => k > i) ?? tokens.length;
  if (tokens.slice(i + 1, end).some((t) => !isStopWord(t.norm) || AUXILIARIES.has(t.norm))) return false;
  const subjectWord = (j: number): boolean => inAnchor(j) || DETERMINERS.has(tokens[j]!.norm) || SUBJECT_PRONOUNS.has(tokens[j]!.norm) || tokens[j]!.norm === 'of' || (!isStopWord(tokens[j]!.norm) && !AUXILIARIES.has(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm));
  // Round 20 (words20b): the verb's auxiliaries stand between it and its subject when the subject is
  // the name itself, right after the noun ("the movies X was cast in", "the films X has directed"); a
  // clause opened by "that" or with a pronoun subject ("screenwriters that the director of X has
  // worked with", "the films they were in") stays as it was read.
  let from = i - 1;
  while (from > 1 && !inAnchor(from) && AUXILIARIES.has(tokens[from]!.norm) && !starts.includes(from)) from--;
  for (let j = from; j > 0 && subjectWord(j) && !starts.includes(j); j--) {
    const head = j - 1;
    if (from < i - 1 && !(inAnchor(j) && !inAnchor(head))) continue;
    if (inAnchor(head) || isStopWord(tokens[head]!.norm) || AUXILIARIES.has(tokens[head]!.norm) || !ctx.meaning.isNoun(tokens[head]!.norm)) continue;
    const opens = DETERMINERS.has(tokens[j]!.norm) || SUBJECT_PRONOUNS.has(tokens[j]!.norm) || (inAnchor(j) && !inAnchor(head));
    const subject = tokens.slice(j, i).some((t, d) => inAnchor(j + d) || SUBJECT_PRONOUNS.has(t.norm));
    if (opens && subject) return true;
  }
  return false;
}

/**
 * "its" points back to the one name before it when no singular noun stands between ("watched X on
 * Netflix; who's in the other films its director made": "films" is plural, so "its" is X's): a noun
 * after it is the name's, as after "X's".
 */
function itsAnchor(g: Grounding, k: number, ctx: RankContext): boolean {
  const ends = g.anchors.map((a) => g.mentions[a]!.tokenEnd).filter((e) => e <= k);
  if (ends.length !== 1 || g.anchors.length !== 1) return false;
  // A singular noun: its noun lemma is itself ("films" → film is plural).
  const singular = (w: string): boolean => /^[a-z]/.test(w) && !isStopWord(w) && ctx.meaning.isNoun(w) && !lemmasOf(w).some((l) => l !== w && ctx.meaning.isNoun(l));
  return g.tokens.slice(ends[0]!, k).every((t) => !singular(t.norm));
}

/** A free relative's verb before the name ("whoever directed X", "whatever X wrote" does not count):
 *  the clause names X's own relation, as "as director" does — it can name only the anchor's hop. */
function freeRelative(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  return i > 0 && FREE_RELATIVES.has(g.tokens[i - 1]!.norm) && !inAnchor(i - 1) && inAnchor(i + 1);
}

/** The word can be a noun and ends its noun phrase (no noun after it, outside a name): the head of
 *  "whose work X has directed", "the cast of X" — read in its noun senses only (work: a product, not to act). */
function headNoun(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  if (!ctx.meaning.isNoun(g.tokens[i]!.norm)) return false;
  const next = g.tokens[i + 1];
  return next === undefined || inAnchor(i + 1) || isStopWord(next.norm) || AUXILIARIES.has(next.norm) || !ctx.meaning.isNoun(next.norm) || !/^\s+$/.test(g.question.slice(g.tokens[i]!.end, next.start));
}

/**
 * Round 19 (words19b), a preposition's bare object ("worked with X on set", "in print", "on screen"):
 * a preposition takes a noun phrase, so a word right after one, ending its phrase, is a noun — read in
 * its noun senses only (the film set, not "to set"). Not after "to" (an infinitive's verb) nor "by" (a
 * passive's agent may be a verb's gerund).
 */
function prepositionObject(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const before = g.tokens[i - 1];
  return before !== undefined && !inAnchor(i - 1) && BARE_OBJECT_PREPOSITIONS.has(before.norm) && /^\s+$/.test(g.question.slice(before.end, g.tokens[i]!.start));
}

/** The token before is a determiner, or the anchor with a possessive 's ("X's screenplays"). */
function afterDeterminer(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const before = g.tokens[i - 1];
  if (!before) return false;
  if (DETERMINERS.has(before.norm)) return true;
  return inAnchor(i - 1) && (/['’]s$/i.test(g.question.slice(before.start, before.end)) || /^['’]/.test(g.question.slice(before.end)));
}

/**
 * English's prefix "co-" on a noun: "co-writers", "co writers", "cowriters" are those who write
 * together with someone. Read from the words alone (no list): the token "co" before a noun (its
 * prefix, dropped: WordNet reads "co" as Colorado), or one unknown word that is "co" + a noun.
 * The verb form ("co-wrote") is left as it was read (round 6: the out-and-back implied by its hop),
 * unless nothing follows it but "with" (`stranded`).
 */
function coStems(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): { prefixes: Set<number>; stems: Map<number, string> } {
  const prefixes = new Set<number>();
  const stems = new Map<number, string>();
  const noun = (w: string): boolean => ctx.meaning.isNoun(w) && !ctx.meaning.isVerbForm(w) && !isStopWord(w);
  // A co- verb that ends the question, "with" at most after it ("X co-wrote with: ?", "X co-directed?"),
  // leaves its partner unsaid: that partner is asked, as a co- noun's is (the verb with an object,
  // "who co-wrote films with X", is round 6's reading).
  const stranded = (j: number, w: string): boolean => {
    const k = g.tokens[j + 1]?.norm === 'with' ? j + 2 : j + 1;
    return k >= g.tokens.length && !isStopWord(w) && ctx.meaning.verbSenses(w) > 0;
  };
  g.tokens.forEach((t, i) => {
    if (inAnchor(i)) return;
    const next = g.tokens[i + 1];
    if (t.norm === 'co' && next && !inAnchor(i + 1) && /^[-\s]*$/.test(g.question.slice(t.end, next.start)) && (noun(next.norm) || stranded(i + 1, next.norm))) {
      prefixes.add(i);
      stems.set(i + 1, next.norm);
    } else if (t.norm.length >= 6 && t.norm.startsWith('co') && !ctx.meaning.knows(t.norm) && (noun(t.norm.slice(2)) || stranded(i, t.norm.slice(2)))) stems.set(i, t.norm.slice(2));
    else {
      // Round 20 (words20c): "N-mates" ("castmates", "cast mates") share N with the anchor (`fellowStem`).
      const fellow = fellowStem(g, i, inAnchor, ctx, (w) => relevanceOf(w, ctx, false, true).relevance > 0);
      if (fellow && !stems.has(i)) {
        stems.set(i, fellow.stem);
        if (fellow.fellow !== undefined) prefixes.add(fellow.fellow);
      }
    }
  });
  return { prefixes, stems };
}

/**
 * The word "other"/"another" qualifies: the next content word (determiners and stop words skipped,
 * at most two words on, never inside an anchor). English: "the other films by the director of X"
 * are films that are not X — a chain that speaks of them must reach films other than the anchor.
 */
function otherNouns(g: Grounding, inAnchor: (i: number) => boolean, opener: number | undefined, ctx: RankContext): Set<number> {
  const out = new Set<number>();
  // "more" right before a noun is a determiner, "additional ones" ("can you recommend more films by
  // its director"); before an adjective it is a comparative ("more popular").
  const moreNoun = (i: number): boolean => {
    const next = g.tokens[i + 1];
    return next !== undefined && !inAnchor(i + 1) && !isStopWord(next.norm) && ctx.meaning.isNoun(next.norm) && !ctx.meaning.isVerbForm(next.norm);
  };
  g.tokens.forEach((t, i) => {
    if (!(OTHER.has(t.norm) || (i === opener && OPENING_OTHER.has(t.norm)) || (t.norm === 'more' && moreNoun(i))) || inAnchor(i)) return;
    for (let j = i + 1; j < g.tokens.length && j <= i + 3 && !inAnchor(j); j++) {
      if (isStopWord(g.tokens[j]!.norm)) continue;
      out.add(j);
      break;
    }
  });
  return out;
}
/**
 * Round 19 (words19b): the wh-word of the question a later wanting points back at (`wantedNext`: "who
 * made X? I want to see their other films") asked for what "their" stands for — the node the chain
 * passes through on the way, a person here — so it may name that label, as an answer's wh-word names
 * the answer's.
 */
function stepWords(out: QuestionWord[], g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): void {
  if (phrase.length === 0) return;
  out.forEach((w, k) => {
    if (w.wh && w.answer === undefined && w.index < phrase[0]! && wantedNext(g, inAnchor, w.index, ctx) === phrase[0]) out[k] = { ...w, step: true };
  });
}

/** Round 20 (words20b): the offered value's words ("only a horror director") are one of the answers:
 *  they may name only the answer's label or the hop reaching it (`onlyValues`). */
function offeredValueWords(out: QuestionWord[], g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): void {
  const only = onlyValues(g, inAnchor, ctx);
  if (!only) return;
  const m = g.mentions[only.value]!;
  out.forEach((w, k) => {
    if (m.tokenStart <= w.index && w.index < m.tokenEnd && w.answer === undefined) out[k] = { ...w, answer: 1 };
  });
}

/**
 * Round 20 (words20b), a work "by" someone ("actors in movies by X", "anything by X out there"): "by"
 * after a noun names its agent, the one who made it, as a passive's "by" does ("movies directed by X").
 * Which of the graph's relations take their agent so, the graph's own names say: those named with
 * "by" (directed_by, written_by; not starred_actors — "movies by X" are not the films X acted in).
 * Read when "by" stands right before the anchor, after a noun (after a verb, "directed by X", the verb
 * names the relation), and the name ends the noun phrase (not "films by X's director", where "by"
 * belongs to the director): "by" names the anchor's own hop, along one of those relations, at
 * `NAMES`. Where the anchor has both (a writer-director) the two readings tie and the choice is weak.
 * A noun naming some of them ("screenplays" → written_by) narrows "by" to those; naming them only
 * loosely, it is the thing made, no hop of its own, and is not read.
 */
function agentBy(out: QuestionWord[], g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): void {
  const agents = [...ctx.vocabulary.relations.keys()].filter((r) => r.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^\p{L}]+/u).includes('by'));
  if (agents.length === 0) return;
  for (const a of g.anchors) {
    const m = g.mentions[a]!;
    const by = m.tokenStart - 1;
    const noun = g.tokens[by - 1];
    if (by < 1 || inAnchor(by) || inAnchor(by - 1) || g.tokens[by]!.norm !== 'by' || !noun || isStopWord(noun.norm) || AUXILIARIES.has(noun.norm) || !ctx.meaning.isNoun(noun.norm)) continue;
    const next = g.tokens[m.tokenEnd];
    const end = g.tokens[m.tokenEnd - 1]!.end;
    if (/^['’]s?\b/.test(g.question.slice(end)) || (next && !inAnchor(m.tokenEnd) && !isStopWord(next.norm) && ctx.meaning.isNoun(next.norm) && /^\s+$/.test(g.question.slice(end, next.start)))) continue;
    if (out.some((w) => w.index === by)) continue;
    // The noun is what the agent made: one naming some of those relations ("screenplays" → written_by,
    // loosely) says which, and, naming it only loosely, is no hop of its own (as `madeThings` reads
    // "scripts written by X"): "screenplays by X" are X's films, not the films' other writers.
    const made = agents.map((r) => floor(bestOf(ctx.meaning, noun.norm, ctx.vocabulary.relations.get(r) ?? [])));
    const most = Math.max(...made);
    const named = most > 0 ? agents.filter((_, k) => made[k] === most) : agents;
    if (most > 0 && most < NAMES) out.splice(0, out.length, ...out.filter((w) => w.index !== by - 1));
    const at = out.findIndex((w) => w.index > by);
    out.splice(at < 0 ? out.length : at, 0, { word: 'by', index: by, relevance: NAMES, relational: NAMES, role: true, agent: named });
  }
}

/**
 * Round 20 (words20b), "be in" with a person's name as its subject ("which directors has X been in
 * films for", "the films X was in", "was X in anything by …"): a person said to be in works acts in
 * them, as a pronoun subject is read ("they've been in", `personIn`). A name one of whose nodes is of
 * a kind of person, then only forms of "be"/"have" before "in" (or the name right before "in" and a form
 * of "be" before the name), a word after "in": the "in" is read "acted", which names starred_actors
 * outright, as `personIn` reads it. Not when a wh-word follows "in" ("… were in which languages") nor
 * when the name is a preposition's object ("the films acted by X were in …"). Only where no earlier
 * reading read a "be in" as a verb.
 */
function nameBeingIn(out: QuestionWord[], g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): void {
  const tokens = g.tokens;
  if (tokens.some((t, i) => !inAnchor(i) && (t.norm === 'appear' || t.norm === 'acted') && ['in', 'with'].includes(g.question.slice(t.start, t.end).toLowerCase()))) return;
  const persons = personLabels(ctx);
  if (persons.length === 0) return;
  const personEnding = (k: number): Grounding['mentions'][number] | undefined => {
    const a = g.anchors.find((x) => g.mentions[x]!.tokenEnd === k + 1);
    const m = a === undefined ? undefined : g.mentions[a]!;
    return m && m.nodes.some((n) => persons.includes(n.label)) ? m : undefined;
  };
  tokens.forEach((t, i) => {
    // A noun phrase after "in", not a wh-word's ("… were in which languages").
    const after = tokens[i + 1];
    if (t.norm !== 'in' || inAnchor(i) || i === 0 || !after || inAnchor(i + 1) || WH_WORDS[after.norm] !== undefined || NOUN_TAKING.has(after.norm) || out.some((w) => w.index === i)) return;
    let k = i - 1;
    while (k >= 0 && !inAnchor(k) && BE_HAVE.has(tokens[k]!.norm)) k--;
    const m = k >= 0 ? personEnding(k) : undefined;
    if (!m || !(k < i - 1 || (m.tokenStart > 0 && BE.has(tokens[m.tokenStart - 1]!.norm) && !inAnchor(m.tokenStart - 1)))) return;
    // The name is the subject, not a preposition's object ("the films acted by X were in …").
    if (m.tokenStart > 0 && !inAnchor(m.tokenStart - 1) && RELATIVE_PREPOSITIONS.has(tokens[m.tokenStart - 1]!.norm)) return;
    const at = out.findIndex((w) => w.index > i);
    out.splice(at < 0 ? out.length : at, 0, { word: 'acted', index: i, ...relevanceOf('acted', ctx, false) });
  });
}

/**
 * A yes/no question (opened by an auxiliary) whose "or" opens a second finite clause ("is X widely
 * voted on imdb or has barely anyone rated it"), with no wh-word or request after it: the alternative
 * restates the question's other answer; its words name no hop of their own. True for the tokens from
 * that "or" on.
 */
function alternative(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx?: RankContext): boolean {
  const tokens = g.tokens;
  if (!AUXILIARIES.has(tokens[0]?.norm ?? '') || inAnchor(0)) return false;
  const or = tokens.findIndex((t, k) => k > 0 && t.norm === 'or' && !inAnchor(k) && AUXILIARIES.has(tokens[k + 1]?.norm ?? '') && !inAnchor(k + 1) && g.anchors.every((a) => g.mentions[a]!.tokenEnd <= k));
  // A wh-word after it asks of the alternative ("is X kinda a horror director or do they do other
  // genres too, which ones"): its words are the question's.
  // Round 20 (words20b): so does one that offers other things ("is X only a horror director or are
  // there other genres in their films"): it asks for the others (`onlyValues`).
  if (or <= 0 || tokens.some((t, k) => k > or && !inAnchor(k) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm) || REQUESTS.has(t.norm) || OTHER.has(t.norm)))) return false;
  // Round 22b (words22b): the alternative restates the question's other answer only when the first one says something of the graph (`firstSaysNothing`, askedFor.ts).
  if (ctx && firstSaysNothing(g, or, inAnchor, ctx)) return false;
  return i >= or;
}

function conditionVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const w = g.tokens[i]!.norm;
  const end = conditionEnd(g, inAnchor);
  // A finite verb, not a noun in its place: "the cast of X", "X's directing" name what the condition is about.
  if (!(i < end && ctx.meaning.verbSenses(w) > 0 && (ctx.meaning.isVerbForm(w) || !ctx.meaning.isNoun(w)) && !/ing$/.test(w) && !afterDeterminer(g, i, inAnchor))) return false;
  // The name's own verb says its role ("if X writes it, who's in it?"), unless the main clause says it
  // again ("if I like how X writes, which movies did they write"): then it is read there, once.
  if (!inAnchor(i - 1)) return true;
  const lemmas = new Set(lemmasOf(w));
  return g.tokens.some((t, j) => j >= end && !inAnchor(j) && lemmasOf(t.norm).some((l) => lemmas.has(l)));
}

/** A noun of the answer phrase joined to the next by "and"/"or" ("ideas" in "what ideas and motifs"). */
function conjunct(g: Grounding, phrase: readonly number[], i: number): boolean {
  return phrase.length === 2 && phrase[0]! < i && i < phrase[1]! && CONJUNCTIONS.has(g.tokens[i + 1]?.norm ?? '');
}
