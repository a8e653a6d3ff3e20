import { isStopWord, lemmasOf, STOP_WORDS } from '../embed/lexicon/normalize';
import { describeShape } from './describe';
import { answerCount, type Candidate, type CandidateShape, type Step } from './enumerate';
import type { Grounding } from './ground';
import type { TypeResolution } from '../retrieve/labels';
import { bestOf, memberNamed, scalesAskedBy, SUBJECT_PREPOSITIONS, valueNamed, WH_WORDS, type TermWords, type Vocabulary, type WordMeaning } from './meaning';
import { compoundHeadOf, everForm, headRead, heldOrInflected, onlySlip, slipRead } from './typed';
import { attributeNounScales, attributeType, conjoinedWant, diaryVerb, headComplement, idiomAdverbs, itsStandIn, madeThings, nameOf, notPersonAntecedent, personIn, predicateKind, round20, slipsOf, unknownImperative, valueMentions } from './everyday';
import { clauseNote, storyClauses, wantedObject } from './clauses';
import { FAINT, FLOOR, NAMES } from './levels';
import { answerableLater, determinedNoun, fellowStem, round21bWeak, topicThenQuestion } from './twoHop';

/** The ranker's weights. Chosen by reasoning, then checked on our own varied question set. */
export const RANK_WEIGHTS = {
  /** Relatedness below this is noise (a hypernym of a hypernym, a definition word), counted
   *  as 0. Measured on MetaQA dev and our own set: 0.25 and 0.35 let weak links pull in extra hops;
   *  0.45 and 0.5 score alike. */
  floor: FLOOR,
  /** A schema-like question word the candidate leaves unexplained costs its relevance × this. */
  skip: 1,
  /** A hop no question word speaks for. */
  uncoveredHop: 0.6,
  /** Per hop: with equal evidence the shorter query wins. */
  hop: 0.05,
  /** A grounded anchor the candidate ignores, × the mention's score. */
  ignoredAnchor: 1.5,
  /** The anchor's own mention score, × this (ties between readings of the question). */
  anchor: 0.1,
  /** A candidate whose answers are not of the type the question asks for ("which films" ending
   *  on a Person): more than any one word's evidence, so returning more never makes up for it. */
  answerType: 1.5,
  /** A word that asks for words ("words", "terms", "describe": WordNet) and a label whose members are
   *  common words (the graph): above the floor, below naming — loose evidence, so a choice resting on
   *  it stays weak (`weakEvidence`). */
  members: 0.6,
  /** An anchor node whose name is written exactly as the question writes it, capitals included, when
   *  another node of the same mention differs only in case ("jonathan silverman" the tag, not
   *  "Jonathan Silverman" the person): a tie-break, far below any word's evidence. */
  spelling: 0.05,
  /** A relation whose every word link is below this (just over the floor: a hypernym two steps up,
   *  a definition word) is spoken for faintly: the choice may rank first but is never a match. */
  faint: FAINT,
} as const;

/**
 * What the question asks for, read from its answer phrase by the type-word rules GSD uses
 * (`WordMeaning.typeOf`): the head noun ("which films" → Movie, "what kinds" → Genre), else the
 * wh-word's nouns ("who" → person → Person, "when" → date/year → Year).
 */
export interface AskedType {
  /** The question word it was read from ("kinds", "who"). */
  readonly word: string;
  readonly labels: readonly string[];
  /** 'none': the question asks for a kind of thing the graph has no label for (no candidate fits). */
  readonly how: TypeResolution['how'];
  /** Read from the sentence, not from a word naming the labels ("what" as an object: not a person):
   *  it rules labels out but is no word's evidence for the ones left. */
  readonly byExclusion?: boolean;
  /** Labels asked for only because their members are common words and the answer noun asks for words. */
  readonly byMembers?: readonly string[];
  /** "other N" with N read as no type: things of the anchor's own kind, other than it ("name other
   *  scripts by the writer of X" asks for films like X). Each candidate's anchor label is the type. */
  readonly sameAsAnchor?: boolean;
  readonly detail: string;
}

/** One question word and what the candidate made of it. */
export interface WordMatch {
  readonly word: string;
  /** What it was matched to: "relation directed_by", "label Movie", or "unexplained". */
  readonly slot: string;
  readonly similarity: number;
  /** Why, when the link is not the word's own but what the slot's members are (the loose reading). */
  readonly via?: string;
}

export interface RankedCandidate {
  readonly candidate: Candidate;
  readonly score: number;
  /** Share of the question's schema evidence the candidate explains, in [0, 1]. */
  readonly fit: number;
  readonly matches: readonly WordMatch[];
  /** The label the candidate's answers have, and whether it is the type the question asks for. */
  readonly answerLabel: string;
  readonly answerFits: boolean | undefined;
  /** Relations of the candidate no question word speaks for (graph structure alone chose them). */
  readonly unspoken: readonly string[];
  /** Relations only the answer phrase speaks for, loosely ("what words …" → in_language): what comes back, not how. */
  readonly answerOnly: readonly string[];
  /** Hops back along the relation just named that no word names: the shape implies them ("share
   *  directors with"), but a word the graph's names do not know may have meant another relation. */
  readonly impliedOnly: readonly string[];
  /** Relations spoken for only through what the members of their range are ("describe" → has_tags,
   *  Tag's members being common words), and whether the answers fit the asked type only so. */
  readonly byMembers: readonly string[];
  readonly fitsByMembers: boolean;
  /** Relations whose only word links are faint (below `RANK_WEIGHTS.faint`), in words ("dealing" → starred_actors 0.45). */
  readonly faint: readonly string[];
  /** Of `byMembers`, the relations spoken for only by a word that is one of their range's values ("good" → has_imdb_rating). */
  readonly byValues: readonly string[];
  /** Of `byMembers`, the relations spoken for only by a word naming a member of their closed-class range ("comedy" → has_genre). */
  readonly byNames: readonly string[];
  /** Hops back that only the shape implies, through a value of a scale (`Vocabulary.valueLabels`):
   *  things sharing one of three values are no relation between them ("Votes (3 values)"). */
  readonly throughScale: readonly string[];
  /** Anchors whose node is spelled exactly as the question writes them, where the mention has nodes spelled otherwise. */
  readonly spelledAsWritten: readonly string[];
  /** Words matched to a relation in a rarer sense (`rareReading`), each with the sense, in words. */
  readonly rareSenses: readonly string[];
  /** Words that name a relation outright (relatedness ≥ 0.8) and that the candidate leaves unexplained. */
  readonly unexplainedNames: readonly string[];
  /** Relations spoken for only loosely (every word link below `NAMES`, above the faint line), in words. */
  readonly loose: readonly string[];
  /** A candidate with fewer hops from the same anchors also returns the asked type. */
  readonly shorterFits: boolean;
  /** The head of what is asked, a word naming nothing in the graph, where no type is read ("timeline of films directed by X"). */
  readonly unknownHead?: string;
  /** Words of the question the lexicon does not know, when there are several (`UNKNOWN_WORDS`): the
   *  sentence is partly in words the ranker cannot read ("the movies X directed, quiénes actúan en ellas"). */
  readonly unknownWords?: readonly string[];
  /** A word naming relations outright is read only as a label, and none of them is where it would
   *  speak (`labelOnlyName`), in words. */
  readonly labelOnly?: string;
  /** Round 21 (words21b): why the evidence is too thin for a match, from the chain's shape or the sentence (`round21bWeak`). */
  readonly weak21b?: string;
  /** Round 21 (words21a): which clause was read as the question and which as the story (`clauseNote`), in words. */
  readonly clauses?: string;
}

interface QuestionWord {
  readonly word: string;
  readonly index: number;
  /** What a wh-word stands for ("who" → person); undefined for ordinary words. */
  readonly wh?: readonly string[];
  /** How schema-like the word is (its best relatedness to any relation or label). */
  readonly relevance: number;
  /** Its best relatedness to any relation alone. */
  readonly relational: number;
  /** Position in the answer phrase, head noun first (0), the wh-word last; undefined outside it. */
  readonly answer?: number;
  /** The answer phrase's head noun ("films" in "which films …"). */
  readonly head?: boolean;
  /** Said of things other than the anchor ("the other films by …"): it cannot name the anchor's own slot. */
  readonly other?: boolean;
  /** After "as" ("X worked with as director", "X as a theme"): the role the anchor plays, so it can
   *  name only the anchor's own hop (`asRole`). */
  readonly role?: boolean;
  /** A noun with the prefix "co-" ("co-writers", "cowriters", "co writers"): the word is its stem, and
   *  it names those who share the stem's role with the anchor — other than it, out and back along the
   *  relation the stem names (`coStems`). */
  readonly co?: boolean;
  /** The scales an evaluative word asks for ("how popular", "think": `scalesAskedBy`), and why. */
  readonly scales?: { readonly labels: readonly string[]; readonly why: string };
  /** A rarer sense that meets the graph's names, for a word whose common senses name nothing (`rareReading`). */
  readonly rare?: { readonly relations: readonly string[]; readonly why: string };
  /** A closed class one of whose members the word names, for a word that names nothing else (`memberNamed`: "comedy" → Genre). */
  readonly member?: { readonly label: string; readonly value: string };
  /** Says how the answer is reached, so it may name only the chain's last hop (`lastHopWords`): the
   *  verb of a subject wh-phrase ("who wrote the other stuff they've acted in"), the noun of "whose N"
   *  as an object ("whose scripts did the director of X film"). */
  readonly last?: boolean;
  /** Read in its noun senses only: the head of a noun phrase after a determiner (`headNoun`). */
  readonly noun?: boolean;
  /** A noun the name modifies ("X's director", "the X director"): said of the anchor, so it names only
   *  the anchor's own hop or what that hop reaches (`owned`). */
  readonly owned?: boolean;
  /** The verb of a relative clause without "that" ("the films the writer of X wrote", "the films they
   *  wrote"): it says how its subject reaches the noun the clause modifies, so it names a hop at or
   *  before the one that noun stands at, never one past it (`contactVerb`). */
  readonly contact?: boolean;
  /** Round 19 (words19): the answer head's complement after "of" ("what kinds of films"): the things the
   *  head is of, so it names the label the last hop starts from (`headComplement`). */
  readonly complement?: boolean;
  /** A wh-word of an earlier step ("who made X? I want to see their other films"): it says what that
   *  step reaches, a label the chain passes through, not what comes back (`stepWords`). */
  readonly step?: boolean;
  /** Round 20 (words20b): "by" after a noun, before the anchor ("movies by X"): the relations whose own
   *  names take an agent with "by" (directed_by, written_by), which it names (`agentBy`). */
  readonly agent?: readonly string[];
}

type Slot = { readonly kind: 'relation'; readonly name: string; readonly hop: number; readonly terms: readonly TermWords[] } | { readonly kind: 'label'; readonly name: string; readonly terms: readonly TermWords[] };

export interface RankContext {
  readonly meaning: WordMeaning;
  readonly vocabulary: Vocabulary;
}

