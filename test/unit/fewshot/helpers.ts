import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../src/core/diagnostics';

export const FIXTURES = join(__dirname, 'fixtures');
/** The real few-shot files (no redistribution licence): read from ../shared, never copied. */
export const SHARED_DATA = join(__dirname, '..', '..', '..', '..', 'shared', 'data');

export function fixture(name: string): { path: string; text: string } {
  const path = join(FIXTURES, name);
  return { path, text: readFileSync(path, 'utf8') };
}

export function shared(rel: string): { path: string; text: string } | undefined {
  const path = join(SHARED_DATA, rel);
  return existsSync(path) ? { path, text: readFileSync(path, 'utf8') } : undefined;
}

export const SKIP_SHARED = `skipped: ${SHARED_DATA} is absent (the real few-shot files are read from ../shared, never copied into the repository)`;

/** One-based line of each diagnostic with the given code. */
export function linesOf(ds: readonly Diagnostic[], code: string): number[] {
  return ds.filter((d) => d.code === code).map((d) => d.range.start.line + 1);
}

/** The text a diagnostic's range covers. */
export function covered(text: string, d: Diagnostic): string {
  const lines = text.split('\n');
  if (d.range.start.line === d.range.end.line) return lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character);
  return [lines[d.range.start.line]!.slice(d.range.start.character), ...lines.slice(d.range.start.line + 1, d.range.end.line), lines[d.range.end.line]!.slice(0, d.range.end.character)].join('\n');
}
