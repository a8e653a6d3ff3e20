// Format readers: text → node/edge records + bad lines with their line numbers. They never throw.
import { readChunks } from '../../boundedRead';
import { csvRecords } from '../../csv';
import { shorten, type BadLine, type ImportFormat, type ImportRecord, type ReadResult } from './records';

function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines[0]?.charCodeAt(0) === 0xfeff) lines[0] = lines[0].slice(1);
  return lines;
}

interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
  readonly error?: string;
  readonly raw: string;
}

/** CSV records as import rows: values, the line each starts on, its first syntax problem. */
function* csvRows(text: string): Generator<CsvRow> {
  for (const r of csvRecords(text)) {
    const row = { line: r.line, fields: r.fields.map((f) => f.value), raw: text.slice(r.start, r.end) };
    yield r.problems.length > 0 ? { ...row, error: r.problems[0]!.message } : row;
  }
}

/** `head|relation|tail` (MetaQA kb.txt) or, with a tab separator, TSV triples. */
export function readTriples(text: string, file: string, separator: '|' | '\t', lineOffset = 0): ReadResult {
  const records: ImportRecord[] = [];
  const bad: BadLine[] = [];
  const lines = splitLines(text);
  const shape = separator === '|' ? 'head|relation|tail' : 'head<TAB>relation<TAB>tail';
  lines.forEach((raw, i) => {
    const line = i + 1 + lineOffset;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const parts = raw.split(separator);
    if (parts.length !== 3) {
      bad.push({ file, line, message: `expected ${shape}, found ${parts.length} field${parts.length === 1 ? '' : 's'}`, text: shorten(raw) });
      return;
    }
    const [head, relation, tail] = parts.map((p) => p.trim()) as [string, string, string];
    const empty = [head ? '' : 'head', relation ? '' : 'relation', tail ? '' : 'tail'].filter(Boolean);
    if (empty.length > 0) {
      bad.push({ file, line, message: `empty ${empty.join(' and ')}`, text: shorten(raw) });
      return;
    }
    records.push({ kind: 'edge', line, source: { ref: head }, target: { ref: tail }, type: relation });
  });
  return { records, bad, lines: lines.length };
}

const NAME_COLUMNS = ['name', ':name'];
const ID_COLUMNS = ['id', ':id'];
const LABEL_COLUMNS = ['label', ':label', 'labels'];
const SOURCE_COLUMNS = ['source', ':start_id', 'from', 'start', 'head'];
const TARGET_COLUMNS = ['target', ':end_id', 'to', 'end', 'tail'];
const TYPE_COLUMNS = ['type', ':type', 'relation', 'relationship'];

function columnIndex(header: readonly string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(h.trim().toLowerCase()));
}

interface CsvLayout {
  readonly header: readonly string[];
  readonly isEdges: boolean;
  readonly src: number;
  readonly dst: number;
  readonly typ: number;
  readonly name: number;
  readonly srcLabel: number;
  readonly dstLabel: number;
  readonly id: number;
  readonly label: number;
  readonly propertyColumns: readonly { readonly h: string; readonly i: number }[];
}

/** The header row's meaning, or why it cannot be imported. */
function csvLayout(header: readonly string[]): CsvLayout | string {
  const src = columnIndex(header, SOURCE_COLUMNS);
  const dst = columnIndex(header, TARGET_COLUMNS);
  const typ = columnIndex(header, TYPE_COLUMNS);
  const isEdges = src >= 0 && dst >= 0;
  const name = columnIndex(header, NAME_COLUMNS);
  if (isEdges && typ < 0) return 'edge CSV header needs a type column (type, relation or :TYPE)';
  if (!isEdges && name < 0) return 'CSV header needs either a name column (nodes) or source, target and type columns (edges)';
  const id = columnIndex(header, ID_COLUMNS);
  const label = columnIndex(header, LABEL_COLUMNS);
  const propertyColumns = header
    .map((h, i) => ({ h, i }))
    .filter(({ i }) => ![name, id, label].includes(i))
    .filter(({ h }) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(h));
  return { header, isEdges, src, dst, typ, name, srcLabel: columnIndex(header, ['source_label', 'from_label', 'start_label']), dstLabel: columnIndex(header, ['target_label', 'to_label', 'end_label']), id, label, propertyColumns };
}

