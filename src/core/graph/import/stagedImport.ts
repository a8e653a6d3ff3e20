// All-or-nothing import into a data folder: the files are read and checked first (nothing is written
// when they are rejected), then the import runs on a copy of the database in a fresh staging folder
// beside the target, and only a finished, cleanly closed database is renamed into place. A crash,
// a kill -9 or a failed statement leaves the target exactly as it was. See docs/graph-stores.md.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { STAGING_MALLOC_ARENAS, stagingBufferPoolMB, type BufferPoolChoice } from '../embedded/bufferPool';
import { EmbeddedStore } from '../embedded/embeddedStore';
import { bumpGeneration, dataFolder, dataFolderProblem, folderState } from '../embedded/dataFolder';
import { GraphStoreError } from '../errors';
import { countEdges, countNodes } from './graphBuilder';
import { acquireImportLock } from './importLock';
import { loadPrepared, prepareImport, type ImportFile, type ImportOptions, type ImportSummary, type PreparedImport } from './importer';
import { writtenGraph, type WrittenGraph } from './written';

export interface StagedImportOptions extends ImportOptions {
  /** Where the engine worker is (tests). */
  readonly workerPath?: string;
  /** How long to wait for another import into the same folder (default 10 minutes): importLock.ts. */
  readonly lockWaitMs?: number;
  /** Told when the import waits for another one, or takes over a stale lock. */
  readonly onWait?: (message: string) => void;
  /**
   * Given the import's own tables when it wrote the whole database (the folder held none before),
   * after the swap-in: the search index can be laid out from them instead of read back from the
   * engine (Session.buildIndex's `written`). Holding them keeps names and edges in memory.
   */
  readonly onWritten?: (written: WrittenGraph) => void;
  /**
   * The same tables (a fresh database only) once they are final, before the engine copies them —
   * for work that can run beside COPY (embedding the names: fromImport.ts embedWhileCopying).
   * They are written only if the import then succeeds (onWritten).
   */
  readonly onTables?: (written: WrittenGraph) => void;
  /** The staging engine's buffer pool in MB for a fresh database instead of the rule's (tests). */
  readonly stagingPoolMB?: number;
}

const STAGING = (name: string) => `.${name}.import-`;

