import type { Embedder } from '../embed/embedder';
import { WordNet } from '../embed/lexicon/wordnet';
import type { ChatModel } from '../llm/chatModel';
import type { PlanningGraph, Strategy } from '../plan/planningGraph';
import { printPlanningGraph } from '../dsl/fromIR';
import { GraphSnapshot, type SearchIndex } from '../retrieve/snapshot/snapshot';
import type { PlacementReport, StoreIo } from '../../contracts/retrievalResult';
import type { GraphSchema } from '../schema/graphSchema';
import { chooseCandidate, type Decider } from './choose';
import { chainKey, describeShape } from './describe';
import { answerCount, CandidateEnumerator, rankedAnswers, type AnchorRef, type Candidate } from './enumerate';
import { StoreEnumerator, StoreNeighbourhood } from './storeEnumerate';
import type { GraphStore } from '../graph/graphStore';
import { groundQuestion, type Grounding } from './ground';
import type { ChoiceVerdict, EnumerationSource, GroundingMention, NoPlan } from '../../contracts/inspector/grounding';
import { labelMembersOf, vocabularyOf, WordMeaning, type Vocabulary } from './meaning';
import { NameIndex } from './nameIndex';
import { confidenceOf, evidenceOf, lengthUndecided, sameAnswers, WEAK_CAP } from './confidence';
import { rankWith } from './rank';
import type { AskedType, WordMatch } from './rankTypes';
import { asRead } from './readings';
import { candidateToPlan } from './toPlan';
import { questionTooLong } from './tokens';
import { severalOfOne } from './everyday';
import { readingNotes } from './typed';

/** Below this confidence the choice is shown as a guess ("weak"), never as a match. */
export const MATCH_CONFIDENCE = 0.5;
/** Candidates kept in a result (the chosen one and the next ones, one click away). */
export const KEPT_CANDIDATES = 10;
/** Answers listed per result. */
export const LISTED_ANSWERS = 100;

export interface CandidateView {
  /** 1-based rank. */
  readonly id: number;
  readonly pattern: string;
  /** The relation chain, e.g. "directed_by~ > in_language" (~: against the stored direction). */
  readonly chain: string;
  /** Distinct answers the query returns. */
  readonly count: number;
  readonly score: number;
  readonly fit: number;
  readonly matches: readonly WordMatch[];
  /** What chose it, in words: the asked type against its answers' label, the words and the names
   *  they met, relations no word names, why the evidence is weak (`evidenceOf`). */
  readonly evidence: readonly string[];
  /** The label of its answers, and whether it is the type the question asks for (undefined: none asked). */
  readonly answerLabel: string;
  readonly answerFits?: boolean;
  /** The candidate as `.kgp` text, ready to open or run. */
  readonly kgp: string;
  /** Which plan variable holds which anchor mention (index into `mentions`). */
  readonly anchors: readonly { readonly mention: number; readonly variable: string }[];
}

export interface AnswerView {
  readonly value: string;
  readonly id: string;
  readonly label: string;
  /** Paths from the anchor(s) reaching it: the order of `answers`. */
  readonly paths: number;
}

/** A mention as results show it (the inspector's shape, without the plan variable). */
export type MentionView = Omit<GroundingMention, 'variable'>;

export interface AskTimings {
  readonly groundMs: number;
  readonly enumerateMs: number;
  readonly rankMs: number;
  readonly chooseMs: number;
  readonly totalMs: number;
}

interface AskCommon {
  readonly question: string;
  readonly mentions: readonly MentionView[];
  readonly timings: AskTimings;
  /** Where it ran and why (given by the session: `RetrievalSession.asker`). */
  readonly placement?: PlacementReport;
  /** What it asked of the store (enumeration, answers, rival answer sets); absent when it sent nothing. */
  readonly storeIo?: StoreIo;
}

export type AskResult =
  | (AskCommon &
      ChoiceVerdict & {
      readonly kind: 'planned';
      readonly decidedBy: Decider;
      /** Index into `candidates` of the one chosen (0 unless a model chose another). */
      readonly chosen: number;
      readonly candidates: readonly CandidateView[];
      /** The type the question asks for, read from its answer phrase (undefined: it names none the graph has). */
      readonly askedType?: AskedType;
      readonly plan: PlanningGraph;
      readonly kgp: string;
      readonly answers: readonly AnswerView[];
      readonly answerCount: number;
      /** The statements the store enumeration sent (0 on the snapshot). */
      readonly storeQueries: number;
    })
  | (AskCommon & NoPlan);

