// Import files into the embedded store: read (format readers) → resolve and dedupe (graphBuilder) →
// bulk load (bulkLoader). Bad lines are skipped and reported by default; strict mode rejects the import.
import { FileReadError, readTextFile } from '../../boundedRead';
import type { EmbeddedStore } from '../embedded/embeddedStore';
import { GraphStoreError } from '../errors';
import { addRecords, countEdges, countNodes, emptyGraph, seedNames, type PendingGraph } from './graphBuilder';
import { loadGraph, type ImportProgress } from './bulkLoader';
import type { BadLine, ImportFormat } from './records';
import { formatFromPath, readRecords } from './readers';
import { METAQA_TYPING, type TypingRules } from './typing';

export interface ImportFile {
  readonly path: string;
  /** Default: from the file extension (.csv, .jsonl, .tsv, else triples). */
  readonly format?: ImportFormat;
}

export interface ImportOptions {
  /** Labels for nodes of triples and unlabelled edges (default: the MetaQA rules). */
  readonly typing?: TypingRules;
  /** Reject the whole import when any line is bad (default: skip bad lines and report them). */
  readonly strict?: boolean;
  readonly onProgress?: (p: ImportProgress) => void;
  readonly signal?: AbortSignal;
  /** Where the bulk CSV files go (default: the OS temp folder). */
  readonly tempDir?: string;
}

export interface ImportSummary {
  readonly files: readonly string[];
  readonly linesRead: number;
  readonly recordsRead: number;
  readonly nodesCreated: number;
  readonly edgesCreated: number;
  /** Nodes/edges in the files that the store already held (re-import). */
  readonly nodesAlreadyPresent: number;
  readonly edgesAlreadyPresent: number;
  /** Records repeating an earlier record of this import. */
  readonly duplicateRecords: number;
  readonly labels: readonly string[];
  readonly relationshipTypes: readonly string[];
  readonly badLines: readonly BadLine[];
  readonly timeMs: number;
}

export class ImportRejectedError extends GraphStoreError {
  constructor(readonly badLines: readonly BadLine[]) {
    super('query-failed', `The import was rejected: ${badLines.length} bad line${badLines.length === 1 ? '' : 's'} (strict mode). First: ${formatBadLine(badLines[0]!)}`);
  }
}

export function formatBadLine(b: BadLine): string {
  return `${b.file}:${b.line}: ${b.message}: ${b.text}`;
}

/** Files read and resolved, nothing written yet. */
export interface PreparedImport {
  readonly files: readonly string[];
  readonly graph: PendingGraph;
  readonly badLines: readonly BadLine[];
  readonly linesRead: number;
  readonly recordsRead: number;
  readonly started: number;
}

/** The names a store's catalog already holds (case collisions are checked against them). */
export interface ExistingNames {
  readonly labels: readonly string[];
  readonly types: readonly string[];
}

/**
 * Reads and resolves every file; throws ImportRejectedError in strict mode when any line is bad.
 * Touches no database.
 */
export async function prepareImport(files: readonly ImportFile[], options: ImportOptions = {}, existing: ExistingNames = { labels: [], types: [] }): Promise<PreparedImport> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const typing = options.typing ?? METAQA_TYPING;
  const graph = emptyGraph();
  seedNames(graph, existing.labels, existing.types);
  const badLines: BadLine[] = [];
  let linesRead = 0;
  let recordsRead = 0;
  const reads: { path: string; records: ReturnType<typeof readRecords>['records'] }[] = [];
  for (const [i, f] of files.entries()) {
    if (options.signal?.aborted) throw new GraphStoreError('cancelled', 'The import was cancelled.');
    progress({ phase: 'read', message: `reading ${f.path}`, done: i, total: files.length });
    let text: string;
    try {
      text = await readTextFile(f.path, 'graph');
    } catch (e) {
      if (e instanceof FileReadError) throw e;
      throw new GraphStoreError('open-failed', `Cannot read ${f.path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const read = readRecords(text, f.path, f.format ?? formatFromPath(f.path));
    linesRead += read.lines;
    recordsRead += read.records.length;
    badLines.push(...read.bad);
    reads.push({ path: f.path, records: read.records });
  }
  // Nodes of every file before any edges, so an edge file can refer to a node file's ids.
  for (const r of reads) addRecords(graph, r.records, r.path, typing, badLines, 'nodes');
  for (const r of reads) addRecords(graph, r.records, r.path, typing, badLines, 'edges');
  badLines.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  if (options.strict && badLines.length > 0) throw new ImportRejectedError(badLines);
  progress({ phase: 'read', message: `read ${recordsRead} records: ${countNodes(graph)} distinct nodes, ${countEdges(graph)} distinct edges`, done: files.length, total: files.length });
  return { files: files.map((f) => f.path), graph, badLines, linesRead, recordsRead, started };
}

/** Writes a prepared import into an open store. */
export async function loadPrepared(store: EmbeddedStore, prepared: PreparedImport, options: ImportOptions = {}): Promise<ImportSummary> {
  const { graph } = prepared;
  const labels = [...graph.nodes.keys()].sort();
  const relationshipTypes = [...graph.edges.keys()].sort();
  const loaded = await loadGraph(store, graph, { signal: options.signal, progress: options.onProgress ?? (() => {}), tempDir: options.tempDir });
  return {
    files: prepared.files,
    linesRead: prepared.linesRead,
    recordsRead: prepared.recordsRead,
    ...loaded,
    duplicateRecords: graph.duplicates,
    labels,
    relationshipTypes,
    badLines: prepared.badLines,
    timeMs: performance.now() - prepared.started,
  };
}

/** Imports straight into an open store (tests, benchmarks). The session and the CLI stage instead: stagedImport.ts. */
export async function importFiles(store: EmbeddedStore, files: readonly ImportFile[], options: ImportOptions = {}): Promise<ImportSummary> {
  const catalog = await store.loadCatalog(options.signal);
  const prepared = await prepareImport(files, options, { labels: catalog.nodeTables.map((t) => t.name), types: catalog.relTables.map((t) => t.name) });
  return loadPrepared(store, prepared, options);
}
