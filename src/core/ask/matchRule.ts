/**
 * Round 22c (issue 27): the confidence rule — when a chain's evidence is too thin to be shown as a match.
 *
 * Each round's fresh held-out set brought confident wrong answers the sets before it had not shown, and
 * each round removed its own set's by reading their wordings. The reasons below are not readings of a
 * wording: each is a condition a match must meet, stated for English and any graph, that a fresh wording
 * cannot fake by choosing its words. A chain is a **match** only if
 *
 * 1. **the word that governs the name names the name's own hop** (`governorElsewhere`): in "acted in X",
 *    "the director of X", "directed X" the name is the complement of that word, so the hop leaving X is the
 *    one that word names; a chain that reads the word on a later hop has joined X by something else;
 * 2. **a clause that asks about a noun phrase through a pronoun is read** (`topicQuestionUnread`): after
 *    "the person who directed X, …", a clause whose pronoun ("their", "them", "they") points back is what
 *    is asked; a chain that reads none of its words (no relation, not the answers' type) answers the noun
 *    phrase itself;
 * 3. **what "other" sets apart is reached** (`otherUnreached`): "other N", N of the anchor's kind or of no
 *    kind the graph has, sets things apart from the anchor: the answers are reached through things like it,
 *    so a chain that never comes back to the anchor's label after leaving it has read X's own neighbours;
 * 4. **a hop back the shape alone implies joins individuals, not a shared value** (`sharedValue`): the
 *    shape's half price for a hop back ("share directors with X") reads two things that have one person
 *    in common; through a member of a closed class (a year, a language, a genre: few members, each held by
 *    hundreds of things, `isClosedClass`) it reads "things with the same year as X", which no word said.
 *
 * `rank.ts` computes the per-question part once (`thinReading`) and the per-candidate test in one line
 * (`round22cWeak`); `weakEvidence` (confidence.ts) says the reason. Confidence only: no ranking changes.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { BACK_PRONOUNS, DETERMINERS, OTHER, POSSESSIVE_BACK, RELATIVE_PREPOSITIONS, THEM } from './english';
import type { CandidateShape, Step } from './enumerate';
import type { Grounding } from './ground';
import { memberNamed, valueNamed } from './meaning';
import type { RankContext } from './rankTypes';
import { NAMES } from './weights';

/** Pronouns that point back to a person or a group named earlier, and their possessives: english.ts's,
 *  but for "it" and "its", which point back to the name itself ("X, who wrote it"). */
const POINTING_BACK: ReadonlySet<string> = new Set([...BACK_PRONOUNS, ...POSSESSIVE_BACK, ...THEM].filter((w) => w !== 'it' && w !== 'its'));

/** A question word as the ranker reads it (rankTypes.ts's `QuestionWord`, the fields read here). */
interface Word {
  readonly word: string;
  readonly index: number;
  readonly answer?: number;
}

/** What the question says, once per question; each candidate is then tested against it. */
export interface ThinReading {
  /** "other N": N's token, its word, and the labels it names (undefined: no kind the graph has). */
  readonly others: readonly { readonly at: number; readonly noun: string; readonly kinds?: readonly string[] }[];
  /** Per anchor mention: the word governing the name ("acted" in "acted in X"), where there is one. */
  readonly governors: ReadonlyMap<number, { readonly word: string; readonly phrase: string }>;
  /** Per anchor mention: a clause after it that points back with a pronoun ("…, do their films …"). */
  readonly topics: ReadonlyMap<number, { readonly pronoun: string }>;
  /** Token index of each question word. */
  readonly at: ReadonlyMap<string, readonly number[]>;
}

/** Round 22c: the per-question part of the confidence rule (see the file's comment). */
export function thinReading(g: Grounding, inAnchor: (i: number) => boolean, words: readonly Word[], ctx: RankContext): ThinReading {
  const tokens = g.tokens;
  const at = new Map<string, number[]>();
  for (const w of words) at.set(w.word, [...(at.get(w.word) ?? []), w.index]);
  // 3. "other N": the noun after "other" (closed-class words skipped), not the answer phrase's own
  // ("what other films has X made" asks for them), and no value of a closed class named before it
  // ("only horror or other stuff": other than horror).
  const others: { at: number; noun: string; kinds?: readonly string[] }[] = [];
  tokens.forEach((t, i) => {
    if (!OTHER.has(t.norm) || inAnchor(i)) return;
    // The noun phrase's head: closed-class words skipped, and an adjective before another word ("other good stuff").
    const modifier = (k: number): boolean => tokens[k]!.norm === '' || isStopWord(tokens[k]!.norm) || (ctx.meaning.isAdjective(tokens[k]!.norm) && tokens[k + 1] !== undefined && !inAnchor(k + 1) && !isStopWord(tokens[k + 1]!.norm));
    let j = i + 1;
    while (j < tokens.length && j <= i + 3 && !inAnchor(j) && modifier(j)) j++;
    if (j >= tokens.length || j > i + 3 || inAnchor(j)) return;
    if (words.some((w) => w.index === j && w.answer !== undefined)) return;
    for (let k = 0; k < i; k++) if (!inAnchor(k) && (memberNamed(tokens[k]!.norm, ctx.vocabulary) || valueNamed(tokens[k]!.norm, ctx.vocabulary))) return;
    const noun = tokens[j]!.norm;
    const kinds = kindsOf(noun, ctx);
    others.push({ at: j, noun, ...(kinds.length > 0 ? { kinds } : {}) });
  });
  const governors = new Map<number, { word: string; phrase: string }>();
  const topics = new Map<number, { pronoun: string }>();
  for (const a of g.anchors) {
    const m = g.mentions[a]!;
    // The name ends its noun phrase: nothing after it, a punctuation mark (not a possessive's
    // apostrophe: "X's films" is a noun phrase the name only modifies), or a closed-class word.
    const next = tokens[m.tokenEnd];
    const between = next === undefined ? '' : g.question.slice(m.end, next.start);
    const ends = next === undefined || /^\s*[,.?!;:)–—-]/.test(between) || (/^\s+$/.test(between) && (next.norm === '' || isStopWord(next.norm)));
    // 1. The word before the name across a preposition (determiners skipped): "acted in X", "the director of X".
    let k = m.tokenStart - 1;
    while (k >= 0 && !inAnchor(k) && (tokens[k]!.norm === '' || DETERMINERS.has(tokens[k]!.norm))) k--;
    if (ends && k >= 1 && !inAnchor(k) && RELATIVE_PREPOSITIONS.has(tokens[k]!.norm)) {
      const prep = tokens[k]!.norm;
      k--;
      while (k >= 0 && !inAnchor(k) && (tokens[k]!.norm === '' || DETERMINERS.has(tokens[k]!.norm))) k--;
      if (k >= 0 && !inAnchor(k) && words.some((w) => w.index === k)) governors.set(a, { word: tokens[k]!.norm, phrase: `${tokens[k]!.norm} ${prep} ${m.text}` });
    }
    // 2. A clause after the name, set off by punctuation, with a pronoun pointing back.
    if (next !== undefined && /^\s*[,;:–—-]/.test(g.question.slice(m.end, next.start))) {
      const pronoun = tokens.slice(m.tokenEnd).find((t, i) => !inAnchor(m.tokenEnd + i) && POINTING_BACK.has(t.norm));
      if (pronoun) topics.set(a, { pronoun: pronoun.norm });
    }
  }
  return { others, governors, topics, at };
}