export interface AskOptions {
  readonly model?: ChatModel;
  /** The strategy written into the plan (default: cypher, the exact one). */
  readonly strategy?: Strategy;
  readonly maxHops?: number;
  readonly signal?: AbortSignal;
  /** 'store': the neighbourhood read from the store the Asker was given (default: the snapshot when
   *  the Asker holds it, else the store). */
  readonly enumerate?: EnumerationSource;
  /** The placement decided for this question (the session's); `ran: 'store'` enumerates on the store. */
  readonly placement?: PlacementReport;
  /**
   * The caller asks nothing more of this Asker (`kgrag ask` with one question): the name index,
   * which only grounding reads, is let go once the question is grounded instead of being held
   * through the store's levels and the walk (31 MB at MetaQA ×40; docs/ask.md, "A wider margin").
   * Should it be asked again, the name index is built again (seconds at ×40): correct, not cheap.
   */
  readonly last?: boolean;
}

/**
 * The grounded planner: it proposes only queries the graph can answer. Build once per search
 * index (the name index and word meanings are reused); `ask` is then a few milliseconds on the
 * snapshot. Grounding and the ranker read only the search index (names, ids, labels, name vectors,
 * label members); given the index without the graph (store placement), the anchors' neighbourhood
 * is read from the store level by level and walked by the same enumerator (storeEnumerate.ts).
 */
export class Asker {
  /** Grounding's name index (built with the Asker; let go after a `last` question's grounding, built again if asked). */
  private heldNames: NameIndex | undefined;
  readonly meaning: WordMeaning;
  readonly vocabulary: Vocabulary;
  /** Only when the Asker holds the graph's edges (the snapshot). */
  private readonly enumerator: CandidateEnumerator | undefined;

  constructor(
    readonly index: SearchIndex,
    options: { schema?: GraphSchema; embedder?: Embedder; wordNet?: WordNet | null; store?: Pick<GraphStore, 'query' | 'dialect'> } = {},
  ) {
    this.store = options.store;
    this.schema = options.schema;
    this.heldNames = new NameIndex(index);
    // Synsets read from the files as asked: the planner reads a few thousand, the files are ≈ 21 MB (docs/ask.md).
    const wordNet = options.wordNet === null ? undefined : (options.wordNet ?? WordNet.fromPackage({ dataOnDisk: true, rereads: true }));
    this.meaning = new WordMeaning(wordNet);
    this.vocabulary = vocabularyOf(index.data.relationNames, index.data.labelNames, options.schema, labelMembersOf(index, wordNet));
    this.enumerator = index instanceof GraphSnapshot ? new CandidateEnumerator(index) : undefined;
    this.embedder = options.embedder;
  }

  private readonly embedder: Embedder | undefined;
  private readonly store: Pick<GraphStore, 'query' | 'dialect'> | undefined;
  private readonly schema: GraphSchema | undefined;
  /** What store enumeration keeps for this index (built on first use). */
  private storeAt: StoreNeighbourhood | undefined;

  get names(): NameIndex {
    return (this.heldNames ??= new NameIndex(this.index));
  }

  async ground(question: string, signal?: AbortSignal): Promise<Grounding> {
    return groundQuestion(question, { index: this.index, names: this.names, meaning: this.meaning, vocabulary: this.vocabulary, ...(this.embedder ? { embedder: this.embedder } : {}), ...(signal ? { signal } : {}) });
  }

  /** Every candidate around the grounding's anchors (each node of each anchor mention). */
  enumerate(g: Grounding, maxHops = 3): Candidate[] {
    const enumerator = this.enumerator;
    if (!enumerator) throw new Error('enumeration on the snapshot needs the Asker to be given the snapshot (this one holds the search index without the graph: enumerate on the store)');
    enumerator.capped = false;
    return walkCandidates(enumerator, anchorRefs(g), maxHops);
  }

