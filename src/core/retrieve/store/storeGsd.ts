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
import { searchOrder, searchTopK, type SearchOptions, type SearchOutcome, type SearchStep } from '../gsd/search';
import type { GraphSnapshot, SearchIndex } from '../snapshot/snapshot';
import type { NodeNameIndex } from '../nodeNames';
import type { CandidateNodes, EndpointsOf } from './storeGraph';
import { endpointOrder, expansionParams, expansionStatement, IoCounter, keyLookups, levelParts, levelStatement, LOOKUPS_PER_STATEMENT, LocalGraphBuilder, membersStatement, namesStatement, offsetOf, statementRoom, type FrontierNode, type LevelGroup, type StoreReader } from './storeGraph';
import type { QueryResult } from '../../graph/graphStore';

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
  const reads = new LevelReads(index, problem, reader, schema, io);
  const k = Math.max(1, options.k);
  let built: LocalGraph;
  let outcome: SearchOutcome;
  // Branch and bound over the levels (docs/placement.md, "Bounded reads"): first what a match at
  // the pattern's least possible GSD needs, widened at each level to its k best images (a topic
  // with fewer than k perfect matches would leave the second pass unbounded); the k-th best found
  // bounds the second pass, which reads only partial matches whose lower bound can still reach it
  // (ties included). The first pass is a heuristic, the second makes the result exact. Two passes
  // fit the round-trip bound when each has at most one statement per level (+ the unnamed root's members).
  if (2 * reads.levels + reads.memberStatements + 1 <= 2 * problem.edges.length + 2) {
    await reads.pass(reads.floor + 2 * BOUND_SLACK, k);
    built = reads.build();
    outcome = searchTopK(built.snap, built.local, options);
    const kth = outcome.matches.length >= k ? outcome.matches[k - 1]!.gsd : Infinity;
    if ((await reads.pass(kth + BOUND_SLACK)) > 0) {
      built = reads.build();
      outcome = searchTopK(built.snap, built.local, options);
    }
  } else {
    await reads.pass(Infinity);
    built = reads.build();
    outcome = searchTopK(built.snap, built.local, options);
  }
  const { builder } = reads;
  // Names of the matched nodes the index did not name: one more statement.
  const matched = new Set<string>();
  for (const m of outcome.matches) for (const g of m.nodes) matched.add(built.snap.data.nodeIds.get(g));
  const unnamed = builder.unnamed(matched);
  if (unnamed.length === 0) return { outcome, snap: built.snap, problem: built.local, io };
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
  return { outcome, snap: named.snap, problem: built.local, io };
}

/** The local graph as the search walks it, and the problem in its node numbers. */
interface LocalGraph {
  readonly snap: GraphSnapshot;
  readonly indexOf: ReadonlyMap<string, number>;
  readonly local: GsdProblem;
}

/**
 * Slack on the bound: GSD values are sums of floats, and the subgraphs that tie the k-th (within
 * retrieve.ts's TIE_EPS, 1e-9) must be read too, for the tie count.
 */
const BOUND_SLACK = 1e-6;

/**
 * The local graph of a problem (every edge its search can look at, in the snapshot's order) and
 * the problem in its node numbers, read level by level (the statements counted on `io`). It does
 * not depend on k: a search with any k on it is the memory search's (why-not's rank searches reuse it).
 */
export async function readLocalGraph(index: CandidateNodes, problem: GsdProblem, reader: StoreReader, schema: GraphSchema, io: IoCounter, threshold = Infinity): Promise<{ builder: LocalGraphBuilder; built: { snap: GraphSnapshot; indexOf: ReadonlyMap<string, number> }; local: GsdProblem }> {
  const reads = new LevelReads(index, problem, reader, schema, io, true);
  // A finite threshold (why-not's count under a fixed bound): every match of GSD ≤ threshold is read whole.
  await reads.pass(threshold);
  const built = reads.build();
  return { builder: reads.builder, built, local: built.local };
}

/** A listed node's candidate distance by store id (undefined: not a candidate). */
interface ListedLookup {
  get(id: string): number | undefined;
}

/** A neighbour read from the store: its id, relation id and label id (-1: not in the index). */
interface Neighbour {
  readonly id: string;
  readonly rel: number;
  readonly label: number;
}

