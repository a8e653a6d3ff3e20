/**
 * Round 20 (words20c; issue 27, 2 hops): readings of plain everyday English the sixteenth held-out set
 * showed the ranker missing at two hops, where it already said "weak". Each is English grammar, WordNet
 * or the graph's own names, never a word list of a set. The ranker's files call each from one line whose
 * comment names it.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { ARTICLES, COORDINATORS, DETERMINERS, FINITE_AUXILIARIES, POSSESSIVE_BACK, SUBJECT_PRONOUNS } from './english';
import type { Grounding } from './ground';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import type { CandidateShape, Step } from './enumerate';

/** The closed-class words a noun phrase may open with before its head ("which of the", "what other"). */
const OPENERS = new Set([...ARTICLES, ...POSSESSIVE_BACK, 'all', 'any', 'some', 'other', 'of', 'many', 'few', 'several', 'every', 'each']);

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
const LINKS = new Set([...COORDINATORS, 'then']);

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
  // Round 21 (words21b): an activity, then a noun for those who join others in it (WordNet's associate:
  // "writing collaborators", "acting partners", "directing colleagues"): those who share the activity
  // with the anchor. The activity is a noun or a verb's -ing form (a gerund) naming something in the
  // graph, and no group ("cast members" are the cast's members: `isAssociateIn`).
  const activity = ctx.meaning.isNoun(t.norm) || (/ing$/.test(t.norm) && ctx.meaning.isVerbForm(t.norm));
  if (next && !inAnchor(i + 1) && /^\s+$/.test(g.question.slice(t.end, next.start)) && !isStopWord(t.norm) && activity && names(t.norm) && ctx.meaning.isAssociateIn(t.norm, next.norm)) return { stem: t.norm, fellow: i + 1 };
  return undefined;
}


// ---------------------------------------------------------------------------------------------------
// Round 21 (words21b; issue 27): confident wrongs and multi-hop chains. The first three functions below
// are reasons a candidate's evidence is too thin for a match, read from the chain's shape, the graph's
// own labels or the sentence's structure (never a word list of a set). `rank.ts` sets them after scoring, in one
// line (`round21bWeak`), and `weakEvidence` says them: they change no ranking, only the confidence.

/** Words that join a noun to the noun phrase after it ("films with the people from X"): English's prepositions. */
const PREPOSITIONS = new Set(['of', 'from', 'in', 'with', 'by', 'on', 'for', 'at', 'about', 'to', 'during', 'under', 'behind', 'starring', 'featuring']);

/** What may stand as such a clause's subject right after its auxiliary: a pronoun or a determiner opening a noun phrase. */
const SUBJECTS = new Set([...SUBJECT_PRONOUNS, 'there', 'all', 'any', 'some', 'each', ...DETERMINERS]);

/**
 * **A scale's value is no link between things, however the hops are named** (round 21, words21b): a chain
 * out and back along one relation through a value of a scale of a few values (Votes' "famous", "unknown",
 * "well-known": `Vocabulary.valueLabels`) joins things only by a value thousands of them share. "X number of
 * votes on imdb" was answered as a match by `has_imdb_votes > has_imdb_votes~ > starred_actors` (the actors
 * of every film as famous as X): "votes" and "imdb", two words of one noun phrase, paid for the hop out and
 * the hop back, and round 19's `throughScale` said so only when no word named the hop back. Returns the
 * reason in words, or undefined.
 */
export function throughScaleValue(steps: readonly Step[], ctx: RankContext): string | undefined {
  const key = (s: Step): string => s.relation + (s.direction === 'out' ? '' : '~');
  for (let i = 0; i + 1 < steps.length; i++) {
    const [x, y] = [steps[i]!, steps[i + 1]!];
    if (x.relation !== y.relation || x.direction === y.direction) continue;
    const values = ctx.vocabulary.valueLabels.get(x.label);
    if (values) return `the chain goes out and back through a value of ${x.label}, a scale of ${values.length} values: ${key(x)} > ${key(y)} joins things only by a value many share, whatever words name the two hops`;
  }
  return undefined;
}

/**
 * **The answer noun stands apart from the question** (round 21, words21b): "the director of X, do they make
 * films in other languages". A noun phrase with no wh-word and no request ("the director of X") sets up
 * what a later clause asks about; when that clause is a yes/no question of its own (an auxiliary, then its
 * subject: "do they …", "are all their …"), the noun phrase is its topic, pointed back to by the pronoun,
 * and what the question wants back is not said by the noun: the type read from it is a guess. Returns the
 * reason in words, or undefined. `phrase` is the answer phrase (head first), `starts` the clauses' first tokens.
 */
