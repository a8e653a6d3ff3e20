/**
 * The clause that asks: where clauses start, requests, the answer phrase and its head, conditions and
 * relative clauses around it.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { wantedObject } from './clauses';
import { AUXILIARIES, BACK_PRONOUNS, BE, CONDITIONS, CONJUNCTIONS, CONTAINING, DETERMINERS, INDIRECT_OBJECTS, NOUN_TAKING, ONE, OPENING_OTHER, OTHER, PARTITIVE, POLITE, POSSESSIVE_BACK, QUANTIFIERS, RELATIVE, RELATIVE_PREPOSITIONS, REQUESTS, SPEAKER_SUBJECTS, SUBJECT_PRONOUNS, THEM, THEY, THING_PRONOUNS, TIME_CONDITIONS, WANTING } from './english';
import { attributeType, conjoinedWant, nameOf, notPersonAntecedent } from './everyday';
import type { Grounding } from './ground';
import { labelsNamed } from './labelWords';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { sameOne, topicOf, topicOther } from './topic';
import { answerableLater, determinedNoun } from './twoHop';
import { NAMES, RANK_WEIGHTS } from './weights';

/** The first word after a colon (a colon and a space), or -1. */
export function colonAt(g: Grounding): number {
  return g.tokens.findIndex((t, i) => i > 0 && /^[^\p{L}\p{N}]*:\s/u.test(g.question.slice(g.tokens[i - 1]!.end, t.start)));
}

/** A keyword query before a colon ("show tags: X", "tag search: X"): where the colon's name starts, when nothing but a name follows it; else -1. */
function queryColon(g: Grounding, inAnchor: (i: number) => boolean): number {
  const colon = colonAt(g);
  return colon > 0 && g.tokens.every((t, i) => i < colon || inAnchor(i) || !/\p{L}/u.test(t.norm)) && g.tokens.some((_, i) => i >= colon && inAnchor(i)) ? colon : -1;
}
/** Words that may stand between the wh-word and its noun: "what are the languages". Any other
 *  ("what else has …", "what did …") means the wh-word is the object, with no noun of its own. */
const BRIDGE = new Set(['is', 'are', 'was', 'were', 'the', 'a', 'an', 'some', 'me', 'us', 'all', 'every', 'each', 'many', 'much', 'few', 'several', 'any', 'other', 'another', 'more']);

