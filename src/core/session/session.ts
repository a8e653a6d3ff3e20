/**
 * The retrieval session: the one door the CLI, the extension and the tests use to reach a graph.
 * It owns the store, the embedder and the snapshot, runs plans through the strategy table in
 * every mode (run, explain, profile), answers the schema, builds the search index and imports.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbedder, type EmbedderSettings } from '../embed/createEmbedder';
import type { Embedder } from '../embed/embedder';
import { EmbeddedStore } from '../graph/embedded/embeddedStore';
import { GraphStoreError, isGraphStoreError } from '../graph/errors';
import { warmParser } from '../graph/queryDoor';
import type { ExpandOptions, GraphStore, Neighbour, QueryOptions, QueryResult } from '../graph/graphStore';
import type { ImportFile, ImportOptions, ImportSummary } from '../graph/import/importer';
import { importIntoFolder } from '../graph/import/stagedImport';
import { createStore, type StoreSpec } from '../graph/openStore';
import { Neo4jStore } from '../graph/neo4j/neo4jStore';
import { createNameIndexStatement, NAME_INDEX } from '../graph/neo4j/fulltext';
import { vectorIndexName, vectorKeys } from '../graph/neo4j/vector';
import { ForeignVectorsError, FulltextSearchIndex, vectorNameSource, type VectorIndexSource } from '../retrieve/store/fulltextIndex';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { explainCypher } from '../retrieve/cypher/explain';
import type { Reranker } from '../retrieve/mor/rerank';
import type { RetrievalResult } from '../retrieve/result';
import { loadOrBuildSnapshot, preloadSnapshot, writeSnapshotFile, readBm25, readDegrees, readSearchIndex, snapshotFileName, type LoadedSnapshot, type SnapshotSource, type SnapshotStage } from '../retrieve/snapshot/cache';
import { snapshotFromImport, type EarlyEmbedding } from '../retrieve/snapshot/fromImport';
import type { WrittenGraph } from '../graph/import/written';
import { queryResult } from '../retrieve/cypher/queryResult';
import { withNodeLabels } from '../retrieve/resultFacts';
import type { CypherParams } from '../graph/graphStore';
import { GraphSnapshot, type SearchIndex } from '../retrieve/snapshot/snapshot';
import type { GraphSchema } from '../schema/graphSchema';
import { strategyProblems } from '../plan/strategyParameters';
import type { WhyNotResult } from '../../contracts/whyNot';
import { analyzeWhyNot, type WhyNotOptions } from '../whynot';
import { STRATEGIES, cypherUnsuitable, indexNeed, type IndexNeed, type StrategyContext, type StrategyOverrides } from './strategies';
import { attachBm25, hasBm25 } from '../retrieve/mor/bm25';
import { attachDegrees, hasDegrees } from '../retrieve/snapshot/fileDegrees';
import type { PlacementChoice, PlacementReport } from '../../contracts/retrievalResult';
import { decidePlacement, decideWhyNotPlacement, DEFAULT_MEMORY_BUDGET_MB, estimatedBytes } from './placement';
import { Asker } from '../ask/ask';

/** A plan whose strategy parameters have values of the wrong type or range (one line naming the plan). */
export class PlanParameterError extends Error {
  override readonly name = 'PlanParameterError';
}

export type PasswordSource = () => Promise<string | undefined> | string | undefined;

export interface SessionOptions {
  /** A store to open (the session closes it), or an already open store (the session closes it too). */
  readonly store: StoreSpec | GraphStore;
  /** Neo4j only: asked when the driver connects; never stored by the session. */
  readonly password?: PasswordSource;
  /** An embedder, or the settings to create one (default: the lexical embedder). */
  readonly embedder?: Embedder | EmbedderSettings;
  /** Where snapshot files live (default: `<folder>/snapshots` for embedded stores, the OS temp folder for Neo4j). */
  readonly cacheDir?: string;
  /** MoR's learned reranker. */
  readonly reranker?: Reranker;
  /** Placement when a run does not say (default auto). */
  readonly placement?: PlacementChoice;
  /** What auto compares the graph's in-memory size with (default DEFAULT_MEMORY_BUDGET_MB). */
  readonly memoryBudgetMB?: number;
}

/** run: retrieve; explain: the Cypher plan tree without running; profile: Cypher run under PROFILE. */
export type RunMode = 'run' | 'explain' | 'profile';

/**
 * What a run is doing, for people waiting (the first run on a graph loads or builds the search
 * index): `index` — reading the graph's fingerprint, loading the cached index, or building it;
 * `embed` — embedding the plan's texts; `search` — the strategy searching (or the query running).
 */
