// kgrag import <file…> (--db <folder> | --neo4j <uri>) [--format triples|tsv|csv|jsonl] [--strict] [--typing rules.json|--untyped] [--embedder lexical|hashing|transformers | --no-index] [--wait <seconds>] [--json]
import { dirname, resolve } from 'node:path';
import { dataFolderProblem, formatBadLine, ImportRejectedError, type ImportFile, type ImportSummary, importIntoFolder, type StagedImportOptions, type ImportFormat, type WrittenGraph, METAQA_TYPING, parseTypingRules, UNTYPED, type TypingRules, STORE_FLAGS, type StoreSpec } from '../../core/graph';
import { createEmbedder, type Embedder, type EmbedderKind } from '../../core/embed';
import { embedWhileCopying, type EarlyEmbedding } from '../../core/retrieve';
import type { IndexInfo } from '../../core/session';
import { EXIT, UsageError, readInputFile, type CliIO } from '../io';
import { EMBEDDER_FLAG, embedderKindFlag, openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

const FORMATS: readonly ImportFormat[] = ['triples', 'tsv', 'csv', 'jsonl'];
const MAX_BAD_LINES_SHOWN = 20;

function typingFrom(values: { typing?: string; untyped?: boolean }, io: CliIO): TypingRules {
  if (values.untyped) return UNTYPED;
  if (values.typing === undefined) return METAQA_TYPING;
  const text = readInputFile(resolve(io.cwd, values.typing), 'settings');
  const rules = parseTypingRules(text);
  if (typeof rules === 'string') throw new UsageError(`--typing ${values.typing}: ${rules}`);
  return rules;
}

function printSummary(s: ImportSummary, io: CliIO, totalMs: number): void {
  io.out(
    [
      // The whole command's time (engine start, import, search index): the figure a person waited.
      `imported ${s.files.join(', ')} in ${(totalMs / 1000).toFixed(2)} s (writing the graph ${(s.timeMs / 1000).toFixed(2)} s)`,
      `  lines read:          ${s.linesRead}`,
      `  nodes created:       ${s.nodesCreated}${s.nodesAlreadyPresent ? ` (${s.nodesAlreadyPresent} already present)` : ''}`,
      `  edges created:       ${s.edgesCreated}${s.edgesAlreadyPresent ? ` (${s.edgesAlreadyPresent} already present)` : ''}`,
      `  duplicate records:   ${s.duplicateRecords}`,
      `  labels:              ${s.labels.join(', ') || '—'}`,
      `  relationship types:  ${s.relationshipTypes.join(', ') || '—'}`,
      `  bad lines (skipped): ${s.badLines.length}`,
    ].join('\n'),
  );
  for (const b of s.badLines.slice(0, MAX_BAD_LINES_SHOWN)) io.out(`  ${formatBadLine(b)}`);
  if (s.badLines.length > MAX_BAD_LINES_SHOWN) io.out(`  … and ${s.badLines.length - MAX_BAD_LINES_SHOWN} more (use --json for all)`);
}

export async function importGraph(args: readonly string[], io: CliIO): Promise<number> {
  // The whole wait a person sees: from the process start (kgrag) or the call (in-process) to the index built.
  const began = io.startedMs ?? performance.now();
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      format: { type: 'string' },
      strict: { type: 'boolean' },
      typing: { type: 'string' },
      untyped: { type: 'boolean' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean' },
      ...EMBEDDER_FLAG,
      'no-index': { type: 'boolean' },
      wait: { type: 'string' },
    },
  });
  const embedder = embedderKindFlag(values.embedder);
  if (positionals.length === 0) throw new UsageError('needs at least one file: kgrag import <file…> --db <folder>');
  if (values.db === undefined && values.neo4j === undefined) throw new UsageError('needs --db <folder> (e.g. --db .kgrag) or --neo4j <uri>');
  const format = values.format;
  if (format !== undefined && !FORMATS.includes(format as ImportFormat)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not '${format}'`);
  const typing = typingFrom(values, io);
  const wait = values.wait === undefined ? undefined : Number(values.wait);
  if (wait !== undefined && !(Number.isFinite(wait) && wait >= 0 && wait <= 86_400)) throw new UsageError(`--wait must be a number of seconds from 0 to 86400, not '${values.wait}'`);
  const spec = specFromFlags(values, io, { mustExist: false });
  // Someone else's folder or a file: refused before anything is read or written.
  const problem = spec.kind === 'embedded' ? dataFolderProblem(spec.folder) : undefined;
  if (problem) throw new UsageError(`--db ${values.db}: ${problem}`);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  // A fresh database's own tables, from the import to the index build (then dropped): the index is
  // laid out from them instead of read back from the engine (docs/scale.md).
  let written: WrittenGraph | undefined;
  // Above 250,000 names their embedding runs while the engine copies (fromImport.ts); the same
  // embedder object then builds the index. Sparse embedders only (the spill file's): a model is
  // still loaded after the import, whose failure leaves the import done.
  const early = spec.kind === 'embedded' && !values['no-index'] && (embedder === 'lexical' || embedder === 'hashing') ? { embedder: await createEmbedder({ kind: embedder }), run: undefined as EarlyEmbedding | undefined } : undefined;
  try {
    const summary = await importInto(
      spec,
      io,
      positionals.map((p) => ({ path: resolve(io.cwd, p), ...(format ? { format: format as ImportFormat } : {}) })),
      {
        typing,
        strict: values.strict ?? false,
        ...(wait !== undefined ? { lockWaitMs: wait * 1000 } : {}),
        // Always said, --quiet or not: a silent wait looks like a hang.
        onWait: (m: string) => io.err(`kgrag import: ${m}`),
        onWritten: (w: WrittenGraph) => void (written = w),
        ...(early && spec.kind === 'embedded' ? { onTables: (w: WrittenGraph) => void (early.run = embedWhileCopying(w, early.embedder, dirname(resolve(spec.folder)))) } : {}),
        signal: controller.signal,
        onProgress: values.quiet ? undefined : (p) => io.err(`[${p.phase}] ${p.message}${p.total !== undefined && p.phase === 'copy' ? ` (${(p.done ?? 0) + 1}/${p.total})` : ''}`),
      },
    );
    // The search index is part of a usable graph: built now, the first retrieval (CLI or VS Code) only reads it.
    const index = spec.kind === 'embedded' && !values['no-index'] && summary.nodesCreated + summary.edgesCreated > 0 ? await buildSearchIndex(spec, io, early?.embedder ?? embedder, controller.signal, !values.quiet, written, early?.run) : undefined;
    written = undefined;
    const totalMs = performance.now() - began;
    if (values.json) io.out(JSON.stringify({ ...summary, totalMs, ...(index ? { index } : {}) }));
    else {
      printSummary(summary, io, totalMs);
      if (index) io.out(`  search index:        ${index.nodes} nodes (${index.embedder}) ${index.source === 'cache' ? 'already cached' : `built in ${(index.ms / 1000).toFixed(2)} s`}`);
      // Built but not written: the next run builds it again, which the person must know.
      if (index?.cacheError) io.err(`kgrag import: the search index was built but could not be saved (${index.cacheError}); the first run builds it again`);
    }
    return summary.badLines.length > 0 ? EXIT.findings : EXIT.ok;
  } catch (e) {
    if (e instanceof ImportRejectedError) {
      if (values.json) io.out(JSON.stringify({ rejected: true, badLines: e.badLines }));
      io.err(`kgrag import: rejected (--strict): ${e.badLines.length} bad line${e.badLines.length === 1 ? '' : 's'}; nothing was imported`);
      for (const b of e.badLines.slice(0, MAX_BAD_LINES_SHOWN)) io.err(`  ${formatBadLine(b)}`);
      return EXIT.findings;
    }
    throw e;
  } finally {
    // A failed import (or a cached index) leaves the early embedding unused: its file goes.
    early?.run?.cancel();
    process.removeListener('SIGINT', onSignal);
  }
}

/**
 * Builds (or finds cached) the search index of the imported graph for one embedder, in the data
 * folder's `snapshots/` — where every session on the folder looks first. A failure is reported and
 * leaves the import as it is: the first run builds the index instead.
 */
async function buildSearchIndex(spec: Extract<StoreSpec, { kind: 'embedded' }>, io: CliIO, embedder: EmbedderKind | Embedder, signal: AbortSignal, verbose: boolean, written?: WrittenGraph, early?: EarlyEmbedding): Promise<(IndexInfo & { embedder: string }) | undefined> {
  if (verbose) io.err(`[index] building the search index (${typeof embedder === 'string' ? embedder : embedder.id} embedder${written ? ', from the imported tables' : ''}${early ? ', names embedded during the copy' : ''}; --no-index skips it)`);
  try {
    const session = await openSessionFromSpec({ ...spec, readOnly: true }, io, { embedder: typeof embedder === 'string' ? { kind: embedder } : embedder });
    try {
      // The session ends here: the file is written and not read back (docs/scale.md).
      const info = await session.buildIndex({ signal, fileOnly: true, ...(written ? { written } : {}), ...(early ? { early } : {}) });
      if (verbose && written && info.builtFrom === 'store') io.err('[index] the database did not match the imported tables; the index was read back from the database');
      return { ...info, embedder: session.embedder.id };
    } finally {
      await session.close();
    }
  } catch (e) {
    io.err(`kgrag import: the graph is imported, but its search index was not built (${e instanceof Error ? e.message : String(e)}); the first run builds it`);
    return undefined;
  }
}

/**
 * The embedded database is imported staged (read and check everything, import into a copy, swap it in
 * only when complete: src/core/graph/import/stagedImport.ts) and needs no open session; anything else
 * goes through the session, which explains how to load Neo4j.
 */
async function importInto(spec: StoreSpec, io: CliIO, files: readonly ImportFile[], options: StagedImportOptions): Promise<ImportSummary> {
  if (spec.kind === 'embedded') return importIntoFolder(spec.folder, files, options);
  const session = await openSessionFromSpec(spec, io);
  try {
    return await session.import(files, options);
  } finally {
    await session.close();
  }
}
