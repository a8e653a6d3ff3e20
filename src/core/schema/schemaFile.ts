/**
 * Reads a schema file: our `*.kgschema.json` or a LangChain / neo4j-graphrag `structured_schema`
 * (auto-detected by its keys). A structured_schema copied from Python's `print` (single quotes,
 * True/None) is read too. Never throws: every problem is a diagnostic with its exact range.
 */
import type { Diagnostic } from '../diagnostics';
import { LineIndex } from '../text';
import type { GraphSchema } from './graphSchema';
import { JsonDocument } from './jsonDocument';
import { looksLikeKgschema, readKgschema } from './kgschemaFormat';
import { looksLikeStructuredSchema, readStructuredSchema } from './structuredSchema';
import { SCHEMA_CODES } from './schemaCodes';
import { looseSpan, looseToPlain, parseLooseLiteral } from '../plan/looseLiteral';

export interface SchemaFileResult {
  /** Present when the file was usable (possibly with warnings or semantic errors). */
  readonly schema?: GraphSchema;
  readonly diagnostics: Diagnostic[];
  /** Which format was detected. */
  readonly format?: 'kgschema' | 'structured_schema';
}

export function parseSchemaFile(text: string, fileName: string): SchemaFileResult {
  try {
    return parse(text, fileName);
  } catch (e) {
    // Defensive: a parser must never throw; report instead of crashing the caller.
    return { diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 'error', code: SCHEMA_CODES.unknownFormat, message: `Could not read ${fileName}: ${e instanceof Error ? e.message : String(e)}` }] };
  }
}

function parse(text: string, fileName: string): SchemaFileResult {
  const doc = new JsonDocument(text);
  if (doc.syntaxErrors.length > 0) {
    // Not JSON. Perhaps a structured_schema printed by Python: {'node_props': {...}, ...}.
    if (/^\s*\{\s*'/.test(text)) {
      const loose = parseLooseLiteral(text);
      if (loose.node !== undefined && !loose.diagnostics.some((d) => d.severity === 'error')) {
        const value = looseToPlain(loose.node);
        if (looksLikeStructuredSchema(value)) {
          const lines = new LineIndex(text);
          const root = loose.node;
          const rangeOf = (path: readonly (string | number)[]) => {
            const s = looseSpan(root, path);
            return lines.rangeOf(s.start, s.end);
          };
          const r = readStructuredSchema(value, rangeOf);
          const note: Diagnostic = { range: lines.rangeOf(0, Math.min(1, text.length)), severity: 'info', code: SCHEMA_CODES.pythonRepr, message: 'Read as a Python dict (single quotes); JSON is preferred.' };
          return { ...(r.schema ? { schema: r.schema } : {}), diagnostics: [note, ...r.diagnostics], format: 'structured_schema' };
        }
      }
    }
    return { diagnostics: doc.syntaxDiagnostics(SCHEMA_CODES.jsonSyntax) };
  }
  const value: unknown = doc.root === undefined ? undefined : jsonValue(doc);
  const isStructured = looksLikeStructuredSchema(value);
  if (!isStructured && (looksLikeKgschema(value) || /\.kgschema\.json$/i.test(fileName))) {
    return { ...readKgschema(doc, value), format: 'kgschema' };
  }
  if (isStructured) {
    const r = readStructuredSchema(value, (path) => doc.rangeOf(path));
    return { ...r, format: 'structured_schema' };
  }
  return {
    diagnostics: [{
      range: doc.rangeOf([]),
      severity: 'error',
      code: SCHEMA_CODES.unknownFormat,
      message: 'Not a graph schema: expected a *.kgschema.json object with "labels" and "relationshipTypes", or a structured_schema with "node_props", "rel_props" and "relationships".',
    }],
  };
}

function jsonValue(doc: JsonDocument): unknown {
  try {
    return JSON.parse(doc.text) as unknown;
  } catch {
    return undefined;
  }
}
