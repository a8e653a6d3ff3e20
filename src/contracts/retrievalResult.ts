import type { StrategyKind } from './values';
import type { CypherDialect, CypherValue, PlanTree, StoreKind } from './values';

/**
 * What a retrieval returns and explains: the JSON `kgrag run --json` prints and the inspector
 * renders. Its JSON Schema is schemas/retrieval-result.schema.json; keep both in step.
 */
export interface RetrievalResult {
  readonly id: string;
  readonly plan: string;
  readonly question?: string;
  readonly strategy: StrategyKind;
  readonly store: { readonly kind: StoreKind; readonly description: string };
  /** The plan's `return` variables: the answers are their values. */
  readonly returns?: readonly string[];
  /** Values of the plan's `return` variables, best first (each with its node's labels when it is a node). */
  readonly answers: readonly Answer[];
  /**
   * What the strategy retrieved that is not a value of the return variable (sage: its seeds and
   * neighbours of other labels): context for the answers, never shown as answers.
   */
  readonly context?: readonly Answer[];
  /** The graph labels of every node the result names (answers, subgraphs, triples, trajectories, context): the one label lookup. */
  readonly nodeLabels?: Readonly<Record<string, readonly string[]>>;
  /** GSD top-k subgraphs, best first (gsd); Cypher rows shaped as subgraphs (cypher). */
  readonly subgraphs: readonly MatchedSubgraph[];
  /** Per pattern phrase: the ranked candidates it matched (explains the GSD terms). */
  readonly candidates?: readonly CandidateList[];
  /** Mixed traversal (mor) only. */
  readonly trajectory?: MixedTraversalTrace;
  /** The Cypher that ran (cypher strategy, or explain/profile; sage's constrained expansion on a store). */
  readonly cypher?: CypherRun;
  /** Structure-tracing search (stem) only. */
  readonly stem?: StemTrace;
  /** Seed-and-expand (sage) only. */
  readonly sage?: SageTrace;
  readonly timings: Timings;
  readonly stats: Readonly<Record<string, number>>;
  readonly warnings?: readonly string[];
  /** Named nodes whose best candidate is far (gsd, mor; the inspector shows them above the answers): probably not in the graph. */
  readonly notFound?: readonly NotFoundNode[];
  /** Typed nodes: which labels each category (type word) was given, and why (gsd, mor). */
  readonly types?: readonly TypedNode[];
  /** Set when a budget stopped the search: the answers are the best found until then. */
  readonly budget?: { readonly exhausted: 'time' | 'expansions'; readonly limit: number };
  /** Where the search ran (docs/placement.md): in client memory on the snapshot, or in the store. */
  readonly placement?: PlacementReport;
  /** What the run asked of the store (store placement): round trips, rows read, the server's own time. */
  readonly storeIo?: StoreIo;
  /** Set when the size limit cut answers that tie with the last one listed (gsd): the listed ones are an arbitrary few of them. */
  readonly ties?: AnswerTies;
}

/** `memory`: the whole graph in client memory (the snapshot); `store`: expansion by batched read-only Cypher. */
export type Placement = 'memory' | 'store';
export type PlacementChoice = Placement | 'auto';

export interface PlacementReport {
  readonly requested: PlacementChoice;
  readonly ran: Placement;
  /** Why: the graph's size against the memory budget (auto), the flag or setting, or why store could not run. */
  readonly reason: string;
}

export interface StoreIo {
  /** Statements sent to the store (each one round trip). */
  readonly roundTrips: number;
  readonly rowsRead: number;
  /** The store's own time over those statements (ms; the embedded engine's, or Neo4j's result-available-after + consumed-after). */
  readonly serverMs: number;
}

/**
 * Answers tied with the last one listed, some of them cut by k (gsd: the same GSD). Said where the
 * answers are listed: "3 of 9 tied at the best distance (GSD 0)" (`tiesText`).
 */
export interface AnswerTies {
  /** The tied score (gsd: the GSD of the last answer listed). */
  readonly score: number;
  /** The tie is at the best answer's score (every answer listed ties). */
  readonly best: boolean;
  /** Answers at that score listed, and in all (at least, when `complete` is false). */
  readonly shown: number;
  readonly total: number;
  /** false: the count stopped at a cap or a budget; `total` is a lower bound. */
  readonly complete: boolean;
  /** The k that lists every tie (gsd subgraphs), when complete. */
  readonly k?: number;
}

