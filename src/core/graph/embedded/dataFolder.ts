// The embedded store's data folder (`.kgrag/` in the workspace by default): the database file, a
// `.gitignore` so it never lands in version control, and an import generation counter for fingerprints.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Creates the folder on first use, with a `.gitignore` holding `*`. */
export function ensureDataFolder(folder: string): DataFolder {
  const df = dataFolder(folder);
  mkdirSync(df.folder, { recursive: true });
  const ignore = join(df.folder, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  return df;
}

export function databaseExists(folder: string): boolean {
  return existsSync(dataFolder(folder).databasePath);
}

export function readGeneration(folder: string): number {
  try {
    const n = Number(readFileSync(join(resolve(folder), GENERATION_FILE), 'utf8').trim());
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
