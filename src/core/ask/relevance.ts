/**
 * How schema-like a question word is: its best relatedness to any relation or label, memoised per word.
 */
import { attributeNounScales, attributeType } from './everyday';
import { bestOf, memberNamed, scalesAskedBy, valueNamed, type Vocabulary, type WordMeaning } from './meaning';
import type { QuestionWord, RankContext } from './rankTypes';
import { floor, RANK_WEIGHTS } from './weights';

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
