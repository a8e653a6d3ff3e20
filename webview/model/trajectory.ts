/**
 * The mixed-traversal (MoR) trajectory as rows: per path and layer, what came structurally,
 * what came by text (with scores), how many were kept; then survivors and each final candidate's
 * trajectory features (TF, SF, TI).
 */
import type { MixedTraversalTrace, ScoredNode, TraversalStep } from '../../src/contracts/retrievalResult';

export interface LayerRow {
  readonly layer: number;
  readonly variable: string;
  readonly category: string | null;
  readonly restriction: string | null;
  readonly structural: readonly ScoredNode[];
  readonly textual: readonly ScoredNode[];
  readonly kept: number;
  /** Hits found both ways (counted once in `kept`). */
  readonly overlap: number;
}

export interface PathRows {
  readonly index: number;
  readonly title: string;
  readonly layers: readonly LayerRow[];
}

export interface TrajectoryRow {
  readonly rank: number;
  readonly candidate: string;
  readonly name: string;
  readonly score: number;
  readonly survived: boolean;
  readonly route: string;
  readonly tf: string;
  readonly sf: string;
  readonly ti: string;
  readonly steps: readonly TraversalStep[];
}

export interface TrajectoryView {
  readonly paths: readonly PathRows[];
  readonly combination: string;
  readonly survivors: readonly ScoredNode[];
  readonly trajectories: readonly TrajectoryRow[];
  readonly reranker: string;
}

const COMBINATION: Record<MixedTraversalTrace['combination'], string> = {
  intersection: 'intersection of every path’s last layer',
  'union-fallback': 'union (the intersection was empty)',
  'text-fallback': 'text matches only (no path reached the target)',
};

export function trajectoryView(trace: MixedTraversalTrace): TrajectoryView {
  const survivorIds = new Set(trace.survivors.map((s) => s.nodeId));
  return {
    paths: [...trace.paths]
      .sort((a, b) => a.index - b.index)
      .map((p) => ({
        index: p.index,
        title: `Path ${p.index + 1}: ${p.variables.join(' → ')}`,
        layers: [...p.layers]
          .sort((a, b) => a.layer - b.layer)
          .map((l) => {
            const structuralIds = new Set(l.structural.map((n) => n.nodeId));
            return {
              layer: l.layer,
              variable: l.variable,
              category: l.category ?? null,
              restriction: l.restriction ?? null,
              structural: l.structural,
              textual: [...l.textual].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)),
              kept: l.kept,
              overlap: l.textual.filter((n) => structuralIds.has(n.nodeId)).length,
            };
          }),
      })),
    combination: COMBINATION[trace.combination],
    survivors: trace.survivors,
    trajectories: [...trace.trajectories]
      .sort((a, b) => b.score - a.score)
      .map((t, i) => ({
        rank: i + 1,
        candidate: t.candidate,
        name: t.name,
        score: t.score,
        survived: survivorIds.has(t.candidate),
        route: t.nodes.map((n) => n.name).join(' → '),
        tf: `[${t.textualFingerprint.map((x) => x.toFixed(2)).join(', ')}]`,
        sf: `[${t.structuralFingerprint.join(', ')}]`,
        ti: `[${t.traversalIdentifier.join(', ')}]`,
        steps: t.traversalIdentifier,
      })),
    reranker: trace.reranker,
  };
}
