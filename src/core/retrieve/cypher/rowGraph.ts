/**
 * Query rows → the subgraphs the inspector draws. Two readers:
 * - `subgraphOfRow`: a row of the compiled plan (name and id columns per variable, one
 *   relationship column per plan edge) → a MatchedSubgraph with its mapping AND its triples;
 * - `subgraphOfValues` — every row of a query (a person's Cypher): every node, relationship and
 *   path in its values, in either store's shape — the embedded engine's `{_id, _label}` /
 *   `{_src, _dst, _label}`, Neo4j's `{_id, _labels}` / `{_start, _end, _type}`, paths as
 *   `{nodes, relationships}` or as the engine's `{_nodes, _rels}`.
 */
import type { CypherValue } from '../../graph/graphStore';
import type { MappedNode, MatchedSubgraph, MatchedTriple } from '../result';

type Row = Readonly<Record<string, CypherValue>>;
type ValueMap = { readonly [key: string]: CypherValue };

export interface GraphNodeValue {
  readonly id: string;
  readonly labels: readonly string[];
  readonly name: string;
}

export interface GraphRelationshipValue {
  readonly source: string;
  readonly target: string;
  readonly type: string;
}

function isMap(v: CypherValue): v is ValueMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A node value of either store, else undefined. */
export function nodeValue(v: CypherValue): GraphNodeValue | undefined {
  if (!isMap(v) || typeof v['_id'] !== 'string') return undefined;
  const labels = typeof v['_label'] === 'string' ? [v['_label']] : Array.isArray(v['_labels']) ? v['_labels'].filter((l): l is string => typeof l === 'string') : undefined;
  if (labels === undefined || '_src' in v || '_start' in v) return undefined;
  const name = v['name'];
  return { id: v['_id'], labels, name: typeof name === 'string' ? name : typeof name === 'number' ? String(name) : v['_id'] };
}

/** A relationship value of either store, else undefined. */
export function relationshipValue(v: CypherValue): GraphRelationshipValue | undefined {
  if (!isMap(v)) return undefined;
  const source = v['_src'] ?? v['_start'];
  const target = v['_dst'] ?? v['_end'];
  const type = v['_label'] ?? v['_type'];
  if (typeof source !== 'string' || typeof target !== 'string' || typeof type !== 'string') return undefined;
  return { source, target, type };
}

/** A row of the compiled plan as a subgraph: the variables' nodes and the plan edges' relationships. */
export function subgraphOfRow(
  row: Row,
  rank: number,
  compiled: { readonly columns: readonly { readonly variable: string; readonly name: string; readonly id: string }[]; readonly edgeColumns: readonly { readonly edgeId: string; readonly column: string }[] },
  labelsOf: (variable: string) => readonly string[],
): MatchedSubgraph {
  const mapping: MappedNode[] = compiled.columns.map((c) => ({
    variable: c.variable,
    nodeId: String(row[c.id] ?? ''),
    name: typeof row[c.name] === 'string' ? (row[c.name] as string) : String(row[c.name] ?? ''),
    labels: labelsOf(c.variable),
  }));
  const nameOf = new Map(mapping.map((m) => [m.nodeId, m.name]));
  const triples: MatchedTriple[] = [];
  for (const c of compiled.edgeColumns) {
    const r = relationshipValue(row[c.column] ?? null);
    if (!r) continue;
    triples.push({ source: r.source, type: r.type, target: r.target, sourceName: nameOf.get(r.source) ?? r.source, targetName: nameOf.get(r.target) ?? r.target, edgeId: c.edgeId });
  }
  return { rank, gsd: 0, mapping, terms: [], triples };
}

/**
 * Every node and relationship in a row's values (nested in lists, maps and paths) as a subgraph:
 * a node in column `c` is mapped as variable `c` (`c[2]` inside a list). Relationships whose
 * endpoints the row does not return are drawn with their ids as names.
 */
export function subgraphOfValues(row: Row, rank: number): MatchedSubgraph | undefined {
  const mapping: MappedNode[] = [];
  const relationships: GraphRelationshipValue[] = [];
  const seenNodes = new Set<string>();
  const seenRels = new Set<string>();
  const visit = (v: CypherValue, where: string, depth: number): void => {
    if (depth > 8 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, `${where}[${i}]`, depth + 1));
      return;
    }
    const node = nodeValue(v);
    if (node) {
      if (!seenNodes.has(node.id)) {
        seenNodes.add(node.id);
        mapping.push({ variable: where, nodeId: node.id, name: node.name, labels: node.labels });
      }
      return;
    }
    const rel = relationshipValue(v);
    if (rel) {
      const key = `${rel.source}|${rel.type}|${rel.target}`;
      if (!seenRels.has(key)) {
        seenRels.add(key);
        relationships.push(rel);
      }
      return;
    }
    const map = v as ValueMap;
    for (const [k, x] of Object.entries(map)) visit(x, k === 'nodes' || k === '_nodes' || k === 'relationships' || k === '_rels' ? where : `${where}.${k}`, depth + 1);
  };
  for (const [column, value] of Object.entries(row)) visit(value, column, 0);
  // The compiled plan's shape (Open as Cypher keeps it): a text column `c` beside an id column
  // `c_id` is node `c`, so the relationships between such nodes draw with their names.
  for (const [column, id] of Object.entries(row)) {
    const m = /^(.+)_id\d*$/.exec(column);
    const name = m ? row[m[1]!] : undefined;
    if (!m || typeof id !== 'string' || (typeof name !== 'string' && typeof name !== 'number') || seenNodes.has(id)) continue;
    seenNodes.add(id);
    mapping.push({ variable: m[1]!, nodeId: id, name: String(name), labels: [] });
  }
  if (mapping.length === 0 && relationships.length === 0) return undefined;
  const nameOf = new Map(mapping.map((m) => [m.nodeId, m.name]));
  const triples: MatchedTriple[] = relationships.map((r) => ({ source: r.source, type: r.type, target: r.target, sourceName: nameOf.get(r.source) ?? r.source, targetName: nameOf.get(r.target) ?? r.target }));
  return { rank, gsd: 0, mapping, terms: [], triples };
}
