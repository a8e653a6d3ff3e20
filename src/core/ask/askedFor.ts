/**
 * Round 22b (issue 27, words22b): the 1-hop asking clause and what it asks for. A short or
 * back-pointing question says what it asks in a few words: the head of its wh-phrase or of its terse
 * fragment, a pronoun or a demonstrative standing for the name ("X, what kind of film is that"), or a
 * yes/no question about a quality ("is it worth it") that asks for the value the quality is measured
 * by; the clauses around it tell. Each reading is stated for English in general — sentence structure,
 * WordNet's senses through the one word-meaning model, the graph's own labels — never a list of a set's
 * words; each is a small function named here, called from one line where the ranker reads the question
 * (readings.ts's `asRead`, questionWords.ts, clauses.ts).
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { ARTICLES, BE, DEMONSTRATIVES, DROPPED_SUBJECT_JOINS, INDIRECT_OBJECTS, NOUN_TAKING, QUANTIFIERS, RELATIVE_PREPOSITIONS, REQUESTS, SUBJECT_PRONOUNS, THING_PRONOUNS, WANTING } from './english';
import { anchorTest, type Grounding } from './ground';
import { valueNamed, WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import type { Token } from './tokens';
import { noted } from './typed';
import { FAINT, FLOOR, NAMES, RANK_WEIGHTS } from './weights';

/**
 * **A phrase spoken as one word** (round 22b, `spokenPhrase`): English writes "kind of" and "sort of"
 * as they are said, "kinda", "sorta" — WordNet holds such a word as a synonym of the two-word phrase
 * whose first word it is with one letter added (kinda ~ kind_of). Before a noun it is that first word,
 * the head of a wh-phrase ("what kinda film is that" reads as "what kind of film"); elsewhere it is the
 * hedge ("it's kinda about war"), which names nothing, and is dropped as `collocated` drops "kind of".
 */
export function spokenPhrase(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const at = g.tokens.findIndex((t, i) => !inAnchor(i) && t.norm.length >= 4 && !isStopWord(t.norm) && /^\p{L}+$/u.test(t.norm) && ctx.meaning.spokenPhraseHead(t.norm) !== undefined);
  if (at < 0) return g;
  const t = g.tokens[at]!;
  const head = ctx.meaning.spokenPhraseHead(t.norm)!;
  const next = g.tokens[at + 1];
  const beforeNoun = next !== undefined && !inAnchor(at + 1) && !isStopWord(next.norm) && ctx.meaning.isNoun(next.norm);
  if (!beforeNoun) return { ...g, tokens: g.tokens.map((x, i) => (i === at ? { ...x, norm: '' } : x)) };
  // The phrase's second word is a token of its own, at the end of the written word (no text of its own);
  // the mentions after it move on by one.
  const of: Token = { ...t, norm: 'of', start: t.end, end: t.end };
  const tokens = [...g.tokens.slice(0, at), noted(t, head, `"${g.question.slice(t.start, t.end)}" read as "${head} of" (a phrase written as it is said; WordNet)`), of, ...g.tokens.slice(at + 1)];
  const mentions = g.mentions.map((m) => (m.tokenStart > at ? { ...m, tokenStart: m.tokenStart + 1, tokenEnd: m.tokenEnd + 1 } : m));
  return { ...g, tokens, mentions };
}

/** Pronouns that stand for one thing said before them: "it" and the demonstratives. */
const BACK_TO_ONE = new Set(['it', ...DEMONSTRATIVES]);

/**
 * **"is it a N": the pronoun is the name, N its kind** (round 22b, `pointedKind`): after the name, a
 * later clause "is it a famous film or an obscure one" asks about the name through "it" — the pronoun
 * points back at the one name said before it, so the predicate's noun says what the name is (its own
 * label), as round 19's `predicateKind` reads "is X a N". Read as a later film, it bought a hop out
 * and back. A noun of that predicate (up to "or" or a mark) naming the label of the name's nodes is
 * dropped. Only with one name in the question, said before the pronoun.
 */
