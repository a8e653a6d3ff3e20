// One error type for every store, with a stable code callers can branch on and a message for people.
export type GraphStoreErrorCode =
  | 'crashed' // the embedded engine process died (it restarts on the next request)
  | 'timeout'
  | 'cancelled'
  | 'query-failed' // the database rejected the statement
  | 'not-read-only' // a write was attempted in a read-only query
  | 'refused' // the query door refused the statement (administration, several statements)
  | 'locked' // another process holds the database
  | 'open-failed'
  | 'unavailable' // no server at the address (Neo4j)
  | 'auth' // credentials rejected (Neo4j)
  | 'no-index' // the index a query names does not exist (Neo4j's full-text name index: store placement falls back and says so)
  | 'closed'; // the store was closed

export class GraphStoreError extends Error {
  constructor(
    readonly code: GraphStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GraphStoreError';
  }
}

export function isGraphStoreError(e: unknown, code?: GraphStoreErrorCode): e is GraphStoreError {
  return e instanceof GraphStoreError && (code === undefined || e.code === code);
}

/** A short, single-line rendering of a query for error messages. */
export function abbreviate(cypher: string, max = 80): string {
  const flat = cypher.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}
