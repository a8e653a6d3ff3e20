/**
 * In-store retrieval (docs/placement.md): the graph stays in the database. A strategy's search runs
 * on a *local graph* — the candidates and the frontier of each expansion level, read with one
 * batched read-only statement per level through the store's query door (ids as parameters) — built
 * so that the search walks it exactly as it walks the snapshot: nodes numbered in the snapshot's
 * order, each node's edges in the snapshot's order (out, then in; by relation type, endpoint pair,
 * source, stored edge). Only edges of the pattern's candidate types are read, so the injective
 * degree filter sees a node's degree over those types: it rejects only nodes that could not complete
 * an injective match anyway (each distinct pattern neighbour needs its own candidate-type edge), so
 * the matches are the same (docs/placement.md).
 */
import { availableParallelism } from 'node:os';
import type { CypherDialect, CypherParams, CypherValue, QueryOptions, QueryResult, StatementBranches } from '../../graph/graphStore';
import { branchesPerStatement, DEFAULT_BUFFER_POOL_MB } from '../../graph/embedded/bufferPool';
import type { GraphSchema } from '../../schema/graphSchema';
import { quoteIdentifier } from '../../graph/identifiers';
import { GraphSnapshot, csr, type SearchIndex, type SnapshotData } from '../snapshot/snapshot';
import { TextTable } from '../snapshot/textTable';

/** What in-store retrieval needs of a store: its dialect and the query door. */
export interface StoreReader {
  readonly dialect: CypherDialect;
  query(cypher: string, options?: QueryOptions): Promise<QueryResult>;
  /** What one statement may hold (GraphStore's); undefined on the embedded engine: its default pool and threads. */
  readonly branchesPerStatement?: StatementBranches;
}

/** The bound a level's statements are split by (levelParts). */
export function statementRoom(reader: StoreReader): StatementBranches {
  return reader.branchesPerStatement ?? branchesPerStatement(DEFAULT_BUFFER_POOL_MB, availableParallelism());
}

/** Round trips, rows and server time of one run (RetrievalResult.storeIo). */
export class IoCounter {
  roundTrips = 0;
  rowsRead = 0;
  serverMs = 0;
  /** Every statement sent, for tests (each must pass the query door and Neo4j's parser). */
  readonly statements: string[] = [];

  constructor(private readonly reader: StoreReader, private readonly signal?: AbortSignal) {}

  /** `count`: what the read returned, when a row holds many (packed edges: one per edge, PACK); else its rows. */
  async read(cypher: string, params: CypherParams, count?: (rows: QueryResult['rows']) => number): Promise<QueryResult['rows']> {
    this.statements.push(cypher);
    const q = await this.reader.query(cypher, { params, mode: 'run', readOnly: true, parsedByEngine: true, ...(this.signal ? { signal: this.signal } : {}) });
    this.roundTrips++;
    this.rowsRead += count ? count(q.rows) : q.rows.length;
    this.serverMs += q.serverMs ?? q.timeMs;
    return q.rows;
  }

  report(): { roundTrips: number; rowsRead: number; serverMs: number } {
    return { roundTrips: this.roundTrips, rowsRead: this.rowsRead, serverMs: this.serverMs };
  }
}

/**
 * The candidate side of in-store retrieval: names, labels and ids of candidate nodes, in the
 * snapshot's order. Today the search index (the snapshot file `kgrag import` builds) answers it;
 * the on-disk name index of issue 24 plugs in here.
 */
export interface CandidateNodes {
  /** The graph version and embedder the candidates were computed for (carried into the local graph). */
  readonly fingerprint: string;
  readonly embedderId: string;
  readonly labelNames: readonly string[];
  readonly relationNames: readonly string[];
  idOf(node: number): string;
  nameOf(node: number): string;
  /** The node's label id (into labelNames). */
  labelOf(node: number): number;
  /** The index's node with this store id, if it has one (names matched nodes without a round trip). */
  nodeOf?(id: string): number | undefined;
}

/**
 * The (from, to) label pairs a relationship type connects, as the store's catalog declares them
 * (the embedded engine's rel tables: exact). An expansion branch whose label no type starts (or
 * ends) at is left out. A type without declared endpoints (undefined or none) is kept in every branch.
 */
