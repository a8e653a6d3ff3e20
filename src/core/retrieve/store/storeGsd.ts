/**
 * gsd in store placement: the candidates come from the search index, the graph stays in the store.
 * The pattern's search order (searchOrder, the same as in memory) gives each pattern node a depth in
 * its DFS tree; level by level, the possible images of the pattern nodes at that depth are expanded
 * with ONE batched read-only statement (storeGraph.ts), their neighbours filtered by the step's
 * relation candidates, labels and candidate lists become the next level's possible images. The
 * search then runs unchanged (searchTopK) on the local graph, which holds every edge the search can
 * look at in the snapshot's order: the same subgraphs, GSD values and tie order as in memory.
 * Round trips: one per level that has a node to expand (≤ the pattern's hops), plus one per label of
 * an unnamed search root (its members); the matched nodes' names come from the index (one statement
 * more only for ids it cannot find).
 */
import type { GraphSchema } from '../../schema/graphSchema';
import type { GsdProblem, NodeCandidates } from '../gsd/problem';
import { searchOrder, searchTopK, type SearchOptions, type SearchOutcome } from '../gsd/search';
import type { GraphSnapshot, SearchIndex } from '../snapshot/snapshot';
import type { NodeNameIndex } from '../nodeNames';
import type { CandidateNodes } from './storeGraph';
import { endpointOrder, expansionParams, expansionStatement, IoCounter, LocalGraphBuilder, membersStatement, namesStatement, type FrontierNode, type StoreReader } from './storeGraph';

export interface StoreSearch {
  readonly outcome: SearchOutcome;
  /** The local graph the search walked, and the problem in its node numbers (for toSubgraph). */
  readonly snap: GraphSnapshot;
  readonly problem: GsdProblem;
  readonly io: IoCounter;
}

/** Why a problem cannot start in the store (undefined: it can). */
export function storeUnsupported(problem: GsdProblem): string | undefined {
  const order = searchOrder(problem);
  for (const s of order) {
    if (s.kind !== 'root') continue;
    const n = problem.nodes[s.node];
    if (!(n.known || n.pinned === true) && n.labels === null) return `the search starts at ${n.variable}, which has neither a name nor a label: in the store that is every node`;
  }
  return undefined;
}

export async function searchInStore(index: CandidateNodes, problem: GsdProblem, reader: StoreReader, schema: GraphSchema, options: SearchOptions, signal?: AbortSignal): Promise<StoreSearch> {
  const io = new IoCounter(reader, signal);
  const d = index;
  const { builder, built, local } = await readLocalGraph(index, problem, reader, schema, io);
  const outcome = searchTopK(built.snap, local, options);
  // Names of the matched nodes the index did not name: one more statement.
  const matched = new Set<string>();
  for (const m of outcome.matches) for (const g of m.nodes) matched.add(built.snap.data.nodeIds.get(g));
  const unnamed = builder.unnamed(matched);
  if (unnamed.length === 0) return { outcome, snap: built.snap, problem: local, io };
  // The index names every node of this graph version: a matched node's name is read there when it
  // can find the node's id, from the store (one statement) otherwise.
  const rest = index.nodeOf ? unnamed.filter((u) => {
    const g = index.nodeOf!(u.id);
    if (g !== undefined) builder.setName(u.id, index.nameOf(g));
    return g === undefined;
  }) : unnamed;
  if (rest.length > 0) {
    const { labels, params } = expansionParams(reader.dialect, rest);
    for (const r of await io.read(namesStatement(reader.dialect, labels), params)) builder.setName(String(r.id), typeof r.name === 'string' ? r.name : r.name === null || r.name === undefined ? '' : String(r.name));
  }
  // Same nodes, same order: only the names are new.
  const named = builder.build(d.fingerprint, d.embedderId);
  return { outcome, snap: named.snap, problem: local, io };
}

