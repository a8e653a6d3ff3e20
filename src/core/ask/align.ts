/**
 * How a question's words align with a candidate chain's slots (its relations and labels), word by word.
 */
import type { Step } from './enumerate';
import { bestOf, valueNamed } from './meaning';
import type { AskedType, QuestionWord, RankContext, Slot, WordMatch } from './rankTypes';
import { TOPIC_SLOTS } from './topic';
import { floor, NAMES, RANK_WEIGHTS } from './weights';

/** How strongly the asked type speaks for a label: naming it (or a schema alias) 1, WordNet is-a 0.8. */
function typeSimilarity(asked: AskedType | undefined, w: QuestionWord, slot: Slot): number {
  if (!asked || asked.byExclusion || asked.word !== w.word || w.answer === undefined || slot.kind !== 'label' || !asked.labels.includes(slot.name)) return 0;
  if (asked.byMembers?.includes(slot.name)) return 0;
  return asked.how === 'is-a' ? 0.8 : 1;
}

/**
 * The loose link of a word that asks for words ("words", "terms", "describe") to a label whose
 * members are common words, and to the relation named after it (has_tags → Tag), with the same
 * discounts as a word's own links. 0 when it does not apply.
 */
function membersSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext): number {
  if (w.wh) return 0;
  const { wordLabels, wordRelations, valueRelations, memberRelations } = ctx.vocabulary;
  const words = (slot.kind === 'label' ? wordLabels.has(slot.name) : wordRelations.has(slot.name)) && ctx.meaning.asksForWords(w.word) !== undefined;
  // A word that is one of a scale's values ("is X considered good": good ∈ Rating) asks for X's value
  // on it; a word naming a member of a closed class ("is X a comedy") asks which of them X has.
  const scale = slot.kind === 'label' ? slot.name : valueRelations.get(slot.name) ?? memberRelations.get(slot.name) ?? '\u0000';
  const value = valueNamed(w.word, ctx.vocabulary, scale) !== undefined || (w.scales?.labels.includes(scale) ?? false) || w.member?.label === scale;
  if (!words && !value) return 0;
  const s = RANK_WEIGHTS.members;
  if (slot.kind === 'label') return w.relational >= s ? s / 2 : s;
  return Math.max(0, s - Math.max(0, w.relational - s));
}

/** The members reading in words: why the word asks for words, and why the label holds them. */
function membersReason(w: QuestionWord, slot: Slot, ctx: RankContext): string {
  const scale = slot.kind === 'label' ? slot.name : ctx.vocabulary.valueRelations.get(slot.name) ?? ctx.vocabulary.memberRelations.get(slot.name);
  if (w.member && w.member.label === scale) {
    const n = ctx.vocabulary.memberLabels.get(scale)!.length;
    return `"${w.word}" names "${w.member.value}", one of ${scale}'s ${n} members in the graph (a closed class)${slot.kind === 'relation' ? `; ${slot.name} is named after ${scale}` : ''}`;
  }
  if (w.scales && scale !== undefined && w.scales.labels.includes(scale)) return `${w.scales.why}${slot.kind === 'relation' ? `; ${slot.name} is named after ${scale}` : ''}`;
  const value = valueNamed(w.word, ctx.vocabulary, slot.kind === 'label' ? slot.name : ctx.vocabulary.valueRelations.get(slot.name) ?? '\u0000');
  if (value) {
    const values = ctx.vocabulary.valueLabels.get(value.label)!;
    const named = slot.kind === 'relation' ? `; ${slot.name} is named after ${value.label}` : '';
    return `"${value.value}" is one of ${value.label}'s ${values.length} values (${values.join(', ')}) in the graph${named}`;
  }
  const label = slot.kind === 'label' ? slot.name : ctx.vocabulary.wordRelations.get(slot.name)!;
  const named = slot.kind === 'relation' ? `; ${slot.name} is named after ${label}` : '';
  return `${ctx.meaning.asksForWords(w.word) ?? ''}; ${ctx.vocabulary.wordLabels.get(label) ?? ''}${named}`;
}

