import type { SearchIndex } from '../snapshot/snapshot';
import { distanceToRow } from '../snapshot/vectorIndex';
import type { GuidanceGraph } from './guidance';
import { memoryAdjacency, type Adjacency } from '../store/storeEdges';

/**
 * STEM's structure-tracing search (§3.4–3.5, App. H Algorithms 1–2) over a snapshot, for one
 * schema graph. Matching is undirected (the paper: "we do not distinguish between incoming and
 * outgoing edges") and node-injective (a schema graph maps onto an isomorphic subgraph, the
 * paper's footnote 3); a KG edge serves one schema edge at most (Contradict).
 *
 *   T-Score(t, t*) = Sim(t, t*) + I_Tri(t*)        (Eq. 12–13; I_Tri = τ when t* ∈ G′_Q)
 *   S_{i+1} = S_i + T-Score(t_{i+1}, t*_{i+1}),  S_0 = S*(anchor)   (Eq. 14–15)
 *
 * Sim is the cosine of the two triples' encodings. Our encoder concatenates one unit block per
 * triple part that tells this step's candidates apart — the relation, and the far end when the
 * schema names it (a placeholder [ENTk] has no text) — so the cosine is the mean of the block
 * cosines. The near end is already mapped: its similarity was counted once, in S_0 (the anchor)
 * or as the far end of an earlier step; counting it again would only squash every candidate
 * towards 1 and make θ meaningless. Categories are hard constraints, as everywhere in the IR.
 * - precision: greedy — the best T-Score at each step; ties go to the node the guidance graph
 *   scores higher. Where the greedy edge leads to a dead end (no candidate for a later schema
 *   edge) the next best is tried: the paper would stop with an incomplete match.
 * - breadth: every candidate with T-Score ≥ θ is followed (a search tree); each complete match
 *   is a leaf.
 */
export interface StemNode {
  readonly variable: string;
  /** Allowed labels (1 = allowed, by label id); null = any. From the one type resolver (labels.ts). */
  readonly labels: Uint8Array | null;
  /** The named entity's text vector (unit), when the schema node names one. */
  readonly text?: Float32Array;
  readonly textNormSq?: number;
}

export interface StemStep {
  readonly edgeId: string;
  /** Pattern node indices: `from` is mapped before this step; `to` is mapped by it (or both, closing). */
  readonly from: number;
  readonly to: number;
  readonly closing: boolean;
  /** Per relation id: the relation block's similarity (1 for the grounded type, 1 everywhere for an unknown relation). */
  readonly relSim: Float64Array;
}

export interface StemProblem {
  readonly nodes: readonly StemNode[];
  /** Search order from the anchor node: each step's `from` is already mapped. */
  readonly steps: readonly StemStep[];
  readonly anchor: number;
}

export interface StemSearchOptions {
  readonly mode: 'precision' | 'breadth';
  readonly theta: number;
  readonly tripleBias: number;
  /** Cap on expansions (steps taken); the search reports `truncated` when it is reached. */
  readonly maxExpansions?: number;
  /** Cap on complete matches kept (breadth). */
  readonly maxMatches?: number;
  /** Expansions recorded for the trace (default 300). */
  readonly traceLimit?: number;
  /** Candidates listed per recorded expansion besides the kept ones (default 10). */
  readonly traceCandidates?: number;
  /** Store placement: the edges read from the store for this search (storeStem.ts), in the index's numbering; absent: the snapshot's. */
  readonly edges?: Adjacency;
}

export interface StemMatch {
  readonly mapping: Int32Array; // pattern node → graph node
  /** Per step: CSR position, direction (0 out / 1 in from `from`'s image) and relation id. */
  readonly edges: readonly { readonly source: number; readonly rel: number; readonly target: number }[];
  readonly score: number; // cumulative S
}

export interface TraceCandidateRaw {
  readonly source: number;
  readonly rel: number;
  readonly target: number;
  readonly node: number;
  readonly similarity: number;
  readonly bias: number;
  readonly tScore: number;
  readonly cumulative: number;
  readonly passesTheta?: boolean;
  kept: boolean;
  child?: number;
}