/**
 * The local graph of a problem (every edge its search can look at, in the snapshot's order) and
 * the problem in its node numbers, read level by level (the statements counted on `io`). It does
 * not depend on k: a search with any k on it is the memory search's (why-not's rank searches reuse it).
 */
export async function readLocalGraph(index: CandidateNodes, problem: GsdProblem, reader: StoreReader, schema: GraphSchema, io: IoCounter): Promise<{ builder: LocalGraphBuilder; built: { snap: GraphSnapshot; indexOf: ReadonlyMap<string, number> }; local: GsdProblem }> {
  const d = index;
  const declared = new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints] as const));
  const endpointsOf = (type: string): readonly { from: string; to: string }[] | undefined => declared.get(type);
  const builder = new LocalGraphBuilder(reader.dialect, d.labelNames, d.relationNames, endpointOrder(schema));
  const P = problem.nodes.length;
  const order = searchOrder(problem);
  const hasList = (p: number): boolean => problem.nodes[p].known || problem.nodes[p].pinned === true;
  const empty = order.length === 0 || problem.nodes.some((n) => n.count === 0) || problem.edges.some((e) => e.rels.length === 0);

  // Known and pinned nodes: every candidate is a local node (its name and label from the index).
  for (const n of problem.nodes) if (n.known || n.pinned === true) for (const g of n.nodes) builder.addNode(index.idOf(g), d.labelNames[index.labelOf(g)] ?? '', index.nameOf(g));

  const depth = new Int32Array(P).fill(-1);
  const images: Set<string>[] = Array.from({ length: P }, () => new Set<string>());
  const isFrom = new Uint8Array(P);
  const children: { edge: number; to: number }[][] = Array.from({ length: P }, () => []);
  for (const s of order) {
    if (s.kind === 'root') depth[s.node] = 0;
    else {
      isFrom[s.from] = 1;
      if (s.introduces) {
        depth[s.to] = depth[s.from] + 1;
        children[s.from].push({ edge: s.edge, to: s.to });
      }
    }
  }
  if (!empty) {
    for (const s of order) {
      if (s.kind !== 'root') continue;
      const n = problem.nodes[s.node];
      if (hasList(s.node)) {
        for (const g of n.nodes) images[s.node].add(index.idOf(g));
        continue;
      }
      if (n.labels === null) throw new Error(storeUnsupported(problem));
      // An unnamed root (its label has fewer nodes than the named nodes have candidates): its members.
      for (const l of n.labels) {
        const rows = await io.read(membersStatement(reader.dialect, d.labelNames[l]), {});
        for (const r of rows) {
          const id = String(r.id);
          builder.addNode(id, d.labelNames[l], undefined);
          images[s.node].add(id);
        }
      }
    }
  }

  const types = new Set<string>();
  for (const e of problem.edges) for (const r of e.rels) types.add(d.relationNames[r]);
  const typeList = [...types];
  /** Per expanded node: its neighbours (id, relation id) from the rows read. */
  const adjacency = new Map<string, { id: string; rel: number; label: number }[]>();
  const maxDepth = Math.max(-1, ...Array.from(depth));
  for (let level = 0; level <= maxDepth && !empty; level++) {
    const frontier: FrontierNode[] = [];
    const inFrontier = new Set<string>();
    for (let p = 0; p < P; p++) {
      if (depth[p] !== level || !isFrom[p]) continue;
      for (const id of images[p]) {
        if (builder.isExpanded(id) || inFrontier.has(id)) continue;
        inFrontier.add(id);
        frontier.push({ id, label: builder.labelNameOf(id) });
      }
    }
    if (frontier.length > 0 && typeList.length > 0) {
      const { labels, params } = expansionParams(reader.dialect, frontier);
      const statement = expansionStatement(reader.dialect, labels, typeList, endpointsOf);
      // Only the parameters of the branches sent (a frontier label no candidate type touches has none).
      const used = Object.fromEntries(Object.entries(params).filter(([name]) => statement.includes(`$${name} `)));
      const rows = statement === '' ? [] : await io.read(statement, used);
      builder.addRows(frontier, rows);
      for (const r of rows) {
        const a = String(r.a);
        const rel = d.relationNames.indexOf(String(r.t));
        const label = d.labelNames.indexOf(String(r.bl));
        const list = adjacency.get(a);
        const item = { id: String(r.b), rel, label };
        if (list) list.push(item);
        else adjacency.set(a, [item]);
      }
    }
    // The next level's possible images: neighbours through the step's relations, labels and lists.
    for (let p = 0; p < P; p++) {
      if (depth[p] !== level) continue;
      for (const c of children[p]) {
        const e = problem.edges[c.edge];
        const target: NodeCandidates = problem.nodes[c.to];
        const listed = hasList(c.to) ? new Set(Array.from(target.nodes, (g) => index.idOf(g))) : undefined;
        for (const id of images[p]) {
          for (const nb of adjacency.get(id) ?? []) {
            if (nb.rel < 0 || e.relDist[nb.rel] === Infinity) continue;
            if (target.labels !== null && !target.labels.includes(nb.label)) continue;
            if (listed && !listed.has(nb.id)) continue;
            images[c.to].add(nb.id);
          }
        }
      }
    }
  }

  const built = builder.build(d.fingerprint, d.embedderId);
  return { builder, built, local: localProblem(problem, index, built.snap, built.indexOf) };
}

