/**
 * A small RFC 4180 reader that keeps the offsets of every field. csv-parse and papaparse report
 * line numbers per record at best, and a finding inside a quoted multi-line Cypher field needs the
 * offset of each character (a doubled quote "" is one character of the value). Never throws.
 */
import type { Located, OffsetFinding } from './model';

export interface CsvRecord {
  readonly fields: readonly Located<string>[];
  readonly start: number;
  readonly end: number;
}

export interface CsvResult {
  readonly records: readonly CsvRecord[];
  readonly findings: readonly OffsetFinding[];
}

export function readCsv(text: string, delimiter = ','): CsvResult {
  const records: CsvRecord[] = [];
  const findings: OffsetFinding[] = [];
  let p = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (p < n) {
    const recStart = p;
    const fields: Located<string>[] = [];
    for (;;) {
      const fieldStart = p;
      if (text[p] === '"') {
        const offsets: number[] = [];
        let value = '';
        p++;
        let closed = false;
        while (p < n) {
          if (text[p] === '"') {
            if (text[p + 1] === '"') {
              offsets.push(p);
              value += '"';
              p += 2;
              continue;
            }
            closed = true;
            p++;
            break;
          }
          offsets.push(p);
          value += text[p];
          p++;
        }
        if (!closed) findings.push({ start: fieldStart, end: n, severity: 'error', code: 'fewshot-file-syntax', message: 'CSV: a quoted field is not closed before the end of the file.' });
        const stray = p;
        while (p < n && text[p] !== delimiter && text[p] !== '\n' && text[p] !== '\r') p++;
        if (p > stray) findings.push({ start: stray, end: p, severity: 'error', code: 'fewshot-file-syntax', message: 'CSV: text after a closing quote; quote the whole field and double inner quotes.' });
        const last = p;
        fields.push({ value, span: { start: fieldStart, end: last }, map: (i) => (i < offsets.length ? offsets[Math.max(0, i)]! : Math.max(fieldStart + 1, last - 1)) });
      } else {
        while (p < n && text[p] !== delimiter && text[p] !== '\n' && text[p] !== '\r') p++;
        fields.push({ value: text.slice(fieldStart, p), span: { start: fieldStart, end: p } });
      }
      if (p < n && text[p] === delimiter) {
        p++;
        continue;
      }
      break;
    }
    const recEnd = p;
    if (text[p] === '\r') p++;
    if (text[p] === '\n') p++;
    // Blank lines are not records.
    if (!(fields.length === 1 && fields[0]!.value === '' && recEnd === recStart)) records.push({ fields, start: recStart, end: recEnd });
  }
  return { records, findings };
}
