// Shared test helpers: private temp folders, cleaned up by the caller's after().
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix = 'kgrag-graph-test-'): { path: string; file: (name: string, text: string) => string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file: (name, text) => {
      const p = join(path, name);
      writeFileSync(p, text);
      return p;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** A statement that keeps the engine busy for many seconds (for crash, timeout and cancel tests). */
export const SLOW_QUERY = 'UNWIND range(1, 2000000000) AS x RETURN sum(x) AS s';