export function topicThenQuestion(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[], starts: readonly number[], requests: ReadonlySet<number>): string | undefined {
  if (phrase.length === 0) return undefined;
  const tokens = g.tokens;
  if (phrase.some((i) => WH_WORDS[tokens[i]!.norm] !== undefined || requests.has(i))) return undefined;
  const head = phrase[0]!;
  const from = Math.max(...starts.filter((s) => s <= head), 0);
  const next = starts.find((s) => s > head) ?? tokens.length;
  // The noun's own clause has no verb of its own: no auxiliary, no wh-word (a noun phrase standing alone).
  for (let i = from; i < next; i++) if (!inAnchor(i) && (FINITE_AUXILIARIES.has(tokens[i]!.norm) || WH_WORDS[tokens[i]!.norm] !== undefined)) return undefined;
  for (const s of starts) {
    if (s <= head || inAnchor(s) || inAnchor(s + 1)) continue;
    const a = tokens[s]!;
    const b = tokens[s + 1];
    if (FINITE_AUXILIARIES.has(a.norm) && b && SUBJECTS.has(b.norm)) return `"${tokens[head]!.norm}" heads a noun phrase standing apart, and the question ("${a.norm} ${b.norm} …") is a yes/no clause of its own: what it wants back is not said by the noun`;
  }
  return undefined;
}

/**
 * **A noun before another noun phrase is not the name it holds** (round 21, words21b): "directors of films
 * with the people from X" was answered by X's own directors as a match, "films" read as X's own kind. In
 * "N1 with the N2 from X" the name is N2's complement, and N1 is joined to N2, not to the name: N1 names
 * other things than X, reached from X through N2. When N2 names nothing the ranker reads ("people"), the
 * hop from X to N2 is unread, and a candidate reading N1 as X's own kind has left it out: weak. Returns
 * the reason in words, or undefined. `matched` says whether the candidate reads word `i` as the anchor's label.
 */
export function heldByAnother(g: Grounding, inAnchor: (i: number) => boolean, anchorStart: number, unread: (i: number) => boolean, matchedAsAnchor: (i: number) => boolean): string | undefined {
  const tokens = g.tokens;
  let k = anchorStart - 1;
  if (k < 1 || inAnchor(k) || !PREPOSITIONS.has(tokens[k]!.norm)) return undefined;
  k--;
  while (k >= 0 && !inAnchor(k) && DETERMINERS.has(tokens[k]!.norm)) k--;
  if (k < 0 || inAnchor(k) || !unread(k)) return undefined;
  let j = k - 1;
  while (j >= 0 && !inAnchor(j) && DETERMINERS.has(tokens[j]!.norm)) j--;
  if (j < 1 || inAnchor(j) || !PREPOSITIONS.has(tokens[j]!.norm) || inAnchor(j - 1) || !matchedAsAnchor(j - 1)) return undefined;
  return `"${tokens[j - 1]!.norm} ${tokens[j]!.norm} … ${tokens[k]!.norm} ${tokens[anchorStart - 1]!.norm}" holds the name in "${tokens[k]!.norm}", which names nothing in the graph, yet "${tokens[j - 1]!.norm}" is read as the name's own kind`;
}

/**
 * Round 21 (words21b): the reasons above for one candidate, the first that holds (undefined: none).
 * `topic` is `topicThenQuestion`'s reading of the question, the same for every candidate.
 */
export function round21bWeak(g: Grounding, inAnchor: (i: number) => boolean, shape: CandidateShape, matches: readonly { readonly word: string; readonly slot: string }[], unread: (i: number) => boolean, topic: string | undefined, ctx: RankContext): string | undefined {
  if (topic) return topic;
  if (shape.kind !== 'chain') return undefined;
  const through = throughScaleValue(shape.steps, ctx);
  if (through) return through;
  // The anchor's own kind, when no other slot of the chain has that label (so a match to it is the anchor's).
  const own = shape.anchor.label;
  if (shape.steps.some((s) => s.label === own)) return undefined;
  const m = g.mentions[shape.anchor.mention]!;
  return heldByAnother(g, inAnchor, m.tokenStart, unread, (i) => matches.some((x) => x.word === g.tokens[i]!.norm && x.slot === `label ${own}`));
}
