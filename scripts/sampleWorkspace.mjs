// Builds the sample workspace a new user opens (docs/packaging.md) from the files the repository
// already has, so nothing is kept twice:
//   samples/workspace/**            → <dest>/            (README.md, movies.fewshot.json, .vscode/settings.json)
//   examples/*.kgp                  → <dest>/examples/   (their `schema "../samples/movies/…"` lines
//   samples/movies/{schema,README}  → <dest>/samples/movies/   resolve inside the workspace)
// Existing files are kept (a user's edits survive the next `npm start`) unless `reset` is set.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from './vsix.mjs';

/** Relative destination path → absolute source path. */
export function sampleWorkspaceFiles(root = repoRoot) {
  /** @type {Map<string, string>} */
  const files = new Map();
  const template = join(root, 'samples', 'workspace');
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(template, p), p);
    }
  };
  walk(template);
  for (const f of readdirSync(join(root, 'examples')).filter((n) => n.endsWith('.kgp')).sort()) {
    files.set(join('examples', f), join(root, 'examples', f));
  }
  for (const f of ['movies.kgschema.json', 'README.md']) files.set(join('samples', 'movies', f), join(root, 'samples', 'movies', f));
  return files;
}

/**
 * @param {string} dest
 * @param {{ reset?: boolean }} [options]
 * @returns {{ folder: string, copied: number, kept: number }}
 */
export function buildSampleWorkspace(dest, { reset = false } = {}) {
  if (reset) rmSync(dest, { recursive: true, force: true });
  let copied = 0;
  let kept = 0;
  for (const [rel, src] of sampleWorkspaceFiles()) {
    const target = join(dest, rel);
    if (existsSync(target)) {
      kept += 1;
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(src, target);
    copied += 1;
  }
  return { folder: dest, copied, kept };
}
