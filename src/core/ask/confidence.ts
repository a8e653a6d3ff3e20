/**
 * How sure the chosen answer is (match or weak), and the evidence shown for it.
 */
import { describeShape } from './describe';
import type { Candidate, Step } from './enumerate';
import type { AskedType, RankedCandidate } from './rankTypes';
import { NAMES, RANK_WEIGHTS } from './weights';

/**
 * Same answers: two readings that agree are not rivals. Store candidates carry only counts: the
 * Asker reads their answer sets where it matters and passes `confidenceOf` its own comparison.
 */
export function sameAnswers(a: Candidate, b: Candidate): boolean {
  if (a.source !== 'snapshot' || b.source !== 'snapshot') return false;
  if (a.nodes.length !== b.nodes.length) return false;
  const x = Array.from(a.nodes).sort((p, q) => p - q);
  const y = Array.from(b.nodes).sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

/**
 * Confidence in the top candidate: how much of the question it explains (fit) times how clearly
 * it beats the best rival with different answers (margin 0.5 or more: full). Capped below a match
 * (0.49) when the evidence is weak: its answers are not of the asked type, or a relation of it has
 * no word for it while a question word the graph's names do not know may have meant another.
 */
export function confidenceOf(ranked: readonly RankedCandidate[], unread: readonly string[] = [], same: (a: Candidate, b: Candidate) => boolean = sameAnswers): number {
  const top = ranked[0];
  if (!top) return 0;
  const rival = ranked.slice(1, 50).find((r) => !same(r.candidate, top.candidate));
  const margin = rival ? top.score - rival.score : 1;
  const c = Math.max(0, Math.min(1, top.fit * Math.min(1, margin / FULL_MARGIN)));
  return weakEvidence(top, unread) || lengthUndecided(ranked, same) ? Math.min(c, WEAK_CAP) : c;
}

/**
 * The answer type decides a chain's length ("which films" stops at the films); a question that names
 * no type leaves it open. When its best rival (different answers) is the same chain from the same
 * anchor a hop or more longer or shorter ("X co-writer list": X's films, or their other writers; "X -
 * more by the same director": the director, or their films) and it trails by less than a full margin,
 * the words chose the relations but nothing chose where to stop: the choice is a guess. Measured on
 * held-out sets 1–9: 5.5 % of such confident choices were wrong (52 of 939), against 0.75 % of all.
 */
export function lengthUndecided(ranked: readonly RankedCandidate[], same: (a: Candidate, b: Candidate) => boolean = sameAnswers): string | undefined {
  const top = ranked[0];
  if (!top || top.candidate.shape.kind !== 'chain') return undefined;
  const rival = ranked.slice(1, 50).find((r) => !same(r.candidate, top.candidate));
  if (!rival || rival.candidate.shape.kind !== 'chain' || top.score - rival.score >= FULL_MARGIN) return undefined;
  const a = top.candidate.shape;
  const b = rival.candidate.shape;
  const tail = tailUndecided(top, rival);
  if (tail) return tail;
  if (top.answerFits !== undefined) return undefined;
  if (a.anchor.node !== b.anchor.node || a.steps.length === b.steps.length) return undefined;
  const [short, long] = a.steps.length < b.steps.length ? [a, b] : [b, a];
  const prefix = short.steps.every((s, i) => s.relation === long.steps[i]!.relation && s.direction === long.steps[i]!.direction);
  return prefix ? `the question names no type, and ${describeShape(rival.candidate.shape)} (${rival.score.toFixed(2)}) is the same chain ${b.steps.length > a.steps.length ? 'going further' : 'stopping sooner'}: nothing says where it stops` : undefined;
}

/**
 * Out, back and out again along one relation, the last hop named by no word: the shape alone reads it
 * as the partners' partners ("who's in the other films the writer of X wrote": "writer" and "wrote"
 * name written_by out and back, nothing names the third hop). When the best rival is the same chain
 * but for a last hop no word names either, trailing by less than a full margin, the shape's half price
 * chose the last hop, not the question: a guess.
 */
function tailUndecided(top: RankedCandidate, rival: RankedCandidate): string | undefined {
  const a = top.candidate.shape;
  const b = rival.candidate.shape;
  if (a.kind !== 'chain' || b.kind !== 'chain' || a.anchor.node !== b.anchor.node || a.steps.length < 3 || a.steps.length !== b.steps.length) return undefined;
  const h = a.steps.length;
  const [x, y, z] = a.steps.slice(h - 3);
  if (!(x!.relation === y!.relation && y!.relation === z!.relation && x!.direction === z!.direction && x!.direction !== y!.direction)) return undefined;
  const key = (s: Step): string => s.relation + (s.direction === 'out' ? '' : '~');
  if (!a.steps.slice(0, h - 1).every((s, i) => key(s) === key(b.steps[i]!)) || !top.impliedOnly.includes(key(z!)) || !rival.unspoken.includes(key(b.steps[h - 1]!))) return undefined;
  return `no question word names the last hop: ${key(z!)} there is only the hop back along the one before, and ${describeShape(b)} (${rival.score.toFixed(2)}) ends on ${key(b.steps[h - 1]!)}, which no word names either`;
}

/** A margin to the best rival at which the choice is as clear as the evidence (confidence = fit). */
const FULL_MARGIN = 0.5;

/** The confidence a choice on weak evidence is capped at: just below a match. */
export const WEAK_CAP = 0.49;

/** Why the evidence for a candidate is weak, if it is (undefined: it is not). */
export function weakEvidence(r: RankedCandidate, unread: readonly string[]): string | undefined {
  if (r.answerFits === false) return `its answers are ${r.answerLabel}, not the type the question asks for`;
  if (r.unknownHead !== undefined) return `what is asked, "${r.unknownHead}", names nothing in the graph`;
  if (r.unknownWords !== undefined) return `${r.unknownWords.map((w) => `"${w}"`).join(', ')} are words the lexicon does not know: the question may say what its known words do not`;
  // What a label's members are is a hint about the label, not a word for the relation: loose.
  const byWords = r.byMembers.filter((x) => !r.byValues.includes(x) && !r.byNames.includes(x));
  if (byWords.length > 0) return `only what its members are (common words) links the question to ${byWords.join(', ')}`;
  if (r.byNames.length > 0) return `only a word naming one of its range's members links the question to ${r.byNames.join(', ')}`;
  // Out and back through one of a scale's few values: "the rating of films with as many votes as X".
  if (r.throughScale.length > 0) return `the chain goes out and back through a scale's value, which no word names: ${r.throughScale.join('; ')}`;
  if (r.faint.length > 0) return `only a faint link (below ${RANK_WEIGHTS.faint}) speaks for a relation: ${r.faint.join('; ')}`;
  if (r.byValues.length > 0) return `only a scale's values in the graph link the question to ${r.byValues.join(', ')} (its range is a scale of a few values)`;
  if (r.fitsByMembers) return `its answers fit the asked type only because ${r.answerLabel}'s members are common words`;
  // Round 19c: a word naming a relation outright is read only as a label, its relation left out.
  if (r.labelOnly) return r.labelOnly;
  // Round 21 (words21b): a scale's value as a hub, a noun phrase standing apart, a name held by another noun.
  if (r.weak21b) return r.weak21b;
  // Round 22c: the match rule — the governing word, a pronoun's clause, "other", a shared value (matchRule.ts).
  if (r.weak22c) return r.weak22c;
  // Round 22 (words22a): the chain stops at the topic the question asks about.
  if (r.topicWeak) return r.topicWeak;
  // A hop no word names, while a word naming another relation outright is left unread by this
  // chain ("… the person who directed X" answered through X's actors): that word meant a hop.
  if (r.unspoken.length > 0 && r.unexplainedNames.length > 0)
    return `no question word names ${r.unspoken.join(', ')}, and ${r.unexplainedNames.map((w) => `"${w}"`).join(', ')}, which ${r.unexplainedNames.length === 1 ? 'names' : 'name'} a relation outright, is left unexplained`;
  // Hops a looser word pays for where a shorter query already answers the asked type ("put X in one
  // genre": put → directed_by 0.51 made the genres of X's director's other films): the extra hops are a guess.
  if (r.loose.length > 0 && r.shorterFits) return `only a loose link (below ${NAMES}) speaks for ${r.loose.join('; ')}, and a shorter query already answers the asked type`;
  if (unread.length === 0) return undefined;
  const words = `${unread.map((w) => `"${w}"`).join(', ')} ${unread.length === 1 ? 'names' : 'name'} nothing in the graph`;
  if (r.unspoken.length > 0) return `no question word names ${r.unspoken.join(', ')}, and ${words}`;
  if (r.answerOnly.length > 0) return `only the answer phrase names ${r.answerOnly.join(', ')}, and ${words}`;
  // "who appears in films written by X": written_by~ > written_by explains every word it reads,
  // but its hop back is only the shape's; the unread word may have meant the last hop.
  if (r.impliedOnly.length > 0) return `no question word names the hop back along ${r.impliedOnly.join(', ')} (only the chain's shape implies it), and ${words}`;
  return undefined;
}

/**
 * The evidence that chose a candidate, in words, for the result and the Grounding view: the type
 * asked for against the type of its answers, each question word and the name it met, the relations
 * no word names, and why the evidence is weak when it is.
 */
export function evidenceOf(r: RankedCandidate, asked: AskedType | undefined, unread: readonly string[]): string[] {
  const out: string[] = [];
  if (asked) out.push(`asks for ${asked.sameAsAnchor ? "the anchor's own kind" : asked.labels.length ? asked.labels.join(' or ') : 'no label of the graph'} (${asked.detail}); its answers are ${r.answerLabel}${r.answerFits ? ', which fits' : ', which does not fit'}`);
  else out.push(`the question names no type the graph has; its answers are ${r.answerLabel}`);
  if (r.clauses) out.push(r.clauses);
  if (r.topic) out.push(r.topic);
  for (const m of r.matches)
    out.push(m.slot === 'unexplained' ? `"${m.word}" is about the graph's names but explained by nothing here` : `"${m.word}" → ${m.slot} (${m.similarity.toFixed(2)}${m.via ? `, loosely: ${m.via}` : ''})`);
  out.push(...r.rareSenses);
  if (r.unspoken.length > 0) out.push(`no question word names ${r.unspoken.join(', ')}: chosen by the graph's structure`);
  if (r.spelledAsWritten.length > 0) out.push(`${r.spelledAsWritten.join(', ')} is spelled exactly as the question writes it (another node of that name differs in case)`);
  const weak = weakEvidence(r, unread);
  if (weak) out.push(`weak evidence: ${weak}`);
  return out;
}
