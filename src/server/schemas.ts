/**
 * Loads the schema a document names, from disk, cached by path and modification time so typing never
 * re-reads it. A schema that cannot be read or is broken becomes a diagnostic on the `schema` line.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Diagnostic } from '../core/diagnostics';
import { schemaContext, type SchemaContext, type SchemaSource } from '../core/language';
import { parseSchemaFile } from '../core/schema/schemaFile';
import type { Range } from '../core/text';
import { CHECK } from '../core/check/codes';

export interface LoadedSchema {
  readonly context?: SchemaContext;
  /** Problems loading it, reported in the document that names it. */
  readonly diagnostics: Diagnostic[];
}

interface CacheEntry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly context?: SchemaContext;
  readonly error?: string;
}


export class SchemaCache {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly log: (message: string) => void) {}

  /** Forgets everything (a watched schema file changed). */
  clear(): void {
    this.cache.clear();
  }

  private read(path: string): CacheEntry {
    let st: { mtimeMs: number; size: number };
    try {
      st = statSync(path);
    } catch (e) {
      return { mtimeMs: -1, size: -1, error: e instanceof Error && 'code' in e && e.code === 'ENOENT' ? 'file not found' : String(e) };
    }
    const hit = this.cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    let entry: CacheEntry;
    try {
      const result = parseSchemaFile(readFileSync(path, 'utf8'), path);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      const context = result.schema ? schemaContext(result.schema) : undefined;
      const error = errors.length
        ? `${errors.length} error${errors.length === 1 ? '' : 's'} in the schema file, first at line ${errors[0]!.range.start.line + 1}: ${errors[0]!.message}`
        : undefined;
      entry = { mtimeMs: st.mtimeMs, size: st.size, ...(context ? { context } : {}), ...(error ? { error } : {}) };
      this.log(`schema ${path}: ${context ? `${result.schema!.labels.length} labels, ${result.schema!.relationshipTypes.length} relationship types` : 'unusable'}${error ? ` (${error})` : ''}`);
    } catch (e) {
      entry = { mtimeMs: st.mtimeMs, size: st.size, error: e instanceof Error ? e.message : String(e) };
    }
    this.cache.set(path, entry);
    return entry;
  }

  load(source: SchemaSource): LoadedSchema {
    if (source.kind === 'none') return { diagnostics: [] };
    const entry = this.read(source.path);
    const where: Range = source.kind === 'file' ? source.range : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const origin = source.kind === 'file' ? 'schema' : 'schema (setting kgrag.schema.path)';
    const diagnostics: Diagnostic[] = [];
    if (entry.error !== undefined) {
      // KGP307, as `kgrag check` reports it: the same problem gets the same code everywhere.
      diagnostics.push({
        range: where,
        severity: entry.context ? 'warning' : 'error',
        code: CHECK.schemaUnavailable,
        message: `${origin} ${source.path}: ${entry.error}${entry.context ? '' : '; names are not checked against a schema'}`,
      });
    }
    return { ...(entry.context ? { context: entry.context } : {}), diagnostics };
  }
}
