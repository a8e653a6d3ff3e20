/**
 * The GSD breakdown of one matched subgraph: its node and edge terms, their sum (which must equal
 * the reported GSD), and how close the runner-up was. Unknown terms (no pattern text) count 0.
 */
import type { CandidateList, DistanceTerm, MatchedSubgraph, RetrievalResult } from '../../src/contracts/retrievalResult';
import { sum } from './format';

export interface TermRow {
  readonly kind: 'node' | 'edge';
  /** The variable (node) or edge id (edge): what a click reveals. */
  readonly ref: string;
  /** For people: `vow` or `vow — actor (e0)`. */
  readonly element: string;
  readonly patternText: string | null;
  readonly matchedText: string;
  /** 0 for unknown terms, whatever the input said: distance to an unknown is 0 by definition. */
  readonly distance: number;
  readonly candidateRank: number | null;
  readonly unknown: boolean;
}

export interface GsdBreakdown {
  readonly rank: number;
  readonly rows: readonly TermRow[];
  readonly nodeSum: number;
  readonly edgeSum: number;
  readonly sum: number;
  /** The GSD the retrieval reported. */
  readonly reported: number;
  /** |sum − reported| is below rounding noise. */
  readonly consistent: boolean;
  /** Next subgraph's GSD minus this one's (null for the last). */
  readonly gapToNext: number | null;
}

/**
 * @param names node id → pattern variable, so edge terms read `vow — actor (e0)` whether the
 * retrieval recorded their endpoints as variables or as node ids.
 */
export function termRow(term: DistanceTerm, names: ReadonlyMap<string, string> = new Map()): TermRow {
  const unknown = term.patternText === undefined;
  const base = {
    patternText: term.patternText ?? null,
    matchedText: term.matchedText,
    distance: unknown ? 0 : term.distance,
    candidateRank: unknown ? null : term.candidateRank ?? null,
    unknown,
  };
  return term.kind === 'node'
    ? { kind: 'node', ref: term.variable, element: term.variable, ...base }
    : {
        kind: 'edge',
        ref: term.edgeId,
        element: `${names.get(term.source) ?? term.source} — ${names.get(term.target) ?? term.target} (${term.edgeId})`,
        ...base,
      };
}

export function gsdBreakdown(subgraph: MatchedSubgraph, next?: MatchedSubgraph): GsdBreakdown {
  // Nodes first, then edges, each in the pattern's order: how the paper writes the sum.
  const names = new Map(subgraph.mapping.map((m) => [m.nodeId, m.variable]));
  const rows = subgraph.terms.map((t) => termRow(t, names)).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'node' ? -1 : 1));
  const nodeSum = sum(rows.filter((r) => r.kind === 'node').map((r) => r.distance));
  const edgeSum = sum(rows.filter((r) => r.kind === 'edge').map((r) => r.distance));
  const total = sum([nodeSum, edgeSum]);
  return {
    rank: subgraph.rank,
    rows,
    nodeSum,
    edgeSum,
    sum: total,
    reported: subgraph.gsd,
    consistent: Math.abs(total - subgraph.gsd) < 1e-6,
    gapToNext: next ? sum([next.gsd, -subgraph.gsd]) : null,
  };
}

export function gsdBreakdowns(result: RetrievalResult): GsdBreakdown[] {
  const sorted = [...result.subgraphs].sort((a, b) => a.rank - b.rank);
  return sorted.map((s, i) => gsdBreakdown(s, sorted[i + 1]));
}

export interface CandidateRow {
  readonly rank: number;
  readonly text: string;
  readonly id: string | null;
  readonly distance: number;
  /** The schema alias through which the candidate matched, if any. */
  readonly via: string | null;
  /** Used by the best subgraph for this phrase. */
  readonly chosen: boolean;
}

export interface CandidateTable {
  readonly element: 'node' | 'edge';
  readonly ref: string;
  readonly patternText: string;
  readonly rows: readonly CandidateRow[];
}

/** Ranked candidates per pattern phrase, marking the one the best subgraph used. */
export function candidateTables(result: RetrievalResult): CandidateTable[] {
  const best = [...result.subgraphs].sort((a, b) => a.rank - b.rank)[0];
  const chosen = new Map<string, string>();
  for (const t of best?.terms ?? []) chosen.set(`${t.kind}:${t.kind === 'node' ? t.variable : t.edgeId}`, t.matchedText);
  return (result.candidates ?? []).map((list: CandidateList) => {
    const used = chosen.get(`${list.element}:${list.ref}`);
    return {
      element: list.element,
      ref: list.ref,
      patternText: list.patternText,
      rows: [...list.candidates]
        .sort((a, b) => a.distance - b.distance)
        .map((c, i) => ({ rank: i + 1, text: c.text, id: c.id ?? null, distance: c.distance, via: c.via ?? null, chosen: c.text === used })),
    };
  });
}
