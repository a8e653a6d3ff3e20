/**
 * The type of answer a question asks for ("who" a person, "which year" a year), read from the wh-phrase,
 * the asking verb or the object of a request.
 */
import { isStopWord, lemmasOf } from '../embed/lexicon/normalize';
import type { TypeResolution } from '../retrieve/labels';
import { clauseRequests, onlyValues } from './asking';
import { AUXILIARIES, DETERMINERS, INDIRECT_OBJECTS, OTHER, THING_PRONOUNS } from './english';
import { attributeType } from './everyday';
import type { Grounding } from './ground';
import { personLabels } from './labelWords';
import type { AskedType, QuestionWord, RankContext } from './rankTypes';

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

/** Round 20 (words20b): the type "only V … or others" asks for when no word beside V names it (`onlyValues`). */
export function onlyValuesAsked(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): AskedType | undefined {
  const only = onlyValues(g, inAnchor, ctx);
  if (!only || only.head !== undefined) return undefined;
  const names = only.labels;
  const value = g.mentions[only.value]!.text;
  return { word: value, labels: names, how: 'is-a', detail: `"only ${value} … or other(s)" asks for the values "${value}" is one of: ${names.join(' or ')}` };
}

/** A name offered as one of the answers: of the asked type, with "or" after it and then "other",
 *  "what" or another name ("English or other languages", "English or what", "comedy or drama"). */
export function offeredAnswer(g: Grounding, mention: number, asked: AskedType | undefined, inAnchor: (i: number) => boolean): boolean {
  const m = g.mentions[mention]!;
  if (!asked || asked.labels.length === 0 || !m.nodes.some((n) => asked.labels.includes(n.label))) return false;
  const or = m.tokenEnd;
  if (g.tokens[or]?.norm !== 'or' || inAnchor(or)) return false;
  const next = or + 1;
  return inAnchor(next) || OTHER.has(g.tokens[next]?.norm ?? '') || g.tokens[next]?.norm === 'what';
}