/**
 * Node CSV (header with `name`, optional `id`, `label`, other columns become string properties) or
 * edge CSV (header with `source`, `target`, `type`, optional `source_label`, `target_label`).
 * Fed one chunk of whole records at a time (readChunks cuts outside quotes); the first chunk holds the header.
 */
export class CsvReader {
  private layout?: CsvLayout;
  /** Set once the header is rejected: the rest of the file is not read. */
  private rejected = false;
  constructor(private readonly file: string) {}

  feed(text: string, lineOffset = 0): ReadResult {
    const file = this.file;
    const records: ImportRecord[] = [];
    const bad: BadLine[] = [];
    const rows = csvRows(text);
    let lines = 0;
    if (this.rejected) return { records, bad, lines };
    if (!this.layout) {
      const first = rows.next();
      if (first.done) return { records, bad, lines: 0 };
      lines = first.value.line;
      const layout = csvLayout(first.value.fields.map((h) => h.trim()));
      if (typeof layout === 'string') {
        this.rejected = true;
        bad.push({ file, line: first.value.line + lineOffset, message: layout, text: shorten(first.value.raw) });
        return { records, bad, lines };
      }
      this.layout = layout;
    }
    const { header, isEdges, src, dst, typ, name, srcLabel, dstLabel, id, label, propertyColumns } = this.layout;
    for (const row of rows) {
      lines = row.line;
      const line = row.line + lineOffset;
      const report = (message: string) => bad.push({ file, line, message, text: shorten(row.raw) });
      if (row.error) {
        report(row.error);
        continue;
      }
      if (row.fields.length !== header.length) {
        report(`expected ${header.length} fields as in the header, found ${row.fields.length}`);
        continue;
      }
      const f = (i: number) => (i >= 0 ? row.fields[i]!.trim() : '');
      if (isEdges) {
        const [s, t, ty] = [f(src), f(dst), f(typ)];
        if (!s || !t || !ty) {
          report(`empty ${[s ? '' : 'source', t ? '' : 'target', ty ? '' : 'type'].filter(Boolean).join(' and ')}`);
          continue;
        }
        records.push({
          kind: 'edge',
          line,
          source: f(srcLabel) ? { ref: s, label: f(srcLabel) } : { ref: s },
          target: f(dstLabel) ? { ref: t, label: f(dstLabel) } : { ref: t },
          type: ty,
        });
      } else {
        const n = f(name);
        if (!n) {
          report('empty name');
          continue;
        }
        const properties: Record<string, string> = {};
        for (const { h, i } of propertyColumns) if (row.fields[i] !== '') properties[h] = row.fields[i]!;
        records.push({
          kind: 'node',
          line,
          name: n,
          ...(f(label) ? { label: f(label) } : {}),
          ...(f(id) ? { id: f(id) } : {}),
          ...(Object.keys(properties).length > 0 ? { properties } : {}),
        });
      }
    }
    return { records, bad, lines };
  }
}