export interface TraceExpansionRaw {
  readonly id: number;
  readonly parent: number;
  readonly step: number;
  readonly from: number;
  readonly cumulative: number;
  readonly candidates: TraceCandidateRaw[];
  readonly candidateCount: number;
}

export interface StemSearchResult {
  readonly matches: StemMatch[];
  readonly expansions: TraceExpansionRaw[];
  readonly expansionCount: number;
  readonly truncated: boolean;
}

interface Cand {
  source: number;
  rel: number;
  target: number;
  node: number;
  sim: number;
  bias: number;
  t: number;
  tie: number;
}

/** Cosine between a node's vector and a unit text vector. */
export function entitySimilarity(snap: SearchIndex, text: Float32Array, textNormSq: number, node: number): number {
  const dist = distanceToRow(snap.data.nodeVectors, text, textNormSq, node);
  return Math.max(-1, Math.min(1, 1 - (dist * dist) / 2));
}

/** The candidate edges of one step from `mapped[step.from]`, scored; unsorted. */
export function stepCandidates(snap: SearchIndex, problem: StemProblem, step: StemStep, mapping: Int32Array, used: ReadonlySet<string>, guidance: GuidanceGraph, tripleBias: number, edges: Adjacency = memoryAdjacency(snap)): Cand[] {
  const d = snap.data;
  const u = mapping[step.from]!;
  const toNode = problem.nodes[step.to]!;
  const out: Cand[] = [];
  for (let dir = 0; dir < 2; dir++) {
    const offs = dir === 0 ? edges.outOffsets : edges.inOffsets;
    const others = dir === 0 ? edges.outTargets : edges.inSources;
    const rels = dir === 0 ? edges.outRels : edges.inRels;
    for (let j = offs[u]!; j < offs[u + 1]!; j++) {
      const v = others[j]!;
      const rel = rels[j]!;
      if (step.closing) {
        if (v !== mapping[step.to]) continue;
      } else {
        if (toNode.labels !== null && toNode.labels[d.nodeLabel[v]!] !== 1) continue;
        let taken = false;
        for (let x = 0; x < mapping.length; x++) if (mapping[x] === v) taken = true;
        if (taken) continue;
      }
      if (step.relSim[rel] === -Infinity) continue; // not a candidate type (an exact `:type` elsewhere)
      const source = dir === 0 ? u : v;
      const target = dir === 0 ? v : u;
      if (used.has(edgeKey(source, rel, target))) continue;
      let sum = step.relSim[rel]!;
      let blocks = 1;
      if (toNode.text) {
        sum += entitySimilarity(snap, toNode.text, toNode.textNormSq!, v);
        blocks++;
      }
      const sim = sum / blocks;
      const bias = guidance.has(u) && guidance.has(v) ? tripleBias : 0;
      out.push({ source, rel, target, node: v, sim, bias, t: sim + bias, tie: guidance.scoreOf(v) });
    }
  }
  return out;
}

export function edgeKey(source: number, rel: number, target: number): string {
  return source + ':' + rel + ':' + target;
}

/**
 * Runs the search from one anchor node with S_0 = `anchorScore`. Precision first follows only
 * edges with T-Score ≥ θ (greedy with backtracking), and only when no complete match exists that
 * way, every edge (the paper's plain greedy): a greedy step onto a weak edge (a film without a
 * writer reached by its director instead) is the last resort, not the first choice.
 */
export function traceStructure(snap: SearchIndex, problem: StemProblem, anchorNode: number, anchorScore: number, guidance: GuidanceGraph, options: StemSearchOptions): StemSearchResult {
  if (options.mode === 'breadth') return traceOnce(snap, problem, anchorNode, anchorScore, guidance, options, true);
  const strict = traceOnce(snap, problem, anchorNode, anchorScore, guidance, options, true);
  if (strict.matches.length > 0) return strict;
  const loose = traceOnce(snap, problem, anchorNode, anchorScore, guidance, options, false);
  return { ...loose, expansionCount: strict.expansionCount + loose.expansionCount, truncated: strict.truncated || loose.truncated };
}