export type RunStage =
  | { readonly stage: 'index'; readonly step: SnapshotStage }
  | { readonly stage: 'embed'; readonly texts: number }
  | { readonly stage: 'search'; readonly strategy: StrategyKind };

/** A stage in words: "loading the search index", "embedding 3 texts", "searching (gsd)". */
export function describeRunStage(s: RunStage): string {
  switch (s.stage) {
    case 'index':
      return s.step === 'fingerprint' ? 'checking the graph for changes' : s.step === 'load-cached' ? 'loading the search index' : 'building the search index (first run on this graph)';
    case 'embed':
      return `embedding ${s.texts} text${s.texts === 1 ? '' : 's'} of the plan`;
    case 'search':
      return s.strategy === 'cypher' ? 'running the Cypher query' : `searching (${s.strategy})`;
  }
}

export interface RunOptions extends StrategyOverrides {
  readonly mode?: RunMode;
  /** Called as the run moves through its stages (RunStage). */
  readonly onStage?: (stage: RunStage) => void;
  /** Default: the plan's own strategy. explain and profile always compile to Cypher. */
  readonly strategy?: StrategyKind;
  /** The result's id (default: the plan's name). */
  readonly id?: string;
}

export interface RunCypherOptions {
  readonly id?: string;
  readonly label?: string;
  /** The plan's return variables (the document's `// return:` line): their columns are the answers. */
  readonly returns?: readonly string[];
  readonly signal?: AbortSignal;
}

export interface AskerOptions {
  /** Default: the session's placement (auto: the graph's size against the memory budget). */
  readonly placement?: PlacementChoice;
  readonly memoryBudgetMB?: number;
  /** The schema whose aliases the ranker reads (default: the store's schema). */
  readonly schema?: GraphSchema;
  readonly signal?: AbortSignal;
}

/** The grounded planner for this graph and where it runs: pass `placement` to every `ask`. */
export interface PlacedAsker {
  readonly asker: Asker;
  readonly placement: PlacementReport;
}

export interface IndexInfo {
  readonly nodes: number;
  readonly source: LoadedSnapshot['source'];
  /** What a built index was laid out from: the graph read back from the store, or the import's tables. */
  readonly builtFrom?: LoadedSnapshot['builtFrom'];
  readonly ms: number;
  readonly cacheError?: string;
}

export interface RetrievalSession {
  readonly store: Pick<GraphStore, 'kind' | 'dialect' | 'description'>;
  readonly embedder: Embedder;
  readonly cacheDir: string;
  run(plan: PlanningGraph, options?: RunOptions): Promise<RetrievalResult>;
  /** The graph's schema (read once, again after an import). */
  schema(signal?: AbortSignal): Promise<GraphSchema>;
  /** The in-memory snapshot (loaded or built once): the grounded planner (core/ask) reads it. */
  snapshot(signal?: AbortSignal): Promise<GraphSnapshot>;
  /**
   * The search index without the graph's edges (what store placement holds; docs/placement.md):
   * the snapshot when it is loaded already, else the index file read without its CSR and BM25
   * (`text`: with the BM25 index over the names, read apart from the same file).
   */
  searchIndex(signal?: AbortSignal, options?: { readonly text?: boolean; readonly degrees?: boolean }): Promise<SearchIndex>;
  /**
   * The grounded planner (core/ask) placed like a run: in memory it holds the snapshot; in the store
   * (placement store, or auto over the memory budget) only the search index without the graph, and
   * its candidates are enumerated on the neighbourhood read from the store (docs/ask.md). Built once per
   * index and schema.
   */
  asker(options?: AskerOptions): Promise<PlacedAsker>;
  /**
   * Loads or builds the snapshot now; `rebuild` drops the cached file first. `written`: the tables
   * of the import that just wrote this (embedded) database whole (StagedImportOptions.onWritten);
   * the index is laid out from them instead of read back from the engine, when the engine's rows
   * match them (retrieve/snapshot/fromImport.ts); `early`: their names embedded while the engine copied.
   * `fileOnly`: the index file is written (or found) and the session keeps nothing of it, nor reads
   * it back — for a session that ends after the build (`kgrag import`: docs/scale.md).
   */
  buildIndex(options?: { signal?: AbortSignal; rebuild?: boolean; written?: WrittenGraph; early?: EarlyEmbedding; fileOnly?: boolean }): Promise<IndexInfo>;
  /** Imports graph files (embedded stores); the schema and snapshot are renewed. */
  import(files: readonly ImportFile[], options?: ImportOptions): Promise<ImportSummary>;
  /** Why `expected` is not among the answers of the plan under a strategy (docs/whynot.md). */
  whyNot(plan: PlanningGraph, expected: string, options?: WhyNotOptions): Promise<WhyNotResult>;
  /** Raw Cypher (read-only unless options.readOnly is false). */
  query(cypher: string, options?: QueryOptions): Promise<QueryResult>;
  /** A person's Cypher with its parameters, read-only through the query door, as a result the inspector shows (table + subgraphs). */
  runCypher(query: string, params: CypherParams, options?: RunCypherOptions): Promise<RetrievalResult>;
  /** The store's fingerprint: it changes when the graph's data does (results remember it to say "stale"). */
  fingerprint(signal?: AbortSignal): Promise<string>;
  /** Neighbours of nodes (read-only, ids as parameters): the inspector's "expand this node". */
  expand(nodeIds: readonly string[], options?: ExpandOptions): Promise<Neighbour[]>;
  close(): Promise<void>;
}

