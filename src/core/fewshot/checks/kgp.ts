/**
 * kgp outputs are checked by the plan checker the editor runs on .kgp files (core/check): schema
 * labels, relations, directions, hop limits… Its findings are moved from the output text into the
 * file, with their own KGP codes.
 */
import { checkAst } from '../../check';
import { parseDocument } from '../../dsl';
import type { GraphSchema } from '../../schema/graphSchema';
import { LineIndex } from '../../text';
import type { FewShotDocument, OffsetFinding } from '../model';

export function checkKgpExamples(doc: FewShotDocument, schema: GraphSchema | undefined, out: OffsetFinding[]): void {
  for (const ex of doc.examples) {
    if (ex.output?.kind !== 'kgp') continue;
    const src = ex.output.source;
    const { document } = parseDocument(src.value);
    const lines = new LineIndex(src.value);
    const toFile = src.map ?? ((i: number) => src.span.start + i);
    for (const d of checkAst(document, schema ? { schema } : {})) {
      const s = lines.offsetAt(d.range.start);
      const e = Math.max(s + 1, lines.offsetAt(d.range.end));
      out.push({ start: toFile(s), end: toFile(e - 1) + 1, severity: d.severity, code: d.code, message: `Example ${ex.number}: ${d.message}` });
    }
  }
}
