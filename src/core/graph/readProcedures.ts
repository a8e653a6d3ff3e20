// The procedures the query door lets a read-only statement CALL: one list for both of its parsed checks
// (Neo4j's parser in queryDoor.ts, the embedded engine's plan in embedded/planCheck.ts), in its own
// module so the engine worker's bundle does not take the door's parser with it.

/**
 * Procedures a read-only statement may CALL (lower case). Embedded: catalog table functions; Neo4j: the
 * schema procedures. Everything else (settings, `CALL threads=1`, apoc, dbms.*, file readers) is refused
 * without allowWrite.
 */
export const READ_PROCEDURES: ReadonlySet<string> = new Set([
  'show_tables',
  'show_connection',
  'table_info',
  'db_version',
  'show_functions',
  'db.labels',
  'db.relationshiptypes',
  'db.propertykeys',
  'db.schema.nodetypeproperties',
  'db.schema.reltypeproperties',
  'db.schema.visualization',
  // Neo4j's full-text index query (mode READ in the server's registry): the store path's candidates
  // for named pattern nodes (docs/placement.md). Its index name and query text are values; the query
  // text is escaped so a name cannot change the Lucene query (neo4j/fulltext.ts).
  'db.index.fulltext.querynodes',
  // Neo4j's vector index query (mode READ in the server's registry): candidates from the name
  // vectors a person chose to write (neo4j/vector.ts); index names, vector and limit are values.
  'db.index.vector.querynodes',
]);