/** One question's word-to-slot similarities, per word (its words are immutable and its own). */
const similarityMemo = new WeakMap<QuestionWord, { readonly ctx: RankContext; readonly asked: AskedType | undefined; readonly bySlot: Map<string, number> }>();

/**
 * A question's candidates share their slots (the same relation or label recurs in hundreds of
 * chains), and a slot's similarity to a word depends on its kind and name, not on the chain: read
 * once per question (measured: two thirds of the chain alignment's time was these readings again).
 */
function similarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  let memo = similarityMemo.get(w);
  if (!memo || memo.ctx !== ctx || memo.asked !== asked) similarityMemo.set(w, (memo = { ctx, asked, bySlot: new Map() }));
  const key = slot.kind + '\u0000' + slot.name;
  const hit = memo.bySlot.get(key);
  if (hit !== undefined) return hit;
  const s = readSimilarity(w, slot, ctx, asked);
  memo.bySlot.set(key, s);
  return s;
}

function readSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  return Math.max(strictSimilarity(w, slot, ctx, asked), membersSimilarity(w, slot, ctx));
}

/** A word's own links to a slot: lemmas, WordNet, the asked type naming the label. */
function strictSimilarity(w: QuestionWord, slot: Slot, ctx: RankContext, asked?: AskedType): number {
  // Round 20 (words20b): "by" names the relations named with it, outright (`agentBy`).
  if (w.agent) return slot.kind === 'relation' && w.agent.includes(slot.name) ? NAMES : 0;
  if (w.wh) return slot.kind === 'label' && (w.answer !== undefined || w.step) ? floor(Math.max(typeSimilarity(asked, w, slot), ...w.wh.map((x) => bestOf(ctx.meaning, x, slot.terms)))) : 0;
  // The answer phrase's head is a noun ("what types"): read only its noun senses.
  const rare = slot.kind === 'relation' && w.rare?.relations.includes(slot.name) ? RANK_WEIGHTS.floor : 0;
  const s = floor(Math.max(typeSimilarity(asked, w, slot), bestOf(ctx.meaning, w.answer !== undefined || w.noun ? 'noun:' + w.word : w.word, slot.terms), rare));
  // A role noun ("directors") names a label (Person) but says which relation leads there: as a
  // label it counts half, so it cannot stand in for the relation it names. So too an answer noun
  // whose relation link is weaker than its kind ("screenwriters": written_by 0.5, a kind of Person
  // 0.8): what comes back is said by the asked type already; the noun's own news is the relation.
  if (slot.kind === 'label') return w.relational >= s || (w.head && w.relational > 0) ? s / 2 : s;
  // Evidence for one relation is discounted by how much better the word fits another: "actors"
  // (starred_actors 1.0) is no evidence for has_tags at 0.32, however many weak links join them.
  return Math.max(0, s - Math.max(0, w.relational - s));
}

export function relationSlot(step: Step, hop: number, ctx: RankContext): Slot {
  return { kind: 'relation', name: step.relation, hop, terms: ctx.vocabulary.relations.get(step.relation) ?? [] };
}

export function labelSlot(label: string, ctx: RankContext): Slot {
  return { kind: 'label', name: label, terms: ctx.vocabulary.labels.get(label) ?? [] };
}

function slotName(s: Slot): string {
  return `${s.kind} ${s.name}`;
}

export interface Alignment {
  gain: number;
  lost: number;
  mask: number;
  /** Hops named by a word outside the answer phrase, or by an answer noun that names the relation
   *  itself ("which genres" → has_genre); an answer noun linked more loosely ("what words" →
   *  in_language, 0.64) says what comes back, not by which relation. */
  bodyMask: number;
  /** Hops a word outside the answer phrase names outright (relatedness ≥ NAMES). */
  namedMask: number;
  /** Hops some word speaks for by its own links, not only through the members' reading. */
  strictMask: number;
  matches: WordMatch[];
}

/**
 * A chain: the hop nearest the anchor is spoken of by the words nearest the anchor, so the
 * question's words, nearest the anchor first, align monotonically with the slots [anchor label,
 * hop 1, label 1, …, hop h, answer label]. The answer phrase ("which genres", "who") names the end
 * of the chain wherever it stands in the sentence, so its words come last, head noun first.
 * Exact DP over (slot reached, hops covered); at most 3 hops: ≤ 7 × 8 states per word.
 */
