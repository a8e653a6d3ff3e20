/**
 * The edges a strategy walks, read from the store on demand (docs/placement.md, "mor, sage in the
 * store"). gsd builds a local graph numbered on its own (storeGsd.ts); mor and sage score nodes
 * through the search index by the index's node numbers (BM25 rows, name vectors, label ids, and
 * ties broken by node number), so their local graph keeps the index's numbering: CSR arrays over
 * every node of the index that hold the edges of the nodes expanded so far — each in the snapshot's
 * order (out, then in; relation type in the index's order, endpoint pair in the catalog's order,
 * source offset, stored edge offset: the order `EmbeddedStore.exportGraph` gives the snapshot).
 * The strategy's own loop walks those arrays exactly as it walks the snapshot's. One batched
 * read-only statement per call (storeGraph.ts's packedLevelStatement on the embedded engine: gsd's
 * level reads with the edges packed one number each; expansionStatement on Neo4j: ids as
 * parameters, through the query door) reads every frontier node not read yet for the asked types.
 */
import type { CypherDialect, CypherParams } from '../../graph/graphStore';
import type { GraphSchema } from '../../schema/graphSchema';
import { GraphSnapshot, type SearchIndex, type SnapshotData } from '../snapshot/snapshot';
import { endpointOrder, expansionParams, expansionStatement, IoCounter, keyLookups, levelParts, levelStatement, LOOKUPS_PER_STATEMENT, OffsetNodes, offsetOf, PACK, PACKED_R_LIMIT, packedLevelStatement, statementRoom, type EndpointsOf, type FrontierNode, type LevelGroup, type StoreReader } from './storeGraph';

/** The adjacency arrays a strategy walks (the snapshot's own, or a local graph in its numbering). */
export type Adjacency = Pick<SnapshotData, 'outOffsets' | 'outTargets' | 'outRels' | 'inOffsets' | 'inSources' | 'inRels'>;

/**
 * The snapshot's own arrays, for a walk in memory. A search index without the graph has none: a
 * store-placed walk is given an EdgeSource instead (the strategy table's frame), so reaching this
 * with one is a wiring error, not a graph problem.
 */
export function memoryAdjacency(index: SearchIndex): Adjacency {
  if (index instanceof GraphSnapshot) return index.data;
  throw new Error('this search index holds no edges (store placement): the walk needs an edge source');
}

/** Where a strategy reads the edges it walks from, when not from the snapshot. */
export interface EdgeSource {
  /**
   * Makes the edges of `nodes` whose relation type is marked 1 in `types` (by relation id; null =
   * every type) readable, and returns the arrays to walk: in them each of `nodes` has every such
   * edge, in the snapshot's order. Nodes read by earlier calls stay readable. The arrays returned are
   * valid until the next call (a store's local graph is filled again in place: walk them, then ask).
   */
  edgesOf(nodes: Iterable<number>, types: Uint8Array | null): Promise<Adjacency>;
}


/**
 * Store placement's edge source: reads from the store, counts the round trips (`io`), and keeps the
 * edges read in the index's node numbering. Rows naming a node the index does not hold (the graph
 * changed after the index was built) are left out: the snapshot would not hold them either.
 * On the embedded engine the edges come packed (`packedLevelStatement`: one number per edge, grouped
 * per frontier node, type and neighbour label) and are taken as numbers — table offsets to index
 * nodes by `OffsetNodes`, no id strings, no per-edge key strings.
 */