export function pointedKind(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length !== 1) return g;
  const inAnchor = anchorTest(g);
  const m = g.mentions[g.anchors[0]!]!;
  const tokens = g.tokens;
  const labels = new Set(m.nodes.map((n) => n.label));
  const { labelNames, labelAliases } = ctx.vocabulary;
  const drop = new Set<number>();
  for (let i = m.tokenEnd; i + 2 < tokens.length; i++) {
    if (!BE.has(tokens[i]!.norm) || !BACK_TO_ONE.has(tokens[i + 1]!.norm) || !ARTICLES.has(tokens[i + 2]!.norm)) continue;
    for (let k = i + 3; k < tokens.length && !inAnchor(k) && tokens[k]!.norm !== 'or' && /^[\s-]+$/.test(g.question.slice(tokens[k - 1]!.end, tokens[k]!.start)); k++) {
      const w = tokens[k]!.norm;
      if (w === '' || isStopWord(w)) continue;
      const t = ctx.meaning.typeOf(w, labelNames, labelAliases);
      if (t && t.how !== 'none' && t.labels.some((l) => labels.has(labelNames[l]!))) drop.add(k);
    }
  }
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}

/** A word that asks: a wh-word or a request verb (a question holding one is no yes/no question). */
const asking = (w: string): boolean => WH_WORDS[w] !== undefined || NOUN_TAKING.has(w) || REQUESTS.has(w);

/**
 * **A yes/no question about a quality asks where the thing stands on it** (round 22b, `qualityAsked`):
 * "is it worth it", "X worth it or mid", "is X popular" — a question with no wh-word and no request,
 * whose predicate is an adjective said of the name or of a pronoun standing for it (only function words
 * between), asks what "how worth", "how popular" would: the value of the attribute the adjective is a
 * value of (WordNet's "=" pointer, as `scalesAskedBy` reads after "how"). Where no scale's values are
 * values of that attribute, a scale one of whose values the attribute is a kind of (WordNet: worthiness
 * is a kind of good, one of Rating's values) is the one it is measured by. Returns, for each such word's
 * index, how it reads; only for a word that names nothing else (below the floor). Loose, as every
 * scale's reading (always weak).
 */
export function qualityAsked(g: Grounding, ctx: RankContext): Map<number, { readonly labels: readonly string[]; readonly why: string }> {
  const out = new Map<number, { labels: readonly string[]; why: string }>();
  if (g.anchors.length === 0 || ctx.vocabulary.valueLabels.size === 0) return out;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  if (tokens.some((t, i) => !inAnchor(i) && asking(t.norm))) return out;
  const subjectEnds = new Set<number>([...g.anchors.map((a) => g.mentions[a]!.tokenEnd), ...tokens.flatMap((t, i) => (!inAnchor(i) && BACK_TO_ONE.has(t.norm) ? [i + 1] : []))]);
  tokens.forEach((t, i) => {
    if (inAnchor(i) || t.norm === '' || isStopWord(t.norm) || !ctx.meaning.isAdjective(t.norm)) return;
    // Only function words between the subject and the adjective ("X worth it", "is it really any good").
    let k = i;
    while (k > 0 && !subjectEnds.has(k) && !inAnchor(k - 1) && (isStopWord(tokens[k - 1]!.norm) || tokens[k - 1]!.norm === '' || ctx.meaning.onlyModifier(tokens[k - 1]!.norm))) k--;
    if (!subjectEnds.has(k)) return;
    if (relevanceOf(t.norm, ctx, false).relevance >= FLOOR) return;
    const read = sameAttribute(t.norm, ctx) ?? valueKind(t.norm, ctx);
    if (read) out.set(i, read);
  });
  return out;
}

/** The scales whose values are values of an attribute the adjective is a value of (WordNet: popular, and a scale of popular and unpopular). */
function sameAttribute(adjective: string, ctx: RankContext): { labels: readonly string[]; why: string } | undefined {
  const own = ctx.meaning.attributesOf(adjective);
  if (own.length === 0) return undefined;
  const labels = [...ctx.vocabulary.valueLabels].filter(([, values]) => values.some((v) => !v.includes(' ') && ctx.meaning.attributesOf(v).some((a) => own.includes(a)))).map(([label]) => label);
  return labels.length > 0 ? { labels, why: `"${adjective}" asks where it stands on ${own.join(', ')} (WordNet: ${adjective} is a value of ${own.join(', ')}); ${labels.join(', ')}'s values are values of it` } : undefined;
}