/** The labels a noun names (the type rules, or a group's members: "people" → person). */
function kindsOf(word: string, ctx: RankContext): string[] {
  const { labelNames, labelAliases } = ctx.vocabulary;
  const t = ctx.meaning.typeOf(word, labelNames, labelAliases);
  if (t && t.how !== 'none' && t.labels.length > 0) return t.labels.map((l) => labelNames[l]!);
  for (const member of ctx.meaning.membersOfGroup(word)) {
    const u = ctx.meaning.typeOf(member, labelNames, labelAliases);
    if (u && u.how !== 'none' && u.labels.length > 0) return u.labels.map((l) => labelNames[l]!);
  }
  return [];
}

const keyOf = (s: Step): string => s.relation + (s.direction === 'out' ? '' : '~');

/**
 * Round 22c: why a candidate's evidence is too thin for a match by the confidence rule, the first of
 * the four conditions it fails (undefined: none). `impliedOnly` are its hops back no word names.
 */
export function round22cWeak(thin: ThinReading, g: Grounding, shape: CandidateShape, matches: readonly { readonly word: string; readonly slot: string; readonly similarity: number }[], impliedOnly: readonly string[], answerLabel: string, ctx: RankContext): string | undefined {
  if (shape.kind !== 'chain') return undefined;
  const steps = shape.steps;
  const m = g.mentions[shape.anchor.mention]!;
  // 1. The word governing the name names the name's own hop.
  const gov = thin.governors.get(shape.anchor.mention);
  if (gov) {
    const named = matches.filter((x) => x.word === gov.word && x.slot.startsWith('relation ') && x.similarity >= NAMES).map((x) => x.slot.slice('relation '.length));
    if (named.length > 0 && !named.includes(steps[0]!.relation))
      return `"${gov.phrase}" joins ${m.text} by what "${gov.word}" names (${named.join(', ')}), yet the chain leaves ${m.text} by ${keyOf(steps[0]!)} and reads "${gov.word}" on a later hop`;
  }
  // 2. A clause asking about the noun phrase through a pronoun is read.
  const topic = thin.topics.get(shape.anchor.mention);
  if (topic) {
    const after = (w: string): boolean => (thin.at.get(w) ?? []).some((i) => i >= m.tokenEnd);
    const before = (w: string): boolean => (thin.at.get(w) ?? []).some((i) => i < m.tokenStart);
    const readBefore = matches.some((x) => x.slot.startsWith('relation ') && before(x.word));
    const readAfter = matches.some((x) => (x.slot.startsWith('relation ') || x.slot === `label ${answerLabel}`) && after(x.word));
    if (readBefore && !readAfter) return `the clause after ${m.text} asks about what "${topic.pronoun}" points back to, and the chain reads none of its words: it answers the noun phrase before the name, not the question`;
  }
  // 3. What "other" sets apart is reached.
  const own = shape.anchor.label;
  for (const o of thin.others) {
    if (o.kinds && !o.kinds.includes(own)) continue;
    if (steps.some((s) => s.label === own)) break;
    return `"other ${o.noun}" sets things apart from ${m.text} (${own}), yet the chain never reaches another ${own}: it reads ${m.text}'s own neighbours`;
  }
  // 4. A hop back only the shape implies, through a closed class's member.
  for (let i = 0; i + 1 < steps.length; i++) {
    const [x, y] = [steps[i]!, steps[i + 1]!];
    if (x.relation !== y.relation || x.direction === y.direction || !impliedOnly.includes(keyOf(y))) continue;
    const values = ctx.vocabulary.memberLabels.get(x.label) ?? ctx.vocabulary.valueLabels.get(x.label);
    if (values) return `no word names the hop back ${keyOf(y)}: through ${x.label}, a closed class of ${values.length} values each held by many, ${keyOf(x)} > ${keyOf(y)} reads things that merely share a value with ${m.text}`;
  }
  return undefined;
}
