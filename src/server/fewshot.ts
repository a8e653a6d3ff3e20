/**
 * Few-shot files in the language server: which documents are few-shot files (`kgrag.fewshot.files`)
 * and the checker for them, loaded with the first one. The checker (./fewshotCheck.ts) is a bundle of
 * its own, dist/fewshotCheck.js, because it carries Neo4j's Cypher front end: in dist/server.js it
 * made every server start take 0.7–1.1 s instead of 0.1–0.2 s and 200 MB instead of 49 MB, few-shot
 * files or not (docs/fewshot.md, "In the editor").
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import { minimatch } from 'minimatch';

const toPosix = (p: string): string => p.split(sep).join('/');

/**
 * Whether `path` is a few-shot file by the glob patterns, as the client's document selector decides:
 * a pattern is matched against the path relative to each workspace folder that holds the file and
 * against the absolute path (so `**∕…` patterns also match files outside the workspace).
 */
export function isFewShotFile(path: string | undefined, folders: readonly string[], globs: readonly string[]): boolean {
  if (path === undefined || globs.length === 0) return false;
  return globs.some((g) => matchesGlob(path, folders, g));
}

/** Whether a glob matches the path relative to a workspace folder holding it, or the absolute path. */
export function matchesGlob(path: string, folders: readonly string[], glob: string): boolean {
  const candidates = [toPosix(path)];
  for (const f of folders) {
    const rel = relative(f, path);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) candidates.push(toPosix(rel));
  }
  return candidates.some((c) => minimatch(c, glob.trim(), { dot: true }));
}

/** The schema `kgrag.fewshot.schemas` gives a few-shot file: the first glob (in the setting's order) that matches it. */
export function fewshotSchemaSetting(path: string, folders: readonly string[], schemas: Readonly<Record<string, string>> | undefined): string | undefined {
  return Object.entries(schemas ?? {}).find(([glob]) => matchesGlob(path, folders, glob))?.[1];
}

export type FewShotChecker = typeof import('./fewshotCheck');
let checker: FewShotChecker | undefined;

/**
 * The checker module, required on first use: dist/fewshotCheck.js next to dist/server.js, or the
 * TypeScript source when the server runs from source (tsx, in the unit tests).
 */
export function fewshotChecker(): FewShotChecker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  checker ??= require(join(__dirname, __filename.endsWith('.ts') ? 'fewshotCheck.ts' : 'fewshotCheck.js')) as FewShotChecker;
  return checker;
}
