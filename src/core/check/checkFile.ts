/**
 * THE way a file is checked, by the language server, `kgrag check` and few-shot validation alike:
 * the schema comes from the one resolver (core/schema/resolve), then the file kind's checker runs.
 * Few-shot checking is passed in (`fewshot`), because its Cypher front end is ~24 MB of JavaScript
 * that the language server loads only with the first few-shot file (src/server/fewshot.ts).
 */
import type { Diagnostic } from '../diagnostics';
import { parseDocument, type ParseResult } from '../dsl';
import type { checkFewShot as CheckFewShot, readFewShot as ReadFewShot } from '../fewshot';
import { FEWSHOT_CODES } from '../fewshot/codes';
import type { FewShotCheckOptions, FewShotDocument } from '../fewshot/model';
import type { ResolveRequest, ResolvedSchema, SchemaResolver } from '../schema/resolve';
import { LineIndex } from '../text';
import { checkAst, sortDiagnostics } from './checkDocument';

export type CheckedFileKind = 'kgp' | 'fewshot';

/** The few-shot checker module (core/fewshot), as the caller loaded it. */
export interface FewShotChecker {
  readonly checkFewShot: typeof CheckFewShot;
  readonly readFewShot: typeof ReadFewShot;
}

export interface CheckFileOptions {
  /** The file's absolute path (schema references are relative to it). */
  readonly path?: string;
  /** kgrag.schema.path / --schema, the workspace folder it is relative to, and the fallback schema. */
  readonly schema?: Omit<ResolveRequest, 'reference' | 'documentPath'>;
  readonly hopLimit?: number;
  /** An existing parse of the text (the server caches one per document version). */
  readonly parsed?: ParseResult;
  /** Required for 'fewshot'. */
  readonly fewshot?: FewShotChecker;
  /** Few-shot options besides the schema (format, shots, skipCypherLint, …). */
  readonly fewshotOptions?: Omit<FewShotCheckOptions, 'schema' | 'loadSchema'>;
}

export interface CheckedFile {
  readonly diagnostics: Diagnostic[];
  readonly schema: ResolvedSchema;
  readonly fewshotDocument?: FewShotDocument;
}

export async function checkFile(kind: CheckedFileKind, text: string, resolver: SchemaResolver, options: CheckFileOptions = {}): Promise<CheckedFile> {
  return kind === 'kgp' ? checkKgp(text, resolver, options) : checkFewShotText(text, resolver, options);
}

async function checkKgp(text: string, resolver: SchemaResolver, options: CheckFileOptions): Promise<CheckedFile> {
  const parsed = options.parsed ?? parseDocument(text);
  const decl = parsed.document.schemas.find((s) => s.path !== undefined && s.path.value.trim() !== '');
  const schema = await resolver.resolve({ ...options.schema, ...(decl?.path ? { reference: decl.path } : {}), ...(options.path !== undefined ? { documentPath: options.path } : {}) });
  const checked = checkAst(parsed.document, { ...(schema.schema ? { schema: schema.schema } : {}), ...(options.hopLimit !== undefined ? { hopLimit: options.hopLimit } : {}) });
  return { diagnostics: sortDiagnostics([...parsed.diagnostics, ...schema.diagnostics, ...checked]), schema };
}

async function checkFewShotText(text: string, resolver: SchemaResolver, options: CheckFileOptions): Promise<CheckedFile> {
  const checker = options.fewshot;
  if (!checker) throw new Error('checkFile: few-shot files need the few-shot checker (options.fewshot)');
  const path = options.path ?? 'untitled.fewshot.json';
  const format = options.fewshotOptions?.format;
  let ref: FewShotDocument['schemaRef'];
  try {
    ref = checker.readFewShot(path, text, format)?.schemaRef;
  } catch {
    ref = undefined; // checkFewShot reports the file's problem
  }
  const lines = new LineIndex(text);
  const schema = await resolver.resolve({ ...options.schema, ...(ref ? { reference: { value: ref.value, range: lines.rangeOf(ref.span.start, ref.span.end) } } : {}), documentPath: path });
  const fileRef = schema.source.kind === 'file';
  // The file's own reference: the few-shot checker reports an unusable one itself (fewshot-schema-ref).
  const result = checker.checkFewShot(path, text, {
    ...options.fewshotOptions,
    ...(fileRef ? { loadSchema: () => schema.schema } : schema.schema ? { schema: schema.schema } : {}),
  });
  const unusable = fileRef && !schema.schema && schema.file ? `${schema.file.path}: ${schema.file.problem ?? 'unusable'}` : undefined;
  const checked = unusable === undefined ? result.diagnostics : result.diagnostics.map((d) => (d.code === FEWSHOT_CODES.schemaRef ? { ...d, message: `${d.message} ${unusable}` } : d));
  const extra = fileRef && !schema.schema ? [] : schema.diagnostics;
  return { diagnostics: [...extra, ...checked], schema, ...(result.document ? { fewshotDocument: result.document } : {}) };
}
