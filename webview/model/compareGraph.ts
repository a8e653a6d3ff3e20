/**
 * The Compare view's models: the subgraph diff (core/compare) as the Subgraphs view's graph model
 * with a side per node and edge, captions that say the side in words (not by colour alone), and
 * the rows of the answer table. Pure (tested in Node).
 */
import type { AnswerRow, ComparedResult, Comparison, DiffSide, PairComparison } from '../../src/contracts/compare';
import type { GraphModel, GraphNode } from './graph';

export interface DiffGraphNode extends GraphNode {
  readonly side: DiffSide;
}

export interface DiffGraphModel extends GraphModel {
  readonly nodes: readonly DiffGraphNode[];
  readonly sides: ReadonlyMap<string, DiffSide>;
}

/** "only in A", "only in C", "in A and C". */
export function sideText(side: DiffSide, a: string, b: string): string {
  return side === 'a' ? `only in ${a}` : side === 'b' ? `only in ${b}` : `in ${a} and ${b}`;
}

/** Short tag on the canvas: "A", "C", "A+C". */
export function sideTag(side: DiffSide, a: string, b: string): string {
  return side === 'a' ? a : side === 'b' ? b : `${a}+${b}`;
}

/** The pair's subgraph diff as a graph model: ids are the diff's keys, captions end in the side's tag. */
export function diffGraph(pair: PairComparison, a: string, b: string): DiffGraphModel {
  const sides = new Map<string, DiffSide>();
  const nodes: DiffGraphNode[] = pair.subgraph.nodes.map((n) => {
    sides.set(n.key, n.side);
    return { id: n.key, name: n.name, labels: n.labels, variables: [], ranks: [], caption: `${n.name} [${sideTag(n.side, a, b)}]`, expanded: false, side: n.side };
  });
  const edges = pair.subgraph.edges.map((e) => {
    sides.set(e.key, e.side);
    return { id: e.key, source: e.source, target: e.target, type: `${e.type} [${sideTag(e.side, a, b)}]`, patternEdges: [], ranks: [], expanded: false };
  });
  return { nodes, edges, sides };
}

/** How an answer fared in B against A: kept (with both ranks), gained (B's rank), lost (A's rank), or absent from both. */
export type AnswerStatus =
  | { readonly kind: 'kept'; readonly rankA: number; readonly rankB: number }
  | { readonly kind: 'gained'; readonly rankB: number }
  | { readonly kind: 'lost'; readonly rankA: number }
  | { readonly kind: 'absent' };

export function answerStatus(row: AnswerRow, b: number): AnswerStatus {
  const ra = row.ranks[0] ?? null;
  const rb = row.ranks[b] ?? null;
  if (ra !== null && rb !== null) return { kind: 'kept', rankA: ra, rankB: rb };
  if (rb !== null) return { kind: 'gained', rankB: rb };
  if (ra !== null) return { kind: 'lost', rankA: ra };
  return { kind: 'absent' };
}

export function statusText(s: AnswerStatus, a: string, b: string): string {
  switch (s.kind) {
    case 'kept':
      return s.rankA === s.rankB ? `kept at #${s.rankA}` : `kept: #${s.rankA} in ${a} → #${s.rankB} in ${b}`;
    case 'gained':
      return `gained: #${s.rankB} in ${b}, not in ${a}`;
    case 'lost':
      return `lost: #${s.rankA} in ${a}, not in ${b}`;
    case 'absent':
      return '—';
  }
}

/** A compared result in one line: "A · gsd · co_actors (12 answers, 41 ms)". */
export function resultLine(r: ComparedResult): string {
  const answers = r.executed ? `${r.answers} answer${r.answers === 1 ? '' : 's'}` : 'not executed';
  return `${r.letter} · ${r.strategy} · ${r.plan} (${answers}, ${r.totalMs.toFixed(0)} ms)`;
}

/** "+12.3 ms", "−2", "±0": a signed delta for the tables. */
export function signed(value: number, digits = 0): string {
  const v = Number(value.toFixed(digits));
  if (v === 0) return '±0';
  return `${v > 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`;
}

/** The pair comparing A with results[b]. */
export function pairOf(comparison: Comparison, b: number): PairComparison | undefined {
  return comparison.pairs.find((p) => p.b === b);
}
