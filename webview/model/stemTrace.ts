/**
 * The STEM trace as rows: per schema graph of the beam, the anchors (similarity, in guidance,
 * S*), then the search tree depth-first — each expansion (from node, schema edge) with its
 * candidate KG edges: similarity, +bias, T-Score, cumulative S, the θ test, kept.
 */
import type { StemBeam, StemCandidate, StemExpansion, StemTrace } from '../../src/core/retrieve/result';

export interface StemExpansionRow {
  readonly expansion: StemExpansion;
  /** Depth in the search tree (0 at the anchor). */
  readonly depth: number;
}

/** Expansions in depth-first order (a child right under the candidate that led to it). */
export function expansionRows(beam: StemBeam): StemExpansionRow[] {
  const byId = new Map(beam.expansions.map((x) => [x.id, x] as const));
  const out: StemExpansionRow[] = [];
  const seen = new Set<number>();
  const visit = (x: StemExpansion, depth: number): void => {
    if (seen.has(x.id)) return;
    seen.add(x.id);
    out.push({ expansion: x, depth });
    for (const c of x.candidates) if (c.child !== undefined && byId.has(c.child)) visit(byId.get(c.child)!, depth + 1);
  };
  for (const x of beam.expansions) if (x.parent < 0) visit(x, 0);
  for (const x of beam.expansions) visit(x, 0); // orphans (trace cap) last
  return out;
}

/** "Heat -[directed_by]- Michael Mann" with the far end last. */
export function candidateLabel(c: StemCandidate): string {
  return c.nodeId === c.edge.target ? `${c.edge.sourceName} -[${c.edge.type}]-> ${c.edge.targetName}` : `${c.edge.targetName} <-[${c.edge.type}]- ${c.edge.sourceName}`;
}

export function stemSummary(t: StemTrace): string {
  const matches = t.beams.reduce((s, b) => s + b.matches, 0);
  return `${t.mode === 'breadth' ? `Breadth (θ = ${t.theta})` : 'Precision (greedy)'} · λ = ${t.entityBias}, τ = ${t.tripleBias} · ${t.beams.length} schema graph(s) · ${matches} complete match(es)`;
}