export type EndpointsOf = (type: string) => readonly { readonly from: string; readonly to: string }[] | undefined;

/** One frontier node: its store id and its label (the embedded engine addresses nodes per table). */
export interface FrontierNode {
  readonly id: string;
  readonly label: string;
}

/** Embedded ids are `<table>:<offset>`; the offset is what a statement matches on and orders a table's nodes and edges. */
export function offsetOf(id: string): number {
  const at = id.indexOf(':');
  return Number(id.slice(at + 1));
}

/** The snapshot's edge order within one relation type: the position of its endpoint pair in the store's catalog. */
export function endpointOrder(schema: GraphSchema): (type: string, from: string, to: string) => number {
  const endpoints = new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints.map((e) => `${e.from}\u0000${e.to}`)]));
  return (type, from, to) => {
    const at = endpoints.get(type)?.indexOf(`${from}\u0000${to}`) ?? -1;
    return at < 0 ? 1 << 20 : at;
  };
}

/**
 * The statement that reads one expansion level: every edge of the frontier nodes whose type is one
 * of `types` (the pattern's candidate types: names from the catalog, backtick-quoted), both
 * directions, with each neighbour's label. Names are read afterwards for the matched nodes only
 * (namesStatement): reading `b.name` across every node table costs more than the expansion itself.
 * Embedded: one branch per frontier label and direction (its ids are per-table offsets, `$o<i>`),
 * each with the types the catalog lets start or end at that label (`endpoints`); '' when none can.
 * The engine plans `offset(id(a)) IN $o` as a scan of the label's nodes with a list filter, then
 * extends from the nodes kept; no form it seeks by a list of ids was found (a primary-key UNWIND is
 * planned as a hash join against every edge of the types, and an undirected branch's `start_node(r)`
 * is the traversal's start, not the stored edge's; docs/placement.md).
 * Neo4j: `elementId` seeks (`$ids`), one branch per direction. `perLabel[i]`: the types of label
 * i's branches instead of `types` (gsd's bounded reads ask each label for what its nodes still need).
 */
export function expansionStatement(dialect: CypherDialect, labels: readonly string[], types: readonly string[], endpoints?: EndpointsOf, perLabel?: readonly (readonly string[])[]): string {
  const branches: string[] = [];
  const relOf = (ts: readonly string[]): string => `r:${ts.map(quoteIdentifier).join('|')}`;
  for (const out of [true, false]) {
    if (dialect === 'neo4j') {
      const rel = relOf(types);
      const arrow = out ? `-[${rel}]->` : `<-[${rel}]-`;
      branches.push(`MATCH (a)${arrow}(b) WHERE elementId(a) IN $ids RETURN elementId(a) AS a, type(r) AS t, elementId(r) AS ro, elementId(b) AS b, labels(b)[0] AS bl, ${out ? 1 : 0} AS o`);
      continue;
    }
    labels.forEach((label, i) => {
      // Only types the catalog lets start (out) or end (in) at this label: a branch that can find no edge still scans the label.
      const fit = (perLabel?.[i] ?? types).filter((t) => {
        const ends = endpoints?.(t);
        return !ends || ends.length === 0 || ends.some((e) => (out ? e.from : e.to) === label);
      });
      if (fit.length === 0) return;
      const rel = relOf(fit);
      const arrow = out ? `-[${rel}]->` : `<-[${rel}]-`;
      branches.push(`MATCH (a:${quoteIdentifier(label)})${arrow}(b) WHERE offset(id(a)) IN $o${i} RETURN id(a) AS a, label(r) AS t, offset(id(r)) AS ro, id(b) AS b, label(b) AS bl, ${out ? 1 : 0} AS o`);
    });
  }
  return branches.join(' UNION ALL ');
}

