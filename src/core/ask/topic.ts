/**
 * Round 22 (issue 27, words22a): a topic that names the first hops. People set what they ask about
 * apart before the question, as a noun phrase holding the name ("the director of X, do their films …",
 * "X's screenwriter, are their films …", "everyone who acted in X, who directed them …", "whoever wrote
 * X, have they …"), or make that noun phrase the subject of the clause ("the director of X has made
 * more, who's been cast in those"). The noun phrase names a hop from the name (its head noun, or the
 * verb of its relative clause); what follows asks about the hop's end through a pronoun ("they",
 * "their", "those") or says "other"/"more"/"else": the chain is the topic's hop, then a hop back to
 * other things of the name's kind, then the question's own hop. Read once per question (`topicOf`).
 */
import { isStopWord, lemmasOf } from '../embed/lexicon/normalize';
import { ARTICLES, AUXILIARIES, BE, CONDITIONS, DEMONSTRATIVES, FREE_RELATIVES, INDEFINITE, ONE, OPENING_OTHER, OTHER_THAN, POSSESSIVE_BACK, QUANTIFIERS, RELATIVE_PREPOSITIONS, SUBJECT_PRONOUNS, THEM, THING_PRONOUNS, TIME_CONDITIONS } from './english';
import { anchorTest, type Grounding } from './ground';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { NAMES } from './weights';

// The closed classes the topic reading takes, each from english.ts.
/** Articles, demonstratives and quantifiers other than "other"/"more" that may open the topic's noun phrase ("the director", "all the people"). */
const OPENERS = new Set([...ARTICLES, ...DEMONSTRATIVES, ...[...QUANTIFIERS].filter((w) => !OPENING_OTHER.has(w))]);
/** A conjunction of time or condition, or a coordinator, standing before the clause's subject ("so the director of X …", "when the director of X makes …"). */
const LEADS = new Set([...TIME_CONDITIONS, ...CONDITIONS, 'so', 'and', 'but']);
/** Indefinite pronouns of people and the pro-form "one": they head a noun phrase as a noun does ("everyone who acted in X", "someone from X"). */
const PERSON_PRONOUNS = new Set([...[...INDEFINITE].filter((w) => !THING_PRONOUNS.has(w) && !FREE_RELATIVES.has(w) && w !== 'nothing'), ...ONE]);
/** A free relative of people: the pronoun is its own head ("whoever directed X"). */
const FREE = new Set([...FREE_RELATIVES].filter((w) => w.startsWith('who')));
/** Relative pronouns after a head ("the person who directed X", "everyone that acted in X"). */
const RELATIVES = new Set(['who', 'whom', 'that']);
/** Prepositions joining a head to the name ("the director of X", "someone from X", "everyone in X"). */
const JOINS = RELATIVE_PREPOSITIONS;
/** Possessive pronouns of the third person for people ("their N" is the topic's N; "its" is the name's). */
const POSSESSIVE = new Set([...POSSESSIVE_BACK].filter((w) => w !== 'its'));
/** Subject pronouns of the third person for people: "they V" says what the topic did. */
const SUBJECT = new Set([...SUBJECT_PRONOUNS].filter((w) => !['i', 'you', 'we', 'it'].includes(w)));
/** "other", "another", "more", "else": things other than the ones named (the name's own). */
const OTHERS = new Set([...OPENING_OTHER, ...OTHER_THAN]);
/** "be" and its clitics ("who's", "they're"): "who are they" asks who the topic is, not what it did. */
const BE_FORMS = new Set([...BE, 's', 're']);
/** Auxiliaries, modals and their clitics: a finite verb right after the noun phrase makes it the clause's subject. */
const AUXILIARY = new Set([...AUXILIARIES, 's', 've', 'd', 'll']);

export interface Topic {
  /** The name the topic holds (an index into `g.mentions`). */
  readonly mention: number;
  /** The noun phrase's tokens, [start, end). */
  readonly start: number;
  readonly end: number;
  /** Its words naming the hop from the name: the head and a relative clause's words (not the name, not closed-class words). */
  readonly own: readonly number[];
  /** What follows it, in words (the question about it). */
  readonly text: string;
}

