/**
 * Round 19 (issue 27, 1 and 3 hops): readings of plain everyday English the fifteenth held-out set
 * showed the ranker missing. Each is English grammar, WordNet or the graph's own names, never a word
 * list of a set; each rewrites the question's tokens as the earlier readings of `asRead` do (an empty
 * `norm` drops a word). Kept in this file so that other rounds' readings in `rank.ts` merge beside it.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import type { Grounding } from './ground';
import { bestOf, scalesAskedBy } from './meaning';
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
