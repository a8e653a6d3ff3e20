/**
 * Round 19 (issue 27, 1 and 3 hops): readings of plain everyday English the fifteenth held-out set
 * showed the ranker missing. Each is English grammar, WordNet or the graph's own names, never a word
 * list of a set; each rewrites the question's tokens as the earlier readings of `asRead` do (an empty
 * `norm` drops a word). Kept in this file so that other rounds' readings in `rank.ts` merge beside it.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { oneValuedShares } from '../retrieve/domains';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { Candidate } from './enumerate';
import type { Grounding } from './ground';
import { bestOf, scalesAskedBy, WH_WORDS } from './meaning';
import type { AskedType, RankContext } from './rank';

/** Relatedness at which a word names a relation outright (rank.ts's `NAMES`). */
const NAMES = 0.8;
/** Relatedness below which a link is noise (rank.ts's `RANK_WEIGHTS.floor`). */
const FLOOR = 0.45;

function anchorTest(g: Grounding): (i: number) => boolean {
  return (i) => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
}

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
      if (!ctx.meaning.isAdverb(words.join('_'))) continue;
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
const OBJECT_DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'some', 'any', 'all']);

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
  if (tokens.some((t, j) => j > i && !inAnchor(j) && (WH_WORDS[t.norm] !== undefined || ['what', 'which', 'how'].includes(t.norm)))) return g;
  return { ...g, tokens: tokens.map((t, j) => (j === i ? { ...t, norm: 'give' } : t)) };
}
/** Words that open a command's object: determiners, quantifiers, object pronouns (English grammar). */
const OBJECT_OPENERS = new Set(['the', 'a', 'an', 'all', 'every', 'each', 'some', 'any', 'me', 'us', 'his', 'her', 'their', 'its']);

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
