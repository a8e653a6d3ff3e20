import { FileReadError, readTextFileSync } from '../boundedRead';
import type { GraphSchema } from './graphSchema';
import { parseSchemaFile } from './schemaFile';

/** A schema file read from disk: the schema, or why there is none (for a one-line warning). */
export function readSchemaFile(path: string): { readonly schema?: GraphSchema; readonly problem?: string } {
  let text: string;
  try {
    text = readTextFileSync(path, 'schema');
  } catch (e) {
    return { problem: e instanceof FileReadError ? `cannot read ${e.message}` : `cannot read ${path}: ${String(e)}` };
  }
  const r = parseSchemaFile(text, path);
  if (r.schema) return { schema: r.schema };
  const first = r.diagnostics.find((d) => d.severity === 'error');
  return { problem: `${path}: ${first ? `${first.message} (line ${first.range.start.line + 1})` : 'not a schema file'}` };
}