/**
 * The problem in the local graph's node numbers (candidate lists keep their ranks and distances).
 * Only listed candidates (≤ nodeCandidates per named node) have their ids decoded; an unnamed typed
 * node's members are the local nodes of its labels — the local graph's numbering is the snapshot's
 * order, so they come ascending, as the snapshot's members do — never its label's every member
 * (every Movie at MetaQA ×40) looked up by id. The search reads members only at a root, and an
 * unnamed root's members were all read from the store.
 */
function localProblem(problem: GsdProblem, index: CandidateNodes, local: GraphSnapshot, indexOf: ReadonlyMap<string, number>): GsdProblem {
  const localLabel = local.data.nodeLabel;
  const nodes = problem.nodes.map((n): NodeCandidates => {
    const nodesLocal = new Int32Array(n.nodes.length);
    const rankOf = new Map<number, number>();
    for (let i = 0; i < n.nodes.length; i++) {
      const g = n.nodes[i]!;
      const l = indexOf.get(index.idOf(g)) ?? -1;
      nodesLocal[i] = l;
      const rank = n.rankOf.get(g);
      if (l >= 0 && rank !== undefined) rankOf.set(l, rank);
    }
    if (!n.members || n.labels === null) return { ...n, nodes: nodesLocal, rankOf };
    const wanted = new Uint8Array(index.labelNames.length + 1);
    for (const l of n.labels) wanted[l] = 1;
    let count = 0;
    for (let l = 0; l < localLabel.length; l++) count += wanted[localLabel[l]!]!;
    const members = new Uint32Array(count);
    for (let l = 0, at = 0; l < localLabel.length; l++) if (wanted[localLabel[l]!] === 1) members[at++] = l;
    return { ...n, nodes: nodesLocal, rankOf, members };
  });
  return { ...problem, nodes };
}

/** The search index (the index file read without the graph's edges, or a snapshot) as the candidate side of in-store retrieval. */
export function snapshotCandidates(snap: SearchIndex): CandidateNodes {
  const d = snap.data;
  return {
    fingerprint: d.fingerprint,
    embedderId: d.embedderId,
    labelNames: d.labelNames,
    relationNames: d.relationNames,
    idOf: (g) => d.nodeIds.get(g),
    nameOf: (g) => d.names.get(g),
    labelOf: (g) => d.nodeLabel[g]!,
    nodeOf: (id) => snap.nodeIndexOf(id),
  };
}

/** A NodeNameIndex (issue 24's name index over the index file) as the candidate side of in-store retrieval. */
export function nameIndexCandidates(names: NodeNameIndex): CandidateNodes {
  return snapshotCandidates(names.searchIndex);
}
