/**
 * Round 20 (words20c; issue 27, 2 hops): readings of plain everyday English the sixteenth held-out set
 * showed the ranker missing at two hops, where it already said "weak". Each is English grammar, WordNet
 * or the graph's own names, never a word list of a set. `rank.ts` calls each from one line whose comment
 * names it, so that other rounds' readings there merge beside them.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import type { Grounding } from './ground';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rank';

/** The closed-class words a noun phrase may open with before its head ("which of the", "what other"). */
const OPENERS = new Set(['the', 'a', 'an', 'their', 'his', 'her', 'its', 'all', 'any', 'some', 'other', 'of', 'many', 'few', 'several', 'every', 'each']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'my', 'your', 'our']);

/** The labels a noun names by the type rules ("years" → Year, "films" → Movie, "person" → Person). */
function labelsOf(word: string, ctx: RankContext): readonly string[] {
  const t = ctx.meaning.typeOf(word, ctx.vocabulary.labelNames, ctx.vocabulary.labelAliases);
  return t === undefined || t.how === 'none' ? [] : t.labels.map((l) => ctx.vocabulary.labelNames[l]!);
}

/**
 * **A question of degree, then one in the graph's terms** (round 20, words20c): "how far back does X's
 * career go, which years did their films come out", "how long has X been directing, what years did their
 * films come out". "How" with an adjective or adverb of degree after it ("far", "long", "hard": WordNet
 * gives each an attribute — distance, duration, difficulty) asks how much of that attribute, and no noun
 * of its own says what comes back. When a later clause of the same question opens with "which"/"what"
 * and a noun naming a label of the graph, or with a wh-word whose own nouns name one ("who" → person),
 * the later clause asks it in the graph's terms: it is the question. Not when the degree asks for a
 * label of its own that the later clause does not ("how old is X, who directed it": two questions, and
 * the first one is kept). Returns the later wh-word's index, or `at`.
 */
export function answerableLater(g: Grounding, inAnchor: (i: number) => boolean, at: number, clauseStarts: readonly number[], degreeLabels: (word: string) => readonly string[], ctx: RankContext): number {
  const tokens = g.tokens;
  if (tokens[at]?.norm !== 'how') return at;
  const degree = tokens[at + 1];
  if (!degree || inAnchor(at + 1) || ctx.meaning.attributesOf(degree.norm).length === 0) return at;
  // A noun naming a label after the degree word is the phrase's head ("how many films"): that phrase asks.
  const after = tokens[at + 2];
  if (after && !inAnchor(at + 2) && !isStopWord(after.norm) && ctx.meaning.isNoun(after.norm) && labelsOf(after.norm, ctx).length > 0) return at;
  const own = degreeLabels(degree.norm);
  for (const c of clauseStarts) {
    if (c <= at + 1 || inAnchor(c)) continue;
    // "…, so who …", "…, and which …": a linking word may open the clause before its wh-word.
    const k = LINKS.has(tokens[c]!.norm) || (tokens[c + 1] !== undefined && WH_WORDS[tokens[c + 1]!.norm] !== undefined && ctx.meaning.isAdverb(tokens[c]!.norm)) ? c + 1 : c;
    if (k >= tokens.length || inAnchor(k)) continue;
    const w = tokens[k]!.norm;
    let labels: readonly string[] = [];
    if (w === 'which' || w === 'what') {
      let j = k + 1;
      while (j < tokens.length && !inAnchor(j) && OPENERS.has(tokens[j]!.norm)) j++;
      const head = tokens[j];
      if (head && !inAnchor(j) && !isStopWord(head.norm) && ctx.meaning.isNoun(head.norm)) labels = labelsOf(head.norm, ctx);
    } else if (w !== 'how') labels = (WH_WORDS[w] ?? []).flatMap((noun) => labelsOf(noun, ctx));
    if (labels.length > 0 && (own.length === 0 || own.some((l) => labels.includes(l)))) return k;
  }
  return at;
}
/** Words that link a clause to the one before ("…, so who …", "…, and which …"). */
const LINKS = new Set(['and', 'but', 'so', 'then']);

/**
 * **A noun after a determiner stands before a relative "where"/"who"** (round 20, words20c): "was reading
 * an interview where X talks about …, so who have they written films with" took "where" for the question's
 * wh-word ("interview" is a verb as often as a noun, and a verb before a wh-word makes it the question's).
 * After an article or a possessive the word is a noun ("an interview", "the scene"), so the wh-word right
 * after it is a relative pronoun, as after any other noun.
 */
export function determinedNoun(g: Grounding, j: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[j];
  const before = g.tokens[j - 1];
  if (!t || !before || inAnchor(j) || inAnchor(j - 1) || !DETERMINERS.has(before.norm)) return false;
  return !isStopWord(t.norm) && ctx.meaning.isNoun(t.norm) && /^\s+$/.test(g.question.slice(before.end, t.start));
}

/**
 * **"N-mates": those who share N with the anchor** (round 20, words20c): "X castmates across all their
 * films". English makes "teammate", "classmate", "shipmate" of a noun and "mate"; WordNet holds "mate"
 * itself as "a fellow member of a team" (teammate), a kind of associate ("a person who joins with others
 * in some activity"). An unknown word, written as one or as two ("castmates", "cast mates"), that is a
 * noun naming something in the graph followed by a noun one of whose senses is a kind of associate
 * names those who share the first noun's part with the anchor: the first noun read as a co- noun's stem
 * ("co-stars", `coStems`). Returns the stem, or undefined.
 */
export function fellowStem(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext, names: (w: string) => boolean): { readonly stem: string; readonly fellow?: number } | undefined {
  const t = g.tokens[i];
  if (!t || inAnchor(i)) return undefined;
  const written = g.question.slice(t.start, t.end).toLowerCase();
  // Written as one word the dictionary does not know: a noun naming the graph, then an associate.
  if (!ctx.meaning.knows(written)) {
    for (let k = written.length - 3; k >= 3; k--) {
      const left = written.slice(0, k);
      const right = written.slice(k);
      if (ctx.meaning.isNoun(left) && !isStopWord(left) && names(left) && ctx.meaning.isFellow(right)) return { stem: left };
    }
    return undefined;
  }
  // Written as two: "cast mates".
  const next = g.tokens[i + 1];
  if (next && !inAnchor(i + 1) && /^\s+$/.test(g.question.slice(t.end, next.start)) && !isStopWord(t.norm) && ctx.meaning.isNoun(t.norm) && names(t.norm) && ctx.meaning.isFellow(next.norm) && !names(next.norm)) return { stem: t.norm, fellow: i + 1 };
  return undefined;
}

