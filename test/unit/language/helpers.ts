import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyse, schemaContext, type Analysis, type SchemaContext } from '../../../src/core/language';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';

export const MOVIES_SCHEMA_PATH = resolve(__dirname, '../../../samples/movies/movies.kgschema.json');

/** The real sample schema, read with the real schema reader. */
export function moviesSchema(): SchemaContext {
  const r = parseSchemaFile(readFileSync(MOVIES_SCHEMA_PATH, 'utf8'), MOVIES_SCHEMA_PATH);
  if (!r.schema) throw new Error(`sample schema did not load: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return schemaContext(r.schema)!;
}

/** `text` with one `|` marking the cursor. */
export function at(textWithCursor: string): { a: Analysis; offset: number } {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0 || textWithCursor.indexOf('|', offset + 1) >= 0) throw new Error('put exactly one | in the text');
  return { a: analyse(textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1)), offset };
}
