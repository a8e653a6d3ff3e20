/**
 * Which inspector views a result has something for (its tabs), and which one Run and Inspect open
 * on: Run on the answers (the graph of what matched), Inspect on the explanation (GSD terms,
 * MoR's trajectory, STEM's or SAGE's trace, the Cypher and its plan). One rule for the host, which
 * asks for a view, and the webview, which draws the tabs.
 */
import type { RetrievalResult } from '../retrievalResult';
import { INSPECTOR_VIEWS, type InspectorView } from './messages';

export interface ViewExtras {
  /** The grounded planner's account came with the result (Inspect Question). */
  readonly grounding?: boolean;
  /** The host sent the model context (every executed result it shows). */
  readonly context?: boolean;
}

/** The views this result fills, in tab order; Stats always. A view with nothing to show has no tab. */
export function resultViews(result: RetrievalResult, extras: ViewExtras = {}): InspectorView[] {
  const has: Record<InspectorView, boolean> = {
    subgraphs: result.subgraphs.length > 0,
    gsd: result.subgraphs.some((s) => s.terms.length > 0) || (result.types?.length ?? 0) > 0 || (result.candidates?.length ?? 0) > 0,
    trajectory: result.trajectory !== undefined,
    cypher: result.cypher !== undefined,
    stem: result.stem !== undefined,
    sage: result.sage !== undefined,
    grounding: extras.grounding === true,
    context: extras.context === true && result.cypher?.mode !== 'explain',
    stats: true,
  };
  return INSPECTOR_VIEWS.filter((v) => has[v]);
}

const first = (wanted: readonly InspectorView[], available: readonly InspectorView[]): InspectorView =>
  wanted.find((v) => available.includes(v)) ?? available[0] ?? 'stats';

/** Where Run opens: what matched (the subgraphs), else the strategy's own account; Explain/Profile: the plan. */
export function answersView(result: RetrievalResult, available: readonly InspectorView[] = resultViews(result)): InspectorView {
  if (result.strategy === 'cypher' && result.cypher !== undefined && result.cypher.mode !== 'run') return first(['cypher'], available);
  return first(['subgraphs', 'trajectory', 'stem', 'sage', 'cypher'], available);
}

/** Where Inspect opens: why these answers — the strategy's explanation. */
export function explanationView(result: RetrievalResult, available: readonly InspectorView[] = resultViews(result)): InspectorView {
  const byStrategy: Record<RetrievalResult['strategy'], InspectorView[]> = {
    gsd: ['gsd'],
    mor: ['trajectory'],
    stem: ['stem'],
    sage: ['sage'],
    cypher: ['cypher'],
  };
  return first([...byStrategy[result.strategy], 'gsd', 'trajectory', 'cypher', 'stats'], available);
}