export class StoreEdges implements EdgeSource {
  readonly io: IoCounter;
  /** Per node read: the relation types read (null = every type). */
  private readonly read = new Map<number, Uint8Array | null>();
  /** Embedded: a stored edge's number (edgeKey) → its edge; Neo4j, or a number too large: the key string. */
  private readonly seenKeys = new Map<number, number>();
  private readonly seen = new Set<string>();
  private src: number[] = [];
  private dst: number[] = [];
  private rel: number[] = [];
  /** Sort keys per edge: relation, endpoint pair, source offset, stored edge offset (Neo4j: relation, arrival). */
  private keys: number[] = [];
  /** Edge numbers in the snapshot's order, for the edges read before the last build; later ones are merged in. */
  private order: number[] = [];
  private built: Adjacency | undefined;
  private outOffsets: Uint32Array | undefined;
  private inOffsets: Uint32Array | undefined;
  private readonly endpointsOf: EndpointsOf;
  private readonly labelCount: Map<string, number>;
  /** Labels with a `name` property: their nodes can be found by key (the primary key of kgrag's import). */
  private readonly keyed: Set<string>;
  private readonly nodes: OffsetNodes;
  /** By name: relation and label ids of the index. */
  private readonly relIds: Map<string, number>;
  private readonly labelIds: Map<string, number>;
  /** endpointOrder by ids: [(rel × L + from label) × L + to label]. */
  private readonly pairs: Int32Array;
  /** The frontier of the read in progress (1), over the index's nodes. */
  private frontierMark: Uint8Array | undefined;
  /** Edges as packed numbers on the embedded engine (false: rows, as on Neo4j; tests compare both). */
  readonly packed: boolean;