/**
 * The store's side of the search, level by level. Each pass walks the levels of the search order's
 * tree (a pattern node's depth) and expands, with one statement per level, the possible images of
 * the pattern nodes at that depth whose lower bound is within the pass's threshold, reading only
 * the relation types the steps from that node can still afford. The lower bound of image g of
 * pattern node p: the least cost of a path of images from p's root to g (nodes and tree edges,
 * over the edges read) plus the least candidate distance of every other node and edge of the
 * pattern — no match mapping p to g costs less (a match whose every partial image stays within the
 * threshold is read whole, by induction over the levels). A node's types are read once (both
 * directions), whichever pass or level asks for them. Threshold ∞: every possible image, every
 * candidate type of its steps (what any k can reach).
 */
class LevelReads {
  readonly builder: LocalGraphBuilder;
  /** Statements per pass: one per level that has a node with a step from it. */
  readonly levels: number;
  /** Statements for the members of an unnamed root (one per label), sent by the first pass. */
  readonly memberStatements: number;
  /** The least GSD any match can have: every node's and edge's least candidate distance. */
  readonly floor: number;
  private readonly P: number;
  private readonly depth: Int32Array;
  private readonly maxDepth: number;
  /** Per pattern node: the edges of the steps from it, and the tree steps it introduces a child by. */
  private readonly stepsFrom: number[][];
  private readonly children: { edge: number; to: number }[][];
  /** Per pattern node: the least distance of every pattern node and edge off its root path. */
  private readonly rest: Float64Array;
  private readonly minEdge: Float64Array;
  /** Per pattern node: its possible images (store id → least root-path cost). */
  private readonly reach: Map<string, number>[];
  /** Listed nodes: store id → candidate distance. */
  private readonly listed: (ListedLookup | undefined)[];
  /** Lazily listed nodes (`lazy`): their candidates enter the local graph only when a row reaches them. */
  private readonly lazyListed: number[] = [];
  private readonly allowed: (Uint8Array | null)[];
  /** Relation id → its bit among the pattern's candidate types (all 0 when they are more than 30: then a node's types are read together). */
  private readonly bitOf: Int32Array;
  private readonly typeOfBit: number[][];
  private readonly relId: Map<string, number>;
  private readonly labelId: Map<string, number>;
  /** Store id → bits of the types read (both directions). */
  private readonly typesRead = new Map<string, number>();
  private readonly adjacency = new Map<string, Neighbour[]>();
  private readonly endpointsOf: EndpointsOf;
  private readonly labelCount: Map<string, number>;
  /** Labels with a `name` property: their nodes can be found by key (the primary key of kgrag's import). */
  private readonly keyed: Set<string>;
  private readonly empty: boolean;
  private rooted = false;

