import type { Embedder } from '../../embed/embedder';
import type { CypherValue, GraphStore } from '../../graph/graphStore';
import { compileCypher } from '../../plan/cypher';
import { DEFAULT_STRATEGIES, type MatchSemantics, type PlanningGraph } from '../../plan/planningGraph';
import type { Answer, CypherExact, MatchedSubgraph, RetrievalResult } from '../result';
import type { SearchIndex } from '../snapshot/snapshot';
import type { RelationAliases } from '../relations';
import { buildProblem } from '../gsd/problem';
import { subgraphOfRow } from './rowGraph';

/**
 * The Cypher strategy: the plan compiled (compileCypher, the store's dialect) and run read-only,
 * then EXPLAINed for its plan tree. Type words resolve to labels and relation phrases to the
 * nearest relationship type the endpoints' labels allow, exactly as in GSD (buildProblem); soft
 * text is a name equality (an index lookup) with the nearest name in the graph (GSD's best
 * candidate, unless it is too far: then as written), or as the strategy's `text` asks; the
 * match semantics are the plan's (compileCypher). Every edge's relationship is returned too, so
 * the result's subgraphs carry their triples.
 */
export interface CompiledForStore {
  readonly text: string;
  readonly params: Record<string, CypherValue>;
  readonly columns: ReturnType<typeof compileCypher>['columns'];
  readonly edgeColumns: ReturnType<typeof compileCypher>['edgeColumns'];
  /** Category → the graph labels it resolved to. */
  readonly labels: ReadonlyMap<string, readonly string[]>;
  readonly limit: number;
  readonly warnings: readonly string[];
  /** Soft texts and relation phrases the query compares exactly. */
  readonly exact: readonly CypherExact[];
}

/**
 * The plan compiled for a store as the cypher strategy runs it (and EXPLAIN/PROFILE show it):
 * the same resolution GSD makes — type words → labels (labels.ts), each phrase → its best type
 * among those the endpoints' labels allow (domain/range, roles) — so every strategy reads a
 * pattern alike; the store's dialect; the plan's limit.
 */
