/**
 * Round 19 (issue 27, 1 and 3 hops): readings of plain everyday English the fifteenth held-out set
 * showed the ranker missing. Each is English grammar, WordNet or the graph's own names, never a word
 * list of a set; each rewrites the question's tokens as the earlier readings of `asRead` do (an empty
 * `norm` drops a word). Kept in a file of its own, by round.
 */
import { isStopWord, lemmasOf } from '../embed/lexicon/normalize';
import { oneValuedShares } from '../retrieve/domains';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { ARTICLES, ASKING, CLITICS, DETERMINERS, FINITE_AUXILIARIES, INDIRECT_OBJECTS, NOUN_TAKING, POSSESSIVE_BACK, REQUESTS, SUBJECT_PRONOUNS, TIME_CONDITIONS } from './english';
import type { Candidate } from './enumerate';
import { anchorTest, type Grounding } from './ground';
import { bestOf, scalesAskedBy, WH_WORDS } from './meaning';
import type { AskedType, RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { round21c } from './typed';
import { FLOOR, NAMES } from './weights';

/** The relation a word names best, and how well (0 when none reaches the floor). */
export function bestRelation(word: string, ctx: RankContext): { readonly relation: string; readonly score: number } | undefined {
  let out: { relation: string; score: number } | undefined;
  for (const [relation, terms] of ctx.vocabulary.relations) {
    const s = bestOf(ctx.meaning, word, terms);
    if (s >= FLOOR && (!out || s > out.score)) out = { relation, score: s };
  }
  return out;
}

/**
 * **An adverbial idiom** (round 19): words English uses together as one adverb, as WordNet holds it
 * ("in the first place", "of course", "in person", "at the same time"), say how or when, and name
 * nothing in the graph — word by word, "who penned the script for X in the first place" read "place"
 * as directed_by (0.64, a location of direction) and bought a 3-hop chain. A run of two to four words
 * opening with a word that is no content word (a preposition, an article), that WordNet holds as an
 * adverb, outside every name and not across a punctuation mark, with no word in it that names a
 * relation outright: dropped (empty tokens).
 */
export function idiomAdverbs(g: Grounding, ctx: RankContext): Grounding {
  return idiomsAs(g, ctx, (l) => ctx.meaning.isAdverb(l));
}

/**
 * **An adjectival idiom** (round 20): the same rule for a run WordNet holds as one adjective ("most
 * people at work would know X": "at_work", busy) — a state said of someone, naming nothing in the graph
 * ("work" met starred_actors at 0.58 and bought a hop through the actors). Dropped as the adverbs are.
 */
export function idiomAdjectives(g: Grounding, ctx: RankContext): Grounding {
  return idiomsAs(g, ctx, (l) => ctx.meaning.isAdjective(l));
}

function idiomsAs(g: Grounding, ctx: RankContext, held: (lemma: string) => boolean): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = [...g.tokens];
  let changed = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (inAnchor(i) || !isStopWord(t.norm) || !/^\p{L}+$/u.test(t.norm)) continue;
    const run = [t.norm];
    for (let j = i + 1; j < tokens.length && j <= i + 3 && !inAnchor(j) && /^\p{L}+$/u.test(tokens[j]!.norm) && /^\s+$/.test(g.question.slice(tokens[j - 1]!.end, tokens[j]!.start)); j++) run.push(tokens[j]!.norm);
    for (let n = run.length; n >= 2; n--) {
      const words = run.slice(0, n);
      if (words.every((w) => isStopWord(w))) continue;
      if (!held(words.join('_'))) continue;
      if (words.some((w) => !isStopWord(w) && (bestRelation(w, ctx)?.score ?? 0) >= NAMES)) continue;
      for (let k = i; k < i + n; k++) tokens[k] = { ...tokens[k]!, norm: '' };
      changed = true;
      i += n - 1;
      break;
    }
  }
  return changed ? { ...g, tokens } : g;
}

/**
 * **What a verb makes is no hop of its own** (round 19): a noun that is the object of a verb naming a
 * relation outright, and that itself names that relation only loosely, is the thing the verb's subject
 * makes — "who wrote the script for X", "who penned the script", "scripts written by X": the script is
 * X itself (or X's films), written; it is not a second written_by hop. Read word by word, "scripts
 * written by X, the ones that got made into movies" took "scripts" (0.49 to written_by, through
 * "written") for another writer, and answered with X's co-writers as a match. English puts the object
 * right after its verb (a determiner between: "wrote the script") or, in a reduced passive, right
 * before the participle and its "by" ("scripts written by X"). The noun is dropped (an empty token):
 * the verb says the relation, and the noun names nothing else in the graph.
 */
export function madeThings(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const w = (k: number): string => (k >= 0 && k < tokens.length && !inAnchor(k) ? tokens[k]!.norm : '');
  const names = (k: number, relation: string): boolean => {
    const v = w(k);
    if (v === '' || isStopWord(v)) return false;
    const r = bestRelation(v, ctx);
    return r !== undefined && r.relation === relation && r.score >= NAMES && (ctx.meaning.verbSenses(v) > 0);
  };
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (inAnchor(i) || isStopWord(t.norm) || !/^\p{L}+$/u.test(t.norm) || !ctx.meaning.isNoun(t.norm)) return;
    const own = bestRelation(t.norm, ctx);
    if (!own || own.score >= NAMES) return;
    const passive = ctx.meaning.isParticiple(w(i + 1)) && w(i + 2) === 'by' && names(i + 1, own.relation);
    const object = names(i - 1, own.relation) || (OBJECT_DETERMINERS.has(w(i - 1)) && names(i - 2, own.relation));
    if (passive || object) drop.add(i);
  });
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
/** Determiners between a verb and its object ("wrote the script", "penned their scripts"). */
const OBJECT_DETERMINERS = new Set([...ARTICLES, 'this', 'that', 'these', 'those', ...POSSESSIVE_BACK, 'some', 'any', 'all']);