export function alignChain(words: readonly QuestionWord[], anchorStart: number, anchorEnd: number, anchorLabel: string, steps: readonly Step[], ctx: RankContext, asked: AskedType | undefined): Alignment {
  const h = steps.length;
  const ordered: Slot[] = [labelSlot(anchorLabel, ctx)];
  steps.forEach((s, i) => {
    ordered.push(relationSlot(s, i, ctx));
    ordered.push(labelSlot(s.label, ctx));
  });
  // Words read outward from the anchor, each side on its own: the left side from hop 1; the
  // right side from hop 1 again ("what were the release dates of X | written films"), unless the
  // answer phrase stands on the right, then the right side is the answer clause and continues
  // where the left one ended ("the films that share actors with X | are written by who"). The
  // answer phrase's words go last and do not move the alignment on.
  const dist = (w: QuestionWord): number => (w.index < anchorStart ? anchorStart - w.index : w.index - anchorEnd + 1);
  const side = (left: boolean): QuestionWord[] => words.filter((w) => w.answer === undefined && !w.last && w.index < anchorStart === left).sort((a, b) => dist(a) - dist(b) || a.index - b.index);
  const left = side(true);
  const answerWords = [...words.filter((w) => w.answer !== undefined && !w.last).sort((a, b) => a.answer! - b.answer!), ...words.filter((w) => w.last)];
  const answerOnRight = answerWords.some((w) => !w.last && w.index >= anchorEnd);
  const restartAt = answerOnRight ? -1 : left.length;
  const ws = [...left, ...side(false), ...answerWords];
  const sims = ws.map((w) => ordered.map((s) => similarity(w, s, ctx, asked)));
  const masks = 1 << h;
  type Cell = { score: number; gain: number; lost: number; from: number; choice: number } | undefined;
  const width = ordered.length * masks;
  let dp: Cell[] = new Array<Cell>(width).fill(undefined);
  dp[0] = { score: 0, gain: 0, lost: 0, from: -1, choice: -1 };
  const trail: Cell[][] = [dp];
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k]!;
    const next: Cell[] = new Array<Cell>(width).fill(undefined);
    const put = (state: number, score: number, gain: number, lost: number, from: number, choice: number): void => {
      const c = next[state];
      if (!c || score > c.score) next[state] = { score, gain, lost, from, choice };
    };
    for (let state = 0; state < width; state++) {
      const c = dp[state];
      if (!c) continue;
      const p = k === restartAt ? 0 : Math.floor(state / masks);
      const mask = state % masks;
      const skipCost = w.wh ? 0 : RANK_WEIGHTS.skip * w.relevance;
      put(p * masks + mask, c.score - skipCost, c.gain, c.lost + skipCost, state, -1);
      // The answer phrase names the end of the chain: the answer's label, or the last hop when
      // that hop points at the answer (a relation's name describes its target: "directors" for
      // directed_by; "language" says nothing about the films that in_language~ leads back to).
      // A word before the anchor naming the anchor's own label speaks of the anchor wherever it
      // stands: "the film script for X" reads outward as script, film — the compound's modifier
      // names X's type. (After the anchor — "X also wrote movies" — the noun is what comes back.)
      if (w.answer === undefined && !w.other && w.index < anchorStart && p > 0 && sims[k]![0]! > 0) put(p * masks + mask, c.score + sims[k]![0]!, c.gain + sims[k]![0]!, c.lost, state, 0);
      // A word saying how the answer is reached names the last hop, in either direction, and nothing else.
      if (w.last) {
        const q = ordered.length - 2;
        const s = sims[k]![q]!;
        if (s > 0) put(p * masks + (mask | (1 << (h - 1))), c.score + s, c.gain + s, c.lost, state, q);
        continue;
      }
      // Round 19 (words19): the answer head's complement ("what kinds of films have they written") may name the
      // label the last hop starts from, wherever the rest of the sentence stands, without moving the alignment
      // on; it keeps its other readings ("the other movies of the director of X": director → directed_by).
      if (w.complement) {
        const q = ordered.length - 3;
        const s = sims[k]![q]!;
        if (s > 0) put(p * masks + mask, c.score + s, c.gain + s, c.lost, state, q);
      }
      // A noun the name owns names the anchor's own slots wherever it stands ("its director" after "the other films").
      if (w.owned && w.answer === undefined && p > 2) {
        for (let q = 0; q <= 2; q++) {
          const s = sims[k]![q]!;
          if (s > 0) put(p * masks + (q === 1 ? mask | 1 : mask), c.score + s, c.gain + s, c.lost, state, q);
        }
        continue;
      }
      // A relative clause's verb names a hop at or before the slot its noun reached (`contactVerb`).
      if (w.contact && w.answer === undefined) {
        const reached = Math.max(Math.floor(state / masks), 1);
        // Round 22 (words22a): a word after the topic names no hop of the topic's own (`QuestionWord.beyond`).
        for (let q = w.beyond ? TOPIC_SLOTS : 1; q <= reached && q < ordered.length; q += 2) {
          const s = sims[k]![q]!;
          if (s > 0) put((k === restartAt ? q : p) * masks + (mask | (1 << ((q - 1) / 2))), c.score + s, c.gain + s, c.lost, state, q);
        }
        continue;
      }
      for (let q = w.answer !== undefined ? Math.max(p, ordered.length - 2) : p; q < ordered.length; q++) {
        if (w.answer !== undefined && q === ordered.length - 2 && steps[h - 1]!.direction !== 'out') continue;
        // "the other films": not the anchor, so not the anchor's label.
        if (w.other && q === 0) continue;
        // "as director": the anchor's role, its own hop.
        if (w.role && w.answer === undefined && q !== 1) continue;
        // Round 22 (words22a): said of the topic's end or beyond it, not of the topic's own hop.
        if (w.beyond && q < TOPIC_SLOTS) continue;
        // "X's director", "the X director": the anchor's own hop, or what it reaches; "the X movie":
        // the anchor's own kind.
        if (w.owned && q > 2) continue;
        const s = sims[k]![q]!;
        if (s <= 0) continue;
        const slot = ordered[q]!;
        const m = slot.kind === 'relation' ? mask | (1 << slot.hop) : mask;
        put((w.answer !== undefined ? p : q) * masks + m, c.score + s, c.gain + s, c.lost, state, q);
      }
    }
    dp = next;
    trail.push(dp);
  }
  const missing = (mask: number): number => {
    let cost = 0;
    for (let i = 0; i < h; i++) {
      if (mask & (1 << i)) continue;
      // A hop out and back along one relation is implied by the phrase that names either of them
      // ("films that share directors with X"; "who co-wrote films with X": X wrote them too): half the cost.
      cost += partnerHop(steps, i, mask) >= 0 ? RANK_WEIGHTS.uncoveredHop / 2 : RANK_WEIGHTS.uncoveredHop;
    }
    return cost;
  };
  let best = -1;
  let bestScore = -Infinity;
  for (let state = 0; state < width; state++) {
    const c = dp[state];
    if (!c) continue;
    const s = c.score - missing(state % masks);
    if (s > bestScore) {
      bestScore = s;
      best = state;
    }
  }
  const final = dp[best]!;
  const matches: WordMatch[] = [];
  let bodyMask = 0;
  let namedMask = 0;
  let strictMask = 0;
  let state = best;
  for (let k = ws.length; k > 0; k--) {
    const c = trail[k]![state]!;
    const w = ws[k - 1]!;
    if (c.choice >= 0) {
      const slot = ordered[c.choice]!;
      const strict = strictSimilarity(w, slot, ctx, asked);
      matches.push({ word: w.word, slot: slotName(slot), similarity: sims[k - 1]![c.choice]!, ...(strict < sims[k - 1]![c.choice]! ? { via: membersReason(w, slot, ctx) } : {}) });
      if (slot.kind === 'relation' && strict > 0) strictMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && (w.answer === undefined || sims[k - 1]![c.choice]! >= NAMES)) bodyMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && w.answer === undefined && sims[k - 1]![c.choice]! >= NAMES) namedMask |= 1 << slot.hop;
    } else if (w.relevance > 0) matches.push({ word: w.word, slot: 'unexplained', similarity: 0 });
    state = c.from;
  }
  matches.reverse();
  return { gain: final.gain, lost: final.lost + missing(best % masks), mask: best % masks, bodyMask, namedMask, strictMask, matches };
}