/** The question's words the ranker reads: outside every anchor, content words and wh-words. */
export function questionWords(question: Grounding, ctx: RankContext): QuestionWord[] {
  const g = asRead(question, ctx);
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
  const phrase = answerPhrase(g, inAnchor, ctx);
  const out: QuestionWord[] = [];
  // An opening request ("name", "list", "give") asks; it says nothing about the answer or the chain.
  const bare = phrase.length === 2 && phrase[0] === phrase[1];
  const requests = new Set(clauseRequests(g, inAnchor, ctx));
  const others = otherNouns(g, inAnchor, phrase[0], ctx);
  const last = lastHopWords(g, inAnchor, phrase, requests, ctx);
  const co = coStems(g, inAnchor, ctx);
  g.tokens.forEach((t, index) => {
    if (inAnchor(index) || requests.has(index) || alternative(g, index, inAnchor) || (bare && index === phrase[0]! + 1 && contentHead(g, index, inAnchor, ctx)) || (bare && g.tokens[index + 1]?.norm === 'of' && index + 1 < phrase[0]! && contentOf(g, inAnchor, ctx) === phrase[0]) || POLITENESS.has(t.norm) || co.prefixes.has(index) || commentClause(g, index, inAnchor) || conditionVerb(g, index, inAnchor, ctx) || afterthought(g, index, inAnchor, phrase, requests, ctx) || askerFrame(g, index, inAnchor, phrase, requests, ctx) || askersVerb(g, index, inAnchor, ctx) || aside(g, index, inAnchor, ctx) || embeddingVerb(g, index, inAnchor, phrase, ctx) || excluded(g, index, inAnchor) || purpose(g, index, inAnchor, phrase, ctx) || subordinate(g, index, inAnchor, phrase) || believed(g, index, inAnchor, phrase, ctx) || reporter(g, index, inAnchor, ctx) || round19bUnread(g, index, inAnchor, ctx)) return;
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
      out.push({ word: t.norm, index, ...relevanceOf(t.norm, ctx, g.tokens[index - 1]?.norm === 'how', determined, noun), ...(noun ? { noun: true } : {}), ...(answer !== undefined ? { answer } : {}), ...(phrase.length === 2 && (at === 1 || bare) && at >= 0 ? { head: true } : {}), ...(others.has(index) ? { other: true } : {}), ...(asRole(g, index, inAnchor) || freeRelative(g, index, inAnchor) || demonstrativeRole(g, index, inAnchor, ctx) ? { role: true } : {}), ...(last.has(index) ? { last: true } : {}), ...(answer === undefined && owned(g, index, ctx) ? { owned: true } : {}), ...(answer === undefined && !last.has(index) && contactVerb(g, index, inAnchor, ctx) ? { contact: true } : {}), ...(answer === undefined && headComplement(g, index, phrase, inAnchor) ? { complement: true } : {}) });
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
const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am']);

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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const g = storyClauses(round20(personIn(unknownImperative(diaryVerb(predicateKind(madeThings(makerOf(withPeople(beingInPhrase(beingIn(corrected(collocated(idiomAdverbs(uncompounded(respelled(unabbreviated(unheaded(agoDropped(instructed(addressed(uncontracted(pastTime(commonWords(valueMentions(question, ctx), ctx), ctx)), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx))), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
function readAsAppear(g: Grounding, i: number): boolean {
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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

/** The first word after a colon (a colon and a space), or -1. */
function colonAt(g: Grounding): number {
  return g.tokens.findIndex((t, i) => i > 0 && /^[^\p{L}\p{N}]*:\s/u.test(g.question.slice(g.tokens[i - 1]!.end, t.start)));
}

/** A keyword query before a colon ("show tags: X", "tag search: X"): where the colon's name starts, when nothing but a name follows it; else -1. */
function queryColon(g: Grounding, inAnchor: (i: number) => boolean): number {
  const colon = colonAt(g);
  return colon > 0 && g.tokens.every((t, i) => i < colon || inAnchor(i) || !/\p{L}/u.test(t.norm)) && g.tokens.some((_, i) => i >= colon && inAnchor(i)) ? colon : -1;
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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

/** The graph's labels a type word names by the type-word rules (`WordMeaning.typeOf`): "director" → Person. */
function labelsNamed(word: string, ctx: RankContext): string[] {
  const t = ctx.meaning.typeOf(word, ctx.vocabulary.labelNames, ctx.vocabulary.labelAliases);
  return t && t.how !== 'none' ? t.labels.map((l) => ctx.vocabulary.labelNames[l]!) : [];
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
const DEMONSTRATIVES = new Set(['that', 'this']);

/** The words of the graph's names: its relations' and labels' terms (aliases included). */
function graphWords(ctx: RankContext): string[] {
  return [...ctx.vocabulary.relations.values(), ...ctx.vocabulary.labels.values()].flatMap((terms) => terms.flat());
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
 * A verb and the words after it that English uses as one verb ("which performers turn up in X",
 * "labels people put on X", "who called the shots on X") are read as that verb, as WordNet holds
 * it ("turn_up": appear), not word by word ("turn" met release_year through a turn of events) —
 * unless the verb alone names a relation outright. The words it takes are dropped (an empty token,
 * which no reading uses); never across a name or a punctuation mark.
 */
export function collocated(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
/** Hesitations that may stand beside a repair ("er, directors I mean"). */
const HESITATIONS = new Set(['er', 'erm', 'um', 'uh', 'umm', 'uhh']);

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
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
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
const ARTICLES = new Set(['a', 'an', 'the']);

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
const FREE_RELATIVES = new Set(['whoever', 'whomever', 'whatever', 'whichever']);

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
const BARE_OBJECT_PREPOSITIONS = new Set(['on', 'in', 'at', 'with', 'from', 'of', 'about', 'during', 'under']);

/** English's determiners and possessive pronouns: the word after one is a noun (or its adjective),
 *  so a verb's rarer senses are not read for it ("to the screen": the noun, not "to screen"). */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'my', 'your', 'our']);

/** The token before is a determiner, or the anchor with a possessive 's ("X's screenplays"). */
function afterDeterminer(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const before = g.tokens[i - 1];
  if (!before) return false;
  if (DETERMINERS.has(before.norm)) return true;
  return inAnchor(i - 1) && (/['’]s$/i.test(g.question.slice(before.start, before.end)) || /^['’]/.test(g.question.slice(before.end)));
}

/** "else" says the thing asked for is other than what was named ("what else did X direct"): the
 *  chain never returns its anchor, so it adds nothing to read, and it is no word about the graph. */
const OTHER_THAN = new Set(['else']);

/** Words that exclude what they qualify from the anchor: "the other films", "another film". */
const OTHER = new Set(['other', 'another']);
/** Opening a question, "more" is "other": "more films from the director of X" are films other than X
 *  (elsewhere it is a comparative: "more popular"). */
const OPENING_OTHER = new Set([...OTHER, 'more']);

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
 * The answer phrase is the object of the clause after it when an auxiliary follows it and then the
 * subject, not a verb: "what has the director of X directed", "which scripts has X written", "what
 * did X act in" — not "which films were directed by X" (passive: the phrase is the subject) nor
 * "who directed X". Returns the auxiliary's (or the verb's) token index.
 */
export function objectQuestion(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): number | undefined {
  if (phrase.length === 0) return undefined;
  const opener = g.tokens[phrase[0]!]!.norm;
  // A request whose object is an indefinite pronoun for a thing: "play me something else with the cast of X".
  if (phrase.length === 1 && clauseRequests(g, inAnchor, ctx).includes(phrase[0]!)) {
    let j = phrase[0]! + 1;
    if (INDIRECT_OBJECTS.has(g.tokens[j]?.norm ?? '')) j++;
    return THING_PRONOUNS.has(g.tokens[j]?.norm ?? '') && !inAnchor(j) ? j : undefined;
  }
  if (opener !== 'what' && opener !== 'which') return undefined;
  // In place after its verb ("X directed what", "X's director made what else"): English leaves an
  // object where it stands in an echo question; a verb before it, not an auxiliary, makes it one.
  const before = phrase[0]! - 1;
  const verb = g.tokens[before];
  if (verb && !inAnchor(before) && !AUXILIARIES.has(verb.norm) && !isStopWord(verb.norm) && (ctx.meaning.isVerbForm(verb.norm) || !ctx.meaning.isNoun(verb.norm))) return before;
  let i = phrase[phrase.length - 1]! + 1;
  if (g.tokens[i]?.norm === 'else') i++;
  const aux = g.tokens[i];
  // "what" with no noun, the subject of a verb, asks for a thing as an object "what" does — English
  // asks for a person with "who" ("what else came from the pen of the writer of X").
  if (aux && opener === 'what' && phrase.length === 1 && !inAnchor(i) && !AUXILIARIES.has(aux.norm) && ctx.meaning.verbSenses(aux.norm) > 0 && (ctx.meaning.isVerbForm(aux.norm) || !ctx.meaning.isNoun(aux.norm))) return i;
  if (!aux || !AUXILIARIES.has(aux.norm)) return undefined;
  const next = g.tokens[i + 1];
  if (!next) return undefined;
  // The subject follows: an anchor, a determiner or possessive pronoun ("what else did its
  // director do"), a noun — not a participle ("were directed").
  if (!inAnchor(i + 1) && !isStopWord(next.norm) && !DETERMINERS.has(next.norm) && !ctx.meaning.isNoun(next.norm)) return undefined;
  return i;
}

/** The type the question asks for, if its answer phrase names one the graph has. */
export function askedType(words: readonly QuestionWord[], ctx: RankContext, object?: { readonly opener: string; readonly subject?: boolean }, otherOpener?: string, howVerb?: { readonly verb: string; readonly afterName: boolean }, counted = false): AskedType | undefined {
  const { labelNames } = ctx.vocabulary;
  // A question with no answer phrase of its own ("X's co-writers") asks for its co- noun.
  // So does one whose head noun names nothing in the graph, the co- noun modifying it ("X co-writer list": a list of them).
  const first = words.find((w) => w.head);
  const coBefore = first && first.relevance === 0 && !first.co ? words.find((w) => w.co && w.index < first.index) : undefined;
  const head = coBefore ?? first ?? (words.some((w) => w.answer !== undefined) ? undefined : words.find((w) => w.co));
  // A co- noun asks for the anchor's own kind, whatever its stem names: a co-writer of a writer is a
  // person, and the relation the stem names ("writers": written_by) says nothing of what comes back.
  if (head?.co) return { word: head.word, labels: [], how: 'is-a', sameAsAnchor: true, detail: `"co-${head.word}": those who share the anchor's role, of its own kind, other than it` };
  // "how many people": a count of the group, not its members.
  const named = withMembers(head ? readType(head.word, [head.word], ctx, !counted) : undefined, head, ctx) ?? (counted && head ? attributeType(head.word, ctx) : undefined);
  if (!named && head?.other) return { word: head.word, labels: [], how: 'is-a', sameAsAnchor: true, detail: `"other ${head.word}": things of the anchor's own kind, other than it` };
  // "more by the writer of X": the determiner alone stands for the things asked for.
  if (!head && otherOpener) return { word: otherOpener, labels: [], how: 'is-a', sameAsAnchor: true, detail: `"${otherOpener}" with no noun: things of the anchor's own kind, other than it` };
  if (!named && !head && howVerb) {
    const byVerb = verbType(howVerb.verb, howVerb.afterName, ctx);
    if (byVerb) return byVerb;
  }
  if (named || !object) return named ?? (head ? undefined : whType(words, ctx));
  // "what" as an object asks for a thing: every label but the kinds of person ("who" asks for those).
  const persons = personLabels(ctx);
  if (persons.length === 0 || persons.length === labelNames.length) return undefined;
  return {
    word: head?.word ?? object.opener,
    labels: labelNames.filter((l) => !persons.includes(l)),
    how: 'is-a',
    byExclusion: true,
    detail: object.subject ? `"${object.opener}" with no noun of its own, the subject of the verb after it, asks for a thing, not a person (${persons.join(', ')})` : `"${object.opener}" is the object of the verb after it: a thing, not a person (${persons.join(', ')})`,
  };
}

/**
 * "how would you classify X", "how is X rated": "how" with an auxiliary after it and no noun of its
 * own asks for what the clause's verb yields — the nouns WordNet derives from its commonest senses,
 * read by the type rules ("classify" → kind → Genre; "rate" → rating → Rating). Returns the verb,
 * and whether a name stands before it as the clause's subject ("how does X score").
 */
export function howClauseVerb(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): { readonly verb: string; readonly afterName: boolean } | undefined {
  if (phrase.length !== 1 || g.tokens[phrase[0]!]!.norm !== 'how' || !AUXILIARIES.has(g.tokens[phrase[0]! + 1]?.norm ?? '')) return undefined;
  let subject = false;
  for (let i = phrase[0]! + 2; i < g.tokens.length; i++) {
    const w = g.tokens[i]!.norm;
    if (inAnchor(i)) subject = true;
    if (inAnchor(i) || isStopWord(w) || AUXILIARIES.has(w) || DETERMINERS.has(w)) continue;
    return ctx.meaning.nounsOfVerb(w).length > 0 ? { verb: w, afterName: subject } : undefined;
  }
  return undefined;
}

function verbType(verb: string, afterName: boolean, ctx: RankContext): AskedType | undefined {
  const { labelNames, labelAliases } = ctx.vocabulary;
  for (const noun of ctx.meaning.nounsOfVerb(verb)) {
    // Only a noun more general than a label ("kind" covers Genre): the verb sorts things into kinds.
    // A synonym or a kind of a label is a word's sense, not what the verb yields ("describe" →
    // picture, a synonym of film; "rate" → mark, a kind of evaluation).
    const t = ctx.meaning.typeOf(noun, labelNames, labelAliases);
    if (t && t.how === 'is-a' && t.covers && t.labels.length > 0) return { word: verb, labels: t.labels.map((l) => labelNames[l]!), how: 'is-a', detail: `"how … ${verb}" asks for what ${verb} yields (WordNet: ${verb} → ${noun}); ${t.detail}` };
  }
  // English turns a noun into a verb of the same word ("how does X score" asks for X's score, as
  // "what is X's score" does): when WordNet derives the verb's own word as a noun, that noun asks as
  // a head noun would. Only for the word after the name, which is the verb of "how AUX X V"; one
  // before it is the subject ("how would people rate X").
  const own = afterName ? lemmasOf(verb).find((l) => ctx.meaning.nounsOfVerb(verb).includes(l)) : undefined;
  const asNoun = own === undefined ? undefined : readType(own, [own], ctx);
  if (asNoun) return { ...asNoun, word: verb, detail: `"how … ${verb}" asks for its noun, ${own} (WordNet derives one from the other); ${asNoun.detail}` };
  return undefined;
}

/**
 * An answer noun that asks for words ("what words", "which terms", "keywords": WordNet) also asks
 * for the labels whose members are common words (read from the graph's names), beside any label
 * the word names by the type rules ("words" → speech ∋ Language).
 */
function withMembers(named: AskedType | undefined, head: QuestionWord | undefined, ctx: RankContext): AskedType | undefined {
  const { wordLabels } = ctx.vocabulary;
  const why = head && wordLabels.size > 0 ? ctx.meaning.asksForWords(head.word) : undefined;
  if (!why) return named;
  const extra = [...wordLabels.keys()].filter((l) => !named?.labels.includes(l));
  if (extra.length === 0) return named;
  const detail = `${why}; ${extra.map((l) => wordLabels.get(l)).join('; ')}`;
  if (!named) return { word: head!.word, labels: extra, how: 'is-a', byMembers: extra, detail };
  return { ...named, labels: [...named.labels, ...extra], byMembers: extra, detail: `${named.detail}; ${detail}` };
}

/** Labels that are kinds of person, by the type-word rules ("Person"; "Actor": actor → … → person). */
function personLabels(ctx: RankContext): string[] {
  return ctx.vocabulary.labelNames.filter((l) => (ctx.meaning.typeOf(l, ['person']) ?? { labels: [] }).labels.length > 0);
}

function readType(word: string, texts: readonly string[], ctx: RankContext, groups = true): AskedType | undefined {
  const { labelNames, labelAliases } = ctx.vocabulary;
  const found = texts.map((t) => ctx.meaning.typeOf(t, labelNames, labelAliases)).filter((r): r is TypeResolution => r !== undefined && r.how !== 'none' && r.labels.length > 0);
  if (found.length === 0) {
    // A group asks for its members ("name some people who …": WordNet's people has member person).
    for (const member of groups ? ctx.meaning.membersOfGroup(word) : []) {
      const t = ctx.meaning.typeOf(member, labelNames, labelAliases);
      if (t && t.how !== 'none' && t.labels.length > 0) return { word, labels: t.labels.map((l) => labelNames[l]!), how: t.how, detail: `"${word}" is a group whose members are ${member} (WordNet); ${t.detail}` };
    }
    return undefined;
  }
  const labels = [...new Set(found.flatMap((r) => r.labels.map((l) => labelNames[l]!)))];
  return { word, labels, how: found[0]!.how, detail: found.map((r) => r.detail).join('; ') };
}

/**
 * A wh-word's type ("who" → person, "where" → place). One the graph has no label for is still
 * asked: no candidate fits it, so whatever is chosen is a guess ("where" on a graph of films and
 * people), never a match.
 */
function whType(words: readonly QuestionWord[], ctx: RankContext): AskedType | undefined {
  const wh = words.find((w) => w.wh && w.answer !== undefined);
  if (!wh) return undefined;
  return readType(wh.word, wh.wh!, ctx) ?? { word: wh.word, labels: [], how: 'none', detail: `"${wh.word}" asks for a ${wh.wh!.join(' or ')}; the graph has no label for it` };
}

/** Auxiliary and modal verbs carry tense, not meaning ("what does X act in": "does" is not a
 *  relation word; WordNet would link it to "act" through do ~ act). The stop-word list lacks some. */
const AUXILIARIES = new Set(['do', 'does', 'did', 'done', 'doing', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'has', 'have', 'had', 'having', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);

/** English's indefinite pronouns stand for an unspecified thing or person ("is X a comedy or
 *  something else"): no word about the graph (WordNet reads "something" as a noun, 0.5 to rating). */
const INDEFINITE = new Set([
  'something', 'anything', 'everything', 'nothing', 'someone', 'anyone', 'everyone', 'somebody', 'anybody', 'everybody', 'nobody',
  // Free relatives stand for the thing or person a clause describes ("whoever wrote X" is X's writer:
  // the clause says which), and the pro-form "one" for a noun said elsewhere ("besides this one",
  // "in one genre"): no word about the graph (WordNet's "one" is a unit, 0.49 to release_year).
  'whoever', 'whomever', 'whatever', 'whichever', 'one', 'ones',
]);

/**
 * A parenthesis that asks nothing ("Avenger: cast (check before printing the flyer)") is an aside:
 * no question mark, no name, no wh-word and no word linked to the graph's things above the faint
 * line in it (so "(all films)", "(dir.)" and "(yr?)" are read), and not right after a name (its
 * apposition: "X (screenwriter): release years of their scripts"). Its words are not read.
 */
function aside(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[i]!;
  const open = g.question.lastIndexOf('(', t.start);
  if (open < 0 || g.question.lastIndexOf(')', t.start) > open) return false;
  const close = g.question.indexOf(')', t.end);
  const inside = g.tokens.map((x, j) => ({ x, j })).filter(({ x }) => x.start > open && (close < 0 || x.end <= close));
  // Right after a name it is the name's apposition ("X (screenwriter): …"), which says its role.
  const before = g.tokens.reduce((b, x, j) => (x.end <= open ? j : b), -1);
  if (before >= 0 && inAnchor(before)) return false;
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relevance >= RANK_WEIGHTS.faint;
  return !g.question.slice(open, close < 0 ? undefined : close).includes('?') && inside.every(({ x, j }) => !inAnchor(j) && WH_WORDS[x.norm] === undefined && !names(x.norm));
}

/**
 * A verb whose object is the question itself ("y'all know who all's in X", "I wonder which films …"):
 * the verb right before the wh-word that opens the answer phrase takes the whole wh-clause as its
 * object, so it says how the speaker asks, not what the graph holds — unless it names a relation
 * outright.
 */
function embeddingVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  const wh = phrase[0];
  if (wh === undefined || wh !== i + 1 || WH_WORDS[g.tokens[wh]!.norm] === undefined || inAnchor(i) || !/^\s+$/.test(g.question.slice(g.tokens[i]!.end, g.tokens[wh]!.start))) return false;
  const w = g.tokens[i]!.norm;
  return !isStopWord(w) && !AUXILIARIES.has(w) && ctx.meaning.verbSenses(w) > 0 && relevanceOf(w, ctx, false).relational < NAMES;
}

/**
 * What is excluded: a clause opened by "no" or "not" after the question ("every picture X directed,
 * no acting roles") names what the answer must leave out, so its words are not the chain's.
 */
function excluded(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const k = clauseStarts(g, inAnchor).filter((x) => x <= i).pop() ?? 0;
  if (k === 0 || inAnchor(i)) return false;
  const end = clauseStarts(g, inAnchor).find((x) => x > k) ?? g.tokens.length;
  return EXCLUDING.has(g.tokens[k]!.norm) && !inAnchor(k) && g.tokens.slice(k, end).every((_, j) => !inAnchor(k + j));
}
const EXCLUDING = new Set(['no', 'not']);

/**
 * A purpose at the end of the question ("who's in it for the daily programme", "the director of X
 * for the licence paperwork"): "for" with a determiner and nouns only up to the clause's end, after
 * the answer phrase, no name among them, none naming the graph's things outright, says what the
 * answer is for, not which answer.
 */
/**
 * A clause of time or purpose whose subject is a pronoun ("… the year it came out before it goes to
 * print", "stat check before we stream it", "what year did X come out so I can …", "so that I can …"):
 * what the speaker will do, or when, not which answer. From the conjunction, past any "that", to the
 * clause's end; not read when it holds a name or a wh-word, nor opening the question.
 */
function subordinate(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[]): boolean {
  if (inAnchor(i) || phrase.includes(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  for (let s = i; s > 0 && s >= i - 12; s--) {
    const t = g.tokens[s]!.norm;
    if (!SUBORDINATORS.has(t) || inAnchor(s)) continue;
    const subject = g.tokens[s + 1]?.norm === 'that' && !inAnchor(s + 1) ? s + 2 : s + 1;
    if (!SUBJECT_PRONOUNS.has(g.tokens[subject]?.norm ?? '') || inAnchor(subject)) continue;
    const end = starts.find((x) => x > s) ?? g.tokens.length;
    if (i >= end) return false;
    return g.tokens.slice(s, end).every((t, d) => !inAnchor(s + d) && !phrase.includes(s + d) && WH_WORDS[t.norm] === undefined);
  }
  return false;
}
/**
 * What the speaker believed, said after the question closed ("who wrote X? always assumed it was the
 * director", "… ? I thought it was the lead actor"): a sentence whose verb is one of believing, its
 * subject the speaker or dropped, is the speaker's guess, not a second question; its nouns name what
 * the speaker took the answer to be, not the chain. Not read.
 */
function believed(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (phrase.length === 0 || inAnchor(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= phrase[0]! || !/\?/.test(g.question.slice(g.tokens[k - 1]!.end, g.tokens[k]!.start))) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  // A participle opening it says what the speaker is doing ("…? compiling a list for a mate").
  const opener = g.tokens[k]!.norm;
  if (/ing$/.test(opener) && !inAnchor(k) && ctx.meaning.verbSenses(opener) > 0 && (!ctx.meaning.isNoun(opener) || DETERMINERS.has(g.tokens[k + 1]?.norm ?? ''))) return g.tokens.slice(k, end).every((t, d) => !inAnchor(k + d) && WH_WORDS[t.norm] === undefined);
  let v = k;
  if (SPEAKER_SUBJECTS.has(g.tokens[v]!.norm)) v++;
  while (v < end && !inAnchor(v) && !BELIEVING.has(g.tokens[v]!.norm) && (ctx.meaning.onlyModifier(g.tokens[v]!.norm) || AUXILIARIES.has(g.tokens[v]!.norm) || NEGATIONS.has(g.tokens[v]!.norm))) v++;
  return v < end && BELIEVING.has(g.tokens[v]!.norm) && !inAnchor(v) && g.tokens.slice(k, end).every((t, d) => !inAnchor(k + d) && WH_WORDS[t.norm] === undefined);
}
/**
 * Who said what the question goes on about, opening it ("unnie says the cast of X is great, who are
 * they", "my flatmate reckons …"): a subject of a few words and a verb of saying or believing before
 * any name are the report's frame, not the graph's words. Not read.
 */
function reporter(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const v = g.tokens.findIndex((t, k) => k > 0 && k <= 3 && (SAYING.has(t.norm) || BELIEVING.has(t.norm)) && !inAnchor(k));
  if (v < 0 || i > v) return false;
  return g.tokens.slice(0, v).every((t, k) => !inAnchor(k) && WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !AUXILIARIES.has(t.norm) && (isStopWord(t.norm) || relevanceOf(t.norm, ctx, false).relevance < NAMES));
}
/** Verbs of saying in the third person or the past: "says", "said", "swears", "claims". */
const SAYING = new Set(['says', 'said', 'swears', 'swore', 'claims', 'claimed', 'reckons', 'thinks', 'insists', 'insisted']);
/** Verbs of believing: "assumed", "thought", "figured", "reckoned". */
const BELIEVING = new Set(['assume', 'assumed', 'think', 'thought', 'guess', 'guessed', 'figure', 'figured', 'believe', 'believed', 'reckon', 'reckoned', 'suppose', 'supposed']);

/** Conjunctions opening a clause of time or purpose: "before it goes …", "so I can …". */
const SUBORDINATORS = new Set(['before', 'after', 'once', 'until', 'so', 'because', 'since', 'while', 'when']);

function purpose(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (phrase.length === 0 || inAnchor(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  for (let f = i; f > phrase[0]! && f >= i - 5; f--) {
    if (g.tokens[f]!.norm !== 'for' || inAnchor(f) || !DETERMINERS.has(g.tokens[f + 1]?.norm ?? '') || inAnchor(f + 1)) continue;
    const end = starts.find((x) => x > f) ?? g.tokens.length;
    const words = g.tokens.slice(f + 2, end).map((t, d) => ({ t, j: f + 2 + d }));
    return i < end && words.length > 0 && words.every(({ t, j }) => !inAnchor(j) && !isStopWord(t.norm) && relevanceOf(t.norm, ctx, false).relevance < NAMES && (ctx.meaning.isNoun(t.norm) || !ctx.meaning.isVerbForm(t.norm)));
  }
  return false;
}

/** Personal pronouns as subjects. */
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);

/** Personal pronouns in the third person: what a later clause uses to point back at what was asked. */
const BACK_PRONOUNS = new Set(['they', 'them', 'it', 'he', 'him', 'she', 'her']);

/**
 * An afterthought: a clause after the one that asks, with no name, wh-word or request of its own, that
 * points back with a pronoun and names none of the graph's things outright ("what films was X in, my
 * nan keeps saying she loved them"; "…?? drop them below") says what the speaker will do with the
 * answer or feels about it, not which answer; so does such a clause after a question mark that closed
 * the question ("X (yr?) - for the club programme notes"). Its words are not read.
 */
function afterthought(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], requests: ReadonlySet<number>, ctx: RankContext): boolean {
  if (phrase.length === 0) return false;
  const starts = clauseStarts(g, inAnchor);
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= phrase[0]!) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  const clause = g.tokens.slice(k, end).map((t, d) => ({ t, j: k + d }));
  // A clause that names the graph's things outright is about the answer ("…, the tags people give it").
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relevance >= NAMES;
  // A question mark closing an earlier clause ends the question too ("X (yr?) - for the club programme notes").
  const closed = /\?/.test(g.question.slice(g.tokens[phrase[0]!]!.end, g.tokens[k]!.start));
  // After the question closed, a clause pointing back at its subject may name a companion too ("…? fixin
  // to watch it with Mama"): the name is the speaker's, not a second condition.
  const back = clause.some(({ t, j }) => (BACK_PRONOUNS.has(t.norm) || ONE.has(t.norm)) && !inAnchor(j));
  return clause.every(({ t, j }) => (inAnchor(j) ? closed && back : WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j) && !names(t.norm))) && (closed || back);
}

/** The speaker in the first person: a clause or phrase holding one is about the asker. */
/**
 * The asker's own things: the nouns of a noun phrase opened by "my" or "our" ("our family history
 * says X wrote …", "my date's favourite film is X"), outside the answer phrase, that name nothing
 * outright. English marks them by the possessive, as it marks the asker's frame by person: they say
 * whose story it is, not what the graph is asked.
 */
function askersOwn(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (inAnchor(i) || phrase.includes(i)) return false;
  // The speaker's own part, a noun after "I was a" ("I was an extra in X", "we're a film club"): who
  // asks, unless the noun names the graph outright.
  const role = (k: number): boolean => k >= 2 && !inAnchor(k - 1) && !inAnchor(k - 2) && (g.tokens[k - 1]!.norm === 'a' || g.tokens[k - 1]!.norm === 'an') && (BE.has(g.tokens[k - 2]!.norm) || g.tokens[k - 2]!.norm === 'm' || g.tokens[k - 2]!.norm === 're') && SPEAKER_SUBJECTS.has(g.tokens[k - 3]?.norm ?? '') && !inAnchor(k - 3);
  if (role(i) && !isStopWord(g.tokens[i]!.norm) && ctx.meaning.isNoun(g.tokens[i]!.norm) && relevanceOf(g.tokens[i]!.norm, ctx, false).relevance < NAMES) return true;
  let k = i - 1;
  while (k >= 0 && !inAnchor(k) && !isStopWord(g.tokens[k]!.norm) && !AUXILIARIES.has(g.tokens[k]!.norm) && !DETERMINERS.has(g.tokens[k]!.norm) && ctx.meaning.isNoun(g.tokens[k]!.norm.replace(/['’]s$/, ''))) k--;
  if (k < 0 || (g.tokens[k]!.norm !== 'my' && g.tokens[k]!.norm !== 'our') || inAnchor(k)) return false;
  const w = g.tokens[i]!.norm.replace(/['’]s$/, '');
  if (isStopWord(w) || !ctx.meaning.isNoun(w) || phrase.some((x) => x > k && x <= i)) return false;
  return relevanceOf(w, ctx, false).relevance < NAMES;
}

const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);

/**
 * The asker's frame: words the speaker says about themselves, not about the graph. Before the
 * question proper (its wh-word or request), words holding no name and a first-person pronoun ("for my
 * film studies homework I have to say | what year X came out"; "I'm a screen reader user; | can you
 * read me …"); after it, a clause of its own with a first-person pronoun and no name, wh-word or
 * request ("in what language was X made? | want to check before I book tickets"). Their nouns name
 * the asker's errand (homework, tickets), and read as the graph's words they paid for hops nobody
 * asked. The question proper is what is asked of the graph; the speaker's frame is not read. Not a
 * prefix naming a relation outright, nor a later clause that ends on the speaker's comment verb: both
 * say which answer ("who has X directed? the actors I mean").
 */
function askerFrame(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], requests: ReadonlySet<number>, ctx: RankContext): boolean {
  if (askersOwn(g, i, inAnchor, phrase, ctx)) return true;
  // Before the question, a word naming a relation outright says what is asked ("I need the directors: …").
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relational >= NAMES;
  const starts = clauseStarts(g, inAnchor);
  // The question proper opens with its answer phrase, or, when it has none or only a noun phrase
  // standing alone ("agent here, pulling X's writing credits"; "parent here, …: is X rated good or
  // bad"), with its first name.
  const firstName = Math.min(...g.anchors.map((a) => g.mentions[a]!.tokenStart));
  const bare = phrase.length === 0 || (phrase.length === 2 && phrase[0] === phrase[1]);
  const opens = phrase[0] ?? firstName;
  if (phrase.length > 0 && i < opens) {
    const before = g.tokens.slice(0, opens);
    if (before.every((t, j) => !inAnchor(j) && !names(t.norm)) && before.some((t) => FIRST_PERSON.has(t.norm))) return true;
  }
  const at = bare ? firstName : opens;
  if (i < at) {
    // A clause of its own before the question's, set off by punctuation, that asks nothing (no
    // wh-word, no request, no word naming a relation outright) and leaves the question proper a name
    // of its own: who asks and why ("film society newsletter, This Week in History column: what year
    // did X premiere", "annotator here, which tags does X carry", "for the film society notes, X was
    // directed by whom"). English puts the speaker's errand or role there; its nouns are not the graph's.
    // A clause may open with a name ("…, X was directed by whom"). A sentence with no wh-word or
    // request may open with its subject and verb, neither naming anything in the graph, the name after
    // them ("the newsletter blurb needs the genre of X"): who wants it, then what is wanted.
    // The last boundary before the question proper, or an earlier one when only the words before that
    // one ask nothing ("front desk, a guest asks whether X is in English or …, which is it").
    const boundaries = g.tokens.map((t, j) => (j > 0 && j <= at && !(inAnchor(j) && inAnchor(j - 1)) && /[.?!;:,]\s|\s[-–—]+\s/.test(g.question.slice(g.tokens[j - 1]!.end, t.start)) ? j : 0)).filter((j) => j > 0).reverse();
    const subject = bare ? subjectFrame(g, at, inAnchor, ctx) : 0;
    // When nothing but a name follows, the words before it are the question ("costars? X"). A
    // participle opening the clause has no subject of its own: it is what the speaker is doing
    // ("writing the festival programme blurb, which themes … fit X"), whatever it names.
    const participle = (j: number): boolean => j === 0 && /ing$/.test(g.tokens[0]!.norm) && ctx.meaning.verbSenses(g.tokens[0]!.norm) > 0;
    // The name may stand in that clause when the question proper points back at it ("hotel movie
    // channel is doing a X night, what's on the list of films they've directed"): the name is kept.
    for (const k of subject ? [subject] : boundaries) {
      // Only when the question proper names a relation outright itself ("… they've directed"): "the
      // script of X is so good, whose work is it" and "if I liked the cast of X, which other films are
      // they in" need the clause's noun.
      const whole = g.tokens.some((t, j) => j >= k && !inAnchor(j) && names(t.norm));
      // And when the clause's own words link to no relation above the faint line (a closed class's
      // member, "hotel", is loose): "auction house: the cast of X, who directed them elsewhere" needs "cast".
      const idle = g.tokens.every((t, j) => j >= k || inAnchor(j) || participle(j) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || t.norm === '' || relevanceOf(t.norm, ctx, false).relational < RANK_WEIGHTS.faint || relevanceOf(t.norm, ctx, false).member !== undefined);
      const named = g.tokens.some((_, j) => j >= k && inAnchor(j)) || (!inAnchor(i) && whole && idle && g.tokens.some((t, j) => j >= k && !inAnchor(j) && BACK_PRONOUNS.has(t.norm)) && g.tokens.some((_, j) => j < k && inAnchor(j)));
      if (g.tokens.slice(0, k).every((t, j) => inAnchor(j) || (WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j) && (participle(j) || !names(t.norm)))) && named && g.tokens.some((t, j) => j >= k && !inAnchor(j) && /\p{L}/u.test(t.norm))) {
        if (i < k) return true;
        break;
      }
    }
  }
  if (phrase.length === 0 || i < opens) return false;
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= opens) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  const clause = g.tokens.slice(k, end).map((t, d) => ({ t, j: k + d }));
  // A clause ending on the speaker's comment verb is a gloss on what was asked ("…? the actors I mean",
  // "…, genre-wise I mean": `commentClause`), not the asker's own doing ("… before I book tickets").
  if (commentClause(g, end - 1, inAnchor)) return false;
  return clause.every(({ t, j }) => !inAnchor(j) && WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j)) && clause.some(({ t }) => FIRST_PERSON.has(t.norm));
}

/**
 * A subject and its verb opening a sentence that asks with no wh-word or request: a noun phrase
 * (a determiner, nouns) and a verb in the present with a determiner after it, before the first name,
 * none of whose words is linked to the graph's names above the faint line ("the newsletter blurb needs
 * the genre of X"). Returns where the object starts, or 0.
 */
function subjectFrame(g: Grounding, firstName: number, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  const faint = (w: string): boolean => relevanceOf(w, ctx, false).relevance < RANK_WEIGHTS.faint;
  let j = DETERMINERS.has(tokens[0]?.norm ?? '') ? 1 : 0;
  const first = j;
  while (j < firstName && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm) && faint(tokens[j]!.norm) && !(j > first && /s$/.test(tokens[j]!.norm) && ctx.meaning.verbSenses(tokens[j]!.norm) > 0)) j++;
  const v = tokens[j];
  if (j === first || !v || j >= firstName || inAnchor(j) || !/s$/.test(v.norm) || ctx.meaning.verbSenses(v.norm) === 0 || !faint(v.norm)) return 0;
  return DETERMINERS.has(tokens[j + 1]?.norm ?? '') && !inAnchor(j + 1) ? j + 1 : 0;
}

/**
 * A verb whose subject is the speaker ("which of their films could we programme", "I can't place it",
 * "I'm translating the subtitles for X"): the graph holds films and the people who made them, never
 * the asker, so what "I" or "we" do names none of its relations. The verb only, after the pronoun
 * and any auxiliaries, negation or manner words between; its object may still name what is asked
 * ("I liked the actors in X, …").
 */
function askersVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext, depth = 0): boolean {
  const t = g.tokens[i]!;
  if (inAnchor(i) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || ctx.meaning.verbSenses(t.norm) === 0) return false;
  // A verb after "to" or an -ing form after a verb shares that verb's subject ("I used to love watching X").
  const before = g.tokens[i - 1]?.norm ?? '';
  if (depth < CATENATIVE_DEPTH && !inAnchor(i - 1)) {
    if (before === 'to' && i >= 2 && askersVerb(g, i - 2, inAnchor, ctx, depth + 1)) return true;
    if (/ing$/.test(t.norm) && i >= 1 && askersVerb(g, i - 1, inAnchor, ctx, depth + 1)) return true;
  }
  for (let k = i - 1; k >= 0 && k >= i - 4 && !inAnchor(k); k--) {
    const w = g.tokens[k]!.norm;
    if (SPEAKER_SUBJECTS.has(w)) return true;
    if (!(AUXILIARIES.has(w) || NEGATIONS.has(w) || ctx.meaning.onlyModifier(w))) return false;
  }
  return false;
}
/** Verbs chained after the speaker's own ("used to love watching"): at most this many links. */
const CATENATIVE_DEPTH = 3;
const SPEAKER_SUBJECTS = new Set(['i', 'we']);
/** Verbs of wanting: with the speaker as subject they ask for their object. */
const WANTING = new Set(['want', 'need']);
const NEGATIONS = new Set(['not', 'never', 't', 'nt', 'cant', 'dont', 'cannot']);

/**
 * A verb whose subject is the speaker, ending the question ("…, genre-wise I mean", "the director I
 * mean"), is a comment clause: it says how the speaker puts it, not what the graph holds.
 */
function commentClause(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  if (i === 0 || g.tokens[i - 1]!.norm !== 'i' || inAnchor(i - 1) || inAnchor(i)) return false;
  const next = g.tokens[i + 1];
  return next === undefined || /[.?!;:,]/.test(g.question.slice(g.tokens[i]!.end, next.start));
}

/** Words of politeness ask nothing about the graph ("please", "thanks"). */
const POLITENESS = new Set(['please', 'thanks', 'thank']);

/** Wh-words that take a noun naming the answer's kind: "which genres", "what are the languages".
 *  Not "whose": its noun is the thing possessed, and the answer its possessor ("whose movie is X"
 *  asks for a person; "movie" names X's own kind). */
const NOUN_TAKING = new Set(['which', 'what', 'how']);
/** English's closed class of function words a mistyped word is compared with (`respelled`): three
 *  letters or more, so a slip cannot turn a short content word into one. */
const CLOSED_WORDS: ReadonlySet<string> = new Set([...STOP_WORDS, ...Object.keys(WH_WORDS), ...NOUN_TAKING, ...AUXILIARIES, ...DETERMINERS].filter((w) => w.length >= 3));
/** Requests that open a question without a wh-word: "List the cast of …", "Name some films …". */
const REQUESTS = new Set(['list', 'name', 'show', 'give', 'tell', 'find']);
/** Words that may stand between the wh-word and its noun: "what are the languages". Any other
 *  ("what else has …", "what did …") means the wh-word is the object, with no noun of its own. */
const BRIDGE = new Set(['is', 'are', 'was', 'were', 'the', 'a', 'an', 'some', 'me', 'us', 'all', 'every', 'each', 'many', 'much', 'few', 'several', 'any', 'other', 'another', 'more']);
/** The pronouns an imperative's indirect object takes ("play me …", "find us …"). */
const INDIRECT_OBJECTS = new Set(['me', 'us']);
/** Indefinite pronouns for a thing ("play something else with …"): a request's object that is one
 *  asks for a thing, not a person, as "what" does as an object. */
const THING_PRONOUNS = new Set(['something', 'anything', 'everything']);
/** A polite request: "can you name …", "could you please list …" is the request "name …", "list …". */
const POLITE = new Set(['can', 'could', 'would', 'will']);

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
function clauseRequests(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number[] {
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
  let at = whAt(conditionEnd(g, inAnchor));
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

const CONJUNCTIONS = new Set(['and', 'or']);

/**
 * Round 19 (words19b), a question and then what the speaker wants of its answer ("who made X? I want to
 * see their other films", "who wrote X. I need his other scripts"): a later sentence, after the
 * question's mark, in which the speaker wants something (`requestAt`: "I want/need [to V] + a
 * determiner") whose noun phrase points back with a possessive pronoun ("their", "his") is the last
 * step, as "then …" is: the earlier question is the way there. Returns where the wanting's object is
 * asked from, or -1.
 */
function wantedNext(g: Grounding, inAnchor: (i: number) => boolean, at: number, ctx: RankContext): number {
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
/** Possessive pronouns in the third person: a noun phrase holding one points back at what was said before it. */
const POSSESSIVE_BACK = new Set(['their', 'his', 'her', 'its']);

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
function onlyValues(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): { readonly value: number; readonly labels: readonly string[]; readonly head?: number } | undefined {
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
/** Forms of "be" and the perfect's "have" between a subject and "in" ("has been", "was", "'ve been"). */
const BE_HAVE = new Set([...BE, 'have', 'has', 'had', 've', 's', 're']);

/** Round 20 (words20b): the type "only V … or others" asks for when no word beside V names it (`onlyValues`). */
function onlyValuesAsked(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): AskedType | undefined {
  const only = onlyValues(g, inAnchor, ctx);
  if (!only || only.head !== undefined) return undefined;
  const names = only.labels;
  const value = g.mentions[only.value]!.text;
  return { word: value, labels: names, how: 'is-a', detail: `"only ${value} … or other(s)" asks for the values "${value}" is one of: ${names.join(' or ')}` };
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
/** The prepositions of what a list or a page holds: "on the list of …", "in the list of …". */
const CONTAINING = new Set(['on', 'in']);
/** The pronoun "one" after a wh-word stands for a noun said before it. */
const ONE = new Set(['one', 'ones']);
/** Plural pronouns for people: "who are they". */
const THEY = new Set(['they', 'them']);
/** A request's object pronoun stands for a noun said before it ("… other languages? list them"). */
const THEM = new Set(['them', 'those']);
/** Tokens back from "which one" a noun it stands for may be. */
const ANAPHOR_REACH = 8;
/** Determiners of a partitive's noun phrase ("which of their films"). */
const PARTITIVE = new Set(['the', 'their', 'his', 'her', 'its', 'these', 'those', 'your', 'my', 'our']);

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

/**
 * A yes/no question (opened by an auxiliary) whose "or" opens a second finite clause ("is X widely
 * voted on imdb or has barely anyone rated it"), with no wh-word or request after it: the alternative
 * restates the question's other answer; its words name no hop of their own. True for the tokens from
 * that "or" on.
 */
function alternative(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const tokens = g.tokens;
  if (!AUXILIARIES.has(tokens[0]?.norm ?? '') || inAnchor(0)) return false;
  const or = tokens.findIndex((t, k) => k > 0 && t.norm === 'or' && !inAnchor(k) && AUXILIARIES.has(tokens[k + 1]?.norm ?? '') && !inAnchor(k + 1) && g.anchors.every((a) => g.mentions[a]!.tokenEnd <= k));
  // A wh-word after it asks of the alternative ("is X kinda a horror director or do they do other
  // genres too, which ones"): its words are the question's.
  // Round 20 (words20b): so does one that offers other things ("is X only a horror director or are
  // there other genres in their films"): it asks for the others (`onlyValues`).
  if (or <= 0 || tokens.some((t, k) => k > or && !inAnchor(k) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm) || REQUESTS.has(t.norm) || OTHER.has(t.norm)))) return false;
  return i >= or;
}

/** A name offered as one of the answers: of the asked type, with "or" after it and then "other",
 *  "what" or another name ("English or other languages", "English or what", "comedy or drama"). */
function offeredAnswer(g: Grounding, mention: number, asked: AskedType | undefined, inAnchor: (i: number) => boolean): boolean {
  const m = g.mentions[mention]!;
  if (!asked || asked.labels.length === 0 || !m.nodes.some((n) => asked.labels.includes(n.label))) return false;
  const or = m.tokenEnd;
  if (g.tokens[or]?.norm !== 'or' || inAnchor(or)) return false;
  const next = or + 1;
  return inAnchor(next) || OTHER.has(g.tokens[next]?.norm ?? '') || g.tokens[next]?.norm === 'what';
}

/** "more" / "other" opening a clause and standing alone, a preposition after it ("more by …", "others from …"). */
function otherOpening(g: Grounding, k: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const next = g.tokens[k + 1];
  return !inAnchor(k) && OPENING_OTHER.has(g.tokens[k]!.norm) && next !== undefined && !inAnchor(k + 1) && isStopWord(next.norm) && RELATIVE_PREPOSITIONS.has(next.norm) && !ctx.meaning.isNoun(next.norm);
}

/** Quantifiers that open a noun phrase as a determiner does ("any other films with …", "all the films"). */
const QUANTIFIERS = new Set(['any', 'some', 'all', 'other', 'another', 'more', 'every', 'each']);

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
function contentOf(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
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
function contentHead(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
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
function conditionEnd(g: Grounding, inAnchor: (i: number) => boolean): number {
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
/** Conjunctions of time that open a clause setting the scene: "when X directs, …". */
const TIME_CONDITIONS = new Set(['when', 'whenever']);

/** Words opening a condition or a premise: "if I liked X, …", "given the cast of X, …". */
const CONDITIONS = new Set(['if', 'given']);

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

/**
 * A note's passive with its agent left for the answer ("X directed -> written by?", "X scripts ->
 * directed by?"): "by" right after a participle, with only a question mark after it, is "by whom" —
 * it asks for the agent, a person, and its verb names the last hop (as in `lastHopWords`).
 */
function strandedAgent(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[i]!;
  const verb = g.tokens[i - 1];
  return t.norm === 'by' && !inAnchor(i) && verb !== undefined && !inAnchor(i - 1) && ctx.meaning.verbSenses(verb.norm) > 0 && !ctx.meaning.isNoun(verb.norm) && /^\s*\?/.test(g.question.slice(t.end));
}

/** A noun of the answer phrase joined to the next by "and"/"or" ("ideas" in "what ideas and motifs"). */
function conjunct(g: Grounding, phrase: readonly number[], i: number): boolean {
  return phrase.length === 2 && phrase[0]! < i && i < phrase[1]! && CONJUNCTIONS.has(g.tokens[i + 1]?.norm ?? '');
}

/** Wh-words that can open a relative clause after a noun ("the person who", "the films which"). */
const RELATIVE = new Set(['who', 'whom', 'whose', 'which', 'where', 'when']);
/** Prepositions that may stand between a noun and its relative pronoun: "the years in which", "the person by whom". */
const RELATIVE_PREPOSITIONS = new Set(['in', 'on', 'at', 'by', 'for', 'with', 'from', 'of', 'to', 'during', 'under', 'about']);

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

function floor(s: number): number {
  return s < RANK_WEIGHTS.floor ? 0 : s;
}

type Relevance = { readonly relevance: number; readonly relational: number; readonly scales?: QuestionWord['scales']; readonly rare?: QuestionWord['rare']; readonly member?: QuestionWord['member'] };

/** Words read per asker before the memo starts again (a long session asks many questions). */
const RELEVANCE_MEMO_LIMIT = 50_000;
const relevanceMemo = new WeakMap<WordMeaning, WeakMap<Vocabulary, Map<string, Relevance>>>();

/**
 * A word's relatedness to the graph depends only on the word, how it is read and the asker's
 * meaning and vocabulary, yet the readings of a question ask it of the same words many times (each
 * token's frame test reads every word before it): measured, it was half of a long question's time.
 */
export function relevanceOf(word: string, ctx: RankContext, afterHow: boolean, noun = false, nounSenses = false): Relevance {
  let byVocabulary = relevanceMemo.get(ctx.meaning);
  if (!byVocabulary) relevanceMemo.set(ctx.meaning, (byVocabulary = new WeakMap()));
  let memo = byVocabulary.get(ctx.vocabulary);
  if (!memo) byVocabulary.set(ctx.vocabulary, (memo = new Map()));
  const key = (afterHow ? '1' : '0') + (noun ? '1' : '0') + (nounSenses ? '1' : '0') + word;
  const hit = memo.get(key);
  if (hit) return hit;
  const read = readRelevance(word, ctx, afterHow, noun, nounSenses);
  if (memo.size >= RELEVANCE_MEMO_LIMIT) memo.clear();
  memo.set(key, read);
  return read;
}

function readRelevance(word: string, ctx: RankContext, afterHow: boolean, noun: boolean, nounSenses: boolean): Relevance {
  let relational = 0;
  const read = nounSenses ? 'noun:' + word : word;
  for (const terms of ctx.vocabulary.relations.values()) relational = Math.max(relational, bestOf(ctx.meaning, read, terms));
  let best = relational;
  for (const terms of ctx.vocabulary.labels.values()) best = Math.max(best, bestOf(ctx.meaning, read, terms));
  const { wordLabels, wordRelations } = ctx.vocabulary;
  if (wordLabels.size > 0 && ctx.meaning.asksForWords(word)) {
    best = Math.max(best, RANK_WEIGHTS.members);
    if (wordRelations.size > 0) relational = Math.max(relational, RANK_WEIGHTS.members);
  }
  const value = valueNamed(word, ctx.vocabulary);
  if (value) {
    best = Math.max(best, RANK_WEIGHTS.members);
    if ([...ctx.vocabulary.valueRelations.values()].includes(value.label)) relational = Math.max(relational, RANK_WEIGHTS.members);
  }
  // A word naming nothing else that names a member of a closed class ("comedy": Genre's "Comedy")
  // speaks for that class, as loosely as a scale's value.
  const member = best < RANK_WEIGHTS.floor && !value ? memberNamed(word, ctx.vocabulary) : undefined;
  if (member) {
    best = Math.max(best, RANK_WEIGHTS.members);
    if ([...ctx.vocabulary.memberRelations.values()].includes(member.label)) relational = Math.max(relational, RANK_WEIGHTS.members);
  }
  // An evaluative word ("how popular", "think") asks for a scale: as loose as naming one of its values.
  // Round 19 (words19): "how old" asks for a label (age: years), not a scale; "X popularity" asks as "how popular" (everyday.ts).
  const scales = best < RANK_WEIGHTS.floor && !(afterHow && attributeType(word, ctx)) ? (scalesAskedBy(word, afterHow, ctx.meaning, ctx.vocabulary) ?? (afterHow ? undefined : attributeNounScales(word, ctx))) : undefined;
  if (scales) {
    best = Math.max(best, RANK_WEIGHTS.members);
    if ([...ctx.vocabulary.valueRelations.values()].some((l) => scales.labels.includes(l))) relational = Math.max(relational, RANK_WEIGHTS.members);
  }
  const rare = best < RANK_WEIGHTS.floor && !scales && !noun ? rareReading(word, ctx) : undefined;
  if (rare) best = relational = RANK_WEIGHTS.floor;
  return { relevance: floor(best), relational: floor(relational), ...(scales ? { scales } : {}), ...(rare ? { rare } : {}), ...(member ? { member } : {}) };
}

/**
 * A verb whose common senses name nothing in the graph may be meant in a rarer sense that does:
 * the question is asked of this graph ("what films does X appear in": appear's sixth sense, appear
 * as a character on stage → perform → performer ~ actors). The sense's words are compared with
 * each relation's words; the relations it fits best (at or above the floor) get the floor's
 * relatedness — faint evidence, so a choice resting on it is never shown as a match.
 */
function rareReading(word: string, ctx: RankContext): QuestionWord['rare'] {
  let best = 0;
  let relations: string[] = [];
  let why = '';
  for (const sense of ctx.meaning.rareSenses(word)) {
    for (const [r, terms] of ctx.vocabulary.relations) {
      let s = 0;
      let via = '';
      for (const w of sense.words) {
        const x = bestOf(ctx.meaning, w, terms);
        if (x > s) [s, via] = [x, w];
      }
      if (s < RANK_WEIGHTS.floor || s < best) continue;
      if (s > best) [best, relations, why] = [s, [], `"${word}" read in a rarer sense, the one that meets the graph's names (WordNet: ${sense.gloss}; ${via} ~ ${r} ${s.toFixed(2)})`];
      if (!relations.includes(r)) relations.push(r);
    }
  }
  return relations.length > 0 ? { relations, why } : undefined;
}

/** How strongly the asked type speaks for a label: naming it (or a schema alias) 1, WordNet is-a 0.8. */
function typeSimilarity(asked: AskedType | undefined, w: QuestionWord, slot: Slot): number {
  if (!asked || asked.byExclusion || asked.word !== w.word || w.answer === undefined || slot.kind !== 'label' || !asked.labels.includes(slot.name)) return 0;
  if (asked.byMembers?.includes(slot.name)) return 0;
  return asked.how === 'is-a' ? 0.8 : 1;
}

/**
 * The loose link of a word that asks for words ("words", "terms", "describe") to a label whose
 * members are common words, and to the relation named after it (has_tags → Tag), with the same
 * discounts as a word's own links. 0 when it does not apply.
 */
function membersSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext): number {
  if (w.wh) return 0;
  const { wordLabels, wordRelations, valueRelations, memberRelations } = ctx.vocabulary;
  const words = (slot.kind === 'label' ? wordLabels.has(slot.name) : wordRelations.has(slot.name)) && ctx.meaning.asksForWords(w.word) !== undefined;
  // A word that is one of a scale's values ("is X considered good": good ∈ Rating) asks for X's value
  // on it; a word naming a member of a closed class ("is X a comedy") asks which of them X has.
  const scale = slot.kind === 'label' ? slot.name : valueRelations.get(slot.name) ?? memberRelations.get(slot.name) ?? '\u0000';
  const value = valueNamed(w.word, ctx.vocabulary, scale) !== undefined || (w.scales?.labels.includes(scale) ?? false) || w.member?.label === scale;
  if (!words && !value) return 0;
  const s = RANK_WEIGHTS.members;
  if (slot.kind === 'label') return w.relational >= s ? s / 2 : s;
  return Math.max(0, s - Math.max(0, w.relational - s));
}

/** The members reading in words: why the word asks for words, and why the label holds them. */
function membersReason(w: QuestionWord, slot: Slot, ctx: RankContext): string {
  const scale = slot.kind === 'label' ? slot.name : ctx.vocabulary.valueRelations.get(slot.name) ?? ctx.vocabulary.memberRelations.get(slot.name);
  if (w.member && w.member.label === scale) {
    const n = ctx.vocabulary.memberLabels.get(scale)!.length;
    return `"${w.word}" names "${w.member.value}", one of ${scale}'s ${n} members in the graph (a closed class)${slot.kind === 'relation' ? `; ${slot.name} is named after ${scale}` : ''}`;
  }
  if (w.scales && scale !== undefined && w.scales.labels.includes(scale)) return `${w.scales.why}${slot.kind === 'relation' ? `; ${slot.name} is named after ${scale}` : ''}`;
  const value = valueNamed(w.word, ctx.vocabulary, slot.kind === 'label' ? slot.name : ctx.vocabulary.valueRelations.get(slot.name) ?? '\u0000');
  if (value) {
    const values = ctx.vocabulary.valueLabels.get(value.label)!;
    const named = slot.kind === 'relation' ? `; ${slot.name} is named after ${value.label}` : '';
    return `"${value.value}" is one of ${value.label}'s ${values.length} values (${values.join(', ')}) in the graph${named}`;
  }
  const label = slot.kind === 'label' ? slot.name : ctx.vocabulary.wordRelations.get(slot.name)!;
  const named = slot.kind === 'relation' ? `; ${slot.name} is named after ${label}` : '';
  return `${ctx.meaning.asksForWords(w.word) ?? ''}; ${ctx.vocabulary.wordLabels.get(label) ?? ''}${named}`;
}

/** One question's word-to-slot similarities, per word (its words are immutable and its own). */
const similarityMemo = new WeakMap<QuestionWord, { readonly ctx: RankContext; readonly asked: AskedType | undefined; readonly bySlot: Map<string, number> }>();

/**
 * A question's candidates share their slots (the same relation or label recurs in hundreds of
 * chains), and a slot's similarity to a word depends on its kind and name, not on the chain: read
 * once per question (measured: two thirds of the chain alignment's time was these readings again).
 */
function similarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  let memo = similarityMemo.get(w);
  if (!memo || memo.ctx !== ctx || memo.asked !== asked) similarityMemo.set(w, (memo = { ctx, asked, bySlot: new Map() }));
  const key = slot.kind + '\u0000' + slot.name;
  const hit = memo.bySlot.get(key);
  if (hit !== undefined) return hit;
  const s = readSimilarity(w, slot, ctx, asked);
  memo.bySlot.set(key, s);
  return s;
}

function readSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  return Math.max(strictSimilarity(w, slot, ctx, asked), membersSimilarity(w, slot, ctx));
}

/** A word's own links to a slot: lemmas, WordNet, the asked type naming the label. */
function strictSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  // Round 20 (words20b): "by" names the relations named with it, outright (`agentBy`).
  if (w.agent) return slot.kind === 'relation' && w.agent.includes(slot.name) ? NAMES : 0;
  if (w.wh) return slot.kind === 'label' && (w.answer !== undefined || w.step) ? floor(Math.max(typeSimilarity(asked, w, slot), ...w.wh.map((x) => bestOf(ctx.meaning, x, slot.terms)))) : 0;
  // The answer phrase's head is a noun ("what types"): read only its noun senses.
  const rare = slot.kind === 'relation' && w.rare?.relations.includes(slot.name) ? RANK_WEIGHTS.floor : 0;
  const s = floor(Math.max(typeSimilarity(asked, w, slot), bestOf(ctx.meaning, w.answer !== undefined || w.noun ? 'noun:' + w.word : w.word, slot.terms), rare));
  // A role noun ("directors") names a label (Person) but says which relation leads there: as a
  // label it counts half, so it cannot stand in for the relation it names. So too an answer noun
  // whose relation link is weaker than its kind ("screenwriters": written_by 0.5, a kind of Person
  // 0.8): what comes back is said by the asked type already; the noun's own news is the relation.
  if (slot.kind === 'label') return w.relational >= s || (w.head && w.relational > 0) ? s / 2 : s;
  // Evidence for one relation is discounted by how much better the word fits another: "actors"
  // (starred_actors 1.0) is no evidence for has_tags at 0.32, however many weak links join them.
  return Math.max(0, s - Math.max(0, w.relational - s));
}

function relationSlot(step: Step, hop: number, ctx: RankContext): Slot {
  return { kind: 'relation', name: step.relation, hop, terms: ctx.vocabulary.relations.get(step.relation) ?? [] };
}

function labelSlot(label: string, ctx: RankContext): Slot {
  return { kind: 'label', name: label, terms: ctx.vocabulary.labels.get(label) ?? [] };
}

function slotName(s: Slot): string {
  return `${s.kind} ${s.name}`;
}

interface Alignment {
  gain: number;
  lost: number;
  mask: number;
  /** Hops named by a word outside the answer phrase, or by an answer noun that names the relation
   *  itself ("which genres" → has_genre); an answer noun linked more loosely ("what words" →
   *  in_language, 0.64) says what comes back, not by which relation. */
  bodyMask: number;
  /** Hops a word outside the answer phrase names outright (relatedness ≥ NAMES). */
  namedMask: number;
  /** Hops some word speaks for by its own links, not only through the members' reading. */
  strictMask: number;
  matches: WordMatch[];
}

/**
 * A chain: the hop nearest the anchor is spoken of by the words nearest the anchor, so the
 * question's words, nearest the anchor first, align monotonically with the slots [anchor label,
 * hop 1, label 1, …, hop h, answer label]. The answer phrase ("which genres", "who") names the end
 * of the chain wherever it stands in the sentence, so its words come last, head noun first.
 * Exact DP over (slot reached, hops covered); at most 3 hops: ≤ 7 × 8 states per word.
 */
function alignChain(words: readonly QuestionWord[], anchorStart: number, anchorEnd: number, anchorLabel: string, steps: readonly Step[], ctx: RankContext, asked: AskedType | undefined): Alignment {
  const h = steps.length;
  const ordered: Slot[] = [labelSlot(anchorLabel, ctx)];
  steps.forEach((s, i) => {
    ordered.push(relationSlot(s, i, ctx));
    ordered.push(labelSlot(s.label, ctx));
  });
  // Words read outward from the anchor, each side on its own: the left side from hop 1; the
  // right side from hop 1 again ("what were the release dates of X | written films"), unless the
  // answer phrase stands on the right, then the right side is the answer clause and continues
  // where the left one ended ("the films that share actors with X | are written by who"). The
  // answer phrase's words go last and do not move the alignment on.
  const dist = (w: QuestionWord): number => (w.index < anchorStart ? anchorStart - w.index : w.index - anchorEnd + 1);
  const side = (left: boolean): QuestionWord[] => words.filter((w) => w.answer === undefined && !w.last && w.index < anchorStart === left).sort((a, b) => dist(a) - dist(b) || a.index - b.index);
  const left = side(true);
  const answerWords = [...words.filter((w) => w.answer !== undefined && !w.last).sort((a, b) => a.answer! - b.answer!), ...words.filter((w) => w.last)];
  const answerOnRight = answerWords.some((w) => !w.last && w.index >= anchorEnd);
  const restartAt = answerOnRight ? -1 : left.length;
  const ws = [...left, ...side(false), ...answerWords];
  const sims = ws.map((w) => ordered.map((s) => similarity(w, s, ctx, asked)));
  const masks = 1 << h;
  type Cell = { score: number; gain: number; lost: number; from: number; choice: number } | undefined;
  const width = ordered.length * masks;
  let dp: Cell[] = new Array<Cell>(width).fill(undefined);
  dp[0] = { score: 0, gain: 0, lost: 0, from: -1, choice: -1 };
  const trail: Cell[][] = [dp];
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k]!;
    const next: Cell[] = new Array<Cell>(width).fill(undefined);
    const put = (state: number, score: number, gain: number, lost: number, from: number, choice: number): void => {
      const c = next[state];
      if (!c || score > c.score) next[state] = { score, gain, lost, from, choice };
    };
    for (let state = 0; state < width; state++) {
      const c = dp[state];
      if (!c) continue;
      const p = k === restartAt ? 0 : Math.floor(state / masks);
      const mask = state % masks;
      const skipCost = w.wh ? 0 : RANK_WEIGHTS.skip * w.relevance;
      put(p * masks + mask, c.score - skipCost, c.gain, c.lost + skipCost, state, -1);
      // The answer phrase names the end of the chain: the answer's label, or the last hop when
      // that hop points at the answer (a relation's name describes its target: "directors" for
      // directed_by; "language" says nothing about the films that in_language~ leads back to).
      // A word before the anchor naming the anchor's own label speaks of the anchor wherever it
      // stands: "the film script for X" reads outward as script, film — the compound's modifier
      // names X's type. (After the anchor — "X also wrote movies" — the noun is what comes back.)
      if (w.answer === undefined && !w.other && w.index < anchorStart && p > 0 && sims[k]![0]! > 0) put(p * masks + mask, c.score + sims[k]![0]!, c.gain + sims[k]![0]!, c.lost, state, 0);
      // A word saying how the answer is reached names the last hop, in either direction, and nothing else.
      if (w.last) {
        const q = ordered.length - 2;
        const s = sims[k]![q]!;
        if (s > 0) put(p * masks + (mask | (1 << (h - 1))), c.score + s, c.gain + s, c.lost, state, q);
        continue;
      }
      // Round 19 (words19): the answer head's complement ("what kinds of films have they written") may name the
      // label the last hop starts from, wherever the rest of the sentence stands, without moving the alignment
      // on; it keeps its other readings ("the other movies of the director of X": director → directed_by).
      if (w.complement) {
        const q = ordered.length - 3;
        const s = sims[k]![q]!;
        if (s > 0) put(p * masks + mask, c.score + s, c.gain + s, c.lost, state, q);
      }
      // A noun the name owns names the anchor's own slots wherever it stands ("its director" after "the other films").
      if (w.owned && w.answer === undefined && p > 2) {
        for (let q = 0; q <= 2; q++) {
          const s = sims[k]![q]!;
          if (s > 0) put(p * masks + (q === 1 ? mask | 1 : mask), c.score + s, c.gain + s, c.lost, state, q);
        }
        continue;
      }
      // A relative clause's verb names a hop at or before the slot its noun reached (`contactVerb`).
      if (w.contact && w.answer === undefined) {
        const reached = Math.max(Math.floor(state / masks), 1);
        for (let q = 1; q <= reached && q < ordered.length; q += 2) {
          const s = sims[k]![q]!;
          if (s > 0) put((k === restartAt ? q : p) * masks + (mask | (1 << ((q - 1) / 2))), c.score + s, c.gain + s, c.lost, state, q);
        }
        continue;
      }
      for (let q = w.answer !== undefined ? Math.max(p, ordered.length - 2) : p; q < ordered.length; q++) {
        if (w.answer !== undefined && q === ordered.length - 2 && steps[h - 1]!.direction !== 'out') continue;
        // "the other films": not the anchor, so not the anchor's label.
        if (w.other && q === 0) continue;
        // "as director": the anchor's role, its own hop.
        if (w.role && w.answer === undefined && q !== 1) continue;
        // "X's director", "the X director": the anchor's own hop, or what it reaches; "the X movie":
        // the anchor's own kind.
        if (w.owned && q > 2) continue;
        const s = sims[k]![q]!;
        if (s <= 0) continue;
        const slot = ordered[q]!;
        const m = slot.kind === 'relation' ? mask | (1 << slot.hop) : mask;
        put((w.answer !== undefined ? p : q) * masks + m, c.score + s, c.gain + s, c.lost, state, q);
      }
    }
    dp = next;
    trail.push(dp);
  }
  const missing = (mask: number): number => {
    let cost = 0;
    for (let i = 0; i < h; i++) {
      if (mask & (1 << i)) continue;
      // A hop out and back along one relation is implied by the phrase that names either of them
      // ("films that share directors with X"; "who co-wrote films with X": X wrote them too): half the cost.
      cost += partnerHop(steps, i, mask) >= 0 ? RANK_WEIGHTS.uncoveredHop / 2 : RANK_WEIGHTS.uncoveredHop;
    }
    return cost;
  };
  let best = -1;
  let bestScore = -Infinity;
  for (let state = 0; state < width; state++) {
    const c = dp[state];
    if (!c) continue;
    const s = c.score - missing(state % masks);
    if (s > bestScore) {
      bestScore = s;
      best = state;
    }
  }
  const final = dp[best]!;
  const matches: WordMatch[] = [];
  let bodyMask = 0;
  let namedMask = 0;
  let strictMask = 0;
  let state = best;
  for (let k = ws.length; k > 0; k--) {
    const c = trail[k]![state]!;
    const w = ws[k - 1]!;
    if (c.choice >= 0) {
      const slot = ordered[c.choice]!;
      const strict = strictSimilarity(w, slot, ctx, asked);
      matches.push({ word: w.word, slot: slotName(slot), similarity: sims[k - 1]![c.choice]!, ...(strict < sims[k - 1]![c.choice]! ? { via: membersReason(w, slot, ctx) } : {}) });
      if (slot.kind === 'relation' && strict > 0) strictMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && (w.answer === undefined || sims[k - 1]![c.choice]! >= NAMES)) bodyMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && w.answer === undefined && sims[k - 1]![c.choice]! >= NAMES) namedMask |= 1 << slot.hop;
    } else if (w.relevance > 0) matches.push({ word: w.word, slot: 'unexplained', similarity: 0 });
    state = c.from;
  }
  matches.reverse();
  return { gain: final.gain, lost: final.lost + missing(best % masks), mask: best % masks, bodyMask, namedMask, strictMask, matches };
}

/**
 * Two anchors: each word goes to its best slot (order says little when two entities share it),
 * except the answer phrase's, which only the answer's own slots may take (`answerSlots`).
 */
function alignUnordered(words: readonly QuestionWord[], slots: readonly Slot[], answerSlots: ReadonlySet<number>, hops: number, ctx: RankContext, asked: AskedType | undefined): Alignment {
  let gain = 0;
  let lost = 0;
  let mask = 0;
  let bodyMask = 0;
  let namedMask = 0;
  let strictMask = 0;
  const matches: WordMatch[] = [];
  for (const w of words) {
    let best = -1;
    let bestSim = 0;
    slots.forEach((s, i) => {
      if (w.answer !== undefined && !answerSlots.has(i)) return;
      if (w.other && (i === 0 || i === 4)) return;
      const x = similarity(w, s, ctx, asked);
      if (x > bestSim) {
        bestSim = x;
        best = i;
      }
    });
    if (best >= 0) {
      gain += bestSim;
      const slot = slots[best]!;
      if (slot.kind === 'relation') mask |= 1 << slot.hop;
      const strict = strictSimilarity(w, slot, ctx, asked);
      if (slot.kind === 'relation' && strict > 0) strictMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && (w.answer === undefined || bestSim >= NAMES)) bodyMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && w.answer === undefined && bestSim >= NAMES) namedMask |= 1 << slot.hop;
      matches.push({ word: w.word, slot: slotName(slot), similarity: bestSim, ...(strict < bestSim ? { via: membersReason(w, slot, ctx) } : {}) });
    } else if (!w.wh && w.relevance > 0) {
      lost += RANK_WEIGHTS.skip * w.relevance;
      matches.push({ word: w.word, slot: 'unexplained', similarity: 0 });
    }
  }
  // A path's two hops are often implied by the entities themselves ("films with A and B"): half
  // cost; a conjunction's third hop is not.
  for (let i = 0; i < hops; i++) if (!(mask & (1 << i))) lost += i < 2 ? RANK_WEIGHTS.uncoveredHop / 2 : RANK_WEIGHTS.uncoveredHop;
  return { gain, lost, mask, bodyMask, namedMask, strictMask, matches };
}


/**
 * Scores every candidate against the question; best first (ties: fewer hops, more answers).
 * Evidence, all from the question and the graph's own names: the question's words aligned with
 * the candidate's relation and label names (WordNet), and the type the answer phrase asks for
 * against the label the candidate's answers have — a candidate ending elsewhere ranks below every
 * one that fits, whatever it returns.
 */
export function rankCandidates(g: Grounding, candidates: readonly Candidate[], ctx: RankContext): RankedCandidate[] {
  return rankWith(g, candidates, ctx).ranked;
}

/**
 * Round 19 (words19b), "anything else …" asked with no answer noun ("anything else out there from the
 * same writer as X?", "is there something else by the director of X"): a thing pronoun with "else"
 * after it stands for things other than the one named — of the anchor's own kind, as "more by …" does
 * (`AskedType.sameAsAnchor`). Only where no wh-word or request asks, or the pronoun itself opens the
 * question's noun phrase, and not after "or"/"and". Returns the two words, or undefined.
 */
function somethingElse(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[]): string | undefined {
  // Not an alternative offered ("is X in English or something else"): that one is an answer, not what is asked.
  const at = g.tokens.findIndex((t, i) => THING_PRONOUNS.has(t.norm) && !inAnchor(i) && !inAnchor(i + 1) && g.tokens[i + 1]?.norm === 'else' && !CONJUNCTIONS.has(g.tokens[i - 1]?.norm ?? ''));
  if (at < 0 || !(phrase.length === 0 || (phrase.length === 2 && phrase[0] === at && phrase[1] === at))) return undefined;
  return `${g.tokens[at]!.norm} else`;
}

/** The ranking with what the question was read as (its words and the asked type). */
export function rankWith(question: Grounding, candidates: readonly Candidate[], ctx: RankContext): { ranked: RankedCandidate[]; asked: AskedType | undefined; unread: readonly string[] } {
  const g = asRead(question, ctx);
  const inAnchor = (i: number): boolean => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
  const read = questionWords(g, ctx);
  // Several words no dictionary sense reads (not slips of English words: `respelled` has mended those):
  // the sentence is partly in another language or dialect, and what those words say is unknown.
  const unknown = read.filter((w) => !w.wh && w.relevance === 0 && /^\p{L}+$/u.test(w.word) && !ctx.meaning.knows(w.word)).map((w) => w.word);
  const unknownWords = unknown.length >= UNKNOWN_WORDS ? { unknownWords: unknown } : {};
  // Such a sentence need not keep English word order: an English verb right after a noun may have it
  // as its object ("X ne kaunsi films direct ki hain": the films X directed), so it names the hop
  // reaching that noun or one before, as a relative clause's verb does (`contactVerb`).
  const words =
    unknown.length < UNKNOWN_WORDS
      ? read
      : read.map((w) => {
          const before = g.tokens[w.index - 1];
          const objectFirst = w.answer === undefined && w.relational > 0 && ctx.meaning.isVerbForm(w.word) && before !== undefined && !inAnchor(w.index - 1) && !isStopWord(before.norm) && ctx.meaning.isNoun(before.norm);
          return objectFirst ? { ...w, contact: true } : w;
        });
  const phrase = answerPhrase(g, inAnchor, ctx);
  const objectAt = objectQuestion(g, inAnchor, phrase, ctx);
  const object = objectAt === undefined ? undefined : { opener: g.tokens[THING_PRONOUNS.has(g.tokens[objectAt]!.norm) ? objectAt : phrase[0]!]!.norm, ...(AUXILIARIES.has(g.tokens[objectAt]!.norm) || objectAt < phrase[0]! || THING_PRONOUNS.has(g.tokens[objectAt]!.norm) ? {} : { subject: true }) };
  const opener = phrase.length === 1 ? g.tokens[phrase[0]!]!.norm : '';
  const asked = onlyValuesAsked(g, inAnchor, ctx) ?? askedType(words, ctx, object, (phrase[0] === 0 && OPENING_OTHER.has(opener)) || (phrase.length === 1 && phrase[0]! > 0 && otherOpening(g, phrase[0]!, inAnchor, ctx)) ? opener : somethingElse(g, inAnchor, phrase), howClauseVerb(g, inAnchor, phrase, ctx), phrase.length > 0 && g.tokens[phrase[0]!]!.norm === 'how');
  // Content words that name nothing in the graph ("describe", "appears"): when a candidate's
  // relation is chosen without a word for it, such a word may be the one that meant it.
  const unread = words.filter((w) => !w.wh && !w.head && w.relevance === 0 && w.answer === undefined).map((w) => w.word);
  // What is asked is headed by a noun WordNet knows that names nothing in the graph, and no type is
  // read ("timeline of films directed by X"): the candidates answer something, not what was asked.
  // A noun phrase standing alone only: after a wh-word the sentence may say it otherwise ("which shelf
  // does X go on, genre-wise I mean").
  const bareNoun = phrase.length === 2 && phrase[0] === phrase[1];
  const unknownHead = asked === undefined && bareNoun ? words.find((w) => !w.wh && w.index === phrase[0] && w.relevance === 0 && ctx.meaning.isNoun(w.word) && !ctx.meaning.isContent(w.word))?.word : undefined;
  const anchorScore = (mention: number): number => g.mentions[mention]!.score;
  // A name joined by "or" to "other N", "what" or another name is offered as one possible answer
  // ("does X direct in English or other languages", "are they English or what"), when it is of the
  // type asked: one of the answers, not what the answers are reached from. Leaving it out costs nothing.
  // A name in an afterthought ("…? fixin to watch it with X") is the speaker's company: leaving it out costs nothing.
  const requests = new Set(clauseRequests(g, inAnchor, ctx));
  const offered = new Set(g.anchors.filter((x) => offeredAnswer(g, x, asked, inAnchor)));
  const company = new Set(g.anchors.filter((x) => afterthought(g, g.mentions[x]!.tokenStart, inAnchor, phrase, requests, ctx)));
  // Where a later clause's "its" stands for each anchor: the same for every candidate from it.
  const standIns = new Map<number, number>();
  const standInOf = (mention: number): number => {
    let at = standIns.get(mention);
    if (at === undefined) standIns.set(mention, (at = itsStandIn(g, mention, phrase, ctx)));
    return at;
  };
  // Round 21 (words21b): a noun phrase standing apart before a yes/no question (`topicThenQuestion`); confidence only.
  const topic = topicThenQuestion(g, inAnchor, phrase, clauseStarts(g, inAnchor), requests);
  const unreadAt = (i: number): boolean => words.some((w) => w.index === i && !w.wh && w.relevance === 0);
  // Round 21 (words21a): the clause read as the question and the story around it, in words (`clauseNote`).
  const clauses = clauseNote(g);
  const out: RankedCandidate[] = candidates.map((candidate) => {
    const shape = candidate.shape;
    let a: Alignment;
    let hops: number;
    let used: number[];
    let relations: string[];
    let answerLabel: string;
    if (shape.kind === 'chain') {
      const m = g.mentions[shape.anchor.mention]!;
      // Round 20 (words20): a later clause's "its" stands where the name would (`itsStandIn`).
      const its = standInOf(shape.anchor.mention);
      // Words of the other anchors are not this chain's relation words, but they are not free either.
      a = alignChain(
        words.filter((w) => !(m.tokenStart <= w.index && w.index < m.tokenEnd)),
        its >= 0 ? its : m.tokenStart,
        its >= 0 ? its + 1 : m.tokenEnd,
        shape.anchor.label,
        shape.steps,
        ctx,
        asked,
      );
      hops = shape.steps.length;
      used = [shape.anchor.mention];
      relations = shape.steps.map((s) => s.relation + (s.direction === 'out' ? '' : '~'));
      answerLabel = shape.steps[hops - 1]!.label;
    } else {
      const slots: Slot[] = [
        labelSlot(shape.anchors[0].label, ctx),
        relationSlot(shape.first, 0, ctx),
        labelSlot(shape.first.label, ctx),
        relationSlot(shape.second, 1, ctx),
        labelSlot(shape.anchors[1].label, ctx),
      ];
      if (shape.kind === 'conjunction') slots.push(relationSlot(shape.then, 2, ctx), labelSlot(shape.then.label, ctx));
      hops = shape.kind === 'conjunction' ? 3 : 2;
      // The answer: the middle node of a path; the far end of a conjunction's third hop.
      const answerSlots = new Set(shape.kind === 'conjunction' ? [6, ...(shape.then.direction === 'out' ? [5] : [])] : [2]);
      a = alignUnordered(words, slots, answerSlots, hops, ctx, asked);
      used = [shape.anchors[0].mention, shape.anchors[1].mention];
      relations = [shape.first.relation, shape.second.relation, ...(shape.kind === 'conjunction' ? [shape.then.relation] : [])];
      answerLabel = shape.kind === 'conjunction' ? shape.then.label : shape.first.label;
    }
    const anchorLabels = shape.kind === 'chain' ? [shape.anchor.label] : [shape.anchors[0].label, shape.anchors[1].label];
    const answerFits = asked ? (asked.sameAsAnchor ? anchorLabels.includes(answerLabel) : asked.labels.includes(answerLabel)) : undefined;
    // A type read through WordNet is-a is a probable reading of the answer noun, a relation a word
    // names outright is certain: when they disagree ("which words describe X", words → speech ∋
    // language, while "described by" names has_tags) the named relation says what comes back
    // (the disagreement still makes the choice weak). A type named exactly, or by an alias, rules.
    // The relation that leads to the answers: a chain's or a conjunction's last hop; either hop of a path.
    const lastNamed = shape.kind === 'path' ? (a.namedMask & 3) !== 0 : (a.namedMask & (1 << (relations.length - 1))) !== 0;
    // A wh-word's kind is grammar's, not a reading of a noun: "when" asks for a time whatever the
    // words after it name ("when did the director of X release his other films").
    const overruled = answerFits === false && asked!.how === 'is-a' && !asked!.byExclusion && !asked!.sameAsAnchor && WH_WORDS[asked!.word] === undefined && lastNamed;
    const wrongType = answerFits === false && !overruled ? RANK_WEIGHTS.answerType : 0;
    // Reaching the answers from a name offered as one of them reads an answer as a condition.
    const ignored = g.anchors.filter((x) => !used.includes(x) && !offered.has(x) && !company.has(x)).reduce((s, x) => s + RANK_WEIGHTS.ignoredAnchor * anchorScore(x), 0) + (used.some((x) => offered.has(x)) ? RANK_WEIGHTS.answerType : 0);
    const bonus = used.reduce((s, x) => s + RANK_WEIGHTS.anchor * anchorScore(x), 0);
    const spelledAsWritten = (shape.kind === 'chain' ? [shape.anchor] : shape.anchors).filter((x) => asWritten(g, x.mention, x.name)).map((x) => `"${x.name}" (${x.label})`);
    const score = a.gain - a.lost - ignored - wrongType - RANK_WEIGHTS.hop * hops + bonus + RANK_WEIGHTS.spelling * spelledAsWritten.length;
    const fit = a.gain + a.lost + ignored + wrongType > 0 ? a.gain / (a.gain + a.lost + ignored + wrongType) : 0;
    // A hop no word names, unless the shape implies it: a path's two hops ("films with A and B"),
    // a hop back along the relation just named ("share directors with").
    const implied = (i: number): boolean => (shape.kind === 'chain' ? partnerHop(shape.steps, i, a.mask) >= 0 : i < 2);
    const unspoken = relations.filter((_, i) => !(a.mask & (1 << i)) && !implied(i));
    const answerOnly = relations.filter((_, i) => a.mask & (1 << i) && !(a.bodyMask & (1 << i)) && !implied(i));
    const impliedOnly = shape.kind === 'chain' ? relations.filter((_, i) => !(a.mask & (1 << i)) && implied(i)) : [];
    const byMembers = relations.filter((_, i) => a.mask & (1 << i) && !(a.strictMask & (1 << i)));
    const fitsByMembers = answerFits === true && (asked!.byMembers ?? []).includes(answerLabel);
    const byValues = byMembers.filter((x) => ctx.vocabulary.valueRelations.has(x.replace(/~$/, '')));
    const byNames = byMembers.filter((x) => ctx.vocabulary.memberRelations.has(x.replace(/~$/, '')));
    const throughScale =
      shape.kind === 'chain'
        ? shape.steps.flatMap((s, i) => {
            const j = !(a.mask & (1 << i)) ? partnerHop(shape.steps, i, a.mask) : -1;
            const middle = j >= 0 ? shape.steps[Math.min(i, j)]!.label : '';
            const via = ctx.vocabulary.valueLabels.get(middle);
            return via ? [`${relations[Math.min(i, j)]} > ${relations[Math.max(i, j)]} (${middle}: ${via.length} values)`] : [];
          })
        : [];
    const faint = relations.flatMap((r, i) => {
      if (!(a.mask & (1 << i))) return [];
      const links = a.matches.filter((m) => m.slot === `relation ${r.replace(/~$/, '')}` && !m.via);
      const best = Math.max(0, ...links.map((m) => m.similarity));
      return links.length > 0 && best < RANK_WEIGHTS.faint ? [`${links.map((m) => `"${m.word}"`).join(', ')} → ${r} (${best.toFixed(2)})`] : [];
    });
    const rareSenses = words.filter((w) => w.rare && a.matches.some((m) => m.word === w.word && w.rare!.relations.some((r) => m.slot === `relation ${r}`))).map((w) => w.rare!.why);
    const unexplainedNames = a.matches.filter((m) => m.slot === 'unexplained' && words.some((w) => w.word === m.word && w.relational >= NAMES)).map((m) => m.word);
    const loose = relations.flatMap((r, i) => {
      if (!(a.mask & (1 << i))) return [];
      const links = a.matches.filter((m) => m.slot === `relation ${r.replace(/~$/, '')}` && !m.via);
      const best = Math.max(0, ...links.map((m) => m.similarity));
      return links.length > 0 && best >= RANK_WEIGHTS.faint && best < NAMES ? [`${links.map((m) => `"${m.word}"`).join(', ')} → ${r} (${best.toFixed(2)})`] : [];
    });
    // Round 21 (words21b): too thin for a match by the chain's shape or the sentence (`round21bWeak`); confidence only.
    const weak21b = round21bWeak(g, inAnchor, shape, a.matches, unreadAt, topic, ctx);
    return { candidate, score, fit, matches: a.matches, answerLabel, answerFits, unspoken, answerOnly, impliedOnly, byMembers, fitsByMembers, byValues, byNames, throughScale, faint, spelledAsWritten, rareSenses, unexplainedNames, loose, shorterFits: false, ...(unknownHead !== undefined ? { unknownHead } : {}), ...unknownWords, ...(weak21b ? { weak21b } : {}), ...(clauses !== undefined ? { clauses } : {}) };
  });
  // Which candidates are longer than a query that already returns the asked type from the same anchors.
  const anchorsOf = (c: Candidate): string => (c.shape.kind === 'chain' ? `${c.shape.anchor.node}` : `${c.shape.anchors[0].node},${c.shape.anchors[1].node}`);
  const shortest = new Map<string, number>();
  for (const r of out) if (r.answerFits === true) shortest.set(anchorsOf(r.candidate), Math.min(shortest.get(anchorsOf(r.candidate)) ?? Infinity, hopsOf(r)));
  for (let i = 0; i < out.length; i++) if (out[i]!.answerFits === true && hopsOf(out[i]!) > (shortest.get(anchorsOf(out[i]!.candidate)) ?? Infinity)) out[i] = { ...out[i]!, shorterFits: true };
  // Round 19c: a relation's own word read only as a label (`labelOnlyName`); confidence only.
  const named = relationWords(words, ctx);
  if (named.length > 0)
    for (let i = 0; i < out.length; i++) {
      const labelOnly = labelOnlyName(out[i]!, named);
      if (labelOnly) out[i] = { ...out[i]!, labelOnly };
    }
  // The last tie-break is the shape itself, so either enumerator (snapshot or store, which list
  // candidates in different orders) leads to the same choice.
  out.sort((x, y) => y.score - x.score || hopsOf(x) - hopsOf(y) || answerCount(y.candidate) - answerCount(x.candidate) || shapeOrder(x.candidate.shape, y.candidate.shape));
  return { ranked: out, asked, unread };
}

/**
 * Round 19c, a relation's own word read only as a label: the question words that name relations of
 * the graph outright (relatedness ≥ NAMES: "directors" → directed_by, "wrote" → written_by), each
 * with the relations it names and whether it is the answer phrase's head noun.
 */
function relationWords(words: readonly QuestionWord[], ctx: RankContext): { word: string; relations: string[]; head: boolean }[] {
  return words
    .filter((w) => !w.wh && !w.co && w.relational >= NAMES)
    .map((w) => ({ word: w.word, relations: [...ctx.vocabulary.relations].filter(([, terms]) => bestOf(ctx.meaning, w.word, terms) >= NAMES).map(([r]) => r), head: w.answer === 0 }))
    .filter((w) => w.relations.length > 0);
}

/**
 * Round 19c: a word that names a relation outright says how things are joined ("directors": those
 * who directed something; "wrote": the writing). When a candidate reads it only as a label (Person,
 * or a Tag "wrote" resembles) and none of the relations it names is where it would speak — for the
 * answer noun, the hop reaching the answers ("which directors made films from the writer's other
 * scripts" answered by written_by); for any other word, anywhere in the chain ("who directed the
 * films written by …" through has_tags) — the word's own meaning is left out: the choice is a
 * guess, however well the other words fit. Confidence only; the ranking is untouched.
 */
function labelOnlyName(r: RankedCandidate, named: readonly { word: string; relations: string[]; head: boolean }[]): string | undefined {
  const s = r.candidate.shape;
  const all = s.kind === 'chain' ? s.steps.map((x) => x.relation) : s.kind === 'path' ? [s.first.relation, s.second.relation] : [s.first.relation, s.second.relation, s.then.relation];
  const reaching = s.kind === 'chain' ? [s.steps[s.steps.length - 1]!.relation] : s.kind === 'path' ? all : [s.then.relation];
  for (const w of named) {
    const read = r.matches.filter((m) => m.word === w.word);
    if (read.length === 0 || !read.every((m) => m.slot.startsWith('label '))) continue;
    const where = w.head ? reaching : all;
    if (where.some((x) => w.relations.includes(x))) continue;
    return `"${w.word}" names ${w.relations.join(', ')}, but is read only as ${read[0]!.slot} (${read[0]!.similarity.toFixed(2)}); ${w.head ? 'the answers are reached by' : 'the query goes through'} ${where.join(w.head ? ' or ' : ', ')}`;
  }
  return undefined;
}

/**
 * The hop that makes hop `i` of a chain one half of an out-and-back along one relation, or -1: the
 * hop before it (the relation just named: "share directors with X"), or, for the anchor's own hop,
 * the hop after it when a word names that one ("who co-wrote films with X": the films X wrote, then
 * their writers).
 */
function partnerHop(steps: readonly Step[], i: number, named: number): number {
  const pair = (x: number, y: number): boolean => steps[x]!.relation === steps[y]!.relation && steps[x]!.direction !== steps[y]!.direction;
  // A hop implied only by another implied hop is implied by nothing: out, back and out again along
  // one relation is not three hops for the price of one word.
  if (i > 0 && pair(i - 1, i) && (named & (1 << (i - 1)) || partnerHop(steps, i - 1, named) < 0)) return i - 1;
  // Forward only from the anchor: "with X" leaves X's own role unsaid; a middle node's role is
  // set by the words that reached it ("the other films of the director of X": directed).
  // One named hop implies one partner: with a hop back after it too ("the people in X have been
  // directed by whom in other films" read as directed_by > directed_by~ > directed_by), the hop
  // back is the one implied, the anchor's own is not.
  if (i === 0 && steps.length > 1 && named & 2 && pair(0, 1) && !(steps.length > 2 && pair(1, 2) && !(named & 4))) return 1;
  return -1;
}

/** The node's name is the mention's text exactly, and some other node of the mention is spelled otherwise. */
function asWritten(g: Grounding, mention: number, name: string): boolean {
  const m = g.mentions[mention]!;
  return m.text === name && m.nodes.some((n) => n.name !== name);
}

function shapeOrder(a: CandidateShape, b: CandidateShape): number {
  const nodes = (s: CandidateShape): number[] => (s.kind === 'chain' ? [s.anchor.node] : [s.anchors[0].node, s.anchors[1].node]);
  const x = describeShape(a);
  const y = describeShape(b);
  if (x !== y) return x < y ? -1 : 1;
  const p = nodes(a);
  const q = nodes(b);
  return p[0]! - q[0]! || (p[1] ?? 0) - (q[1] ?? 0);
}

function hopsOf(r: RankedCandidate): number {
  const s = r.candidate.shape;
  return s.kind === 'chain' ? s.steps.length : s.kind === 'path' ? 2 : 3;
}

/**
 * Same answers: two readings that agree are not rivals. Store candidates carry only counts: the
 * Asker reads their answer sets where it matters and passes `confidenceOf` its own comparison.
 */
export function sameAnswers(a: Candidate, b: Candidate): boolean {
  if (a.source !== 'snapshot' || b.source !== 'snapshot') return false;
  if (a.nodes.length !== b.nodes.length) return false;
  const x = Array.from(a.nodes).sort((p, q) => p - q);
  const y = Array.from(b.nodes).sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

/**
 * Confidence in the top candidate: how much of the question it explains (fit) times how clearly
 * it beats the best rival with different answers (margin 0.5 or more: full). Capped below a match
 * (0.49) when the evidence is weak: its answers are not of the asked type, or a relation of it has
 * no word for it while a question word the graph's names do not know may have meant another.
 */
export function confidenceOf(ranked: readonly RankedCandidate[], unread: readonly string[] = [], same: (a: Candidate, b: Candidate) => boolean = sameAnswers): number {
  const top = ranked[0];
  if (!top) return 0;
  const rival = ranked.slice(1, 50).find((r) => !same(r.candidate, top.candidate));
  const margin = rival ? top.score - rival.score : 1;
  const c = Math.max(0, Math.min(1, top.fit * Math.min(1, margin / FULL_MARGIN)));
  return weakEvidence(top, unread) || lengthUndecided(ranked, same) ? Math.min(c, WEAK_CAP) : c;
}

/**
 * The answer type decides a chain's length ("which films" stops at the films); a question that names
 * no type leaves it open. When its best rival (different answers) is the same chain from the same
 * anchor a hop or more longer or shorter ("X co-writer list": X's films, or their other writers; "X -
 * more by the same director": the director, or their films) and it trails by less than a full margin,
 * the words chose the relations but nothing chose where to stop: the choice is a guess. Measured on
 * held-out sets 1–9: 5.5 % of such confident choices were wrong (52 of 939), against 0.75 % of all.
 */
export function lengthUndecided(ranked: readonly RankedCandidate[], same: (a: Candidate, b: Candidate) => boolean = sameAnswers): string | undefined {
  const top = ranked[0];
  if (!top || top.candidate.shape.kind !== 'chain') return undefined;
  const rival = ranked.slice(1, 50).find((r) => !same(r.candidate, top.candidate));
  if (!rival || rival.candidate.shape.kind !== 'chain' || top.score - rival.score >= FULL_MARGIN) return undefined;
  const a = top.candidate.shape;
  const b = rival.candidate.shape;
  const tail = tailUndecided(top, rival);
  if (tail) return tail;
  if (top.answerFits !== undefined) return undefined;
  if (a.anchor.node !== b.anchor.node || a.steps.length === b.steps.length) return undefined;
  const [short, long] = a.steps.length < b.steps.length ? [a, b] : [b, a];
  const prefix = short.steps.every((s, i) => s.relation === long.steps[i]!.relation && s.direction === long.steps[i]!.direction);
  return prefix ? `the question names no type, and ${describeShape(rival.candidate.shape)} (${rival.score.toFixed(2)}) is the same chain ${b.steps.length > a.steps.length ? 'going further' : 'stopping sooner'}: nothing says where it stops` : undefined;
}

/**
 * Out, back and out again along one relation, the last hop named by no word: the shape alone reads it
 * as the partners' partners ("who's in the other films the writer of X wrote": "writer" and "wrote"
 * name written_by out and back, nothing names the third hop). When the best rival is the same chain
 * but for a last hop no word names either, trailing by less than a full margin, the shape's half price
 * chose the last hop, not the question: a guess.
 */
function tailUndecided(top: RankedCandidate, rival: RankedCandidate): string | undefined {
  const a = top.candidate.shape;
  const b = rival.candidate.shape;
  if (a.kind !== 'chain' || b.kind !== 'chain' || a.anchor.node !== b.anchor.node || a.steps.length < 3 || a.steps.length !== b.steps.length) return undefined;
  const h = a.steps.length;
  const [x, y, z] = a.steps.slice(h - 3);
  if (!(x!.relation === y!.relation && y!.relation === z!.relation && x!.direction === z!.direction && x!.direction !== y!.direction)) return undefined;
  const key = (s: Step): string => s.relation + (s.direction === 'out' ? '' : '~');
  if (!a.steps.slice(0, h - 1).every((s, i) => key(s) === key(b.steps[i]!)) || !top.impliedOnly.includes(key(z!)) || !rival.unspoken.includes(key(b.steps[h - 1]!))) return undefined;
  return `no question word names the last hop: ${key(z!)} there is only the hop back along the one before, and ${describeShape(b)} (${rival.score.toFixed(2)}) ends on ${key(b.steps[h - 1]!)}, which no word names either`;
}

/** How many words the lexicon does not know make a question partly unreadable (one is a slip or a name). */
const UNKNOWN_WORDS = 2;

/** A margin to the best rival at which the choice is as clear as the evidence (confidence = fit). */
const FULL_MARGIN = 0.5;

/** The confidence a choice on weak evidence is capped at: just below a match. */
export const WEAK_CAP = 0.49;

/** Why the evidence for a candidate is weak, if it is (undefined: it is not). */
export function weakEvidence(r: RankedCandidate, unread: readonly string[]): string | undefined {
  if (r.answerFits === false) return `its answers are ${r.answerLabel}, not the type the question asks for`;
  if (r.unknownHead !== undefined) return `what is asked, "${r.unknownHead}", names nothing in the graph`;
  if (r.unknownWords !== undefined) return `${r.unknownWords.map((w) => `"${w}"`).join(', ')} are words the lexicon does not know: the question may say what its known words do not`;
  // What a label's members are is a hint about the label, not a word for the relation: loose.
  const byWords = r.byMembers.filter((x) => !r.byValues.includes(x) && !r.byNames.includes(x));
  if (byWords.length > 0) return `only what its members are (common words) links the question to ${byWords.join(', ')}`;
  if (r.byNames.length > 0) return `only a word naming one of its range's members links the question to ${r.byNames.join(', ')}`;
  // Out and back through one of a scale's few values: "the rating of films with as many votes as X".
  if (r.throughScale.length > 0) return `the chain goes out and back through a scale's value, which no word names: ${r.throughScale.join('; ')}`;
  if (r.faint.length > 0) return `only a faint link (below ${RANK_WEIGHTS.faint}) speaks for a relation: ${r.faint.join('; ')}`;
  if (r.byValues.length > 0) return `only a scale's values in the graph link the question to ${r.byValues.join(', ')} (its range is a scale of a few values)`;
  if (r.fitsByMembers) return `its answers fit the asked type only because ${r.answerLabel}'s members are common words`;
  // Round 19c: a word naming a relation outright is read only as a label, its relation left out.
  if (r.labelOnly) return r.labelOnly;
  // Round 21 (words21b): a scale's value as a hub, a noun phrase standing apart, a name held by another noun.
  if (r.weak21b) return r.weak21b;
  // A hop no word names, while a word naming another relation outright is left unread by this
  // chain ("… the person who directed X" answered through X's actors): that word meant a hop.
  if (r.unspoken.length > 0 && r.unexplainedNames.length > 0)
    return `no question word names ${r.unspoken.join(', ')}, and ${r.unexplainedNames.map((w) => `"${w}"`).join(', ')}, which ${r.unexplainedNames.length === 1 ? 'names' : 'name'} a relation outright, is left unexplained`;
  // Hops a looser word pays for where a shorter query already answers the asked type ("put X in one
  // genre": put → directed_by 0.51 made the genres of X's director's other films): the extra hops are a guess.
  if (r.loose.length > 0 && r.shorterFits) return `only a loose link (below ${NAMES}) speaks for ${r.loose.join('; ')}, and a shorter query already answers the asked type`;
  if (unread.length === 0) return undefined;
  const words = `${unread.map((w) => `"${w}"`).join(', ')} ${unread.length === 1 ? 'names' : 'name'} nothing in the graph`;
  if (r.unspoken.length > 0) return `no question word names ${r.unspoken.join(', ')}, and ${words}`;
  if (r.answerOnly.length > 0) return `only the answer phrase names ${r.answerOnly.join(', ')}, and ${words}`;
  // "who appears in films written by X": written_by~ > written_by explains every word it reads,
  // but its hop back is only the shape's; the unread word may have meant the last hop.
  if (r.impliedOnly.length > 0) return `no question word names the hop back along ${r.impliedOnly.join(', ')} (only the chain's shape implies it), and ${words}`;
  return undefined;
}

/**
 * The evidence that chose a candidate, in words, for the result and the Grounding view: the type
 * asked for against the type of its answers, each question word and the name it met, the relations
 * no word names, and why the evidence is weak when it is.
 */
export function evidenceOf(r: RankedCandidate, asked: AskedType | undefined, unread: readonly string[]): string[] {
  const out: string[] = [];
  if (asked) out.push(`asks for ${asked.sameAsAnchor ? "the anchor's own kind" : asked.labels.length ? asked.labels.join(' or ') : 'no label of the graph'} (${asked.detail}); its answers are ${r.answerLabel}${r.answerFits ? ', which fits' : ', which does not fit'}`);
  else out.push(`the question names no type the graph has; its answers are ${r.answerLabel}`);
  if (r.clauses) out.push(r.clauses);
  for (const m of r.matches)
    out.push(m.slot === 'unexplained' ? `"${m.word}" is about the graph's names but explained by nothing here` : `"${m.word}" → ${m.slot} (${m.similarity.toFixed(2)}${m.via ? `, loosely: ${m.via}` : ''})`);
  out.push(...r.rareSenses);
  if (r.unspoken.length > 0) out.push(`no question word names ${r.unspoken.join(', ')}: chosen by the graph's structure`);
  if (r.spelledAsWritten.length > 0) out.push(`${r.spelledAsWritten.join(', ')} is spelled exactly as the question writes it (another node of that name differs in case)`);
  const weak = weakEvidence(r, unread);
  if (weak) out.push(`weak evidence: ${weak}`);
  return out;
}