/**
 * **"How" + an adjective whose attribute the graph has as a label** (round 19): "how old is X" asks for
 * X's age, and WordNet's age is a synonym of years (its sense "a long time"), so the question asks for
 * a Year — not for where X stands on a scale of three values (it read "old" as Votes: those values are
 * values of no attribute, so nothing ruled them out). The adjective's attributes (WordNet's "="
 * pointer, `WordMeaning.attributesOf`) read by the type rules; undefined when none names a label.
 */
export function attributeType(adjective: string, ctx: RankContext): AskedType | undefined {
  const { labelNames, labelAliases } = ctx.vocabulary;
  for (const attribute of ctx.meaning.attributesOf(adjective)) {
    const t = ctx.meaning.typeOf(attribute, labelNames, labelAliases);
    if (t && t.how !== 'none' && t.labels.length > 0)
      return { word: adjective, labels: t.labels.map((l) => labelNames[l]!), how: t.how, detail: `"how ${adjective}" asks for its ${attribute} (WordNet: ${adjective} is a value of ${attribute}); ${t.detail}` };
  }
  return undefined;
}

/**
 * **A noun naming an attribute asks for a scale** (round 19): "X popularity", "the popularity of X" ask
 * where X stands on popularity, as "how popular is X" does (`scalesAskedBy`). WordNet's "=" pointer
 * from the noun's commonest sense gives the adjectives that are its values (popularity → popular);
 * the scale is chosen as for "how" + the first of them. Only a noun that names nothing else.
 */
export function attributeNounScales(noun: string, ctx: RankContext): { labels: readonly string[]; why: string } | undefined {
  const values = ctx.meaning.attributeValues(noun);
  if (values.length === 0) return undefined;
  const read = scalesAskedBy(values[0]!, true, ctx.meaning, ctx.vocabulary);
  return read ? { labels: read.labels, why: `"${noun}" names an attribute whose values are ${values.join(', ')} (WordNet), so it asks as "how ${values[0]}" does: ${read.why}` } : undefined;
}

/**
 * **A scale's value beside a name is the value word, not a second name** (round 19): "is X a
 * well-known film or more of a hidden gem" grounded "well-known" on the Votes node "well known" as a
 * second anchor, and no query joins a film to its own vote bucket through a middle node, so every
 * candidate ignored an anchor. A mention written in lower case, not marked, beside a name written with
 * capitals, whose every node is a member of a scale of values (`Vocabulary.valueLabels`: at most 12
 * common-word members), is that value said of the name: it no longer anchors the reading, and its words
 * are read as the value (joined by "_"), which speaks for the relation into the scale as a value's name
 * does (`valueNamed`, loosely: always weak).
 */
export function valueMentions(g: Grounding, ctx: RankContext): Grounding {
  if (g.anchors.length < 2 || ctx.vocabulary.valueLabels.size === 0) return g;
  const written = (a: number): string => g.question.slice(g.mentions[a]!.start, g.mentions[a]!.end);
  if (!g.anchors.some((a) => /\p{Lu}/u.test(written(a)))) return g;
  const values = g.anchors.filter((a) => {
    const m = g.mentions[a]!;
    return !m.marked && written(a) === written(a).toLowerCase() && m.nodes.length > 0 && m.nodes.every((n) => ctx.vocabulary.valueLabels.has(n.label));
  });
  if (values.length === 0 || values.length === g.anchors.length) return g;
  const tokens = [...g.tokens];
  for (const a of values) {
    const m = g.mentions[a]!;
    const value = m.nodes[0]!.name.toLowerCase().replace(/\s+/g, '_');
    for (let k = m.tokenStart; k < m.tokenEnd; k++) tokens[k] = { ...tokens[k]!, norm: k === m.tokenStart ? value : '' };
  }
  return { ...g, tokens, anchors: g.anchors.filter((a) => !values.includes(a)) };
}

/**
 * **"is X a N": N is X's own kind** (round 19): in a yes/no question opened by "be" with the name as
 * its subject, the noun of the predicate after the article says what X is ("is X a well-known movie or
 * more of a hidden gem"): X's own label, not a film reached from it — read as a later noun, it bought an
 * out-and-back hop to other films. A noun of that predicate (up to "or" or a punctuation mark) that
 * names the label of the name's nodes (the type rules) is dropped.
 */