/** The default snapshot folder of a store spec. */
export function defaultCacheDir(spec: StoreSpec): string {
  return spec.kind === 'embedded' ? join(spec.folder, 'snapshots') : join(tmpdir(), 'kgrag-snapshots');
}

function isSpec(s: StoreSpec | GraphStore): s is StoreSpec {
  return !('query' in s);
}

function isEmbedder(e: Embedder | EmbedderSettings): e is Embedder {
  return 'embedBatch' in e;
}

/**
 * Opens the store (when given a spec) and the embedder; on failure nothing stays open. While the
 * engine starts (its own process), the embedder is created and the cached search index read
 * from disk (`preloadSnapshot`): a first run then waits for the slower of the two, not their sum.
 */
export async function openSession(options: SessionOptions): Promise<RetrievalSession> {
  const store = isSpec(options.store) ? createStore(options.store, options.password) : options.store;
  const cacheDir = options.cacheDir ?? (isSpec(options.store) ? defaultCacheDir(options.store) : store instanceof EmbeddedStore ? join(store.folder, 'snapshots') : join(tmpdir(), 'kgrag-snapshots'));
  const opening = isSpec(options.store) ? store.open() : Promise.resolve();
  // A failed open is reported by the await below; this keeps it from being unhandled meanwhile.
  opening.catch(() => undefined);
  try {
    const embedder = options.embedder && isEmbedder(options.embedder) ? options.embedder : await createEmbedder(options.embedder);
    const placement = options.placement ?? 'auto';
    const budgetMB = options.memoryBudgetMB ?? DEFAULT_MEMORY_BUDGET_MB;
    // The graph's edges are read only where runs will search them in memory (auto: by the file's counts, as placement decides by the schema's).
    const preloaded = preloadSnapshot(cacheDir, embedder, (nodes, edges) => placement === 'memory' || (placement === 'auto' && estimatedBytes(nodes, edges) <= budgetMB * 1048576));
    await opening;
    return new Session(store, embedder, cacheDir, options.reranker, preloaded, placement, budgetMB);
  } catch (e) {
    await opening.catch(() => undefined);
    await store.close().catch(() => undefined);
    throw e;
  }
}

class Session implements RetrievalSession, StrategyContext {
  private loaded: Promise<LoadedSnapshot> | undefined;
  /** The graph's fingerprint and its index file (when there is one), read once. */
  private fileRead: Promise<{ readonly fingerprint: string; readonly index: SearchIndex | undefined }> | undefined;
  /** The index without the graph (store placement), until the snapshot is loaded. */
  private indexRead: Promise<SearchIndex> | undefined;
  private indexStage: SnapshotStage | undefined;
  private readonly stageListeners = new Set<(stage: SnapshotStage) => void>();
  private schemaRead: Promise<GraphSchema> | undefined;

  constructor(
    /** Replaced by a fresh store on the same folder after an import (the staged import swaps the database file). */
    public store: GraphStore,
    readonly embedder: Embedder,
    readonly cacheDir: string,
    readonly reranker: Reranker | undefined,
    /** The cached index read while the store opened (with the graph or without it); used (or dropped) by the first load. */
    private preloaded?: SearchIndex,
    private readonly defaultPlacement: PlacementChoice = 'auto',
    private readonly memoryBudgetMB: number = DEFAULT_MEMORY_BUDGET_MB,
  ) {}

