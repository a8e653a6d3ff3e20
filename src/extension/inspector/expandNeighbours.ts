/**
 * The host's answer to the inspector's "expand this node": the node's neighbours from the graph
 * store, read-only (GraphStore.expand runs one parameterised statement per batch: the id goes in
 * as a parameter, never into the query text), deduplicated and capped. No `vscode` import, so the
 * unit tests run it against the real embedded engine.
 */
import type { GraphStore } from '../../core/graph';

/** What answering needs: a GraphStore or a RetrievalSession (both expand). */
export type Expandable = Pick<GraphStore, 'expand'>;
import type { ExpandedEdge, ExpandedMessage, ExpandedNode, ExpandMessage } from '../../contracts/inspector/messages';

/** Neighbours drawn per expansion at most (Neo4j Browser's default cap is 100; a webview canvas of 50 stays legible). */
export const EXPAND_CAP = 50;

export async function expandNeighbours(store: Expandable, request: ExpandMessage, cap = EXPAND_CAP, signal?: AbortSignal): Promise<ExpandedMessage> {
  const { requestId, nodeId } = request;
  try {
    const found = await store.expand([nodeId], { direction: 'both', ...(signal ? { signal } : {}) });
    // A neighbour reached by several relationships is one node; its edges are all kept (up to the cap's nodes).
    const nodes = new Map<string, ExpandedNode>();
    const edges = new Map<string, ExpandedEdge>();
    for (const n of found) {
      if (n.node.id === nodeId && n.from === nodeId && n.direction === 'in') continue; // a self-loop, already counted as 'out'
      if (!nodes.has(n.node.id)) {
        if (nodes.size >= cap) continue;
        nodes.set(n.node.id, { id: n.node.id, name: n.node.name, labels: [...n.node.labels] });
      }
      const edge = n.direction === 'out' ? { source: n.from, target: n.node.id, type: n.type } : { source: n.node.id, target: n.from, type: n.type };
      edges.set(`${edge.source}|${edge.type}|${edge.target}`, edge);
    }
    const total = new Set(found.map((n) => n.node.id)).size;
    return { type: 'expanded', status: 'ok', requestId, nodeId, nodes: [...nodes.values()], edges: [...edges.values()], total };
  } catch (e) {
    const message = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    return { type: 'expanded', status: 'error', requestId, nodeId, message };
  }
}