export function predicateKind(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  let i0 = 0;
  while (i0 < tokens.length && tokens[i0]!.norm === '' && !inAnchor(i0)) i0++;
  if (!COPULA.has(tokens[i0]?.norm ?? '') || inAnchor(i0)) return g;
  const a = g.anchors.find((x) => g.mentions[x]!.tokenStart === i0 + 1);
  if (a === undefined) return g;
  const m = g.mentions[a]!;
  const labels = new Set(m.nodes.map((n) => n.label));
  const { labelNames, labelAliases } = ctx.vocabulary;
  let k = m.tokenEnd;
  if (!['a', 'an'].includes(tokens[k]?.norm ?? '')) return g;
  const drop = new Set<number>();
  for (k++; k < tokens.length && !inAnchor(k) && tokens[k]!.norm !== 'or' && /^[\s-]+$/.test(g.question.slice(tokens[k - 1]!.end, tokens[k]!.start)); k++) {
    const w = tokens[k]!.norm;
    if (w === '' || isStopWord(w)) continue;
    const t = ctx.meaning.typeOf(w, labelNames, labelAliases);
    if (t && t.how !== 'none' && t.labels.some((l) => labels.has(labelNames[l]!))) drop.add(k);
  }
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
const COPULA = new Set(['is', 'was', 'are', 'were']);

/**
 * **A past-tense verb opening the question with its subject dropped** (round 19): "watched X last
 * night, who was in it?" — English drops the diary's "I" before a past tense: the clause is what the
 * speaker did, not the graph's relation ("watched", read in a rare sense, met directed_by and bought a
 * 3-hop chain). The first word, an "-ed" form of a verb (not a noun), the name right after it, not
 * followed by "by" (a passive: "directed by X, …"), the clause closed by a punctuation mark with a
 * wh-word after it: the verb is dropped, the name kept.
 */
export function diaryVerb(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const w = tokens[0]?.norm ?? '';
  if (tokens.length < 3 || inAnchor(0) || !inAnchor(1) || !/ed$/.test(w) || ctx.meaning.verbSenses(w) === 0 || ctx.meaning.isNoun(w)) return g;
  const a = g.anchors.find((x) => g.mentions[x]!.tokenStart === 1)!;
  const end = g.mentions[a]!.tokenEnd;
  if (tokens[end]?.norm === 'by') return g;
  const close = tokens.findIndex((t, j) => j > end && /[.?!;:,]/.test(g.question.slice(tokens[j - 1]!.end, t.start)));
  if (close < 0 || !tokens.slice(close).some((t, d) => !inAnchor(close + d) && WH_WORDS[t.norm] !== undefined)) return g;
  if (tokens.slice(end, close).some((_, d) => inAnchor(end + d))) return g;
  return { ...g, tokens: tokens.map((t, j) => (j === 0 ? { ...t, norm: '' } : t)) };
}

/**
 * **The answer head's complement** (round 19): in "what kinds of films have they written", "films"
 * after "kinds of" says what the kinds are of — the things the last hop starts from (the films whose
 * genres are asked), not a noun of the story read outward from the name. Read in order, the verb
 * after it ("written") had to stand past the films, so the genres' chain left a word unexplained and
 * the writers' chain (the wrong type) won. The word right after "of" (an article between) following
 * the answer phrase's head, outside every name, may take that label without moving the alignment on,
 * beside its other readings (`alignChain`).
 */
export function headComplement(g: Grounding, index: number, phrase: readonly number[], inAnchor: (i: number) => boolean): boolean {
  if (phrase.length !== 2 || phrase[0] === phrase[1] || inAnchor(index)) return false;
  let k = index - 1;
  if (['the', 'a', 'an'].includes(g.tokens[k]?.norm ?? '')) k--;
  return g.tokens[k]?.norm === 'of' && k - 1 === phrase[1] && !inAnchor(k);
}

/**
 * **An unknown word opening a request** (round 19): "gimme the genres of …" — a first word WordNet does
 * not know (no lemma in any part of speech), not a name, followed by a determiner or an object pronoun,
 * with no punctuation between, opens an imperative when nothing else in the sentence asks (no wh-word,
 * no "what"/"which"/"how"): English puts the verb of a command first and its object after it. Read as
 * the request verb "give", so that its object is what is asked (before, the last noun of the sentence,
 * "director", was read as the answer). With a question elsewhere the word is a vocative or an
 * interjection ("słuchaj, the director of X, what else did they direct"): left alone, as is an unknown
 * word elsewhere.
 */
export function unknownImperative(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  let i = 0;
  while (i < tokens.length && tokens[i]!.norm === '' && !inAnchor(i)) i++;
  const w = tokens[i]?.norm ?? '';
  if (inAnchor(i) || !/^\p{L}+$/u.test(w) || isStopWord(w) || ctx.meaning.knows(w) || WH_WORDS[w] !== undefined) return g;
  if (!OBJECT_OPENERS.has(tokens[i + 1]?.norm ?? '') || inAnchor(i + 1) || !/^\s+$/.test(g.question.slice(tokens[i]!.end, tokens[i + 1]!.start))) return g;
  // A question asked elsewhere in the sentence makes the opening word a vocative or an interjection
  // ("słuchaj, the director of X, what else …", "machan the writer of X, what genres …"), not a command.
  if (tokens.some((t, j) => j > i && !inAnchor(j) && (WH_WORDS[t.norm] !== undefined || NOUN_TAKING.has(t.norm)))) return g;
  return { ...g, tokens: tokens.map((t, j) => (j === i ? { ...t, norm: 'give' } : t)) };
}
/** Words that open a command's object: determiners, quantifiers, object pronouns (English grammar). */
const OBJECT_OPENERS = new Set([...ARTICLES, 'all', 'every', 'each', 'some', 'any', ...INDIRECT_OBJECTS, ...POSSESSIVE_BACK]);

/**
 * **People in a work act in it** (round 19): "I liked everyone in X", "the people in X", "the other
 * stuff they've been in" — a person said to be in a work appears in it, as `beingIn` reads "who is in
 * X". Two forms: a word for persons that names no relation itself (an indefinite pronoun of the
 * -one/-body series, or a noun whose group members or type are persons: "people", "folks") right
 * before "in" and a name that is no person; and a personal pronoun ("they", "he", "she") with a form of
 * "be" and "in" after it. The "in" is read as the verb WordNet puts above appearing in a play ("act":
 * appear → perform → act), which names starred_actors outright — a rare sense would give way to the
 * sentence's other verb ("who wrote the other stuff they've been in": "wrote").
 */
export function personIn(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const persons = ctx.vocabulary.labelNames.filter((l) => (ctx.meaning.typeOf(l, ['person'])?.labels.length ?? 0) > 0);
  if (persons.length === 0) return g;
  const personWord = (w: string): boolean => {
    if (/^(every|any|some|no)(one|body)$/.test(w)) return true;
    if (isStopWord(w) || !ctx.meaning.isNoun(w) || (bestRelation(w, ctx)?.score ?? 0) > 0) return false;
    const t = ctx.meaning.typeOf(w, ctx.vocabulary.labelNames, ctx.vocabulary.labelAliases);
    if (t && t.how !== 'none' && t.labels.some((l) => persons.includes(ctx.vocabulary.labelNames[l]!))) return true;
    return ctx.meaning.membersOfGroup(w).some((m) => (ctx.meaning.typeOf(m, persons)?.labels.length ?? 0) > 0);
  };
  const work = (k: number): boolean => {
    const a = g.anchors.find((x) => g.mentions[x]!.tokenStart === k);
    return a !== undefined && g.mentions[a]!.nodes.every((n) => !persons.includes(n.label));
  };
  const acted = new Set<number>();
  tokens.forEach((t, i) => {
    if (t.norm !== 'in' || inAnchor(i) || i === 0) return;
    const before = tokens[i - 1]!.norm;
    if (!inAnchor(i - 1) && personWord(before) && work(i + 1)) acted.add(i);
    let k = i - 1;
    while (k >= 0 && !inAnchor(k) && BE_FORMS.has(tokens[k]!.norm)) k--;
    if (k < i - 1 && k >= 0 && !inAnchor(k) && PERSONAL.has(tokens[k]!.norm)) acted.add(i);
  });
  return acted.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (acted.has(i) ? { ...t, norm: 'acted' } : t)) };
}
const BE_FORMS = new Set(['be', 'been', 'is', 'are', 'was', 'were', 've', 'have', 'has', 'had', 're', 's']);
const PERSONAL = new Set(['they', 'he', 'she']);

