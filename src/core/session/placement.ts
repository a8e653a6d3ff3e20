/**
 * Placement (docs/placement.md): does a strategy search the graph in client memory (the snapshot)
 * or in the store (candidates from the index, expansion by batched read-only Cypher)? `auto`
 * compares the graph's estimated in-memory size with a memory budget (`kgrag.retrieval.memoryBudgetMB`).
 */
import type { PlacementChoice, PlacementReport } from '../../contracts/retrievalResult';
import type { StrategyKind } from '../plan/planningGraph';
import type { GraphSchema } from '../schema/graphSchema';
import { APPROXIMATE_ABOVE } from '../retrieve/snapshot/vectorIndex';

/** Strategies with an in-store search today; the others run on the snapshot and say so. */
export const STORE_STRATEGIES: ReadonlySet<StrategyKind> = new Set<StrategyKind>(['gsd', 'mor', 'stem', 'sage']);

/**
 * Bytes per node and per edge of the snapshot in memory, measured on MetaQA with the lexical
 * embedder (GraphSnapshot.byteSize(): 42,828 nodes, 129,235 edges): names, ids, label, sparse
 * name vector per node; CSR both directions per edge.
 */
export const SNAPSHOT_BYTES_PER_NODE = 420;
export const SNAPSHOT_BYTES_PER_EDGE = 12;
/**
 * Above APPROXIMATE_ABOVE nodes the name vectors stay in the index file (docs/scale.md): names,
 * ids, label, norms, row offsets, BM25 and the search's accumulators per node. Measured on MetaQA
 * ×40 (1,515,039 nodes, 5,169,400 edges): 286 MB of process RSS once the file is open, of which
 * ≈ 60 MB Node itself and 62 MB the CSR.
 */
export const SNAPSHOT_BYTES_PER_NODE_VECTORS_ON_DISK = 130;

export function estimatedSnapshotBytes(schema: GraphSchema): { nodes: number; edges: number; bytes: number } {
  const nodes = schema.labels.reduce((s, l) => s + (l.count ?? 0), 0);
  const edges = schema.relationshipTypes.reduce((s, r) => s + (r.count ?? 0), 0);
  return { nodes, edges, bytes: estimatedBytes(nodes, edges) };
}

/** The snapshot's estimated bytes in memory for a graph of this size (also what a session's preload decides by). */
export function estimatedBytes(nodes: number, edges: number): number {
  const perNode = nodes > APPROXIMATE_ABOVE ? SNAPSHOT_BYTES_PER_NODE_VECTORS_ON_DISK : SNAPSHOT_BYTES_PER_NODE;
  return nodes * perNode + edges * SNAPSHOT_BYTES_PER_EDGE;
}

const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0)} MB`;

/** The memory budget when no setting gives one (package.json's default of kgrag.retrieval.memoryBudgetMB; a unit test keeps them equal). */
export const DEFAULT_MEMORY_BUDGET_MB = 512;

/**
/**
 * Where the why-not analysis of `kind` reads the graph for `requested`, and why (docs/whynot.md,
 * "Placement"): every strategy has an in-store analysis (cypher: its relaxed queries run in the
 * store in both placements).
 */
export function decideWhyNotPlacement(kind: StrategyKind, requested: PlacementChoice, schema: GraphSchema | undefined, budgetMB: number): PlacementReport {
  if (requested === 'memory') return { requested, ran: 'memory', reason: 'placement memory was asked for' };
  // The analysis follows the size rule of the strategies with an in-store search (cypher's run always runs in the store; its analysis need not).
  return decidePlacement(kind === 'cypher' ? 'gsd' : kind, requested, schema, budgetMB);
}

/**
 * Where `kind` runs for `requested`, and why. `budgetMB` is the memory budget auto compares with.
 * `ask` is the grounded planner (core/ask): in the store it grounds on the index without the graph
 * and enumerates its candidates on the neighbourhood read from the store; only when asked for (auto keeps it in memory).
 */
export function decidePlacement(kind: StrategyKind | 'ask', requested: PlacementChoice, schema: GraphSchema | undefined, budgetMB: number): PlacementReport {
  if (kind === 'cypher') return { requested, ran: 'store', reason: 'the cypher strategy always runs its compiled query in the store' };
  if (requested === 'memory') return { requested, ran: 'memory', reason: 'placement memory was asked for' };
  const size = schema ? estimatedSnapshotBytes(schema) : undefined;
  const sizeText = size ? `the graph (${size.nodes.toLocaleString('en-US')} nodes, ${size.edges.toLocaleString('en-US')} edges) needs ≈ ${mb(size.bytes)} in memory` : 'the graph size is unknown';
  if (kind !== 'ask' && !STORE_STRATEGIES.has(kind)) return { requested, ran: 'memory', reason: `${kind} has no in-store search yet: it ran on the snapshot (${sizeText})` };
  if (requested === 'store') return { requested, ran: 'store', reason: 'placement store was asked for' };
  // Measured (docs/ask.md): ask's in-store enumeration costs more time and more memory summed than the snapshot, so auto never picks it.
  if (kind === 'ask') return { requested, ran: 'memory', reason: `${sizeText}; auto keeps ask in memory: in the store it walks every chain of up to 3 hops around the named node (MetaQA ×40: 7–16 s and ≈ 1.9 GB with the engine, against ≈ 0.3 s and ≈ 0.9 GB in memory); --placement store runs it there` };
  if (!size) return { requested, ran: 'memory', reason: `${sizeText}: ran in memory` };
  const budget = budgetMB * 1048576;
  return size.bytes > budget
    ? { requested, ran: 'store', reason: `${sizeText}, over the memory budget of ${budgetMB} MB` }
    : { requested, ran: 'memory', reason: `${sizeText}, within the memory budget of ${budgetMB} MB` };
}
