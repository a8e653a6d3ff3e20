/**
 * DSL → IR: each `plan` becomes a PlanningGraph (src/core/plan/planningGraph.ts), with a source map
 * from IR elements back to ranges so the editor can reveal a variable or an edge.
 *
 * Semantics (docs/dsl.md): a variable names one node however often it appears; its category, text
 * and properties are the union of what its occurrences say (the checker reports contradictions;
 * the first occurrence wins here). A node without a variable gets a fresh id `_n1`, `_n2`, …; edges
 * get positional ids `e0`, `e1`, …. `-[…]->` points left node → right node, `<-[…]-` the reverse,
 * `-[…]-` is undirected (source = left node). No `using` means gsd with its defaults; parameters of the
 * wrong type or name are ignored here (the checker reports them).
 */
import type { Range } from '../text';
import {
  DEFAULT_STRATEGIES,
  MATCH_SEMANTICS,
  type MatchSemantics,
  type PlanEdge,
  type PlanNode,
  type PlanningGraph,
  type PropertyValue,
  type RelationConstraint,
  type Strategy,
  type TextConstraint,
} from '../plan/planningGraph';
import type { KgpDocument, Literal, NodePattern, PlanDecl, Relation, UsingClause } from './ast';

/** Where each IR element came from. */
export interface PlanSourceMap {
  /** The whole `plan … { … }`. */
  readonly plan: Range;
  readonly name?: Range;
  /** node id → every occurrence `(…)` in source order (the first defines it). */
  readonly nodes: ReadonlyMap<string, readonly Range[]>;
  /** node id → the variable's range at its first occurrence (the node's range when anonymous). */
  readonly variables: ReadonlyMap<string, Range>;
  /** edge id → the edge `-[…]-` range. */
  readonly edges: ReadonlyMap<string, Range>;
  /** target index → the name in `return`. */
  readonly targets: readonly Range[];
}

export interface CompiledPlan {
  readonly graph: PlanningGraph;
  readonly source: PlanSourceMap;
  readonly decl: PlanDecl;
}

/** One PlanningGraph per plan, in source order. */
export function toPlanningGraphs(document: KgpDocument): PlanningGraph[] {
  return compilePlans(document).map((c) => c.graph);
}

/** Like toPlanningGraphs, with the source map of each plan. */
export function compilePlans(document: KgpDocument): CompiledPlan[] {
  const schemaRef = document.schemas.find((s) => s.path !== undefined)?.path?.value;
  return document.plans.map((decl, index) => compilePlan(decl, index, schemaRef));
}

function literalValue(l: Literal): PropertyValue {
  return l.value;
}

interface NodeBuilder {
  id: string;
  category?: string;
  text?: TextConstraint;
  properties?: Record<string, PropertyValue>;
}

