/** Schema files a `schema "…"` line may name: `*.kgschema.json` under the workspace folder. */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const SKIP: ReadonlySet<string> = new Set(['node_modules', '.git', '.kgrag', 'dist', 'out']);

export function findSchemaFiles(root: string, maxDepth = 4, limit = 200): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (out.length >= limit) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: skip it
    }
    for (const e of entries) {
      if (out.length >= limit) return;
      if (e.isDirectory()) {
        if (depth < maxDepth && !SKIP.has(e.name) && !e.name.startsWith('.')) walk(join(dir, e.name), depth + 1);
      } else if (e.isFile() && e.name.endsWith('.kgschema.json')) out.push(join(dir, e.name));
    }
  };
  walk(root, 0);
  return out.sort();
}

/** Paths as a `schema` line writes them: relative to the document, with forward slashes. */
export function relativeToDocument(documentPath: string, files: readonly string[]): string[] {
  const base = dirname(documentPath);
  return files.map((f) => relative(base, f).split(sep).join('/'));
}