  /** Where a strategy (or the grounded planner) runs (placement.ts); auto reads the graph's counts from the schema. */
  async placementFor(kind: StrategyKind | 'ask', requested: PlacementChoice | undefined, signal?: AbortSignal, memoryBudgetMB?: number): Promise<PlacementReport> {
    const choice = requested ?? this.defaultPlacement;
    const schema = choice === 'auto' ? await this.schema(signal).catch(() => undefined) : undefined;
    return decidePlacement(kind, choice, schema, memoryBudgetMB ?? this.memoryBudgetMB);
  }

  snapshot(signal?: AbortSignal): Promise<GraphSnapshot> {
    return this.loadSnapshot(signal).then((l) => l.snapshot);
  }

  /** The last Asker built, with the index and schema it was built for (≈ 0.5 s to build on MetaQA). */
  private lastAsker: { index: SearchIndex; schema: GraphSchema; asker: Asker } | undefined;

  async asker(options: AskerOptions = {}): Promise<PlacedAsker> {
    const placement = await this.placementFor('ask', options.placement, options.signal, options.memoryBudgetMB);
    // In the store only the index without the graph is read (the snapshot serves when it is loaded already).
    const index = placement.ran === 'store' ? await this.searchIndex(options.signal) : await this.snapshot(options.signal);
    const schema = options.schema ?? (await this.schema(options.signal));
    const last = this.lastAsker;
    if (last && last.index === index && last.schema === schema) return { asker: last.asker, placement };
    const session = this;
    const store = {
      // The session's store is replaced by a fresh one after an import: always the current one.
      get dialect() {
        return session.store.dialect;
      },
      query: (cypher: string, o?: QueryOptions) => session.store.query(cypher, o),
    };
    // The door's parser before the name index, not with the first level statement (queryDoor.ts
    // warmParser); on the embedded engine the store path's parsed check is the engine's plan, no parser here.
    if (placement.ran === 'store' && this.store.kind !== 'embedded') warmParser();
    const asker = new Asker(index, { schema, embedder: this.embedder, store });
    this.lastAsker = { index, schema, asker };
    return { asker, placement };
  }

  searchIndex(signal?: AbortSignal, options: { readonly text?: boolean; readonly degrees?: boolean } = {}): Promise<SearchIndex> {
    return this.load(options.text ? 'index+text' : options.degrees ? 'index+degrees' : 'index', signal);
  }

  /** What a run's placement needs (the strategy table's `needs`), loaded once and shared. */
  private async load(need: IndexNeed, signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void): Promise<SearchIndex> {
    if (need === 'snapshot') return (await this.loadSnapshot(signal, onStage)).snapshot;
    const index = await this.graphlessIndex(signal, onStage);
    if (need === 'index+text' && !hasBm25(index)) {
      // BM25 from the same file, read on demand (a query its terms' postings; the CSR stays there); without it bm25For builds it from the names.
      const bm = readBm25(join(this.cacheDir, snapshotFileName(index.data.fingerprint, index.data.embedderId)), { fingerprint: index.data.fingerprint, embedderId: index.data.embedderId });
      if (bm) attachBm25(index, bm);
    }
    if (need === 'index+degrees' && !hasDegrees(index)) {
      // Degrees from the same file's CSR relation ids, read on demand (stem's guidance walk); without a file, the walk reads them in the store.
      const deg = readDegrees(join(this.cacheDir, snapshotFileName(index.data.fingerprint, index.data.embedderId)), { fingerprint: index.data.fingerprint, embedderId: index.data.embedderId });
      if (deg) attachDegrees(index, deg);
    }
    return index;
  }

  private graphlessIndex(signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void): Promise<SearchIndex> {
    if (this.loaded) return this.loadSnapshot(signal, onStage).then((l) => l.snapshot);
    if (!this.indexRead) {
      const reading = (async (): Promise<SearchIndex> => {
        const file = await this.readIndexFile(signal, onStage);
        // No index file for this graph version yet: building it walks the graph once (the snapshot).
        return file.index ?? (await this.loadSnapshot(signal, onStage)).snapshot;
      })();
      this.indexRead = reading;
      reading.catch(() => {
        if (this.indexRead === reading) this.indexRead = undefined;
      });
    }
    return this.indexRead;
  }

