import { namesView, type Embedder } from '../embed/embedder';
import { readSearchIndex } from './snapshot/cache';
import type { SearchIndex } from './snapshot/snapshot';

/** A node a text may name: its index in the index file, store id, name, label and L2 distance. */
export interface NameCandidate {
  readonly node: number;
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly distance: number;
}

/**
 * The node names of an index file, for whoever needs candidate nodes for a text without the rest
 * of retrieval (e.g. in-store retrieval, which runs the traversal as Cypher on the store): opening
 * reads typed arrays only; names and ids are decoded for the candidates returned.
 */
export interface NodeNameIndex {
  readonly size: number;
  /** The index itself (names, ids, labels, vectors; never the graph's edges): what gsd's candidates are computed from. */
  readonly searchIndex: SearchIndex;
  readonly embedderId: string;
  /**
   * The k nodes nearest to `text` (L2 between the embedder's vectors; ties by node index),
   * optionally of one label. Exact up to 250 000 nodes, above that the rarest-buckets walk of
   * VectorIndex's `auto` mode (docs/retrieval.md).
   */
  candidates(text: string, k: number, label?: string): Promise<NameCandidate[]>;
  /** Nodes named exactly `name`, ascending. */
  named(name: string): readonly number[];
  name(node: number): string;
  id(node: number): string;
  label(node: number): string;
}

/**
 * Opens the index file at `path` (written by the import, src/core/retrieve/snapshot/cache.ts)
 * without the graph's edges and BM25 (readSearchIndex); undefined when it is missing, foreign, of
 * another embedder or (`expect`) of another graph version.
 */
export function openNodeNameIndex(path: string, embedder: Embedder, expect?: { fingerprint: string }): NodeNameIndex | undefined {
  const snap = readSearchIndex(path, expect ? { fingerprint: expect.fingerprint, embedderId: embedder.id } : undefined);
  if (!snap || snap.data.embedderId !== embedder.id) return undefined;
  return nodeNameIndexOf(snap, embedder);
}

/** The same interface over an index or snapshot already open (a session's). */
export function nodeNameIndexOf(snap: SearchIndex, embedder: Embedder): NodeNameIndex {
  const d = snap.data;
  return {
    size: snap.nodeCount,
    searchIndex: snap,
    embedderId: d.embedderId,
    async candidates(text, k, label) {
      const q = await namesView(embedder).embedBatch([text]); // rows are names-view vectors
      const l = label === undefined ? -1 : snap.labelId(label);
      if (label !== undefined && l < 0) return [];
      const hits = snap.searchName(text, q, k, l >= 0 ? { labels: d.nodeLabel, label: l } : {});
      return hits.map((h) => ({ node: h.index, id: d.nodeIds.get(h.index), name: d.names.get(h.index), label: snap.labelOf(h.index), distance: h.distance }));
    },
    named: (name) => snap.nodesNamed(name),
    name: (node) => d.names.get(node),
    id: (node) => d.nodeIds.get(node),
    label: (node) => snap.labelOf(node),
  };
}
