// RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. Small enough not to need
// a dependency; it reports the line each record starts on and unterminated quotes as errors.

export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
  readonly error?: string;
  readonly raw: string;
}

export function* parseCsv(text: string, delimiter = ','): Generator<CsvRow> {
  let i = 0;
  let line = 1;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // byte order mark
  while (i < n) {
    const startLine = line;
    const start = i;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let error: string | undefined;
    for (;;) {
      if (i >= n) {
        if (quoted) error = 'unterminated quoted field';
        fields.push(field);
        break;
      }
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            i++;
          }
        } else {
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
        continue;
      }
      if (ch === '"' && field.length === 0) {
        quoted = true;
        i++;
      } else if (ch === delimiter) {
        fields.push(field);
        field = '';
        i++;
      } else if (ch === '\n' || ch === '\r') {
        fields.push(field);
        i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        break;
      } else {
        field += ch;
        i++;
      }
    }
    const raw = text.slice(start, i).replace(/\r?\n$/, '');
    if (fields.length === 1 && fields[0] === '' && !error) continue; // blank line
    yield error ? { line: startLine, fields, error, raw } : { line: startLine, fields, raw };
  }
}

/** One CSV field as the engine's COPY reads it back exactly (always quoted). */
export function csvField(value: string): string {
  return '"' + value.replace(/"/g, '""') + '"';
}
