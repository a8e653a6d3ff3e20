/** CSV few-shot files read with the one CSV reader (core/csv.ts); its syntax problems become findings. */
import { csvRecords, type CsvRecord } from '../csv';
import type { OffsetFinding } from './model';

export type { CsvRecord };

export interface CsvResult {
  readonly records: readonly CsvRecord[];
  readonly findings: readonly OffsetFinding[];
}

export function readCsv(text: string, delimiter = ','): CsvResult {
  const records: CsvRecord[] = [];
  const findings: OffsetFinding[] = [];
  for (const r of csvRecords(text, delimiter)) {
    records.push(r);
    for (const p of r.problems) findings.push({ start: p.start, end: p.end, severity: 'error', code: 'fewshot-file-syntax', message: `CSV: ${p.message}.` });
  }
  return { records, findings };
}
