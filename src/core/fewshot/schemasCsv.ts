/**
 * A CSV of schemas keyed by database (text2cypher's schemas_dev.csv: database, schema,
 * structured_schema). Each structured_schema cell (a Python dict as LangChain prints it) is read
 * with the schema module's reader.
 */
import type { Diagnostic } from '../diagnostics';
import type { GraphSchema } from '../schema/graphSchema';
import { parseSchemaFile } from '../schema/schemaFile';
import { LineIndex } from '../text';
import { readCsv } from './csv';
import { FEWSHOT_CODES } from './codes';

export function readSchemasCsv(text: string): { schemas: Record<string, GraphSchema>; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(text);
  const { records, findings } = readCsv(text);
  const diagnostics: Diagnostic[] = findings.map((f) => ({ range: lines.rangeOf(f.start, f.end), severity: f.severity, code: f.code, message: f.message }));
  const schemas: Record<string, GraphSchema> = {};
  const names = records[0]?.fields.map((f) => f.value.trim().toLowerCase()) ?? [];
  const di = names.indexOf('database');
  const si = names.indexOf('structured_schema');
  if (di < 0 || si < 0) {
    diagnostics.push({ range: lines.rangeOf(0, Math.min(1, text.length)), severity: 'error', code: FEWSHOT_CODES.csvColumns, message: 'A schema CSV needs "database" and "structured_schema" columns.' });
    return { schemas, diagnostics };
  }
  for (const rec of records.slice(1)) {
    const db = rec.fields[di]?.value.trim();
    const cell = rec.fields[si];
    if (!db || !cell) continue;
    const r = parseSchemaFile(cell.value, `${db}.structured_schema`);
    if (r.schema) schemas[db] = r.schema;
    for (const d of r.diagnostics) if (d.severity === 'error') diagnostics.push({ ...d, range: lines.rangeOf(cell.span.start, cell.span.end) });
  }
  return { schemas, diagnostics };
}