/** Staging folders of imports whose process is gone (killed): removed before a new import. */
function removeAbandonedStaging(parent: string, name: string): void {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.startsWith(STAGING(name))) continue;
    const pid = Number(/-(\d+)-/.exec(e.slice(STAGING(name).length - 1))?.[1]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) continue;
    rmSync(join(parent, e), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The staging engine's pool: from the largest node table for a fresh database (bufferPool.ts); the engine's own when adding to one (its stored tables' sizes are not known here). */
function stagingPool(prepared: PreparedImport, fresh: boolean, override?: number): BufferPoolChoice {
  if (!fresh) return 'engine';
  if (override !== undefined) return override;
  let largest = 0;
  for (const t of prepared.graph.nodes.values()) largest = Math.max(largest, t.size);
  return stagingBufferPoolMB(largest);
}

/** Opens read-write once and closes: replays a pending WAL and checkpoints, so the file alone is the database. */
async function settle(folder: string, workerPath?: string): Promise<{ labels: string[]; types: string[] }> {
  // Replaying a pending WAL (an interrupted import's writes among them): the engine's own pool, as COPY's.
  const store = new EmbeddedStore({ folder, workerPath, bufferPoolMB: 'engine' });
  try {
    await store.open();
    const catalog = await store.loadCatalog();
    return { labels: catalog.nodeTables.map((t) => t.name), types: catalog.relTables.map((t) => t.name) };
  } finally {
    await store.close();
  }
}

/**
 * Imports `files` into the data folder `folder` (created when missing). Throws GraphStoreError
 * 'open-failed' for a folder that is a file or someone else's, ImportRejectedError in strict mode —
 * in both cases before anything is written.
 */
export async function importIntoFolder(folder: string, files: readonly ImportFile[], options: StagedImportOptions = {}): Promise<ImportSummary> {
  const target = resolve(folder);
  const problem = dataFolderProblem(target);
  if (problem) throw new GraphStoreError('open-failed', problem);
  // One import at a time: the second would rename its copy over the first one's rows.
  const release = await acquireImportLock(target, { waitMs: options.lockWaitMs, onWait: options.onWait ?? ((message) => options.onProgress?.({ phase: 'read', message })), signal: options.signal });
  try {
    return await importLocked(target, files, options);
  } finally {
    release();
  }
}

async function importLocked(target: string, files: readonly ImportFile[], options: StagedImportOptions): Promise<ImportSummary> {
  const targetDb = dataFolder(target).databasePath;
  const hadDatabase = existsSync(targetDb);
  // The existing graph's names (case collisions are checked against them); this also settles its WAL.
  const existing = hadDatabase ? await settle(target, options.workerPath) : { labels: [], types: [] };
  const prepared = await prepareImport(files, options, existing);
  // Nothing usable (every line bad, or empty files): report it and write nothing at all.
  if (countNodes(prepared.graph) === 0 && countEdges(prepared.graph) === 0) return emptySummary(prepared);

  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  removeAbandonedStaging(parent, basename(target));
  const staging = mkdtempSync(join(parent, `${STAGING(basename(target))}${process.pid}-`));
  try {
    const stagedDb = dataFolder(staging).databasePath;
    if (hadDatabase) copyFileSync(targetDb, stagedDb);
    // One engine thread: the parallel COPY gives rows their offsets in whatever order its threads
    // finish, so two imports of one file numbered nodes (and ordered tied answers) differently.
    // The pool by the largest node table (bufferPool.ts); a COPY that outgrows it runs again on the engine's default.
    const stagedStore = (bufferPoolMB: BufferPoolChoice) => new EmbeddedStore({ folder: staging, workerPath: options.workerPath, threads: 1, bufferPoolMB, mallocArenas: STAGING_MALLOC_ARENAS });
    let store = stagedStore(stagingPool(prepared, !hadDatabase, options.stagingPoolMB));
    const widen = async (): Promise<EmbeddedStore> => {
      await store.close();
      store = stagedStore('engine');
      await store.open();
      return store;
    };
    let summary: ImportSummary;
    try {
      if (!hadDatabase) {
        // Nothing is looked up in a fresh import's tables after reading (no stored graph to compare
        // with): their hashes go before COPY, beside which the engine needs its memory.
        for (const t of prepared.graph.nodes.values()) t.seal();
        for (const pairs of prepared.graph.edges.values()) for (const set of pairs.values()) set.seal();
        options.onTables?.(writtenGraph(prepared.graph));
      }
      await store.open();
      summary = await loadPrepared(store, prepared, options, widen);
    } finally {
      // A clean close checkpoints: the staged file then holds everything and no WAL is left.
      await store.close();
    }
    if (options.signal?.aborted) throw new GraphStoreError('cancelled', 'The import was cancelled.');
    swapIn(staging, target, hadDatabase);
    if (!hadDatabase) options.onWritten?.(writtenGraph(prepared.graph));
    return summary;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function emptySummary(prepared: PreparedImport): ImportSummary {
  return {
    files: prepared.files,
    linesRead: prepared.linesRead,
    recordsRead: prepared.recordsRead,
    nodesCreated: 0,
    edgesCreated: 0,
    nodesAlreadyPresent: 0,
    edgesAlreadyPresent: 0,
    duplicateRecords: prepared.graph.duplicates,
    labels: [],
    relationshipTypes: [],
    badLines: prepared.badLines,
    timeMs: performance.now() - prepared.started,
  };
}

/** Moves the staged database into the target folder (one rename: readers see the old or the new file). */
function swapIn(staging: string, target: string, hadDatabase: boolean): void {
  const from = dataFolder(staging).databasePath;
  const to = dataFolder(target).databasePath;
  if (existsSync(`${from}.wal`)) throw new GraphStoreError('open-failed', 'The staged database was not closed cleanly; the target was left unchanged.');
  const state = folderState(target);
  if (state === 'missing' || state === 'empty') {
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, '.gitignore'), '*\n', { flag: 'wx' });
  } else if (!hadDatabase && state !== 'database') {
    throw new GraphStoreError('open-failed', `${target} changed during the import; nothing was written`);
  }
  // The old WAL (settled above, so normally absent) must not be replayed onto the new file.
  if (existsSync(`${to}.wal`)) unlinkSync(`${to}.wal`);
  renameSync(from, to);
  bumpGeneration(target);
}
