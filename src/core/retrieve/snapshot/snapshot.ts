import { join } from 'node:path';
import { namesView, type Embedder } from '../../embed/embedder';
import { isSparseEmbedder } from '../../embed/hashing';
import type { EdgeRecord, NodeRecord } from '../../graph/graphStore';
import type { Bm25Data } from '../mor/bm25';
import { NameTable } from '../../graph/import/typedSets';
import { TextTable } from './textTable';
import { notFoundDistanceFor } from '../../embed/notFound';
import { embedSparseSpilled } from './spill';
import { APPROXIMATE_ABOVE, APPROXIMATE_BUDGET, VectorIndex, approximateRescore, embedMatrix, type EmbeddingMatrix, type RankedRows, type SearchMode, type VectorFilter, type VectorHit } from './vectorIndex';

/**
 * The graph in typed arrays, for search: CSR adjacency in both directions with relation ids,
 * node names and label ids, node and relation embeddings. Node i is addressed by its index;
 * `nodeIds[i]` is the store's id. A node's label id is its first label (node identity in the
 * movie graphs is (label, name)); all labels stay in `nodeLabels` for display.
 */
export interface SnapshotData extends IndexData {
  readonly outOffsets: Uint32Array; // n + 1
  readonly outTargets: Uint32Array;
  readonly outRels: Uint16Array;
  readonly inOffsets: Uint32Array; // n + 1
  readonly inSources: Uint32Array;
  readonly inRels: Uint16Array;
}

/**
 * The search index without the graph's edges: names, ids, labels, name and relation vectors,
 * relation domains (and BM25 when read). What candidates need (gsd's buildProblem, type words,
 * relation phrases, what every result says); in store placement it is all the client holds of
 * the graph (docs/placement.md).
 */
export interface IndexData {
  readonly fingerprint: string;
  readonly embedderId: string;
  /** Store ids and names as byte tables: decoded only for the nodes a result shows. */
  readonly nodeIds: TextTable;
  readonly names: TextTable;
  readonly labelNames: readonly string[];
  /** Primary label id per node. */
  readonly nodeLabel: Uint16Array;
  readonly relationNames: readonly string[];
  readonly nodeVectors: EmbeddingMatrix;
  /** Relation embeddings, dense: relationNames.length × dimension. */
  readonly relationVectors: Float32Array;
  readonly dimension: number;
  /** MoR's BM25 index over the names, when the index file holds it (else built on first use). */
  readonly bm25?: Bm25Data;
  /** RelationDomains' arrays, when the index file holds them (else computed from every edge on first use). */
  readonly domains?: { readonly pairs: Uint8Array; readonly touches: Uint8Array };
  /** `oneValuedShares`' array, when the index file holds it (else computed from every edge on first use). */
  readonly oneValued?: Float32Array;
}

/** The candidate side of the graph (IndexData): what a search index answers without the edges. */
export class SearchIndex {
  readonly nodeCount: number;
  readonly index: VectorIndex;
  private labelMembers?: Uint32Array[];

  constructor(readonly data: IndexData) {
    this.nodeCount = data.names.length;
    this.index = new VectorIndex(data.nodeVectors);
  }

  get names(): TextTable {
    return this.data.names;
  }

  labelId(name: string): number {
    return this.data.labelNames.indexOf(name);
  }

  relationId(name: string): number {
    return this.data.relationNames.indexOf(name);
  }

  labelOf(node: number): string {
    return this.data.labelNames[this.data.nodeLabel[node]] ?? '';
  }

  /** Nodes whose name is exactly `name`, ascending (a hash table over the name bytes, built on first use). */
  nodesNamed(name: string): readonly number[] {
    return this.data.names.find(name);
  }

  /**
   * The nodes nearest to a name: `q` is `text` embedded with the names view. Every search for a
   * name goes through here: above APPROXIMATE_ABOVE rows `auto` search is approximate, and the
   * nodes spelt exactly like `text` are ranked whatever its walk met, so a name that is in the
   * graph is never reported missing (it was, at MetaQA ×40). A walk that found nothing within the
   * not-found distance read too little: it is walked again, wider (3× the postings, 4× the rows
   * rescored), before the name is called missing — on ×40, of 150 names with one letter dropped,
   * the right name was among 16 candidates for 95 with the default walk and 143 with the wider one.
   */
  searchName(text: string, q: Float32Array, k: number, filter: VectorFilter = {}, mode: SearchMode = { mode: 'auto' }): VectorHit[] {
    const r = this.searchNameRanked(text, q, k, filter, mode);
    return Array.from(r.idx, (index, i) => ({ index, distance: r.dist[i] }));
  }