  /**
   * `lazy` (why-not's widened problems: every node of a label listed next to a pinned target): a
   * listed node that no search or read starts from is looked up by id as rows reach it, not decoded
   * and added whole. It changes no match: its unreached candidates would be isolated local nodes,
   * which no step reaches (only a root's list or an unnamed root's members are iterated, and neither
   * is such a list), and the local graph keeps the snapshot's order (offsets, embedded dialect only;
   * neo4j's local order is the order nodes are added, so it stays eager there).
   */
  constructor(private readonly index: CandidateNodes, private readonly problem: GsdProblem, private readonly reader: StoreReader, schema: GraphSchema, private readonly io: IoCounter, lazy = false) {
    const d = index;
    const declared = new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints] as const));
    this.endpointsOf = (type) => declared.get(type);
    this.labelCount = new Map(schema.labels.map((l) => [l.name, l.count ?? 0] as const));
    this.keyed = new Set(schema.labels.filter((l) => l.properties.includes('name')).map((l) => l.name));
    this.builder = new LocalGraphBuilder(reader.dialect, d.labelNames, d.relationNames, endpointOrder(schema));
    const P = (this.P = problem.nodes.length);
    const order = readOrder(problem);
    const hasList = (p: number): boolean => problem.nodes[p]!.known || problem.nodes[p]!.pinned === true;
    this.empty = order.length === 0 || problem.nodes.some((n) => n.count === 0) || problem.edges.some((e) => e.rels.length === 0);
    this.relId = new Map(d.relationNames.map((n, i) => [n, i] as const));
    this.labelId = new Map(d.labelNames.map((n, i) => [n, i] as const));

    const starts = new Set([...order, ...searchOrder(problem)].flatMap((s) => (s.kind === 'root' ? [s.node] : [])));
    const nodeOf = index.nodeOf;
    const lazyOk = lazy && nodeOf !== undefined && reader.dialect !== 'neo4j';
    // Known and pinned nodes: every candidate is a local node (its name and label from the index).
    this.listed = problem.nodes.map((n, p) => {
      if (!hasList(p)) return undefined;
      if (lazyOk && !starts.has(p)) {
        this.lazyListed.push(p);
        return {
          get: (id: string) => {
            const g = nodeOf(id);
            const r = g === undefined ? undefined : n.rankOf.get(g);
            return r === undefined ? undefined : n.dists[r]!;
          },
        };
      }
      for (const g of n.nodes) this.builder.addNode(index.idOf(g), d.labelNames[index.labelOf(g)] ?? '', index.nameOf(g));
      return new Map(Array.from(n.nodes, (g, i) => [index.idOf(g), n.dists[i]!] as const));
    });
    this.allowed = problem.nodes.map((n) => {
      if (n.labels === null) return null;
      const bits = new Uint8Array(d.labelNames.length);
      for (const l of n.labels) bits[l] = 1;
      return bits;
    });

    // Least distances (computed here, not trusted from the problem: a lower bound must hold).
    const minNode = Float64Array.from(problem.nodes, (n, p) => (hasList(p) && n.dists.length > 0 ? Math.min(...n.dists) : 0));
    this.minEdge = Float64Array.from(problem.edges, (e) => {
      let m = Infinity;
      for (const r of e.rels) m = Math.min(m, e.relDist[r]!);
      return m === Infinity ? 0 : m;
    });
    let floor = 0;
    for (const x of minNode) floor += x;
    for (const x of this.minEdge) floor += x;
    this.floor = floor;

    const depth = (this.depth = new Int32Array(P).fill(-1));
    this.stepsFrom = Array.from({ length: P }, () => []);
    this.children = Array.from({ length: P }, () => []);
    const onPath = new Float64Array(P);
    const roots: number[] = [];
    for (const s of order) {
      if (s.kind === 'root') {
        depth[s.node] = 0;
        onPath[s.node] = minNode[s.node]!;
        roots.push(s.node);
        continue;
      }
      this.stepsFrom[s.from]!.push(s.edge);
      if (s.introduces) {
        depth[s.to] = depth[s.from]! + 1;
        onPath[s.to] = onPath[s.from]! + this.minEdge[s.edge]! + minNode[s.to]!;
        this.children[s.from]!.push({ edge: s.edge, to: s.to });
      }
    }
    this.rest = Float64Array.from(onPath, (x) => floor - x);
    this.maxDepth = Math.max(-1, ...Array.from(depth));
    const levels = new Set<number>();
    for (let p = 0; p < P; p++) if (this.stepsFrom[p]!.length > 0) levels.add(depth[p]!);
    this.levels = this.empty ? 0 : levels.size;
    this.memberStatements = this.empty ? 0 : roots.reduce((s, p) => s + (hasList(p) ? 0 : (problem.nodes[p]!.labels?.length ?? 0)), 0);
    this.reach = Array.from({ length: P }, () => new Map<string, number>());

    const types = new Set<number>();
    for (const e of problem.edges) for (const r of e.rels) types.add(r);
    const typeList = [...types].sort((a, b) => a - b);
    const fine = typeList.length <= 30;
    this.bitOf = new Int32Array(d.relationNames.length).fill(-1);
    typeList.forEach((r, i) => (this.bitOf[r] = fine ? i : 0));
    this.typeOfBit = fine ? typeList.map((r) => [r]) : [typeList];
  }

  /**
   * Reads what the threshold lets in (the first pass also the roots' images); returns the
   * statements sent. `widen` > 0: each level's threshold is raised to its widen-th least image bound.
   */
  async pass(threshold: number, widen = 0): Promise<number> {
    if (this.empty) return 0;
    const { problem, index, builder } = this;
    const d = index;
    let sent = 0;
    if (!this.rooted) {
      this.rooted = true;
      for (let p = 0; p < this.P; p++) {
        if (this.depth[p] !== 0) continue;
        const listed = this.listed[p];
        if (listed instanceof Map) {
          for (const [id, dist] of listed) if (!((this.reach[p]!.get(id) ?? Infinity) <= dist)) this.reach[p]!.set(id, dist);
          continue;
        }
        const labels = problem.nodes[p]!.labels;
        if (labels === null) throw new Error(storeUnsupported(problem));
        // An unnamed root (its label has fewer nodes than the named nodes have candidates): its members.
        for (const l of labels) {
          const rows = await this.io.read(membersStatement(this.reader.dialect, d.labelNames[l]!), {});
          sent++;
          for (const r of rows) {
            const id = String(r.id);
            builder.addNode(id, d.labelNames[l]!, undefined);
            this.reach[p]!.set(id, 0);
          }
        }
      }
    }
    for (let level = 0; level <= this.maxDepth; level++) {
      const at = widen > 0 ? Math.max(threshold, this.kthBound(level, widen)) : threshold;
      if (await this.expand(level, at)) sent++;
      this.propagate(level, at);
    }
    return sent;
  }

  /** The k-th least lower bound among the images at `level` that have a step from them (ties count once each). */
  private kthBound(level: number, k: number): number {
    const bounds: number[] = [];
    for (let p = 0; p < this.P; p++) {
      if (this.depth[p] !== level || this.stepsFrom[p]!.length === 0) continue;
      const rest = this.rest[p]!;
      for (const cost of this.reach[p]!.values()) bounds.push(cost + rest);
    }
    if (bounds.length === 0) return -Infinity;
    bounds.sort((a, b) => a - b);
    return bounds[Math.min(k, bounds.length) - 1]!;
  }

  /** One statement: the types each image at `level` within the threshold still needs. */
  private async expand(level: number, threshold: number): Promise<boolean> {
    const { problem } = this;
    const need = new Map<string, number>();
    for (let p = 0; p < this.P; p++) {
      if (this.depth[p] !== level || this.stepsFrom[p]!.length === 0) continue;
      const rest = this.rest[p]!;
      for (const [id, cost] of this.reach[p]!) {
        const lb = cost + rest;
        if (lb > threshold) continue;
        let bits = 0;
        for (const q of this.stepsFrom[p]!) {
          const e = problem.edges[q]!;
          const room = threshold - lb + this.minEdge[q]!;
          for (const r of e.rels) if (e.relDist[r]! <= room) bits |= 1 << this.bitOf[r]!;
        }
        const missing = bits & ~(this.typesRead.get(id) ?? 0);
        if (missing !== 0) need.set(id, (need.get(id) ?? 0) | missing);
      }
    }
    if (need.size === 0) return false;
    const frontier: FrontierNode[] = [];
    for (const id of need.keys()) frontier.push({ id, label: this.builder.labelNameOf(id) });
    const names = (bits: number): string[] => {
      const out: number[] = [];
      for (let b = 0; b < this.typeOfBit.length; b++) if (bits & (1 << b)) out.push(...this.typeOfBit[b]!);
      return out.sort((a, b) => a - b).map((r) => this.index.relationNames[r]!);
    };
    /** Per frontier node: the types this statement reads for it (both directions). */
    const reading = new Map<string, number>();
    let rows: QueryResult['rows'] = [];
    /** Whether any statement was sent (none when no type can start or end at the frontier's labels). */
    let sent = false;
    if (this.reader.dialect === 'neo4j') {
      let union = 0;
      for (const bits of need.values()) union |= bits;
      for (const id of need.keys()) reading.set(id, union);
      const statement = expansionStatement('neo4j', [], names(union));
      sent = statement !== '';
      if (sent) rows = await this.io.read(statement, expansionParams('neo4j', frontier).params);
    } else {
      const byLabel = new Map<string, string[]>();
      for (const f of frontier) {
        const list = byLabel.get(f.label);
        if (list) list.push(f.id);
        else byLabel.set(f.label, [f.id]);
      }
      const groups: LevelGroup[] = [];
      let budget = LOOKUPS_PER_STATEMENT;
      for (const [label, all] of byLabel) {
        // Nodes of a large label: found by their key, each with exactly its own types (keyLookups); the rest scanned.
        const m = this.keyed.has(label) ? keyLookups(this.labelCount.get(label) ?? 0, all.length, budget) : 0;
        const keys = m > 0 ? this.keysOf(all.slice(0, m)) : undefined;
        let ids = all;
        if (keys) {
          budget -= m;
          all.slice(0, m).forEach((id, j) => {
            reading.set(id, need.get(id)!);
            groups.push({ label, offsets: [offsetOf(id)], keys: [keys[j]!], types: names(need.get(id)!) });
          });
          ids = all.slice(m);
          if (ids.length === 0) continue;
        }
        let union = 0;
        for (const id of ids) union |= need.get(id)!;
        for (const id of ids) reading.set(id, union);
        groups.push({ label, offsets: ids.map(offsetOf), types: names(union) });
      }
      // One statement per part that fits the engine's pool (levelParts; almost always one).
      for (const part of levelParts(groups, this.endpointsOf, statementRoom(this.reader), false)) {
        const { cypher, params } = levelStatement(part, this.endpointsOf);
        if (cypher === '') continue;
        sent = true;
        rows = rows.concat(await this.io.read(cypher, params));
      }
    }
    // Rows of a type a node had read already (a branch reads its label's union) are not new.
    const before = new Map<string, number>();
    for (const f of frontier) {
      const had = this.typesRead.get(f.id) ?? 0;
      before.set(f.id, had);
      this.typesRead.set(f.id, had | reading.get(f.id)!);
    }
    const fresh = rows.filter((r) => {
      // A key matches one node when it is the label's primary key (kgrag's import); a row of another node is not this level's.
      if (!need.has(String(r.a))) return false;
      const rel = this.relId.get(String(r.t)) ?? -1;
      return rel >= 0 && this.bitOf[rel]! >= 0 && ((before.get(String(r.a)) ?? 0) & (1 << this.bitOf[rel]!)) === 0;
    });
    // A lazily listed candidate enters as an eager one would have: with the index's label and name.
    if (this.lazyListed.length > 0) {
      for (const r of fresh) {
        const b = String(r.b);
        if (this.builder.has(b)) continue;
        const g = this.index.nodeOf!(b);
        if (g !== undefined && this.lazyListed.some((p) => this.problem.nodes[p]!.rankOf.has(g))) this.builder.addNode(b, this.index.labelNames[this.index.labelOf(g)] ?? '', this.index.nameOf(g));
      }
    }
    this.builder.addRows(frontier, fresh);
    for (const r of fresh) {
      const a = String(r.a);
      const item: Neighbour = { id: String(r.b), rel: this.relId.get(String(r.t))!, label: this.labelId.get(String(r.bl)) ?? -1 };
      const list = this.adjacency.get(a);
      if (list) list.push(item);
      else this.adjacency.set(a, [item]);
    }
    return sent;
  }

  /** The next level's possible images and their least root-path costs, from every edge read so far. */
  private propagate(level: number, threshold: number): void {
    const { problem } = this;
    for (let p = 0; p < this.P; p++) {
      if (this.depth[p] !== level) continue;
      const rest = this.rest[p]!;
      for (const c of this.children[p]!) {
        const e = problem.edges[c.edge]!;
        const allowed = this.allowed[c.to]!;
        const listed = this.listed[c.to];
        const next = new Map<string, number>();
        for (const [id, cost] of this.reach[p]!) {
          if (cost + rest > threshold) continue;
          for (const nb of this.adjacency.get(id) ?? []) {
            const rc = e.relDist[nb.rel]!;
            if (rc === Infinity) continue;
            if (allowed !== null && (nb.label < 0 || allowed[nb.label] !== 1)) continue;
            let nc = 0;
            if (listed) {
              const x = listed.get(nb.id);
              if (x === undefined) continue;
              nc = x;
            }
            const v = cost + rc + nc;
            const had = next.get(nb.id);
            if (had === undefined || v < had) next.set(nb.id, v);
          }
        }
        this.reach[c.to] = next;
      }
    }
  }

  /** The nodes' primary keys (their names, from the index); undefined when the index lacks one. */
  private keysOf(ids: readonly string[]): string[] | undefined {
    const out: string[] = [];
    for (const id of ids) {
      const g = this.index.nodeOf?.(id);
      if (g === undefined) return undefined;
      out.push(this.index.nameOf(g));
    }
    return out;
  }

  build(): LocalGraph {
    const built = this.builder.build(this.index.fingerprint, this.index.embedderId);
    return { ...built, local: localProblem(this.problem, this.index, built.snap, built.indexOf) };
  }
}

