import type { GraphStore } from '../graph/graphStore';
import type { GraphSchema } from '../schema/graphSchema';
import type { StoreIo } from '../../contracts/retrievalResult';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { keyLookups, levelParts, LOOKUPS_PER_STATEMENT, OffsetNodes, offsetOf, statementRoom, type EndpointsOf, type LevelGroup } from '../retrieve/store/storeGraph';
import { CandidateEnumerator, type EnumerationGraph, type EnumerationData } from './enumerate';
import { enumerationLevel, PACK, PACKED_A_LIMIT } from './storeCypher';
import { fullCollection } from '../collect';
import { LocalNumbering } from './localNumbering';

/**
 * What candidate enumeration on a store keeps per search index (the Asker holds one): relation and
 * label ids by name, each label's table offsets → index nodes (embedded; built on first use of the
 * label), what the catalog says of labels and types, and one spare local graph (its buffers, sized by
 * the nodes a question touched, are reused rather than allocated per question unless large).
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
  /** At most this many frontier nodes per statement (a level with more is read in parts: `slices`). */
  readonly sliceNodes: number;

  constructor(
    readonly store: Pick<GraphStore, 'query' | 'dialect' | 'branchesPerStatement'>,
    readonly index: SearchIndex,
    schema?: GraphSchema,
    options: { readonly packed?: boolean; readonly sliceNodes?: number } = {},
  ) {
    this.packed = options.packed ?? true;
    this.nodes = OffsetNodes.of(index);
    this.sliceNodes = options.sliceNodes ?? SLICE_NODES;
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

/**
 * Frontier nodes per level statement. No level of 300 MetaQA ×1 dev questions reached it (round
 * trips max 3); at ×40 the third level's 174,485 Movies are read in 6 parts, each a scan of the
 * label: the engine's peak 343 → 249 MB, the CLI's message per part a sixth (docs/ask.md, "ask
 * within the ×40 budget"; parts of 16,384 and 65,536 nodes measured no better).
 */
export const SLICE_NODES = 32_768;

/**
 * Edges read since the last full collection past which the heap is collected (`fullCollection`): each
 * statement's message, parsed, is garbage once its edges are in the local graph, and V8 left ≈ 60 MB
 * of it uncollected at MetaQA ×40's peak. More than MetaQA ×1 holds (129,000 edges, read from both ends).
 */
export const COLLECT_EVERY_EDGES = 1 << 18;

/** A node's state in the local graph during one question's reads (0: seen, a neighbour of a node read). */
const FRONTIER = 2;
const READ = 3;

/** Nodes whose per-node arrays a local graph keeps between questions (more are let go at `clear`: MetaQA ×1 holds 42,828). */
const KEPT_NODES = 1 << 16;

/** Edges read in one row of a level (one relation, one direction): from `a[i]` (a frontier node) to or from `b[i]`, both local. */
interface EdgeRun {
  readonly out: boolean;
  readonly rel: number;
  readonly a: Uint32Array;
  readonly b: Uint32Array;
}

/**
 * The part of the graph one question's enumeration walks: every edge of the nodes read (each read
 * node has all of its edges, out and in, as in the snapshot's CSR; other nodes have none and are
 * never expanded). CandidateEnumerator walks it as it walks the snapshot. Its nodes are numbered
 * locally in the order first seen (`numbering`: the enumerator takes anchors and gives answers in
 * the index's numbering), so its per-node arrays and the enumerator's span the nodes touched, not
 * the index: at MetaQA ×40 531,824 of 1.5 M (docs/ask.md, "A local numbering"). The methods taking
 * a node take it in the index's numbering. The edges are kept as read (runs of 8 bytes an edge,
 * relation and direction once per run) until `build` places them into the CSR (6 bytes an edge)
 * and lets the runs go: MetaQA ×40's third level is 1.7 M edges (docs/ask.md, "ask within the ×40
 * budget").
 */
export class LocalGraph implements EnumerationGraph {
  data: EnumerationData;
  enumerator: CandidateEnumerator;
  readonly numbering = new LocalNumbering();
  /** Per local node: its state and its label (the index's). */
  private state = new Uint8Array(LocalNumbering.INITIAL);
  private labels = new Uint16Array(LocalNumbering.INITIAL);
  private outOffsets = new Uint32Array(1);
  private inOffsets = new Uint32Array(1);
  /** Edges read, in the order read (each node's edges keep that order in the CSR). */
  private runs: EdgeRun[] = [];

  /** `keptNodes`: KEPT_NODES (tests use small ones). */
  constructor(
    private readonly index: SearchIndex,
    private readonly options: { readonly keptNodes?: number } = {},
  ) {
    this.data = this.arrays();
    this.enumerator = new CandidateEnumerator(this);
  }

  /** Nodes touched so far (the enumerator's per-node arrays are this long). */
  get nodeCount(): number {
    return this.numbering.size;
  }

  private arrays(): EnumerationData {
    const d = this.index.data;
    const n = this.numbering.size;
    if (this.outOffsets.length < n + 1) {
      this.outOffsets = new Uint32Array(n + 1);
      this.inOffsets = new Uint32Array(n + 1);
    }
    const outOffsets = this.outOffsets.subarray(0, n + 1);
    const inOffsets = this.inOffsets.subarray(0, n + 1);
    const out = csrOfRuns(outOffsets, this.runs, true);
    const inn = csrOfRuns(inOffsets, this.runs, false);
    return { outOffsets, outTargets: out.targets, outRels: out.rels, inOffsets, inSources: inn.targets, inRels: inn.rels, nodeLabel: this.labels, labelNames: d.labelNames, relationNames: d.relationNames };
  }

  /** The local number of index node `v`, numbered (and its label noted) when first seen. */
  private local(v: number): number {
    const n = this.numbering.size;
    const l = this.numbering.add(v);
    if (l === n) {
      if (l === this.state.length) {
        const state = new Uint8Array(2 * l);
        state.set(this.state);
        this.state = state;
        const labels = new Uint16Array(2 * l);
        labels.set(this.labels);
        this.labels = labels;
      }
      this.labels[l] = this.index.data.nodeLabel[v]!;
    }
    return l;
  }

  isRead(v: number): boolean {
    const l = this.numbering.find(v);
    return l >= 0 && this.state[l] === READ;
  }

  /** The local number of `v` when it is in the frontier being read, else −1. */
  frontierLocal(v: number): number {
    const l = this.numbering.find(v);
    return l >= 0 && this.state[l] === FRONTIER ? l : -1;
  }

  /** Marks `v` to be read in the next level; false when it is read or marked already. */
  queue(v: number): boolean {
    return this.queueLocal(this.local(v));
  }

  private queueLocal(l: number): boolean {
    const s = this.state[l]!;
    if (s === READ || s === FRONTIER) return false;
    this.state[l] = FRONTIER;
    return true;
  }

  markRead(nodes: readonly number[]): void {
    for (const v of nodes) this.state[this.local(v)] = READ;
  }

  /**
   * One row's edges (`length` of `a` and `b` used; the arrays are kept, not copied): `a` the frontier
   * nodes' local numbers (`frontierLocal`), `b` index nodes, renumbered here in place.
   */
  addRun(out: boolean, rel: number, a: Uint32Array, b: Uint32Array, length: number): void {
    if (length === 0) return;
    const run = { out, rel, a: length < a.length ? a.subarray(0, length) : a, b: length < b.length ? b.subarray(0, length) : b };
    this.runs.push(run);
    for (let i = 0; i < length; i++) b[i] = this.local(b[i]!);
  }

  /** Where the edges read so far end (the next level's edges start there). */
  mark(): number {
    return this.runs.length;
  }

  /** Queues the neighbours in the edges read since `mark` (a level's edges: only its frontier's), the out edges' first; the index nodes newly queued, in that order. */
  queueNeighboursSince(mark: number): number[] {
    const next: number[] = [];
    const globals = this.numbering.globals;
    for (const out of [true, false]) {
      for (let r = mark; r < this.runs.length; r++) {
        const run = this.runs[r]!;
        if (run.out !== out) continue;
        for (let i = 0; i < run.b.length; i++) if (this.queueLocal(run.b[i]!)) next.push(globals[run.b[i]!]!);
      }
    }
    return next;
  }

  /** The CSR arrays of every edge read (what the enumerator walks; until then `data` is stale); the runs are let go. */
  build(): void {
    this.data = this.arrays();
    this.dropRuns();
    // Every node is numbered: the walk looks up only its anchors (docs/ask.md, "A wider margin").
    this.numbering.seal();
  }

  /** Forgets the runs and gives their memory back now (runArray), not at the next full collection: at ×40 they are 14 MB at the walk's peak. */
  private dropRuns(): void {
    for (const run of this.runs) {
      release(run.a);
      release(run.b);
    }
    this.runs = [];
  }

  clear(): void {
    const touched = this.numbering.size;
    const large = this.state.length > (this.options.keptNodes ?? KEPT_NODES);
    this.numbering.clear(large);
    this.dropRuns();
    if (large) {
      // A large question's arrays are not kept for the next (the CLI asks one; the editor, many of any size).
      this.state = new Uint8Array(LocalNumbering.INITIAL);
      this.labels = new Uint16Array(LocalNumbering.INITIAL);
      this.outOffsets = new Uint32Array(1);
      this.inOffsets = new Uint32Array(1);
      this.enumerator = new CandidateEnumerator(this);
    } else this.state.fill(0, 0, touched);
    this.data = this.arrays();
    this.enumerator.capped = false;
  }
}

/** What ArrayBuffer is since ES2024 (resizable buffers; Node 20 has them), beyond the ES2022 lib this project compiles against. */
type Resizable = ArrayBuffer & { readonly resizable?: boolean; resize?(bytes: number): void };

/** The page a resizable buffer maps at least (4 KB on the platforms Node runs on). */
const RUN_PAGE_BYTES = 4096;

/**
 * A run's column: on a resizable buffer when the runtime has them, so `release` can give its memory
 * back at once (a buffer shrunk to 0 bytes returns its pages; an ordinary one waits for the garbage
 * collector, which at ×40 had not run when the walk peaked).
 */
function runArray(length: number): Uint32Array {
  const bytes = 4 * length;
  // Below a page an ordinary array costs less than the buffer's own mapping: a key lookup's rows
  // come one edge each (storeCypher.ts), and a page apiece would cost 1,000 times their size.
  if (bytes < RUN_PAGE_BYTES) return new Uint32Array(length);
  try {
    const Make = ArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => ArrayBuffer;
    const buffer = new Make(bytes, { maxByteLength: bytes }) as Resizable;
    if (buffer.resizable === true) return new Uint32Array(buffer, 0, length);
  } catch {
    // No resizable buffers: an ordinary array.
  }
  return new Uint32Array(length);
}

/** Empties a run's column made by runArray (no-op for others); the array must not be read afterwards. */
function release(a: Uint32Array): void {
  const buffer = a.buffer as Resizable;
  if (buffer.resizable === true && buffer.resize) buffer.resize(0);
}

/**
 * The CSR of one direction's runs into `offsets` (n + 1): each node's edges in the order read, as
 * `csrInto` places a column of edges in order (a stable counting sort; the offsets serve as the
 * fill cursors, then move back by one node).
 */
function csrOfRuns(offsets: Uint32Array, runs: readonly EdgeRun[], out: boolean): { targets: Uint32Array; rels: Uint16Array } {
  const n = offsets.length - 1;
  offsets.fill(0);
  let m = 0;
  for (const run of runs) {
    if (run.out !== out) continue;
    m += run.a.length;
    for (let i = 0; i < run.a.length; i++) offsets[run.a[i]! + 1]++;
  }
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i]!;
  const targets = new Uint32Array(m);
  const rels = new Uint16Array(m);
  for (const run of runs) {
    if (run.out !== out) continue;
    for (let i = 0; i < run.a.length; i++) {
      const at = offsets[run.a[i]!]!++;
      targets[at] = run.b[i]!;
      rels[at] = run.rel;
    }
    // Placed: its memory back now, so the runs and the CSR are not held whole side by side.
    release(run.a);
    release(run.b);
  }
  for (let i = n; i > 0; i--) offsets[i] = offsets[i - 1]!;
  offsets[0] = 0;
  return { targets, rels };
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
  /** Edges read since the last full collection (this question's). */
  private uncollected = 0;

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
    this.uncollected = 0;
    try {
      let frontier: number[] = [];
      for (const a of anchors) if (graph.queue(a)) frontier.push(a);
      for (let level = 0; level < levels && frontier.length > 0; level++) {
        const mark = graph.mark();
        await this.readLevel(graph, frontier, signal);
        this.collectIfDue();
        graph.markRead(frontier);
        if (level + 1 === levels) break;
        frontier = graph.queueNeighboursSince(mark);
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
        const pairs = r.e as readonly (readonly unknown[])[];
        const as = runArray(pairs.length);
        const bs = runArray(pairs.length);
        let k = 0;
        for (const pair of pairs) {
          const a = index.nodeIndexOf(String(pair[0]));
          const b = index.nodeIndexOf(String(pair[1]));
          // A node the index does not hold (the graph changed after it was built): the snapshot would not hold it either.
          const la = a === undefined ? -1 : graph.frontierLocal(a);
          if (la < 0 || b === undefined) continue;
          as[k] = la;
          bs[k++] = b;
        }
        graph.addRun(out, rel, as, bs, k);
      }
      return;
    }
    // A level read in parts (never at MetaQA ×1) starts on a collected heap, and so does the first
    // part's message: the levels before left garbage (and, after a `last` question's grounding, the
    // name index), and the slicing leaves more — at ×40 the CLI peaked while reading on top of both
    // (docs/ask.md, "A wider margin").
    const inParts = frontier.length > this.at.sliceNodes;
    if (inParts) this.collectNow();
    // Embedded: per label, its nodes by their key when lookups pay (a few nodes of a large label), else a scan of the label.
    const byLabel = new Map<number, number[]>();
    for (const v of frontier) {
      const l = d.nodeLabel[v]!;
      const list = byLabel.get(l);
      if (list) list.push(v);
      else byLabel.set(l, [v]);
    }
    // Labels in order: the same labels give the same text, whose query-door verdict is cached (a new text's parse costs 10–300 ms).
    const parts = slices([...byLabel].sort((x, y) => x[0] - y[0]), this.at.sliceNodes, (v) => offsetOf(d.nodeIds.get(v)));
    if (inParts) this.collectNow();
    for (const part of parts) await this.readPart(graph, part, signal);
  }

  /** One statement's worth of a level (its labels' nodes) read into the local graph. */
  private async readPart(graph: LocalGraph, part: readonly (readonly [number, readonly number[]])[], signal?: AbortSignal): Promise<void> {
    const d = this.at.index.data;
    const groups: LevelGroup[] = [];
    let budget = LOOKUPS_PER_STATEMENT;
    let packed = this.at.packed;
    for (const [l, nodes] of part) {
      const label = d.labelNames[l]!;
      const offsets = nodes.map((v) => offsetOf(d.nodeIds.get(v)));
      if (offsets.some((o) => o >= PACKED_A_LIMIT)) packed = false;
      const m = this.at.lookups(label, nodes.length, budget);
      budget -= m;
      groups.push(m > 0 ? { label, offsets, keys: nodes.map((v) => d.names.get(v)), types: d.relationNames } : { label, offsets, types: d.relationNames });
    }
    // One statement per part that fits the engine's pool (levelParts; almost always one).
    for (const p of levelParts(groups, this.at.endpoints, statementRoom(this.at.store), true)) {
      await this.readGroups(graph, p, packed, signal);
      this.collectIfDue();
    }
  }

  /** A full collection once COLLECT_EVERY_EDGES edges were read since the last (called once a statement's rows are let go). */
  private collectIfDue(): void {
    if (this.uncollected >= COLLECT_EVERY_EDGES) this.collectNow();
  }

  private collectNow(): void {
    this.uncollected = 0;
    fullCollection();
  }

  /** One statement's groups read into the local graph. */
  private async readGroups(graph: LocalGraph, groups: readonly LevelGroup[], packed: boolean, signal?: AbortSignal): Promise<void> {
    let rows = await this.rows(enumerationLevel('kuzu', groups, [], this.at.endpoints, packed), signal);
    // A neighbour's offset too large to pack: the level again, as pairs (never on the graphs measured).
    if (packed && rows.some((r) => Number(r.mb) >= PACK)) {
      packed = false;
      rows = await this.rows(enumerationLevel('kuzu', groups, [], this.at.endpoints, false), signal);
    }
    const groupLabel = groups.map((g) => this.at.labelIds.get(g.label));
    for (const r of rows) {
      const rel = this.at.relationIds.get(String(r.t));
      const lb = this.at.labelIds.get(String(r.l));
      const la = groupLabel[Number(r.g)];
      if (rel === undefined || lb === undefined || la === undefined || !Array.isArray(r.e)) continue;
      const out = Number(r.o) === 1;
      const e = r.e as readonly unknown[];
      const as = runArray(e.length);
      const bs = runArray(e.length);
      let k = 0;
      // A row's edges come by frontier node: its local number is looked up once per run of them.
      let lastA = -1;
      let localA = -1;
      for (const x of e) {
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
        if (a !== lastA) {
          lastA = a;
          localA = a < 0 ? -1 : graph.frontierLocal(a);
        }
        // A key matches one node when it is the label's primary key (kgrag's import); a row of another node was not asked for.
        if (localA < 0 || b < 0) continue;
        as[k] = localA;
        bs[k++] = b;
      }
      graph.addRun(out, rel, as, bs, k);
    }
  }

  private async rows(s: { text: string; params: Readonly<Record<string, unknown>> }, signal?: AbortSignal): Promise<readonly Readonly<Record<string, unknown>>[]> {
    if (s.text === '') return [];
    this.queries++;
    const r = await this.at.store.query(s.text, { params: s.params as never, readOnly: true, parsedByEngine: true, ...(signal ? { signal } : {}) });
    let edges = 0;
    for (const row of r.rows) edges += Array.isArray(row.e) ? row.e.length : 0;
    this.rowsRead += edges;
    this.uncollected += edges;
    this.serverMs += r.serverMs ?? r.timeMs;
    return r.rows;
  }
}

