// The Cypher of candidate enumeration on a store (docs/ask.md, "On the store"): one statement per
// level reads every edge of that level's frontier nodes, both directions, grouped by (frontier
// branch, direction, relation type, neighbour label) with the group's edges packed in one list —
// no count over chains and no MATCH after a bound node (which the embedded engine plans as a hash
// join over every edge of the graph, docs/placement.md). The client walks what it read exactly as
// the snapshot enumerator walks its arrays. Ids are parameters; labels and relation types come from
// the graph's own schema and are backtick-quoted (quoteIdentifier), never spliced as values.
import type { CypherDialect, CypherParams, CypherValue } from '../../contracts/values';
import { levelBranches, PACK, type EndpointsOf, type LevelGroup } from '../retrieve/store/storeGraph';

export interface CypherStatement {
  readonly text: string;
  readonly params: CypherParams;
}

/**
 * Embedded engine: an edge comes back as one number, `offset(a) * PACK + offset(b)` — one value
 * per edge instead of a row (a row costs the engine's binding ≈ 10 µs, a list element a tenth of
 * that; docs/ask.md). Exact while offset(b) < PACK and offset(a) < 2^53 / PACK = 2^27: the
 * statement also returns the greatest offset(b) of each group, and a level that exceeds either is
 * read again with pairs (`packed: false`).
 */
export { PACK };
export const PACKED_A_LIMIT = 2 ** 27;

/**
 * One level of the enumeration's reads on the embedded engine: per frontier group (a label's nodes
 * by a scan with `scanFilter`, or by their primary keys, one branch each) and direction one branch, with only
 * the relation types the catalog lets start (out) or end (in) at that label (`endpoints`). Columns:
 * g (the group's index), o (1 out, 0 in), t (relation type), l (the neighbour's label), e (the
 * edges: packed numbers, or [offset(a), offset(b)] pairs), mb (the greatest offset(b); 0 for pairs).
 * A key branch (one node) returns a row per edge, e holding one: an aggregate per branch takes the
 * engine's pool per thread (storeGraph's levelParts). '' when no type can start or end at any group's label.
 */
export function levelEdges(groups: readonly LevelGroup[], endpoints: EndpointsOf | undefined, packed: boolean): CypherStatement {
  const params: Record<string, CypherValue> = {};
  const edges = packed ? `collect(offset(id(a)) * ${PACK} + offset(id(b))) AS e, max(offset(id(b))) AS mb` : 'collect([offset(id(a)), offset(id(b))]) AS e, 0 AS mb';
  const edge = packed ? `[offset(id(a)) * ${PACK} + offset(id(b))] AS e, offset(id(b)) AS mb` : '[[offset(id(a)), offset(id(b))]] AS e, 0 AS mb';
  const ret = (i: number, out: boolean, keyed: boolean): string => `RETURN ${i} AS g, ${out ? 1 : 0} AS o, label(r) AS t, label(b) AS l, ${keyed ? edge : edges}`;
  return { text: levelBranches(groups, endpoints, params, ret).join('\nUNION ALL\n'), params };
}

/**
 * The same level on Neo4j: the frontier by element id (`$ids`, a seek), every relation type, both
 * directions; e holds [elementId(a), elementId(b)] pairs, the neighbour's label is its first.
 */
export function levelEdgesNeo4j(ids: readonly string[]): CypherStatement {
  const branch = (out: boolean): string =>
    `MATCH (a)${out ? '-[r]->' : '<-[r]-'}(b) WHERE elementId(a) IN $ids RETURN 0 AS g, ${out ? 1 : 0} AS o, type(r) AS t, labels(b)[0] AS l, collect([elementId(a), elementId(b)]) AS e, 0 AS mb`;
  return { text: `${branch(true)}\nUNION ALL\n${branch(false)}`, params: { ids: [...ids] } };
}

/** The statement for a level in either dialect (embedded: the groups; Neo4j: the ids). */
export function enumerationLevel(dialect: CypherDialect, groups: readonly LevelGroup[], ids: readonly string[], endpoints: EndpointsOf | undefined, packed: boolean): CypherStatement {
  return dialect === 'neo4j' ? levelEdgesNeo4j(ids) : levelEdges(groups, endpoints, packed);
}
