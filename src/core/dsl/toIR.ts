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
  MATCH_SEMANTICS,
  type MatchSemantics,
  type PlanEdge,
  type PlanNode,
  type PlanningGraph,
  type PropertyValue,
  type RelationConstraint,
  type Strategy,
  type StrategyKind,
  type TextConstraint,
} from '../plan/planningGraph';
import { strategyWith, type UsingMeaning } from '../plan/strategyParameters';
import { STRATEGY_NAMES, type KgpDocument, type Literal, type NodePattern, type PlanDecl, type Relation, type UsingClause } from './ast';

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
  const graphRef = pinnedGraph(document);
  return document.plans.map((decl, index) => compilePlan(decl, index, schemaRef, graphRef));
}

/** The file's `graph "…"` value (the first non-blank one; the checker reports the others). */
export function pinnedGraph(document: KgpDocument): string | undefined {
  return document.graphs.find((g) => g.value !== undefined && g.value.value.trim() !== '')?.value?.value;
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

export function compilePlan(decl: PlanDecl, index: number, schemaRef?: string, graphRef?: string): CompiledPlan {
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

  const using = usingMeaning(decl.using);
  const graph: { -readonly [K in keyof PlanningGraph]: PlanningGraph[K] } = {
    name: decl.name?.name ?? `plan${index + 1}`,
    nodes,
    edges,
    targets: decl.returns?.targets.map((t) => t.name) ?? [],
    expect: decl.expect?.values.map((v) => String(v.value)) ?? [],
    strategy: using.strategy,
  };
  if (using.given.length > 0) graph.givenParameters = using.given;
  if (decl.expect?.allTies) graph.expectAllTies = true;
  if (decl.question?.text) graph.question = decl.question.text.value;
  if (schemaRef !== undefined) graph.schemaRef = schemaRef;
  if (graphRef !== undefined) graph.graphRef = graphRef;

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

export function isMatchSemantics(v: unknown): v is MatchSemantics {
  return typeof v === 'string' && (MATCH_SEMANTICS as readonly string[]).includes(v);
}

/** A valid count: a positive integer. */
export function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}


export function strategyOf(using: UsingClause | undefined): Strategy {
  return usingMeaning(using).strategy;
}

/**
 * The strategy a `using` clause asks for: the defaults (DEFAULT_STRATEGIES) with every argument of
 * the right type (STRATEGY_PARAMETERS) put in; a bad argument is left out here (the checker reports
 * it as KGP213, `kgrag run` refuses the plan).
 */
export function usingMeaning(using: UsingClause | undefined): UsingMeaning {
  const name = using?.strategy?.name;
  const kind: StrategyKind = name !== undefined && (STRATEGY_NAMES as readonly string[]).includes(name) ? (name as StrategyKind) : 'gsd';
  const values = new Map<string, string | number | boolean>();
  for (const a of using?.args ?? []) if (a.value && !values.has(a.name.name)) values.set(a.name.name, a.value.value);
  return strategyWith(kind, values);
}

