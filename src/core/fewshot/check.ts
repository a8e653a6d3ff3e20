/**
 * The entry point: read a few-shot file of any supported shape and check it. Never throws; every
 * finding is a Diagnostic with the exact range of what it is about.
 */
import type { Diagnostic } from '../diagnostics';
import { LineIndex } from '../text';
import type { FewShotCheckOptions, FewShotDocument, OffsetFinding } from './model';
import { FEWSHOT_CODES } from './codes';
import { readFewShot, UNKNOWN_FORMAT_MESSAGE } from './detect';
import { checkSimGragExamples } from './checks/simgrag';
import { checkMorExamples } from './checks/mor';
import { checkCypherExamples } from './checks/cypher';
import { checkFile } from './checks/file';
import { checkKgpExamples } from './checks/kgp';
import { checkStemExamples } from './checks/stem';

export function checkFewShotFile(path: string, text: string, opts: FewShotCheckOptions = {}): Diagnostic[] {
  return checkFewShot(path, text, opts).diagnostics;
}

/** Like checkFewShotFile, with the document read (for the editor, the CLI's JSON and execute mode). */
export function checkFewShot(path: string, text: string, opts: FewShotCheckOptions = {}): { document?: FewShotDocument; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(text);
  try {
    const doc = readFewShot(path, text, opts.format);
    if (!doc) return { diagnostics: [{ range: lines.rangeOf(0, Math.min(1, text.length)), severity: 'error', code: FEWSHOT_CODES.unknownFormat, message: UNKNOWN_FORMAT_MESSAGE }] };
    const findings: OffsetFinding[] = [...doc.findings];
    for (const ex of doc.examples) {
      // JSON arrays also give the zero-based index Python code (and people reading it) use.
      const label = doc.target === 'cypher' ? `Row ${ex.number}` : doc.format === 'mor-json' || doc.format === 'simgrag-json' ? `Example ${ex.number} (index ${ex.number - 1})` : `Example ${ex.number}`;
      for (const f of ex.output?.parseFindings ?? []) findings.push(/^(Example|Row) \d/.test(f.message) ? f : { ...f, message: `${label}: ${f.message}` });
    }
    let schema = opts.schema;
    if (doc.schemaRef) {
      const loaded = opts.loadSchema?.(doc.schemaRef.value);
      if (loaded) schema ??= loaded;
      else if (opts.loadSchema) findings.push({ start: doc.schemaRef.span.start, end: doc.schemaRef.span.end, severity: 'warning', code: FEWSHOT_CODES.schemaRef, message: `Cannot read the schema "${doc.schemaRef.value}".` });
    }
    const o: FewShotCheckOptions = { ...opts, ...(schema ? { schema } : {}) };
    if (doc.target === 'simgrag') checkSimGragExamples(doc, schema, findings);
    if (doc.target === 'mor') checkMorExamples(doc, schema, findings);
    if (doc.target === 'kgp') checkKgpExamples(doc, schema, findings);
    if (doc.target === 'stem') checkStemExamples(doc, schema, findings);
    if (doc.target === 'cypher' && !opts.skipCypherLint) checkCypherExamples(doc, o, findings);
    checkFile(doc, o, findings);
    const diagnostics = findings
      .sort((a, b) => a.start - b.start || a.end - b.end)
      .map((f) => ({ range: lines.rangeOf(f.start, Math.max(f.end, f.start)), severity: f.severity, code: f.code, message: f.message }));
    return { document: doc, diagnostics };
  } catch (e) {
    // A bug in a reader must not take the editor or the CLI down.
    return { diagnostics: [{ range: lines.rangeOf(0, 0), severity: 'error', code: FEWSHOT_CODES.unknownFormat, message: `Internal error while checking this file: ${e instanceof Error ? e.message : String(e)}` }] };
  }
}
