import type { CliIO } from '../../src/cli/io';

/** A CLI io that keeps what the command printed, for CLI tests run in-process. */
export function captureIO(cwd: string, env: Readonly<Record<string, string | undefined>> = {}): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd, env };
}