export function compilePlan(decl: PlanDecl, index: number, schemaRef?: string): CompiledPlan {
  const builders = new Map<string, NodeBuilder>();
  const occurrences = new Map<string, Range[]>();
  const variables = new Map<string, Range>();
  const edgeRanges = new Map<string, Range>();
  const edges: PlanEdge[] = [];

  // Fresh ids for anonymous nodes must not collide with any written variable.
  const used = new Set<string>();
  for (const c of decl.clauses) if (c.kind === 'Match') for (const p of c.patterns) for (const n of p.nodes) if (n.variable) used.add(n.variable.name);
  let fresh = 0;
  const freshId = (): string => {
    let id: string;
    do id = `_n${++fresh}`;
    while (used.has(id));
    used.add(id);
    return id;
  };

  const nodeId = (n: NodePattern): string => {
    const id = n.variable ? n.variable.name : freshId();
    let b = builders.get(id);
    if (!b) {
      b = { id };
      builders.set(id, b);
      occurrences.set(id, []);
      variables.set(id, (n.variable ?? n).range);
    }
    occurrences.get(id)!.push(n.range);
    if (b.category === undefined && n.category) b.category = n.category.name;
    if (b.text === undefined && n.text?.value) b.text = { kind: n.text.exact ? 'exact' : 'soft', value: n.text.value.value };
    if (n.properties) {
      for (const e of n.properties.entries) {
        if (!e.value) continue;
        b.properties ??= {};
        if (!(e.key.name in b.properties)) b.properties[e.key.name] = literalValue(e.value);
      }
    }
    return id;
  };

  for (const c of decl.clauses) {
    if (c.kind !== 'Match') continue;
    for (const p of c.patterns) {
      let left = nodeId(p.nodes[0]!);
      for (let i = 0; i < p.edges.length; i++) {
        const e = p.edges[i]!;
        const right = nodeId(p.nodes[i + 1]!);
        const id = `e${edges.length}`;
        const [source, target] = e.direction === 'left' ? [right, left] : [left, right];
        edges.push({ id, source, target, directed: e.direction !== 'none', relation: relationOf(e.relation) });
        edgeRanges.set(id, e.range);
        left = right;
      }
    }
  }

  const nodes: PlanNode[] = [...builders.values()].map((b) => {
    const n: { -readonly [K in keyof PlanNode]: PlanNode[K] } = { id: b.id };
    if (b.category !== undefined) n.category = b.category;
    if (b.text !== undefined) n.text = b.text;
    if (b.properties !== undefined) n.properties = b.properties;
    return n;
  });

  const graph: { -readonly [K in keyof PlanningGraph]: PlanningGraph[K] } = {
    name: decl.name?.name ?? `plan${index + 1}`,
    nodes,
    edges,
    targets: decl.returns?.targets.map((t) => t.name) ?? [],
    expect: decl.expect?.values.map((v) => String(v.value)) ?? [],
    strategy: strategyOf(decl.using),
  };
  if (decl.question?.text) graph.question = decl.question.text.value;
  if (schemaRef !== undefined) graph.schemaRef = schemaRef;

  const source: PlanSourceMap = {
    plan: decl.range,
    name: decl.name?.range,
    nodes: occurrences,
    variables,
    edges: edgeRanges,
    targets: decl.returns?.targets.map((t) => t.range) ?? [],
  };
  return { graph, source, decl };
}

function relationOf(r: Relation): RelationConstraint {
  switch (r.kind) {
    case 'UnknownRelation':
      return { kind: 'unknown' };
    case 'RelationPhrase':
      return { kind: 'phrase', value: r.value };
    case 'RelationType':
      return r.name ? { kind: 'type', value: r.name.name } : { kind: 'unknown' };
  }
}

/**
 * A strategy parameter's type: a positive whole number, true/false, a number ≥ 0, or one of a few
 * quoted words (`mode: "breadth"`).
 */
export type ParameterType = 'count' | 'boolean' | 'number' | { readonly oneOf: readonly string[] };

/** Parameter names and types of each strategy (shared with the checker). */
export const STRATEGY_PARAMETERS: {
  readonly [K in Strategy['kind']]: Readonly<Record<string, ParameterType>>;
} = {
  gsd: { k: 'count', nodeCandidates: 'count', relationCandidates: 'count', exhaustive: 'boolean', injective: 'boolean', match: { oneOf: MATCH_SEMANTICS }, typeCandidates: 'count', budgetMs: 'count', notFoundDistance: 'number' },
  mor: { seeds: 'count', perStep: 'count', k: 'count', typeCandidates: 'count', notFoundDistance: 'number' },
  cypher: { limit: 'count', match: { oneOf: MATCH_SEMANTICS } },
  stem: {
    mode: { oneOf: ['precision', 'breadth'] },
    theta: 'number',
    beam: 'count',
    topN: 'count',
    entityBias: 'number',
    tripleBias: 'number',
    kFactor: 'count',
    guidance: { oneOf: ['ppr', 'none'] },
  },
  sage: { k: 'count', kPrime: 'count', alpha: 'number', beta: 'number', edgePolicy: { oneOf: ['skip-explicit', 'expand'] }, constrained: 'boolean' },
};