  constructor(
    private readonly index: SearchIndex,
    private readonly reader: StoreReader,
    schema: GraphSchema,
    signal?: AbortSignal,
    options: { readonly packed?: boolean } = {},
  ) {
    this.io = new IoCounter(reader, signal);
    const pairOrder = endpointOrder(schema);
    const declared = new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints] as const));
    this.endpointsOf = (type) => declared.get(type);
    this.labelCount = new Map(schema.labels.map((l) => [l.name, l.count ?? 0] as const));
    this.keyed = new Set(schema.labels.filter((l) => l.properties.includes('name')).map((l) => l.name));
    this.nodes = OffsetNodes.of(index);
    const d = index.data;
    this.relIds = new Map(d.relationNames.map((r, i) => [r, i] as const));
    this.labelIds = new Map(d.labelNames.map((l, i) => [l, i] as const));
    const R = d.relationNames.length;
    const L = d.labelNames.length;
    this.pairs = new Int32Array(R * L * L);
    for (let r = 0; r < R; r++) for (let a = 0; a < L; a++) for (let b = 0; b < L; b++) this.pairs[(r * L + a) * L + b] = pairOrder(d.relationNames[r]!, d.labelNames[a]!, d.labelNames[b]!);
    this.packed = reader.dialect !== 'neo4j' && (options.packed ?? true);
  }

  get dialect(): CypherDialect {
    return this.reader.dialect;
  }

  /** Were all of the node's edges (every type) read? */
  hasAll(node: number): boolean {
    return this.read.get(node) === null;
  }

  async edgesOf(nodes: Iterable<number>, types: Uint8Array | null): Promise<Adjacency> {
    const d = this.index.data;
    const frontier: FrontierNode[] = [];
    const frontierNodes: number[] = [];
    for (const v of nodes) {
      if (covered(this.read.get(v), types)) continue;
      frontierNodes.push(v);
      frontier.push({ id: d.nodeIds.get(v), label: d.labelNames[d.nodeLabel[v]!] ?? '' });
    }
    if (frontier.length > 0) {
      // One statement for every node not read yet: the asked types (null: every type of the index).
      const typeNames: string[] = [];
      for (let r = 0; r < d.relationNames.length; r++) if (types === null || types[r] === 1) typeNames.push(d.relationNames[r]!);
      if (typeNames.length > 0) {
        const mark = (this.frontierMark ??= new Uint8Array(this.index.nodeCount));
        for (const v of frontierNodes) mark[v] = 1;
        try {
          if (this.reader.dialect === 'neo4j') await this.readRows(expansionStatement('neo4j', [], typeNames), expansionParams('neo4j', frontier).params);
          else await this.readEmbedded(this.groups(frontier, frontierNodes, typeNames));
        } finally {
          for (const v of frontierNodes) mark[v] = 0;
        }
      }
      for (const v of frontierNodes) {
        const prior = this.read.get(v);
        this.read.set(v, types === null || prior === null ? null : prior === undefined ? types : union(prior, types));
      }
    }
    return (this.built ??= this.build());
  }

  /**
   * The groups reading `types` of the frontier on the embedded engine, in label order (the same
   * labels give the same text, whose query-door verdict is cached): per label, its nodes by their key
   * when lookups pay (`keyLookups`: a few nodes of a large label), else by a scan of the label
   * (`scanFilter`: the list of ids, a bitset or buckets).
   */
  private groups(frontier: readonly FrontierNode[], nodes: readonly number[], types: readonly string[]): LevelGroup[] {
    const d = this.index.data;
    const byLabel = new Map<number, number[]>();
    nodes.forEach((v, i) => {
      const l = d.nodeLabel[v]!;
      const list = byLabel.get(l);
      if (list) list.push(i);
      else byLabel.set(l, [i]);
    });
    const groups: LevelGroup[] = [];
    let budget = LOOKUPS_PER_STATEMENT;
    for (const [l, at] of [...byLabel].sort((x, y) => x[0] - y[0])) {
      const label = d.labelNames[l] ?? '';
      const m = this.keyed.has(label) ? keyLookups(this.labelCount.get(label) ?? 0, at.length, budget) : 0;
      budget -= m;
      for (const i of at.slice(0, m)) groups.push({ label, offsets: [offsetOf(frontier[i]!.id)], keys: [d.names.get(nodes[i]!)], types });
      if (at.length > m) groups.push({ label, offsets: at.slice(m).map((i) => offsetOf(frontier[i]!.id)), types });
    }
    return groups;
  }

  /**
   * The groups' edges, packed (PACK); as rows when packing is off or an offset is too large to pack.
   * One statement per part whose branches fit the engine's pool (levelParts; almost always one).
   */
  private async readEmbedded(groups: readonly LevelGroup[]): Promise<void> {
    for (const part of levelParts(groups, this.endpointsOf, statementRoom(this.reader), this.packed)) {
      if (this.packed) {
        const { cypher, params } = packedLevelStatement(part, this.endpointsOf);
        if (cypher === '') continue;
        const rows = await this.io.read(cypher, params, packedCount);
        if (rows.every((r) => Number(r['mb']) < PACK && Number(r['mr']) < PACKED_R_LIMIT)) {
          this.addPacked(rows, part);
          continue;
        }
      }
      const { cypher, params } = levelStatement(part, this.endpointsOf);
      if (cypher !== '') await this.readRows(cypher, params);
    }
  }

  private async readRows(cypher: string, params: CypherParams): Promise<void> {
    if (cypher !== '') this.addRows(await this.io.read(cypher, params));
  }

  /**
   * Takes edge rows a caller read with its own statement (expansionStatement's columns) and marks
   * `complete` as read for every type: stem's guidance reads some nodes' edges in the statement that
   * reads other nodes' degrees (storeStem.ts). Returns the arrays to walk, as `edgesOf`.
   */
  absorb(rows: readonly Record<string, unknown>[], complete: Iterable<number>): Adjacency {
    const read = [...complete];
    const mark = (this.frontierMark ??= new Uint8Array(this.index.nodeCount));
    for (const v of read) mark[v] = 1;
    try {
      this.addRows(rows);
    } finally {
      for (const v of read) mark[v] = 0;
    }
    for (const v of read) this.read.set(v, null);
    return (this.built ??= this.build());
  }

  /** Packed rows (packedLevelStatement's columns) of the frontier being read. */
  private addPacked(rows: readonly Record<string, unknown>[], groups: readonly LevelGroup[]): void {
    const d = this.index.data;
    const L = d.labelNames.length;
    const mark = this.frontierMark!;
    const groupLabel = groups.map((g) => this.labelIds.get(g.label) ?? -1);
    for (const r of rows) {
      const la = groupLabel[Number(r['g'])] ?? -1;
      const rel = this.relIds.get(String(r['t'])) ?? -1;
      const lb = this.labelIds.get(String(r['l'])) ?? -1;
      const e = r['e'];
      if (la < 0 || rel < 0 || lb < 0 || !Array.isArray(e)) continue;
      const oa = Number(r['a']);
      const a = this.nodes.nodeAt(la, oa);
      // A key matches one node when it is the label's primary key (kgrag's import); a row of another node was not asked for.
      if (a < 0 || mark[a] !== 1) continue;
      const out = Number(r['o']) === 1;
      const pair = out ? this.pairs[(rel * L + la) * L + lb]! : this.pairs[(rel * L + lb) * L + la]!;
      for (let j = 0; j < e.length; j++) {
        const x = Number(e[j]);
        const ro = Math.floor(x / PACK);
        const ob = x - ro * PACK;
        const b = this.nodes.nodeAt(lb, ob);
        if (b < 0) continue;
        if (out) this.addEdge(rel, a, b, pair, oa, ro);
        else this.addEdge(rel, b, a, pair, ob, ro);
      }
    }
  }

  /** Rows (expansionStatement's columns) of the frontier being read. */
  private addRows(rows: readonly Record<string, unknown>[]): void {
    const d = this.index.data;
    const L = d.labelNames.length;
    const neo4j = this.reader.dialect === 'neo4j';
    const mark = this.frontierMark!;
    for (const r of rows) {
      const rel = this.relIds.get(String(r['t'])) ?? -1;
      const ia = String(r['a']);
      const ib = String(r['b']);
      const a = this.index.nodeIndexOf(ia);
      const b = this.index.nodeIndexOf(ib);
      if (rel < 0 || a === undefined || b === undefined || mark[a] !== 1) continue;
      const out = Number(r['o']) === 1;
      const source = out ? a : b;
      const target = out ? b : a;
      if (neo4j) {
        // The same stored edge comes back from both ends when both were read.
        const key = `${rel}\u0000${String(r['ro'])}\u0000${source}\u0000${target}`;
        if (this.seen.has(key)) continue;
        this.seen.add(key);
        this.push(source, target, rel, rel, 0, 0, this.src.length + 1);
        continue;
      }
      const pair = this.pairs[(rel * L + d.nodeLabel[source]!) * L + d.nodeLabel[target]!]!;
      this.addEdge(rel, source, target, pair, offsetOf(out ? ia : ib), Number(r['ro']));
    }
  }

  /**
   * An embedded edge, unless read before (from its other end, or an earlier read): a stored edge is
   * its relation's table, the endpoint pair's and its offset `ro`, kept as one number while it fits
   * (else as a string, as on Neo4j).
   */
  private addEdge(rel: number, source: number, target: number, pair: number, sourceOffset: number, ro: number): void {
    const key = (ro * this.index.data.relationNames.length + rel) * PAIR_SLOTS + Math.min(pair, PAIR_SLOTS - 1);
    if (Number.isSafeInteger(key) && pair < PAIR_SLOTS - 1) {
      if (this.seenKeys.has(key)) return;
      this.seenKeys.set(key, this.src.length);
    } else {
      const k = `${rel}\u0000${pair}\u0000${ro}\u0000${source}\u0000${target}`;
      if (this.seen.has(k)) return;
      this.seen.add(k);
    }
    this.push(source, target, rel, rel, pair, sourceOffset, ro);
  }

  private push(source: number, target: number, rel: number, k0: number, k1: number, k2: number, k3: number): void {
    this.src.push(source);
    this.dst.push(target);
    this.rel.push(rel);
    this.keys.push(k0, k1, k2, k3);
    this.built = undefined;
  }

  /** CSR over the index's nodes of every edge read, in the snapshot's order. */
  private build(): Adjacency {
    const n = this.index.nodeCount;
    const m = this.src.length;
    const k = this.keys;
    const before = (x: number, y: number): number => k[4 * x]! - k[4 * y]! || k[4 * x + 1]! - k[4 * y + 1]! || k[4 * x + 2]! - k[4 * y + 2]! || k[4 * x + 3]! - k[4 * y + 3]!;
    // Only the edges new since the last build are sorted, then merged: a walk that reads in many rounds (stem's guidance) does not sort everything again.
    const fresh = Array.from({ length: m - this.order.length }, (_, i) => this.order.length + i).sort(before);
    const order = merge(this.order, fresh, before);
    this.order = order;
    const src = new Uint32Array(m);
    const dst = new Uint32Array(m);
    const rel = new Uint16Array(m);
    for (let i = 0; i < m; i++) {
      const e = order[i]!;
      src[i] = this.src[e]!;
      dst[i] = this.dst[e]!;
      rel[i] = this.rel[e]!;
    }
    // The offsets span every node of the index (6 MB each at MetaQA ×40): filled again in place, not allocated per build.
    this.outOffsets ??= new Uint32Array(n + 1);
    this.inOffsets ??= new Uint32Array(n + 1);
    const out = csrInto(this.outOffsets, m, src, dst, rel);
    const inn = csrInto(this.inOffsets, m, dst, src, rel);
    return { outOffsets: this.outOffsets, outTargets: out.targets, outRels: out.rels, inOffsets: this.inOffsets, inSources: inn.targets, inRels: inn.rels };
  }
}