  /** `searchName` as typed arrays (shared with the index: read, never written). */
  searchNameRanked(text: string, q: Float32Array, k: number, filter: VectorFilter = {}, mode: SearchMode = { mode: 'auto' }): RankedRows {
    const include = this.nodesNamed(text);
    const hits = this.index.searchRanked(q, k, filter, { ...mode, include });
    if (!this.index.approximates(mode) || (hits.idx.length > 0 && hits.dist[0] < notFoundDistanceFor({ id: this.data.embedderId }))) return hits;
    return this.index.searchRanked(q, k, filter, { ...mode, include, budget: 3 * (mode.budget ?? APPROXIMATE_BUDGET), rescore: 4 * (mode.rescore ?? approximateRescore(k)) });
  }

  nodeIndexOf(id: string): number | undefined {
    const i = this.data.nodeIds.indexOf(id);
    return i < 0 ? undefined : i;
  }

  /** Node indices with primary label `label` (ascending; built on first use). */
  membersOf(label: number): Uint32Array {
    if (!this.labelMembers) {
      const nl = this.data.nodeLabel;
      const counts = new Uint32Array(this.data.labelNames.length);
      for (let i = 0; i < nl.length; i++) counts[nl[i]]++;
      const lists = Array.from(counts, (c) => new Uint32Array(c));
      const fill = new Uint32Array(counts.length);
      for (let i = 0; i < nl.length; i++) lists[nl[i]][fill[nl[i]]++] = i;
      this.labelMembers = lists;
    }
    return this.labelMembers[label] ?? new Uint32Array(0);
  }

  /** Nodes in the graph: the index's own nodes, unless it holds only some of them (a plan-scoped index, store/fulltextIndex.ts). */
  graphNodeCount(): number {
    return this.nodeCount;
  }

  /** Nodes in the graph with primary label `label` (what a typed unknown's candidate count is). */
  labelSize(label: number): number {
    return this.membersOf(label).length;
  }

  /**
   * Replaces the arrays (a plan-scoped index learning the nodes a store search reached, so every
   * result fact about them reads as for any node; store/fulltextIndex.ts). Node numbers already
   * handed out must keep their meaning: only appending nodes is allowed.
   */
  protected replaceData(data: IndexData): void {
    if (data.names.length < this.nodeCount) throw new Error('a search index may only grow');
    const self = this as unknown as { data: IndexData; nodeCount: number; index: VectorIndex };
    self.data = data;
    self.nodeCount = data.names.length;
    self.index = new VectorIndex(data.nodeVectors);
    this.labelMembers = undefined;
  }

  /** Bytes of the typed arrays (names and ids included: they are byte tables). */
  byteSize(): number {
    const d = this.data;
    const arrays = [d.nodeLabel, d.relationVectors, d.names.bytes, d.names.offsets, d.nodeIds.bytes, d.nodeIds.offsets];
    return arrays.reduce((s, a) => s + a.byteLength, 0) + this.index.byteSize();
  }
}

/** The graph in typed arrays: the search index plus CSR adjacency in both directions. */
export class GraphSnapshot extends SearchIndex {
  declare readonly data: SnapshotData;
  readonly edgeCount: number;
  private maxDeg = -1;

  constructor(data: SnapshotData) {
    super(data);
    this.edgeCount = data.outTargets.length;
  }

  /** Largest undirected degree: sizes the search's per-depth buffers. */
  maxDegree(): number {
    if (this.maxDeg < 0) {
      const { outOffsets, inOffsets } = this.data;
      let m = 0;
      for (let i = 0; i < this.nodeCount; i++) {
        const d = outOffsets[i + 1] - outOffsets[i] + inOffsets[i + 1] - inOffsets[i];
        if (d > m) m = d;
      }
      this.maxDeg = m;
    }
    return this.maxDeg;
  }

  /** Bytes of the typed arrays (names and ids included: they are byte tables). */
  override byteSize(): number {
    const d = this.data;
    const arrays = [d.outOffsets, d.outTargets, d.outRels, d.inOffsets, d.inSources, d.inRels];
    return arrays.reduce((s, a) => s + a.byteLength, 0) + super.byteSize();
  }

  /** Builds a snapshot from node and edge records (the shape GraphStore.exportGraph streams). */
  static async fromRecords(nodes: readonly NodeRecord[], edges: readonly EdgeRecord[], embedder: Embedder, fingerprint = 'records', signal?: AbortSignal): Promise<GraphSnapshot> {
    const b = new SnapshotBuilder();
    for (const n of nodes) b.addNode(n.id, n.labels[0] ?? '', n.name);
    for (const e of edges) b.addEdgeById(e.source, e.type, e.target);
    return b.build(embedder, fingerprint, signal);
  }