/**
 * How many of `n` frontier nodes of a label of `labelNodes` nodes one statement finds by their
 * primary key (one branch per node and direction: a seek) — all of them or none — rather than by
 * a scan of the label (embedded engine; docs/placement.md, "No seek by a list of ids"). The engine
 * offers no seek by a list of ids: a scan reads every node of the label, so it costs
 * ≈ labelNodes × SCAN_PER_NODE × (1 + the filter's cost per node), where one lookup costs 1 (≈ 2.5 ms
 * on an idle machine; `scanFilter`). Measured on MetaQA ×40 (Movie 657,040 nodes: lookups pay up
 * to 5 nodes) and the 10M synthetic graph (Entity: up to ≈ 120); on MetaQA ×1 never. At most
 * `budget` (LOOKUPS_PER_STATEMENT for a statement): each branch holds ≈ 0.5 MB of the engine's
 * memory and ≈ 2 ms of planning.
 */
export function keyLookups(labelNodes: number, n: number, budget: number): number {
  if (n <= 0 || n > budget) return 0;
  return n < labelNodes * SCAN_PER_NODE * Math.min(1 + n / LIST_IDS_PER_NODE_COST, BUCKETS_PER_NODE_COST) ? n : 0;
}

/** A scan's cost per node of the label, in lookups. */
const SCAN_PER_NODE = 6e-6;
/** The list filter's cost grows by a scan's per-node cost every LIST_IDS_PER_NODE_COST listed ids (LIST_CONTAINS is linear). */
const LIST_IDS_PER_NODE_COST = 12;
/** The bucketed filter's cost per node, in a scan's per-node cost (it copies the node's bucket out of the parameter). */
const BUCKETS_PER_NODE_COST = 4;
/** Up to this many ids a scan tests the list itself; beyond, the ids in buckets (measured: the list of 16 cost a sixth of the buckets at MetaQA ×40, 3,000 twice and more). */
const LIST_FILTER_MAX = 48;
/** Frontier nodes found by key lookups in one statement (each with up to two branches). */
export const LOOKUPS_PER_STATEMENT = 128;

/**
 * The filter that keeps a scan's listed nodes (`a`, per-table offsets). Up to LIST_FILTER_MAX ids,
 * the list itself (`offset(id(a)) IN $o<i>`: linear in the list, at 10M nodes 3,000 ids took 13.4 s).
 * Beyond, when the ids are dense (no more BITSET_WORD_BITS-bit words up to the greatest offset than
 * ids), a bitset: the words as integers, a node kept when its offset is at most the greatest id
 * and its bit is set (`($w<i>[offset / 48 % words + 1] / $p<i>[offset % 48 + 1]) % 2 = 1`, integer
 * division; `$p<i>` the powers of two) — a scalar taken out of
 * the parameter per row, where a bucket is a list copied out per row: MetaQA ×40, ask's third level
 * (174,485 of 657,040 Movies, 1.7 M edges), the engine grew 117 → 530 MB with the buckets and 130 →
 * 232 MB with the bitset, in 8.5 s and 5.0 s (docs/ask.md, "Where the ×40 memory went"). Else the
 * ids in `n` buckets by offset modulo n, and a node tested against its own bucket only
 * (`list_contains($b<i>[offset % n + 1], offset)`): a constant cost per node whatever the frontier
 * (10M nodes, 3,000 ids: 1.8 s at load 17, the list 13.4 s at load 8). Exact: a listed offset has its
 * bit set / is in its own bucket, and the index is always in range (docs/placement.md, "No seek by a list of ids").
 */
export function scanFilter(i: number, offsets: readonly number[], params: Record<string, CypherValue>): string {
  if (offsets.length <= LIST_FILTER_MAX) {
    params[`o${i}`] = [...offsets];
    return `offset(id(a)) IN $o${i}`;
  }
  let max = 0;
  for (const o of offsets) if (o > max) max = o;
  const words = Math.floor(max / BITSET_WORD_BITS) + 1;
  if (words <= offsets.length) {
    const w = new Array<number>(words).fill(0);
    const seen = new Uint8Array(max + 1);
    for (const o of offsets) {
      // A repeated id sets its bit once (a sum of powers of two: the same bit twice would carry).
      if (seen[o]) continue;
      seen[o] = 1;
      w[Math.floor(o / BITSET_WORD_BITS)]! += 2 ** (o % BITSET_WORD_BITS);
    }
    params[`w${i}`] = w;
    params[`p${i}`] = Array.from({ length: BITSET_WORD_BITS }, (_, b) => 2 ** b);
    params[`x${i}`] = max;
    params[`n${i}`] = words;
    // The label's other nodes lie past the greatest id too: the word index modulo the words keeps it in range (the engine may evaluate both sides of AND), the bound keeps them out.
    // Numbers as parameters: the same labels give the same text (the query door's verdict is cached per text).
    return `offset(id(a)) <= $x${i} AND ($w${i}[offset(id(a)) / ${BITSET_WORD_BITS} % $n${i} + 1] / $p${i}[offset(id(a)) % ${BITSET_WORD_BITS} + 1]) % 2 = 1`;
  }
  const m = offsets.length;
  const buckets: number[][] = Array.from({ length: m }, () => []);
  for (const o of offsets) buckets[o % m]!.push(o);
  params[`b${i}`] = buckets;
  params[`m${i}`] = m;
  return `list_contains($b${i}[offset(id(a)) % $m${i} + 1], offset(id(a)))`;
}