function traceOnce(snap: SearchIndex, problem: StemProblem, anchorNode: number, anchorScore: number, guidance: GuidanceGraph, options: StemSearchOptions, aboveTheta: boolean): StemSearchResult {
  const maxExp = options.maxExpansions ?? 20_000;
  const maxMatches = options.maxMatches ?? 2_000;
  const traceLimit = options.traceLimit ?? 300;
  const traceCands = options.traceCandidates ?? 10;
  const mapping = new Int32Array(problem.nodes.length).fill(-1);
  mapping[problem.anchor] = anchorNode;
  const used = new Set<string>();
  const edges: { source: number; rel: number; target: number }[] = [];
  const matches: StemMatch[] = [];
  const expansions: TraceExpansionRaw[] = [];
  let count = 0;
  let truncated = false;

  // Returns whether a complete match was found below (precision stops at the first).
  const visit = (stepIndex: number, score: number, parent: number, parentCand: TraceCandidateRaw | undefined): boolean => {
    if (stepIndex === problem.steps.length) {
      if (matches.length < maxMatches) matches.push({ mapping: mapping.slice(), edges: edges.slice(), score });
      else truncated = true;
      return true;
    }
    if (count >= maxExp) {
      truncated = true;
      return false;
    }
    count++;
    const step = problem.steps[stepIndex]!;
    const cands = stepCandidates(snap, problem, step, mapping, used, guidance, options.tripleBias, options.edges);
    cands.sort((a, b) => b.t - a.t || b.tie - a.tie || a.node - b.node || a.rel - b.rel);
    const breadth = options.mode === 'breadth';
    const follow = aboveTheta ? cands.filter((c) => c.t >= options.theta) : cands;
    let rec: TraceExpansionRaw | undefined;
    if (expansions.length < traceLimit) {
      rec = { id: expansions.length, parent, step: stepIndex, from: mapping[step.from]!, cumulative: score, candidates: [], candidateCount: cands.length };
      expansions.push(rec);
      if (parentCand) parentCand.child = rec.id;
      const shown = breadth ? cands.slice(0, Math.max(traceCands, follow.length)).slice(0, traceCands + 50) : cands.slice(0, traceCands);
      for (const c of shown) {
        rec.candidates.push({ source: c.source, rel: c.rel, target: c.target, node: c.node, similarity: c.sim, bias: c.bias, tScore: c.t, cumulative: score + c.t, ...(breadth ? { passesTheta: c.t >= options.theta } : {}), kept: false });
      }
    }
    let found = false;
    for (let i = 0; i < follow.length; i++) {
      const c = follow[i]!;
      let shown = rec?.candidates.find((x) => x.source === c.source && x.rel === c.rel && x.target === c.target);
      if (rec && !shown && rec.candidates.length < traceCands + 50) {
        shown = { source: c.source, rel: c.rel, target: c.target, node: c.node, similarity: c.sim, bias: c.bias, tScore: c.t, cumulative: score + c.t, ...(breadth ? { passesTheta: c.t >= options.theta } : {}), kept: false };
        rec.candidates.push(shown);
      }
      if (shown) shown.kept = true;
      const key = edgeKey(c.source, c.rel, c.target);
      const prior = mapping[step.to]!;
      if (!step.closing) mapping[step.to] = c.node;
      used.add(key);
      edges.push({ source: c.source, rel: c.rel, target: c.target });
      const ok = visit(stepIndex + 1, score + c.t, rec?.id ?? parent, shown);
      edges.pop();
      used.delete(key);
      if (!step.closing) mapping[step.to] = prior;
      if (ok) found = true;
      if (!breadth && ok) break; // greedy: the first (best) continuation that completes
      if (!breadth && shown && !ok) shown.kept = false; // a dead end: not part of the match
      if (truncated && count >= maxExp) break;
    }
    return found;
  };
  visit(0, anchorScore, -1, undefined);
  return { matches, expansions, expansionCount: count, truncated };
}
