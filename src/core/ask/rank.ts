/**
 * Ranks candidate chains for a question: reads it (`readings`, `questionWords`, `askedType`), aligns its
 * words with each chain (`align`), scores them; `confidence` says how sure the choice is.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { alignChain, type Alignment, alignUnordered, labelSlot, partnerHop, relationSlot } from './align';
import { afterthought } from './asides';
import { askedType, howClauseVerb, objectQuestion, offeredAnswer, onlyValuesAsked } from './askedType';
import { answerPhrase, clauseRequests, clauseStarts, otherOpening } from './asking';
import { clauseNote } from './clauses';
import { describeShape } from './describe';
import { AUXILIARIES, CONJUNCTIONS, OPENING_OTHER, THING_PRONOUNS } from './english';
import { answerCount, type Candidate, type CandidateShape } from './enumerate';
import { itsStandIn } from './everyday';
import { round22cWeak, thinReading } from './matchRule';
import { anchorTest, type Grounding } from './ground';
import { bestOf, WH_WORDS } from './meaning';
import { questionWords } from './questionWords';
import type { AskedType, QuestionWord, RankContext, RankedCandidate, Slot } from './rankTypes';
import { asRead } from './readings';
import { topicNote, topicOf, topicWeak } from './topic';
import { round21bWeak, topicThenQuestion } from './twoHop';
import { NAMES, RANK_WEIGHTS, UNKNOWN_WORDS } from './weights';

/**
 * Scores every candidate against the question; best first (ties: fewer hops, more answers).
 * Evidence, all from the question and the graph's own names: the question's words aligned with
 * the candidate's relation and label names (WordNet), and the type the answer phrase asks for
 * against the label the candidate's answers have — a candidate ending elsewhere ranks below every
 * one that fits, whatever it returns.
 */
export function rankCandidates(g: Grounding, candidates: readonly Candidate[], ctx: RankContext): RankedCandidate[] {
  return rankWith(g, candidates, ctx).ranked;
}

/**
 * Round 19 (words19b), "anything else …" asked with no answer noun ("anything else out there from the
 * same writer as X?", "is there something else by the director of X"): a thing pronoun with "else"
 * after it stands for things other than the one named — of the anchor's own kind, as "more by …" does
 * (`AskedType.sameAsAnchor`). Only where no wh-word or request asks, or the pronoun itself opens the
 * question's noun phrase, and not after "or"/"and". Returns the two words, or undefined.
 */
function somethingElse(g: Grounding, inAnchor: (i: number) => boolean, phrase: readonly number[]): string | undefined {
  // Not an alternative offered ("is X in English or something else"): that one is an answer, not what is asked.
  const at = g.tokens.findIndex((t, i) => THING_PRONOUNS.has(t.norm) && !inAnchor(i) && !inAnchor(i + 1) && g.tokens[i + 1]?.norm === 'else' && !CONJUNCTIONS.has(g.tokens[i - 1]?.norm ?? ''));
  if (at < 0 || !(phrase.length === 0 || (phrase.length === 2 && phrase[0] === at && phrase[1] === at))) return undefined;
  return `${g.tokens[at]!.norm} else`;
}

