/**
 * The graph's own label words: the labels a word names, and the labels of people.
 */
import type { RankContext } from './rankTypes';

/** The graph's labels a type word names by the type-word rules (`WordMeaning.typeOf`): "director" → Person. */
export function labelsNamed(word: string, ctx: RankContext): string[] {
  const t = ctx.meaning.typeOf(word, ctx.vocabulary.labelNames, ctx.vocabulary.labelAliases);
  return t && t.how !== 'none' ? t.labels.map((l) => ctx.vocabulary.labelNames[l]!) : [];
}

/** The words of the graph's names: its relations' and labels' terms (aliases included). */
export function graphWords(ctx: RankContext): string[] {
  return [...ctx.vocabulary.relations.values(), ...ctx.vocabulary.labels.values()].flatMap((terms) => terms.flat());
}

/** Labels that are kinds of person, by the type-word rules ("Person"; "Actor": actor → … → person). */
export function personLabels(ctx: RankContext): string[] {
  return ctx.vocabulary.labelNames.filter((l) => (ctx.meaning.typeOf(l, ['person']) ?? { labels: [] }).labels.length > 0);
}
