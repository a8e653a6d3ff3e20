/**
 * The one RFC 4180 reader (quoted fields may hold the delimiter, doubled quotes and line breaks),
 * used by few-shot files and graph imports. It keeps the offsets of every field: csv-parse and
 * papaparse report line numbers per record at best, and a finding inside a quoted multi-line
 * Cypher field needs the offset of each character (a doubled quote "" is one character of the
 * value). Records come one at a time, so a large import never holds them all. Never throws.
 */

export interface CsvField {
  readonly value: string;
  readonly span: { readonly start: number; readonly end: number };
  /** Maps an offset inside `value` to the file offset; absent when 1:1 from span.start. */
  readonly map?: (i: number) => number;
}

/** A defect of the CSV syntax itself, by offsets. */
export interface CsvProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface CsvRecord {
  readonly fields: readonly CsvField[];
  readonly start: number;
  readonly end: number;
  /** One-based line the record starts on. */
  readonly line: number;
  readonly problems: readonly CsvProblem[];
}

export function* csvRecords(text: string, delimiter = ','): Generator<CsvRecord> {
  let p = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let line = 1;
  let counted = 0; // line breaks are counted up to here
  const lineAt = (offset: number): number => {
    for (; counted < offset; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  while (p < n) {
    const recStart = p;
    const fields: CsvField[] = [];
    const problems: CsvProblem[] = [];
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
        if (!closed) problems.push({ start: fieldStart, end: n, message: 'a quoted field is not closed before the end of the file' });
        const stray = p;
        while (p < n && text[p] !== delimiter && text[p] !== '\n' && text[p] !== '\r') p++;
        if (p > stray) problems.push({ start: stray, end: p, message: 'text after a closing quote; quote the whole field and double inner quotes' });
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
    if (fields.length === 1 && fields[0]!.value === '' && recEnd === recStart) continue;
    yield { fields, start: recStart, end: recEnd, line: lineAt(recStart), problems };
  }
}