/** The ranking with what the question was read as (its words and the asked type). */
export function rankWith(question: Grounding, candidates: readonly Candidate[], ctx: RankContext): { ranked: RankedCandidate[]; asked: AskedType | undefined; unread: readonly string[] } {
  const g = asRead(question, ctx);
  const inAnchor = anchorTest(g);
  const read = questionWords(g, ctx);
  // Several words no dictionary sense reads (not slips of English words: `respelled` has mended those):
  // the sentence is partly in another language or dialect, and what those words say is unknown.
  const unknown = read.filter((w) => !w.wh && w.relevance === 0 && /^\p{L}+$/u.test(w.word) && !ctx.meaning.knows(w.word)).map((w) => w.word);
  const unknownWords = unknown.length >= UNKNOWN_WORDS ? { unknownWords: unknown } : {};
  // Such a sentence need not keep English word order: an English verb right after a noun may have it
  // as its object ("X ne kaunsi films direct ki hain": the films X directed), so it names the hop
  // reaching that noun or one before, as a relative clause's verb does (`contactVerb`).
  const words =
    unknown.length < UNKNOWN_WORDS
      ? read
      : read.map((w) => {
          const before = g.tokens[w.index - 1];
          const objectFirst = w.answer === undefined && w.relational > 0 && ctx.meaning.isVerbForm(w.word) && before !== undefined && !inAnchor(w.index - 1) && !isStopWord(before.norm) && ctx.meaning.isNoun(before.norm);
          return objectFirst ? { ...w, contact: true } : w;
        });
  const phrase = answerPhrase(g, inAnchor, ctx);
  const objectAt = objectQuestion(g, inAnchor, phrase, ctx);
  const object = objectAt === undefined ? undefined : { opener: g.tokens[THING_PRONOUNS.has(g.tokens[objectAt]!.norm) ? objectAt : phrase[0]!]!.norm, ...(AUXILIARIES.has(g.tokens[objectAt]!.norm) || objectAt < phrase[0]! || THING_PRONOUNS.has(g.tokens[objectAt]!.norm) ? {} : { subject: true }) };
  const opener = phrase.length === 1 ? g.tokens[phrase[0]!]!.norm : '';
  const asked = onlyValuesAsked(g, inAnchor, ctx) ?? askedType(words, ctx, object, (phrase[0] === 0 && OPENING_OTHER.has(opener)) || (phrase.length === 1 && phrase[0]! > 0 && otherOpening(g, phrase[0]!, inAnchor, ctx)) ? opener : somethingElse(g, inAnchor, phrase), howClauseVerb(g, inAnchor, phrase, ctx), phrase.length > 0 && g.tokens[phrase[0]!]!.norm === 'how');
  // Content words that name nothing in the graph ("describe", "appears"): when a candidate's
  // relation is chosen without a word for it, such a word may be the one that meant it.
  const unread = words.filter((w) => !w.wh && !w.head && w.relevance === 0 && w.answer === undefined).map((w) => w.word);
  // What is asked is headed by a noun WordNet knows that names nothing in the graph, and no type is
  // read ("timeline of films directed by X"): the candidates answer something, not what was asked.
  // A noun phrase standing alone only: after a wh-word the sentence may say it otherwise ("which shelf
  // does X go on, genre-wise I mean").
  const bareNoun = phrase.length === 2 && phrase[0] === phrase[1];
  const unknownHead = asked === undefined && bareNoun ? words.find((w) => !w.wh && w.index === phrase[0] && w.relevance === 0 && ctx.meaning.isNoun(w.word) && !ctx.meaning.isContent(w.word))?.word : undefined;
  const anchorScore = (mention: number): number => g.mentions[mention]!.score;
  // A name joined by "or" to "other N", "what" or another name is offered as one possible answer
  // ("does X direct in English or other languages", "are they English or what"), when it is of the
  // type asked: one of the answers, not what the answers are reached from. Leaving it out costs nothing.
  // A name in an afterthought ("…? fixin to watch it with X") is the speaker's company: leaving it out costs nothing.
  const requests = new Set(clauseRequests(g, inAnchor, ctx));
  const offered = new Set(g.anchors.filter((x) => offeredAnswer(g, x, asked, inAnchor)));
  const company = new Set(g.anchors.filter((x) => afterthought(g, g.mentions[x]!.tokenStart, inAnchor, phrase, requests, ctx)));
  // Where a later clause's "its" stands for each anchor: the same for every candidate from it.
  const standIns = new Map<number, number>();
  const standInOf = (mention: number): number => {
    let at = standIns.get(mention);
    if (at === undefined) standIns.set(mention, (at = itsStandIn(g, mention, phrase, ctx)));
    return at;
  };
  // Round 21 (words21b): a noun phrase standing apart before a yes/no question (`topicThenQuestion`); confidence only.
  const topic = topicThenQuestion(g, inAnchor, phrase, clauseStarts(g, inAnchor), requests);
  const unreadAt = (i: number): boolean => words.some((w) => w.index === i && !w.wh && w.relevance === 0);
  // Round 21 (words21a): the clause read as the question and the story around it, in words (`clauseNote`).
  const clauses = clauseNote(g);
  // Round 22c: the match rule's per-question part (`thinReading`, matchRule.ts); confidence only.
  const thin = thinReading(g, inAnchor, words, ctx);
  // Round 22 (words22a): a topic naming the first hop, said in the evidence (`topicOf`, `topicNote`).
  const topic22a = topicOf(g, ctx);
  const topicSaid = topic22a ? topicNote(g, topic22a) : undefined;
  const out: RankedCandidate[] = candidates.map((candidate) => {
    const shape = candidate.shape;
    let a: Alignment;
    let hops: number;
    let used: number[];
    let relations: string[];
    let answerLabel: string;
    if (shape.kind === 'chain') {
      const m = g.mentions[shape.anchor.mention]!;
      // Round 20 (words20): a later clause's "its" stands where the name would (`itsStandIn`).
      const its = standInOf(shape.anchor.mention);
      // Words of the other anchors are not this chain's relation words, but they are not free either.
      a = alignChain(
        words.filter((w) => !(m.tokenStart <= w.index && w.index < m.tokenEnd)),
        its >= 0 ? its : m.tokenStart,
        its >= 0 ? its + 1 : m.tokenEnd,
        shape.anchor.label,
        shape.steps,
        ctx,
        asked,
      );
      hops = shape.steps.length;
      used = [shape.anchor.mention];
      relations = shape.steps.map((s) => s.relation + (s.direction === 'out' ? '' : '~'));
      answerLabel = shape.steps[hops - 1]!.label;
    } else {
      const slots: Slot[] = [
        labelSlot(shape.anchors[0].label, ctx),
        relationSlot(shape.first, 0, ctx),
        labelSlot(shape.first.label, ctx),
        relationSlot(shape.second, 1, ctx),
        labelSlot(shape.anchors[1].label, ctx),
      ];
      if (shape.kind === 'conjunction') slots.push(relationSlot(shape.then, 2, ctx), labelSlot(shape.then.label, ctx));
      hops = shape.kind === 'conjunction' ? 3 : 2;
      // The answer: the middle node of a path; the far end of a conjunction's third hop.
      const answerSlots = new Set(shape.kind === 'conjunction' ? [6, ...(shape.then.direction === 'out' ? [5] : [])] : [2]);
      a = alignUnordered(words, slots, answerSlots, hops, ctx, asked);
      used = [shape.anchors[0].mention, shape.anchors[1].mention];
      relations = [shape.first.relation, shape.second.relation, ...(shape.kind === 'conjunction' ? [shape.then.relation] : [])];
      answerLabel = shape.kind === 'conjunction' ? shape.then.label : shape.first.label;
    }
    const anchorLabels = shape.kind === 'chain' ? [shape.anchor.label] : [shape.anchors[0].label, shape.anchors[1].label];
    const answerFits = asked ? (asked.sameAsAnchor ? anchorLabels.includes(answerLabel) : asked.labels.includes(answerLabel)) : undefined;
    // A type read through WordNet is-a is a probable reading of the answer noun, a relation a word
    // names outright is certain: when they disagree ("which words describe X", words → speech ∋
    // language, while "described by" names has_tags) the named relation says what comes back
    // (the disagreement still makes the choice weak). A type named exactly, or by an alias, rules.
    // The relation that leads to the answers: a chain's or a conjunction's last hop; either hop of a path.
    const lastNamed = shape.kind === 'path' ? (a.namedMask & 3) !== 0 : (a.namedMask & (1 << (relations.length - 1))) !== 0;
    // A wh-word's kind is grammar's, not a reading of a noun: "when" asks for a time whatever the
    // words after it name ("when did the director of X release his other films").
    const overruled = answerFits === false && asked!.how === 'is-a' && !asked!.byExclusion && !asked!.sameAsAnchor && WH_WORDS[asked!.word] === undefined && lastNamed;
    // Round 22 (words22a): a chain that stops at the topic answers the topic, not what is asked of it (`topicWeak`).
    const short = shape.kind === 'chain' && topic22a ? topicWeak(topic22a, shape.steps.length) : undefined;
    const wrongType = (answerFits === false && !overruled ? RANK_WEIGHTS.answerType : 0) + (short ? RANK_WEIGHTS.answerType : 0);
    // Reaching the answers from a name offered as one of them reads an answer as a condition.
    const ignored = g.anchors.filter((x) => !used.includes(x) && !offered.has(x) && !company.has(x)).reduce((s, x) => s + RANK_WEIGHTS.ignoredAnchor * anchorScore(x), 0) + (used.some((x) => offered.has(x)) ? RANK_WEIGHTS.answerType : 0);
    const bonus = used.reduce((s, x) => s + RANK_WEIGHTS.anchor * anchorScore(x), 0);
    const spelledAsWritten = (shape.kind === 'chain' ? [shape.anchor] : shape.anchors).filter((x) => asWritten(g, x.mention, x.name)).map((x) => `"${x.name}" (${x.label})`);
    const score = a.gain - a.lost - ignored - wrongType - RANK_WEIGHTS.hop * hops + bonus + RANK_WEIGHTS.spelling * spelledAsWritten.length;
    const fit = a.gain + a.lost + ignored + wrongType > 0 ? a.gain / (a.gain + a.lost + ignored + wrongType) : 0;
    // A hop no word names, unless the shape implies it: a path's two hops ("films with A and B"),
    // a hop back along the relation just named ("share directors with").
    const implied = (i: number): boolean => (shape.kind === 'chain' ? partnerHop(shape.steps, i, a.mask) >= 0 : i < 2);
    const unspoken = relations.filter((_, i) => !(a.mask & (1 << i)) && !implied(i));
    const answerOnly = relations.filter((_, i) => a.mask & (1 << i) && !(a.bodyMask & (1 << i)) && !implied(i));
    const impliedOnly = shape.kind === 'chain' ? relations.filter((_, i) => !(a.mask & (1 << i)) && implied(i)) : [];
    const byMembers = relations.filter((_, i) => a.mask & (1 << i) && !(a.strictMask & (1 << i)));
    const fitsByMembers = answerFits === true && (asked!.byMembers ?? []).includes(answerLabel);
    const byValues = byMembers.filter((x) => ctx.vocabulary.valueRelations.has(x.replace(/~$/, '')));
    const byNames = byMembers.filter((x) => ctx.vocabulary.memberRelations.has(x.replace(/~$/, '')));
    const throughScale =
      shape.kind === 'chain'
        ? shape.steps.flatMap((s, i) => {
            const j = !(a.mask & (1 << i)) ? partnerHop(shape.steps, i, a.mask) : -1;
            const middle = j >= 0 ? shape.steps[Math.min(i, j)]!.label : '';
            const via = ctx.vocabulary.valueLabels.get(middle);
            return via ? [`${relations[Math.min(i, j)]} > ${relations[Math.max(i, j)]} (${middle}: ${via.length} values)`] : [];
          })
        : [];
    const faint = relations.flatMap((r, i) => {
      if (!(a.mask & (1 << i))) return [];
      const links = a.matches.filter((m) => m.slot === `relation ${r.replace(/~$/, '')}` && !m.via);
      const best = Math.max(0, ...links.map((m) => m.similarity));
      return links.length > 0 && best < RANK_WEIGHTS.faint ? [`${links.map((m) => `"${m.word}"`).join(', ')} → ${r} (${best.toFixed(2)})`] : [];
    });
    const rareSenses = words.filter((w) => w.rare && a.matches.some((m) => m.word === w.word && w.rare!.relations.some((r) => m.slot === `relation ${r}`))).map((w) => w.rare!.why);
    const unexplainedNames = a.matches.filter((m) => m.slot === 'unexplained' && words.some((w) => w.word === m.word && w.relational >= NAMES)).map((m) => m.word);
    const loose = relations.flatMap((r, i) => {
      if (!(a.mask & (1 << i))) return [];
      const links = a.matches.filter((m) => m.slot === `relation ${r.replace(/~$/, '')}` && !m.via);
      const best = Math.max(0, ...links.map((m) => m.similarity));
      return links.length > 0 && best >= RANK_WEIGHTS.faint && best < NAMES ? [`${links.map((m) => `"${m.word}"`).join(', ')} → ${r} (${best.toFixed(2)})`] : [];
    });
    // Round 21 (words21b): too thin for a match by the chain's shape or the sentence (`round21bWeak`); confidence only.
    const weak21b = round21bWeak(g, inAnchor, shape, a.matches, unreadAt, topic, ctx);
    // Round 22c: the match rule (`round22cWeak`, matchRule.ts); confidence only.
    const weak22c = round22cWeak(thin, g, shape, a.matches, impliedOnly, answerLabel, ctx);
    return { candidate, score, fit, matches: a.matches, answerLabel, answerFits, unspoken, answerOnly, impliedOnly, byMembers, fitsByMembers, byValues, byNames, throughScale, faint, spelledAsWritten, rareSenses, unexplainedNames, loose, shorterFits: false, ...(unknownHead !== undefined ? { unknownHead } : {}), ...unknownWords, ...(weak21b ? { weak21b } : {}), ...(weak22c ? { weak22c } : {}), ...(clauses !== undefined ? { clauses } : {}), ...(topicSaid !== undefined ? { topic: topicSaid } : {}), ...(short ? { topicWeak: short } : {}) };
  });
  // Which candidates are longer than a query that already returns the asked type from the same anchors.
  const anchorsOf = (c: Candidate): string => (c.shape.kind === 'chain' ? `${c.shape.anchor.node}` : `${c.shape.anchors[0].node},${c.shape.anchors[1].node}`);
  const shortest = new Map<string, number>();
  for (const r of out) if (r.answerFits === true) shortest.set(anchorsOf(r.candidate), Math.min(shortest.get(anchorsOf(r.candidate)) ?? Infinity, hopsOf(r)));
  for (let i = 0; i < out.length; i++) if (out[i]!.answerFits === true && hopsOf(out[i]!) > (shortest.get(anchorsOf(out[i]!.candidate)) ?? Infinity)) out[i] = { ...out[i]!, shorterFits: true };
  // Round 19c: a relation's own word read only as a label (`labelOnlyName`); confidence only.
  const named = relationWords(words, ctx);
  if (named.length > 0)
    for (let i = 0; i < out.length; i++) {
      const labelOnly = labelOnlyName(out[i]!, named);
      if (labelOnly) out[i] = { ...out[i]!, labelOnly };
    }
  // The last tie-break is the shape itself, so either enumerator (snapshot or store, which list
  // candidates in different orders) leads to the same choice.
  out.sort((x, y) => y.score - x.score || hopsOf(x) - hopsOf(y) || answerCount(y.candidate) - answerCount(x.candidate) || shapeOrder(x.candidate.shape, y.candidate.shape));
  return { ranked: out, asked, unread };
}