export function isMatchSemantics(v: unknown): v is MatchSemantics {
  return typeof v === 'string' && (MATCH_SEMANTICS as readonly string[]).includes(v);
}

/** Whether a literal value fits a parameter type. */
export function fitsParameter(type: ParameterType, v: unknown): boolean {
  if (type === 'count') return isCount(v);
  if (type === 'boolean') return typeof v === 'boolean';
  if (type === 'number') return typeof v === 'number' && Number.isFinite(v) && v >= 0;
  return typeof v === 'string' && type.oneOf.includes(v);
}

/** A valid count: a positive integer. */
export function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}

export function strategyOf(using: UsingClause | undefined): Strategy {
  const name = using?.strategy?.name;
  const values = new Map<string, string | number | boolean>();
  for (const a of using?.args ?? []) if (a.value && !values.has(a.name.name)) values.set(a.name.name, a.value.value);
  const count = (key: string, fallback: number): number => {
    const v = values.get(key);
    return isCount(v) ? v : fallback;
  };
  const num = (key: string, fallback: number): number => {
    const v = values.get(key);
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  // Optional parameters: present in the IR only when written (absent = the default).
  const typeCandidates = values.get('typeCandidates');
  const notFound = num('notFoundDistance', 0);
  const match = values.get('match');
  const shared = {
    ...(isCount(typeCandidates) ? { typeCandidates } : {}),
    ...(notFound > 0 ? { notFoundDistance: notFound } : {}),
  };
  if (name === 'mor') {
    const d = DEFAULT_STRATEGIES.mor;
    return { kind: 'mor', seeds: count('seeds', d.seeds), perStep: count('perStep', d.perStep), k: count('k', d.k), ...shared };
  }
  if (name === 'cypher') return { kind: 'cypher', limit: count('limit', DEFAULT_STRATEGIES.cypher.limit), ...(isMatchSemantics(match) ? { match } : {}) };
  const word = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const v = values.get(key);
    return allowed.find((a) => a === v) ?? fallback;
  };
  if (name === 'stem') {
    const d = DEFAULT_STRATEGIES.stem;
    return {
      kind: 'stem',
      mode: word('mode', ['precision', 'breadth'] as const, d.mode),
      theta: num('theta', d.theta),
      beam: count('beam', d.beam),
      topN: count('topN', d.topN),
      entityBias: num('entityBias', d.entityBias),
      tripleBias: num('tripleBias', d.tripleBias),
      kFactor: count('kFactor', d.kFactor),
      guidance: word('guidance', ['ppr', 'none'] as const, d.guidance),
    };
  }
  if (name === 'sage') {
    const d = DEFAULT_STRATEGIES.sage;
    const constrained = values.get('constrained');
    return {
      kind: 'sage',
      k: count('k', d.k),
      kPrime: count('kPrime', d.kPrime),
      alpha: num('alpha', d.alpha),
      beta: num('beta', d.beta),
      edgePolicy: word('edgePolicy', ['skip-explicit', 'expand'] as const, d.edgePolicy),
      constrained: typeof constrained === 'boolean' ? constrained : d.constrained,
    };
  }
  const d = DEFAULT_STRATEGIES.gsd;
  const exhaustive = values.get('exhaustive');
  const injective = values.get('injective');
  const budgetMs = values.get('budgetMs');
  return {
    kind: 'gsd',
    k: count('k', d.k),
    nodeCandidates: count('nodeCandidates', d.nodeCandidates),
    relationCandidates: count('relationCandidates', d.relationCandidates),
    ...(typeof exhaustive === 'boolean' ? { exhaustive } : {}),
    ...(typeof injective === 'boolean' ? { injective } : {}),
    ...(isMatchSemantics(match) ? { match } : {}),
    ...(isCount(budgetMs) ? { budgetMs } : {}),
    ...shared,
  };
}
