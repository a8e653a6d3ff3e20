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
import { STRATEGY_PARAMETERS } from '../plan/strategyParameters';
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

export function printStrategy(s: Strategy, given: readonly string[] = []): string {
  // The parameters the plan gives, any value that differs from the default and any optional switch
  // that is set (so the strategy survives the round trip); the rest stay unwritten, so settings
  // (kgrag.retrieval.*) still apply to them.
  const fields = s as unknown as Readonly<Record<string, unknown>>;
  const defaults = DEFAULT_STRATEGIES[s.kind] as unknown as Readonly<Record<string, unknown>>;
  const args: string[] = [];
  for (const p of STRATEGY_PARAMETERS[s.kind]) {
    const v = fields[p.name];
    if (v === undefined || (v === defaults[p.name] && !given.includes(p.name))) continue;
    args.push(`${p.name}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
  }
  return `${s.kind}(${args.join(', ')})`;
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
  if (pg.expect.length > 0 || pg.expectAllTies) lines.push(INDENT + 'expect ' + (pg.expectAllTies ? 'all ties' + (pg.expect.length > 0 ? ' ' : '') : '') + pg.expect.map(printString).join(', '));
  lines.push(INDENT + 'using ' + printStrategy(pg.strategy ?? DEFAULT_STRATEGIES.gsd, pg.givenParameters));
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** A whole `.kgp` file: the first graph's schemaRef as the `schema` line, its graphRef as the `graph` line, then every plan. */
export function printPlanningGraphs(graphs: readonly PlanningGraph[]): string {
  const schemaRef = graphs.find((g) => g.schemaRef !== undefined)?.schemaRef;
  const graphRef = graphs.find((g) => g.graphRef !== undefined)?.graphRef;
  const parts = graphs.map(printPlanningGraph);
  const head = [schemaRef !== undefined ? 'schema ' + printString(schemaRef) : '', graphRef !== undefined ? 'graph ' + printString(graphRef) : ''].filter((l) => l !== '');
  if (head.length > 0) parts.unshift(head.join('\n') + '\n');
  return parts.join('\n');
}
