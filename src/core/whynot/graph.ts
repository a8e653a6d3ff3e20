/**
 * The graph a why-not analysis reads (docs/whynot.md, "Placement"): in memory, the snapshot; in
 * the store, the search index without the graph plus batched read-only statements through the
 * query door (ids as parameters) — the gsd searches on the local graph of each problem
 * (storeGsd.ts's readLocalGraph: every edge the search can look at, in the snapshot's order, so the
 * same matches, GSD values and tie order), the shortest paths breadth first with one statement per
 * hop (StoreEdges: every edge of the frontier, in the snapshot's order, so the same path).
 *
 * What the store cannot do within bounds it refuses with `NeedsMemory`, and the whole analysis then
 * runs on the snapshot and says why: a result is never part store, part memory.
 */
import type { GraphStore } from '../graph/graphStore';
import type { GsdProblem } from '../retrieve/gsd/problem';
import { searchTopK, type GsdMatch, type SearchOptions } from '../retrieve/gsd/search';
import type { GraphSnapshot, SearchIndex } from '../retrieve/snapshot/snapshot';
import { StoreEdges, type Adjacency, type EdgeSource } from '../retrieve/store/storeEdges';
import { IoCounter } from '../retrieve/store/storeGraph';
import { readLocalGraph, snapshotCandidates, storeUnsupported } from '../retrieve/store/storeGsd';
import type { CandidateNodes } from '../retrieve/store/storeGraph';
import type { GraphSchema } from '../schema/graphSchema';

/** The store cannot answer this part of the analysis within its bounds (the reason says which part). */
export class NeedsMemory extends Error {
  override readonly name = 'NeedsMemory';
}

/** Nodes one hop of a shortest-path search may expand in the store (a hub's neighbourhood at 3–4 hops is most of the graph). */
export const STORE_FRONTIER_CAP = 5_000;

export interface AnalysisGraph {
  readonly placement: 'memory' | 'store';
  /** Names, ids, labels, vectors: the snapshot in memory, the index without the graph in the store. */
  readonly index: SearchIndex;
  /** searchTopK's matches for `problem` (in the index's node numbers). */
  search(problem: GsdProblem, options: SearchOptions): Promise<readonly GsdMatch[]>;
  /** searchTopK's counts in count mode (`options.count`); undefined when a budget ran out. */
  count(problem: GsdProblem, options: SearchOptions): Promise<{ readonly less: number; readonly leq: number } | undefined>;
  /** Every edge of `nodes`, both directions, in the snapshot's order (other nodes' edges may be partial). */
  edgesOf(nodes: readonly number[]): Promise<Adjacency>;
  /** Store placement: the statements sent, rows read and the store's time. */
  readonly io?: IoCounter;
  /** Store placement: the edge source a re-run walks (mor's layers, by relation type), counted in `io`. */
  readonly edges?: EdgeSource;
}

export function memoryGraph(snap: GraphSnapshot): AnalysisGraph {
  return {
    placement: 'memory',
    index: snap,
    search: async (problem, options) => searchTopK(snap, problem, options).matches,
    count: async (problem, options) => searchTopK(snap, problem, options).counted,
    edgesOf: async () => snap.data,
  };
}

/**
 * The candidate side with its id lookups remembered for the analysis: the level reads ask for the
 * same store ids again and again (every row reaching a widened list's node, each pass), and each
 * lookup hashes the id's bytes. Only found nodes are kept (an index may learn nodes later, never
 * renumber them).
 */
function memoNodeOf(base: CandidateNodes): CandidateNodes {
  const lookup = base.nodeOf;
  if (!lookup) return base;
  const found = new Map<string, number>();
  return {
    ...base,
    nodeOf: (id) => {
      const had = found.get(id);
      if (had !== undefined) return had;
      const g = lookup(id);
      if (g !== undefined) found.set(id, g);
      return g;
    },
  };
}

export function storeAnalysisGraph(index: SearchIndex, store: GraphStore, schema: GraphSchema, signal?: AbortSignal): AnalysisGraph {
  const edges = new StoreEdges(index, store, schema, signal);
  // One counter for both kinds of reads: the local graphs' statements and the path searches'.
  const io = edges.io;
  const candidates = memoNodeOf(snapshotCandidates(index));
  const locals = new WeakMap<GsdProblem, { local: Awaited<ReturnType<typeof readLocalGraph>>; threshold: number }>();
  /** The problem's local graph holding every match of GSD ≤ threshold (∞: every match any k can reach). */
  const localOf = async (problem: GsdProblem, threshold = Infinity): Promise<Awaited<ReturnType<typeof readLocalGraph>>> => {
    const unsupported = storeUnsupported(problem);
    if (unsupported) throw new NeedsMemory(unsupported);
    // A list the read starts from is sent whole, however long (a raised limit's rank search starts from
    // every node of a label): the level statement filters the scanned label by a bitset or buckets,
    // a constant cost per node (storeGraph.ts's scanFilter), and splits to fit the engine's pool.
    const had = locals.get(problem);
    if (had && had.threshold >= threshold) return had.local;
    const local = await readLocalGraph(candidates, problem, store, schema, io, threshold);
    locals.set(problem, { local, threshold });
    return local;
  };
  return {
    placement: 'store',
    index,
    io,
    edges,
    async search(problem, options) {
      const local = await localOf(problem);
      const ids = local.built.snap.data.nodeIds;
      // Back into the index's numbering: the analysis reads candidate ranks and names there.
      return searchTopK(local.built.snap, local.local, options).matches.map((m) => ({
        ...m,
        nodes: Int32Array.from(m.nodes, (l) => {
          const g = candidates.nodeOf!(ids.get(l));
          if (g === undefined) throw new NeedsMemory('the store holds a node the search index lacks (the graph changed since the index was built)');
          return g;
        }),
      }));
    },
    async count(problem, options) {
      // Counting never looks past gsd + eps: only the matches within it are read (their every
      // partial image is within it too), plus slack for the sums' float order.
      const local = await localOf(problem, options.count ? options.count.gsd + options.count.eps + 1e-6 : Infinity);
      return searchTopK(local.built.snap, local.local, options).counted;
    },
    async edgesOf(nodes) {
      if (nodes.length > STORE_FRONTIER_CAP) throw new NeedsMemory(`the shortest-path search reached ${nodes.length.toLocaleString('en-US')} nodes in one hop, more than the store path expands (${STORE_FRONTIER_CAP.toLocaleString('en-US')})`);
      return edges.edgesOf(nodes, null);
    },
  };
}
