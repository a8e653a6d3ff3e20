/**
 * Candidates for named pattern nodes from the store's full-text name index (Neo4j's `kgrag_names`;
 * docs/placement.md, "Neo4j: candidates from the full-text index") or from its vector indexes of
 * the names (a person wrote them with this embedder: "Neo4j: candidates from a vector index"), for
 * a store-placed run that has no index file of the graph: for each name of the plan, the index's
 * top N nodes (one read-only query each), gathered into a search index of those nodes alone
 * (`FulltextSearchIndex`). gsd's candidate step (buildProblem) then ranks them by the session's
 * embedder, as it ranks every node of the graph in memory — the rescoring. Exact only when
 * memory's candidates are among the index's top N, which neither Lucene nor an approximate (HNSW)
 * vector search guarantees: the result says where its candidates came from (`notice`).
 */
import { namesView, type Embedder } from '../../embed/embedder';
import { GraphStoreError } from '../../graph/errors';
import type { VectorIndexHit } from '../../graph/neo4j/neo4jStore';
import type { VectorKeys } from '../../graph/neo4j/vector';
import type { PlanningGraph } from '../../plan/planningGraph';
import type { GraphSchema } from '../../schema/graphSchema';
import { SearchIndex, relationText, type IndexData } from '../snapshot/snapshot';
import { TextTable } from '../snapshot/textTable';
import { embedMatrix } from '../snapshot/vectorIndex';

/** What the store answers (Neo4jStore.nameIndexHits). */
export interface NameIndexSource {
  nameIndexHits(name: string, limit: number, signal?: AbortSignal): Promise<{ readonly hits: readonly { readonly id: string; readonly labels: readonly string[]; readonly name: string }[]; readonly serverMs?: number; readonly timeMs: number }>;
}

/** What the store answers for vectors (Neo4jStore.vectorIndexHits). */
export interface VectorIndexSource {
  vectorIndexHits(vector: readonly number[], indexes: readonly string[], markerKey: string, limit: number, signal?: AbortSignal): Promise<{ readonly hits: readonly VectorIndexHit[]; readonly serverMs?: number; readonly timeMs: number }>;
}

/** A hit whose vector another embedder wrote (its marker is not the session's): the vector index is not used. */
export class ForeignVectorsError extends GraphStoreError {
  constructor(message: string) {
    super('no-index', message);
  }
}

/**
 * Names → the vector indexes' hits: the name embedded by the session's embedder (its names view, as
 * the vectors were written), every label's index asked in one statement, and every hit's marker
 * checked: a vector another embedder wrote is never used (GraphStoreError 'no-index', the run falls
 * back and says why).
 */
export function vectorNameSource(source: VectorIndexSource, embedder: Embedder, keys: VectorKeys, indexes: readonly string[]): NameIndexSource {
  return {
    async nameIndexHits(name, limit, signal) {
      const v = await namesView(embedder).embedBatch([name], signal);
      const got = await source.vectorIndexHits(Array.from(v), indexes, keys.markerProperty, limit, signal);
      const foreign = got.hits.find((h) => h.marker !== keys.marker);
      if (foreign) throw new ForeignVectorsError(`the vector index returned ${foreign.name === '' ? foreign.id : `"${foreign.name}"`}, whose vector was written by ${foreign.marker ?? 'an unknown embedder (no marker)'}, not by this session's embedder ${keys.marker}`);
      return got;
    },
  };
}

/** Where the candidates came from: the full-text index (and why the vector index was not used, when it was tried), or the vector indexes. */
export type CandidateOrigin =
  | { readonly kind: 'fulltext'; readonly index: string; readonly vectorsUnused?: string; /** statements sent to the vector indexes before falling back (counted in the run's round trips) */ readonly vectorAttempts?: number }
  | { readonly kind: 'vector'; readonly indexes: readonly string[]; readonly marker: string };

const FULLTEXT_ORIGIN: CandidateOrigin = { kind: 'fulltext', index: 'kgrag_names' };

/** Lucene's top N per name: at least this many, and 4 × the plan's nodeCandidates when that is more. */
export const FULLTEXT_HITS_PER_NAME = 200;

