import type { Embedder } from '../../embed/embedder';
import type { GraphStore } from '../../graph/graphStore';
import type { PlanningGraph } from '../../plan/planningGraph';
import type { RelationAliases } from '../relations';
import type { RetrievalResult } from '../result';
import type { GraphSnapshot } from '../snapshot/snapshot';
import { compileForStore } from './retrieve';

/**
 * EXPLAIN of a plan without running it: compiled exactly as the cypher strategy compiles it
 * (compileForStore), then only the plan tree is asked for. A result with no answers whose `cypher.mode` is 'explain'.
 */
export async function explainCypher(plan: PlanningGraph, store: GraphStore, snap: GraphSnapshot, embedder: Embedder, options: { id?: string; signal?: AbortSignal; relationAliases?: RelationAliases } = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const compiled = await compileForStore(plan, store, snap, embedder, options);
  const { params, limit, warnings } = compiled;
  const t1 = performance.now();
  const explained = await store.query(compiled.text, { params, mode: 'explain', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) });
  const t2 = performance.now();
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'cypher',
    store: { kind: store.kind, description: store.description },
    answers: [],
    subgraphs: [],
    cypher: { text: compiled.text, params, dialect: store.dialect, ...(explained.plan ? { plan: explained.plan } : {}), mode: 'explain', ...(compiled.exact.length > 0 ? { exact: compiled.exact } : {}), ...(plan.strategy.kind !== 'cypher' ? { planStrategy: plan.strategy.kind } : {}) },
    timings: { totalMs: t2 - t0, candidatesMs: t1 - t0, searchMs: 0, explainMs: t2 - t1 },
    stats: { limit },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
