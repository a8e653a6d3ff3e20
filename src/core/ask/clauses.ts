/**
 * Round 21 (issue 27, words21a): the question clause found by structure. Twenty rounds added a reading
 * per kind of remark (an aside, a purpose, an afterthought, the asker's frame, a remark beside the
 * question, …); each fresh everyday set brought a story told with other words. These readings state
 * the one rule of English behind them: a question told inside a story has a clause that asks (a
 * wh-word, a request, an inverted auxiliary, a question mark) and clauses that tell (a finite verb
 * whose subject is the asker, said or dropped, or a third party). The clauses that tell are read only
 * for the name; their other words say what the asker did or saw, not which answer. Each reading
 * rewrites the question's tokens as `asRead`'s other readings do (an empty `norm` drops a word).
 */
import { isStopWord, lemmasOf } from '../embed/lexicon/normalize';
import { ARTICLES, ASKING, CLITICS, COORDINATORS, DEMONSTRATIVES, DETERMINERS, FINITE_AUXILIARIES, REQUESTS, SINGULAR_THIRD, SUBJECT_PRONOUNS } from './english';
import { anchorTest, type Grounding } from './ground';
import { requestAt } from './asking';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { FAINT, NAMES } from './weights';

/** The asker as a subject or a possessor ("I", "we", "my", "our"). */
const ASKER = new Set(['i', 'we', 'my', 'our', 'me', 'us']);
/** Subject pronouns: the hearer or anyone ("anyone know", "you know"): a clause of theirs asks to be told. */
const HEARERS = new Set(['you', 'u', 'ya', 'anyone', 'anybody', 'someone', 'somebody', 'everyone', 'yall']);
/** Personal pronouns in the third person that stand for the name when it is a single thing ("it", "its"). */
const SINGULAR_BACK = new Set(['it', 'its']);
/** Pronouns pointing back at something named earlier that may be a hop's things, not the name ("they", "those", "their", "him"). */
const OTHER_BACK = new Set(['they', 'them', 'their', 'theirs', 'those', 'these', 'he', 'him', 'his', 'she', 'her', 'hers', 'one', 'ones']);
/** Determiners and pronouns that open a subject noun phrase. */
const SUBJECT_OPENERS = new Set([...DETERMINERS, 'some', 'no']);
/** Conjunctions that may stand first in a clause before its subject ("so I …", "and the box …"). */
const OPENING_JOINS = new Set(['and', 'but', 'so', 'then', 'now', 'just', 'also']);
/** Request verbs and politeness: a clause holding one asks (asides.ts's `POLITENESS` has "please"). */
const REQUEST_WORDS = new Set([...REQUESTS, 'please', 'pls', 'plz']);

/** A clause: its tokens [start, end), and whether a question mark closes it. */
interface Clause {
  readonly start: number;
  readonly end: number;
  readonly mark: boolean;
}

/**
 * The question's clauses: a new one after a sentence's or a clause's punctuation (. ? ! ; : , or a
 * dash between spaces) outside a name (a mark right after a name whose nodes end on it is the
 * name's: "Gotcha!"). Whether a question mark closes each.
 */
function clausesOf(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): Clause[] {
  const starts: number[] = [];
  g.tokens.forEach((t, i) => {
    if (i === 0) return void starts.push(0);
    if (inAnchor(i) && inAnchor(i - 1)) return;
    const gap = g.question.slice(g.tokens[i - 1]!.end, t.start);
    if (/[.?!;:,]|\s[-–—]+\s/.test(gap)) {
      const a = g.anchors.find((x) => g.mentions[x]!.tokenEnd === i);
      if (a !== undefined && /^[!?.]/.test(gap) && g.mentions[a]!.nodes.some((n) => n.name.endsWith(gap.trim()[0]!))) return;
      return void starts.push(i);
    }
    // "and"/"but"/"so" between two finite clauses: a subject or a finite verb after it, a finite verb
    // in the clause before it ("on a plane and the seat screen only says X"; "has watched X and says …").
    const next = g.tokens[i + 1];
    if (inAnchor(i) || !COORDINATORS.has(t.norm) || !next || inAnchor(i + 1)) return;
    const from = starts[starts.length - 1]!;
    if (!(SUBJECT_OPENERS.has(next.norm) || SUBJECT_PRONOUNS.has(next.norm) || finiteVerb(next.norm, ctx))) return;
    if (g.tokens.slice(from, i).some((x, d) => !inAnchor(from + d) && x.norm !== '' && finiteAt(g, from + d, ctx))) starts.push(i);
  });
  return starts.map((s, k) => {
    const end = starts[k + 1] ?? g.tokens.length;
    const after = g.question.slice(g.tokens[end - 1]!.end, g.tokens[end]?.start ?? g.question.length);
    return { start: s, end, mark: after.includes('?') };
  });
}

