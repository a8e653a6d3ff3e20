/**
 * The store's vector indexes of node names (docs/placement.md, "Neo4j: candidates from a vector
 * index"), for the front doors: whether this embedder's indexes exist, the statements that create
 * them, and creating them — a write of every node's name vector and a schema write per label, only
 * on the person's explicit word (`kgrag index create --vectors --write`, the editor's modal
 * confirmation), never implied by a run. The embedded engine keeps its own name vectors on disk
 * (the index file): its vector extension cannot be installed offline.
 */
import { isGraphStoreError } from './errors';
import type { GraphStore } from './graphStore';
import { Neo4jStore, type VectorWriteReport } from './neo4j/neo4jStore';
import { createVectorIndexStatement, vectorIndexName, vectorKeys, writeVectorsStatement, type VectorEmbedder } from './neo4j/vector';

/** What `embed` gets: the names to embed (the embedder's names view, as the index file embeds them). */
export type EmbedNames = (names: readonly string[], signal?: AbortSignal) => Promise<Float32Array>;

export type VectorIndexState =
  | { readonly kind: 'present'; readonly indexes: readonly string[]; readonly marker: string }
  | { readonly kind: 'missing'; readonly indexes: readonly string[]; readonly missing: readonly string[]; readonly marker: string; readonly statements: readonly string[] }
  | { readonly kind: 'unusable'; readonly indexes: readonly string[]; readonly marker: string; readonly reason: string }
  | { readonly kind: 'not-neo4j'; readonly reason: string };

const EMBEDDED_REASON = 'the embedded engine keeps its own name vectors on disk (the index file kgrag import writes); a vector index is a Neo4j index';

/**
 * Whether this embedder's index exists for every label: the check is the query itself (the door
 * admits no `SHOW INDEXES`), one per label with a unit vector and limit 1. Missing: Neo4j's "no
 * such index" error. Unusable: another failure of the query (e.g. an index still populating, as a
 * server may word it) or a hit whose marker is not this embedder's.
 */
export async function vectorIndexState(store: GraphStore, embedder: VectorEmbedder, embed: EmbedNames, signal?: AbortSignal): Promise<VectorIndexState> {
  if (!(store instanceof Neo4jStore)) return { kind: 'not-neo4j', reason: EMBEDDED_REASON };
  const keys = vectorKeys(embedder);
  const labels = (await store.schema(signal)).labels.map((l) => l.name);
  const indexes = labels.map((l) => vectorIndexName(keys, l));
  // A real name's vector as the probe: a unit vector of the right width (any vector would do).
  const probe = Array.from(await embed(['kgrag'], signal));
  const missing: string[] = [];
  for (const index of indexes) {
    try {
      const got = await store.vectorIndexHits(probe, [index], keys.markerProperty, 1, signal);
      const foreign = got.hits.find((h) => h.marker !== keys.marker);
      if (foreign) return { kind: 'unusable', indexes, marker: keys.marker, reason: `the index ${index} returned a node whose vector was not written by ${keys.marker} (its marker: ${foreign.marker ?? 'none'})` };
    } catch (e) {
      if (isGraphStoreError(e, 'no-index')) missing.push(index);
      else if (isGraphStoreError(e, 'query-failed')) return { kind: 'unusable', indexes, marker: keys.marker, reason: e.message };
      else throw e;
    }
  }
  if (missing.length === 0) return { kind: 'present', indexes, marker: keys.marker };
  return { kind: 'missing', indexes, missing, marker: keys.marker, statements: [writeVectorsStatement(keys), ...labels.map((l) => createVectorIndexStatement(keys, l))] };
}

/**
 * Writes every node's name vector (this embedder's; nodes already written are skipped) and creates
 * the index of each label (IF NOT EXISTS): the writes the person consented to.
 */
export async function createVectorIndexes(store: GraphStore, embedder: VectorEmbedder, embed: EmbedNames, onProgress?: (written: number, label: string) => void, signal?: AbortSignal): Promise<({ readonly kind: 'created' } & VectorWriteReport) | { readonly kind: 'not-neo4j'; readonly reason: string }> {
  if (!(store instanceof Neo4jStore)) return { kind: 'not-neo4j', reason: EMBEDDED_REASON };
  return { kind: 'created', ...(await store.createVectorIndexes(vectorKeys(embedder), embed, onProgress, signal)) };
}