/** Bits per word of scanFilter's bitset: its words stay exact integers in a JSON number (< 2^53). */
const BITSET_WORD_BITS = 48;

/** One label's part of an expansion level on the embedded engine: its nodes and the types they still need. */
export interface LevelGroup {
  readonly label: string;
  /** The nodes' offsets in the label's table. */
  readonly offsets: readonly number[];
  /** Each node's primary key (`name`), when the group is read by key lookups instead of a scan. */
  readonly keys?: readonly string[];
  readonly types: readonly string[];
}

/**
 * The embedded engine's statement for one expansion level (expansionStatement's columns): per label
 * and direction one branch, a scan of the label with `scanFilter` (the list, or its buckets), or,
 * for a group with `keys`, one branch per node and direction that finds it by its primary key —
 * a lookup, not a scan: cheaper on a large label for a few nodes (`keyLookups`; docs/placement.md,
 * "No seek by a list of ids").
 * The parameters hold only what the branches sent use; '' when no type can start or end at any label.
 */
/** A level group's relation types that can leave (out) or enter its label, by the schema's endpoints (every type when none are known). */
export function fittingTypes(g: LevelGroup, endpoints: EndpointsOf | undefined, out: boolean): readonly string[] {
  return g.types.filter((t) => {
    const ends = endpoints?.(t);
    return !ends || ends.length === 0 || ends.some((e) => (out ? e.from : e.to) === g.label);
  });
}

/**
 * The branches of one level's read, shared by every level statement (gsd's, stem's, mor's and
 * sage's edges, ask's enumeration): per group and direction the relation types that fit its label,
 * a scan with `scanFilter` or one branch per key; `ret` writes each branch's RETURN. Parameters go
 * into `params`.
 */
export function levelBranches(groups: readonly LevelGroup[], endpoints: EndpointsOf | undefined, params: Record<string, CypherValue>, ret: (i: number, out: boolean, keyed: boolean) => string): string[] {
  const branches: string[] = [];
  for (const out of [true, false]) {
    groups.forEach((g, i) => {
      const fit = fittingTypes(g, endpoints, out);
      if (fit.length === 0) return;
      const rel = `r:${fit.map(quoteIdentifier).join('|')}`;
      const arrow = out ? `-[${rel}]->` : `<-[${rel}]-`;
      const label = quoteIdentifier(g.label);
      if (g.keys) {
        // Each node by its primary key: a seek (a scan of a large label costs more for a few nodes).
        g.keys.forEach((key, j) => {
          params[`k${i}_${j}`] = key;
          branches.push(`MATCH (a:${label} {name: $k${i}_${j}})${arrow}(b) ${ret(i, out, true)}`);
        });
        return;
      }
      branches.push(`MATCH (a:${label})${arrow}(b) WHERE ${scanFilter(i, g.offsets, params)} ${ret(i, out, false)}`);
    });
  }
  return branches;
}

/**
 * A level's groups in parts, each part one statement whose branches fit `room`: a scan branch
 * aggregates when `scansAggregate` (the packed statements), a key branch never (one node's edges
 * are rows). A group with more keys than fit is split by its keys. Most levels are one part.
 */