/**
 * Round 19c, a relation's own word read only as a label: the question words that name relations of
 * the graph outright (relatedness ≥ NAMES: "directors" → directed_by, "wrote" → written_by), each
 * with the relations it names and whether it is the answer phrase's head noun.
 */
function relationWords(words: readonly QuestionWord[], ctx: RankContext): { word: string; relations: string[]; head: boolean }[] {
  return words
    .filter((w) => !w.wh && !w.co && w.relational >= NAMES)
    .map((w) => ({ word: w.word, relations: [...ctx.vocabulary.relations].filter(([, terms]) => bestOf(ctx.meaning, w.word, terms) >= NAMES).map(([r]) => r), head: w.answer === 0 }))
    .filter((w) => w.relations.length > 0);
}

/**
 * Round 19c: a word that names a relation outright says how things are joined ("directors": those
 * who directed something; "wrote": the writing). When a candidate reads it only as a label (Person,
 * or a Tag "wrote" resembles) and none of the relations it names is where it would speak — for the
 * answer noun, the hop reaching the answers ("which directors made films from the writer's other
 * scripts" answered by written_by); for any other word, anywhere in the chain ("who directed the
 * films written by …" through has_tags) — the word's own meaning is left out: the choice is a
 * guess, however well the other words fit. Confidence only; the ranking is untouched.
 */
