/**
 * The diagnostics of a few-shot file in the editor (docs/fewshot.md, "In the editor"), from
 * src/core/fewshot, the checker `kgrag check` runs. This module is its own bundle
 * (dist/fewshotCheck.js), loaded by the server with the first few-shot file (./fewshot.ts): the
 * checker carries Neo4j's Cypher front end, ~24 MB of JavaScript that would otherwise be parsed at
 * every server start even when no few-shot file is ever opened.
 */
import type { Diagnostic } from '../core/diagnostics';
import { checkFile } from '../core/check';
import { checkFewShot, readFewShot, type FewShotCheckOptions } from '../core/fewshot';
import type { GraphSchema, SchemaResolver } from '../core/schema';
import { LineIndex } from '../core/text';
import type { LanguageSettings } from './settings';
import { fewshotSchemaSetting } from './fewshot';

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
  /** The server's schema resolver (cached by path and mtime). */
  readonly resolver: SchemaResolver;
  /** The connected graph's schema, when the extension sent one. */
  readonly connected: GraphSchema | undefined;
  /** false: every Cypher row is linted however many (the Validate Few-Shot Files command). Default true. */
  readonly editorLimits?: boolean;
}

function cypherCount(path: string, text: string): number {
  try {
    return readFewShot(path, text)?.examples.filter((e) => e.output?.kind === 'cypher').length ?? 0;
  } catch {
    return 0; // checkFewShot reports it
  }
}

/**
 * The diagnostics of one few-shot file: core checkFile with the one schema rule (the file's own
 * `schema` reference, else the `kgrag.fewshot.schemas` glob it matches, else `kgrag.schema.path`,
 * else the connected graph's), plus the editor's
 * limit on Neo4j's front end.
 */
export async function checkFewShotDocument(input: FewShotEditorInput): Promise<Diagnostic[]> {
  const { path, text, settings } = input;
  const options: { -readonly [K in keyof FewShotCheckOptions]: FewShotCheckOptions[K] } = {};
  if (settings.fewshotShots !== undefined) options.shots = settings.fewshotShots;
  const extra: Diagnostic[] = [];
  const count = input.editorLimits === false ? 0 : cypherCount(path, text);
  if (count > EDITOR_CYPHER_LIMIT) {
    options.skipCypherLint = true;
    extra.push({
      range: new LineIndex(text).rangeOf(0, 0),
      severity: 'info',
      code: CYPHER_SKIPPED_CODE,
      message: `${count} Cypher examples: the editor checks Cypher with Neo4j's front end only in files with at most ${EDITOR_CYPHER_LIMIT}; run \`kgrag check\` on this file for every row.`,
    });
  }
  const checked = await checkFile('fewshot', text, input.resolver, {
    path,
    // The file's own reference first (checkFile), then a glob of kgrag.fewshot.schemas, then kgrag.schema.path.
    schema: { setting: fewshotSchemaSetting(path, input.folder !== undefined ? [input.folder] : [], settings.fewshotSchemas) ?? settings.schemaPath, workspaceFolder: input.folder, ...(input.connected ? { fallback: { schema: input.connected, name: 'connected graph' } } : {}) },
    fewshot: { checkFewShot, readFewShot },
    fewshotOptions: options,
  });
  return [...extra, ...checked.diagnostics];
}
