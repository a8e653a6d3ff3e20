/**
 * IR → parameterised Cypher for Neo4j and for the embedded engine (Kùzu dialect). Rules, and why,
 * in docs/conversions.md:
 * - every value (texts, property values) is a parameter `$p0, $p1…`, never part of the text;
 * - identifiers (labels, relationship types, property keys) are backtick-quoted; a name a backtick
 *   could escape from is refused (error diagnostic, and the name is left out);
 * - soft text is approximated by a case-insensitive equality on `name` (configurable), exact text
 *   and properties by equality in the node's property map;
 * - a relation phrase becomes the relationship types the resolver gives for it, else any type;
 * - undirected edges are `-[]-`; the targets' names and ids are returned, DISTINCT, sorted;
 * - the match semantics are GSD's (docs/retrieval.md, "Match semantics"): one MATCH clause per
 *   edge, so neither engine forces two pattern edges onto different relationships (Neo4j does
 *   within one MATCH), and node distinctness as one list expression whose text grows linearly
 *   with the pattern (never a `<>` per pair: a 50k-edge plan once compiled to 4.8 GB).
 */
import { DEFAULT_MATCH, matchSemanticsOf, type MatchSemantics, type PlanNode, type PlanningGraph, type PropertyValue } from './planningGraph';
import type { PlanDiagnostic } from './planDiagnostics';

export type CypherDialect = 'neo4j' | 'kuzu';

/** How soft text (matched by meaning in GSD/MoR) is approximated in Cypher. */
export type SoftTextMode = 'equalsIgnoreCase' | 'containsIgnoreCase' | 'ignore';

export interface CompileCypherOptions {
  readonly dialect: CypherDialect;
  /** LIMIT (default: the plan's cypher strategy limit, else 100). */
  readonly limit?: number;
  /** Relationship types for a relation phrase ("directed by" → ["directed_by"]); [] = none known. */
  readonly resolveRelation?: (phrase: string, edgeId: string) => readonly string[];
  /** Labels for a category ("film" → ["Movie"]); [] = none known. Without it, categories are labels. */
  readonly resolveLabel?: (category: string) => readonly string[];
  /** Default 'equalsIgnoreCase'. */
  readonly softText?: SoftTextMode;
  /** The property holding a node's text (default "name"). */
  readonly textProperty?: string;
  /** Return every node variable, not only the targets (for explanations). */
  readonly returnAll?: boolean;
  /** Which nodes may share a graph node; default: the plan's gsd semantics, else DEFAULT_MATCH. */
  readonly match?: MatchSemantics;
}

export interface CompiledCypher {
  readonly text: string;
  /** `p0`, `p1`… (no `$`). Strings, numbers and booleans only. */
  readonly params: Readonly<Record<string, PropertyValue>>;
  readonly diagnostics: PlanDiagnostic[];
  /** Result columns: for each returned variable, its name column and its id column. */
  readonly columns: readonly { readonly variable: string; readonly name: string; readonly id: string }[];
}

export const CYPHER_CODES = {
  unsafeIdentifier: 'cypher-unsafe-identifier',
  unresolvedLabel: 'cypher-unresolved-label',
  relationAny: 'cypher-relation-any',
  noTarget: 'cypher-no-target',
  emptyPlan: 'cypher-empty-plan',
  badLimit: 'cypher-bad-limit',
  undeclaredNode: 'cypher-undeclared-node',
} as const;

const SIMPLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Words that cannot be bare variables in either dialect (kept short: we quote when unsure). */
const RESERVED = new Set(
  'all and as asc ascending by call case contains create delete desc descending detach distinct else end ends exists false in is limit match merge not null on optional or order remove return set skip starts then true union unwind where with xor yield use from to count id label'.split(' '),
);

