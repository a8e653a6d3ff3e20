import type { GraphStore } from '../graph/graphStore';
import type { GraphSchema } from '../schema/graphSchema';
import type { StoreIo } from '../../contracts/retrievalResult';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { keyLookups, LOOKUPS_PER_STATEMENT, OffsetNodes, offsetOf, type EndpointsOf, type LevelGroup } from '../retrieve/store/storeGraph';
import { csrInto } from '../retrieve/store/storeEdges';
import { CandidateEnumerator, type EnumerationGraph, type EnumerationData } from './enumerate';
import { enumerationLevel, PACK, PACKED_A_LIMIT } from './storeCypher';

/**
 * What candidate enumeration on a store keeps per search index (the Asker holds one): relation and
 * label ids by name, each label's table offsets → index nodes (embedded; built on first use of the
 * label), what the catalog says of labels and types, and one spare local graph (its buffers span the
 * index's nodes, so they are reused rather than allocated per question).
 */
export class StoreNeighbourhood {
  readonly relationIds: ReadonlyMap<string, number>;
  readonly labelIds: ReadonlyMap<string, number>;
  readonly endpoints: EndpointsOf | undefined;
  private readonly labelCount: ReadonlyMap<string, number>;
  /** Labels with a `name` property: their nodes can be found by key (the primary key of kgrag's import). */
  private readonly keyed: ReadonlySet<string>;
  private readonly nodes: OffsetNodes;
  private spare: LocalGraph | undefined;
  /** Edges as packed numbers (false: always as pairs, the packed form's fallback; tests use it). */
  readonly packed: boolean;

  constructor(
    readonly store: Pick<GraphStore, 'query' | 'dialect'>,
    readonly index: SearchIndex,
    schema?: GraphSchema,
    options: { readonly packed?: boolean } = {},
  ) {
    this.packed = options.packed ?? true;
    this.nodes = OffsetNodes.of(index);
    const d = index.data;
    this.relationIds = new Map(d.relationNames.map((r, i) => [r, i]));
    this.labelIds = new Map(d.labelNames.map((l, i) => [l, i]));
    const declared = schema ? new Map(schema.relationshipTypes.map((t) => [t.name, t.endpoints] as const)) : undefined;
    this.endpoints = declared ? (type) => declared.get(type) : undefined;
    this.labelCount = new Map((schema?.labels ?? []).map((l) => [l.name, l.count ?? 0] as const));
    this.keyed = new Set((schema?.labels ?? []).filter((l) => l.properties.includes('name')).map((l) => l.name));
  }

  /** The index node at `offset` of label `label`'s table (embedded ids are `<table>:<offset>`), or -1. */
  nodeAt(label: number, offset: number): number {
    return this.nodes.nodeAt(label, offset);
  }

  /** How many of a label's `n` frontier nodes to find by key (all or none: `keyLookups`). */
  lookups(label: string, n: number, budget: number): number {
    return this.keyed.has(label) ? keyLookups(this.labelCount.get(label) ?? 0, n, budget) : 0;
  }

  take(): LocalGraph {
    const g = this.spare ?? new LocalGraph(this.index);
    this.spare = undefined;
    return g;
  }

  give(g: LocalGraph): void {
    g.clear();
    this.spare = g;
  }
}

/** A node's state in the local graph during one question's reads. */
const SEEN = 1;
const FRONTIER = 2;
const READ = 3;

/**
 * The part of the graph one question's enumeration walks, in the index's numbering: every edge of
 * the nodes read (each read node has all of its edges, out and in, as in the snapshot's CSR; other
 * nodes have none and are never expanded). CandidateEnumerator walks it as it walks the snapshot.
 */
export class LocalGraph implements EnumerationGraph {
  readonly nodeCount: number;
  data: EnumerationData;
  readonly enumerator: CandidateEnumerator;
  private readonly state: Uint8Array;
  private touched: number[] = [];
  private readonly outOffsets: Uint32Array;
  private readonly inOffsets: Uint32Array;
  /** Edges read: out edges (from → to), in edges (of → from which neighbour), with relation ids. */
  private readonly outFrom = new Column();
  private readonly outTo = new Column();
  private readonly outRel = new Column();
  private readonly inOf = new Column();
  private readonly inFrom = new Column();
  private readonly inRel = new Column();

  constructor(private readonly index: SearchIndex) {
    this.nodeCount = index.nodeCount;
    this.state = new Uint8Array(index.nodeCount);
    this.outOffsets = new Uint32Array(index.nodeCount + 1);
    this.inOffsets = new Uint32Array(index.nodeCount + 1);
    this.data = this.arrays();
    this.enumerator = new CandidateEnumerator(this);
  }

  private arrays(): EnumerationData {
    const d = this.index.data;
    const out = csrInto(this.outOffsets, this.outFrom.length, this.outFrom.values, this.outTo.values, this.outRel.values);
    const inn = csrInto(this.inOffsets, this.inOf.length, this.inOf.values, this.inFrom.values, this.inRel.values);
    return { outOffsets: this.outOffsets, outTargets: out.targets, outRels: out.rels, inOffsets: this.inOffsets, inSources: inn.targets, inRels: inn.rels, nodeLabel: d.nodeLabel, labelNames: d.labelNames, relationNames: d.relationNames };
  }

