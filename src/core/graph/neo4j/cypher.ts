// Every Cypher string the Neo4j store sends, in one place, so a test can lint each one with Neo4j's own
// front end (@neo4j-cypher/language-support). Values are always parameters; labels/types in the count
// queries come from the database's own schema and are backtick-quoted.
import { quoteIdentifier } from '../identifiers';

export const NODE_TYPE_PROPERTIES = 'CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName RETURN nodeLabels, propertyName';

export const REL_TYPE_PROPERTIES = 'CALL db.schema.relTypeProperties() YIELD relType, propertyName RETURN relType, propertyName';

export const SCHEMA_VISUALIZATION = 'CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships';

/** Uses the count store: constant time. */
export function countLabel(label: string): string {
  return `MATCH (n:${quoteIdentifier(label)}) RETURN count(n) AS count`;
}

export function countRelationshipType(type: string): string {
  return `MATCH ()-[r:${quoteIdentifier(type)}]->() RETURN count(r) AS count`;
}

/**
 * Neighbours of a batch of nodes; one parameterised statement for every option:
 * $ids (elementIds), $types (empty = any), $label (null = any), $direction ('out' | 'in' | 'both').
 */
export const EXPAND = [
  'MATCH (a)-[r]-(b)',
  'WHERE elementId(a) IN $ids',
  '  AND (size($types) = 0 OR type(r) IN $types)',
  '  AND ($label IS NULL OR $label IN labels(b))',
  "  AND ($direction = 'both' OR ($direction = 'out') = (startNode(r) = a))",
  'RETURN elementId(a) AS source, elementId(b) AS id, labels(b) AS labels, b.name AS name, type(r) AS type, startNode(r) = a AS outgoing',
].join('\n');

export const EXPORT_NODES = 'MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, n.name AS name';

export const EXPORT_EDGES = 'MATCH (a)-[r]->(b) RETURN elementId(a) AS source, elementId(b) AS target, type(r) AS type';

export const PING = 'RETURN 1 AS ok';

/** The fixed statements (for the linter test); the count builders are checked with sample names. */
export const FIXED_STATEMENTS: readonly string[] = [NODE_TYPE_PROPERTIES, REL_TYPE_PROPERTIES, SCHEMA_VISUALIZATION, EXPAND, EXPORT_NODES, EXPORT_EDGES, PING];