/** The scale one of whose values an attribute of the adjective is a kind of (WordNet: worth → worthiness, a kind of good). */
function valueKind(adjective: string, ctx: RankContext): { labels: readonly string[]; why: string } | undefined {
  for (const attribute of ctx.meaning.attributesOf(adjective)) {
    for (const up of ctx.meaning.hypernymWords(attribute)) {
      const v = valueNamed(up, ctx.vocabulary);
      if (v) return { labels: [v.label], why: `"${adjective}" asks where it stands on ${attribute} (WordNet: ${adjective} is a value of ${attribute}, a kind of ${up}); "${v.value}" is one of ${v.label}'s values in the graph` };
    }
  }
  return undefined;
}

/** The question's words (`questionWords`) as `qualityAsked` reads them: a predicate adjective asks for its quality's scale. */
export function qualityWords(out: { word: string; index: number; relevance: number; relational: number; scales?: { readonly labels: readonly string[]; readonly why: string } }[], g: Grounding, ctx: RankContext): void {
  const read = qualityAsked(g, ctx);
  if (read.size === 0) return;
  const relations = [...ctx.vocabulary.valueRelations.values()];
  for (let k = 0; k < out.length; k++) {
    const w = out[k]!;
    const scales = read.get(w.index);
    if (!scales) continue;
    out[k] = { ...w, relevance: Math.max(w.relevance, MEMBERS), relational: relations.some((l) => scales.labels.includes(l)) ? Math.max(w.relational, MEMBERS) : w.relational, scales };
  }
}
const MEMBERS = RANK_WEIGHTS.members;

/**
 * **A yes/no question's first alternative that says nothing of the graph** (round 22b, `firstSaysNothing`):
 * questionWords.ts's `alternative` reads "is X widely voted on imdb or has barely anyone rated it" as one question
 * and its restatement, and drops the words after "or". When the words before "or" (outside the name) link
 * to nothing in the graph — the asker's own verb, "should I bother with X" — the question's content is
 * the alternative ("or is it rated badly"): it is read.
 */
export function firstSaysNothing(g: Grounding, or: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  return g.tokens.slice(0, or).every((t, j) => inAnchor(j) || t.norm === '' || isStopWord(t.norm) || !/\p{L}/u.test(t.norm) || relevanceOf(t.norm, ctx, false).relevance < FAINT);
}

/**
 * **"not the N": the thing it is not** (round 22b, `contrasted`): "what year was X made, the film not
 * the book" — a clause of its own with no name and no finite verb, "the N1 not the N2", says which of
 * two things the name stands for; N2 is the one not meant, so it names no hop ("book" met written_by
 * and bought a chain through the writer). The words after "not" to the clause's end are not read (asides.ts's
 * `excluded` reads a clause opening with "not"; this one opens with what is meant).
 */
export function contrasted(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  if (inAnchor(i)) return false;
  const tokens = g.tokens;
  const mark = (j: number): boolean => j === 0 || /[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(tokens[j - 1]!.end, tokens[j]!.start));
  let start = i;
  while (start > 0 && !mark(start)) start--;
  let end = i + 1;
  while (end < tokens.length && !mark(end)) end++;
  const not = tokens.findIndex((t, j) => j >= start && j < end && t.norm === 'not');
  if (not < 0 || not <= start || i <= not) return false;
  const clause = tokens.slice(start, end);
  return clause.every((t, d) => !inAnchor(start + d) && (t.norm === '' || t.norm === 'not' || isStopWord(t.norm) || ctx.meaning.isNoun(t.norm)) && !(t.norm !== 'not' && ctx.meaning.isVerbForm(t.norm) && !ctx.meaning.isNoun(t.norm)));
}