/**
 * **A name the graph holds for several things** (round 19): a node with several values of a relation
 * that nearly every node having it has one of (read from the graph: at least `ONE_VALUED` of them — on
 * MetaQA a film's release year, votes and rating) is several things under one name: "Red Lights" has
 * the years 2004 and 2012, "Mighty Joe Young" 1949 and 1998. A one-hop answer from it mixes them, and
 * which one the question means the ranker cannot tell — "is X an 80s film or a 90s one, which year
 * exactly" was answered with X's first year as a match, "who's the director of Mighty Joe Young" with
 * one film's director — so it is weak. The shares come from the index (`oneValuedShares`: stored in
 * the index file, or counted once from the edges), the anchor's values from its one-hop candidates,
 * so memory and store placement decide alike. A film with two directors and one year is one film,
 * and keeps its confidence.
 */
export function severalOfOne(index: SearchIndex, chosen: Candidate, candidates: readonly Candidate[]): string | undefined {
  const shape = chosen.shape;
  if (shape.kind !== 'chain' || shape.steps.length !== 1 || chosen.nodes.length < 2) return undefined;
  const shares = oneValuedShares(index);
  if (!shares) return undefined;
  const node = shape.anchor.node;
  // The anchor's values of each relation are the answers of its one-hop chains: the same in memory
  // and in the store (candidates are walked from the neighbourhood either way).
  for (const c of candidates) {
    const s = c.shape;
    if (s.kind !== 'chain' || s.steps.length !== 1 || s.anchor.node !== node || s.steps[0]!.direction !== 'out' || c.nodes.length < 2) continue;
    const name = s.steps[0]!.relation;
    const r = index.data.relationNames.indexOf(name);
    const share = r >= 0 ? shares[r]! : 0;
    if (share >= ONE_VALUED) return `"${shape.anchor.name}" has ${c.nodes.length} values of ${name}, which ${Math.round(share * 100)}% of the nodes having it have one of (the graph): the name stands for several things, and which one is meant nothing says`;
  }
  return undefined;
}
/** A relation is one-valued when at least this share of the nodes having it have one value. */
export const ONE_VALUED = 0.95;

/*
 * Round 20 (issue 27, 1 and 3 hops): readings of plain everyday English the sixteenth held-out set
 * showed the ranker missing. As round 19's above: English grammar, WordNet or the graph's own names,
 * never a word list of a set; each rewrites the question's tokens (an empty `norm` drops a word) or
 * answers one yes/no test that the ranker's files ask where they read the sentence (named in a comment there).
 */

