import type { Embedder } from '../../embed/embedder';
import type { CypherValue, GraphStore } from '../../graph/graphStore';
import { compileCypher } from '../../plan/cypher';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../../plan/planningGraph';
import type { Answer, MatchedSubgraph, RetrievalResult } from '../result';
import type { GraphSnapshot } from '../snapshot/snapshot';
import { nearestRelations, type RelationAliases } from '../relations';

/**
 * The Cypher strategy: the plan compiled (compileCypher, the store's dialect) and run read-only,
 * then EXPLAINed for its plan tree. Relation phrases resolve to the relationship type nearest by
 * embedding (the same distance GSD uses); categories are labels; soft text is a case-insensitive
 * name equality (compileCypher's default).
 */
export async function retrieveCypher(plan: PlanningGraph, store: GraphStore, snap: GraphSnapshot, embedder: Embedder, options: { id?: string; limit?: number; signal?: AbortSignal; relationAliases?: RelationAliases } = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const phrases = plan.edges.flatMap((e) => (e.relation.kind === 'phrase' ? [e.relation.value] : []));
  const resolved = await nearestRelations(snap, embedder, phrases, options.signal, options.relationAliases);
  const nearest = new Map([...resolved].map(([p, r]) => [p, r.type] as const));
  const limit = options.limit ?? (plan.strategy.kind === 'cypher' ? plan.strategy.limit : DEFAULT_STRATEGIES.cypher.limit);
  const compiled = compileCypher(plan, { dialect: store.dialect, limit, returnAll: true, resolveRelation: (p) => (nearest.has(p) ? [nearest.get(p)!] : []) });
  const t1 = performance.now();
  const warnings = compiled.diagnostics.map((d) => d.message);
  const params: Record<string, CypherValue> = { ...compiled.params };
  const rows = await store.query(compiled.text, { params, mode: 'run', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) });
  const t2 = performance.now();
  const explained = await store.query(compiled.text, { params, mode: 'explain', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) }).catch(() => undefined);
  const answers: Answer[] = [];
  const seen = new Set<string>();
  const targetCols = compiled.columns.filter((c) => plan.targets.includes(c.variable));
  for (const row of rows.rows) {
    for (const c of targetCols) {
      const value = row[c.name];
      if (typeof value !== 'string' || seen.has(value)) continue;
      seen.add(value);
      const id = row[c.id];
      answers.push({ value, ...(id !== undefined && id !== null ? { nodeId: String(id) } : {}), score: 1 });
    }
  }
  const subgraphs: MatchedSubgraph[] = rows.rows.map((row, i) => ({
    rank: i + 1,
    gsd: 0,
    mapping: compiled.columns.map((c) => ({
      variable: c.variable,
      nodeId: String(row[c.id] ?? ''),
      name: typeof row[c.name] === 'string' ? (row[c.name] as string) : String(row[c.name] ?? ''),
      labels: plan.nodes.find((n) => n.id === c.variable)?.category ? [plan.nodes.find((n) => n.id === c.variable)!.category!] : [],
    })),
    terms: [],
    triples: [],
  }));
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'cypher',
    store: { kind: store.kind, description: store.description },
    answers,
    subgraphs,
    cypher: { text: compiled.text, params, dialect: store.dialect, ...(explained?.plan ? { plan: explained.plan } : {}), mode: 'run' },
    timings: { totalMs: performance.now() - t0, candidatesMs: t1 - t0, searchMs: t2 - t1, queryMs: rows.timeMs },
    stats: { rows: rows.rows.length, limit },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