function labelOnlyName(r: RankedCandidate, named: readonly { word: string; relations: string[]; head: boolean }[]): string | undefined {
  const s = r.candidate.shape;
  const all = s.kind === 'chain' ? s.steps.map((x) => x.relation) : s.kind === 'path' ? [s.first.relation, s.second.relation] : [s.first.relation, s.second.relation, s.then.relation];
  const reaching = s.kind === 'chain' ? [s.steps[s.steps.length - 1]!.relation] : s.kind === 'path' ? all : [s.then.relation];
  for (const w of named) {
    const read = r.matches.filter((m) => m.word === w.word);
    if (read.length === 0 || !read.every((m) => m.slot.startsWith('label '))) continue;
    const where = w.head ? reaching : all;
    if (where.some((x) => w.relations.includes(x))) continue;
    return `"${w.word}" names ${w.relations.join(', ')}, but is read only as ${read[0]!.slot} (${read[0]!.similarity.toFixed(2)}); ${w.head ? 'the answers are reached by' : 'the query goes through'} ${where.join(w.head ? ' or ' : ', ')}`;
  }
  return undefined;
}

/** The node's name is the mention's text exactly, and some other node of the mention is spelled otherwise. */
function asWritten(g: Grounding, mention: number, name: string): boolean {
  const m = g.mentions[mention]!;
  return m.text === name && m.nodes.some((n) => n.name !== name);
}

function shapeOrder(a: CandidateShape, b: CandidateShape): number {
  const nodes = (s: CandidateShape): number[] => (s.kind === 'chain' ? [s.anchor.node] : [s.anchors[0].node, s.anchors[1].node]);
  const x = describeShape(a);
  const y = describeShape(b);
  if (x !== y) return x < y ? -1 : 1;
  const p = nodes(a);
  const q = nodes(b);
  return p[0]! - q[0]! || (p[1] ?? 0) - (q[1] ?? 0);
}

function hopsOf(r: RankedCandidate): number {
  const s = r.candidate.shape;
  return s.kind === 'chain' ? s.steps.length : s.kind === 'path' ? 2 : 3;
}
