// Reading text files users name: only regular files (a FIFO would block forever, /dev/zero never
// ends), and only up to a size cap checked before reading (a 50 MB "schema" is a mistake, not a schema).
import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Caps per kind of file (bytes). Schemas and plans are small; few-shot files and graphs can be large. */
export const FILE_CAPS = {
  schema: 8 * 1024 * 1024,
  plan: 16 * 1024 * 1024,
  fewshot: 256 * 1024 * 1024,
  // Retrieval results, baselines and test runs (JSON written by kgrag: kgrag report reads them).
  results: 256 * 1024 * 1024,
  // Question sets for kgrag eval (JSON lines).
  set: 256 * 1024 * 1024,
  graph: 2 * 1024 * 1024 * 1024 - 1,
} as const;

export type FileKind = keyof typeof FILE_CAPS;

/** Why a file could not be read, with a code callers map to exit codes. */
export class FileReadError extends Error {
  constructor(
    readonly code: 'ENOENT' | 'EISDIR' | 'ENOTFILE' | 'ETOOBIG' | 'EACCES' | 'EIO',
    readonly path: string,
    /** Why, without the path (for messages that name the file already). */
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'FileReadError';
  }
}

function describeErrno(e: unknown, path: string): FileReadError {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FileReadError('ENOENT', path, 'no such file or directory');
  if (code === 'EISDIR') return new FileReadError('EISDIR', path, 'is a folder, not a file');
  if (code === 'EACCES' || code === 'EPERM') return new FileReadError('EACCES', path, 'permission denied');
  return new FileReadError('EIO', path, `cannot be read (${code || (e instanceof Error ? e.message : String(e))})`);
}

/**
 * Opens without blocking (O_NONBLOCK: opening a FIFO with no writer would hang), then checks that it is
 * a regular file within the cap. Returns the open descriptor and size; the caller closes it.
 */
function openRegular(path: string, kind: FileKind): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw describeErrno(e, path);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileReadError('EISDIR', path, 'is a folder, not a file');
    if (!st.isFile()) throw new FileReadError('ENOTFILE', path, `not a regular file (a pipe, device or socket cannot be read as a ${kind} file)`);
    const cap = FILE_CAPS[kind];
    if (st.size > cap) throw new FileReadError('ETOOBIG', path, `${formatBytes(st.size)} is larger than the ${formatBytes(cap)} limit for a ${kind} file`);
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    throw e instanceof FileReadError ? e : describeErrno(e, path);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/** Reads a regular text file of at most FILE_CAPS[kind] bytes (UTF-8). Throws FileReadError. */
export function readTextFileSync(path: string, kind: FileKind): string {
  const { fd, size } = openRegular(path, kind);
  try {
    const buf = Buffer.allocUnsafe(size);
    let at = 0;
    // A file that grows while read is cut at the size it had when checked.
    while (at < size) {
      const n = readSync(fd, buf, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.toString('utf8', 0, at);
  } catch (e) {
    throw e instanceof FileReadError ? e : describeErrno(e, path);
  } finally {
    closeSync(fd);
  }
}

/** The async form (large graph files): the same checks, then an ordinary read. */
export async function readTextFile(path: string, kind: FileKind): Promise<string> {
  const { fd } = openRegular(path, kind);
  closeSync(fd);
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw describeErrno(e, path);
  }
}
