/**
 * The store's full-text name index (docs/placement.md, "Neo4j: candidates from the full-text
 * index"), for the front doors: whether it exists, the statement that creates it, and creating it —
 * a schema write, only on the person's explicit word (`kgrag index create --write`, the editor's
 * modal confirmation), never implied by a run. The embedded engine keeps its own name index on disk
 * (the index file `kgrag import` writes): its full-text extension cannot be installed offline.
 */
import { isGraphStoreError } from './errors';
import type { GraphStore } from './graphStore';
import { createNameIndexStatement, NAME_INDEX } from './neo4j/fulltext';
import { Neo4jStore } from './neo4j/neo4jStore';

export { NAME_INDEX };

export type NameIndexState =
  | { readonly kind: 'present'; readonly index: string }
  | { readonly kind: 'missing'; readonly index: string; readonly statement: string }
  | { readonly kind: 'not-neo4j'; readonly reason: string };

const EMBEDDED_REASON = 'the embedded engine keeps its own name index on disk (the index file kgrag import writes); a full-text index is a Neo4j index';

/**
 * Whether the index exists: the presence check is the query itself (the query door admits no
 * `SHOW INDEXES`, which is administration): one full-text query with limit 1; Neo4j's "no such
 * index" error means missing.
 */
export async function nameIndexState(store: GraphStore, signal?: AbortSignal): Promise<NameIndexState> {
  if (!(store instanceof Neo4jStore)) return { kind: 'not-neo4j', reason: EMBEDDED_REASON };
  try {
    await store.nameIndexHits('kgrag', 1, signal);
    return { kind: 'present', index: NAME_INDEX };
  } catch (e) {
    if (!isGraphStoreError(e, 'no-index')) throw e;
    return { kind: 'missing', index: NAME_INDEX, statement: await nameIndexStatement(store, signal) };
  }
}

/** The statement that creates the index over the graph's labels (nothing is run). */
export async function nameIndexStatement(store: Neo4jStore, signal?: AbortSignal): Promise<string> {
  const schema = await store.schema(signal);
  return createNameIndexStatement(schema.labels.map((l) => l.name));
}

/** Creates the index (IF NOT EXISTS): the schema write the person consented to. Returns the statement run. */
export async function createNameIndex(store: GraphStore, signal?: AbortSignal): Promise<{ readonly kind: 'created'; readonly statement: string } | { readonly kind: 'not-neo4j'; readonly reason: string }> {
  if (!(store instanceof Neo4jStore)) return { kind: 'not-neo4j', reason: EMBEDDED_REASON };
  return { kind: 'created', statement: await store.createNameIndex(signal) };
}