/** Endpoint pairs of one relation type told apart in an edge's number (more, or one the catalog does not declare: the key string). */
const PAIR_SLOTS = 64;

/** Packed rows: one edge per element of `e`. */
function packedCount(rows: readonly Record<string, unknown>[]): number {
  let n = 0;
  for (const r of rows) if (Array.isArray(r['e'])) n += r['e'].length;
  return n;
}

/**
 * `csr` (snapshot.ts) into the given offsets (n + 1): each node's edges in the given order. The
 * offsets serve as the fill cursors, then move back by one node, so nothing of the graph's size is
 * allocated.
 */
export function csrInto(offsets: Uint32Array, m: number, from: Uint32Array, to: Uint32Array, rel: Uint16Array | Uint32Array): { targets: Uint32Array; rels: Uint16Array } {
  const n = offsets.length - 1;
  offsets.fill(0);
  for (let e = 0; e < m; e++) offsets[from[e]! + 1]++;
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i]!;
  const targets = new Uint32Array(m);
  const rels = new Uint16Array(m);
  // offsets[v] runs from v's start to its end (= v + 1's start) …
  for (let e = 0; e < m; e++) {
    const at = offsets[from[e]!]!++;
    targets[at] = to[e]!;
    rels[at] = rel[e]!;
  }
  // … so each is shifted back to its start.
  for (let i = n; i > 0; i--) offsets[i] = offsets[i - 1]!;
  offsets[0] = 0;
  return { targets, rels };
}

function merge(a: readonly number[], b: readonly number[], before: (x: number, y: number) => number): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length) out[o++] = before(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[o++] = a[i++]!;
  while (j < b.length) out[o++] = b[j++]!;
  return out;
}

/** Were `want` types read already, given `had` (undefined: nothing read; null: every type)? */
function covered(had: Uint8Array | null | undefined, want: Uint8Array | null): boolean {
  if (had === undefined) return false;
  if (had === null) return true;
  if (want === null) return false;
  for (let r = 0; r < want.length; r++) if (want[r] === 1 && had[r] !== 1) return false;
  return true;
}

function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  const u = new Uint8Array(Math.max(a.length, b.length));
  for (let r = 0; r < u.length; r++) u[r] = a[r] === 1 || b[r] === 1 ? 1 : 0;
  return u;
}