  /**
   * Builds a snapshot from (head, relation, tail) text triples. Node identity is (label, name);
   * `labelOf(relation, role)` types the ends (default: everything is 'Entity').
   */
  static async fromTriples(
    triples: Iterable<readonly [string, string, string]>,
    embedder: Embedder,
    options: { labelOf?: (relation: string, role: 'head' | 'tail') => string; fingerprint?: string; signal?: AbortSignal } = {},
  ): Promise<GraphSnapshot> {
    const b = new SnapshotBuilder();
    const labelOf = options.labelOf ?? (() => 'Entity');
    for (const [h, r, t] of triples) {
      const hl = labelOf(r, 'head');
      const tl = labelOf(r, 'tail');
      const hi = b.nodeByKey(hl, h);
      const ti = b.nodeByKey(tl, t);
      b.addEdge(hi, r, ti);
    }
    return b.build(embedder, options.fingerprint ?? 'triples', options.signal);
  }
}

/** Accumulates nodes and edges (growable typed arrays), then lays out the CSR arrays. */
export class SnapshotBuilder {
  // Ids and names as UTF-8 bytes (ids hashed for addEdgeById): no JS string per node is kept —
  // at MetaQA ×40 the string arrays and the id Map were ≈ 300 MB of the index build.
  private readonly ids = new NameTable();
  private readonly names = new ByteColumn();
  private readonly labelNames: string[] = [];
  private readonly labelIds = new Map<string, number>();
  private readonly relIds = new Map<string, number>();
  private readonly relNames: string[] = [];
  private labels = new Uint16Array(1024);
  private src = new Uint32Array(4096);
  private dst = new Uint32Array(4096);
  private rel = new Uint16Array(4096);
  private edges = 0;

  addNode(id: string, label: string, name: string): number {
    const { id: i, isNew } = this.ids.add(id);
    if (!isNew) return i;
    this.names.push(name);
    if (i >= this.labels.length) this.labels = grow(this.labels, Uint16Array);
    this.labels[i] = this.intern(this.labelIds, this.labelNames, label);
    return i;
  }

  /** Node keyed by (label, name); its id is `label:name` (triples have no store ids). */
  nodeByKey(label: string, name: string): number {
    return this.addNode(label + ':' + name, label, name);
  }

  addEdgeById(source: string, type: string, target: string): void {
    const s = this.ids.find(source);
    const t = this.ids.find(target);
    if (s < 0 || t < 0) throw new Error(`snapshot: edge ${source} -[${type}]-> ${target} names an unknown node`);
    this.addEdge(s, type, t);
  }

  addEdge(s: number, type: string, t: number): void {
    if (this.edges >= this.src.length) {
      this.src = grow(this.src, Uint32Array);
      this.dst = grow(this.dst, Uint32Array);
      this.rel = grow(this.rel, Uint16Array);
    }
    this.src[this.edges] = s;
    this.dst[this.edges] = t;
    this.rel[this.edges] = this.intern(this.relIds, this.relNames, type);
    this.edges++;
  }

  private intern(map: Map<string, number>, list: string[], key: string): number {
    let id = map.get(key);
    if (id === undefined) {
      id = list.length;
      if (id >= 0xffff) throw new Error('snapshot: more than 65535 labels or relation types');
      list.push(key);
      map.set(key, id);
    }
    return id;
  }

  /**
   * `spill`: above `above` rows (default APPROXIMATE_ABOVE), a sparse embedder's matrix is built
   * through a file in `dir` (spill.ts) instead of in memory — the same arrays, in bounded memory.
   */
  async build(embedder: Embedder, fingerprint: string, signal?: AbortSignal, spill?: SpillOption): Promise<GraphSnapshot> {
    return assembleSnapshot(
      { ids: this.ids.toTextTable(), names: this.names.table(), labelNames: this.labelNames, nodeLabel: this.labels.slice(0, this.names.length), relationNames: this.relNames, graph: { kind: 'edges', src: this.src, dst: this.dst, rel: this.rel, edges: this.edges } },
      embedder,
      fingerprint,
      signal,
      spill,
    );
  }
}

/** Where a large sparse matrix is built: above `above` rows (default APPROXIMATE_ABOVE), through a file in `dir` (spill.ts). */
export interface SpillOption {
  readonly dir: string;
  readonly above?: number;
  /** Postings buffered per bucket while the postings are scattered (spill.ts; tests make it tiny). */
  readonly bucketBuffer?: number;
}