/** Where an opening request verb stands: the first word, or after "can/could/would/will you [please]" or "please". */
export function requestAt(tokens: Grounding['tokens'], inAnchor: (i: number) => boolean, at = 0, ctx?: RankContext, opening = at === 0): number {
  // Words dropped before it (an addressee: "Hey Bixby find …") leave the request opening the question.
  let from = at;
  while (from < tokens.length && tokens[from]!.norm === '' && !inAnchor(from)) from++;
  let i = from;
  const polite = POLITE.has(tokens[i]?.norm ?? '') && tokens[i + 1]?.norm === 'you';
  if (polite) i += 2;
  // Casual speech drops the subject: "can tell me X's rating", "could give us the cast" — a modal, a
  // request verb and its indirect object pronoun.
  else if (POLITE.has(tokens[i]?.norm ?? '') && !inAnchor(i) && REQUESTS.has(tokens[i + 1]?.norm ?? '') && !inAnchor(i + 1) && INDIRECT_OBJECTS.has(tokens[i + 2]?.norm ?? '') && !inAnchor(i + 2)) return i + 1;
  if (tokens[i]?.norm === 'please') i++;
  // A manner adverb before the request is politeness too ("kindly tell the names of …").
  if (!polite && ctx && i === from && tokens[i + 1] && !inAnchor(i) && REQUESTS.has(tokens[i + 1]!.norm) && ctx.meaning.onlyModifier(tokens[i]!.norm)) i++;
  if (i >= tokens.length || inAnchor(i)) return -1;
  const w = tokens[i]!.norm;
  if (REQUESTS.has(w)) return i;
  // The speaker saying what they want asks for its object, as a request does ("I want every film X
  // acted in, so that …", "we need the cast of X").
  // So does "need to V the N" ("…, need to confirm the year it came out"), the subject said or dropped.
  if (!polite) {
    const v = SPEAKER_SUBJECTS.has(w) ? i + 1 : i;
    const wants = WANTING.has(tokens[v]?.norm ?? '') && !inAnchor(v);
    const to = wants && tokens[v + 1]?.norm === 'to' && !inAnchor(v + 1) && !inAnchor(v + 2) && ctx !== undefined && ctx.meaning.isBaseVerb(tokens[v + 2]?.norm ?? '') && relevanceOf(tokens[v + 2]!.norm, ctx, false).relevance < RANK_WEIGHTS.faint ? v + 2 : v;
    const object = tokens[to + 1];
    // Not a noun of content with "of" after it ("I want a list of every actor …"): the noun after "of"
    // is asked (`contentOf`).
    let head = to + 1;
    while (head < tokens.length && !inAnchor(head) && (DETERMINERS.has(tokens[head]!.norm) || QUANTIFIERS.has(tokens[head]!.norm))) head++;
    const content = ctx !== undefined && head < tokens.length && !inAnchor(head) && ctx.meaning.isContent(tokens[head]!.norm) && tokens[head + 1]?.norm === 'of';
    if (wants && !content && (v > i || to > v) && object !== undefined && !inAnchor(to + 1) && (DETERMINERS.has(object.norm) || QUANTIFIERS.has(object.norm) || THING_PRONOUNS.has(object.norm))) return to;
  }
  // An imperative opening the question asks whatever its verb, when the verb names nothing in the
  // graph (a faint link at most) and its object's head names a label of the graph, as a request's
  // object says what comes back: "select release_year from films where title = X", "pull up the films
  // indexed under X" — not "fetch all the tag values …" ("values" names no label) nor a noun WordNet
  // only has as a verb ("podcast episode on …").
  if (!polite && ctx && i === from && opening && tokens[i + 1] !== undefined && !inAnchor(i + 1) && !isStopWord(w) && ctx.meaning.isBaseVerb(w) && relevanceOf(w, ctx, false).relevance < RANK_WEIGHTS.faint) {
    let j = i + 1;
    while (j < tokens.length && !inAnchor(j) && (tokens[j]!.norm === '' || DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
    let head = -1;
    for (; j < tokens.length && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm); j++) head = j;
    if (head >= 0 && labelsNamed(tokens[head]!.norm, ctx).length > 0) return i;
  }
  // An imperative with an indirect object pronoun is a request whatever its verb ("play me a film
  // with X in it", "recommend us something"): "V me" is English's form for asking.
  // So is one whose object is an indefinite pronoun for a thing ("play something else with …").
  const object = tokens[i + 1]?.norm ?? '';
  if (!polite && ctx && (INDIRECT_OBJECTS.has(object) || THING_PRONOUNS.has(object)) && !inAnchor(i + 1) && !AUXILIARIES.has(w) && !isStopWord(w) && ctx.meaning.isVerbForm(w)) return i;
  // "can you recommend more films …", "could you suggest …": after "can you", any verb is the request.
  // Not a verb that names something in the graph ("can you describe X in a few words": describe asks for words).
  // Round 21 (words21b): nor one with a faint link only (a rarer sense: "suggest", call to mind ~ votes 0.45)
  // whose object's head names a label of the graph ("could you suggest films …"), as for an imperative above.
  if (!(polite && ctx && !AUXILIARIES.has(w) && !isStopWord(w) && ctx.meaning.isVerbForm(w))) return -1;
  const relevance = relevanceOf(w, ctx, false).relevance;
  return relevance === 0 || (relevance < RANK_WEIGHTS.faint && labelledObject(tokens, inAnchor, i + 1, ctx)) ? i : -1;
}

/** Round 21 (words21b): the noun phrase at `j` (determiners and quantifiers skipped) has a head noun naming a label of the graph. */
function labelledObject(tokens: Grounding['tokens'], inAnchor: (i: number) => boolean, j: number, ctx: RankContext): boolean {
  while (j < tokens.length && !inAnchor(j) && (tokens[j]!.norm === '' || DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
  let head = -1;
  for (; j < tokens.length && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm); j++) head = j;
  return head >= 0 && labelsNamed(tokens[head]!.norm, ctx).length > 0;
}

/**
 * Where the question's clauses start: its first word and every word after a sentence's or a
 * clause's punctuation (. ? ! ; : , or a dash between spaces) outside a name. People ask in several
 * sentences ("did X ever write for films not in english? list the languages …"; "X acted in some
 * films; name the people who wrote them"; "Director X: languages of …"): the clause that asks may
 * be any of them.
 */
export function clauseStarts(g: Grounding, inAnchor: (i: number) => boolean): number[] {
  const out: number[] = [];
  g.tokens.forEach((t, i) => {
    if (inAnchor(i)) return;
    // Punctuation ends a clause when a space follows it ("Gotcha!'s actors" goes on), and a title's
    // own "!" or "?" right after a name does not ("the scriptwriter of I Want to Live! also wrote movies").
    const gap = g.question.slice(g.tokens[i - 1]?.end ?? 0, t.start);
    // A name whose nodes do not end on the mark leaves it the sentence's ("y'all know who's in Avenger? fixin to …").
    // Only before a clause pointing back at it ("it", "one"), an afterthought's mark.
    const pointsBack = (): boolean => {
      for (let j = i; j < g.tokens.length && (j === i || !/[.?!;:,]/.test(g.question.slice(g.tokens[j - 1]!.end, g.tokens[j]!.start))); j++) if (!inAnchor(j) && (BACK_PRONOUNS.has(g.tokens[j]!.norm) || ONE.has(g.tokens[j]!.norm))) return true;
      return false;
    };
    if (i > 0 && inAnchor(i - 1) && /^[!?]/.test(gap) && (!pointsBack() || g.anchors.some((a) => g.mentions[a]!.tokenEnd === i && (g.mentions[a]!.nodes.length === 0 || g.mentions[a]!.nodes.some((n) => /[!?]$/.test(n.name)))))) return;
    // A note's arrow ("X directed -> written by?", "X cast → other films") leads to the next step, as a dash does.
    if (i === 0 || /[.?!;:,]\s|\s[-–—]+\s|^[-–—]+\s|\s(?:[-–—=]+>|→)\s/.test(gap)) out.push(i);
  });
  return out;
}

/** The request verbs that open a clause ("…, list them"; "…; name the people who wrote them"): they ask, and say nothing about the graph. */
export function clauseRequests(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number[] {
  // The main clause after a condition opens the question as the first word would ("given the cast of
  // X, return the screenwriters of …").
  const main = conditionEnd(g, inAnchor);
  return clauseStarts(g, inAnchor)
    .map((k) => requestAt(g.tokens, inAnchor, k, ctx, k === 0 || k === main))
    .filter((i) => i >= 0);
}

/**
 * The answer phrase: the first wh-word (or an opening request verb), and when it takes a noun,
 * the head of the nouns right after it, stopping at the first word that is not a noun:
 * "what are the languages spoken in …" → [what, languages]; "who directed …" → [who];
 * "List the cast of …" → [list, cast]. The other nouns of the run modify the head and stay
 * ordinary words ("what film genre" → genre).
 */
export function answerPhrase(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number[] {
  const tokens = g.tokens;
  // A wh-word inside a name is the name's ("The Man Who Came to Dinner"); one right after a noun is
  // a relative pronoun, which refers back to that noun ("genres the person who directed X has
  // worked in": the question asks for genres, not for the person).
  const whAt = (from: number): number => tokens.findIndex((t, i) => i >= from && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm)) && !inAnchor(i) && !relativePronoun(g, i, inAnchor, ctx) && !orTag(g, i, inAnchor));
  // Round 22 (words22a): a topic set apart before the question is no part of what is asked (`topicOf`).
  const topic = topicOf(g, ctx);
  let at = whAt(Math.max(conditionEnd(g, inAnchor), topic?.end ?? 0));
  // A wh-word right after a preposition opens a clause that is the preposition's object ("obsessed
  // with how X was shot"): when a later clause opens with a wh-word of its own ("…, like what other
  // films did that director do"), that one asks.
  if (at > 0 && isStopWord(tokens[at - 1]!.norm) && RELATIVE_PREPOSITIONS.has(tokens[at - 1]!.norm) && !inAnchor(at - 1)) {
    const later = whAt(at + 1);
    if (later > at && clauseStarts(g, inAnchor).some((k) => at < k && k <= later)) at = later;
  }
  const request = clauseRequests(g, inAnchor, ctx)[0] ?? -1;
  if (request >= 0 && (at < 0 || request < at)) at = request;
  // "more films from …", "other scripts by …": the question is the noun phrase the determiner opens
  // (a later wh-word is a relative pronoun: "the person who directed X").
  if (OPENING_OTHER.has(tokens[0]?.norm ?? '') && !inAnchor(0) && at !== 0) at = 0;
  // A step list asks in its last step ("who directed X, and in which years did that director's films
  // come out"; "find the writer of X, then the years their films were released"): the earlier steps
  // are the way there, their wh-word or request an intermediate answer.
  let asRequest = at >= 0 && at === request;
  // Round 19 (words19b): a later sentence of what the speaker wants, pointing back, asks (`wantedNext`).
  const wanted = at >= 0 ? wantedNext(g, inAnchor, at, ctx) : -1;
  if (wanted > at) {
    // Its object's head, past its determiners ("their other films"): what is asked.
    let j = wanted + 1;
    while (j < tokens.length && !inAnchor(j) && (DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
    let head = -1;
    for (; j < tokens.length && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm); j++) head = j;
    if (head >= 0) return [wanted, head];
  }
  // What the speaker wants, said anywhere ("…, and now I need everything else its director made"), asks
  // as a request does when nothing else asks.
  if (at < 0) {
    const want = tokens.findIndex((t, k) => k > 0 && SPEAKER_SUBJECTS.has(t.norm) && !inAnchor(k) && requestAt(tokens, inAnchor, k, ctx, false) === k + 1);
    if (want > 0) {
      at = want + 1;
      asRequest = true;
    }
    // Round 20 (words20): "we're doing … and need the N of …": the speaker's wanting after "and" (`conjoinedWant`).
    const joined = want > 0 ? -1 : conjoinedWant(g, inAnchor, ctx);
    if (joined > 0) {
      at = joined;
      asRequest = true;
    }
  }
  const step = at >= 0 ? lastStep(g, inAnchor, ctx) : -1;
  if (step > at) {
    const p = RELATIVE_PREPOSITIONS.has(tokens[step]!.norm) && !inAnchor(step) ? step + 1 : step;
    const r = requestAt(tokens, inAnchor, step, ctx);
    if (WH_WORDS[tokens[p]!.norm] !== undefined || NOUN_TAKING.has(tokens[p]!.norm)) {
      at = p;
      asRequest = false;
    } else if (r >= 0) {
      at = r;
      asRequest = true;
    } else {
      let j = step;
      while (j < tokens.length && !inAnchor(j) && (DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
      if (j < tokens.length && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm)) return [j, j];
    }
  }
  // Round 20 (words20c): a question of degree the graph cannot answer, then one it can ("how long has X
  // been directing, what years did their films come out": `answerableLater`).
  if (at >= 0 && !asRequest) at = answerableLater(g, inAnchor, at, clauseStarts(g, inAnchor), (w) => attributeType(w, ctx)?.labels ?? [], ctx);
  // So does a later clause opened by one with no noun after it ("X - more by the same director"):
  // the note's topic, then what is asked of it.
  if (at < 0) at = clauseStarts(g, inAnchor).find((k) => k > 0 && otherOpening(g, k, inAnchor, ctx)) ?? -1;
  // So does one that is a verb's object ("… and wants more from the same director"): the object is
  // what is asked, whatever the subject.
  if (at < 0) at = tokens.findIndex((t, k) => k > 0 && otherOpening(g, k, inAnchor, ctx) && !inAnchor(k - 1) && !isStopWord(tokens[k - 1]!.norm) && !AUXILIARIES.has(tokens[k - 1]!.norm) && ctx.meaning.isVerbForm(tokens[k - 1]!.norm));
  // Round 22 (words22a): "other N" after the topic, or after "the same N" / "that N", asks for N (`topicOther`).
  if (at < 0 && (topic || sameOne(g, ctx) >= 0)) {
    const other = topicOther(g, inAnchor, topic?.end ?? g.mentions[g.anchors[0]!]!.tokenEnd, ctx);
    if (other.length > 0) return other;
  }
  if (at < 0) {
    // Round 21 (words21a): a third party's wanting asks for its object (`wantedObject`, clauses.ts).
    const wantedHead = wantedObject(g, inAnchor, ctx);
    if (wantedHead >= 0) return [wantedHead, wantedHead];
    // Round 20 (words20b): "only V … or other N" asks for N, the values V is one of (`onlyValues`).
    const only = onlyValues(g, inAnchor, ctx);
    if (only?.head !== undefined) return [only.head, only.head];
    // A noun with "please" after it is a request for it ("are they English or what? the languages
    // please"), when the noun names a label of the graph.
    const please = tokens.findIndex((t, i) => t.norm === 'please' && i > 0 && !inAnchor(i - 1) && !isStopWord(tokens[i - 1]!.norm) && ctx.meaning.isNoun(tokens[i - 1]!.norm) && labelsNamed(tokens[i - 1]!.norm, ctx).length > 0);
    if (please > 0) return [please - 1, please - 1];
    // The agent a note's passive leaves for the answer is asked outright ("? "), before any noun phrase.
    const by = g.tokens.findIndex((_, i) => strandedAgent(g, i, inAnchor, ctx));
    if (by >= 0) return [by];
    const listed = contentOf(g, inAnchor, ctx);
    if (listed >= 0) return [listed, listed];
    const np = nounPhraseQuestion(g, inAnchor, ctx);
    // Round 22 (words22a): the topic's own noun is not what is asked of it.
    if (topic && np < topic.end) return [];
    return np >= 0 ? [np, np] : [];
  }
  const opener = tokens[at]!.norm;
  if (!NOUN_TAKING.has(opener) && !asRequest && !(at === 0 && OPENING_OTHER.has(opener))) return [at];
  // "which one(s)" points back: the noun it stands for is the last one before it naming a label of
  // the graph ("place X within a genre, which one does it belong to": which genre).
  // So does a request's pronoun object ("does X direct in English or other languages? list them").
  // So does "which is it" ending the question: "is it" points back at what was just offered ("whether
  // X is in English or some other language, which is it": which language).
  const isIt = opener === 'which' && BE.has(tokens[at + 1]?.norm ?? '') && BACK_PRONOUNS.has(tokens[at + 2]?.norm ?? '') && at + 3 === tokens.length && !inAnchor(at + 1) && !inAnchor(at + 2);
  // "who are they" ending the question points back at the people just named ("the cast of X is great,
  // who are they"): the last noun before it naming a relation that reaches people is what is asked.
  if (opener === 'who' && BE.has(tokens[at + 1]?.norm ?? '') && THEY.has(tokens[at + 2]?.norm ?? '') && at + 3 === tokens.length && !inAnchor(at + 1) && !inAnchor(at + 2)) {
    for (let k = at - 1; k >= 0 && k >= at - ANAPHOR_REACH; k--) if (!inAnchor(k) && !isStopWord(tokens[k]!.norm) && ctx.meaning.isNoun(tokens[k]!.norm) && relevanceOf(tokens[k]!.norm, ctx, false).relational >= RANK_WEIGHTS.faint) return [at, k];
  }
  if ((ONE.has(tokens[at + 1]?.norm ?? '') || (at === request && THEM.has(tokens[at + 1]?.norm ?? '')) || isIt) && !inAnchor(at + 1)) {
    for (let k = at - 1; k >= 0 && k >= at - ANAPHOR_REACH; k--) if (!inAnchor(k) && ctx.meaning.isNoun(tokens[k]!.norm) && labelsNamed(tokens[k]!.norm, ctx).length > 0) return [at, k];
    return [at];
  }
  // What is on a list of N is an N: "what's on the list of films they've directed" asks for films
  // (the content noun says in what form, `contentOf`).
  if (opener === 'what') {
    let j = at + 1;
    while (j < tokens.length && !inAnchor(j) && (BE.has(tokens[j]!.norm) || tokens[j]!.norm === '')) j++;
    const listed = CONTAINING.has(tokens[j]?.norm ?? '') && !inAnchor(j) ? contentOf(g, inAnchor, ctx) : -1;
    if (listed > j && listed <= j + 6 && tokens.slice(j + 1, listed).every((t, d) => !inAnchor(j + 1 + d) && (DETERMINERS.has(t.norm) || QUANTIFIERS.has(t.norm) || t.norm === 'of' || ctx.meaning.isContent(t.norm)))) return [at, listed];
  }
  // Round 20 (words20): "what is the name of the person who …", "need the name of …": the N is asked (`nameOf`).
  const named = nameOf(g, at + 1, inAnchor, ctx);
  if (named > 0) return [at, named];
  // A partitive ("which of their films", "which of the movies") asks for the noun after "of".
  const from = tokens[at + 1]?.norm === 'of' && !inAnchor(at + 1) && PARTITIVE.has(tokens[at + 2]?.norm ?? '') && !inAnchor(at + 2) ? at + 2 : at;
  let head = -1;
  for (let i = from + 1; i < tokens.length && i <= from + 6; i++) {
    if (inAnchor(i)) break;
    const w = tokens[i]!.norm;
    // Nouns joined by "and"/"or" are heads alike ("what ideas and motifs"): the last one stands as
    // the head, the others are answer words too (`conjunct`).
    if (head >= 0 && CONJUNCTIONS.has(w) && tokens[i + 1] && !inAnchor(i + 1) && !isStopWord(tokens[i + 1]!.norm) && ctx.meaning.isNoun(tokens[i + 1]!.norm)) continue;
    if (isStopWord(w) || AUXILIARIES.has(w) || (head < 0 && BRIDGE.has(w))) {
      if (head >= 0 || !BRIDGE.has(w)) break;
      continue;
    }
    if (!ctx.meaning.isNoun(w)) break;
    if (head >= 0 && ctx.meaning.pluralSubjectThenVerb(tokens[head]!.norm, w)) break;
    // A word joined by a hyphen to a word that is no noun is a prefix of it ("co-starred"), not a noun.
    const after = tokens[i + 1];
    if (after && g.question.slice(tokens[i]!.end, after.start) === '-' && !ctx.meaning.isNoun(after.norm)) break;
    // A possessive noun is a determiner of the noun after it: a request asks for that noun ("find me
    // the director's other films"), a wh-word for the possessor ("which writers' scripts have they
    // directed": which writers).
    if (after && !inAnchor(i + 1) && /['’]s?$/.test(g.question.slice(tokens[i]!.start, Math.min(tokens[i]!.end + 1, after.start)).trimEnd())) {
      if (NOUN_TAKING.has(opener)) {
        head = i;
        break;
      }
      head = -1;
      continue;
    }
    head = i;
  }
  return head >= 0 ? [at, head] : [at];
}

/**
 * Round 19 (words19b), a question and then what the speaker wants of its answer ("who made X? I want to
 * see their other films", "who wrote X. I need his other scripts"): a later sentence, after the
 * question's mark, in which the speaker wants something (`requestAt`: "I want/need [to V] + a
 * determiner") whose noun phrase points back with a possessive pronoun ("their", "his") is the last
 * step, as "then …" is: the earlier question is the way there. Returns where the wanting's object is
 * asked from, or -1.
 */
export function wantedNext(g: Grounding, inAnchor: (i: number) => boolean, at: number, ctx: RankContext): number {
  const tokens = g.tokens;
  // The mark may stand right after a name ("who made X? I want …"), which `clauseStarts` leaves to the name.
  for (let k = at + 1; k < tokens.length; k++) {
    if (!SPEAKER_SUBJECTS.has(tokens[k]!.norm) || inAnchor(k) || !/[.?!]\s/.test(g.question.slice(tokens[k - 1]!.end, tokens[k]!.start))) continue;
    const r = requestAt(tokens, inAnchor, k, ctx, false);
    if (r !== k + 1 && !(r > k + 1 && tokens[k + 2]?.norm === 'to')) continue;
    const end = clauseStarts(g, inAnchor).find((x) => x > k) ?? tokens.length;
    if (tokens.slice(r + 1, end).some((t, d) => POSSESSIVE_BACK.has(t.norm) && !inAnchor(r + 1 + d))) return r;
  }
  return -1;
}

/**
 * Round 20 (words20b), a value offered with "only" and its alternative ("is X only a horror director or
 * are there other genres in their films", "does X only act in english language films or in others
 * too"): "only V" asks whether V is all there is, and "or … other(s)" after it asks for the rest, so
 * the question asks for the values V is one of — V's label in the graph — not for the things V
 * qualifies (a horror director's films, films in English). V is a name of the graph's (a mention that
 * anchors nothing, after "only", before "or") of a label other than the anchors'; the label is the one
 * a word beside it names ("english language", "other genres": `head`), else every label of V's nodes.
 * Only where nothing else asks (no wh-word, no request): "does X only write thrillers? which genres …"
 * asks by its own wh-phrase.
 */
export function onlyValues(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): { readonly value: number; readonly labels: readonly string[]; readonly head?: number } | undefined {
  const tokens = g.tokens;
  const word = (k: number): string => (k >= 0 && k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '');
  const only = tokens.findIndex((_, k) => word(k) === 'only');
  if (only < 0) return undefined;
  const or = tokens.findIndex((_, k) => k > only && word(k) === 'or');
  if (or < 0) return undefined;
  const other = tokens.findIndex((_, k) => k > or && (OTHER.has(word(k)) || word(k) === 'others' || word(k) === 'else'));
  if (other < 0) return undefined;
  if (tokens.some((t, k) => !inAnchor(k) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm) || REQUESTS.has(t.norm)))) return undefined;
  const anchorLabels = new Set(g.anchors.flatMap((a) => g.mentions[a]!.nodes.map((n) => n.label)));
  const value = g.mentions.findIndex((m, x) => !g.anchors.includes(x) && m.tokenStart > only && m.tokenEnd <= or && m.nodes.some((n) => !anchorLabels.has(n.label)));
  if (value < 0) return undefined;
  const m = g.mentions[value]!;
  const labels = [...new Set(m.nodes.map((n) => n.label).filter((l) => !anchorLabels.has(l)))];
  // A word naming one of V's labels, right after V or after "other", is what is asked.
  for (const k of [m.tokenEnd, other + 1]) {
    const named = word(k) ? labelsNamed(word(k), ctx).filter((l) => labels.includes(l)) : [];
    if (named.length > 0) return { value, labels: named, head: k };
  }
  return { value, labels };
}

/**
 * The last step of a step list: a later clause opened by "then" ("…, then the years …", "…, and then
 * …") or by "and" before a wh-word ("…, and in which years did …"), after an earlier clause that asks
 * (a wh-word or a request) and holds a name. Returns where the step's own words start (past "and" and
 * "then"), or -1.
 */
function lastStep(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  const w = (k: number): string => (k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '\u0000');
  const requests = clauseRequests(g, inAnchor, ctx);
  for (const k of [...clauseStarts(g, inAnchor)].reverse()) {
    if (k === 0) continue;
    let j = k;
    const and = w(j) === 'and';
    if (and) j++;
    const then = w(j) === 'then';
    if (then) j++;
    const p = RELATIVE_PREPOSITIONS.has(w(j)) ? j + 1 : j;
    if (!then && !(and && (WH_WORDS[w(p)] !== undefined || NOUN_TAKING.has(w(p))))) continue;
    const asks = tokens.some((t, i) => i < k && !inAnchor(i) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm))) || requests.some((i) => i < k);
    if (!asks || !g.anchors.some((a) => g.mentions[a]!.tokenStart < k)) continue;
    return j < tokens.length ? j : -1;
  }
  return -1;
}
/** Tokens back from "which one" a noun it stands for may be. */
export const ANAPHOR_REACH = 8;

/** A wh-word right after "or" that ends its clause ("is X more of a comedy writer or what, which
 *  genres …"): a tag on the question before it, asking nothing of its own. */
function orTag(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  if (i === 0 || g.tokens[i - 1]!.norm !== 'or' || inAnchor(i - 1)) return false;
  // The clause it closes is a yes/no question (an auxiliary opens it); in "… could not remember if it
  // was the eighties or the nineties or what, so what's …" it closes an indirect question, and stays.
  const starts = clauseStarts(g, inAnchor);
  const k = starts.filter((x) => x < i).pop() ?? 0;
  if (!AUXILIARIES.has(g.tokens[k]!.norm) || inAnchor(k)) return false;
  return i + 1 >= g.tokens.length || starts.includes(i + 1);
}

/** "more" / "other" opening a clause and standing alone, a preposition after it ("more by …", "others from …"). */
export function otherOpening(g: Grounding, k: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const next = g.tokens[k + 1];
  return !inAnchor(k) && OPENING_OTHER.has(g.tokens[k]!.norm) && next !== undefined && !inAnchor(k + 1) && isStopWord(next.norm) && RELATIVE_PREPOSITIONS.has(next.norm) && !ctx.meaning.isNoun(next.norm);
}

/**
 * A question that is a noun phrase asks for its noun: "movies dealing with X", "films starring X"
 * (its first word a noun whose commonest reading is not a verb), "the screenwriters of X's films"
 * (opened by a determiner or quantifier, with no finite verb after the noun: "the scriptwriter of X
 * also wrote movies" is a sentence, whose subject says nothing of what comes back; a participle,
 * "films directed by X", is no finite verb). Read at each clause's start, the clause farthest from
 * the name first ("X - any other films with the same actors?"). A noun right before a name is the
 * name's title, not the question ("Director X: languages of the films they shot?"). Returns the
 * noun's index, or -1.
 */
function nounPhraseQuestion(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  const noun = (i: number): boolean => i < tokens.length && !inAnchor(i) && !isStopWord(tokens[i]!.norm) && ctx.meaning.isNoun(tokens[i]!.norm);
  const starts = clauseStarts(g, inAnchor);
  const end = (k: number): number => starts.find((x) => x > k) ?? tokens.length;
  let fallback = -1;
  // A keyword query before a colon, nothing but the name after it ("tag search: X"), is a compound
  // noun, and English puts a compound's head last: "search", not "tag" (which names the name's kind).
  const colon = queryColon(g, inAnchor);
  if (colon > 1 && tokens.slice(0, colon).every((_, i) => noun(i))) return colon - 1;
  // So is a command's keywords before the name, nothing after it ("!film year X", "film year X"): the
  // compound's head, last, is asked; the nouns before it modify it.
  const first = Math.min(...g.anchors.map((a) => g.mentions[a]!.tokenStart));
  let lead = 0;
  while (lead < first && tokens[lead]!.norm === '' && !inAnchor(lead)) lead++;
  if (g.anchors.length === 1 && first - lead > 1 && tokens.slice(lead, first).every((_, d) => noun(lead + d)) && tokens.every((t, i) => i < first || inAnchor(i) || !/\p{L}/u.test(t.norm))) {
    // A noun right before the name naming the name's own kind is its title ("!cast writer X": X is a
    // writer, the cast is asked).
    const own = new Set(g.mentions[g.anchors[0]!]!.nodes.map((n) => n.label));
    return labelsNamed(tokens[first - 1]!.norm, ctx).some((l) => own.has(l)) ? first - 2 : first - 1;
  }
  // Fragments tell a story that starts at the name ("X actors, other movies, genres?"; "release
  // years, other films by the director of X"): the one farthest from it is what is asked.
  const names = g.anchors.map((a) => g.mentions[a]!.tokenStart);
  const far = (k: number): number => (names.some((x) => k <= x && x < end(k)) ? -1 : Math.min(...names.map((x) => Math.abs(x - k))));
  // An indefinite pronoun for a thing opening the question ("anything tagged X?") is its head: a thing.
  if (THING_PRONOUNS.has(tokens[0]?.norm ?? '') && !inAnchor(0) && tokens.length > 1) return 0;
  for (const k of [...starts].sort((a, b) => far(b) - far(a) || a - b)) {
    // A clause of one word is a noun phrase whatever else the word can be ("X director, other films,
    // cast": cast is the noun, not the verb — a bare verb asks nothing).
    // So is a word with "of" after it ("cast of other films by …"): a verb takes its object without one.
    if (noun(k) && (!ctx.meaning.isVerbForm(tokens[k]!.norm) || (end(k) === k + 1 && k > 0) || (tokens[k + 1]?.norm === 'of' && !inAnchor(k + 1))) && tokens.length > 1) {
      if (inAnchor(k + 1) && k + 1 < end(k)) {
        if (k === 0) fallback = k;
        continue;
      }
      // A later clause of nouns only is a compound, its head last ("X (dir.) - film langs": the
      // languages), when that noun names a label of the graph.
      const last = end(k) - 1;
      if (k > 0 && last > k && tokens.slice(k + 1, end(k)).every((_, d) => noun(k + 1 + d)) && labelsNamed(tokens[last]!.norm, ctx).length > 0) return last;
      return k;
    }
    let j = k;
    while (j < k + 3 && j < tokens.length && !inAnchor(j) && (DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
    // A later clause may be the noun phrase alone ("X dir. -> other titles"); the first needs more after it.
    if (j === k || (j + 1 >= tokens.length && k === 0) || !noun(j)) continue;
    // A participle is no finite verb ("films written by X"), nor a past form the agent's "by" follows ("films made by X").
    const finite = tokens.some((t, i) => i > j && i < end(k) && !inAnchor(i) && (AUXILIARIES.has(t.norm) || (!ctx.meaning.isParticiple(t.norm) && !(tokens[i + 1]?.norm === 'by' && !inAnchor(i + 1)) && !isStopWord(t.norm) && ctx.meaning.isVerbForm(t.norm))));
    // A subject pronoun right after the noun opens a relative clause without its "that" ("X writer -
    // other films they wrote?": the films they wrote): its verb is the clause's, the whole a noun phrase.
    if (!finite || (k > 0 && SUBJECT_PRONOUNS.has(tokens[j + 1]?.norm ?? ''))) return j;
  }
  // A name inside "of" after a noun naming a label is that noun's complement ("want the genres of X's
  // films"): the noun heads the phrase, not the nouns after the name (read only where those nouns would
  // be: "the scriptwriter of X also wrote movies" is a sentence).
  const ofName = g.anchors.map((a) => g.mentions[a]!.tokenStart).map((x) => {
    let j = x - 1;
    while (j > 0 && !inAnchor(j) && DETERMINERS.has(tokens[j]!.norm)) j--;
    return j > 0 && tokens[j]!.norm === 'of' && !inAnchor(j) && noun(j - 1) && labelsNamed(tokens[j - 1]!.norm, ctx).length > 0 ? j - 1 : -1;
  }).find((j) => j >= 0);
  const afterName = nounsAfterName(g, inAnchor, ctx, end);
  if (afterName < 0) {
    const ofHead = nounOfAfterName(g, inAnchor, ctx, end);
    if (ofHead >= 0) return ofHead;
  }
  if (ofName !== undefined && afterName >= 0) return ofName;
  return afterName >= 0 ? afterName : fallback;
}

/**
 * Round 19 (words19b), a name and then "N of …" ("X genre of movies they do", "X languages of the films
 * they wrote"): English heads "N of M" by N, whatever the "of" phrase holds after it (a noun, a clause
 * without its "that"), so N is what is asked — the name, its topic, opening the question, nothing
 * before it but the name. Returns N's index, or -1.
 */
function nounOfAfterName(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext, end: (k: number) => number): number {
  const tokens = g.tokens;
  if (g.anchors.length !== 1) return -1;
  const m = g.mentions[g.anchors[0]!]!;
  if (tokens.slice(0, m.tokenStart).some((t) => /\p{L}/u.test(t.norm))) return -1;
  const from = m.tokenEnd;
  const noun = (i: number): boolean => i < tokens.length && !inAnchor(i) && !isStopWord(tokens[i]!.norm) && !AUXILIARIES.has(tokens[i]!.norm) && ctx.meaning.isNoun(tokens[i]!.norm);
  let i = from;
  while (noun(i)) i++;
  if (i === from || i >= end(from) || tokens[i]!.norm !== 'of' || inAnchor(i)) return -1;
  let j = i + 1;
  while (j < tokens.length && !inAnchor(j) && (DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
  return noun(j) ? i - 1 : -1;
}

/**
 * A name followed by nouns only is a noun phrase whose head is its last noun ("X director", "X
 * score": English puts a compound's head last, the name modifying it); when a determiner or
 * quantifier opens a second noun phrase after it ("X writer other scripts"), that one, farthest from
 * the name, is what is asked, as with clauses. Read only when nothing but nouns follows the name up
 * to its clause's end. Returns the head's index, or -1.
 */
function nounsAfterName(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext, end: (k: number) => number): number {
  const tokens = g.tokens;
  const word = (i: number): boolean => !inAnchor(i) && !isStopWord(tokens[i]!.norm) && !AUXILIARIES.has(tokens[i]!.norm) && ctx.meaning.isNoun(tokens[i]!.norm);
  for (const a of g.anchors) {
    const from = g.mentions[a]!.tokenEnd;
    const to = Math.min(end(from), tokens.length);
    if (from >= to || !word(from)) continue;
    let head = -1;
    let ok = true;
    for (let i = from; i < to; i++) {
      if (word(i)) head = i;
      else if (QUANTIFIERS.has(tokens[i]!.norm) || DETERMINERS.has(tokens[i]!.norm)) continue;
      else {
        // A relative clause without its pronoun, its preposition left at the end, still leaves the
        // noun before it the head ("X directors worked with": the directors X worked with).
        ok = head >= 0 && !isStopWord(tokens[i]!.norm) && !ctx.meaning.isNoun(tokens[i]!.norm) && ctx.meaning.verbSenses(tokens[i]!.norm) > 0 && i + 1 < to && tokens.slice(i + 1, to).every((t) => isStopWord(t.norm));
        break;
      }
    }
    // A head of content ("X movies list", "X cast details") says in what form the answer comes: the
    // noun before it is what is asked (`contentHead`).
    if (ok && head >= 0) return contentHead(g, head, inAnchor, ctx) ? head - 1 : head;
  }
  return -1;
}

/**
 * "a list of every actor …", "the details of the films …": a noun of content (`WordMeaning.isContent`)
 * with "of" after it says in what form the answer comes; the noun after "of" (past determiners and
 * quantifiers) is what is asked, when nothing else asks (no wh-word, no request). Returns its index, or -1.
 */
export function contentOf(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (inAnchor(k) || tokens[k + 1]!.norm !== 'of' || inAnchor(k + 1) || isStopWord(tokens[k]!.norm) || !ctx.meaning.isContent(tokens[k]!.norm)) continue;
    // A noun before it names what the content holds, "of" whose it is ("the cast lists of films
    // written by X": lists of the cast), as in a compound after a name ("X cast details").
    const before = tokens[k - 1];
    if (before && !inAnchor(k - 1) && !isStopWord(before.norm) && ctx.meaning.isNoun(before.norm) && relevanceOf(before.norm, ctx, false, true, true).relevance >= RANK_WEIGHTS.floor) return k - 1;
    let j = k + 2;
    while (j < tokens.length && !inAnchor(j) && (DETERMINERS.has(tokens[j]!.norm) || QUANTIFIERS.has(tokens[j]!.norm))) j++;
    if (j < tokens.length && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm) && relevanceOf(tokens[j]!.norm, ctx, false, true, true).relevance >= RANK_WEIGHTS.floor) return j;
  }
  return -1;
}

/**
 * The last noun of a compound whose commonest sense is a kind of content (`WordMeaning.isContent`:
 * "list", "details", "credits"), not naming the graph outright, after a noun that names something in
 * it ("X movies list", "X cast details"): the compound asks for what the noun before names; the head
 * asks as "list" does as a verb, and says nothing of the chain.
 */
export function contentHead(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[i];
  const before = g.tokens[i - 1];
  if (!t || !before) return false;
  // The noun before as the question writes it: "X directorial credits" (an adjective, read elsewhere as "director") asks for the credits.
  const written = g.question.slice(before.start, before.end).toLowerCase();
  if (inAnchor(i) || inAnchor(i - 1) || isStopWord(before.norm) || !ctx.meaning.isNoun(before.norm) || !ctx.meaning.isNoun(written) || !ctx.meaning.isContent(t.norm)) return false;
  if (relevanceOf(t.norm, ctx, false, true, true).relevance >= NAMES) return false;
  return relevanceOf(before.norm, ctx, false, true, true).relevance >= RANK_WEIGHTS.floor;
}

/**
 * A question opened by a condition ("if I like how X writes, which movies did they write", "if my
 * friend says she liked X, which genre is she into") asks in its main clause: the "if" clause sets
 * the scene. Returns where the main clause starts (the next clause), or 0 when the question opens
 * otherwise or has no clause after the condition. The condition's verbs say nothing of the chain
 * (`conditionVerb`) — except the name's own verb, when the main clause does not say it again ("if X
 * writes it, who's in it?"); its nouns still may ("if I liked one film by the director X, …").
 */
export function conditionEnd(g: Grounding, inAnchor: (i: number) => boolean): number {
  if (!CONDITIONS.has(g.tokens[0]?.norm ?? '') || inAnchor(0)) return whenClauseEnd(g, inAnchor);
  return clauseStarts(g, inAnchor).find((k) => k > 0) ?? 0;
}

/**
 * Round 19 (words19b), a clause of time opening the question ("when X directs, what kind of films come
 * out of it", "whenever X takes a role, which writers …"): "when" with a subject right after it (the
 * name or a subject pronoun), not an auxiliary or a verb (a question's "when did X …", "when was X …"),
 * is the conjunction, not the wh-word — the clause sets the scene as "if" does, and the next clause,
 * holding a wh-word of its own, asks. Returns where that clause starts, or 0.
 */
function whenClauseEnd(g: Grounding, inAnchor: (i: number) => boolean): number {
  if (!TIME_CONDITIONS.has(g.tokens[0]?.norm ?? '') || inAnchor(0)) return 0;
  if (!(inAnchor(1) || (SUBJECT_PRONOUNS.has(g.tokens[1]?.norm ?? '') && g.tokens[1]!.norm !== 'you'))) return 0;
  const k = clauseStarts(g, inAnchor).find((x) => x > 1) ?? 0;
  return k > 0 && g.tokens.slice(k).some((t, d) => !inAnchor(k + d) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm))) ? k : 0;
}

/**
 * A note's passive with its agent left for the answer ("X directed -> written by?", "X scripts ->
 * directed by?"): "by" right after a participle, with only a question mark after it, is "by whom" —
 * it asks for the agent, a person, and its verb names the last hop (as in `lastHopWords`).
 */
export function strandedAgent(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[i]!;
  const verb = g.tokens[i - 1];
  return t.norm === 'by' && !inAnchor(i) && verb !== undefined && !inAnchor(i - 1) && ctx.meaning.verbSenses(verb.norm) > 0 && !ctx.meaning.isNoun(verb.norm) && /^\s*\?/.test(g.question.slice(t.end));
}

/**
 * A wh-word is a relative pronoun when a noun stands right before it, with nothing between but a
 * space ("the people who were in X"): English puts the question's own wh-word first or after a
 * verb or preposition ("X, who directed it", "directed by whom"), never straight after a noun.
 */
function relativePronoun(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const spaced = (a: number, b: number): boolean => /^\s+$/.test(g.question.slice(g.tokens[a]!.end, g.tokens[b]!.start));
  const nounAt = (j: number): boolean => {
    const t = g.tokens[j];
    return t !== undefined && !inAnchor(j) && !isStopWord(t.norm) && !AUXILIARIES.has(t.norm) && ctx.meaning.isNoun(t.norm) && !ctx.meaning.isVerbForm(t.norm);
  };
  if (!RELATIVE.has(g.tokens[i]!.norm) || i === 0 || inAnchor(i - 1) || !spaced(i - 1, i)) return false;
  // Round 20 (words20): "who" after a noun that is no person opens an indirect question ("no clue who directed it").
  if (notPersonAntecedent(g, i, ctx)) return false;
  // A relative pronoun opens a clause: one that ends the question asks ("X co-wrote movies with who").
  const next = g.tokens[i + 1];
  if (next === undefined || /[.?!;:]/.test(g.question.slice(g.tokens[i]!.end, next.start))) return false;
  // Not an adverb opening the clause ("…, so who wrote …": "so" is a noun too, the note).
  if (nounAt(i - 1) && !ctx.meaning.isAdverb(g.tokens[i - 1]!.norm)) return true;
  // Round 20 (words20c): a noun after a determiner, though a verb as often ("an interview where …": `determinedNoun`).
  if (determinedNoun(g, i - 1, inAnchor, ctx)) return true;
  // The pronoun "one" after a determiner heads a relative clause as a noun does ("the one who wrote X, …").
  if (ONE.has(g.tokens[i - 1]!.norm) && i >= 2 && !inAnchor(i - 2) && DETERMINERS.has(g.tokens[i - 2]!.norm)) return true;
  // A preposition between ("Years in which a film … came out", "the films in which X had a role"),
  // unless the wh-word takes a noun of its own: "X's films came out in which years" asks.
  const takesNoun = next !== undefined && !inAnchor(i + 1) && !isStopWord(next.norm) && !DETERMINERS.has(next.norm) && ctx.meaning.isNoun(next.norm);
  return RELATIVE_PREPOSITIONS.has(g.tokens[i - 1]!.norm) && i >= 2 && spaced(i - 2, i - 1) && nounAt(i - 2) && !takesNoun;
}