  /**
   * The same candidates on the store: the edges of every node within maxHops − 1 hops of the
   * anchors, one read-only statement per level (≤ maxHops per question, two for two anchors at
   * one hop), walked by the snapshot's enumerator (storeEnumerate.ts).
   */
  async enumerateOnStore(g: Grounding, enumerator: StoreEnumerator, maxHops = 3, signal?: AbortSignal): Promise<Candidate[]> {
    const refs = anchorRefs(g);
    // Paths and conjunctions expand the middle nodes (the anchors' neighbours): two levels.
    const levels = Math.max(maxHops, refs.length > 1 ? 2 : 0);
    const anchors = [...new Set(refs.flat().map((a) => a.node))];
    return enumerator.enumerate(anchors, levels, (e) => walkCandidates(e, refs, maxHops), signal);
  }

  private neighbourhood(): StoreNeighbourhood {
    if (!this.store) throw new Error('enumeration on the store needs the Asker to be given the store');
    return (this.storeAt ??= new StoreNeighbourhood(this.store, this.index, this.schema));
  }

  get capped(): boolean {
    return this.enumerator?.capped ?? false;
  }

  async ask(question: string, options: AskOptions = {}): Promise<AskResult> {
    const t0 = performance.now();
    const placed = options.placement ? { placement: options.placement } : {};
    const tooLong = questionTooLong(question);
    if (tooLong) {
      const totalMs = performance.now() - t0;
      return { kind: 'too-long', question, mentions: [], message: tooLong, timings: { groundMs: 0, enumerateMs: 0, rankMs: 0, chooseMs: 0, totalMs }, ...placed };
    }
    const g = await this.ground(question, options.signal);
    if (options.last) this.heldNames = undefined;
    const t1 = performance.now();
    const mentions = g.mentions.map((m, i): MentionView => ({
      text: m.text,
      start: m.start,
      end: m.end,
      marked: m.marked,
      method: m.method,
      score: round(m.score),
      anchor: g.anchors.includes(i),
      nodes: m.nodes.map((n) => ({ id: n.id, name: n.name, label: n.label, score: round(n.score) })),
      overlaps: m.overlaps,
    }));
    if (g.anchors.length === 0) {
      const near = g.nearest.length ? ` Nearest names: ${g.nearest.map((n) => JSON.stringify(n)).join(', ')}.` : '';
      const timings = { groundMs: t1 - t0, enumerateMs: 0, rankMs: 0, chooseMs: 0, totalMs: performance.now() - t0 };
      return { kind: 'nothing-found', question, mentions, nearest: g.nearest, message: `nothing found: no name in the question matches a node of the graph.${near}`, timings, ...placed };
    }
    const source: EnumerationSource = options.placement?.ran === 'store' ? 'store' : (options.enumerate ?? (this.enumerator ? 'snapshot' : 'store'));
    if (source === 'store' && !this.store) throw new Error('enumeration on the store needs the Asker to be given the store');
    // Grounding's vector searches are done: their scratch (12 bytes an index node) is not held
    // through the store's levels and the walk (docs/ask.md, "A wider margin").
    if (source === 'store') this.index.index.releaseScratch();
    const onStore = source === 'store' ? new StoreEnumerator(this.neighbourhood()) : undefined;
    const candidates = onStore ? await this.enumerateOnStore(g, onStore, options.maxHops, options.signal) : this.enumerate(g, options.maxHops);
    const t2 = performance.now();
    const { ranked, asked, unread } = rankWith(g, candidates, { meaning: this.meaning, vocabulary: this.vocabulary });
    const t3 = performance.now();
    const io = onStore ? { storeIo: onStore.io() } : {};
    if (ranked.length === 0) {
      const timings = { groundMs: t1 - t0, enumerateMs: t2 - t1, rankMs: t3 - t2, chooseMs: 0, totalMs: performance.now() - t0 };
      const names = g.anchors.map((a) => JSON.stringify(g.mentions[a]!.text)).join(', ');
      return { kind: 'no-candidates', question, mentions, message: `${names} found in the graph, but no query of up to ${options.maxHops ?? 3} hops from it returns anything`, timings, ...placed, ...io };
    }
    const choice = await chooseCandidate(question, ranked, options.model, options.signal);
    const t4 = performance.now();
    const chosenRanked = ranked[choice.index]!;
    const order = choice.decidedBy.kind === 'ranker' ? ranked : [chosenRanked, ...ranked.filter((r) => r !== chosenRanked)];
    // Round 19 (words19): one value asked of a relation that gives most things one, several found: weak.
    const several = severalOfOne(this.index, chosenRanked.candidate, candidates);
    const fromRanking = confidenceOf(order, unread, sameAnswers);
    const confidence = several ? Math.min(fromRanking, WEAK_CAP) : fromRanking;
    // Why the length is a guess, said under the chosen one's evidence (it depends on its rival, not on it alone).
    const undecided = lengthUndecided(order, sameAnswers);
    const kept = ranked.slice(0, Math.max(KEPT_CANDIDATES, choice.index + 1));
    const views = kept.map((r, i): CandidateView => ({
      id: i + 1,
      pattern: describeShape(r.candidate.shape),
      chain: chainKey(r.candidate.shape),
      count: answerCount(r.candidate),
      score: round(r.score),
      fit: round(r.fit),
      matches: r.matches,
      evidence: [...evidenceOf(r, asked, unread), ...readingNotes(asRead(g, { meaning: this.meaning, vocabulary: this.vocabulary })), ...(r === chosenRanked && undecided ? [`weak evidence: ${undecided}`] : []), ...(r === chosenRanked && several ? [`weak evidence: ${several}`] : [])],
      answerLabel: r.answerLabel,
      ...(r.answerFits !== undefined ? { answerFits: r.answerFits } : {}),
      kgp: printPlanningGraph(candidateToPlan(r.candidate.shape, question, options.strategy)),
      anchors: anchorVariables(r.candidate.shape),
    }));
    const plan = candidateToPlan(chosenRanked.candidate.shape, question, options.strategy);
    const index = this.index;
    const chosenCandidate = chosenRanked.candidate;
    // The answers as the snapshot orders them (most paths first, then the index's node order), named by the index.
    const answers = rankedAnswers(chosenCandidate)
      .slice(0, LISTED_ANSWERS)
      .map((a): AnswerView => ({ value: index.names.get(a.node), id: index.data.nodeIds.get(a.node), label: index.labelOf(a.node), paths: a.paths }));
    return {
      kind: 'planned',
      question,
      mentions,
      status: confidence >= MATCH_CONFIDENCE ? 'match' : 'weak',
      confidence: round(confidence),
      decidedBy: choice.decidedBy,
      rejectedReplies: choice.rejected,
      chosen: choice.index,
      candidates: views,
      ...(asked ? { askedType: asked } : {}),
      totalCandidates: ranked.length,
      capped: onStore ? onStore.capped : this.capped,
      plan,
      kgp: views[choice.index]!.kgp,
      answers,
      answerCount: answerCount(chosenCandidate),
      enumeratedOn: source,
      storeQueries: onStore?.queries ?? 0,
      ...placed,
      ...(onStore ? { storeIo: onStore.io() } : {}),
      timings: { groundMs: t1 - t0, enumerateMs: t2 - t1, rankMs: t3 - t2, chooseMs: t4 - t3, totalMs: performance.now() - t0 },
    };
  }
}

