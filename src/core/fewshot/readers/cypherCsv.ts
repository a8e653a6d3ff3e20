/**
 * Question→Cypher pairs in CSV (text2cypher's layout: question, cypher, and optional columns such
 * as database, syntax_error, false_schema). Header names are matched case-insensitively.
 */
import type { FewShotDocument, FewShotExample, OffsetFinding } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { readCsv } from '../csv';

const QUESTION = ['question', 'query_text', 'nl', 'input'];
const CYPHER = ['cypher', 'query', 'output'];

export function looksLikeCypherCsv(text: string): boolean {
  const first = text.slice(0, text.search(/\r?\n/) >>> 0).toLowerCase();
  return /(^|,)"?cypher"?(,|$)/.test(first);
}

export function readCypherCsv(text: string): FewShotDocument {
  const { records, findings: csvFindings } = readCsv(text);
  const findings: OffsetFinding[] = [...csvFindings];
  const header = records[0];
  if (!header) return { format: 'cypher-csv', target: 'cypher', examples: [], findings, isPrompt: false };
  const names = header.fields.map((f) => f.value.trim().toLowerCase());
  const qi = names.findIndex((n) => QUESTION.includes(n));
  const ci = names.findIndex((n) => CYPHER.includes(n) && n !== names[qi]);
  if (ci < 0) {
    findings.push({ start: header.start, end: header.end, severity: 'error', code: FEWSHOT_CODES.csvColumns, message: `No Cypher column: expected a header with "cypher" (found ${names.join(', ')}).` });
    return { format: 'cypher-csv', target: 'cypher', examples: [], findings, isPrompt: false };
  }
  const di = names.indexOf('database');
  const examples: FewShotExample[] = [];
  records.slice(1).forEach((rec, i) => {
    const number = i + 1;
    if (rec.fields.length !== names.length) {
      findings.push({ start: rec.start, end: Math.max(rec.end, rec.start + 1), severity: 'error', code: FEWSHOT_CODES.csvColumns, message: `Row ${number} has ${rec.fields.length} fields; the header has ${names.length}.` });
    }
    const query = rec.fields[ci];
    const question = qi >= 0 ? rec.fields[qi] : undefined;
    const labels: Record<string, string> = {};
    rec.fields.forEach((f, k) => {
      if (k !== ci && k !== qi && names[k]) labels[names[k]!] = f.value;
    });
    const db = di >= 0 ? rec.fields[di]?.value : undefined;
    examples.push({
      number,
      span: { start: rec.start, end: rec.end },
      ...(question ? { question } : {}),
      ...(query && query.value.trim() !== ''
        ? { output: { kind: 'cypher' as const, span: query.span, query, ...(db ? { database: db } : {}), parseFindings: [] } }
        : {}),
      labels,
    });
    if (!query || query.value.trim() === '') findings.push({ start: rec.start, end: Math.max(rec.end, rec.start + 1), severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Row ${number} has no Cypher.` });
  });
  return { format: 'cypher-csv', target: 'cypher', examples, findings, isPrompt: false };
}
