/**
 * STEM few-shot examples: the checks of plan/stem.ts (placeholders copied verbatim and
 * consistent, one triple per assertion, Precision/Breadth, relation symbols in the schema with the
 * nearest names) at the exact place in the file.
 */
import type { SourceDiagnostic } from '../../plan/planDiagnostics';
import { checkStemPlanning, readStemPlanning } from '../../plan/stem';
import type { GraphSchema } from '../../schema/graphSchema';
import type { FewShotDocument, OffsetFinding, Span } from '../model';

export function checkStemExamples(doc: FewShotDocument, schema: GraphSchema | undefined, findings: OffsetFinding[]): void {
  const relations = schema?.relationshipTypes.map((r) => r.name);
  for (const ex of doc.examples) {
    const out = ex.output;
    if (out?.kind !== 'stem') continue;
    const read = readStemPlanning(out.value);
    const diags: SourceDiagnostic[] = [...read.diagnostics, ...(read.planning ? checkStemPlanning(read.planning, relations) : [])];
    for (const d of diags) {
      const at = out.locate(d.path) ?? out.locate(d.path.slice(0, -1)) ?? out.span;
      let span: Span = 'span' in at ? at.span : at;
      if (d.inner && 'value' in at) {
        const map = at.map ?? ((i: number) => at.span.start + i);
        span = { start: map(d.inner.start), end: map(Math.max(d.inner.start, d.inner.end - 1)) + 1 };
      }
      findings.push({ start: span.start, end: span.end, severity: d.severity, code: d.code, message: `Example ${ex.number}: ${d.message}` });
    }
  }
}
