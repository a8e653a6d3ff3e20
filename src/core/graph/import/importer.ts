// Import files into the embedded store: read (format readers) → resolve and dedupe (graphBuilder) →
// bulk load (bulkLoader). Bad lines are skipped and reported by default; strict mode rejects the import.
import { statSync } from 'node:fs';
import { FileReadError } from '../../boundedRead';
import type { EmbeddedStore } from '../embedded/embeddedStore';
import { GraphStoreError } from '../errors';
import { addRecords, countEdges, countNodes, emptyGraph, seedNames, type PendingGraph } from './graphBuilder';
import { loadGraph, type ImportProgress, type Widen } from './bulkLoader';
import type { BadLine, ImportFormat } from './records';
import { formatFromPath, streamRecords } from './readers';
import { METAQA_TYPING, type TypingRules } from './typing';

/**
 * Bytes read and parsed at a time. A chunk's records live until the chunk is resolved: at 8 MB
 * (readChunks' default) they outlived the young generation and were promoted — reading MetaQA ×10
 * peaked at 384 MB RSS and 5.3 s CPU; at 1 MB, 208 MB and 4.1 s.
 */
const READ_CHUNK_BYTES = 1 << 20;

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
  const formats = files.map((f) => f.format ?? formatFromPath(f.path));
  // Nodes of every file come before any edges, so an edge can refer to a node id of any file. Only
  // CSV and JSON lines can hold node records: with none, one pass adds the edges as they are read;
  // otherwise a second pass reads the files again for the edges (records are never all held).
  const twoPasses = formats.some((f) => f === 'csv' || f === 'jsonl');
  const totalBytes = files.reduce((s, f) => s + fileSize(f.path), 0);
  let bytesBefore = 0;
  let lastReport = 0;
  const report = (pass: number, fileIndex: number, bytes: number, force = false): void => {
    const now = performance.now();
    if (!force && now - lastReport < 1000) return;
    lastReport = now;
    const secs = Math.max(1e-3, (now - started) / 1000);
    const done = bytesBefore + bytes;
    // Rows per second over both passes: bytes stand in for lines in the second.
    const rows = pass === 1 ? linesRead : linesRead * (1 + Math.max(0, done - totalBytes) / Math.max(1, totalBytes));
    progress({
      phase: 'read',
      message: `${twoPasses ? `pass ${pass}/2: ` : ''}read ${formatCount(linesRead)} lines of ${files.length} file${files.length === 1 ? '' : 's'} (${formatMb(done)} of ${formatMb(totalBytes * (twoPasses ? 2 : 1))}, ${formatCount(Math.round(rows / secs))} rows/s); ${formatCount(countNodes(graph))} nodes, ${formatCount(countEdges(graph))} edges so far`,
      done: fileIndex,
      total: files.length,
      rowsPerSecond: rows / secs,
    });
  };
  for (let pass = 1; pass <= (twoPasses ? 2 : 1); pass++) {
    for (const [i, f] of files.entries()) {
      let lastLine = 0;
      try {
        for await (const chunk of streamRecords(f.path, formats[i]!, READ_CHUNK_BYTES)) {
          if (options.signal?.aborted) throw new GraphStoreError('cancelled', 'The import was cancelled.');
          if (pass === 1) {
            linesRead += Math.max(0, chunk.lastLine - lastLine);
            lastLine = Math.max(lastLine, chunk.lastLine);
            recordsRead += chunk.records.length;
            badLines.push(...chunk.bad);
            addRecords(graph, chunk.records, f.path, typing, badLines, 'nodes');
          }
          if (!twoPasses || pass === 2) addRecords(graph, chunk.records, f.path, typing, badLines, 'edges');
          report(pass, i, chunk.bytesRead);
          // Lets a cancel or a progress message through between chunks.
          await new Promise<void>((r) => setImmediate(r));
        }
      } catch (e) {
        if (e instanceof FileReadError || e instanceof GraphStoreError) throw e;
        throw new GraphStoreError('open-failed', `Cannot read ${f.path}: ${e instanceof Error ? e.message : String(e)}`);
      }
      bytesBefore += fileSize(f.path);
    }
  }
  badLines.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  if (options.strict && badLines.length > 0) throw new ImportRejectedError(badLines);
  const secs = Math.max(1e-3, (performance.now() - started) / 1000);
  progress({ phase: 'read', message: `read ${recordsRead} records in ${secs.toFixed(1)} s (${formatCount(Math.round(linesRead / secs))} rows/s): ${countNodes(graph)} distinct nodes, ${countEdges(graph)} distinct edges`, done: files.length, total: files.length, rowsPerSecond: linesRead / secs });
  return { files: files.map((f) => f.path), graph, badLines, linesRead, recordsRead, started };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0; // streamRecords reports the real problem
  }
}

function formatCount(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(n);
}

function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** Writes a prepared import into an open store. */
export async function loadPrepared(store: EmbeddedStore, prepared: PreparedImport, options: ImportOptions = {}, widen?: Widen): Promise<ImportSummary> {
  const { graph } = prepared;
  const labels = [...graph.nodes.keys()].sort();
  const relationshipTypes = [...graph.edges.keys()].sort();
  const loaded = await loadGraph(store, graph, { signal: options.signal, progress: options.onProgress ?? (() => {}), tempDir: options.tempDir, ...(widen ? { widen } : {}) });
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