/** Auxiliaries and modals: a finite verb of a clause. */
const FINITE = new Set([...FINITE_AUXILIARIES, 'be', 'been', ...CLITICS]);
/** Coordinating conjunctions that may open a clause of their own ("…, but the exact year would be better", "… and the case doesn't say"). */
const CLAUSE_JOINS = new Set(['but', 'and']);
/** Words that open a subject noun phrase: determiners and subject pronouns (a clause after "and"/"but" starts with its subject). */
const SUBJECT_OPENERS = new Set([...DETERMINERS, ...SUBJECT_PRONOUNS, 'there']);

/**
 * The question's clauses (round 20), as `[start, end)` token ranges: a new one after sentence or
 * clause punctuation (. ? ! ; : ,) — also a mark right after a name, unless one of the name's nodes
 * ends on it (a title's own "?") — and at "and"/"but" followed by a subject (a determiner or a
 * subject pronoun: "… and the case doesn't say", "… but the exact year would be better").
 */
function clauses(g: Grounding, inAnchor: (i: number) => boolean): [number, number][] {
  const starts: number[] = [];
  g.tokens.forEach((t, i) => {
    if (i === 0) return void starts.push(0);
    if (inAnchor(i) && inAnchor(i - 1)) return;
    const gap = g.question.slice(g.tokens[i - 1]!.end, t.start);
    if (/[.?!;:,]/.test(gap)) {
      const a = g.anchors.find((x) => g.mentions[x]!.tokenEnd === i);
      if (a !== undefined && /^[!?]/.test(gap) && g.mentions[a]!.nodes.some((n) => /[!?]$/.test(n.name))) return;
      return void starts.push(i);
    }
    if (!inAnchor(i) && CLAUSE_JOINS.has(t.norm) && !inAnchor(i + 1) && SUBJECT_OPENERS.has(g.tokens[i + 1]?.norm ?? '')) starts.push(i);
  });
  return starts.map((s, k) => [s, starts[k + 1] ?? g.tokens.length]);
}

/**
 * **A remark beside the question** (round 20): "anyone know who's in X? the trailer barely showed
 * anyone's faces", "X came out when? roughly is fine but …", "got X out of the library and the case
 * doesn't say, what language is it in". A clause of its own (`clauses`) that holds no name, no wh-word
 * and no request, that has a finite verb (a statement, not a noun phrase standing for what is asked:
 * "the year please") and does not open with it (a clause that drops its subject goes on with the
 * speaker's story: "…, loved the cast, looked up their other films, …"), and none of whose words names anything in the graph outright (each below
 * `NAMES`), in a question that asks in another clause, says what the speaker saw or thinks, not which
 * answer: its words are dropped. Read word by word they bought hops ("faces" in a rare sense met
 * release_year, "fine" met has_tags, "say" — defined in words — met has_tags). A clause that names a
 * relation or label outright stays ("… but the exact year would be better").
 */