/** "3 of 9 tied at the best distance (GSD 0)" / "2 of ≥ 40 tied at GSD 0.412": one wording everywhere. */
export function tiesText(t: AnswerTies): string {
  // Three decimals without trailing zeros: a sum of float distances is 0 or 1.32 to the reader, not 1e-8 or 1.3200.
  const score = String(Number(t.score.toFixed(3)));
  return `${t.shown} of ${t.complete ? '' : '≥ '}${t.total} tied at ${t.best ? `the best distance (GSD ${score})` : `GSD ${score}`}`;
}

/** The same with what it means and what lists them all: the line the CLI, the inspector and a test's outcome show. */
export function tiesSentence(t: AnswerTies): string {
  return `${tiesText(t)}: k cut the others, the ${t.shown} listed are the first found${t.k !== undefined ? `; k: ${t.k} lists every one` : ''}`;
}

export interface NotFoundNode {
  readonly variable: string;
  readonly text: string;
  readonly nearest?: string;
  readonly distance?: number;
}

export interface TypedNode {
  readonly variable: string;
  readonly type: string;
  readonly labels: readonly string[];
  readonly how: 'exact' | 'alias' | 'is-a' | 'nearest' | 'none';
  readonly detail: string;
  /** how = nearest: the L2 between the type word and the (first) label — the rule's score. */
  readonly distance?: number;
  /** The type word also weighed as a relation phrase for the node's edges. */
  readonly role?: boolean;
}

export interface Answer {
  readonly value: string;
  readonly nodeId?: string;
  /** The node's graph labels (the return variable's label), when the answer is a node. */
  readonly labels?: readonly string[];
  /** gsd: the GSD of the best subgraph giving it (lower is better); mor: rank score (higher is better). */
  readonly score: number;
}

export interface MappedNode {
  readonly variable: string;
  readonly nodeId: string;
  readonly name: string;
  readonly labels: readonly string[];
}

export type DistanceTerm =
  | {
      readonly kind: 'node';
      readonly variable: string;
      /** The pattern's text; absent for an unknown (distance 0 by definition). */
      readonly patternText?: string;
      readonly matchedText: string;
      readonly distance: number;
      /** 1-based rank of the matched node among the variable's candidates; absent for unknowns. */
      readonly candidateRank?: number;
    }
  | {
      readonly kind: 'edge';
      readonly edgeId: string;
      readonly source: string;
      readonly target: string;
      readonly patternText?: string;
      readonly matchedText: string;
      readonly distance: number;
      readonly candidateRank?: number;
    };

export interface MatchedTriple {
  readonly source: string; // node id
  readonly type: string;
  readonly target: string; // node id
  readonly sourceName: string;
  readonly targetName: string;
  /** The pattern edge this triple matched. */
  readonly edgeId?: string;
}

export interface MatchedSubgraph {
  readonly rank: number;
  /** GSD (a distance; 0 for cypher and stem rows, which are not GSD-ranked). */
  readonly gsd: number;
  /** stem: the cumulative score S of the match (a similarity: higher is better). */
  readonly score?: number;
  readonly mapping: readonly MappedNode[];
  readonly terms: readonly DistanceTerm[];
  readonly triples: readonly MatchedTriple[];
}

export interface RankedCandidate {
  readonly text: string;
  readonly id?: string;
  readonly distance: number;
  /** The schema alias that matched, when it was nearer than the candidate's own name. */
  readonly via?: string;
}

export interface CandidateList {
  readonly element: 'node' | 'edge';
  /** Node variable or edge id. */
  readonly ref: string;
  readonly patternText: string;
  readonly candidates: readonly RankedCandidate[];
  /** Edge lists: relationship types the endpoints' labels rule out, and why. */
  readonly excluded?: readonly { readonly text: string; readonly reason: string }[];
}

export type TraversalStep = 'seed' | 'structural' | 'textual';

export interface ScoredNode {
  readonly nodeId: string;
  readonly name: string;
  readonly score?: number;
}

export interface TraversalLayer {
  readonly layer: number; // 1-based
  readonly variable: string;
  readonly category?: string;
  readonly restriction?: string;
  readonly structural: readonly ScoredNode[];
  readonly textual: readonly ScoredNode[];
  /** |structural ∪ textual|, the next layer's seeds. */
  readonly kept: number;
}

export interface TraversalPath {
  readonly index: number;
  readonly variables: readonly string[];
  readonly layers: readonly TraversalLayer[];
}