/** A graph's nodes and edge list, laid out by SnapshotBuilder or taken from an import (fromImport.ts). */
export interface SnapshotParts {
  readonly ids: TextTable;
  readonly names: TextTable;
  readonly labelNames: readonly string[];
  readonly nodeLabel: Uint16Array;
  readonly relationNames: readonly string[];
  /**
   * The edges: a list (edge e is src[e] -rel[e]-> dst[e], e < edges; a node's CSR keeps the list's
   * order), or both CSR directions laid out already (fromImport.ts).
   */
  readonly graph:
    | { readonly kind: 'edges'; readonly src: Uint32Array; readonly dst: Uint32Array; readonly rel: Uint16Array; readonly edges: number }
    | { readonly kind: 'csr'; readonly outOffsets: Uint32Array; readonly outTargets: Uint32Array; readonly outRels: Uint16Array; readonly inOffsets: Uint32Array; readonly inSources: Uint32Array; readonly inRels: Uint16Array };
  /** The names' vectors when already embedded (fromImport.ts: while the engine copied). */
  readonly nodeVectors?: EmbeddingMatrix;
}

/** The CSR arrays and the embeddings of a node and edge list: the one place a snapshot is laid out. */
export async function assembleSnapshot(p: SnapshotParts, embedder: Embedder, fingerprint: string, signal?: AbortSignal, spill?: SpillOption): Promise<GraphSnapshot> {
  const n = p.names.length;
  const g = p.graph;
  const out = g.kind === 'csr' ? { offsets: g.outOffsets, targets: g.outTargets, rels: g.outRels } : csr(n, g.edges, g.src, g.dst, g.rel);
  const inn = g.kind === 'csr' ? { offsets: g.inOffsets, targets: g.inSources, rels: g.inRels } : csr(n, g.edges, g.dst, g.src, g.rel);
  const namer = namesView(embedder);
  const names = p.names;
  const nodeVectors =
    p.nodeVectors ??
    (spill !== undefined && n > (spill.above ?? APPROXIMATE_ABOVE) && isSparseEmbedder(namer)
      ? embedSparseSpilled(namer, n, (r) => names.get(r), join(spill.dir, `spill-${process.pid}-${Date.now()}.tmp`), signal, spill.bucketBuffer).matrix
      : await embedMatrix(namer, names.map((x) => x), signal));
  const relationVectors = await embedder.embedBatch(p.relationNames.map(relationText), signal);
  return new GraphSnapshot({
    fingerprint,
    embedderId: embedder.id,
    nodeIds: p.ids,
    names,
    labelNames: p.labelNames,
    nodeLabel: p.nodeLabel,
    relationNames: p.relationNames,
    outOffsets: out.offsets,
    outTargets: out.targets,
    outRels: out.rels,
    inOffsets: inn.offsets,
    inSources: inn.targets,
    inRels: inn.rels,
    nodeVectors,
    relationVectors,
    dimension: embedder.dimension,
  });
}

/** The text a relation type is embedded as: `directed_by` → `directed by`. */
export function relationText(type: string): string {
  return type.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim();
}

/** CSR adjacency from an edge list (stable: a node's edges keep the list's order). Also the store path's local graph (retrieve/store). */
export function csr(n: number, m: number, from: Uint32Array, to: Uint32Array, rel: Uint16Array): { offsets: Uint32Array; targets: Uint32Array; rels: Uint16Array } {
  const offsets = new Uint32Array(n + 1);
  for (let e = 0; e < m; e++) offsets[from[e] + 1]++;
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, n);
  const targets = new Uint32Array(m);
  const rels = new Uint16Array(m);
  for (let e = 0; e < m; e++) {
    const at = fill[from[e]]++;
    targets[at] = to[e];
    rels[at] = rel[e];
  }
  return { offsets, targets, rels };
}

/** Strings appended as UTF-8 bytes with offsets; `table()` gives them as a TextTable. */
class ByteColumn {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  private offsets = new Uint32Array(1 << 12);
  length = 0;

  push(text: string): void {
    const at = this.offsets[this.length]!;
    const need = at + Buffer.byteLength(text, 'utf8');
    if (need > this.bytes.length) {
      const b = Buffer.allocUnsafe(Math.max(need, 2 * this.bytes.length));
      this.bytes.copy(b, 0, 0, at);
      this.bytes = b;
    }
    this.bytes.write(text, at, 'utf8');
    if (this.length + 2 > this.offsets.length) this.offsets = grow(this.offsets, Uint32Array);
    this.offsets[++this.length] = need;
  }

  table(): TextTable {
    return new TextTable(this.bytes.subarray(0, this.offsets[this.length]!), this.offsets.slice(0, this.length + 1));
  }
}

function grow<T extends Uint16Array | Uint32Array>(a: T, Ctor: new (n: number) => T): T {
  const b = new Ctor(a.length * 2);
  b.set(a);
  return b;
}