export function remarks(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const all = clauses(g, inAnchor);
  if (all.length < 2) return g;
  const asksIn = ([s, e]: [number, number]): boolean => tokens.slice(s, e).some((t, d) => !inAnchor(s + d) && ASKING.has(t.norm));
  const drop = new Set<number>();
  for (const c of all) {
    const [s, e] = c;
    const words = tokens.slice(s, e).map((t, d) => ({ t, j: s + d })).filter(({ t }) => t.norm !== '');
    if (words.length === 0 || words.some(({ j }) => inAnchor(j)) || asksIn(c) || !all.some((o) => o !== c && asksIn(o))) continue;
    if (words.some(({ t }) => REQUEST_WORDS.has(t.norm))) continue;
    // A clause opening with its verb has dropped its subject: it goes on with the speaker's story ("so I
    // watched X, loved the cast, looked up their other films, …"), whose objects may be the chain's.
    const opener = words[0]!.t.norm;
    if (!isStopWord(opener) && ctx.meaning.verbSenses(opener) > 0 && !ctx.meaning.isNoun(opener)) continue;
    const finite = words.some(({ t }) => FINITE.has(t.norm) || /n['’]?t$/.test(t.norm) || (!isStopWord(t.norm) && ctx.meaning.verbSenses(t.norm) > 0 && !ctx.meaning.isNoun(t.norm) && /(ed|s)$/.test(t.norm)));
    if (!finite) continue;
    if (words.some(({ t }) => !isStopWord(t.norm) && /\p{L}/u.test(t.norm) && relevanceOf(t.norm, ctx, false).relevance >= NAMES)) continue;
    for (const { j } of words) drop.add(j);
  }
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
/** Request verbs and politeness: a clause holding one asks. */
const REQUEST_WORDS = new Set([...REQUESTS, 'please']);

/**
 * **"when" + a subject opening a clause before the question** (round 20): "my grandad saw X at the
 * pictures when it was brand new, what year would that have been" — "when" with a subject pronoun and
 * a verb after it, its clause closed by punctuation and a clause after it that asks with a wh-word of
 * its own, is the conjunction of time: the clause says when the speaker's story happened, not what is
 * asked ("brand" met has_tags through a label). Its words are dropped (the question's "when", right
 * before an auxiliary — "when was it released" — is left alone).
 */
export function whenClause(g: Grounding, ctx: RankContext): Grounding {
  void ctx;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  for (const [s, e] of clauses(g, inAnchor)) {
    const k = tokens.findIndex((t, j) => j >= s && j < e && !inAnchor(j) && TIME_CONDITIONS.has(t.norm) && j > s);
    if (k < 0 || !['it', 'he', 'she', 'they', 'i', 'we', 'you'].includes(tokens[k + 1]?.norm ?? '') || inAnchor(k + 1)) continue;
    if (tokens.slice(k + 1, e).some((_, d) => inAnchor(k + 1 + d))) continue;
    if (!tokens.slice(e).some((t, d) => !inAnchor(e + d) && ASKING.has(t.norm))) continue;
    return { ...g, tokens: tokens.map((t, j) => (j >= k && j < e ? { ...t, norm: '' } : t)) };
  }
  return g;
}

/**
 * **"who" after a noun that is no person asks** (round 20): a relative "who" refers back to a person
 * ("the person who directed it", "the cast who …"); after a noun that names no person nor a group of
 * them ("no clue who directed it", "no idea who wrote it") it opens an indirect question, the clause
 * the noun is about, and that clause asks. A person is read by the type rules (`typeOf` … person) and
 * a group by its members (WordNet's member pointer: people → person; a crew, a cast).
 */
export function notPersonAntecedent(g: Grounding, i: number, ctx: RankContext): boolean {
  const w = g.tokens[i]?.norm ?? '';
  if (w !== 'who' && w !== 'whom') return false;
  const noun = g.tokens[i - 1]?.norm ?? '';
  // The pro-form "one" stands for whatever noun is meant ("the one who wrote X"): it may be a person.
  if (noun === '' || isStopWord(noun) || noun === 'one' || noun === 'ones' || !ctx.meaning.isNoun(noun)) return false;
  if ((ctx.meaning.typeOf(noun, ['person'])?.labels.length ?? 0) > 0) return false;
  if ((ctx.meaning.typeOf(noun, ['group', 'organization'])?.labels.length ?? 0) > 0) return false;
  if (ctx.meaning.membersOfGroup(noun).length > 0) return false;
  return true;
}

/**
 * **What the speaker knows is not asked** (round 20): "i know a couple of the actors in X but no clue
 * who directed it" — the speaker's "know" with its object, set against what follows "but", says what
 * the speaker has; the question is the other part. The object (the words between the verb of knowing
 * — WordNet's know and its synonyms — and "but") is dropped, the name kept; read as the graph's words
 * it bought a chain through the actors' other films, as a match.
 */
export function knownPart(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  for (let v = 1; v < tokens.length; v++) {
    if (inAnchor(v) || !['i', 'we'].includes(tokens[v - 1]!.norm) || inAnchor(v - 1) || !ctx.meaning.knowing(tokens[v]!.norm)) continue;
    const but = tokens.findIndex((t, j) => j > v && t.norm === 'but' && !inAnchor(j));
    if (but < 0 || /[.?!;]/.test(g.question.slice(tokens[v]!.end, tokens[but]!.start))) continue;
    if (!tokens.slice(but).some((t, d) => !inAnchor(but + d) && ASKING.has(t.norm))) continue;
    return { ...g, tokens: tokens.map((t, j) => (j >= v && j < but && !inAnchor(j) ? { ...t, norm: '' } : t)) };
  }
  return g;
}

/**
 * **A slip after "how" is an adjective** (round 20): "how popluar is it" — English's "how" + an
 * adjective asks for a degree, so a word right after "how" that WordNet does not know, written in lower
 * case, is read as the one word a slip away (a letter dropped, added, changed, or two neighbours
 * swapped) that WordNet holds as an adjective whose commonest sense is a value of an attribute
 * (`attributesOf`: popular → popularity), when exactly one such word fits. Other slips are read by
 * `respelled` (round 12–13), which guesses only words naming the graph outright.
 */
export function howSlip(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const i = g.tokens.findIndex((t, k) => k > 0 && g.tokens[k - 1]!.norm === 'how' && !inAnchor(k) && !inAnchor(k - 1) && t.norm.length >= 5 && /^\p{L}+$/u.test(t.norm) && !ctx.meaning.knows(t.norm));
  if (i < 0) return g;
  const t = g.tokens[i]!;
  if (g.question.slice(t.start, t.end) !== t.norm) return g;
  const fits = [...slipsOf(t.norm)].filter((w) => ctx.meaning.attributesOf(w).length > 0);
  if (fits.length !== 1) return g;
  return { ...g, tokens: g.tokens.map((x, k) => (k === i ? { ...x, norm: fits[0]! } : x)) };
}
/** Every word one slip from `typed`: a letter dropped, added or changed, or two neighbours swapped (typed.ts's `ordinarySlip` too). */
export function slipsOf(typed: string): Set<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  for (let i = 0; i <= typed.length; i++) {
    if (i < typed.length) out.add(typed.slice(0, i) + typed.slice(i + 1));
    if (i + 1 < typed.length) out.add(typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2));
    for (const c of letters) {
      out.add(typed.slice(0, i) + c + typed.slice(i));
      if (i < typed.length) out.add(typed.slice(0, i) + c + typed.slice(i + 1));
    }
  }
  out.delete(typed);
  return out;
}

/**
 * **"their name" is someone already named** (round 20): "X is a screenwriter, which films have their name
 * on the script" — a possessive pronoun pointing back (their, his, her, its) with "name" after it is the
 * name of what was said before: the graph's node itself, not a second person (read as a word, "name"
 * met Person at 0.49 and bought a hop out and back to X's co-writers, as a match). With a name earlier in
 * the question, the pronoun and "name" are dropped — not where "name" is asked ("what is their name":
 * a form of "be" or a wh-word right before it).
 */
export function ownName(g: Grounding, ctx: RankContext): Grounding {
  void ctx;
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const first = Math.min(...g.anchors.map((a) => g.mentions[a]!.tokenStart));
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (i <= first || inAnchor(i) || t.norm !== 'name' || inAnchor(i - 1) || !['their', 'his', 'her', 'its'].includes(tokens[i - 1]!.norm)) return;
    const before = tokens[i - 2]?.norm ?? '';
    if (COPULA.has(before) || ASKING.has(before) || before === 's') return;
    drop.add(i - 1).add(i);
  });
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}

