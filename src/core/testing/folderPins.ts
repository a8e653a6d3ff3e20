import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { readTextFileSync } from '../boundedRead';
import type { FolderPins } from './pin';

/** The setting that pins the tests of workspace folders to a graph (package.json declares it; the editor reads it through VS Code). */
export const FOLDER_PINS_SETTING = 'kgrag.testing.graphs';

/**
 * `kgrag.testing.graphs` as VS Code would give it to a plan file, for `kgrag test`: the settings of
 * the workspace folder holding the file, which is the nearest folder above it with a
 * `.vscode/settings.json`. Absent (no such file, or no such key): undefined. A settings file that is
 * not JSON, or a value that is not an object of strings, is a one-line error naming the file.
 */
export function readFolderPins(planFile: string, cache = new Map<string, FolderPins | undefined>()): FolderPins | undefined {
  const folder = workspaceFolderOf(planFile);
  if (folder === undefined) return undefined;
  if (cache.has(folder)) return cache.get(folder);
  const file = join(folder, '.vscode', 'settings.json');
  const errors: ParseError[] = [];
  const value: unknown = parse(readTextFileSync(file, 'schema'), errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new Error(`${file}: not JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})`);
  const graphs = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[FOLDER_PINS_SETTING] : undefined;
  let pins: FolderPins | undefined;
  if (graphs !== undefined) {
    if (!isStringRecord(graphs)) throw new Error(`${file}: ${FOLDER_PINS_SETTING} must map folders to graph names or database folders (strings), e.g. {"tests/movies": "movies"}`);
    pins = { workspaceFolder: folder, graphs };
  }
  cache.set(folder, pins);
  return pins;
}

export function isStringRecord(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
}

function workspaceFolderOf(planFile: string): string | undefined {
  for (let dir = dirname(resolve(planFile)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.vscode', 'settings.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