/**
 * Two anchors: each word goes to its best slot (order says little when two entities share it),
 * except the answer phrase's, which only the answer's own slots may take (`answerSlots`).
 */
export function alignUnordered(words: readonly QuestionWord[], slots: readonly Slot[], answerSlots: ReadonlySet<number>, hops: number, ctx: RankContext, asked: AskedType | undefined): Alignment {
  let gain = 0;
  let lost = 0;
  let mask = 0;
  let bodyMask = 0;
  let namedMask = 0;
  let strictMask = 0;
  const matches: WordMatch[] = [];
  for (const w of words) {
    let best = -1;
    let bestSim = 0;
    slots.forEach((s, i) => {
      if (w.answer !== undefined && !answerSlots.has(i)) return;
      if (w.other && (i === 0 || i === 4)) return;
      const x = similarity(w, s, ctx, asked);
      if (x > bestSim) {
        bestSim = x;
        best = i;
      }
    });
    if (best >= 0) {
      gain += bestSim;
      const slot = slots[best]!;
      if (slot.kind === 'relation') mask |= 1 << slot.hop;
      const strict = strictSimilarity(w, slot, ctx, asked);
      if (slot.kind === 'relation' && strict > 0) strictMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && (w.answer === undefined || bestSim >= NAMES)) bodyMask |= 1 << slot.hop;
      if (slot.kind === 'relation' && w.answer === undefined && bestSim >= NAMES) namedMask |= 1 << slot.hop;
      matches.push({ word: w.word, slot: slotName(slot), similarity: bestSim, ...(strict < bestSim ? { via: membersReason(w, slot, ctx) } : {}) });
    } else if (!w.wh && w.relevance > 0) {
      lost += RANK_WEIGHTS.skip * w.relevance;
      matches.push({ word: w.word, slot: 'unexplained', similarity: 0 });
    }
  }
  // A path's two hops are often implied by the entities themselves ("films with A and B"): half
  // cost; a conjunction's third hop is not.
  for (let i = 0; i < hops; i++) if (!(mask & (1 << i))) lost += i < 2 ? RANK_WEIGHTS.uncoveredHop / 2 : RANK_WEIGHTS.uncoveredHop;
  return { gain, lost, mask, bodyMask, namedMask, strictMask, matches };
}