/**
 * A level's labels and nodes cut into statements of at most `max` nodes each (labels in the given
 * order): one statement — the level as it is — unless the frontier holds more. A larger label's
 * nodes are cut in offset order, so each part's ids stay dense (scanFilter's bitset). Each node is
 * in one part, and every part's edges are read before the level's nodes count as read, so the local
 * graph holds the same edges (each node's in its part's row order): MetaQA ×40's third level (174,485
 * Movies, 1.7 M edges) was one message of ≈ 29 MB that the engine built and the CLI parsed whole.
 */
export function slices(labels: readonly (readonly [number, readonly number[]])[], max: number, offsetOfNode: (v: number) => number): (readonly [number, readonly number[]])[][] {
  let total = 0;
  for (const [, nodes] of labels) total += nodes.length;
  if (total <= max) return [labels.map(([l, nodes]) => [l, nodes] as const)];
  const parts: (readonly [number, readonly number[]])[][] = [[]];
  let size = 0;
  for (const [l, nodes] of labels) {
    const sorted = nodes.length > max - size ? nodes.map((v) => [offsetOfNode(v), v] as const).sort((x, y) => x[0] - y[0]).map((x) => x[1]) : nodes;
    for (let from = 0; from < sorted.length; ) {
      if (size >= max) {
        parts.push([]);
        size = 0;
      }
      const take = sorted.slice(from, from + (max - size));
      parts[parts.length - 1]!.push([l, take]);
      size += take.length;
      from += take.length;
    }
  }
  return parts;
}
