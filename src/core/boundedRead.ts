// Reading text files users name: only regular files (a FIFO would block forever, /dev/zero never
// ends), and only up to a size cap checked before reading (a 50 MB "schema" is a mistake, not a schema).
import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';

/** Caps per kind of file (bytes). Schemas and plans are small; few-shot files and graphs can be large. */
export const FILE_CAPS = {
  schema: 8 * 1024 * 1024,
  plan: 16 * 1024 * 1024,
  fewshot: 256 * 1024 * 1024,
  // Retrieval results, baselines and test runs (JSON written by kgrag: kgrag report reads them).
  results: 256 * 1024 * 1024,
  // Graph files are streamed in chunks (readChunks): no cap but the disk.
  graph: Number.MAX_SAFE_INTEGER,
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

/** A piece of a streamed text file: whole lines (records), with where it starts. */
export interface TextChunk {
  readonly text: string;
  /** One-based line number of the chunk's first line. */
  readonly firstLine: number;
  /** Bytes of the file read so far (after this chunk), and the file's size when opened. */
  readonly bytesRead: number;
  readonly size: number;
}

/**
 * Streams a regular file as UTF-8 text cut only after a line feed (a byte that is never inside a
 * multi-byte character), so no string is larger than one chunk plus one line. With `csvQuotes`,
 * cuts only where an even number of quotes came before (a quoted CSV field may hold line breaks;
 * RFC 4180 doubled quotes count twice, so the parity is right). Throws FileReadError.
 */
export async function* readChunks(path: string, kind: FileKind, options: { csvQuotes?: boolean; chunkBytes?: number } = {}): AsyncGenerator<TextChunk> {
  const { fd, size } = openRegular(path, kind);
  const chunkBytes = options.chunkBytes ?? 8 * 1024 * 1024;
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    throw describeErrno(e, path);
  } finally {
    closeSync(fd);
  }
  try {
    let carry: Buffer = Buffer.alloc(0);
    let line = 1;
    let bytesRead = 0;
    let quotes = 0; // quotes before carry[0] (parity is what matters)
    for (;;) {
      const buf = Buffer.allocUnsafe(chunkBytes);
      let n: number;
      try {
        n = (await handle.read(buf, 0, chunkBytes, null)).bytesRead;
      } catch (e) {
        throw describeErrno(e, path);
      }
      bytesRead += n;
      const data = carry.length === 0 ? buf.subarray(0, n) : Buffer.concat([carry, buf.subarray(0, n)]);
      if (n === 0) {
        if (data.length > 0) yield { text: data.toString('utf8'), firstLine: line, bytesRead, size };
        return;
      }
      let cut = -1;
      if (options.csvQuotes) {
        let q = quotes;
        let qAtCut = quotes;
        for (let i = 0; i < data.length; i++) {
          const b = data[i];
          if (b === 0x22) q++;
          else if (b === 0x0a && (q & 1) === 0) {
            cut = i;
            qAtCut = q;
          }
        }
        if (cut >= 0) quotes = qAtCut;
      } else cut = data.lastIndexOf(0x0a);
      if (cut < 0) {
        carry = data;
        continue;
      }
      const piece = data.subarray(0, cut + 1);
      carry = Buffer.from(data.subarray(cut + 1));
      const text = piece.toString('utf8');
      yield { text, firstLine: line, bytesRead, size };
      line += countLineFeeds(piece);
    }
  } finally {
    await handle.close();
  }
}

function countLineFeeds(b: Buffer): number {
  let n = 0;
  let i = -1;
  while ((i = b.indexOf(0x0a, i + 1)) >= 0) n++;
  return n;
}
