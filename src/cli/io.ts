import { FileReadError, readTextFileSync, type FileKind } from '../core/boundedRead';
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

/**
 * Reads a file the command line names (bounded: regular files only, within the kind's size cap). The
 * exit code follows the contract for every command alike: too big is bad data (1), missing / a folder /
 * a FIFO or device is bad usage (2), an I/O failure is the environment (3).
 */
export function readInputFile(path: string, kind: FileKind): string {
  try {
    return readTextFileSync(path, kind);
  } catch (e) {
    const message = `cannot read ${e instanceof Error ? e.message : String(e)}`;
    if (e instanceof FileReadError && e.code === 'ETOOBIG') throw new InputError(message);
    if (e instanceof FileReadError && e.code === 'EIO') throw e;
    throw new UsageError(message);
  }
}

/**
 * Control bytes as `\u00XX`: C0 except the line feed, DEL and C1. A node name holding `ESC]0;…BEL`
 * (set the window title) or `ESC[2J` (clear the screen) is data and is shown as such, never
 * interpreted by the terminal. The `\u` form is JSON's own escape, so a JSON line stays JSON with
 * the same value (JSON.stringify already escapes C0; C1 and DEL it leaves raw). The line feed stays:
 * it is the line structure of the output.
 */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The one door to the terminal: every command's stdout and stderr go through terminalText. */
export function terminalIO(io: CliIO): CliIO {
  return { ...io, out: (t) => io.out(terminalText(t)), err: (t) => io.err(terminalText(t)) };
}

export type Command = (args: readonly string[], io: CliIO) => Promise<number>;