export interface Trajectory {
  readonly candidate: string; // node id
  readonly name: string;
  readonly nodes: readonly ScoredNode[];
  /** TF: text similarity per step (padded to 3) + initial semantic score. */
  readonly textualFingerprint: readonly number[];
  /** SF: category per step. */
  readonly structuralFingerprint: readonly string[];
  /** TI: how each step was reached. */
  readonly traversalIdentifier: readonly TraversalStep[];
  readonly score: number;
  /**
   * Per node of `nodes`, the graph edge the structural step into it followed: its relationship type
   * and whether it is stored from the previous node to this one; null for the seed and text hits.
   */
  readonly edges?: readonly (TrajectoryEdge | null)[];
}

export interface TrajectoryEdge {
  readonly type: string;
  /** Stored from the previous node of the trajectory to this one. */
  readonly forward: boolean;
}

export interface MixedTraversalTrace {
  readonly paths: readonly TraversalPath[];
  /** Candidates in every path's last layer (or the union, when the intersection was empty). */
  readonly survivors: readonly ScoredNode[];
  readonly combination: 'intersection' | 'union-fallback' | 'text-fallback';
  readonly trajectories: readonly Trajectory[];
  readonly reranker: string;
}

export interface CypherRun {
  readonly text: string;
  readonly params: Readonly<Record<string, CypherValue>>;
  readonly dialect: CypherDialect;
  readonly plan?: PlanTree;
  readonly mode: 'run' | 'explain' | 'profile';
  /** A query a person ran ("Open as Cypher", Ctrl+Enter): its rows as a table, the first `rows.length` of `total`. */
  readonly table?: CypherTable;
  /**
   * Explain / Profile of a plan whose own strategy is not cypher: that strategy. The plan was
   * compiled to Cypher and run by the cypher strategy: these are the query's answers, not its run's.
   */
  readonly planStrategy?: StrategyKind;
  /** What the compilation made exact: soft texts compared as one name (`{name: $p0}`), relation phrases as one type. */
  readonly exact?: readonly CypherExact[];
}

/** A soft element of the plan the Cypher compares exactly. */
export interface CypherExact {
  readonly element: 'node' | 'edge';
  /** Node variable or edge id. */
  readonly ref: string;
  /** As the plan writes it ("Inception", "directed by"). */
  readonly written: string;
  /** What the query compares: the name (node) or the relationship type (edge). */
  readonly became: string;
  /** The query parameter holding the name (node). */
  readonly param?: string;
}

/**
 * The words every door shows for a Cypher run of a plan: which strategy ran (and that it is not the
 * plan's own, for Explain / Profile) and which soft matching became exact. Empty when nothing is to say.
 */
export function cypherNotice(run: CypherRun): string[] {
  const out: string[] = [];
  const what = run.mode === 'profile' ? 'Profile' : run.mode === 'explain' ? 'Explain' : 'This run';
  if (run.planStrategy !== undefined && run.planStrategy !== 'cypher') {
    out.push(`${what} compiled the ${run.planStrategy} plan to Cypher and ran it with the cypher strategy${run.mode === 'explain' ? ' (not executed)' : `: these are the query's answers, not the ${run.planStrategy} run's`}.`);
  }
  const soft = [...new Set((run.exact ?? []).map((x) => (x.element === 'node' ? `(${x.ref}) "${x.written}" became the exact match {name: ${x.param !== undefined ? `$${x.param}` : JSON.stringify(x.became)}} = "${x.became}"` : `[${x.written}] became the exact type :${x.became}`)))];
  if (soft.length > 0) out.push(`Soft matching became exact: ${soft.join('; ')}.`);
  return out;
}

export interface CypherTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly CypherValue[])[];
  readonly total: number;
}

export interface Timings {
  readonly totalMs: number;
  readonly candidatesMs: number;
  readonly searchMs: number;
  readonly [phase: string]: number;
}

/** A graph edge as a trace shows it: store ids and names of both ends. */
export interface TraceEdge {
  readonly source: string;
  readonly type: string;
  readonly target: string;
  readonly sourceName: string;
  readonly targetName: string;
}

/** STEM (§3.3–3.5): guidance graph, then per schema graph of the beam its anchor and search tree. */
export interface StemTrace {
  readonly mode: 'precision' | 'breadth';
  readonly theta: number;
  readonly entityBias: number;
  readonly tripleBias: number;
  readonly topN: number;
  readonly beam: number;
  readonly guidance: StemGuidance;
  readonly beams: readonly StemBeam[];
}

export interface StemGuidance {
  /** Provider name, e.g. "ppr" (personalised PageRank), "none", or a trained scorer's name. */
  readonly provider: string;
  /** K = kFactor · |T|. */
  readonly k: number;
  /** The guidance entities N′_Q with the provider's score, best first. */
  readonly entities: readonly ScoredNode[];
  /** Edges among the guidance entities (the guidance graph G′_Q; first 200). */
  readonly edges: readonly TraceEdge[];
}

