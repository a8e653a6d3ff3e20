/**
 * `kgrag check <paths…> [--schema <file> | --db <folder> | --neo4j <uri>] [--hop-limit N] [--format text|json]
 *   [--fewshot-format <format>]`
 *
 * Checks `.kgp` files (directories are walked) and prints `file:line:col severity code message`
 * (one-based) or `{"diagnostics":[{file,line,column,severity,code,message}]}`. Exit 1 when any
 * error is found, 2 on bad usage, 0 otherwise. A file that cannot be read is a diagnostic, never a
 * stack trace.
 *
 * Which schema checks a `.kgp` file: its own `schema "…"` line (relative to the file) wins, as in
 * the editor; `--schema` (or the schema of the database named by --db / --neo4j) applies to files
 * that name none. Each schema file is read once; its own
 * problems are reported against it.
 *
 * File kinds are a table (FILE_KINDS): adding a kind of file (few-shot files) is one entry.
 * `--fewshot-format` reads every few-shot file in the given format instead of detecting it
 * (docs/fewshot.md lists the formats).
 */
import { readdir, stat } from 'node:fs/promises';
import { FileReadError, readTextFile } from '../../core/boundedRead';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { checkFile, CHECK } from '../../core/check';
import type { Diagnostic, Severity } from '../../core/diagnostics';
import { type GraphSchema, nodeSchemaFiles, SchemaResolver } from '../../core/schema';
import type { Range } from '../../core/text';
import { STORE_FLAGS, type StoreFlagValues } from '../../core/graph';
import { EXIT, UsageError, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';
import { checkFewShot, FEWSHOT_FORMATS, readFewShot, type FewShotFormat } from '../../core/fewshot';

/** Codes for problems with the files themselves (not their contents). */
export const FILE_CODES = {
  unreadable: 'KGP001',
  unsupported: 'KGP002',
  truncated: 'KGP003',
} as const;

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** One file to check: the path as shown to people, its absolute path and its text. */
export interface SourceFile {
  readonly display: string;
  readonly path: string;
  readonly text: string;
}

/** What every file checker may use. */
export interface CheckContext {
  /** The one schema resolver (each schema file read once; its own diagnostics reported against it). */
  readonly resolver: SchemaResolver;
  /** --schema (a path, as setting) or the --db/--neo4j graph's schema (the fallback). */
  readonly schemaPath?: string;
  readonly storeSchema?: { readonly schema: GraphSchema; readonly name: string };
  readonly cwd: string;
  readonly hopLimit?: number;
  /** --fewshot-format: the few-shot format to read, instead of detecting it. */
  readonly fewshotFormat?: FewShotFormat;
}

export interface FileKind {
  readonly name: string;
  /** Files a directory walk picks up. */
  readonly inWalk: (fileName: string) => boolean;
  /** Files accepted when named on the command line. */
  readonly accepts: (fileName: string) => boolean;
  readonly check: (file: SourceFile, context: CheckContext) => Promise<Diagnostic[]>;
}

function schemaRequest(context: CheckContext) {
  return { ...(context.schemaPath !== undefined ? { setting: context.schemaPath, settingName: '--schema' } : {}), workspaceFolder: context.cwd, ...(context.storeSchema ? { fallback: context.storeSchema } : {}) };
}

async function checkKgpFile(file: SourceFile, context: CheckContext): Promise<Diagnostic[]> {
  return (await checkFile('kgp', file.text, context.resolver, { path: file.path, schema: schemaRequest(context), ...(context.hopLimit !== undefined ? { hopLimit: context.hopLimit } : {}) })).diagnostics;
}

/** Few-shot files (docs/fewshot.md): a `schema` field in the file wins over --schema, as for .kgp. */
async function checkFewShotKind(file: SourceFile, context: CheckContext): Promise<Diagnostic[]> {
  const fewshotOptions = context.fewshotFormat !== undefined ? { format: context.fewshotFormat } : {};
  return (await checkFile('fewshot', file.text, context.resolver, { path: file.path, schema: schemaRequest(context), fewshot: { checkFewShot, readFewShot }, fewshotOptions })).diagnostics;
}

export const FILE_KINDS: FileKind[] = [
  { name: 'kgplan', inWalk: (f) => f.endsWith('.kgp'), accepts: (f) => f.endsWith('.kgp'), check: checkKgpFile },
  {
    name: 'few-shot (*.fewshot.json|jsonl|yaml, prompts .txt/.md/.py, example sets .json/.jsonl/.csv)',
    inWalk: (f) => /\.fewshot\.(json|jsonl|ya?ml)$/i.test(f),
    accepts: (f) => /\.(json|jsonl|ndjson|ya?ml|txt|md|py|csv)$/i.test(f),
    check: checkFewShotKind,
  },
];

/** A diagnostic as printed: one-based line and column. */
export interface FileDiagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
}