  /** The graph's fingerprint and its index file read without the graph (the preload when it is that version); no file: `index` undefined. */
  private readIndexFile(signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void): Promise<{ readonly fingerprint: string; readonly index: SearchIndex | undefined }> {
    if (!this.fileRead) {
      const preloaded = this.preloaded;
      const reading = (async () => {
        onStage?.('fingerprint');
        const fingerprint = await this.store.fingerprint(signal);
        if (preloaded && preloaded.data.fingerprint === fingerprint && preloaded.data.embedderId === this.embedder.id) return { fingerprint, index: preloaded };
        // A stale preload (the graph changed since the file was written) is not kept alive beside the fresh read.
        if (this.preloaded === preloaded && !(preloaded instanceof GraphSnapshot)) this.preloaded = undefined;
        onStage?.('load-cached');
        return { fingerprint, index: readSearchIndex(join(this.cacheDir, snapshotFileName(fingerprint, this.embedder.id)), { fingerprint, embedderId: this.embedder.id }) };
      })();
      this.fileRead = reading;
      reading.catch(() => {
        if (this.fileRead === reading) this.fileRead = undefined;
      });
    }
    return this.fileRead;
  }

  /**
   * The index a store-placed run of `plan` reads (docs/placement.md). On Neo4j without an index
   * file of the graph version: the hits of the vector indexes of this embedder's name vectors, when
   * a person wrote them (FulltextSearchIndex over vectorNameSource; every hit's marker checked);
   * else the full-text name index's hits for the plan's names, its notice saying why the vectors
   * were not used; when that index does not exist either, the snapshot — an export of the whole
   * database — and `notes` say so and name the statements that create the indexes.
   * Only gsd reads the index hits: the other strategies' text search and walks need every
   * node's name, so without an index file they read the snapshot (said in `notes`).
   * Everywhere else: searchIndex().
   */
  private async searchIndexFor(plan: PlanningGraph, strategy: StrategyKind, notes: string[], signal?: AbortSignal, options: { readonly text?: boolean; readonly degrees?: boolean } = {}): Promise<SearchIndex> {
    const store = this.store;
    if (this.loaded || !(store instanceof Neo4jStore)) return this.searchIndex(signal, options);
    const file = await this.readIndexFile(signal);
    if (file.index) return this.searchIndex(signal, options);
    if (strategy !== 'gsd') return this.snapshotNoted(notes, signal);
    const schema = await this.schema(signal);
    const vectors = await this.vectorCandidates(plan, store, schema, file.fingerprint, signal);
    if (vectors.kind === 'index') return vectors.index;
    try {
      return await FulltextSearchIndex.build(plan, store, schema, this.embedder, file.fingerprint, signal, { kind: 'fulltext', index: NAME_INDEX, vectorsUnused: vectors.reason, vectorAttempts: vectors.attempts });
    } catch (e) {
      if (!isGraphStoreError(e, 'no-index')) throw e;
      notes.push(`Neo4j has no full-text index ${NAME_INDEX}, so the candidates came from a snapshot of the whole database instead; create the index with \`kgrag index create --neo4j <uri> --write\` or the editor command "KG-RAG Studio: Create Neo4j Name Index" (${createNameIndexStatement(schema.labels.map((l) => l.name))}); the vector index was not used: ${vectors.reason}`);
      return this.snapshotNoted(notes, signal);
    }
  }

  /**
   * The candidates of the plan's names from this embedder's vector indexes (one statement per
   * name, every label's index in it), or why not: no such index, a hit another embedder wrote, the
   * query refused by the server (e.g. an index still populating), an embedder too wide to index.
   */
  private async vectorCandidates(plan: PlanningGraph, store: Neo4jStore, schema: GraphSchema, fingerprint: string, signal?: AbortSignal): Promise<{ readonly kind: 'index'; readonly index: FulltextSearchIndex } | { readonly kind: 'unused'; readonly reason: string; /** statements the vector indexes were sent (failed) */ readonly attempts: number }> {
    let keys: ReturnType<typeof vectorKeys>;
    try {
      keys = vectorKeys(this.embedder);
    } catch (e) {
      return { kind: 'unused', reason: e instanceof Error ? e.message : String(e), attempts: 0 };
    }
    const indexes = schema.labels.map((l) => vectorIndexName(keys, l.name));
    // Statements sent before a fallback still count in the run's round trips.
    let attempts = 0;
    const counted: VectorIndexSource = { vectorIndexHits: (...args) => (attempts++, store.vectorIndexHits(...args)) };
    try {
      return { kind: 'index', index: await FulltextSearchIndex.build(plan, vectorNameSource(counted, this.embedder, keys, indexes), schema, this.embedder, fingerprint, signal, { kind: 'vector', indexes, marker: keys.marker }) };
    } catch (e) {
      if (e instanceof ForeignVectorsError) return { kind: 'unused', reason: e.message, attempts };
      if (isGraphStoreError(e, 'no-index')) {
        return { kind: 'unused', reason: `Neo4j has no vector index of the name vectors of ${keys.marker} for every label (${indexes.join(', ')}); write them and create the indexes with \`kgrag index create --vectors --neo4j <uri> --write\` or the editor command "KG-RAG Studio: Create Neo4j Vector Index"`, attempts };
      }
      if (isGraphStoreError(e, 'query-failed')) return { kind: 'unused', reason: `the vector index query failed: ${e.message}`, attempts };
      throw e;
    }
  }