const memo = new WeakMap<Grounding, Topic | null>();

/**
 * **The topic** (round 22, words22a): the noun phrase holding the only name, opening its clause (after
 * "so", "when", "if" at most), headed by a word other than the name — a noun or a pronoun of people
 * before it joined by a preposition ("the director of X", "someone from X", "everyone in X") or by a
 * relative clause of one verb ("the person who directed X", "everyone who acted in X"), a free relative
 * ("whoever was behind the camera on X"), or a noun after it ("X's screenwriter", "the X director") —
 * and set apart from what follows by the clause's end or by a finite verb of which it is the subject.
 * What follows must point back at the phrase's end ("they", "their N", "those", not "their name" nor
 * "who are they") or speak of other things ("other", "more", "else"): then it asks about the topic's
 * things, and the topic is the chain's first hop. Undefined otherwise.
 */
export function topicOf(g: Grounding, ctx: RankContext): Topic | undefined {
  const hit = memo.get(g);
  if (hit !== undefined) return hit ?? undefined;
  const t = readTopic(g, ctx);
  memo.set(g, t ?? null);
  return t;
}

function readTopic(g: Grounding, ctx: RankContext): Topic | undefined {
  if (g.anchors.length === 0) return undefined;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  // The name is the first one; any other is offered as one of the answers, "or" right after it ("are
  // their films in English or other languages", "French or English or what").
  const mention = [...g.anchors].sort((a, b) => g.mentions[a]!.tokenStart - g.mentions[b]!.tokenStart)[0]!;
  const m = g.mentions[mention]!;
  if (g.anchors.some((a) => a !== mention && (g.mentions[a]!.tokenStart < m.tokenEnd || tokens[g.mentions[a]!.tokenEnd]?.norm !== 'or'))) return undefined;
  const word = (k: number): string => (k >= 0 && k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '');
  const noun = (k: number): boolean => word(k) !== '' && !isStopWord(word(k)) && !AUXILIARY.has(word(k)) && ctx.meaning.isNoun(word(k));
  const written = (k: number): string => (k >= 0 && k < tokens.length ? g.question.slice(tokens[k]!.start, tokens[k]!.end).toLowerCase() : '');
  const gapBefore = (k: number): string => (k <= 0 ? '' : g.question.slice(tokens[k - 1]!.end, tokens[k]!.start));
  const breakBefore = (k: number): boolean => k >= tokens.length || /[.?!;:,]|\s[-–—]+\s/.test(gapBefore(k));
  // Where the name's clause starts: after the last break before it.
  let cs = m.tokenStart;
  while (cs > 0 && !breakBefore(cs)) cs--;
  let from = cs;
  while (from < m.tokenStart && LEADS.has(word(from))) from++;
  // The asker's verb, its subject dropped, with the topic as its object ("loved everyone in X, …"): a
  // past form that is no noun, opening the clause.
  if (from < m.tokenStart && from === cs && !ctx.meaning.isNoun(word(from)) && pastForm(word(from), ctx)) from++;
  let start = from;
  while (start < m.tokenStart && OPENERS.has(word(start))) start++;
  const own: number[] = [];
  let end = m.tokenEnd;
  if (start < m.tokenStart) {
    // The head before the name.
    const h = start;
    const head = word(h);
    if (FREE.has(head)) {
      // "whoever V … X": the relative clause runs to the name.
      for (let k = h + 1; k < m.tokenStart; k++) if (breakBefore(k) || WH_WORDS[word(k)] !== undefined) return undefined;
      if (m.tokenStart - h > 7) return undefined;
    } else {
      if (!(noun(h) || PERSON_PRONOUNS.has(head))) return undefined;
      let k = h + 1;
      // "the person who directed X", "everyone who acted in X": one verb, prepositions and determiners after it.
      if (RELATIVES.has(word(k))) {
        k++;
        while (AUXILIARY.has(word(k))) k++;
        if (!(word(k) !== '' && !isStopWord(word(k)) && ctx.meaning.isVerbForm(word(k)))) return undefined;
        k++;
      } else if (word(k) !== '' && !isStopWord(word(k)) && !ctx.meaning.isNoun(word(k)) && ctx.meaning.isVerbForm(word(k)) && (/ing$/.test(word(k)) || JOINS.has(written(k)))) {
        // A relative clause reduced to its participle ("the people starring in X"), or a preposition an
        // earlier reading read as its verb ("everyone in X": `personIn`'s "acted").
        k++;
      }
      while (k < m.tokenStart && (JOINS.has(word(k)) || OPENERS.has(word(k)))) k++;
      if (k !== m.tokenStart || breakBefore(m.tokenStart)) return undefined;
      if (!JOINS.has(word(m.tokenStart - 1)) && !RELATIVES.has(word(h + 1)) && !OPENERS.has(word(m.tokenStart - 1)) && m.tokenStart !== h + 2) return undefined;
      // "the X director": the name between an opener and the head noun is the noun's modifier, handled below.
      if (OPENERS.has(word(m.tokenStart - 1)) && !JOINS.has(word(m.tokenStart - 2)) && !RELATIVES.has(word(h + 1)) && h === m.tokenStart - 1) return undefined;
    }
    for (let k = h; k < m.tokenStart; k++) if (word(k) !== '' && !isStopWord(word(k)) && !AUXILIARY.has(word(k))) own.push(k);
  }
  if (own.length === 0) {
    // The head after the name: "X's screenwriter", "the X director", "X director" (nouns to the phrase's end).
    if (start !== m.tokenStart) return undefined;
    let k = m.tokenEnd;
    while (noun(k) && !breakBefore(k) && !(k > m.tokenEnd && ctx.meaning.isVerbForm(word(k)) && !ctx.meaning.isNoun(word(k)))) k++;
    if (k === m.tokenEnd || k - m.tokenEnd > 2) return undefined;
    for (let j = m.tokenEnd; j < k; j++) own.push(j);
    end = k;
  }
  if (end >= tokens.length) return undefined;
  // Set apart: the clause ends, or a finite verb follows of which the phrase is the subject.
  // A finite verb: an auxiliary, or an inflected verb form (-s, -ed, an irregular past: "got", "made").
  const finite = AUXILIARY.has(word(end)) || (word(end) !== '' && (ctx.meaning.isVerbForm(word(end)) || !ctx.meaning.isNoun(word(end))) && lemmasOf(word(end)).some((l) => l !== word(end) && ctx.meaning.verbSenses(l) > 0));
  if (!breakBefore(end) && !finite) return undefined;
  // What follows speaks of the topic's things.
  let about = false;
  for (let k = end; k < tokens.length; k++) {
    const w = word(k);
    if (w === '') continue;
    if (OTHERS.has(w)) about = true;
    // "their name" is what the topic is called (`ownName`, `nameOf` read it so), not its things.
    else if (POSSESSIVE.has(w) && !lemmasOf(word(k + 1)).includes('name')) about = true;
    else if (THEM.has(w)) about = true;
    else if (SUBJECT.has(w) && !BE_FORMS.has(word(k + 1)) && !(BE_FORMS.has(word(k - 1)) && WH_WORDS[word(k - 2)] !== undefined)) about = true;
  }
  if (!about) return undefined;
  return { mention, start: from, end, own, text: g.question.slice(tokens[end]!.start) };
}

