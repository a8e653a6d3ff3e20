// The Node fs port of the schema resolver (CLI, language server, tests).
import { readFile, stat } from 'node:fs/promises';
import type { SchemaFilePort } from './resolve';

function describe(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}

export const nodeSchemaFiles: SchemaFilePort = {
  async read(path) {
    try {
      return { text: await readFile(path, 'utf8') };
    } catch (e) {
      return { error: describe(e) };
    }
  },
  async version(path) {
    try {
      const s = await stat(path);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return undefined;
    }
  },
};