  /** The snapshot; when this call built it from Neo4j (no cached file), `notes` say that the whole database was read. */
  private async snapshotNoted(notes: string[], signal?: AbortSignal): Promise<GraphSnapshot> {
    const starts = !this.loaded;
    const l = await this.loadSnapshot(signal);
    if (starts && l.source === 'built' && this.store.kind === 'neo4j') notes.push(`the snapshot was built by reading the whole database from Neo4j (${l.snapshot.nodeCount.toLocaleString('en-US')} nodes, ${l.snapshot.edgeCount.toLocaleString('en-US')} edges)`);
    return l.snapshot;
  }

  private loadSnapshot(signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void, written?: WrittenGraph, early?: EarlyEmbedding): Promise<LoadedSnapshot> {
    // One build shared by concurrent runs; a failed (or cancelled) build is retried next time.
    // Every run waiting on it hears its stages (a second run joins at the current stage).
    if (onStage) {
      this.stageListeners.add(onStage);
      if (this.indexStage !== undefined) onStage(this.indexStage);
    }
    if (!this.loaded) {
      const preloaded = this.preloaded instanceof GraphSnapshot ? this.preloaded : undefined;
      this.preloaded = undefined;
      // The snapshot serves as the search index from now on: the index read without the graph can go.
      this.indexRead = undefined;
      this.fileRead = undefined;
      this.loaded = loadOrBuildSnapshot(this.store, this.embedder, this.cacheDir, signal, (stage) => {
        this.indexStage = stage;
        for (const l of this.stageListeners) l(stage);
      }, preloaded, this.importSource(written, early));
    }
    const loading = this.loaded;
    const done = (): void => {
      if (onStage) this.stageListeners.delete(onStage);
      if (this.stageListeners.size === 0) this.indexStage = undefined;
    };
    loading.then(done, () => {
      done();
      if (this.loaded === loading) this.loaded = undefined;
    });
    return loading;
  }

  /** Lays out the snapshot from a fresh import's own tables (fromImport.ts), when given them. */
  private importSource(written?: WrittenGraph, early?: EarlyEmbedding): SnapshotSource | undefined {
    const store = this.store;
    if (!written || !(store instanceof EmbeddedStore)) return undefined;
    return async (fingerprint, spill, sig) => snapshotFromImport(written, await store.loadCatalog(sig), async (cypher, params) => (await store.query(cypher, { params, readOnly: true, timeoutMs: 600_000, ...(sig ? { signal: sig } : {}) })).rows, this.embedder, fingerprint, sig, spill, early);
  }

  /**
   * The context a strategy runs in; with `onStage`, an embedder that reports when it embeds the
   * plan's texts. On Neo4j its index is the plan's (searchIndexFor) and what it falls back to is
   * said in `notes`.
   */
  private contextFor(onStage: ((stage: RunStage) => void) | undefined, strategy: StrategyKind, plan: PlanningGraph, notes: string[]): StrategyContext {
    const neo4j = this.store instanceof Neo4jStore;
    if (!onStage && !neo4j) return this;
    const reporting = (inner: Embedder): Embedder => ({
      id: inner.id,
      dimension: inner.dimension,
      async embedBatch(texts, signal) {
        onStage?.({ stage: 'embed', texts: texts.length });
        const vectors = await inner.embedBatch(texts, signal);
        onStage?.({ stage: 'search', strategy });
        return vectors;
      },
    });
    const inner = this.embedder;
    // Both views report: node names go through `names`, phrases through the embedder itself.
    const embedder: Embedder = !onStage ? inner : inner.names && inner.names !== inner ? { ...reporting(inner), names: reporting(inner.names) } : reporting(inner);
    return {
      store: this.store,
      embedder,
      snapshot: (signal) => (neo4j ? this.snapshotNoted(notes, signal) : this.snapshot(signal)),
      searchIndex: (signal, o) => (neo4j ? this.searchIndexFor(plan, strategy, notes, signal, o) : this.searchIndex(signal, o)),
      placementFor: (k, requested, signal, budget) => this.placementFor(k, requested, signal, budget),
      schema: (signal) => this.schema(signal),
      ...(this.reranker ? { reranker: this.reranker } : {}),
    };
  }

