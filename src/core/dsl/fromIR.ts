/**
 * IR → DSL: prints a PlanningGraph as a `plan` block in canonical layout, so that parsing it back
 * (toPlanningGraphs) gives the same graph. Edge ids are positional in the DSL (`e0`, `e1`, …), so
 * the round trip holds for graphs whose edge ids are those; any other ids come back renumbered.
 *
 * Layout: one edge per line; a node's category, text and properties are written at its first
 * occurrence and later occurrences are bare `(var)`. When the order in which nodes first appear
 * along the edges differs from the graph's node order (or a node has no edge), every node is first
 * declared on its own line, so node order survives the round trip too.
 */
import type { PlanEdge, PlanNode, PlanningGraph, RelationConstraint, Strategy } from '../plan/planningGraph';
import { DEFAULT_STRATEGIES } from '../plan/planningGraph';
import { INDENT, printName, printString, printValue } from './printer';

function printPlanNode(n: PlanNode): string {
  let s = '(' + printName(n.id);
  if (n.category !== undefined) s += ': ' + printName(n.category);
  if (n.text) s += ' ' + (n.text.kind === 'exact' ? '= ' : '') + printString(n.text.value);
  const props = n.properties ? Object.entries(n.properties) : [];
  if (props.length > 0) s += ' {' + props.map(([k, v]) => `${printName(k)}: ${printValue(v)}`).join(', ') + '}';
  return s + ')';
}

/** A relation phrase is written bare when it is words only (what the lexer reads back as words). */
function isBarePhrase(value: string): boolean {
  const words = value.split(' ');
  return words.every((w) => /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)$/.test(w)) && words.length > 0;
}

function printPlanRelation(r: RelationConstraint): string {
  switch (r.kind) {
    case 'unknown':
      return '';
    case 'type':
      return ':' + printName(r.value);
    case 'phrase':
      return isBarePhrase(r.value) ? r.value : printString(r.value);
  }
}

function printPlanEdge(e: PlanEdge, source: string, target: string): string {
  const inner = printPlanRelation(e.relation);
  const body = inner === '' ? '--' : `-[${inner}]-`;
  return `${source} ${body}${e.directed ? '>' : ''} ${target}`;
}

export function printStrategy(s: Strategy): string {
  switch (s.kind) {
    case 'gsd': {
      const args = [`k: ${s.k}`, `nodeCandidates: ${s.nodeCandidates}`, `relationCandidates: ${s.relationCandidates}`];
      if (s.exhaustive !== undefined) args.push(`exhaustive: ${s.exhaustive}`);
      if (s.injective !== undefined) args.push(`injective: ${s.injective}`);
      if (s.match !== undefined) args.push(`match: ${JSON.stringify(s.match)}`);
      if (s.typeCandidates !== undefined) args.push(`typeCandidates: ${s.typeCandidates}`);
      if (s.budgetMs !== undefined) args.push(`budgetMs: ${s.budgetMs}`);
      return `gsd(${args.join(', ')})`;
    }
    case 'mor':
      return `mor(seeds: ${s.seeds}, perStep: ${s.perStep}, k: ${s.k})`;
    case 'cypher':
      return `cypher(limit: ${s.limit}${s.text !== undefined ? `, text: "${s.text}"` : ''})`;
    case 'stem':
      return `stem(mode: "${s.mode}", theta: ${s.theta}, beam: ${s.beam}, topN: ${s.topN}, entityBias: ${s.entityBias}, tripleBias: ${s.tripleBias}, kFactor: ${s.kFactor}, guidance: "${s.guidance}")`;
    case 'sage':
      return `sage(k: ${s.k}, kPrime: ${s.kPrime}, alpha: ${s.alpha}, beta: ${s.beta}, edgePolicy: "${s.edgePolicy}", constrained: ${s.constrained})`;
  }
}

/** The `plan … { … }` block for one graph (no `schema` line; see printPlanningGraphs). */
export function printPlanningGraph(pg: PlanningGraph): string {
  const byId = new Map(pg.nodes.map((n) => [n.id, n]));
  // Order in which nodes first appear along the edges, then the nodes without edges.
  const appearance: string[] = [];
  const seen = new Set<string>();
  for (const e of pg.edges) {
    for (const id of [e.source, e.target]) {
      if (!seen.has(id)) {
        seen.add(id);
        appearance.push(id);
      }
    }
  }
  const declareFirst = pg.nodes.some((n, i) => appearance[i] !== n.id) || appearance.length !== pg.nodes.length;

  const lines: string[] = ['plan ' + printName(pg.name) + ' {'];
  if (pg.question !== undefined) lines.push(INDENT + 'question ' + printString(pg.question));
  if (pg.nodes.length > 0 || pg.edges.length > 0) {
    lines.push(INDENT + 'match');
    const written = new Set<string>();
    const ref = (id: string): string => {
      const n = byId.get(id);
      if (written.has(id) || !n) return '(' + printName(id) + ')';
      written.add(id);
      return printPlanNode(n);
    };
    if (declareFirst) for (const n of pg.nodes) lines.push(INDENT + INDENT + ref(n.id));
    for (const e of pg.edges) lines.push(INDENT + INDENT + printPlanEdge(e, ref(e.source), ref(e.target)));
  }
  if (pg.targets.length > 0) lines.push(INDENT + 'return ' + pg.targets.map(printName).join(', '));
  if (pg.expect.length > 0) lines.push(INDENT + 'expect ' + pg.expect.map(printString).join(', '));
  lines.push(INDENT + 'using ' + printStrategy(pg.strategy ?? DEFAULT_STRATEGIES.gsd));
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** A whole `.kgp` file: the first graph's schemaRef as the `schema` line, then every plan. */
export function printPlanningGraphs(graphs: readonly PlanningGraph[]): string {
  const schemaRef = graphs.find((g) => g.schemaRef !== undefined)?.schemaRef;
  const parts = graphs.map(printPlanningGraph);
  if (schemaRef !== undefined) parts.unshift('schema ' + printString(schemaRef) + '\n');
  return parts.join('\n');
}