/** One schema triple of a beam: the plan edge with its relation as grounded in this alternative. */
export interface StemSchemaTriple {
  readonly edgeId: string;
  readonly head: string; // plan variable
  readonly relation: string; // relation type, the phrase as written, or '' for unknown
  readonly tail: string;
  /** Similarity of the grounding to the written phrase (1 for a type or an unknown relation). */
  readonly grounding: number;
}

export interface StemAnchor {
  readonly nodeId: string;
  readonly name: string;
  /** Sim(ê, e′): cosine between the entity text and the node. */
  readonly similarity: number;
  readonly inGuidance: boolean;
  /** S* = similarity × (λ when in the guidance graph). */
  readonly score: number;
}

export interface StemCandidate {
  readonly edge: TraceEdge;
  /** The node the edge leads to (the schema edge's other end). */
  readonly nodeId: string;
  /** Semantic similarity of the triples (mean of the relation block and the named ends' blocks). */
  readonly similarity: number;
  /** I_Tri: τ when the edge is in the guidance graph, else 0. */
  readonly bias: number;
  readonly tScore: number;
  /** S after this edge: the parent's S + T-Score. */
  readonly cumulative: number;
  /** breadth: T-Score ≥ θ; precision: absent. */
  readonly passesTheta?: boolean;
  /** Followed by the search (greedy choice, or above θ in breadth). */
  readonly kept: boolean;
  /** The expansion that continues from this edge, when there is one. */
  readonly child?: number;
}

/** One step of the search tree: from a mapped node along one schema edge. */
export interface StemExpansion {
  readonly id: number;
  /** The expansion this one continues (-1 at the anchor). */
  readonly parent: number;
  readonly step: number; // 0-based index of the schema edge in search order
  readonly edgeId: string;
  readonly from: ScoredNode;
  /** S before this step. */
  readonly cumulative: number;
  /** The best candidates by T-Score (first 10) plus every kept one. */
  readonly candidates: readonly StemCandidate[];
  /** All candidate edges considered at this step. */
  readonly candidateCount: number;
}

export interface StemBeam {
  readonly index: number;
  readonly schema: readonly StemSchemaTriple[];
  /** The question entity the search starts from (a plan variable). */
  readonly anchorVariable: string;
  readonly anchors: readonly StemAnchor[];
  /** Store ids of the anchors the search started from, in order (a dead end tries the next). */
  readonly tried: readonly string[];
  readonly expansions: readonly StemExpansion[];
  /** Complete matches found. */
  readonly matches: number;
  /** The search hit its expansion cap (reported, not silent). */
  readonly truncated: boolean;
}

/** SAGE (§2.2): seeds → one-hop candidates → reranked with the k′ cut → final set. */
export interface SageTrace {
  readonly alpha: number;
  readonly beta: number;
  readonly k: number;
  readonly kPrime: number;
  readonly edgePolicy: 'skip-explicit' | 'expand';
  readonly constrained: boolean;
  /** The text scored against nodes: the question plus the plan's relation phrases and categories. */
  readonly query: string;
  readonly seeds: readonly SageScored[];
  /** Candidates best first after reranking (first 200). */
  readonly candidates: readonly SageCandidate[];
  readonly candidateCount: number;
  /** Seeds whose free expansion the -Edge policy skipped, with why. */
  readonly skipped: readonly { readonly nodeId: string; readonly name: string; readonly reason: string }[];
  /** SPARK filter: the relation types and labels expansion was limited to (constrained or -Edge). */
  readonly allowedTypes: readonly string[];
  readonly allowedLabels: readonly string[];
  /** Seeds ∪ kept neighbours, as returned. */
  readonly final: readonly SageScored[];
}

export interface SageScored {
  readonly nodeId: string;
  readonly name: string;
  /** hybrid: by fused score; plan: a node the plan names; both. */
  readonly source: 'hybrid' | 'plan' | 'both' | 'neighbour';
  /** BM25 divided by the best BM25 of its pool (0…1). */
  readonly bm25: number;
  /** Cosine with the query. */
  readonly dense: number;
  /** α·bm25 + β·dense. */
  readonly fused: number;
}

export interface SageCandidate extends SageScored {
  /** The seed it was reached from and the edge type. */
  readonly seed: string;
  readonly edgeType: string;
  readonly direction: 'out' | 'in';
  /** 1-based rank after reranking. */
  readonly rank: number;
  /** Inside the k′ cut. */
  readonly kept: boolean;
}