/** Chains from every anchor node, then paths and conjunctions between every pair of anchor mentions' nodes. */
function walkCandidates(enumerator: CandidateEnumerator, refs: readonly AnchorRef[][], maxHops: number): Candidate[] {
  const out: Candidate[] = [];
  for (const nodes of refs) for (const a of nodes) out.push(...enumerator.chains(a, { maxHops }));
  for (let i = 0; i < refs.length; i++)
    for (let j = i + 1; j < refs.length; j++) for (const a of refs[i]!) for (const b of refs[j]!) out.push(...enumerator.twoAnchor(a, b));
  return out;
}

/** Each anchor mention's nodes (an ambiguous name: every node), as enumeration anchors. */
function anchorRefs(g: Grounding): AnchorRef[][] {
  return g.anchors.map((m) => g.mentions[m]!.nodes.map((n): AnchorRef => ({ mention: m, node: n.node, name: n.name, label: n.label })));
}

/** The variables candidateToPlan gives the anchors: n0 for a chain, a and b for two anchors. */
function anchorVariables(shape: Candidate['shape']): { mention: number; variable: string }[] {
  return shape.kind === 'chain'
    ? [{ mention: shape.anchor.mention, variable: 'n0' }]
    : [
        { mention: shape.anchors[0].mention, variable: 'a' },
        { mention: shape.anchors[1].mention, variable: 'b' },
      ];
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