/** Diagnostics printed per file before the rest is summarised as "N more". */
export const MAX_DIAGNOSTICS_PER_FILE = 200;

const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', '.kgrag', 'dist', 'out']);

interface Target {
  readonly display: string;
  readonly path: string;
  readonly kind?: FileKind;
}

export async function check(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    options: { schema: { type: 'string' }, format: { type: 'string' }, 'hop-limit': { type: 'string' }, 'fewshot-format': { type: 'string' }, ...STORE_FLAGS },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) throw new UsageError('give at least one .kgp file or directory: kgrag check <paths…> [--schema file] [--format json]');
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not '${format}'`);
  let hopLimit: number | undefined;
  if (values['hop-limit'] !== undefined) {
    hopLimit = Number(values['hop-limit']);
    if (!Number.isInteger(hopLimit) || hopLimit < 1) throw new UsageError(`--hop-limit must be a whole number of at least 1, not '${values['hop-limit']}'`);
  }
  const fewshotFormat = values['fewshot-format'];
  if (fewshotFormat !== undefined && !isFewShotFormat(fewshotFormat)) {
    throw new UsageError(`--fewshot-format must be one of ${FEWSHOT_FORMATS.join(', ')}; not '${fewshotFormat}'`);
  }
  const fromStore = values.db !== undefined || values.neo4j !== undefined;
  if (fromStore && values.schema !== undefined) throw new UsageError('give --schema or a database (--db / --neo4j), not both');

  const results: FileDiagnostic[] = [];
  // At most MAX_DIAGNOSTICS_PER_FILE per file (200 KB of '(' is 400,001 errors); the rest is one "N more" line.
  const perFile = new Map<string, number>();
  const report = (display: string, ds: readonly Diagnostic[]): void => {
    for (const d of ds) {
      const n = (perFile.get(display) ?? 0) + 1;
      perFile.set(display, n);
      if (n > MAX_DIAGNOSTICS_PER_FILE) continue;
      results.push({ file: display, line: d.range.start.line + 1, column: d.range.start.character + 1, severity: d.severity, code: d.code, message: d.message });
    }
  };
  const display = (absolute: string): string => {
    const rel = relative(io.cwd, absolute);
    return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
  };

  // The schema files' own diagnostics are reported against them, once each.
  const resolver = new SchemaResolver(nodeSchemaFiles, (f) => report(display(f.path), f.fileDiagnostics));
  let schemaPath = values.schema !== undefined ? resolve(io.cwd, values.schema) : undefined;
  if (schemaPath !== undefined) {
    const loaded = await resolver.load(schemaPath);
    // Said once here; the files are then checked without a schema (not once per file).
    if (!loaded.schema) schemaPath = undefined;
    if (!loaded.schema) report(values.schema!, [{ range: START, severity: 'error', code: CHECK.schemaUnavailable, message: `cannot use --schema: ${loaded.problem ?? 'unknown problem'}` }]);
  }
  const fromDb = fromStore ? { schema: await storeSchema(values, io), name: values.db !== undefined ? `--db ${values.db}` : `--neo4j ${values.neo4j}` } : undefined;
  const context: CheckContext = { resolver, cwd: io.cwd, ...(schemaPath !== undefined ? { schemaPath } : {}), ...(fromDb ? { storeSchema: fromDb } : {}), hopLimit, ...(fewshotFormat !== undefined ? { fewshotFormat } : {}) };

  for (const given of positionals) {
    for (const target of await collect(given, resolve(io.cwd, given), (ds) => report(given, ds))) {
      if (!target.kind) {
        report(target.display, [{ range: START, severity: 'error', code: FILE_CODES.unsupported, message: `not a file kgrag check reads (${FILE_KINDS.map((k) => k.name).join(', ')})` }]);
        continue;
      }
      let text: string;
      try {
        text = await readTextFile(target.path, target.kind === FILE_KINDS[0] ? 'plan' : 'fewshot');
      } catch (e) {
        report(target.display, [{ range: START, severity: 'error', code: FILE_CODES.unreadable, message: `cannot read the file: ${e instanceof FileReadError ? e.reason : describeFsError(e)}` }]);
        continue;
      }
      try {
        report(target.display, await target.kind.check({ display: target.display, path: target.path, text }, context));
      } catch (e) {
        report(target.display, [{ range: START, severity: 'error', code: FILE_CODES.unreadable, message: `could not check the file: ${e instanceof Error ? e.message : String(e)}` }]);
      }
    }
  }

  for (const [file, n] of perFile) {
    if (n <= MAX_DIAGNOSTICS_PER_FILE) continue;
    const last = results.filter((r) => r.file === file).pop()!;
    const at = results.lastIndexOf(last) + 1;
    results.splice(at, 0, { file, line: last.line, column: last.column, severity: 'info', code: FILE_CODES.truncated, message: `${n - MAX_DIAGNOSTICS_PER_FILE} more diagnostics in this file (the first ${MAX_DIAGNOSTICS_PER_FILE} are shown)` });
  }
  if (format === 'json') io.out(JSON.stringify({ diagnostics: results }, null, 2));
  else for (const r of results) io.out(`${r.file}:${r.line}:${r.column} ${r.severity} ${r.code} ${r.message}`);
  return results.some((r) => r.severity === 'error') ? EXIT.findings : EXIT.ok;
}

/** The files a path stands for: itself, or every checkable file under it (sorted, no symlinked dirs). */
async function collect(display: string, absolute: string, problem: (ds: Diagnostic[]) => void): Promise<Target[]> {
  let info;
  try {
    info = await stat(absolute);
  } catch (e) {
    problem([{ range: START, severity: 'error', code: FILE_CODES.unreadable, message: `cannot read: ${describeFsError(e)}` }]);
    return [];
  }
  if (!info.isDirectory()) {
    const name = absolute.split(/[\\/]/).pop() ?? absolute;
    return [{ display, path: absolute, kind: FILE_KINDS.find((k) => k.accepts(name)) }];
  }
  const out: Target[] = [];
  const walk = async (dirDisplay: string, dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      problem([{ range: START, severity: 'error', code: FILE_CODES.unreadable, message: `cannot read the directory ${dirDisplay}: ${describeFsError(e)}` }]);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const childDisplay = join(dirDisplay, e.name);
      const child = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) await walk(childDisplay, child);
      } else if (e.isFile() || e.isSymbolicLink()) {
        const kind = FILE_KINDS.find((k) => k.inWalk(e.name));
        if (kind) out.push({ display: childDisplay, path: child, kind });
      }
    }
  };
  await walk(display, absolute);
  return out;
}

/** The schema of the graph in the database (read-only); it then checks files that name no schema. */
async function storeSchema(flags: StoreFlagValues, io: CliIO): Promise<GraphSchema> {
  const session = await openSessionFromSpec(specFromFlags(flags, io, { mustExist: true, readOnly: true }), io);
  try {
    return await session.schema();
  } finally {
    await session.close();
  }
}

function isFewShotFormat(s: string): s is FewShotFormat {
  return (FEWSHOT_FORMATS as readonly string[]).includes(s);
}

function describeFsError(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