/**
 * **A verb of saying with no object of its own frames the question** (round 22b, `sayingFrame`): "what
 * style of movie would you say X is", "the listing for X doesn't say, what kind of film is it", "which
 * language is X shot in, can't tell from the trailer" — a verb WordNet defines as expressing in words
 * (say, tell), followed by no noun phrase of its own (the clause ends, a preposition follows, or a
 * clause with its own subject and verb: "say X is"), says who says or cannot say it, not what the graph
 * holds ("say" met has_tags as "defined in words", "tell" met directed_by). Not read. With an object
 * ("describe X", "tell me the cast") the verb is the request, and stays; so does a passive, whose subject
 * is said ("which movies can be described by X": a first version lost it on the 1-hop dev set).
 */
export function sayingFrame(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const tokens = g.tokens;
  const t = tokens[i]!;
  if (inAnchor(i) || t.norm === '' || isStopWord(t.norm) || ctx.meaning.verbSenses(t.norm) === 0 || ctx.meaning.isNoun(t.norm) && !ctx.meaning.isVerbForm(t.norm)) return false;
  if (!(ctx.meaning.asksForWords(t.norm) ?? '').includes('is defined in words')) return false;
  // A passive ("can be described by X", "was told in …") has its subject: the verb is the question's relation.
  if (i > 0 && BE.has(tokens[i - 1]!.norm)) return false;
  let j = i + 1;
  while (j < tokens.length && tokens[j]!.norm === '' && !inAnchor(j)) j++;
  // The clause ends after the verb.
  if (j >= tokens.length || /[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(t.end, tokens[j]!.start))) return true;
  const next = tokens[j]!.norm;
  // A clause of its own follows: a name or a pronoun as its subject, then a form of "be" ("say X is", "say it was").
  const clauseAt = (k: number): boolean => {
    let e = k;
    if (inAnchor(k)) while (e < tokens.length && inAnchor(e)) e++;
    else if (SUBJECT_PRONOUNS.has(tokens[k]!.norm) && !INDIRECT_OBJECTS.has(tokens[k]!.norm)) e = k + 1;
    else return false;
    return e < tokens.length && (BE.has(tokens[e]!.norm) || tokens[e]!.norm === 's');
  };
  if (clauseAt(j)) return true;
  // A preposition, not a determiner or a pronoun ("can't tell from the trailer").
  return !inAnchor(j) && RELATIVE_PREPOSITIONS.has(next) && next !== 'by' && !ctx.meaning.isNoun(next);
}

/** An article, a quantifier or a thing pronoun opens a wanted object ("want a film", "need the year", "want something"). */
const opensObject = (w: string): boolean => ARTICLES.has(w) || QUANTIFIERS.has(w) || THING_PRONOUNS.has(w);

/**
 * **The asker's wanting opens the question proper** (round 22b, `wantingOpens`): "home sick today and
 * want a film that deals with X, suggestions?" — a verb of wanting in its base form with its subject
 * dropped (after "and", "so", "just", or opening its sentence) and an object after it asks for that
 * object, as "I want …" does (asking.ts's `requestAt`); the words before it in its sentence are the
 * asker's story ("home" met directed_by at 0.51). Those that name nothing in the graph outright are
 * not read; a name among them keeps the words.
 */
export function wantingOpens(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const mark = (j: number): boolean => j === 0 || /[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(tokens[j - 1]!.end, tokens[j]!.start));
  for (let v = 1; v < tokens.length - 1; v++) {
    if (inAnchor(v) || !WANTING.has(tokens[v]!.norm) || !DROPPED_SUBJECT_JOINS.has(tokens[v - 1]!.norm) || inAnchor(v - 1)) continue;
    if (!opensObject(tokens[v + 1]!.norm) || inAnchor(v + 1)) continue;
    let start = v - 1;
    while (start > 0 && !mark(start)) start--;
    const before = tokens.slice(start, v).map((t, d) => ({ t, j: start + d }));
    if (before.some(({ t, j }) => inAnchor(j) || asking(t.norm) || SUBJECT_PRONOUNS.has(t.norm))) continue;
    if (before.some(({ t }) => t.norm !== '' && !isStopWord(t.norm) && relevanceOf(t.norm, ctx, false).relevance >= NAMES)) continue;
    return { ...g, tokens: tokens.map((t, i) => (i >= start && i < v ? { ...t, norm: '' } : t)) };
  }
  return g;
}