  isRead(v: number): boolean {
    return this.state[v] === READ;
  }

  isFrontier(v: number): boolean {
    return this.state[v] === FRONTIER;
  }

  /** Marks `v` to be read in the next level; false when it is read or marked already. */
  queue(v: number): boolean {
    const s = this.state[v]!;
    if (s === READ || s === FRONTIER) return false;
    if (s === 0) this.touched.push(v);
    this.state[v] = FRONTIER;
    return true;
  }

  /** Notes a neighbour seen (so that `clear` resets it). */
  see(v: number): void {
    if (this.state[v] === 0) {
      this.state[v] = SEEN;
      this.touched.push(v);
    }
  }

  markRead(nodes: readonly number[]): void {
    for (const v of nodes) this.state[v] = READ;
  }

  add(out: boolean, node: number, neighbour: number, rel: number): void {
    if (out) {
      this.outFrom.push(node);
      this.outTo.push(neighbour);
      this.outRel.push(rel);
    } else {
      this.inOf.push(node);
      this.inFrom.push(neighbour);
      this.inRel.push(rel);
    }
    this.see(neighbour);
  }

  /** Room for `outs` more out edges and `ins` more in edges. */
  reserve(outs: number, ins: number): void {
    for (const c of [this.outFrom, this.outTo, this.outRel]) c.reserve(outs);
    for (const c of [this.inOf, this.inFrom, this.inRel]) c.reserve(ins);
  }

  /** Where the edges read so far end (the next level's edges start there). */
  mark(): readonly [number, number] {
    return [this.outFrom.length, this.inOf.length];
  }

  /** The neighbours in the edges read since `mark` (a level's edges: only its frontier's). */
  neighboursSince(mark: readonly [number, number], visit: (v: number) => void): void {
    const outTo = this.outTo.values;
    const inFrom = this.inFrom.values;
    for (let e = mark[0]; e < this.outTo.length; e++) visit(outTo[e]!);
    for (let e = mark[1]; e < this.inFrom.length; e++) visit(inFrom[e]!);
  }

  /** The CSR arrays of every edge read (what the enumerator walks; until then `data` is stale). */
  build(): void {
    this.data = this.arrays();
  }

  clear(): void {
    for (const v of this.touched) this.state[v] = 0;
    this.touched = [];
    for (const c of [this.outFrom, this.outTo, this.outRel, this.inOf, this.inFrom, this.inRel]) c.clear();
    this.enumerator.capped = false;
  }
}

/**
 * Candidate enumeration on the store, level by level (docs/ask.md, "On the store"): one read-only
 * statement per level reads every edge of that level's frontier (the anchors, then their
 * neighbours, then theirs: ≤ maxHops statements per question, whatever the number of anchors), and
 * the snapshot's own enumerator walks what was read. The candidates, their answers, path counts and
 * order, and the cap are the snapshot's by construction: every node the enumerator expands has all
 * of its edges in the local graph, exactly as in the snapshot's CSR.
 */
export class StoreEnumerator {
  capped = false;
  /** Statements sent (for the result's "what ran" and the benchmark). */
  queries = 0;
  /** Edges they returned (one packed value or pair each: the rows of this read), and the store's own time (its reported time, else the call's). */
  rowsRead = 0;
  serverMs = 0;

  constructor(private readonly at: StoreNeighbourhood) {}

  /** What was asked of the store so far (RetrievalResult's `storeIo`). */
  io(): StoreIo {
    return { roundTrips: this.queries, rowsRead: this.rowsRead, serverMs: this.serverMs };
  }

  /**
   * Reads the edges of every node within `levels - 1` hops of the anchors (one statement per
   * level), then hands the local graph's enumerator to `walk`; the local graph is reused once
   * `walk` returns (the candidates own their arrays).
   */
  async enumerate<T>(anchors: readonly number[], levels: number, walk: (e: CandidateEnumerator) => T, signal?: AbortSignal): Promise<T> {
    const graph = this.at.take();
    try {
      let frontier: number[] = [];
      for (const a of anchors) if (graph.queue(a)) frontier.push(a);
      for (let level = 0; level < levels && frontier.length > 0; level++) {
        const mark = graph.mark();
        await this.readLevel(graph, frontier, signal);
        graph.markRead(frontier);
        if (level + 1 === levels) break;
        const next: number[] = [];
        graph.neighboursSince(mark, (v) => {
          if (graph.queue(v)) next.push(v);
        });
        frontier = next;
      }
      graph.build();
      const result = walk(graph.enumerator);
      this.capped = graph.enumerator.capped;
      return result;
    } finally {
      this.at.give(graph);
    }
  }