/** The slots the topic's own words may name: the anchor's label, its hop, the hop's end ([anchor label, hop 1, label 1]). */
export const TOPIC_SLOTS = 3;

/**
 * **"other N" asks for N** (round 22, words22a): after a topic, a clause with no wh-word and no request
 * ("do they make films in other languages", "is it all comedies or do they try other genres", "got any
 * other hits?") asks whether there are others, and what they are: the noun that "other"/"another"/"more"
 * opens (past determiners and adjectives, the last noun of the run) is what is asked. Returns [the word,
 * the noun], or [] when none.
 */
export function topicOther(g: Grounding, inAnchor: (i: number) => boolean, from: number, ctx: RankContext): number[] {
  const tokens = g.tokens;
  for (let k = from; k < tokens.length; k++) {
    if (inAnchor(k) || !OPENING_OTHER.has(tokens[k]!.norm)) continue;
    let j = k + 1;
    while (j < tokens.length && !inAnchor(j) && (isStopWord(tokens[j]!.norm) || OPENERS.has(tokens[j]!.norm) || POSSESSIVE.has(tokens[j]!.norm))) j++;
    let head = -1;
    for (; j < tokens.length && j <= k + 4 && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm); j++) head = j;
    if (head >= 0 && askingClause(g, inAnchor, k, head)) return [k, head];
  }
  return [];
}