export async function compileForStore(plan: PlanningGraph, store: Pick<GraphStore, 'dialect'>, snap: SearchIndex, embedder: Embedder, options: { limit?: number; signal?: AbortSignal; relationAliases?: RelationAliases; match?: MatchSemantics } = {}): Promise<CompiledForStore> {
  const problem = await buildProblem(plan, snap, embedder, { nodeCandidates: 1, relationCandidates: 1, ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}) }, options.signal);
  const bestType = new Map(problem.edges.map((e) => [e.edgeId, e.rels.length > 0 ? snap.data.relationNames[e.rels[0]!]! : undefined] as const));
  const labelsOf = new Map<string, readonly string[]>();
  for (const n of problem.nodes) {
    const category = plan.nodes.find((p) => p.id === n.variable)?.category;
    if (category !== undefined && n.type !== undefined && n.type.how !== 'none') labelsOf.set(category, n.type.labels.map((l) => snap.data.labelNames[l]!));
  }
  const limit = options.limit ?? (plan.strategy.kind === 'cypher' ? plan.strategy.limit : DEFAULT_STRATEGIES.cypher.limit);
  // A type word that fits no label constrains nothing here either; the result says so in a warning, as GSD's does.
  const unfit = new Set(problem.nodes.filter((n) => n.type?.how === 'none').map((n) => n.variable));
  const textMatch = plan.strategy.kind === 'cypher' ? (plan.strategy.text ?? 'nearest') : 'nearest';
  // Soft text → the nearest name GSD would take, unless it is too far (then it is compared as written).
  const notFound = new Set(problem.notFound.map((n) => n.variable));
  const resolved: string[] = [];
  const resolveText = (variable: string, text: string): string => {
    const c = problem.nodes.find((n) => n.variable === variable);
    const best = c && !notFound.has(variable) && c.nodes.length > 0 ? snap.data.names.get(c.nodes[0]!) : undefined;
    if (best === undefined) return text;
    if (best !== text) resolved.push(`${variable}: "${text}" is compared as "${best}", the nearest name in the graph (distance ${c!.dists[0]!.toFixed(2)}; using cypher(text: "exact") compares it as written)`);
    return best;
  };
  const resolveTextQuiet = (variable: string, text: string): string => {
    const c = problem.nodes.find((n) => n.variable === variable);
    return c && !notFound.has(variable) && c.nodes.length > 0 ? snap.data.names.get(c.nodes[0]!) : text;
  };
  const compiledPlan: PlanningGraph = unfit.size === 0 ? plan : { ...plan, nodes: plan.nodes.map((n) => (unfit.has(n.id) ? { id: n.id, ...(n.text ? { text: n.text } : {}), ...(n.properties ? { properties: n.properties } : {}) } : n)) };
  const compiled = compileCypher(compiledPlan, {
    dialect: store.dialect,
    limit,
    ...(options.match !== undefined ? { match: options.match } : {}),
    returnAll: true,
    returnEdges: true,
    softText: textMatch === 'ignoreCase' ? 'equalsIgnoreCase' : 'equals',
    ...(textMatch === 'nearest' ? { resolveText } : {}),
    resolveRelation: (_phrase, edgeId) => {
      const t = bestType.get(edgeId);
      return t !== undefined ? [t] : [];
    },
    resolveLabel: (category) => labelsOf.get(category) ?? [category],
    ...(options.match !== undefined ? { match: options.match } : {}),
  });
  const warnings = [
    ...problem.nodes.flatMap((n) => (n.type?.how === 'none' ? [`${n.variable}: ${n.type.detail}`] : [])),
    ...problem.notFound.filter((n) => textMatch === 'nearest' && plan.nodes.find((p) => p.id === n.variable)?.text?.kind === 'soft').map((n) => `${n.variable}: no name in the graph is near "${n.text}"${n.nearest !== undefined ? ` (nearest: "${n.nearest}")` : ''}; it is compared as written`),
    ...resolved,
    ...compiled.diagnostics.map((d) => d.message),
  ];
  // Soft matching the query does exactly: each soft text as one name (its parameter), each phrase as one type.
  const params = { ...compiled.params };
  const exact: CypherExact[] = [];
  for (const n of plan.nodes) {
    if (n.text?.kind !== 'soft') continue;
    const became = textMatch === 'nearest' ? resolveTextQuiet(n.id, n.text.value) : n.text.value;
    const param = Object.keys(params).find((k) => params[k] === became);
    exact.push({ element: 'node', ref: n.id, written: n.text.value, became, ...(param !== undefined ? { param } : {}) });
  }
  for (const e of plan.edges) {
    if (e.relation.kind !== 'phrase') continue;
    const t = bestType.get(e.id);
    if (t !== undefined) exact.push({ element: 'edge', ref: e.id, written: e.relation.value, became: t });
  }
  return { text: compiled.text, params, columns: compiled.columns, edgeColumns: compiled.edgeColumns, labels: labelsOf, limit, warnings, exact };
}

export async function retrieveCypher(plan: PlanningGraph, store: GraphStore, snap: SearchIndex, embedder: Embedder, options: { id?: string; limit?: number; signal?: AbortSignal; relationAliases?: RelationAliases; match?: MatchSemantics } = {}): Promise<RetrievalResult> {
  const t0 = performance.now();
  const compiled = await compileForStore(plan, store, snap, embedder, options);
  const { params, limit, warnings } = compiled;
  const t1 = performance.now();
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
  // A variable's labels: the graph labels its type word resolved to, else the type word itself.
  const labelsOf = (variable: string): readonly string[] => {
    const category = plan.nodes.find((n) => n.id === variable)?.category;
    return category === undefined ? [] : compiled.labels.get(category) ?? [category];
  };
  const subgraphs: MatchedSubgraph[] = rows.rows.map((row, i) => subgraphOfRow(row, i + 1, compiled, labelsOf));
  return {
    id: options.id ?? plan.name,
    plan: plan.name,
    ...(plan.question !== undefined ? { question: plan.question } : {}),
    strategy: 'cypher',
    store: { kind: store.kind, description: store.description },
    answers,
    subgraphs,
    cypher: { text: compiled.text, params, dialect: store.dialect, ...(explained?.plan ? { plan: explained.plan } : {}), mode: 'run', ...(compiled.exact.length > 0 ? { exact: compiled.exact } : {}) },
    timings: { totalMs: performance.now() - t0, candidatesMs: t1 - t0, searchMs: t2 - t1, queryMs: rows.timeMs },
    stats: { rows: rows.rows.length, limit },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