/** The token at `j` is a finite verb (`finiteVerb`) and not right after a determiner (where it modifies a noun: "a long flight"). */
function finiteAt(g: Grounding, j: number, ctx: RankContext): boolean {
  const before = g.tokens[j - 1]?.norm ?? '';
  // Round 22b (words22b): a verb in its base form right after a subject pronoun is the present tense ("I reckon", "we want": `presentAfterSubject`).
  if (presentAfterSubject(g, j, ctx)) return true;
  return finiteVerb(g.tokens[j]!.norm, ctx) && !(SUBJECT_OPENERS.has(before) && !FINITE_AUXILIARIES.has(g.tokens[j]!.norm));
}
/**
 * **A base form after a subject pronoun is a finite verb** (round 22b, words22b, `presentAfterSubject`):
 * English's present tense has no ending but in the third person singular, so "I reckon", "we want", "they
 * say" are finite, though `finiteVerb` reads only -s, -ed and irregular forms ("pub quiz tomorrow and I
 * reckon there'll be a question on X, when was it first out": the story was not found, its words read).
 * A word WordNet holds as a verb whose commonest reading is the verb, right after a subject pronoun that
 * takes the base form (not "he", "she", "it").
 */
function presentAfterSubject(g: Grounding, j: number, ctx: RankContext): boolean {
  const before = g.tokens[j - 1]?.norm ?? '';
  const w = g.tokens[j]!.norm;
  return SUBJECT_PRONOUNS.has(before) && !SINGULAR_THIRD.has(before) && !isStopWord(w) && ctx.meaning.verbSenses(w) > 0 && ctx.meaning.isBaseVerb(w);
}
/**
 * **A verb read into a collocation keeps its form** (round 22b, `writtenVerb`): `collocated` reads
 * "putting together" as WordNet's put_together, and the token's form is gone; whether the clause opens
 * with a participle (the asker's story with its subject dropped: "putting together a handout for our
 * film night showing X, who wrote it") is read from the word as written. Other tokens: as read.
 */
export function writtenVerb(g: Grounding, i: number): string {
  const t = g.tokens[i]!;
  if (!t.norm.includes('_')) return t.norm;
  const written = g.question.slice(t.start, t.end).toLowerCase();
  return /^\p{L}+$/u.test(written) ? written : t.norm;
}

