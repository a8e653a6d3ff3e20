// The embedded store's data folder (`.kgrag/` in the workspace by default): the database file, a
// `.gitignore` so it never lands in version control, and an import generation counter for fingerprints.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readTextFileSync } from '../../boundedRead';
import { join, resolve } from 'node:path';
import { GraphStoreError } from '../errors';

export const DEFAULT_DATA_FOLDER = '.kgrag';
const DATABASE_FILE = 'graph.lbug';
const GENERATION_FILE = 'generation';

export interface DataFolder {
  readonly folder: string;
  readonly databasePath: string;
}

export function dataFolder(folder: string): DataFolder {
  const abs = resolve(folder);
  return { folder: abs, databasePath: join(abs, DATABASE_FILE) };
}

/** What a data folder may hold: anything else means the folder is someone else's. */
const OWN_ENTRY = /^(graph\.lbug(\.wal|\.wal\.checkpoint|\.shadow|\.checkpoint\.(apply|intent)\.lock|\.wal(\.checkpoint)?\.interrupted-\d+|\.shadow\.stale-\d+)?|\.gitignore|generation|snapshots)$/;

export type FolderState = 'missing' | 'not-a-folder' | 'empty' | 'database' | 'foreign';

/** Whether `folder` can be used as a data folder: missing or empty (created/claimed), a database (used). */
export function folderState(folder: string): FolderState {
  const abs = resolve(folder);
  let st;
  try {
    st = statSync(abs);
  } catch {
    return 'missing';
  }
  if (!st.isDirectory()) return 'not-a-folder';
  const entries = readdirSync(abs);
  if (entries.length === 0) return 'empty';
  if (entries.includes(DATABASE_FILE)) return 'database';
  return entries.every((e) => OWN_ENTRY.test(e)) ? 'database' : 'foreign';
}

/** Why `folder` must not become a data folder, or undefined when it may (one line, for people). */
export function dataFolderProblem(folder: string): string | undefined {
  const state = folderState(folder);
  if (state === 'not-a-folder') return `${resolve(folder)} is a file, not a database folder`;
  if (state === 'foreign') return `${resolve(folder)} is not empty and is not a KG-RAG Studio database (no ${DATABASE_FILE}); choose a new or empty folder, nothing was written`;
  return undefined;
}

/**
 * Creates the folder on first use, with a `.gitignore` holding `*` — only in a folder it creates or
 * finds empty: never in someone else's folder (a repository root would hide every new file).
 */
export function ensureDataFolder(folder: string): DataFolder {
  const df = dataFolder(folder);
  const problem = dataFolderProblem(df.folder);
  if (problem) throw new GraphStoreError('open-failed', problem);
  const state = folderState(df.folder);
  if (state === 'database') return df;
  mkdirSync(df.folder, { recursive: true });
  writeFileSync(join(df.folder, '.gitignore'), '*\n', { flag: 'wx' });
  return df;
}

export function databaseExists(folder: string): boolean {
  return existsSync(dataFolder(folder).databasePath);
}

export function readGeneration(folder: string): number {
  try {
    // Bounded: a FIFO or device planted in the folder must not hang every command.
    const n = Number(readTextFileSync(join(resolve(folder), GENERATION_FILE), 'settings').trim());
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

/** Called after every write (import, write query): fingerprints include it. */
export function bumpGeneration(folder: string): number {
  const next = readGeneration(folder) + 1;
  writeFileSync(join(resolve(folder), GENERATION_FILE), `${next}\n`);
  return next;
}