/**
 * **Other people's knowing asks whether a thing is known** (round 20): "how many people have even heard
 * of X", "something nobody has heard of", "would most people know X" — a verb of knowing (WordNet's
 * know, or a verb one of whose first two senses is defined by knowing: hear, "get to know or become
 * aware of") whose subject is someone other than the speaker or the hearer, with the name (or "of" and
 * the name) as its object or its clause ending on it, asks whether the name is known: it is read as
 * its participle "known", which asks for a scale of being known (`knownScales`, meaning.ts; loose,
 * always weak). The speaker's own knowing ("I'd like to know the genre of X", "do you know …") and an
 * infinitive ("to know") ask, and are left alone.
 */
export function knownAsked(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const at = tokens.findIndex((t, i) => {
    if (inAnchor(i) || t.norm === '' || isStopWord(t.norm) || !(ctx.meaning.knowing(t.norm) || ctx.meaning.definedByKnowing(t.norm))) return false;
    let k = i - 1;
    while (k >= 0 && !inAnchor(k) && (tokens[k]!.norm === '' || FINITE.has(tokens[k]!.norm) || /n['’]?t$/.test(tokens[k]!.norm) || ctx.meaning.onlyModifier(tokens[k]!.norm))) k--;
    const subject = k >= 0 && !inAnchor(k) ? tokens[k]!.norm : '';
    if (subject === '' || subject === 'to' || ['i', 'we', 'you', 'me', 'us'].includes(subject)) return false;
    const o = tokens[i + 1]?.norm === 'of' && !inAnchor(i + 1) ? i + 2 : i + 1;
    const ends = o >= tokens.length || /[.?!;:,]/.test(g.question.slice(tokens[o - 1]!.end, tokens[o]!.start));
    return ends ? tokens.slice(0, i).some((_, j) => inAnchor(j)) : g.anchors.some((a) => g.mentions[a]!.tokenStart === o);
  });
  return at < 0 ? g : { ...g, tokens: tokens.map((t, i) => (i === at ? { ...t, norm: 'known' } : t)) };
}

/**
 * **"their N": what the one just named did** (round 20): "the person who wrote X, which directors have
 * filmed their scripts" — "their" points back at the person, and "scripts", a noun that names written_by
 * only loosely (0.49), is the things that person wrote: what a word before it already says outright
 * ("wrote", written_by). Read as a word of its own, it took the last hop as written_by and the chain of
 * X's co-writers won over the directors asked. A noun right after a possessive pronoun pointing back
 * (their, his, her), that names a relation only loosely (at or above the floor, below `NAMES`), when a
 * word before the pronoun names that same relation outright, is dropped, with the pronoun; the chain's
 * hop back along the relation just named is the shape's (the ranker's half-cost hop back: "share directors with").
 */
export function possessedMade(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const tokens = g.tokens;
  const drop = new Set<number>();
  tokens.forEach((t, i) => {
    if (i < 2 || inAnchor(i) || inAnchor(i - 1) || !['their', 'his', 'her'].includes(tokens[i - 1]!.norm) || isStopWord(t.norm) || !ctx.meaning.isNoun(t.norm)) return;
    const own = bestRelation(t.norm, ctx);
    if (!own || own.score >= NAMES) return;
    const said = tokens.slice(0, i - 1).some((x, j) => !inAnchor(j) && x.norm !== '' && !isStopWord(x.norm) && bestRelation(x.norm, ctx)?.relation === own.relation && (bestRelation(x.norm, ctx)?.score ?? 0) >= NAMES);
    if (said) drop.add(i - 1).add(i);
  });
  return drop.size === 0 ? g : { ...g, tokens: tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}

/** The round-20 token readings, in order (`asRead` applies them last). */
export function round20(g: Grounding, ctx: RankContext): Grounding {
  // Round 21 (words21c): its own readings after these (`round21c`, typed.ts).
  return round21c(possessedMade(knownAsked(ownName(howSlip(idiomAdjectives(namesOf(remarks(knownPart(whenClause(g, ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx), ctx);
}

/**
 * **The speaker's wanting after "and"** (round 20): "we're doing a presentation on X and need the name
 * of the person who directed it" — English lets a second verb share the first one's subject after
 * "and": the speaker ("I", "we", opening the sentence) needs or wants what follows, which asks as "we
 * need the …" does (`requestAt`). Returns the verb's index, or -1: only a verb of wanting (WordNet's
 * "want", "need") right after "and", a determiner after it, no sentence's mark before it.
 */
export function conjoinedWant(g: Grounding, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  if (!['i', 'we'].includes(tokens[0]?.norm ?? '') || inAnchor(0)) return -1;
  for (let k = 1; k + 2 < tokens.length; k++) {
    if (/[.?!;]/.test(g.question.slice(tokens[k - 1]!.end, tokens[k]!.start))) return -1;
    if (tokens[k]!.norm !== 'and' || inAnchor(k) || inAnchor(k + 1) || inAnchor(k + 2)) continue;
    const v = tokens[k + 1]!.norm;
    if (!lemmasOfVerb(v, ctx).some((l) => l === 'want' || l === 'need')) continue;
    if (SUBJECT_OPENERS.has(tokens[k + 2]!.norm) && !['it', 'he', 'she', 'they', 'i', 'we', 'you', 'there'].includes(tokens[k + 2]!.norm)) return k + 1;
  }
  return -1;
}

/**
 * **"the name of the N" is the N** (round 20): the graph gives each answer by its name, so a want's
 * object "the name of the person who directed it" asks for the person — the noun after "of" (past
 * determiners) is the head, when it names a label of the graph (`typeOf`). Returns its index, or -1.
 */
export function nameOf(g: Grounding, from: number, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  const written = (k: number): string => g.question.slice(tokens[k]!.start, tokens[k]!.end).toLowerCase();
  let j = from;
  while (j < tokens.length && !inAnchor(j) && (OBJECT_DETERMINERS.has(tokens[j]!.norm) || COPULA.has(tokens[j]!.norm))) j++;
  if (j >= tokens.length || inAnchor(j) || !lemmasOf(written(j)).includes('name') || j + 1 >= tokens.length || written(j + 1) !== 'of' || inAnchor(j + 1)) return -1;
  j += 2;
  while (j < tokens.length && !inAnchor(j) && OBJECT_DETERMINERS.has(tokens[j]!.norm)) j++;
  const w = tokens[j]?.norm ?? '';
  if (j >= tokens.length || inAnchor(j) || w === '' || isStopWord(w) || !ctx.meaning.isNoun(w)) return -1;
  const t = ctx.meaning.typeOf(w, ctx.vocabulary.labelNames, ctx.vocabulary.labelAliases);
  return t && t.how !== 'none' && t.labels.length > 0 ? j : -1;
}

/**
 * The words "name(s) of" in "the name of the person who directed it" (round 20): the graph gives each
 * answer by its name, so they add nothing to the noun after them (read as a word, "name" met Person or
 * a language at 0.49 and bought a hop). After a determiner, before "of", a determiner and a noun naming
 * a label of the graph (`nameOf`): dropped.
 */
export function namesOf(g: Grounding, ctx: RankContext): Grounding {
  const inAnchor = anchorTest(g);
  const drop = new Set<number>();
  g.tokens.forEach((t, i) => {
    if (i === 0 || inAnchor(i) || !OBJECT_DETERMINERS.has(g.tokens[i - 1]!.norm) || inAnchor(i - 1)) return;
    if (nameOf(g, i, inAnchor, ctx) > 0) drop.add(i).add(i + 1);
  });
  return drop.size === 0 ? g : { ...g, tokens: g.tokens.map((t, i) => (drop.has(i) ? { ...t, norm: '' } : t)) };
}
function lemmasOfVerb(word: string, ctx: RankContext): readonly string[] {
  return ctx.meaning.verbSenses(word) > 0 ? lemmasOf(word) : [];
}

/**
 * **"its" stands where the name would** (round 20): "we watched X at film club last night, who are the
 * actors in the other films its director made" — the name is said in one clause and the question, in a
 * later one, points back at it with "its": the noun phrase is read from the pronoun outward, as "the
 * actors in the other films X's director made" would be (from the name: its director, the films that
 * director made, their actors). Read from the name itself, every word of the question stood past the
 * clause about film club, in the order written, and the chain through the actors' films won. Returns the
 * pronoun's index for a name of something that is no person (English's "its"), when the clause holding
 * the answer phrase holds one "its", after a clause boundary that follows the name, or -1.
 */
export function itsStandIn(g: Grounding, mention: number, phrase: readonly number[], ctx: RankContext): number {
  if (phrase.length === 0) return -1;
  const inAnchor = anchorTest(g);
  const m = g.mentions[mention]!;
  if (m.nodes.length === 0 || m.nodes.some((n) => (ctx.meaning.typeOf(n.label, ['person'])?.labels.length ?? 0) > 0)) return -1;
  const all = clauses(g, inAnchor);
  const clause = all.find(([s, e]) => s <= phrase[0]! && phrase[0]! < e);
  if (!clause || clause[0] < m.tokenEnd) return -1;
  const its = g.tokens.map((t, i) => (i >= clause[0] && i < clause[1] && !inAnchor(i) && t.norm === 'its' ? i : -1)).filter((i) => i >= 0);
  if (its.length !== 1 || its[0]! < phrase[0]!) return -1;
  // No other name between: the pronoun points back at this one.
  if (g.anchors.some((a) => a !== mention && g.mentions[a]!.tokenStart > m.tokenStart && g.mentions[a]!.tokenStart < its[0]!)) return -1;
  return its[0]!;
}
