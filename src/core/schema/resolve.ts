/**
 * THE answer to "which schema does this file use?", for the language server, the CLI, few-shot
 * checking and retrieval alike:
 *   1. the file's own `schema "…"` reference (relative to the file) wins;
 *   2. else the `kgrag.schema.path` setting (relative to the workspace folder) / `--schema`;
 *   3. else the fallback: the connected graph's schema (editor) or `--db`/`--neo4j`'s (CLI).
 * Schema files are read through a port (Node fs, `vscode.workspace.fs`, …) and cached by the
 * port's version stamp, so typing never re-reads them. Problems come back as diagnostics on the
 * reference, with the same code and wording everywhere (KGP307).
 */
import { dirname, isAbsolute, join } from 'node:path';
import { CHECK } from '../check/codes';
import type { Diagnostic } from '../diagnostics';
import type { Range } from '../text';
import type { GraphSchema } from './graphSchema';
import { parseSchemaFile } from './schemaFile';
import { relationAliasesOf, type RelationAliases } from '../retrieve/relations';

/** Where a document's schema comes from (before reading it). */
export type SchemaSource =
  | { readonly kind: 'file'; readonly path: string; readonly range: Range }
  | { readonly kind: 'setting'; readonly path: string }
  | { readonly kind: 'none' };

/** Reads schema files. `version` is a cheap stamp (mtime + size; undefined when missing); without it a file is read once until clear(). */
export interface SchemaFilePort {
  read(path: string): Promise<{ readonly text: string } | { readonly error: string }>;
  version?(path: string): Promise<string | undefined>;
}


export interface LoadedSchemaFile {
  readonly path: string;
  /** Present when the file was usable (possibly with problems). */
  readonly schema?: GraphSchema;
  /** The schema file's own diagnostics (ranges inside the schema file). */
  readonly fileDiagnostics: readonly Diagnostic[];
  /** One line saying why it is unusable or what is wrong with it; undefined when it is fine. */
  readonly problem?: string;
}

export interface ResolvedSchema {
  readonly source: SchemaSource;
  readonly schema?: GraphSchema;
  readonly aliases: RelationAliases;
  /** Problems reaching the schema, as diagnostics of the document that names it. */
  readonly diagnostics: readonly Diagnostic[];
  /** The schema file read, when one was named. */
  readonly file?: LoadedSchemaFile;
  /** Set when the fallback schema was used; names it for people ("connected graph", "--db .kgrag"). */
  readonly fallback?: string;
}

export interface ResolveRequest {
  /** The reference the file wrote and where, or undefined when it names none. */
  readonly reference?: { readonly value: string; readonly range: Range };
  readonly documentPath?: string;
  /** `kgrag.schema.path` or `--schema` (relative to the workspace folder / current directory). */
  readonly setting?: string;
  /** How messages name the setting (default "setting kgrag.schema.path"; the CLI says "--schema"). */
  readonly settingName?: string;
  readonly workspaceFolder?: string;
  /** Used when neither the file nor the setting names a schema. */
  readonly fallback?: { readonly schema: GraphSchema; readonly name: string };
}

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The same rule for any file that may name its schema. Pure path logic. */
export function resolveSchemaReference(reference: ResolveRequest['reference'], documentPath: string | undefined, setting: string | undefined, workspaceFolder: string | undefined): SchemaSource {
  if (reference && reference.value.trim() !== '') {
    const p = reference.value;
    const base = documentPath !== undefined ? dirname(documentPath) : workspaceFolder;
    return { kind: 'file', path: isAbsolute(p) || base === undefined ? p : join(base, p), range: reference.range };
  }
  const s = setting?.trim();
  if (s) return { kind: 'setting', path: isAbsolute(s) || workspaceFolder === undefined ? s : join(workspaceFolder, s) };
  return { kind: 'none' };
}

interface CacheEntry {
  readonly version: string | undefined;
  readonly loaded: LoadedSchemaFile;
}

export class SchemaResolver {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly port: SchemaFilePort,
    private readonly onLoad: (loaded: LoadedSchemaFile) => void = () => {},
  ) {}

  /** Forgets every file read (a watched schema file changed). */
  clear(): void {
    this.cache.clear();
  }

  /** Reads (or reuses) one schema file. Never throws. */
  async load(path: string): Promise<LoadedSchemaFile> {
    const version = this.port.version ? await this.port.version(path).catch(() => undefined) : undefined;
    const hit = this.cache.get(path);
    // Same stamp (or still missing, or a port without stamps): the file is unchanged until clear().
    if (hit && hit.version === version) return hit.loaded;
    const loaded = await this.read(path);
    this.cache.set(path, { version, loaded });
    this.onLoad(loaded);
    return loaded;
  }

  private async read(path: string): Promise<LoadedSchemaFile> {
    let read;
    try {
      read = await this.port.read(path);
    } catch (e) {
      read = { error: e instanceof Error ? e.message : String(e) };
    }
    if ('error' in read) return { path, fileDiagnostics: [], problem: read.error };
    const r = parseSchemaFile(read.text, path);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    const problem = errors.length
      ? r.schema
        ? `${errors.length} error${errors.length === 1 ? '' : 's'} in the schema file, first at line ${errors[0]!.range.start.line + 1}: ${errors[0]!.message}`
        : `${errors[0]!.message} (line ${errors[0]!.range.start.line + 1})`
      : r.schema
        ? undefined
        : 'not a schema file';
    return { path, ...(r.schema ? { schema: r.schema } : {}), fileDiagnostics: r.diagnostics, ...(problem ? { problem } : {}) };
  }

  /** The schema a document uses, its aliases and the problems reaching it. */
  async resolve(request: ResolveRequest): Promise<ResolvedSchema> {
    const source = resolveSchemaReference(request.reference, request.documentPath, request.setting, request.workspaceFolder);
    if (source.kind === 'none') {
      const fb = request.fallback;
      return fb ? { source, schema: fb.schema, aliases: relationAliasesOf(fb.schema), diagnostics: [], fallback: fb.name } : { source, aliases: new Map(), diagnostics: [] };
    }
    const file = await this.load(source.path);
    const diagnostics: Diagnostic[] = [];
    if (file.problem !== undefined) {
      const named = source.kind === 'file' ? `schema "${request.reference!.value}"` : `schema ${source.path} (${request.settingName ?? 'setting kgrag.schema.path'})`;
      diagnostics.push({
        range: source.kind === 'file' ? source.range : START,
        severity: file.schema ? 'warning' : 'error',
        code: CHECK.schemaUnavailable,
        message: file.schema ? `${named}: ${file.problem}` : `cannot use ${named}: ${file.problem}; names are not checked against a schema`,
      });
    }
    return { source, ...(file.schema ? { schema: file.schema } : {}), aliases: relationAliasesOf(file.schema), diagnostics, file };
  }
}
