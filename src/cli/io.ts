/** Where a CLI command writes; tests pass their own to capture output. */
export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
  cwd: process.cwd(),
  env: process.env,
};

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, findings: 1, usage: 2, failure: 3 } as const;

/** Thrown for bad usage; main prints the message and exits 2. */
export class UsageError extends Error {}

export type Command = (args: readonly string[], io: CliIO) => Promise<number>;
