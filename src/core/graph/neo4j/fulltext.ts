/**
 * Neo4j's full-text index as the candidate source of store placement (docs/placement.md, "Neo4j:
 * candidates from the full-text index"): the statements that create and query it, the Lucene query
 * a name becomes, and how a missing index is recognised.
 */
import { Neo4jError } from 'neo4j-driver';
import { quoteIdentifier } from '../identifiers';

/** The one index KG-RAG Studio creates and queries: node names over every label of the graph. */
export const NAME_INDEX = 'kgrag_names';

/** The node property holding a node's name (what every store reads as the name). */
export const NAME_PROPERTY = 'name';

/**
 * The schema write that creates the index over `labels` (the graph's labels; a label added later is
 * not covered until the index is dropped and created again). Only with the person's consent.
 */
export function createNameIndexStatement(labels: readonly string[], property: string = NAME_PROPERTY): string {
  if (labels.length === 0) throw new Error('the graph has no labels: there is nothing to index');
  return `CREATE FULLTEXT INDEX ${NAME_INDEX} IF NOT EXISTS FOR (n:${labels.map(quoteIdentifier).join('|')}) ON EACH [n.${quoteIdentifier(property)}]`;
}

/**
 * The read-only query (the query door admits this procedure): the index name, the Lucene query text
 * and the limit are parameters. A JavaScript number reaches the server as a FLOAT; the procedure's
 * `limit` option is an INTEGER, hence toInteger.
 */
export const NAME_INDEX_QUERY =
  'CALL db.index.fulltext.queryNodes($index, $text, {limit: toInteger($limit)}) YIELD node, score ' +
  'RETURN elementId(node) AS id, labels(node) AS labels, node.name AS name, score';

/** Characters the Lucene classic query parser reads as syntax (escaped with a backslash). */
const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|<>=]/g;
/** At most this many words of a name are asked for (each is two clauses; Lucene refuses more than 1,024). */
export const MAX_QUERY_WORDS = 64;

/**
 * The Lucene query for a name: every whitespace-separated word is escaped (so `*`, `:`, `"`, `~`,
 * `AND`, `OR`, `NOT`, `name:x`, `\` in a name stay literal text and cannot widen, narrow or redirect
 * the query to another field), lower-cased, and asked for exactly (`word`) or within two edits
 * (`word~`, Lucene's fuzzy match: names with typos, as the lexical embedder matches them). Words are
 * OR-ed (the parser's default): a node matching any word is a hit, ranked by Lucene's score. Empty
 * when the name has no word.
 */
export function luceneQuery(name: string): string {
  const words = name
    .split(/\s+/u)
    .filter((w) => w !== '')
    .slice(0, MAX_QUERY_WORDS)
    // Lower case: the parser's operators (AND, OR, NOT, TO) are upper case only, and the index's analyzer lower-cases terms anyway.
    .map((w) => w.toLowerCase().replace(LUCENE_SPECIAL, (c) => `\\${c}`));
  // `word~` on a one-letter word matches every one- to three-letter term: the exact word only.
  return words.map((w) => (w.replace(/\\/g, '').length > 1 ? `${w} ${w}~` : w)).join(' ');
}

/**
 * Whether a driver error says the full-text (or vector) index does not exist: the procedure's call
 * failed with "There is no such fulltext schema index" (Neo.ClientError.Procedure.ProcedureCallFailed,
 * as reported from Neo4j 4.x and 5.x; "vector" in the same words for db.index.vector.queryNodes, not
 * seen from a server), or the error's GQL cause chain holds 22N69 "index does not
 * exist" (documented for other statements, e.g. DROP INDEX; in case a newer server attaches it here).
 */
export function isNoSuchIndexError(e: unknown): boolean {
  if (!(e instanceof Neo4jError)) return false;
  if (typeof e.containsGqlCause === 'function' && e.containsGqlCause('22N69')) return true;
  return e.code === 'Neo.ClientError.Procedure.ProcedureCallFailed' && /no such (fulltext|vector) (schema )?index/i.test(e.message);
}