/** The size assumed for a label the store's schema did not count. */
const UNCOUNTED = 2 ** 31;

/** How many hits to ask for per name, for a plan (its gsd nodeCandidates, when it says). */
export function hitsPerName(plan: PlanningGraph): number {
  const k = plan.strategy.kind === 'gsd' ? plan.strategy.nodeCandidates : undefined;
  return Math.max(FULLTEXT_HITS_PER_NAME, 4 * (typeof k === 'number' ? k : 0));
}

/** The names a plan's nodes are matched by (soft and exact texts, `name` properties), distinct, in plan order. */
export function planNames(plan: PlanningGraph): string[] {
  const out = new Set<string>();
  for (const n of plan.nodes) {
    if (n.text !== undefined) out.add(n.text.value);
    const p = n.properties?.['name'];
    if (p !== undefined && p !== null) out.add(String(p));
  }
  return [...out];
}

interface IndexNode {
  readonly id: string;
  readonly name: string;
  readonly label: string;
}

/** What the run read from the full-text index (for the result's notice and storeIo). */
export interface FulltextReport {
  readonly index: string;
  readonly origin: CandidateOrigin;
  readonly limit: number;
  readonly names: readonly { readonly text: string; readonly hits: number }[];
  readonly roundTrips: number;
  readonly rowsRead: number;
  readonly serverMs: number;
}

/**
 * A search index holding only the nodes the full-text index returned for one plan's names (and,
 * after a store search, the nodes it matched: `learn`), with the graph's labels, relationship
 * types, their domains (from the store's catalog) and its counts per label (`labelSize`), so the
 * candidate step sees the graph's sizes, not the index's.
 */
export class FulltextSearchIndex extends SearchIndex {
  private constructor(
    data: IndexData,
    private nodes: readonly IndexNode[],
    private readonly embedder: Embedder,
    private readonly counts: { readonly total: number; readonly perLabel: readonly number[] },
    readonly report: FulltextReport,
  ) {
    super(data);
  }

  override graphNodeCount(): number {
    return this.counts.total;
  }

  override labelSize(label: number): number {
    return this.counts.perLabel[label] ?? 0;
  }

  /** The words a result shows where its answers are: its candidates came from the index's top N, not from every node. */
  notice(): string {
    const r = this.report;
    const per = r.names.map((n) => `"${n.text}" ${n.hits}`).join(', ');
    const o = r.origin;
    if (o.kind === 'vector') {
      return `candidates from Neo4j's vector indexes ${o.indexes.join(', ')} (vectors of ${o.marker}): the approximate (HNSW) nearest ${r.limit} per name and label (${per}), ranked by the embedder — exact only when memory's candidates are among them, which an approximate search does not guarantee`;
    }
    return `candidates from Neo4j's full-text index ${r.index}: Lucene's top ${r.limit} per name (${per}), ranked by the embedder — exact only when memory's candidates are among them, which the index does not guarantee${o.vectorsUnused !== undefined ? `; the vector index was not used: ${o.vectorsUnused}` : ''}`;
  }

  /** Adds nodes a store search matched (their names and labels from the store), so result facts (labels, answers) cover them. */
  async learn(nodes: readonly IndexNode[], signal?: AbortSignal): Promise<void> {
    const known = new Set(this.nodes.map((n) => n.id));
    const fresh = nodes.filter((n) => !known.has(n.id) && (known.add(n.id), true));
    if (fresh.length === 0) return;
    this.nodes = [...this.nodes, ...fresh];
    this.replaceData(await indexData(this.nodes, this.data.labelNames, this.data.relationNames, this.data.relationVectors, this.data.domains!, this.embedder, this.data.fingerprint, signal));
  }

