import { readFileSync } from 'node:fs';
import type { GraphSchema } from './graphSchema';
import { parseSchemaFile } from './schemaFile';

/** A schema file read from disk: the schema, or why there is none (for a one-line warning). */
export function readSchemaFile(path: string): { readonly schema?: GraphSchema; readonly problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { problem: `cannot read ${path}: ${e instanceof Error && 'code' in e ? String(e.code) : String(e)}` };
  }
  const r = parseSchemaFile(text, path);
  if (r.schema) return { schema: r.schema };
  const first = r.diagnostics.find((d) => d.severity === 'error');
  return { problem: `${path}: ${first ? `${first.message} (line ${first.range.start.line + 1})` : 'not a schema file'}` };
}
