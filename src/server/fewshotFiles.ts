/** The few-shot files of the workspace folders (the Validate Few-Shot Files request walks these). */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isFewShotFile } from './fewshot';

const SKIP: ReadonlySet<string> = new Set(['node_modules', '.git', '.kgrag', 'dist', 'out']);
/** As many files as the command ever checked (it used findFiles with this limit per pattern). */
export const FEWSHOT_WALK_LIMIT = 500;

export async function findFewShotFiles(folders: readonly string[], globs: readonly string[], limit = FEWSHOT_WALK_LIMIT): Promise<{ files: string[]; truncated: boolean }> {
  const files: string[] = [];
  let truncated = false;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: skipped
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (files.length >= limit) {
        truncated = true;
        return;
      }
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) await walk(p);
      } else if (e.isFile() && isFewShotFile(p, folders, globs) && !files.includes(p)) files.push(p);
    }
  };
  for (const f of folders) await walk(f);
  return { files, truncated };
}