/**
 * The hop that makes hop `i` of a chain one half of an out-and-back along one relation, or -1: the
 * hop before it (the relation just named: "share directors with X"), or, for the anchor's own hop,
 * the hop after it when a word names that one ("who co-wrote films with X": the films X wrote, then
 * their writers).
 */
export function partnerHop(steps: readonly Step[], i: number, named: number): number {
  const pair = (x: number, y: number): boolean => steps[x]!.relation === steps[y]!.relation && steps[x]!.direction !== steps[y]!.direction;
  // A hop implied only by another implied hop is implied by nothing: out, back and out again along
  // one relation is not three hops for the price of one word.
  if (i > 0 && pair(i - 1, i) && (named & (1 << (i - 1)) || partnerHop(steps, i - 1, named) < 0)) return i - 1;
  // Forward only from the anchor: "with X" leaves X's own role unsaid; a middle node's role is
  // set by the words that reached it ("the other films of the director of X": directed).
  // One named hop implies one partner: with a hop back after it too ("the people in X have been
  // directed by whom in other films" read as directed_by > directed_by~ > directed_by), the hop
  // back is the one implied, the anchor's own is not.
  if (i === 0 && steps.length > 1 && named & 2 && pair(0, 1) && !(steps.length > 2 && pair(1, 2) && !(named & 4))) return 1;
  return -1;
}