/** Whether a name can be written as a quoted identifier (no backtick, no control characters). */
export function isSafeCypherName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && !/[`\u0000-\u001f]/.test(name);
}

/** `name` in backticks; callers check isSafeCypherName first. */
function quote(name: string): string {
  return '`' + name + '`';
}

function variable(id: string): string {
  return SIMPLE.test(id) && !RESERVED.has(id.toLowerCase()) ? id : quote(id);
}

export function compileCypher(pg: PlanningGraph, opts: CompileCypherOptions): CompiledCypher {
  const diagnostics: PlanDiagnostic[] = [];
  const params: Record<string, PropertyValue> = {};
  const dialect = opts.dialect;
  const textKey = opts.textProperty ?? 'name';
  const softMode = opts.softText ?? 'equalsIgnoreCase';
  const lower = dialect === 'kuzu' ? 'lower' : 'toLower';
  let next = 0;
  const param = (v: PropertyValue): string => {
    const name = `p${next++}`;
    params[name] = v;
    return '$' + name;
  };
  const safe = (name: string, what: string, element?: PlanDiagnostic['element']): boolean => {
    if (isSafeCypherName(name)) return true;
    diagnostics.push({ severity: 'error', code: CYPHER_CODES.unsafeIdentifier, message: `The ${what} ${JSON.stringify(name)} cannot be written safely in Cypher (backticks and control characters are refused); it is left out.`, ...(element ? { element } : {}) });
    return false;
  };

  const nodesById = new Map<string, PlanNode>(pg.nodes.map((n) => [n.id, n]));
  const usableVar = (id: string): boolean => isSafeCypherName(id);
  const written = new Set<string>();
  const where: string[] = [];

  /** The node pattern: full (labels, property map) the first time, bare afterwards. */
  const nodePattern = (id: string): string => {
    const v = variable(id);
    if (written.has(id)) return `(${v})`;
    written.add(id);
    const n = nodesById.get(id);
    if (n === undefined) {
      diagnostics.push({ severity: 'error', code: CYPHER_CODES.undeclaredNode, message: `An edge refers to ${id}, which is not a node of the plan.`, element: { kind: 'node', id } });
      return `(${v})`;
    }
    const element = { kind: 'node' as const, id };
    let labels = '';
    if (n.category !== undefined) {
      let names: readonly string[] = [n.category];
      if (opts.resolveLabel) {
        names = opts.resolveLabel(n.category);
        if (names.length === 0) {
          diagnostics.push({ severity: 'error', code: CYPHER_CODES.unresolvedLabel, message: `The category "${n.category}" names no label of the graph.`, element });
          names = [n.category];
        }
      }
      names = names.filter((l) => safe(l, 'label', element));
      // Alternatives: Neo4j 5 writes A|B (A:B would mean both); Kùzu reads A:B as "either table".
      if (names.length) labels = ':' + names.map(quote).join(dialect === 'kuzu' ? ':' : '|');
    }
    const map: string[] = [];
    const keys = new Set<string>();
    const eq = (key: string, value: PropertyValue): void => {
      if (!safe(key, 'property key', element)) return;
      if (keys.has(key)) where.push(`${v}.${quote(key)} = ${param(value)}`);
      else {
        keys.add(key);
        map.push(`${quote(key)}: ${param(value)}`);
      }
    };
    if (n.text?.kind === 'exact') eq(textKey, n.text.value);
    for (const [k, val] of Object.entries(n.properties ?? {})) eq(k, val);
    if (n.text?.kind === 'soft' && softMode !== 'ignore' && safe(textKey, 'property key', element)) {
      const op = softMode === 'containsIgnoreCase' ? 'CONTAINS' : '=';
      // Lower-cased here so the engine lowers one side only.
      where.push(`${lower}(${v}.${quote(textKey)}) ${op} ${param(n.text.value.toLowerCase())}`);
    }
    return `(${v}${labels}${map.length ? ` {${map.join(', ')}}` : ''})`;
  };

  const taken = new Set(pg.nodes.map((n) => n.id));
  const patterns: string[] = [];
  for (const e of pg.edges) {
    if (!usableVar(e.source) || !usableVar(e.target)) {
      safe(usableVar(e.source) ? e.target : e.source, 'variable', { kind: 'edge', id: e.id });
      continue;
    }
    const element = { kind: 'edge' as const, id: e.id };
    const from = nodePattern(e.source);
    const to = nodePattern(e.target);
    let types: readonly string[] = [];
    if (e.relation.kind === 'type') types = [e.relation.value];
    else if (e.relation.kind === 'phrase') {
      types = opts.resolveRelation ? opts.resolveRelation(e.relation.value, e.id) : [];
      if (types.length === 0) diagnostics.push({ severity: 'info', code: CYPHER_CODES.relationAny, message: `No relationship type is known for "${e.relation.value}"; the edge matches any relationship.`, element });
    }
    types = types.filter((t) => safe(t, 'relationship type', element));
    const rel = `[${types.length ? `:${types.map(quote).join('|')}` : ''}]`;
    patterns.push(`${from}-${rel}-${e.directed ? '>' : ''}${to}`);
  }
  for (const n of pg.nodes) {
    if (written.has(n.id)) continue;
    if (!safe(n.id, 'variable', { kind: 'node', id: n.id })) continue;
    patterns.push(nodePattern(n.id));
  }
  if (patterns.length === 0) {
    diagnostics.push({ severity: 'error', code: CYPHER_CODES.emptyPlan, message: 'The plan has no nodes to match.' });
    return { text: '', params, diagnostics, columns: [] };
  }

  let returned = (opts.returnAll ? pg.nodes.map((n) => n.id) : pg.targets).filter((t) => written.has(t));
  if (returned.length === 0) {
    diagnostics.push({ severity: 'warning', code: CYPHER_CODES.noTarget, message: 'The plan names no target; every node is returned.' });
    returned = pg.nodes.map((n) => n.id).filter((id) => written.has(id));
  }
  const columnNames = new Set(taken);
  const columns = returned.map((id) => {
    let idColumn = `${id}_id`;
    for (let i = 2; columnNames.has(idColumn); i++) idColumn = `${id}_id${i}`;
    columnNames.add(idColumn);
    return { variable: id, name: id, id: idColumn };
  });
  const idFn = dialect === 'kuzu' ? 'id' : 'elementId';
  const items = columns.flatMap((c) => [`${variable(c.variable)}.${quote(textKey)} AS ${variable(c.name)}`, `${idFn}(${variable(c.variable)}) AS ${variable(c.id)}`]);

  let limit = opts.limit ?? (pg.strategy.kind === 'cypher' ? pg.strategy.limit : 100);
  if (!Number.isSafeInteger(limit) || limit < 0) {
    diagnostics.push({ severity: 'error', code: CYPHER_CODES.badLimit, message: `LIMIT must be a non-negative integer, not ${String(limit)}; 100 is used.` });
    limit = 100;
  }
  const distinct = distinctness(pg, opts.match ?? (pg.strategy.kind === 'gsd' ? matchSemanticsOf(pg.strategy) : pg.strategy.kind === 'cypher' ? pg.strategy.match ?? DEFAULT_MATCH : DEFAULT_MATCH), dialect, (id) => written.has(id), taken);
  where.push(...distinct);
  const lines = patterns.map((p) => `MATCH ${p}`);
  if (where.length) lines.push(`WHERE ${where.join('\n  AND ')}`);
  lines.push(`RETURN DISTINCT ${items.join(', ')}`);
  lines.push(`ORDER BY ${columns.map((c) => variable(c.name)).join(', ')}`);
  // A validated integer, written as a literal: neo4j-driver sends JS numbers as floats, which
  // LIMIT refuses. It never comes from text.
  lines.push(`LIMIT ${limit}`);
  return { text: lines.join('\n'), params, diagnostics, columns };
}

/**
 * The node-distinctness conditions of a match semantics, each one expression over lists of node
 * ids (text linear in the pattern size): injective — every node id distinct; anchors-distinct —
 * named nodes distinct and no unknown on a named node; homomorphic — no target on a named node.
 * "Distinct" is list_distinct in Kùzu and a reduce in Neo4j (which has no list_distinct without
 * APOC). The comprehension variables get fresh names that no plan variable uses.
 */
function distinctness(pg: PlanningGraph, match: MatchSemantics, dialect: CypherDialect, written: (id: string) => boolean, taken: Set<string>): string[] {
  const fresh = (base: string): string => {
    let name = base;
    for (let i = 0; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    return name;
  };
  const idFn = dialect === 'kuzu' ? 'id' : 'elementId';
  const ids = (vars: readonly string[]): string => `[${vars.map((v) => `${idFn}(${variable(v)})`).join(', ')}]`;
  const allDistinct = (vars: readonly string[]): string[] => {
    if (vars.length < 2) return [];
    if (dialect === 'kuzu') return [`size(list_distinct(${ids(vars)})) = ${vars.length}`];
    const seen = fresh('kgrag_seen');
    const x = fresh('kgrag_id');
    return [`size(reduce(${seen} = [], ${x} IN ${ids(vars)} | CASE WHEN ${x} IN ${seen} THEN ${seen} ELSE ${seen} + [${x}] END)) = ${vars.length}`];
  };
  const noneOn = (a: readonly string[], b: readonly string[]): string[] => {
    if (a.length === 0 || b.length === 0) return [];
    const x = fresh('kgrag_id');
    return [`NONE(${x} IN ${ids(a)} WHERE ${x} IN ${ids(b)})`];
  };
  const nodes = pg.nodes.filter((n) => written(n.id));
  const isKnown = (n: PlanNode): boolean => n.text !== undefined || n.properties?.['name'] !== undefined;
  const known = nodes.filter(isKnown).map((n) => n.id);
  const unknown = nodes.filter((n) => !isKnown(n)).map((n) => n.id);
  const targets = nodes.filter((n) => pg.targets.includes(n.id) && !isKnown(n)).map((n) => n.id);
  if (match === 'injective') return allDistinct(nodes.map((n) => n.id));
  if (match === 'anchors-distinct') return [...allDistinct(known), ...noneOn(unknown, known)];
  return noneOn(targets, known);
}