/** A whole CSV text (see CsvReader). */
export function readCsv(text: string, file: string): ReadResult {
  return new CsvReader(file).feed(text);
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/**
 * JSON lines, one object per line: a triple `{head, relation, tail}`, a node `{name, label?, id?,
 * properties?}` or an edge `{source, target, type, source_label?, target_label?}`.
 */
export function readJsonl(text: string, file: string, lineOffset = 0): ReadResult {
  const records: ImportRecord[] = [];
  const bad: BadLine[] = [];
  const lines = splitLines(text);
  lines.forEach((raw, i) => {
    const line = i + 1 + lineOffset;
    if (raw.trim() === '') return;
    const report = (message: string) => bad.push({ file, line, message, text: shorten(raw) });
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch (e) {
      report(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      report('expected a JSON object');
      return;
    }
    const o = v as Record<string, unknown>;
    if ('head' in o || 'relation' in o || 'tail' in o) {
      const [h, r, t] = [str(o.head), str(o.relation), str(o.tail)];
      if (!h || !r || !t) return void report('a triple needs non-empty head, relation and tail');
      records.push({ kind: 'edge', line, source: { ref: h }, target: { ref: t }, type: r });
    } else if ('source' in o || 'target' in o) {
      const [s, t, ty] = [str(o.source), str(o.target), str(o.type) ?? str(o.relation)];
      if (!s || !t || !ty) return void report('an edge needs non-empty source, target and type');
      const sl = str(o.source_label);
      const tl = str(o.target_label);
      records.push({ kind: 'edge', line, source: sl ? { ref: s, label: sl } : { ref: s }, target: tl ? { ref: t, label: tl } : { ref: t }, type: ty });
    } else if ('name' in o) {
      const n = str(o.name);
      if (!n) return void report('a node needs a non-empty name');
      const label = str(o.label) ?? (Array.isArray(o.labels) ? str(o.labels[0]) : undefined);
      const id = str(o.id);
      let properties: Record<string, string> | undefined;
      if (o.properties !== undefined) {
        if (typeof o.properties !== 'object' || o.properties === null || Array.isArray(o.properties)) return void report('properties must be an object');
        properties = {};
        for (const [k, val] of Object.entries(o.properties)) {
          if (val === null || val === undefined) continue;
          properties[k] = typeof val === 'string' ? val : JSON.stringify(val);
        }
      }
      records.push({ kind: 'node', line, name: n, ...(label ? { label } : {}), ...(id ? { id } : {}), ...(properties ? { properties } : {}) });
    } else {
      report('expected a triple {head, relation, tail}, a node {name, …} or an edge {source, target, type}');
    }
  });
  return { records, bad, lines: lines.length };
}

/** One stretch of a streamed file: its records and bad lines, and the last line it reached. */
export interface StreamedRead extends ReadResult {
  /** Absolute one-based line number of the last line read so far. */
  readonly lastLine: number;
  readonly bytesRead: number;
  readonly size: number;
}

/**
 * Reads a graph file in chunks (no whole-file string; no size cap but the disk). Yields after each
 * chunk; a caller that keeps no records holds one chunk at a time. Throws FileReadError.
 */
export async function* streamRecords(path: string, format: ImportFormat, chunkBytes?: number): AsyncGenerator<StreamedRead> {
  const csv = format === 'csv' ? new CsvReader(path) : undefined;
  for await (const c of readChunks(path, 'graph', { csvQuotes: format === 'csv', chunkBytes })) {
    const offset = c.firstLine - 1;
    const r = csv ? csv.feed(c.text, offset) : format === 'jsonl' ? readJsonl(c.text, path, offset) : readTriples(c.text, path, format === 'tsv' ? '\t' : '|', offset);
    yield { ...r, lastLine: offset + r.lines, bytesRead: c.bytesRead, size: c.size };
  }
}

export function readRecords(text: string, file: string, format: ImportFormat): ReadResult {
  switch (format) {
    case 'triples':
      return readTriples(text, file, '|');
    case 'tsv':
      return readTriples(text, file, '\t');
    case 'csv':
      return readCsv(text, file);
    case 'jsonl':
      return readJsonl(text, file);
  }
}

/** Guesses the format from the file name: .csv, .jsonl/.ndjson, .tsv, else triples. */
export function formatFromPath(path: string): ImportFormat {
  const p = path.toLowerCase();
  if (p.endsWith('.csv')) return 'csv';
  if (p.endsWith('.jsonl') || p.endsWith('.ndjson')) return 'jsonl';
  if (p.endsWith('.tsv')) return 'tsv';
  return 'triples';
}
