// One import at a time per data folder. Each import stages a copy of the database and renames it over
// the target: two at once would each rename their own copy in, and the first one's rows would be gone
// although it reported success. A lock file beside the folder (created exclusively, holding the owner's
// pid) serialises them; a lock whose owner is dead is stale and taken over. See docs/graph-stores.md.
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { GraphStoreError } from '../errors';

export interface ImportLockOptions {
  /** How long to wait for another import to finish before failing (default 10 minutes). */
  readonly waitMs?: number;
  /** Told once when the import has to wait, and when a stale lock is taken over. */
  readonly onWait?: (message: string) => void;
  readonly signal?: AbortSignal;
}

export const DEFAULT_IMPORT_LOCK_WAIT_MS = 10 * 60_000;
const POLL_MS = 100;
/** Locks this process holds (two imports from one editor wait for each other like two processes). */
const held = new Set<string>();

/** The lock file of a data folder: beside it, so it exists before the folder does. */
export function importLockPath(folder: string): string {
  return join(dirname(folder), `.${basename(folder)}.import.lock`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): { text: string; pid: number | undefined } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    const pid = Number(/^pid (\d+)$/m.exec(text)?.[1]);
    return { text, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined };
  } catch {
    return undefined; // gone meanwhile
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new GraphStoreError('open-failed', `Cannot create the import lock ${path}: ${(e as Error).message}`);
  }
  try {
    writeSync(fd, `pid ${process.pid}\nstarted ${new Date().toISOString()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock whose content is still `seen`: renamed aside first (atomic), and put back if it
 * turns out to be a newer lock another process created in between.
 */
function removeStale(path: string, seen: string): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else took it over first
  }
  const now = readOwner(aside);
  if (now && now.text !== seen) {
    try {
      linkSync(aside, path); // fails if yet another lock exists: then that one wins
    } catch {
      /* the newer lock stays */
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    /* already gone */
  }
}

/**
 * Takes the import lock of `folder`, waiting while a live process holds it. Throws GraphStoreError
 * 'locked' (naming the owner) when the wait runs out, 'cancelled' when the signal fires.
 * Returns the release function.
 */
export async function acquireImportLock(folder: string, options: ImportLockOptions = {}): Promise<() => void> {
  const path = importLockPath(folder);
  // The lock lives beside the folder: its parent must exist (removed again below if made only for it).
  const parent = dirname(path);
  const made: string[] = []; // the folders made here, innermost first
  for (let p = parent; !existsSync(p) && dirname(p) !== p; p = dirname(p)) made.push(p);
  if (made.length > 0) mkdirSync(parent, { recursive: true });
  const waitMs = options.waitMs ?? DEFAULT_IMPORT_LOCK_WAIT_MS;
  const started = Date.now();
  let told = false;
  for (;;) {
    if (tryCreate(path)) break;
    const owner = readOwner(path);
    if (owner === undefined) continue; // released meanwhile: try again at once
    const ours = owner.pid === process.pid && held.has(path);
    if (owner.pid === undefined || (owner.pid === process.pid && !ours) || !isAlive(owner.pid)) {
      // A lock without a live owner (killed import, or half-written): stale. Our own pid without the
      // lock held here means an earlier process that had this pid.
      options.onWait?.(`removing a stale import lock ${path} (${owner.pid === undefined ? 'no owner recorded' : `process ${owner.pid} is gone`})`);
      removeStale(path, owner.text);
      continue;
    }
    if (Date.now() - started >= waitMs) {
      throw new GraphStoreError('locked', `Another import into ${folder} is running (process ${owner.pid}, lock ${path}); waited ${Math.round(waitMs / 1000)} s. Nothing was imported; try again when it has finished.`);
    }
    if (!told) {
      options.onWait?.(`waiting for another import into ${folder} to finish (process ${owner.pid}; lock ${path})`);
      told = true;
    }
    if (options.signal?.aborted) throw new GraphStoreError('cancelled', 'The import was cancelled.');
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(1, waitMs - (Date.now() - started)))));
  }
  held.add(path);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(path);
    const owner = readOwner(path);
    if (owner?.pid === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    }
    for (const p of made) {
      try {
        rmdirSync(p); // only when still empty (nothing was imported)
      } catch {
        break; // the import created the folder in it
      }
    }
  };
}
