/**
 * When a shown or kept result is stale: it came from another graph than the active one, from this
 * graph before its data changed (the store fingerprint differs), or its plan was edited since it
 * ran (the host compares the printed plan). Nothing is stale until a graph is known. Pure.
 */
import type { ResultGraphInfo } from '../../src/contracts/inspector/messages';

export type StaleReason = 'other-graph' | 'graph-changed' | 'plan-edited';

export interface ActiveGraph {
  readonly description: string;
  readonly fingerprint?: string;
}

export function staleReasons(graph: ResultGraphInfo, planEdited: boolean, active: ActiveGraph | undefined): StaleReason[] {
  const reasons: StaleReason[] = [];
  if (active !== undefined) {
    if (graph.description !== active.description) reasons.push('other-graph');
    else if (graph.fingerprint !== undefined && active.fingerprint !== undefined && graph.fingerprint !== active.fingerprint) reasons.push('graph-changed');
  }
  if (planEdited) reasons.push('plan-edited');
  return reasons;
}

const TEXT: Record<StaleReason, string> = {
  'other-graph': 'from another graph',
  'graph-changed': 'the graph changed since',
  'plan-edited': 'the plan was edited since',
};

/** "stale — from another graph", "stale — the graph changed since; the plan was edited since". */
export function staleText(reasons: readonly StaleReason[]): string {
  return `stale — ${reasons.map((r) => TEXT[r]).join('; ')}`;
}

/** The tooltip: both graphs, and what changed. */
export function staleTitle(reasons: readonly StaleReason[], graph: ResultGraphInfo, active: ActiveGraph | undefined): string {
  const parts: string[] = [];
  if (reasons.includes('other-graph')) parts.push(`This result came from ${graph.description}; the active graph is now ${active?.description ?? 'another'}.`);
  if (reasons.includes('graph-changed')) parts.push(`The data of ${graph.description} changed since this result was made (fingerprint ${graph.fingerprint} → ${active?.fingerprint}).`);
  if (reasons.includes('plan-edited')) parts.push('The plan was edited (or removed) since this result was made: run it again to see the current plan’s answers.');
  return parts.join(' ');
}
