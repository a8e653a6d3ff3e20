/**
 * Neo4j vector indexes of node names as a candidate source of store placement (docs/placement.md,
 * "Neo4j: candidates from a vector index"): the statements that write the names' vectors, create
 * the indexes and query them, and the keys that tie stored vectors to the embedder that made them.
 *
 * Vectors from one embedder are never compared with another's: the property holding them is named
 * by a hash of the embedder's id and dimension (`kgrag_vec_<key>`), so another embedder writes its
 * own property and its own indexes, and every node written also carries a marker (the embedder's id
 * and dimension) that the query returns with each hit and the caller checks before using it.
 */
import { createHash } from 'node:crypto';
import { quoteIdentifier } from '../identifiers';
import { NAME_PROPERTY } from './fulltext';

/** What identifies an embedder's vectors (Embedder's id and dimension; a structural subset, so core/graph does not import core/embed). */
export interface VectorEmbedder {
  readonly id: string;
  readonly dimension: number;
}

/** A sanity bound checked before anything is sent (the server enforces its own maximum, not checked here: docs/placement.md). */
export const MAX_VECTOR_DIMENSIONS = 4096;

/** How the index compares vectors: GSD is the L2 distance, and Neo4j's euclidean score 1 / (1 + d²) orders hits by it. */
export const SIMILARITY_FUNCTION = 'euclidean';

/** The names, per embedder: the vector property, its marker property, and the index name prefix. */
export interface VectorKeys {
  /** 12 hex digits of sha256(id, dimension). */
  readonly key: string;
  readonly property: string;
  readonly markerProperty: string;
  /** What the marker property holds: the embedder's id and dimension. */
  readonly marker: string;
  readonly dimension: number;
}

export function vectorKeys(embedder: VectorEmbedder): VectorKeys {
  const d = embedder.dimension;
  if (!Number.isInteger(d) || d < 1 || d > MAX_VECTOR_DIMENSIONS) throw new Error(`a Neo4j vector index holds 1 to ${MAX_VECTOR_DIMENSIONS} dimensions; the embedder ${embedder.id} has ${d}`);
  const key = createHash('sha256').update(`${embedder.id}\u0000${d}`).digest('hex').slice(0, 12);
  return { key, property: `kgrag_vec_${key}`, markerProperty: `kgrag_vec_${key}_embedder`, marker: `${embedder.id} (${d} dimensions)`, dimension: d };
}

/** The index over one label (Neo4j 5: a vector index covers one label and one property). */
export function vectorIndexName(keys: VectorKeys, label: string): string {
  return `kgrag_vec_${keys.key}_${label}`;
}

/**
 * The schema write that creates one label's index (IF NOT EXISTS: Neo4j does nothing when an index
 * of that name, or a vector index on the same label and property, exists). The dimension is an
 * integer checked by vectorKeys; names are quoted identifiers. Only with the person's consent.
 */
export function createVectorIndexStatement(keys: VectorKeys, label: string): string {
  return (
    `CREATE VECTOR INDEX ${quoteIdentifier(vectorIndexName(keys, label))} IF NOT EXISTS FOR (n:${quoteIdentifier(label)}) ON n.${quoteIdentifier(keys.property)} ` +
    `OPTIONS {indexConfig: {\`vector.dimensions\`: ${keys.dimension}, \`vector.similarity_function\`: '${SIMILARITY_FUNCTION}'}}`
  );
}

/**
 * The nodes of one label whose vector is missing or not this embedder's (read in a READ transaction
 * before the write): ids and names. Nodes already written are skipped, so an interrupted write
 * resumes where it stopped.
 */
export function nodesToEmbedStatement(keys: VectorKeys, label: string): string {
  return `MATCH (n:${quoteIdentifier(label)}) WHERE n.${quoteIdentifier(keys.property)} IS NULL OR coalesce(n.${quoteIdentifier(keys.markerProperty)}, '') <> $marker RETURN elementId(n) AS id, n.${quoteIdentifier(NAME_PROPERTY)} AS name`;
}

/** One batch of the write: each row `{id, v}` (an element id and its name's vector); the marker a parameter. */
export function writeVectorsStatement(keys: VectorKeys): string {
  return `UNWIND $rows AS r MATCH (n) WHERE elementId(n) = r.id SET n.${quoteIdentifier(keys.property)} = r.v, n.${quoteIdentifier(keys.markerProperty)} = $marker RETURN count(n) AS written`;
}

/**
 * The read-only query (the query door admits the procedure): the nearest `limit` nodes of each
 * index in `$indexes` to `$vector` (HNSW: approximate), with each hit's marker (`node[$markerKey]`)
 * so a vector another embedder wrote is never used. Index names, limit, vector and marker key are
 * parameters; the statement text never changes. `db.index.vector.queryNodes` exists from Neo4j 5.11
 * in Cypher 5 and 25; Neo4j 2026.04 deprecates it in Cypher 25 for the SEARCH clause (2026.01+,
 * Cypher 25 only, whose index name must be an identifier in the text).
 */
export const VECTOR_INDEX_QUERY =
  'UNWIND $indexes AS ix CALL db.index.vector.queryNodes(ix, toInteger($limit), $vector) YIELD node, score ' +
  'RETURN elementId(node) AS id, labels(node) AS labels, node.name AS name, node[$markerKey] AS marker, score';