/**
 * **Where the name's own act happened is no hop** (round 22b, `namePlace`): "when did X first hit
 * cinemas", "when was it first out in cinemas" — a noun that names only a label and only loosely
 * ("cinemas" → Movie 0.64, below `NAMES`) and no relation, a few words after the name or a pronoun
 * standing for it (its subject), with only a verb, a particle, an adverb or a preposition between, says
 * where the name's act happened: it is no hop to other things of that label (round 21's `verbPlace`
 * reads the same after a verb naming a relation outright). Dropped (an empty token).
 */
export function namePlace(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length !== 1) return g;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const m = g.mentions[g.anchors[0]!]!;
  const subjects = [m.tokenEnd, ...tokens.flatMap((t, i) => (i > m.tokenEnd && !inAnchor(i) && BACK_TO_ONE.has(t.norm) ? [i + 1] : []))];
  const drop = new Set<number>();
  for (const from of subjects) {
    for (let i = from; i < tokens.length && i <= from + NAME_PLACE_REACH && !inAnchor(i); i++) {
      if (i > from && /[.?!;:,]|\s[-–—]+\s/.test(g.question.slice(tokens[i - 1]!.end, tokens[i]!.start))) break;
      const w = tokens[i]!.norm;
      if (w === '' || isStopWord(w)) continue;
      const own = relevanceOf(w, ctx, false);
      if (ctx.meaning.isNoun(w) && own.relevance > 0 && own.relevance < NAMES && own.relational < FLOOR && i > from) {
        // Only a verb, a particle, an adverb or a preposition before it, naming nothing outright.
        if (tokens.slice(from, i).every((x) => x.norm === '' || isStopWord(x.norm) || relevanceOf(x.norm, ctx, false).relevance < NAMES)) drop.add(i);
        break;
      }
      if (own.relevance >= NAMES) break;
    }
  }
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
/** Tokens after the subject a place of its act may stand at ("first hit cinemas", "first out in cinemas"). */
const NAME_PLACE_REACH = 4;

/**
 * **A question not in English says so** (round 22b, `notEnglish`): "¿de qué género es X?", "qui a réalisé
 * X ?" — the ranker reads English through WordNet; a question most of whose words (outside the name) the
 * lexicon does not hold, or holds only without the accents they are written with ("réalisé" is no
 * "realise"), is in another language, and reading it needs a dictionary of that language, which neither
 * WordNet nor the graph gives. Nothing is guessed (the choice stays as weak as its evidence); the
 * evidence says so, on each such word (`noted`). At least two such words, and at least half of the
 * question's words outside the name.
 */
export function notEnglish(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const words = g.tokens.map((t, i) => ({ t, i })).filter(({ t, i }) => !inAnchor(i) && /\p{L}/u.test(t.norm));
  const foreign = words.filter(({ t }) => {
    const written = g.question.slice(t.start, t.end).toLowerCase();
    return !ctx.meaning.knows(t.norm) || (written !== t.norm && /[^\p{ASCII}]/u.test(written) && !ctx.meaning.knows(written));
  });
  if (foreign.length < FOREIGN_WORDS || foreign.length * 2 < words.length) return g;
  const at = new Set(foreign.map(({ i }) => i));
  const shown = foreign.map(({ t }) => g.question.slice(t.start, t.end)).join(', ');
  const note = `${foreign.length} of the question's ${words.length} words outside the name are no English words WordNet holds (${shown}): it reads as another language, and reading it needs a dictionary of that language, which the graph does not give`;
  // On every such word: a later reading may rewrite one (a slip's reading), and the note goes with the word.
  return { ...g, tokens: g.tokens.map((t, i) => (at.has(i) ? noted(t, t.norm, note) : t)) };
}
/** Words the lexicon does not hold before a question is read as another language's. */
const FOREIGN_WORDS = 2;