/**
 * The order the store reads in: the search's DFS, but rooted at a listed node (named or pinned)
 * wherever a component has one — at most nodeCandidates images whatever the graph's size — rather
 * than at a small label whose few nodes may be hubs (the search starts at the 3 Ratings when the
 * film has 16 candidates: at MetaQA ×40 the Ratings have ≈ 11,800 films). The search keeps
 * memory's order: the local graph holds every match that can reach the k-th either way, and an
 * unnamed root's members are the local nodes of its labels (a match's root image is among them).
 */
function readOrder(problem: GsdProblem): SearchStep[] {
  const unlisted = Number.MAX_SAFE_INTEGER / 2;
  return searchOrder({ ...problem, nodes: problem.nodes.map((n) => ({ ...n, count: n.known || n.pinned === true ? n.nodes.length : unlisted + n.count })) });
}

/**
 * The problem in the local graph's node numbers (candidate lists keep their ranks and distances).
 * Only listed candidates (≤ nodeCandidates per named node) have their ids decoded; an unnamed typed
 * node's members are the local nodes of its labels — the local graph's numbering is the snapshot's
 * order, so they come ascending, as the snapshot's members do — never its label's every member
 * (every Movie at MetaQA ×40) looked up by id. The search reads members only at a root: those
 * in the local graph, in the snapshot's order, include the root image of every match read (the
 * others start no match the search could keep).
 */