/** The word is a finite verb form: an auxiliary, a clitic of one, or an inflected verb (-s, -ed, an irregular past) whose commonest reading is the verb. */
function finiteVerb(w: string, ctx: RankContext): boolean {
  if (FINITE_AUXILIARIES.has(w) || CLITICS.has(w) || /n['’]?t$/.test(w)) return true;
  if (isStopWord(w) || /ing$/.test(w) || !ctx.meaning.isVerbForm(w)) return false;
  return /(s|ed)$/.test(w) || lemmasOf(w).some((l) => l !== w);
}

/**
 * **The clause that asks** (round 21): it holds a wh-word that is not a relative pronoun after a
 * noun ("the person who …"), a request (`requestAt` at its start, or a request word or "please"), an
 * auxiliary or a modal opening it before a subject ("can I get …", "is it any good"), or a question
 * mark closes it; or it is a request to be told, the hearer's or anyone's knowing ("anyone know",
 * "you know": a verb of knowing with the hearer as its subject).
 */
function asks(g: Grounding, c: Clause, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  if (c.mark) return true;
  const tokens = g.tokens;
  for (let j = c.start; j < c.end; j++) {
    const w = tokens[j]!.norm;
    if (inAnchor(j) || w === '') continue;
    if (ASKING.has(w)) {
      // A relative pronoun refers back to the noun before it ("the person who directed it"): it does not ask.
      const before = j > c.start ? tokens[j - 1]!.norm : '';
      if (!(before !== '' && !inAnchor(j - 1) && !isStopWord(before) && ctx.meaning.isNoun(before) && (w === 'who' || w === 'which' || w === 'whom' || w === 'whose'))) return true;
    }
    if (REQUEST_WORDS.has(w)) return true;
  }
  if (requestAt(tokens, inAnchor, c.start, ctx, c.start === 0) >= 0) return true;
  const first = firstWord(g, c, inAnchor);
  if (first < 0) return false;
  const w = tokens[first]!.norm;
  // Inversion: an auxiliary before its subject ("can I …", "is it …", "does anyone …").
  if (FINITE_AUXILIARIES.has(w) && first + 1 < c.end && !inAnchor(first + 1) && (HEARERS.has(tokens[first + 1]!.norm) || ['i', 'we', 'it', 'they', 'he', 'she', 'there', 'this', 'that'].includes(tokens[first + 1]!.norm))) return true;
  return hearersKnowing(g, c, inAnchor, ctx);
}

/** "anyone know", "does anybody know", "you know": the hearer's or anyone's knowing as the whole clause. */
function hearersKnowing(g: Grounding, c: Clause, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const words = g.tokens.slice(c.start, c.end).map((t, d) => ({ w: t.norm, j: c.start + d })).filter(({ w }) => w !== '');
  if (words.some(({ j }) => inAnchor(j))) return false;
  let k = 0;
  if (k < words.length && FINITE_AUXILIARIES.has(words[k]!.w)) k++;
  if (k >= words.length || !HEARERS.has(words[k]!.w)) return false;
  k++;
  // As written: round 20's `knownAsked` may have read the verb as "known".
  const t = g.tokens[words[k]?.j ?? -1];
  if (k >= words.length || !t || !ctx.meaning.knowing(g.question.slice(t.start, t.end).toLowerCase())) return false;
  return k === words.length - 1;
}

/** The clause's first token with a word in it, past conjunctions, or -1. */
function firstWord(g: Grounding, c: Clause, inAnchor: (i: number) => boolean): number {
  for (let j = c.start; j < c.end; j++) {
    const w = g.tokens[j]!.norm;
    if (w === '' && !inAnchor(j)) continue;
    if (!inAnchor(j) && OPENING_JOINS.has(w)) continue;
    return j;
  }
  return -1;
}

/**
 * **A clause that tells** (round 21): not the one that asks, with a finite verb of its own whose
 * subject is the asker ("I", "we", "my …", or dropped: the clause opens with its verb, "found a … in a
 * shop", "watched X last night", "writing a review of X") or a third party (a noun phrase before the
 * verb holding no name and no wh-word: "the seat screen only says X", "my kids are bored"). A clause
 * whose subject is the name ("X was directed by someone, …") is about the name and tells the chain.
 * Returns the verb's index, or -1.
 */
function tellingVerb(g: Grounding, c: Clause, inAnchor: (i: number) => boolean, ctx: RankContext): Telling | undefined {
  const tokens = g.tokens;
  const first = firstWord(g, c, inAnchor);
  if (first < 0 || inAnchor(first)) return undefined;
  // Round 22b (words22b): a verb a collocation was read into ("putting together" → put_together) is
  // read as written here: its form says whether the clause opens with a participle (`writtenVerb`).
  const w0 = writtenVerb(g, first);
  // Dropped subject: the clause opens with a verb in the past or its -ing form (a base form would be
  // an imperative, which asks: "list the …", "tell me …"). An inflected form is read as the verb even
  // where it is a base form too ("found": find, to found) or a noun's commoner ("drafting": draft).
  const inflected = lemmasOf(w0).some((l) => l !== w0 && ctx.meaning.verbSenses(l) > 0);
  if (!isStopWord(w0) && !ASKING.has(w0) && (ctx.meaning.isVerbForm(w0) || inflected) && (inflected || !ctx.meaning.isBaseVerb(w0)) && (/(ed|ing)$/.test(w0) || inflected) && !/s$/.test(w0)) {
    // A participle naming a relation outright, not followed by an object of its own (an article or a
    // possessive and a noun: "writing a short review of X"), says the name's hop ("starring X", "directed
    // by X", "rated good or bad"): no story.
    const next = tokens[first + 1];
    const object = next !== undefined && !inAnchor(first + 1) && OBJECT_OPENERS.has(next.norm) && tokens[first + 2] !== undefined && !inAnchor(first + 2);
    if (!object && relevanceOf(w0, ctx, false).relational >= NAMES) return undefined;
    return { verb: first, asker: true };
  }
  // A clause opening with a verb in its -s form shares a subject said elsewhere ("… and says she'd …"): whose, it does not say.
  if (finiteVerb(w0, ctx)) return undefined;
  // A subject before the first finite verb: the asker, or a third party holding no name. A phrase of
  // place or time joined by "and" before it is no part of it ("on a long flight and the seat display …").
  let from = first;
  for (let j = first; j < c.end; j++) {
    if (inAnchor(j)) return undefined;
    const w = tokens[j]!.norm;
    if (w === '') continue;
    if (ASKING.has(w)) return undefined;
    if (j > first && COORDINATORS.has(w)) {
      from = j + 1;
      continue;
    }
    if (j > from && finiteAt(g, j, ctx)) {
      const subject = tokens.slice(from, j).map((t) => t.norm).filter((x) => x !== '');
      if (subject.length === 0 || subject.length > 8) return undefined;
      if (subject.some((x) => ASKER.has(x))) return { verb: j, asker: true };
      // A noun and then a subject pronoun is a noun phrase with a relative clause ("the ones they directed"), no clause that tells.
      if (subject.some((x) => SUBJECT_PRONOUNS.has(x))) return undefined;
      // A third party: a noun phrase (a determiner or nouns), perhaps after a phrase of place or time
      // ("on a plane and the seat screen …"), that names nothing in the graph outright.
      const nounPhrase = subject.every((x) => isStopWord(x) || ctx.meaning.isNoun(x) || ctx.meaning.onlyModifier(x) || ctx.meaning.isAdjective(x));
      if (nounPhrase && subject.some((x) => !isStopWord(x) && ctx.meaning.isNoun(x)) && subject.every((x) => isStopWord(x) || relevanceOf(x, ctx, false).relevance < NAMES)) return { verb: j, asker: false };
      return undefined;
    }
  }
  return undefined;
}
/** A clause that tells: its verb, and whether its subject is the asker (said or dropped). */
interface Telling {
  readonly verb: number;
  readonly asker: boolean;
}
/** Words opening a verb's object noun phrase: articles and possessives. */
const OBJECT_OPENERS = new Set([...ARTICLES, 'my', 'our', 'some', 'this']);

/**
 * **The story around the question** (round 21, `storyClauses`): in a question of several clauses, one
 * of which asks (`asks`), every other clause that tells (`tellingVerb`) is read only for the name: its
 * other words are dropped, so they neither vote for relations nor set the asked type ("found a X dvd in
 * a charity shop with no date on the box, when was it first out": "found", "shop", "box" were read).
 * Not when the clause that asks points back with a pronoun other than "it"/"its" ("they", "those",
 * "their", "him") and the telling clause names a relation or a label outright: that clause may hold the
 * hop the pronoun stands for ("so I watched X, loved the cast, looked up their other films, and now I
 * wonder who wrote those"). A name in a telling clause beside a name in the clause that asks, when the
 * clause that asks does not point back, is the story's (a tag met in "kids are bored"): it no longer
 * anchors the reading.
 *
 * It subsumes, where they overlap, round 20's `remarks` (a remark beside the question), round 19's
 * `diaryVerb` and asides.ts's `askerFrame` after the question: those stay, for the clauses this reading
 * does not reach (a clause without a finite verb; a remark inside the asking clause).
 */
export function storyClauses(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length === 0) return g;
  const inAnchor = anchorTest(g);
  const all = clausesOf(g, inAnchor, ctx);
  if (all.length < 2) return g;
  const asking = all.filter((c) => asks(g, c, inAnchor, ctx));
  if (asking.length === 0) return g;
  const tokens = g.tokens;
  // How the clause that asks reaches what it asks about: the name itself or "it"/"its" (the name), or
  // a pronoun or a demonstrative standing alone that may stand for a hop's things ("they", "that").
  const alone = (j: number): boolean => {
    const next = tokens[j + 1];
    return next === undefined || inAnchor(j + 1) || isStopWord(next.norm) || !ctx.meaning.isNoun(next.norm) || ctx.meaning.isVerbForm(next.norm);
  };
  const pointsBackElsewhere = asking.some((c) => tokens.slice(c.start, c.end).some((t, d) => !inAnchor(c.start + d) && (OTHER_BACK.has(t.norm) || (DEMONSTRATIVES.has(t.norm) && alone(c.start + d)))));
  const pointsBack = pointsBackElsewhere || asking.some((c) => tokens.slice(c.start, c.end).some((t, d) => !inAnchor(c.start + d) && SINGULAR_BACK.has(t.norm)));
  const reachesName = asking.some((c) => g.anchors.some((a) => c.start <= g.mentions[a]!.tokenStart && g.mentions[a]!.tokenStart < c.end)) || asking.some((c) => tokens.slice(c.start, c.end).some((t, d) => !inAnchor(c.start + d) && SINGULAR_BACK.has(t.norm)));
  const askingAnchors = g.anchors.filter((a) => asking.some((c) => c.start <= g.mentions[a]!.tokenStart && g.mentions[a]!.tokenStart < c.end));
  const drop = new Set<number>();
  const unanchor = new Set<number>();
  const told: string[] = [];
  for (const c of all) {
    if (asking.includes(c)) continue;
    const telling = tellingVerb(g, c, inAnchor, ctx);
    if (!telling) continue;
    const verb = telling.verb;
    const words = tokens.slice(c.start, c.end).map((t, d) => ({ t, j: c.start + d }));
    // The object of a verb of wanting, saying or asking is a content, not the story's: a third party's
    // wanting asks for it (`wantedObject`), what is said or asked may be the question. Only the subject
    // and the verb tell.
    const upTo = contentVerb(g, verb, ctx) ? verb + 1 : c.end;
    // Words naming the graph's things outright, besides the asker's own verb ("writing": the asker is not in the graph).
    const names = words.some(({ t, j }) => !(telling.asker && j === verb) && j < upTo && !inAnchor(j) && t.norm !== '' && !isStopWord(t.norm) && /\p{L}/u.test(t.norm) && relevanceOf(t.norm, ctx, false).relevance >= NAMES);
    const holdsName = words.some(({ j }) => inAnchor(j));
    // When the clause that asks points elsewhere ("what other films are they in"), a noun of the story
    // around the name linked to the graph at all (above the faint line: "the cast of X", 0.6) may be what
    // the pronoun stands for.
    const linked = words.some(({ t, j }) => !(telling.asker && j === verb) && j < upTo && !inAnchor(j) && t.norm !== '' && !isStopWord(t.norm) && /\p{L}/u.test(t.norm) && relevanceOf(t.norm, ctx, false).relevance >= FAINT);
    if (holdsName && pointsBackElsewhere && linked) continue;
    // A clause without the name that names the graph outright may be the way to the answer ("…, loved
    // the cast, looked up their other films, …", "…, judging by imdb votes"): read. So is one holding the
    // name when the clause that asks points elsewhere or not at the name at all.
    if (names && (!holdsName || pointsBackElsewhere || !reachesName)) continue;
    for (const { j } of words) if (!inAnchor(j) && j < upTo) drop.add(j);
    told.push(`'${textOf(g, c.start, upTo)}' as ${telling.asker ? "the asker's story" : "a third party's story"}${upTo < c.end ? ' (its object kept)' : ''}`);
    if (askingAnchors.length > 0 && !pointsBack) for (const a of g.anchors) if (c.start <= g.mentions[a]!.tokenStart && g.mentions[a]!.tokenStart < c.end) unanchor.add(a);
  }
  // A request to be told ("anyone know", "does anybody know") asks and says nothing of the answer.
  for (const c of asking) if (hearersKnowing(g, c, inAnchor, ctx)) for (let j = c.start; j < c.end; j++) drop.add(j);
  if (drop.size === 0 && unanchor.size === 0) return g;
  const anchors = g.anchors.filter((a) => !unanchor.has(a));
  const out = { ...g, tokens: tokens.map((t, i) => (drop.has(i) || (unanchor.size > 0 && g.anchors.some((a) => unanchor.has(a) && g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd)) ? { ...t, norm: '' } : t)) };
  const result = anchors.length === g.anchors.length ? out : { ...out, anchors };
  if (told.length > 0) notes.set(result, `read the clause ${asking.map((c) => `'${textOf(g, c.start, c.end)}'`).join(' and ')} as the question; ${told.join('; ')}: read only for the name`);
  return result;
}

/** What `storyClauses` read as the question and as the story, in words, for the evidence (`clauseNote`). */
const notes = new WeakMap<Grounding, string>();
/** The clause reading of a question as `asRead` returns it, in words, or undefined when no clause was left unread. */
export function clauseNote(g: Grounding): string | undefined {
  return notes.get(g);
}
/** The question's text from token `from` to the end of token `to - 1`. */
function textOf(g: Grounding, from: number, to: number): string {
  return g.question.slice(g.tokens[from]!.start, g.tokens[Math.max(from, to - 1)]!.end);
}

/** English's verbs whose object is a content — what is wanted, said or asked — not a thing of the story. */
const CONTENT_VERBS = new Set(['want', 'need', 'say', 'ask', 'wonder', 'wish']);
/** The verb at `i` takes a content as its object ("wants the year …", "says …", "asks whether …"). */
function contentVerb(g: Grounding, i: number, ctx: RankContext): boolean {
  const t = g.tokens[i];
  return t !== undefined && ctx.meaning.verbSenses(t.norm) > 0 && lemmasOf(t.norm).some((l) => CONTENT_VERBS.has(l));
}

/**
 * **A third party's wanting asks for its object** (round 21): "the crossword clue wants the year X
 * premiered", "my essay needs the genre of X" — a verb of wanting whose subject is someone or something
 * other than the asker, in a clause that tells (`tellingVerb`), in a question whose other clause asks
 * only to be told ("anyone know"), asks for its object as "I need the …" does (asking.ts's `requestAt`):
 * the object's head noun, past its determiners, is what is asked. Returns its index, or -1.
 */
export function wantedObject(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  for (const c of clausesOf(g, inAnchor, ctx)) {
    // The subject and the verb are already dropped by `storyClauses`: the verb is the last dropped token before the object.
    let v = -1;
    for (let j = c.start; j < c.end && !inAnchor(j); j++) {
      if (tokens[j]!.norm !== '') break;
      v = j;
    }
    if (v < 0) continue;
    const written = g.question.slice(tokens[v]!.start, tokens[v]!.end).toLowerCase();
    if (ctx.meaning.verbSenses(written) === 0 || !lemmasOf(written).some((l) => l === 'want' || l === 'need')) continue;
    let j = v + 1;
    if (!SUBJECT_OPENERS.has(tokens[j]?.norm ?? '') || inAnchor(j)) continue;
    while (j < c.end && !inAnchor(j) && SUBJECT_OPENERS.has(tokens[j]!.norm)) j++;
    let head = -1;
    for (; j < c.end && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm); j++) head = j;
    if (head >= 0) return head;
  }
  return -1;
}

