import type { Embedder } from '../embed/embedder';
import { WordNet } from '../embed/lexicon/wordnet';
import type { ChatModel } from '../llm/chatModel';
import type { PlanningGraph, Strategy } from '../plan/planningGraph';
import { printPlanningGraph } from '../dsl/fromIR';
import type { GraphSnapshot } from '../retrieve/snapshot/snapshot';
import type { GraphSchema } from '../schema/graphSchema';
import { chooseCandidate, type Decider } from './choose';
import { chainKey, describeShape } from './describe';
import { answerCount, CandidateEnumerator, rankedAnswers, type AnchorRef, type Candidate } from './enumerate';
import { StoreEnumerator, type StoreAnchor } from './storeEnumerate';
import type { GraphStore } from '../graph/graphStore';
import { groundQuestion, type Grounding } from './ground';
import type { ChoiceVerdict, EnumerationSource, GroundingMention, NoPlan } from '../../contracts/inspector/grounding';
import { labelMembersOf, vocabularyOf, WordMeaning, type Vocabulary } from './meaning';
import { NameIndex } from './nameIndex';
import { confidenceOf, evidenceOf, rankWith, type AskedType, type WordMatch } from './rank';
import { candidateToPlan } from './toPlan';

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
  /** 'store': aggregate Cypher on the store the Asker was given (default: the snapshot). */
  readonly enumerate?: EnumerationSource;
}

/**
 * The grounded planner: it proposes only queries the graph can answer. Build once per snapshot
 * (the name index and word meanings are reused); `ask` is then a few milliseconds.
 */
export class Asker {
  readonly names: NameIndex;
  readonly meaning: WordMeaning;
  readonly vocabulary: Vocabulary;
  private readonly enumerator: CandidateEnumerator;

  constructor(
    readonly snapshot: GraphSnapshot,
    options: { schema?: GraphSchema; embedder?: Embedder; wordNet?: WordNet | null; store?: Pick<GraphStore, 'query' | 'dialect'> } = {},
  ) {
    this.store = options.store;
    this.names = new NameIndex(snapshot);
    const wordNet = options.wordNet === null ? undefined : (options.wordNet ?? WordNet.fromPackage());
    this.meaning = new WordMeaning(wordNet);
    this.vocabulary = vocabularyOf(snapshot.data.relationNames, snapshot.data.labelNames, options.schema, labelMembersOf(snapshot, wordNet));
    this.enumerator = new CandidateEnumerator(snapshot);
    this.embedder = options.embedder;
  }

  private readonly embedder: Embedder | undefined;
  private readonly store: Pick<GraphStore, 'query' | 'dialect'> | undefined;

  async ground(question: string, signal?: AbortSignal): Promise<Grounding> {
    return groundQuestion(question, { snapshot: this.snapshot, names: this.names, meaning: this.meaning, vocabulary: this.vocabulary, ...(this.embedder ? { embedder: this.embedder } : {}), ...(signal ? { signal } : {}) });
  }

  /** Every candidate around the grounding's anchors (each node of each anchor mention). */
  enumerate(g: Grounding, maxHops = 3): Candidate[] {
    this.enumerator.capped = false;
    const refs = anchorRefs(g);
    const out: Candidate[] = [];
    for (const nodes of refs) for (const a of nodes) out.push(...this.enumerator.chains(a, { maxHops }));
    for (let i = 0; i < refs.length; i++)
      for (let j = i + 1; j < refs.length; j++) for (const a of refs[i]!) for (const b of refs[j]!) out.push(...this.enumerator.twoAnchor(a, b));
    return out;
  }

  /** The same candidates with aggregate Cypher on the store (one read-only query per prefix). */
  async enumerateOnStore(g: Grounding, enumerator: StoreEnumerator, maxHops = 3, signal?: AbortSignal): Promise<Candidate[]> {
    const ids = this.snapshot.data.nodeIds;
    const refs = anchorRefs(g).map((nodes) => nodes.map((a): StoreAnchor => ({ ...a, storeId: ids.get(a.node) })));
    const options = { maxHops, ...(signal ? { signal } : {}) };
    const out: Candidate[] = [];
    for (const nodes of refs) for (const a of nodes) out.push(...(await enumerator.chains(a, options)));
    for (let i = 0; i < refs.length; i++)
      for (let j = i + 1; j < refs.length; j++) for (const a of refs[i]!) for (const b of refs[j]!) out.push(...(await enumerator.twoAnchor(a, b, options)));
    return out;
  }