export function levelParts(groups: readonly LevelGroup[], endpoints: EndpointsOf | undefined, room: StatementBranches, scansAggregate: boolean): LevelGroup[][] {
  // In units where an aggregating branch costs room.plain and a plain one room.aggregating (integers, no drift).
  const capacity = room.aggregating * room.plain;
  const scanCost = scansAggregate ? room.plain : room.aggregating;
  const keyCost = room.aggregating;
  const parts: LevelGroup[][] = [];
  let part: LevelGroup[] = [];
  let used = 0;
  const add = (g: LevelGroup, cost: number): void => {
    if (used + cost > capacity && part.length > 0) {
      parts.push(part);
      part = [];
      used = 0;
    }
    part.push(g);
    used += cost;
  };
  for (const g of groups) {
    const directions = (fittingTypes(g, endpoints, true).length > 0 ? 1 : 0) + (fittingTypes(g, endpoints, false).length > 0 ? 1 : 0);
    if (directions === 0) continue;
    if (!g.keys) {
      add(g, directions * scanCost);
      continue;
    }
    // As many keys as the part has room for, then the next part.
    let j = 0;
    while (j < g.keys.length) {
      const fit = Math.max(1, Math.min(g.keys.length - j, Math.floor((capacity - used) / (directions * keyCost))));
      add({ ...g, offsets: g.offsets.slice(j, j + fit), keys: g.keys.slice(j, j + fit) }, fit * directions * keyCost);
      j += fit;
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

export function levelStatement(groups: readonly LevelGroup[], endpoints?: EndpointsOf): { cypher: string; params: CypherParams } {
  const params: Record<string, CypherValue> = {};
  const ret = (_i: number, out: boolean): string => `RETURN id(a) AS a, label(r) AS t, offset(id(r)) AS ro, id(b) AS b, label(b) AS bl, ${out ? 1 : 0} AS o`;
  return { cypher: levelBranches(groups, endpoints, params, ret).join(' UNION ALL '), params };
}

/**
 * Embedded engine: a read edge comes back as one number in a list, `offset(r) * PACK + offset(b)`,
 * grouped per frontier node, relation type and neighbour label — one list element per edge instead
 * of a row (the engine's binding and the worker's conversion cost ≈ 10–15 µs a row, a list element
 * a tenth of that; docs/placement.md, "stem with packed edges"). Exact while offset(b) < PACK and
 * offset(r) < PACKED_R_LIMIT (the value then stays under 2^53): each row also returns both maxima,
 * and a read that exceeds either is sent again as rows (`levelStatement`).
 */
export const PACK = 2 ** 26;
export const PACKED_R_LIMIT = 2 ** 27;

/**
 * levelStatement's reads with the edges packed (PACK). Columns: g (the group's index), o (1 out,
 * 0 in), a (offset(a)), t (relation type), l (the neighbour's label), e (the packed edges), mb, mr
 * (the greatest offset(b) and offset(r) in e). A key branch (one node) returns a row per edge, e
 * holding one: an aggregate per branch takes the engine's pool per thread (levelParts).
 * '' when no type can start or end at any label.
 */
export function packedLevelStatement(groups: readonly LevelGroup[], endpoints?: EndpointsOf): { cypher: string; params: CypherParams } {
  const params: Record<string, CypherValue> = {};
  const ret = (i: number, out: boolean, keyed: boolean): string =>
    keyed
      ? `RETURN ${i} AS g, ${out ? 1 : 0} AS o, offset(id(a)) AS a, label(r) AS t, label(b) AS l, [offset(id(r)) * ${PACK} + offset(id(b))] AS e, offset(id(b)) AS mb, offset(id(r)) AS mr`
      : `RETURN ${i} AS g, ${out ? 1 : 0} AS o, offset(id(a)) AS a, label(r) AS t, label(b) AS l, collect(offset(id(r)) * ${PACK} + offset(id(b))) AS e, max(offset(id(b))) AS mb, max(offset(id(r))) AS mr`;
  return { cypher: levelBranches(groups, endpoints, params, ret).join(' UNION ALL '), params };
}

/**
 * The index's node at a table offset, per label (embedded ids are `<table>:<offset>`, one table per
 * label): an Int32Array per label, built on its first use from the index's members of the label.
 */
export class OffsetNodes {
  private readonly byOffset: (Int32Array | undefined)[] = [];

  private constructor(private readonly index: SearchIndex) {}

  /** The index's one table (kept while the index is: a store-placed run reads through a new StoreEdges each time). */
  static of(index: SearchIndex): OffsetNodes {
    let t = offsetTables.get(index);
    if (!t) offsetTables.set(index, (t = new OffsetNodes(index)));
    return t;
  }

  /** The index node at `offset` of label `label`'s table, or -1. */
  nodeAt(label: number, offset: number): number {
    let map = this.byOffset[label];
    if (!map) {
      const members = this.index.membersOf(label);
      let max = -1;
      const offsets = new Float64Array(members.length);
      for (let i = 0; i < members.length; i++) max = Math.max(max, (offsets[i] = offsetOf(this.index.data.nodeIds.get(members[i]!))));
      map = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < members.length; i++) map[offsets[i]!] = members[i]!;
      this.byOffset[label] = map;
    }
    return offset >= 0 && offset < map.length ? map[offset]! : -1;
  }
}

const offsetTables = new WeakMap<SearchIndex, OffsetNodes>();

/** The statement reading the names of nodes (matched nodes the index did not name): per label on the embedded engine. */
export function namesStatement(dialect: CypherDialect, labels: readonly string[]): string {
  if (dialect === 'neo4j') return 'MATCH (n) WHERE elementId(n) IN $ids RETURN elementId(n) AS id, n.name AS name';
  return labels.map((label, i) => `MATCH (n:${quoteIdentifier(label)}) WHERE offset(id(n)) IN $o${i} RETURN id(n) AS id, n.name AS name`).join(' UNION ALL ');
}

/** The statement listing a label's members in the snapshot's order (an unknown search root). */
export function membersStatement(dialect: CypherDialect, label: string): string {
  return dialect === 'neo4j'
    ? `MATCH (n:${quoteIdentifier(label)}) RETURN elementId(n) AS id`
    : `MATCH (n:${quoteIdentifier(label)}) RETURN id(n) AS id ORDER BY offset(id(n))`;
}

/** Parameters of expansionStatement for a frontier. */
export function expansionParams(dialect: CypherDialect, frontier: readonly FrontierNode[]): { labels: string[]; params: CypherParams } {
  if (dialect === 'neo4j') return { labels: [], params: { ids: frontier.map((f) => f.id) } };
  const byLabel = new Map<string, number[]>();
  for (const f of frontier) {
    const l = byLabel.get(f.label);
    if (l) l.push(offsetOf(f.id));
    else byLabel.set(f.label, [offsetOf(f.id)]);
  }
  const labels = [...byLabel.keys()];
  const params: Record<string, CypherValue> = {};
  labels.forEach((l, i) => (params[`o${i}`] = byLabel.get(l)!));
  return { labels, params };
}

function str(v: CypherValue | undefined): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

function num(v: CypherValue | undefined): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : 0;
}

interface LocalNode {
  readonly id: string;
  name: string;
  named: boolean;
  label: number;
  /** The snapshot's order: (label's position, offset) on the embedded engine, first sight on Neo4j. */
  readonly key1: number;
  readonly key2: number;
}

interface LocalEdge {
  readonly source: string;
  readonly target: string;
  readonly rel: number;
  /** Sort key in the snapshot's edge order (EmbeddedStore.exportGraph): relation, endpoint pair, source offset, stored edge offset. */
  readonly k: readonly [number, number, number, number];
}

/**
 * Accumulates what the store returned into a local graph. `endpointOrder(type, fromLabel, toLabel)`
 * is the position of the label pair among the type's endpoints in the store's catalog (the order
 * the snapshot's export walked them).
 */
export class LocalGraphBuilder {
  private readonly nodes = new Map<string, LocalNode>();
  private readonly edges = new Map<string, LocalEdge>();
  private readonly expanded = new Set<string>();
  private seen = 0;

  constructor(
    private readonly dialect: CypherDialect,
    private readonly labelNames: readonly string[],
    private readonly relationNames: readonly string[],
    private readonly endpointOrder: (type: string, from: string, to: string) => number,
  ) {}

  isExpanded(id: string): boolean {
    return this.expanded.has(id);
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  labelNameOf(id: string): string {
    const n = this.nodes.get(id);
    return n ? (this.labelNames[n.label] ?? '') : '';
  }

  /** `name` undefined: not read yet (named later for the matched nodes, `nameNodes`). */
  addNode(id: string, label: string, name: string | undefined): void {
    if (this.nodes.has(id)) return;
    const l = this.labelNames.indexOf(label);
    const key1 = this.dialect === 'neo4j' ? 0 : l < 0 ? this.labelNames.length : l;
    const key2 = this.dialect === 'neo4j' ? this.seen++ : offsetOf(id);
    this.nodes.set(id, { id, name: name ?? '', named: name !== undefined, label: l < 0 ? 0 : l, key1, key2 });
  }

  /** Reads one level's rows (expansionStatement's columns); `frontier` nodes are marked expanded. */
  addRows(frontier: readonly FrontierNode[], rows: QueryResult['rows']): void {
    for (const f of frontier) this.expanded.add(f.id);
    for (const r of rows) {
      const a = str(r.a);
      const b = str(r.b);
      const t = str(r.t);
      const rel = this.relationNames.indexOf(t);
      if (rel < 0) continue;
      this.addNode(b, str(r.bl), undefined);
      const out = num(r.o) === 1;
      const source = out ? a : b;
      const target = out ? b : a;
      const ro = str(r.ro);
      // The same stored edge comes back from both ends when both are in the frontier.
      const key = `${t}\u0000${ro}\u0000${source}\u0000${target}`;
      if (this.edges.has(key)) continue;
      const srcLabel = out ? this.labelNameOf(a) : str(r.bl);
      const dstLabel = out ? str(r.bl) : this.labelNameOf(a);
      const pair = this.endpointOrder(t, srcLabel, dstLabel);
      const k: [number, number, number, number] = this.dialect === 'neo4j' ? [rel, 0, 0, this.edges.size] : [rel, pair, offsetOf(source), Number(ro)];
      this.edges.set(key, { source, target, rel, k });
    }
  }

  /** Nodes among `ids` whose name was not read yet. */
  unnamed(ids: Iterable<string>): FrontierNode[] {
    const out: FrontierNode[] = [];
    for (const id of ids) {
      const n = this.nodes.get(id);
      if (n && !n.named) out.push({ id, label: this.labelNames[n.label] ?? '' });
    }
    return out;
  }

  setName(id: string, name: string): void {
    const n = this.nodes.get(id);
    if (n) {
      n.name = name;
      n.named = true;
    }
  }

  /** The local graph as a snapshot the gsd search walks; `indexOf` maps store ids to its nodes. */
  build(fingerprint: string, embedderId: string): { snap: GraphSnapshot; indexOf: ReadonlyMap<string, number> } {
    const nodes = [...this.nodes.values()].sort((x, y) => x.key1 - y.key1 || x.key2 - y.key2);
    const indexOf = new Map<string, number>();
    nodes.forEach((n, i) => indexOf.set(n.id, i));
    const edges = [...this.edges.values()].sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.k[2] - y.k[2] || x.k[3] - y.k[3]);
    const n = nodes.length;
    const m = edges.length;
    const src = new Uint32Array(m);
    const dst = new Uint32Array(m);
    const rel = new Uint16Array(m);
    edges.forEach((e, i) => {
      src[i] = indexOf.get(e.source)!;
      dst[i] = indexOf.get(e.target)!;
      rel[i] = e.rel;
    });
    const out = csr(n, src.length, src, dst, rel);
    const inn = csr(n, dst.length, dst, src, rel);
    const data: SnapshotData = {
      fingerprint,
      embedderId,
      nodeIds: TextTable.fromStrings(nodes.map((x) => x.id)),
      names: TextTable.fromStrings(nodes.map((x) => x.name)),
      labelNames: this.labelNames,
      nodeLabel: Uint16Array.from(nodes, (x) => x.label),
      relationNames: this.relationNames,
      outOffsets: out.offsets,
      outTargets: out.targets,
      outRels: out.rels,
      inOffsets: inn.offsets,
      inSources: inn.targets,
      inRels: inn.rels,
      nodeVectors: { kind: 'dense', rows: 0, dimension: 0, data: new Float32Array(0) },
      relationVectors: new Float32Array(0),
      dimension: 0,
    };
    return { snap: new GraphSnapshot(data), indexOf };
  }
}

