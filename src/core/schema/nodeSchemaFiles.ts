// The Node fs port of the schema resolver (CLI, language server, tests).
import { stat } from 'node:fs/promises';
import { FileReadError, readTextFile } from '../boundedRead';
import type { SchemaFilePort } from './resolve';

function describe(e: unknown): string {
  // Not a regular file (a FIFO would block, /dev/zero never ends) or over the schema size cap.
  if (e instanceof FileReadError && (e.code === 'ENOTFILE' || e.code === 'ETOOBIG')) return e.reason;
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}

export const nodeSchemaFiles: SchemaFilePort = {
  async read(path) {
    try {
      return { text: await readTextFile(path, 'schema') };
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
