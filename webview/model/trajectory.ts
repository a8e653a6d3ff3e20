/**
 * The mixed-traversal (MoR) trajectory as rows: per path and layer, what came structurally,
 * what came by text (with scores), how many were kept; then survivors and each final candidate's
 * trajectory features (TF, SF, TI).
 */
import type { MixedTraversalTrace, ScoredNode, Trajectory, TraversalStep } from '../../src/core/retrieve/result';

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

/** One node of a candidate's route, with the layer it came from. */
export interface RouteStep {
  readonly nodeId: string;
  readonly name: string;
  /** The layer's category (SF's entry for this step); null when no layer of the trace holds the node. */
  readonly category: string | null;
  /** How the step was reached (TI's entry); null when the trace cannot tell. */
  readonly reached: TraversalStep | null;
  /** Text similarity of this step (TF's entry). */
  readonly score: number | null;
}

export interface TrajectoryRow {
  readonly rank: number;
  readonly candidate: string;
  readonly name: string;
  readonly score: number;
  readonly survived: boolean;
  readonly route: string;
  readonly tf: string;
  /** SF over the whole route: one category per node (a four-node path shows four). */
  readonly sf: string;
  /** TI over the whole route. */
  readonly ti: string;
  /** What the reranker was fed when it differs from the whole route (it keeps the first and last two steps). */
  readonly rerankerInput: string | null;
  readonly routeSteps: readonly RouteStep[];
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

/**
 * Each node's layer, read from the trace: a trajectory ends at a path's last layer and may start
 * at any layer (a text hit starts a new one), so node j sits in layer (layers − nodes + j). The
 * first path whose layers hold every node that way gives the categories and how each was reached
 * (structural when a structural hit, else textual; a route starting at layer 1 starts at a seed).
 */
export function routeSteps(trace: MixedTraversalTrace, t: Trajectory): RouteStep[] {
  for (const p of trace.paths) {
    const layers = [...p.layers].sort((a, b) => a.layer - b.layer);
    const offset = layers.length - t.nodes.length;
    if (offset < 0) continue;
    const fits = t.nodes.every((n, j) => {
      const l = layers[offset + j]!;
      return l.structural.some((x) => x.nodeId === n.nodeId) || l.textual.some((x) => x.nodeId === n.nodeId);
    });
    if (!fits) continue;
    return t.nodes.map((n, j) => {
      const l = layers[offset + j]!;
      const structural = l.structural.some((x) => x.nodeId === n.nodeId);
      const reached: TraversalStep = j === 0 ? (offset === 0 ? 'seed' : 'textual') : structural ? 'structural' : 'textual';
      return { nodeId: n.nodeId, name: n.name, category: l.category ?? null, reached, score: n.score ?? null };
    });
  }
  // Not in the trace: the features as given, where they line up with the nodes.
  const aligned = t.nodes.length === t.structuralFingerprint.length;
  return t.nodes.map((n, j) => ({
    nodeId: n.nodeId,
    name: n.name,
    category: aligned ? t.structuralFingerprint[j]! : null,
    reached: t.nodes.length === t.traversalIdentifier.length ? t.traversalIdentifier[j]! : null,
    score: n.score ?? null,
  }));
}

const list = (xs: readonly (string | null)[]) => `[${xs.map((x) => x ?? '?').join(', ')}]`;

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
      .map((t, i) => {
        const steps = routeSteps(trace, t);
        const sf = list(steps.map((s) => s.category));
        const ti = list(steps.map((s) => s.reached));
        const given = `SF ${list(t.structuralFingerprint)}, TI ${list(t.traversalIdentifier)}`;
        const whole = steps.every((s) => s.category !== null) && sf === list(t.structuralFingerprint) && ti === list(t.traversalIdentifier);
        return {
          rank: i + 1,
          candidate: t.candidate,
          name: t.name,
          score: t.score,
          survived: survivorIds.has(t.candidate),
          route: t.nodes.map((n) => n.name).join(' → '),
          tf: `[${t.textualFingerprint.map((x) => x.toFixed(2)).join(', ')}]`,
          sf,
          ti,
          rerankerInput: whole ? null : given,
          routeSteps: steps,
          steps: t.traversalIdentifier,
        };
      }),
    reranker: trace.reranker,
  };
}
