import type { Embedder } from '../../embed/embedder';
import type { CypherValue, GraphStore } from '../../graph/graphStore';
import { compileCypher } from '../../plan/cypher';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../../plan/planningGraph';
import { nearestRelations, type RelationAliases } from '../relations';
import type { RetrievalResult } from '../result';
import type { GraphSnapshot } from '../snapshot/snapshot';

/**
 * EXPLAIN of a plan without running it: compiled exactly as the cypher strategy compiles it
 * (relation phrases → nearest relationship type, the store's dialect, the plan's limit), then only
 * the plan tree is asked for. A result with no answers whose `cypher.mode` is 'explain'.
 */
export async function explainCypher(plan: PlanningGraph, store: GraphStore, snap: GraphSnapshot, embedder: Embedder, options: { id?: string; signal?: AbortSignal; relationAliases?: RelationAliases } = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const phrases = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []));
  const resolved = await nearestRelations(snap, embedder, phrases, options.signal, options.relationAliases);
  const nearest = new Map([...resolved].map(([p, r]) => [p, r.type] as const));
  const limit = plan.strategy.kind === 'cypher' ? plan.strategy.limit : DEFAULT_STRATEGIES.cypher.limit;
  const compiled = compileCypher(plan, { dialect: store.dialect, limit, returnAll: true, resolveRelation: (p) => (nearest.has(p) ? [nearest.get(p)!] : []) });
  const t1 = performance.now();
  const params: Record<string, CypherValue> = { ...compiled.params };
  const explained = await store.query(compiled.text, { params, mode: 'explain', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) });
  const t2 = performance.now();
  const warnings = compiled.diagnostics.map((d) => d.message);
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'cypher',
    store: { kind: store.kind, description: store.description },
    answers: [],
    subgraphs: [],
    cypher: { text: compiled.text, params, dialect: store.dialect, ...(explained.plan ? { plan: explained.plan } : {}), mode: 'explain' },
    timings: { totalMs: t2 - t0, candidatesMs: t1 - t0, searchMs: 0, explainMs: t2 - t1 },
    stats: { limit },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
