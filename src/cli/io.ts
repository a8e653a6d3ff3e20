import { FileReadError } from '../core/boundedRead';
import { GraphStoreError } from '../core/graph';

/** Where a CLI command writes; tests pass their own to capture output. */
export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** When the command began, on performance.now()'s clock: the process start for `kgrag` itself (loading included); absent in-process. */
  readonly startedMs?: number;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
  cwd: process.cwd(),
  env: process.env,
  // performance.now() counts from the process start: a figure of the whole wait starts there.
  startedMs: 0,
};

/** Exit codes shared by every command (docs/cli.md). */
export const EXIT = { ok: 0, findings: 1, usage: 2, failure: 3 } as const;

/** Thrown for bad usage; main prints the message and exits 2. */
export class UsageError extends Error {}

/** Thrown for bad input data (a file's content, a refused statement); main prints it and exits 1. */
export class InputError extends Error {}

/** File-system errors that mean "the command line names a path that cannot be used this way". */
const PATH_ERRORS = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST', 'ENAMETOOLONG', 'ELOOP']);

/**
 * The exit-code contract: 1 for findings and bad data (the statement or the file is wrong), 2 for bad
 * usage (flags, paths that do not exist or are the wrong kind), 3 when the engine or the environment
 * failed (crash, timeout, lock, out of space).
 */
export function exitCodeFor(e: unknown): number {
  if (e instanceof UsageError) return EXIT.usage;
  if (e instanceof InputError) return EXIT.findings;
  // A path that is missing, a folder or a pipe is bad usage; a file over its size cap is bad data.
  if (e instanceof FileReadError) return e.code === 'ETOOBIG' ? EXIT.findings : e.code === 'EIO' ? EXIT.failure : EXIT.usage;
  if (e instanceof GraphStoreError) return e.code === 'refused' || e.code === 'not-read-only' || e.code === 'query-failed' ? EXIT.findings : EXIT.failure;
  const code = typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined;
  if (typeof code === 'string' && PATH_ERRORS.has(code)) return EXIT.usage;
  return EXIT.failure;
}

/** Messages are one line: engine errors arrive with line breaks and indentation. */
export function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

export type Command = (args: readonly string[], io: CliIO) => Promise<number>;