  get capped(): boolean {
    return this.enumerator.capped;
  }

  async ask(question: string, options: AskOptions = {}): Promise<AskResult> {
    const t0 = performance.now();
    const g = await this.ground(question, options.signal);
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
      return { kind: 'nothing-found', question, mentions, nearest: g.nearest, message: `nothing found: no name in the question matches a node of the graph.${near}`, timings };
    }
    const source: EnumerationSource = options.enumerate ?? 'snapshot';
    if (source === 'store' && !this.store) throw new Error('enumeration on the store needs the Asker to be given the store');
    const onStore = source === 'store' ? new StoreEnumerator(this.store!) : undefined;
    const candidates = onStore ? await this.enumerateOnStore(g, onStore, options.maxHops, options.signal) : this.enumerate(g, options.maxHops);
    const t2 = performance.now();
    const { ranked, asked, unread } = rankWith(g, candidates, { meaning: this.meaning, vocabulary: this.vocabulary });
    const t3 = performance.now();
    if (ranked.length === 0) {
      const timings = { groundMs: t1 - t0, enumerateMs: t2 - t1, rankMs: t3 - t2, chooseMs: 0, totalMs: performance.now() - t0 };
      const names = g.anchors.map((a) => JSON.stringify(g.mentions[a]!.text)).join(', ');
      return { kind: 'no-candidates', question, mentions, message: `${names} found in the graph, but no query of up to ${options.maxHops ?? 3} hops from it returns anything`, timings };
    }
    const choice = await chooseCandidate(question, ranked, options.model, options.signal);
    const t4 = performance.now();
    const chosenRanked = ranked[choice.index]!;
    const confidence = choice.decidedBy.kind === 'ranker' ? confidenceOf(ranked, unread) : confidenceOf([chosenRanked, ...ranked.filter((r) => r !== chosenRanked)], unread);
    const kept = ranked.slice(0, Math.max(KEPT_CANDIDATES, choice.index + 1));
    const views = kept.map((r, i): CandidateView => ({
      id: i + 1,
      pattern: describeShape(r.candidate.shape),
      chain: chainKey(r.candidate.shape),
      count: answerCount(r.candidate),
      score: round(r.score),
      fit: round(r.fit),
      matches: r.matches,
      evidence: evidenceOf(r, asked, unread),
      answerLabel: r.answerLabel,
      ...(r.answerFits !== undefined ? { answerFits: r.answerFits } : {}),
      kgp: printPlanningGraph(candidateToPlan(r.candidate.shape, question, options.strategy)),
      anchors: anchorVariables(r.candidate.shape),
    }));
    const plan = candidateToPlan(chosenRanked.candidate.shape, question, options.strategy);
    const snap = this.snapshot;
    const chosenCandidate = chosenRanked.candidate;
    const answers =
      chosenCandidate.source === 'snapshot'
        ? rankedAnswers(chosenCandidate)
            .slice(0, LISTED_ANSWERS)
            .map((a): AnswerView => ({ value: snap.names.get(a.node), id: snap.data.nodeIds.get(a.node), label: snap.labelOf(a.node), paths: a.paths }))
        : (await onStore!.answers(chosenCandidate.shape, storeIdsOf(chosenCandidate.shape, snap), LISTED_ANSWERS, options.signal)).map((a): AnswerView => ({ value: a.name, id: a.id, label: a.label, paths: a.paths }));
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
      timings: { groundMs: t1 - t0, enumerateMs: t2 - t1, rankMs: t3 - t2, chooseMs: t4 - t3, totalMs: performance.now() - t0 },
    };
  }
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

function storeIdsOf(shape: Candidate['shape'], snap: GraphSnapshot): Map<number, string> {
  const anchors = shape.kind === 'chain' ? [shape.anchor] : shape.anchors;
  return new Map(anchors.map((a) => [a.node, snap.data.nodeIds.get(a.node)]));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