  async run(plan: PlanningGraph, options: RunOptions = {}): Promise<RetrievalResult> {
    const id = options.id ?? plan.name;
    // A value the strategy cannot use is refused, never silently replaced by the default (KGP213 for .kgp files).
    const problems = strategyProblems(plan.strategy);
    if (problems.length > 0) throw new PlanParameterError(`plan ${plan.name}: ${problems.join('; ')}`);
    const mode = options.mode ?? 'run';
    const onStage = options.onStage;
    const kind = mode === 'run' ? (options.strategy ?? plan.strategy.kind) : 'cypher';
    // Compiled to one MATCH (run, explain, profile): refused before the engine's planner sees a pattern it crashes on.
    const tooLarge = kind === 'cypher' ? cypherUnsuitable(plan) : undefined;
    if (tooLarge) throw new PlanParameterError(`plan ${plan.name}: ${tooLarge}`);
    if (onStage) {
      // What the run's placement needs (the strategy table's `needs`), loaded here to report its stages; the frame finds it loaded.
      const need: IndexNeed = mode === 'run' ? indexNeed(kind, (await this.placementFor(kind, options.placement, options.signal, options.memoryBudgetMB)).ran) : 'snapshot';
      const stage = (step: SnapshotStage): void => onStage({ stage: 'index', step });
      // On Neo4j the index a store-placed run reads depends on the plan (searchIndexFor): only the index file is read here.
      if (need !== 'snapshot' && this.store instanceof Neo4jStore) await this.readIndexFile(options.signal, stage);
      else await this.load(need, options.signal, stage);
      onStage({ stage: 'search', strategy: kind });
    }
    const notes: string[] = [];
    const context = this.contextFor(onStage, kind, plan, notes);
    if (mode === 'explain') {
      const explained = await explainCypher(plan, this.store, await this.snapshot(options.signal), context.embedder, {
        id,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}),
      });
      return { ...explained, returns: plan.targets };
    }
    if (mode === 'profile') return this.profile(plan, options, id, context);
    const strategy = STRATEGIES[kind];
    if (!strategy) throw new Error(`strategy ${kind} is not available`);
    const ran = await strategy.run(plan, context, options, id);
    // What the run fell back to on Neo4j (an export of the whole database) is said where the answers are.
    const result = notes.length > 0 ? { ...ran, warnings: [...notes, ...(ran.warnings ?? [])] } : ran;
    // Strategies without an in-store search still say where they ran and why.
    return result.placement ? result : { ...result, placement: await this.placementFor(kind, options.placement, options.signal, options.memoryBudgetMB) };
  }

  /** PROFILE executes the query: the cypher strategy's answers plus the profiled plan tree. */
  private async profile(plan: PlanningGraph, options: RunOptions, id: string, context: StrategyContext): Promise<RetrievalResult> {
    const ran = await STRATEGIES.cypher.run(plan, context, options, id);
    if (!ran.cypher) return ran;
    const q = await this.store.query(ran.cypher.text, { params: ran.cypher.params, mode: 'profile', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) });
    // A plan of another strategy ran compiled to Cypher: the result says so (cypherNotice), never as that strategy's run.
    return { ...ran, cypher: { ...ran.cypher, mode: 'profile', ...(q.plan ? { plan: q.plan } : {}), ...(plan.strategy.kind !== 'cypher' ? { planStrategy: plan.strategy.kind } : {}) } };
  }

  schema(signal?: AbortSignal): Promise<GraphSchema> {
    const reading = (this.schemaRead ??= this.store.schema(signal));
    reading.catch(() => {
      if (this.schemaRead === reading) this.schemaRead = undefined;
    });
    return reading;
  }

  async buildIndex(options: { signal?: AbortSignal; rebuild?: boolean; written?: WrittenGraph; early?: EarlyEmbedding; fileOnly?: boolean } = {}): Promise<IndexInfo> {
    if (options.rebuild) {
      this.loaded = undefined;
      this.indexRead = undefined;
      this.fileRead = undefined;
      this.preloaded = undefined;
      rmSync(join(this.cacheDir, snapshotFileName(await this.store.fingerprint(options.signal), this.embedder.id)), { force: true });
    }
    if (options.fileOnly && !this.loaded) {
      const f = await writeSnapshotFile(this.store, this.embedder, this.cacheDir, options.signal, this.importSource(options.written, options.early));
      return { nodes: f.nodes, source: f.source, ms: f.ms, ...(f.builtFrom ? { builtFrom: f.builtFrom } : {}), ...(f.cacheError ? { cacheError: f.cacheError } : {}) };
    }
    const l = await this.loadSnapshot(options.signal, undefined, options.written, options.early);
    return { nodes: l.snapshot.nodeCount, source: l.source, ms: l.ms, ...(l.builtFrom ? { builtFrom: l.builtFrom } : {}), ...(l.cacheError ? { cacheError: l.cacheError } : {}) };
  }

  /**
   * Imports all-or-nothing, as `kgrag import` does (core/graph/import/stagedImport.ts): the session's
   * engine lets go of the database, the import runs on a staged copy that is swapped in only when
   * complete, and a fresh engine opens the result — the previous graph, untouched, when the import
   * failed or was cancelled.
   */
  async import(files: readonly ImportFile[], options: ImportOptions = {}): Promise<ImportSummary> {
    const old = this.store;
    if (!(old instanceof EmbeddedStore)) {
      throw new GraphStoreError('query-failed', `Import loads the embedded database; ${old.description} is Neo4j: load it with Neo4j's own tools (neo4j-admin import, LOAD CSV).`);
    }
    if (old.readOnly) throw new GraphStoreError('not-read-only', `${old.description} is open read-only; import needs write access.`);
    await old.close();
    try {
      return await importIntoFolder(old.folder, files, { ...options, ...(old.workerPath !== undefined ? { workerPath: old.workerPath } : {}) });
    } finally {
      // The graph changed (or a failed import left the old one): read both again from a fresh engine.
      this.loaded = undefined;
      this.indexRead = undefined;
      this.fileRead = undefined;
      this.schemaRead = undefined;
      const fresh = old.reopened();
      this.store = fresh;
      await fresh.open();
    }
  }

  whyNot(plan: PlanningGraph, expected: string, options: WhyNotOptions = {}): Promise<WhyNotResult> {
    return analyzeWhyNot(
      plan,
      expected,
      {
        embedder: this.embedder,
        store: this.store,
        snapshot: (signal) => this.snapshot(signal),
        searchIndex: (signal, o) => this.searchIndex(signal, o),
        schema: (signal) => this.schema(signal),
        // Where the analysis reads the graph (placement.ts): auto reads the graph's counts from the schema, as runs do.
        analysisPlacement: async (kind, requested, signal, budget) => {
          const choice = requested ?? this.defaultPlacement;
          const schema = choice === 'auto' ? await this.schema(signal).catch(() => undefined) : undefined;
          return decideWhyNotPlacement(kind, choice, schema, budget ?? this.memoryBudgetMB);
        },
        ...(this.reranker ? { reranker: this.reranker } : {}),
        run: (p, o) => this.run(p, o),
      },
      options,
    );
  }

  query(cypher: string, options: QueryOptions = {}): Promise<QueryResult> {
    return this.store.query(cypher, options);
  }

  async runCypher(query: string, params: CypherParams, options: RunCypherOptions = {}): Promise<RetrievalResult> {
    const t0 = performance.now();
    // Always read-only: the store's query door refuses writes, file access and administration.
    const q = await this.store.query(query, { params, mode: 'run', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) });
    const label = options.label ?? 'query';
    const result = queryResult({ id: options.id ?? label, label, query, params, ...(options.returns ? { returns: options.returns } : {}) }, this.store, q, performance.now() - t0);
    // The graph's labels for every node in the rows (a compiled plan's columns carry names and ids
    // only; the index without the graph answers them). Without the search index the rows still show, with the labels their values carry.
    const snap = await this.searchIndex(options.signal).catch(() => undefined);
    return snap ? withNodeLabels(result, snap) : result;
  }

  expand(nodeIds: readonly string[], options: ExpandOptions = {}): Promise<Neighbour[]> {
    return this.store.expand(nodeIds, options);
  }

  fingerprint(signal?: AbortSignal): Promise<string> {
    return this.store.fingerprint(signal);
  }

  close(): Promise<void> {
    this.lastAsker = undefined;
    this.loaded = undefined;
    this.indexRead = undefined;
    this.fileRead = undefined;
    this.schemaRead = undefined;
    return this.store.close();
  }
}
