// What a fresh import wrote, in the order COPY numbered the rows: the import's own tables, kept for
// the search index so it need not read the graph back from the engine (retrieve/snapshot/fromImport.ts).
import type { TextTable } from '../../retrieve/snapshot/textTable';
import { SEP, type PendingGraph } from './graphBuilder';

export interface WrittenGraph {
  /** label → its names; row o is the node at offset o of the label's table. */
  readonly labels: ReadonlyMap<string, TextTable>;
  /** Per (type, label pair): edge i is sources[i] → targets[i] (rows of the two labels), in COPY order. */
  readonly edges: readonly WrittenEdges[];
  /** Lets go of the names and edges (the index build has laid them out): `labels` and `edges` are empty after it. */
  readonly release: () => void;
}

export interface WrittenEdges {
  readonly type: string;
  readonly from: string;
  readonly to: string;
  readonly sources: Uint32Array;
  readonly targets: Uint32Array;
}

/**
 * Views on a pending graph's names and edges, for an import into an empty database (nothing was
 * left out as already stored, so row ids are the engine's offsets). The hashes and properties are
 * not referenced: once the pending graph itself is dropped they can be collected.
 */
export function writtenGraph(graph: PendingGraph): WrittenGraph {
  const labels = new Map<string, TextTable>();
  for (const [label, table] of graph.nodes) if (table.size > 0) labels.set(label, table.view());
  const edges: WrittenEdges[] = [];
  for (const [type, pairs] of graph.edges) {
    for (const [key, set] of pairs) {
      if (set.size === 0) continue;
      const [from, to] = key.split(SEP) as [string, string];
      edges.push({ type, from, to, ...set.pairs() });
    }
  }
  return {
    labels,
    edges,
    release: () => {
      labels.clear();
      edges.length = 0;
    },
  };
}