  private async readLevel(graph: LocalGraph, frontier: readonly number[], signal?: AbortSignal): Promise<void> {
    const index = this.at.index;
    const d = index.data;
    const dialect = this.at.store.dialect;
    if (dialect === 'neo4j') {
      const rows = await this.rows(enumerationLevel('neo4j', [], frontier.map((v) => d.nodeIds.get(v)), undefined, false), signal);
      for (const r of rows) {
        const rel = this.at.relationIds.get(String(r.t));
        if (rel === undefined) continue;
        const out = Number(r.o) === 1;
        for (const pair of r.e as readonly (readonly unknown[])[]) {
          const a = index.nodeIndexOf(String(pair[0]));
          const b = index.nodeIndexOf(String(pair[1]));
          // A node the index does not hold (the graph changed after it was built): the snapshot would not hold it either.
          if (a === undefined || b === undefined || !graph.isFrontier(a)) continue;
          graph.add(out, a, b, rel);
        }
      }
      return;
    }
    // Embedded: per label, its nodes by their key when lookups pay (a few nodes of a large label), else a scan of the label.
    const byLabel = new Map<number, number[]>();
    for (const v of frontier) {
      const l = d.nodeLabel[v]!;
      const list = byLabel.get(l);
      if (list) list.push(v);
      else byLabel.set(l, [v]);
    }
    const groups: LevelGroup[] = [];
    const groupLabel: number[] = [];
    let budget = LOOKUPS_PER_STATEMENT;
    let packed = this.at.packed;
    // Groups in label order: the same labels give the same text, whose query-door verdict is cached (a new text's parse costs 10–300 ms).
    for (const [l, nodes] of [...byLabel].sort((x, y) => x[0] - y[0])) {
      const label = d.labelNames[l]!;
      const offsets = nodes.map((v) => offsetOf(d.nodeIds.get(v)));
      if (offsets.some((o) => o >= PACKED_A_LIMIT)) packed = false;
      const m = this.at.lookups(label, nodes.length, budget);
      budget -= m;
      groups.push(m > 0 ? { label, offsets, keys: nodes.map((v) => d.names.get(v)), types: d.relationNames } : { label, offsets, types: d.relationNames });
      groupLabel.push(l);
    }
    let rows = await this.rows(enumerationLevel('kuzu', groups, [], this.at.endpoints, packed), signal);
    // A neighbour's offset too large to pack: the level again, as pairs (never on the graphs measured).
    if (packed && rows.some((r) => Number(r.mb) >= PACK)) {
      packed = false;
      rows = await this.rows(enumerationLevel('kuzu', groups, [], this.at.endpoints, false), signal);
    }
    // Room for the level's edges at once (the columns would otherwise double past them: MetaQA ×40's third level, 1.7 M edges).
    let outs = 0;
    let ins = 0;
    for (const r of rows) {
      if (!Array.isArray(r.e)) continue;
      if (Number(r.o) === 1) outs += r.e.length;
      else ins += r.e.length;
    }
    graph.reserve(outs, ins);
    for (const r of rows) {
      const rel = this.at.relationIds.get(String(r.t));
      const lb = this.at.labelIds.get(String(r.l));
      const la = groupLabel[Number(r.g)];
      if (rel === undefined || lb === undefined || la === undefined) continue;
      const out = Number(r.o) === 1;
      for (const x of r.e as readonly unknown[]) {
        let oa: number;
        let ob: number;
        if (packed) {
          const v = Number(x);
          oa = Math.floor(v / PACK);
          ob = v - oa * PACK;
        } else {
          const pair = x as readonly unknown[];
          oa = Number(pair[0]);
          ob = Number(pair[1]);
        }
        const a = this.at.nodeAt(la, oa);
        const b = this.at.nodeAt(lb, ob);
        // A key matches one node when it is the label's primary key (kgrag's import); a row of another node was not asked for.
        if (a < 0 || b < 0 || !graph.isFrontier(a)) continue;
        graph.add(out, a, b, rel);
      }
    }
  }

  private async rows(s: { text: string; params: Readonly<Record<string, unknown>> }, signal?: AbortSignal): Promise<readonly Readonly<Record<string, unknown>>[]> {
    if (s.text === '') return [];
    this.queries++;
    const r = await this.at.store.query(s.text, { params: s.params as never, readOnly: true, ...(signal ? { signal } : {}) });
    for (const row of r.rows) this.rowsRead += Array.isArray(row.e) ? row.e.length : 0;
    this.serverMs += r.serverMs ?? r.timeMs;
    return r.rows;
  }
}

/** A growable column of unsigned 32-bit values (edges read: no boxed numbers, a quarter of a JS array's size). */
class Column {
  values = new Uint32Array(1024);
  length = 0;

  /** Room for `more` values past the length (exactly: the caller knows how many come). */
  reserve(more: number): void {
    if (this.length + more <= this.values.length) return;
    const grown = new Uint32Array(this.length + more);
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
  }

  push(v: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = v;
  }

  /** Empties it, keeping at most 1M values' room for the next question. */
  clear(): void {
    this.length = 0;
    if (this.values.length > 1 << 20) this.values = new Uint32Array(1024);
  }
}