/**
 * **A chain that stops at the topic** (round 22, words22a): the question asks about the topic's things
 * (its pronoun, "other", "more"), so its answers lie past the topic's hop; a chain of that one hop
 * answers the topic itself ("the director of X, who did they cast in their other films" answered by X's
 * director). Returns the reason in words, or undefined.
 */
export function topicWeak(topic: Topic, hops: number): string | undefined {
  if (hops > 1) return undefined;
  return `the question ("${topic.text}") asks about the topic's things, and this chain stops at the topic itself`;
}

/**
 * **"the same N", "that N" after the name** (round 22, words22a): "we saw X last week, are there more films
 * by the same director", "X had a great script, did that writer do other films" — in a clause after the
 * one holding the only name, "the same" or "that" before a noun points back at the name: it is X's N,
 * the name's own hop, as "X's N" is. Returns the noun's index, or -1.
 */
export function sameOne(g: Grounding, ctx: RankContext): number {
  const hit = sameMemo.get(g);
  if (hit !== undefined) return hit;
  const k = readSameOne(g, ctx);
  sameMemo.set(g, k);
  return k;
}
const sameMemo = new WeakMap<Grounding, number>();

function readSameOne(g: Grounding, ctx: RankContext): number {
  if (g.anchors.length !== 1) return -1;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const m = g.mentions[g.anchors[0]!]!;
  let broken = false;
  for (let k = m.tokenEnd; k < tokens.length; k++) {
    if (/[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(tokens[k - 1]!.end, tokens[k]!.start))) broken = true;
    if (!broken || inAnchor(k)) continue;
    const w = tokens[k]!.norm;
    const before = tokens[k - 1]!.norm;
    const pointer = (before === 'same' && tokens[k - 2]?.norm === 'the') || before === 'that';
    if (!pointer || isStopWord(w) || !ctx.meaning.isNoun(w) || ctx.meaning.isVerbForm(w)) continue;
    // A noun naming one of the graph's relations outright ("director", "writer"): the name's hop. Not a
    // possessive ("that person's other films": a determiner of the noun after it, said of someone else).
    if (/['’]s?$/.test(g.question.slice(tokens[k]!.start, tokens[k + 1]?.start ?? g.question.length).trimEnd()) || relevanceOf(w, ctx, false, true, true).relational < NAMES) continue;
    // "that N" heads its noun phrase: no noun after it ("that director", not "that director's films").
    const next = tokens[k + 1];
    if (next && !inAnchor(k + 1) && !isStopWord(next.norm) && ctx.meaning.isNoun(next.norm)) continue;
    return k;
  }
  return -1;
}

/** The topic in words, for the evidence: the phrase read as the topic, the words naming its hop, and what is asked of it. */
export function topicNote(g: Grounding, t: Topic): string {
  const phrase = g.question.slice(g.tokens[t.start]!.start, g.tokens[t.end - 1]!.end);
  // A pronoun heading it ("whoever", "everyone") names nothing: only the words that may name the hop are said.
  const words = t.own.map((i) => g.tokens[i]!.norm).filter((w) => !INDEFINITE.has(w));
  return `read "${phrase}" as the topic (${words.length > 0 ? `its hop named by ${words.map((w) => `"${w}"`).join(', ')}` : 'no word names its hop'}) and "${t.text}" as what is asked of it: the chain is the topic's hop, then what is asked of its end`;
}

/** A verb's past form: an inflection of a verb, not its base nor its -s or -ing form ("loved", "liked", "saw"). */
function pastForm(w: string, ctx: RankContext): boolean {
  return w !== '' && !/s$/.test(w) && !/ing$/.test(w) && lemmasOf(w).some((l) => l !== w && ctx.meaning.verbSenses(l) > 0);
}

/**
 * **A person in a work appears in it** (round 22, words22a; round 19's `beingIn` for "who is in X"): a
 * topic headed by a person — a pronoun of people, "whoever", or a noun whose type is a person — joined
 * to the name by "in" ("everyone in X", "the people in X"), or said to "be in" things after it ("someone
 * from X must have been in other stuff"), is a person appearing in a work: the "in" is read as "appear",
 * as `beingIn` reads it. Returns the grounding with that one token rewritten, or the same grounding.
 */
export function topicBeingIn(g: Grounding, ctx: RankContext): Grounding {
  const t = topicOf(g, ctx);
  if (!t) return g;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const word = (k: number): string => (k >= 0 && k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '');
  const head = t.own[0];
  if (head === undefined) return g;
  const persons = ctx.vocabulary.labelNames.filter((l) => (ctx.meaning.typeOf(l, ['person'])?.labels.length ?? 0) > 0);
  const person = PERSON_PRONOUNS.has(word(head)) || FREE.has(word(head)) || (persons.length > 0 && (ctx.meaning.typeOf(word(head), persons)?.labels.length ?? 0) > 0);
  if (!person) return g;
  const m = g.mentions[t.mention]!;
  let at = -1;
  // "everyone in X": the head, "in", determiners, the name.
  if (word(head + 1) === 'in') {
    let j = head + 2;
    while (j < m.tokenStart && OPENERS.has(word(j))) j++;
    if (j === m.tokenStart) at = head + 1;
  }
  // "… must have been in other stuff": auxiliaries and "be" after the topic, then "in" and no name.
  if (at < 0) {
    let k = t.end;
    while (AUXILIARY.has(word(k))) k++;
    if (k > t.end && BE.has(word(k - 1)) && word(k) === 'in' && !inAnchor(k + 1)) at = k;
  }
  return at < 0 ? g : { ...g, tokens: tokens.map((x, i) => (i === at ? { ...x, norm: 'appear' } : x)) };
}

/**
 * The clause holding "other N" asks (`topicOther`): a question mark closes it, or an auxiliary opens it
 * before its subject ("do they try other genres", "are there more films"), at its start or after the "or"
 * joining it to the one before ("is it all comedies or do they try other genres"). A statement ("the people
 * in X have been in other films and I'd like the directors of those") tells; what it asks is said elsewhere.
 */
function askingClause(g: Grounding, inAnchor: (i: number) => boolean, k: number, head: number): boolean {
  const tokens = g.tokens;
  const breakAt = (i: number): boolean => i > 0 && i < tokens.length && /[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(tokens[i - 1]!.end, tokens[i]!.start));
  let start = k;
  while (start > 0 && !breakAt(start)) start--;
  let end = head + 1;
  while (end < tokens.length && !breakAt(end)) end++;
  if (g.question.slice(tokens[head]!.end, end < tokens.length ? tokens[end]!.start : g.question.length).includes('?')) return true;
  const aux = (i: number): boolean => i < tokens.length && !inAnchor(i) && AUXILIARY.has(tokens[i]!.norm);
  if (aux(start)) return true;
  for (let i = k - 1; i >= start; i--) if (!inAnchor(i) && (tokens[i]!.norm === 'or' || tokens[i]!.norm === 'and')) return aux(i + 1);
  return false;
}
