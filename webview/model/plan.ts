/**
 * The Cypher plan as rows of a collapsible tree: each operator with its depth, a stable path id,
 * its figures, and which operator is hottest (by time, else db hits, else rows, else estimate).
 */
import type { PlanTree } from '../../src/contracts/values';

export type HeatMetric = 'timeMs' | 'dbHits' | 'rows' | 'estimatedRows';

export interface PlanRow {
  /** "0", "0.1", "0.1.0" … the operator's position in the tree. */
  readonly path: string;
  readonly depth: number;
  readonly operator: string;
  readonly details: string | null;
  readonly identifiers: readonly string[];
  readonly estimatedRows: number | null;
  readonly rows: number | null;
  readonly dbHits: number | null;
  readonly timeMs: number | null;
  readonly childPaths: readonly string[];
  readonly hottest: boolean;
}

export interface PlanView {
  readonly rows: readonly PlanRow[];
  readonly metric: HeatMetric | null;
  readonly hottestPath: string | null;
  /** Which columns have any figure (EXPLAIN has estimates only; the embedded engine has no db hits). */
  readonly columns: readonly HeatMetric[];
  readonly totals: Readonly<Partial<Record<HeatMetric, number>>>;
}

const METRICS: readonly HeatMetric[] = ['timeMs', 'dbHits', 'rows', 'estimatedRows'];

export function planView(plan: PlanTree): PlanView {
  const flat: Array<{ node: PlanTree; path: string; depth: number }> = [];
  const walk = (node: PlanTree, path: string, depth: number) => {
    flat.push({ node, path, depth });
    node.children.forEach((c, i) => walk(c, `${path}.${i}`, depth + 1));
  };
  walk(plan, '0', 0);

  const has = (m: HeatMetric) => flat.some((f) => typeof f.node[m] === 'number');
  const metric = METRICS.find(has) ?? null;
  let hottestPath: string | null = null;
  if (metric) {
    let best = -Infinity;
    for (const f of flat) {
      const v = f.node[metric];
      if (typeof v === 'number' && v > best) {
        best = v;
        hottestPath = f.path;
      }
    }
  }
  const totals: Partial<Record<HeatMetric, number>> = {};
  for (const m of METRICS) if (m !== 'estimatedRows' && has(m)) totals[m] = flat.reduce((a, f) => a + (f.node[m] ?? 0), 0);

  return {
    rows: flat.map(({ node, path, depth }) => ({
      path,
      depth,
      operator: node.operator,
      details: node.details ?? null,
      identifiers: node.identifiers ?? [],
      estimatedRows: node.estimatedRows ?? null,
      rows: node.rows ?? null,
      dbHits: node.dbHits ?? null,
      timeMs: node.timeMs ?? null,
      childPaths: node.children.map((_, i) => `${path}.${i}`),
      hottest: path === hottestPath,
    })),
    metric,
    hottestPath,
    columns: (['estimatedRows', 'rows', 'dbHits', 'timeMs'] as const).filter(has),
    totals,
  };
}