function localProblem(problem: GsdProblem, index: CandidateNodes, local: GraphSnapshot, indexOf: ReadonlyMap<string, number>): GsdProblem {
  const localLabel = local.data.nodeLabel;
  const localIds = local.data.nodeIds;
  const nodes = problem.nodes.map((n): NodeCandidates => {
    const nodesLocal = new Int32Array(n.nodes.length);
    const rankOf = new Map<number, number>();
    if (index.nodeOf && n.nodes.length > localIds.length) {
      // A widened list (every node of a label) against a small local graph: the same pairs, found
      // from the local side (ids are unique in both), without decoding every candidate's id.
      nodesLocal.fill(-1);
      for (let l = 0; l < localIds.length; l++) {
        const g: number | undefined = index.nodeOf(localIds.get(l));
        const rank = g === undefined ? undefined : n.rankOf.get(g);
        if (rank === undefined) continue;
        nodesLocal[rank] = l;
        rankOf.set(l, rank);
      }
      if (!n.members || n.labels === null) return { ...n, nodes: nodesLocal, rankOf };
      return { ...n, nodes: nodesLocal, rankOf, members: localMembers(n.labels, index, localLabel) };
    }
    for (let i = 0; i < n.nodes.length; i++) {
      const g = n.nodes[i]!;
      const l = indexOf.get(index.idOf(g)) ?? -1;
      nodesLocal[i] = l;
      const rank = n.rankOf.get(g);
      if (l >= 0 && rank !== undefined) rankOf.set(l, rank);
    }
    if (!n.members || n.labels === null) return { ...n, nodes: nodesLocal, rankOf };
    return { ...n, nodes: nodesLocal, rankOf, members: localMembers(n.labels, index, localLabel) };
  });
  return { ...problem, nodes };
}

/** The local nodes of the labels, in the local (the snapshot's) order. */
function localMembers(labels: readonly number[], index: CandidateNodes, localLabel: ArrayLike<number>): Uint32Array {
  const wanted = new Uint8Array(index.labelNames.length + 1);
  for (const l of labels) wanted[l] = 1;
  let count = 0;
  for (let l = 0; l < localLabel.length; l++) count += wanted[localLabel[l]!]!;
  const members = new Uint32Array(count);
  for (let l = 0, at = 0; l < localLabel.length; l++) if (wanted[localLabel[l]!] === 1) members[at++] = l;
  return members;
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