  /**
   * Reads Lucene's top `limit` for each of the plan's names (one statement each) and builds the
   * index of those nodes. A missing index is the store's error (GraphStoreError 'no-index').
   */
  static async build(plan: PlanningGraph, source: NameIndexSource, schema: GraphSchema, embedder: Embedder, fingerprint: string, signal?: AbortSignal, origin: CandidateOrigin = FULLTEXT_ORIGIN): Promise<FulltextSearchIndex> {
    const limit = hitsPerName(plan);
    const seen = new Set<string>();
    const nodes: IndexNode[] = [];
    const names: { text: string; hits: number }[] = [];
    let rows = 0;
    let serverMs = 0;
    const texts = planNames(plan);
    for (const text of texts) {
      const got = await source.nameIndexHits(text, limit, signal);
      rows += got.hits.length;
      serverMs += got.serverMs ?? got.timeMs;
      names.push({ text, hits: got.hits.length });
      for (const h of got.hits) {
        if (seen.has(h.id)) continue;
        seen.add(h.id);
        nodes.push({ id: h.id, name: h.name, label: h.labels[0] ?? '' });
      }
    }
    const labelNames = schema.labels.map((l) => l.name);
    for (const n of nodes) if (n.label !== '' && !labelNames.includes(n.label)) labelNames.push(n.label);
    const relationNames = schema.relationshipTypes.map((t) => t.name);
    const relationVectors = await embedder.embedBatch(relationNames.map(relationText), signal);
    const domains = schemaDomains(schema, labelNames, relationNames);
    // A label the schema did not count is taken as large (it orders the search late), never as empty.
    const perLabel = labelNames.map((l) => schema.labels.find((x) => x.name === l)?.count ?? UNCOUNTED);
    const total = perLabel.reduce((s, c) => s + c, 0);
    const data = await indexData(nodes, labelNames, relationNames, relationVectors, domains, embedder, fingerprint, signal);
    return new FulltextSearchIndex(data, nodes, embedder, { total, perLabel }, { index: origin.kind === 'fulltext' ? origin.index : origin.indexes.join(', '), origin, limit, names, roundTrips: texts.length + (origin.kind === 'fulltext' ? origin.vectorAttempts ?? 0 : 0), rowsRead: rows, serverMs });
  }
}

async function indexData(nodes: readonly IndexNode[], labelNames: readonly string[], relationNames: readonly string[], relationVectors: Float32Array, domains: NonNullable<IndexData['domains']>, embedder: Embedder, fingerprint: string, signal?: AbortSignal): Promise<IndexData> {
  const names = nodes.map((n) => n.name);
  return {
    fingerprint,
    embedderId: embedder.id,
    nodeIds: TextTable.fromStrings(nodes.map((n) => n.id)),
    names: TextTable.fromStrings(names),
    labelNames,
    nodeLabel: Uint16Array.from(nodes, (n) => Math.max(0, labelNames.indexOf(n.label))),
    relationNames,
    nodeVectors: await embedMatrix(namesView(embedder), names, signal),
    relationVectors,
    dimension: embedder.dimension,
    domains,
  };
}

/**
 * Relation domains from the store's catalog (each type's endpoint label pairs), in RelationDomains'
 * arrays. On Neo4j the pairs come from db.schema.visualization, which may list pairs no edge holds
 * (never fewer): a relation candidate the data would rule out can then stay in (docs/placement.md).
 * A type without declared endpoints connects every pair.
 */
export function schemaDomains(schema: GraphSchema, labelNames: readonly string[], relationNames: readonly string[]): NonNullable<IndexData['domains']> {
  const L = Math.max(1, labelNames.length);
  const R = relationNames.length;
  const pairs = new Uint8Array(R * L * L);
  const touches = new Uint8Array(R * L);
  relationNames.forEach((name, r) => {
    const t = schema.relationshipTypes.find((x) => x.name === name);
    // A type the catalog declares no endpoints for may connect anything: it is never ruled out.
    if (!t || t.endpoints.length === 0) {
      pairs.fill(1, r * L * L, (r + 1) * L * L);
      touches.fill(1, r * L, (r + 1) * L);
      return;
    }
    for (const e of t.endpoints) {
      const a = labelNames.indexOf(e.from);
      const b = labelNames.indexOf(e.to);
      if (a < 0 || b < 0) continue;
      pairs[r * L * L + a * L + b] = 1;
      pairs[r * L * L + b * L + a] = 1;
      touches[r * L + a] = 1;
      touches[r * L + b] = 1;
    }
  });
  return { pairs, touches };
}
