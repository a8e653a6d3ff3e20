/**
 * The diagnostics of a few-shot file in the editor (docs/fewshot.md, "In the editor"), from
 * src/core/fewshot, the checker `kgrag check` runs. This module is its own bundle
 * (dist/fewshotCheck.js), loaded by the server with the first few-shot file (./fewshot.ts): the
 * checker carries Neo4j's Cypher front end, ~24 MB of JavaScript that would otherwise be parsed at
 * every server start even when no few-shot file is ever opened.
 */
import type { Diagnostic } from '../core/diagnostics';
import { checkFewShot, FEWSHOT_CODES, readFewShot, type CheckOptions, type FewShotDocument } from '../core/fewshot';
import type { GraphSchema } from '../core/schema/graphSchema';
import { resolveSchemaReference } from '../core/language';
import { LineIndex } from '../core/text';
import type { LoadedSchema } from './schemas';
import type { SchemaSource } from '../core/language';
import type { LanguageSettings } from './settings';

/**
 * Neo4j's front end takes about 0.1 s per query and runs in the server's one thread, so a file with
 * more Cypher examples than this is read and checked without it in the editor (`kgrag check` lints
 * every row); an info diagnostic at the top says so.
 */
export const EDITOR_CYPHER_LIMIT = 100;

export const CYPHER_SKIPPED_CODE = 'fewshot-cypher-skipped';

export interface FewShotEditorInput {
  readonly path: string;
  readonly text: string;
  /** The workspace folder of the file (kgrag.schema.path is relative to it). */
  readonly folder: string | undefined;
  readonly settings: LanguageSettings;
  /** The server's schema cache (cached by path and mtime). */
  readonly schemas: { load(source: SchemaSource): LoadedSchema };
  /** The connected graph's schema, when the extension sent one. */
  readonly connected: GraphSchema | undefined;
}

function readDocument(path: string, text: string): FewShotDocument | undefined {
  try {
    return readFewShot(path, text);
  } catch {
    return undefined; // checkFewShot reports it
  }
}

/**
 * The diagnostics of one few-shot file. Schema: the file's own `schema` reference (relative to the
 * file), else `kgrag.schema.path`, else the connected graph's — the rule .kgp files follow
 * (resolveSchemaReference).
 */
export function checkFewShotDocument(input: FewShotEditorInput): Diagnostic[] {
  const { path, text, settings } = input;
  const read = readDocument(path, text);
  const ref = read?.schemaRef;
  const lines = new LineIndex(text);
  const source = resolveSchemaReference(ref ? { value: ref.value, range: lines.rangeOf(ref.span.start, ref.span.end) } : undefined, path, settings.schemaPath, input.folder);
  const extra: Diagnostic[] = [];
  const options: { -readonly [K in keyof CheckOptions]: CheckOptions[K] } = {};
  if (settings.fewshotShots !== undefined) options.shots = settings.fewshotShots;
  let unusableReason: string | undefined;
  if (source.kind === 'none') {
    if (input.connected) options.schema = input.connected;
  } else {
    const loaded = input.schemas.load(source);
    if (source.kind === 'file') {
      // The checker reports an unreadable reference itself (fewshot-schema-ref, as `kgrag check` does).
      options.loadSchema = () => loaded.context?.schema;
      if (loaded.context) extra.push(...loaded.diagnostics);
      else unusableReason = loaded.diagnostics[0]?.message.replace(/^schema /, '');
    } else {
      if (loaded.context) options.schema = loaded.context.schema;
      extra.push(...loaded.diagnostics);
    }
  }
  const cypherCount = read?.examples.filter((e) => e.output?.kind === 'cypher').length ?? 0;
  if (cypherCount > EDITOR_CYPHER_LIMIT) {
    options.skipCypherLint = true;
    extra.push({
      range: lines.rangeOf(0, 0),
      severity: 'info',
      code: CYPHER_SKIPPED_CODE,
      message: `${cypherCount} Cypher examples: the editor checks Cypher with Neo4j's front end only in files with at most ${EDITOR_CYPHER_LIMIT}; run \`kgrag check\` on this file for every row.`,
    });
  }
  const checked = checkFewShot(path, text, options).diagnostics.map((d) =>
    d.code === FEWSHOT_CODES.schemaRef && unusableReason !== undefined ? { ...d, message: `${d.message} ${unusableReason}` } : d,
  );
  return [...extra, ...checked];
}
