/**
 * The formatter: canonical layout (the printer's) with every comment kept.
 *
 * Layout is line based: a schema line, a plan header, one line per clause, one line per pattern,
 * the closing brace. Each comment goes with one of those lines:
 *   - a comment before a line (not on the previous line's last row) is printed above it, same indent;
 *   - a comment on the same row as a line's end, or inside a line (between its tokens), is printed
 *     after the line.
 * One blank line is kept where the source had one or more; top-level items are always separated by
 * one. A text with syntax errors is returned unchanged: formatting must never lose text.
 * Formatting twice gives the same text (tested, also by the fuzz test).
 */
import type { KgpDocument } from './ast';
import { parseDocument } from './parser';
import { INDENT, printClauseHead, printPattern, printGraphDecl, printPlanHeader, printSchemaDecl } from './printer';

interface Line {
  readonly start: number;
  readonly end: number;
  /** Row (zero-based line) of `end`, for trailing comments. */
  readonly endLine: number;
  readonly indent: number;
  readonly text: string;
  /** Starts a top-level item: always preceded by a blank line (except the first). */
  readonly topLevel: boolean;
  /** A plan header: no blank line directly after it. */
  readonly isHeader: boolean;
  /** A closing brace: no blank line directly before it. */
  readonly isClose: boolean;
  /** Comments above a closing brace are indented like the body. */
  readonly leadingIndent: number;
}

export interface FormatOptions {
  /** Line ending of the output (default "\n"). */
  readonly eol?: '\n' | '\r\n';
}

export function formatDocument(text: string, options: FormatOptions = {}): string {
  const { document, diagnostics } = parseDocument(text);
  if (diagnostics.some((d) => d.severity === 'error')) return text;
  const out = formatParsed(text, document);
  return options.eol === '\r\n' ? out.replace(/\n/g, '\r\n') : out;
}

/** Formats an already parsed, error-free document (`text` is its source). */
export function formatParsed(text: string, doc: KgpDocument): string {
  const lines = layout(doc);
  const comments = doc.comments;
  const out: string[] = [];
  let ci = 0;
  let prevEnd = 0; // source offset of the end of the last thing printed
  let prevWasHeader = false;

  const blankBetween = (from: number, to: number): boolean => {
    let newlines = 0;
    for (let k = from; k < to; k++) if (text.charCodeAt(k) === 10 && ++newlines >= 2) return true;
    return false;
  };
  /** Blank line before a row: forced between top-level items, else kept from the source. */
  const row = (content: string, start: number, end: number, forceBlank: boolean, noBlank: boolean, isHeader: boolean): void => {
    if (out.length > 0 && (forceBlank || (!noBlank && !prevWasHeader && blankBetween(prevEnd, start)))) out.push('');
    out.push(content);
    prevEnd = end;
    prevWasHeader = isHeader;
  };

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    let firstOfGroup = true;
    while (ci < comments.length && comments[ci]!.start < line.start) {
      const c = comments[ci++]!;
      row(INDENT.repeat(line.leadingIndent) + c.text, c.start, c.end, firstOfGroup && line.topLevel, false, false);
      firstOfGroup = false;
    }
    // comments inside the line, or after it on the same row (before the next line starts)
    const blocks: string[] = [];
    const lineComments: string[] = [];
    let end = line.end;
    const nextStart = li + 1 < lines.length ? lines[li + 1]!.start : Number.POSITIVE_INFINITY;
    while (ci < comments.length) {
      const c = comments[ci]!;
      const inside = c.start < line.end;
      const sameRow = c.range.start.line === line.endLine && c.start < nextStart;
      if (!inside && !sameRow) break;
      (c.block ? blocks : lineComments).push(c.text);
      end = Math.max(end, c.end);
      ci++;
    }
    // Block comments first, then the line comments (merged: nothing may follow a line comment).
    let content = INDENT.repeat(line.indent) + line.text;
    if (blocks.length > 0) content += ' ' + blocks.join(' ');
    if (lineComments.length > 0) content += ' ' + lineComments.join(' ');
    row(content, line.start, end, firstOfGroup && line.topLevel, line.isClose, line.isHeader);
  }
  while (ci < comments.length) {
    const c = comments[ci++]!;
    row(c.text, c.start, c.end, false, false, false);
  }
  return out.length === 0 ? '' : out.join('\n') + '\n';
}

function layout(doc: KgpDocument): Line[] {
  const lines: Line[] = [];
  const add = (start: number, end: number, endLine: number, indent: number, text: string, extra: Partial<Pick<Line, 'topLevel' | 'isHeader' | 'isClose' | 'leadingIndent'>> = {}): void => {
    lines.push({ start, end, endLine, indent, text, topLevel: false, isHeader: false, isClose: false, leadingIndent: indent, ...extra });
  };
  doc.items.forEach((item, index) => {
    const topLevel = index > 0;
    if (item.kind === 'Schema') {
      add(item.start, item.end, item.range.end.line, 0, printSchemaDecl(item), { topLevel });
      return;
    }
    if (item.kind === 'Graph') {
      add(item.start, item.end, item.range.end.line, 0, printGraphDecl(item), { topLevel });
      return;
    }
    const headerEnd = item.openBrace ?? item.name;
    add(item.start, headerEnd ? headerEnd.end : item.start + 4, headerEnd ? headerEnd.range.end.line : item.keyword.end.line, 0, printPlanHeader(item), { topLevel, isHeader: true });
    for (const c of item.clauses) {
      if (c.kind === 'Match') {
        add(c.start, c.start + 5, c.keyword.end.line, 1, printClauseHead(c));
        for (const p of c.patterns) add(p.start, p.end, p.range.end.line, 2, printPattern(p));
      } else add(c.start, c.end, c.range.end.line, 1, printClauseHead(c));
    }
    const close = item.closeBrace;
    if (close) add(close.start, close.end, close.range.end.line, 0, '}', { isClose: true, leadingIndent: 1 });
    else add(item.end, item.end, item.range.end.line, 0, '}', { isClose: true, leadingIndent: 1 });
  });
  return lines;
}
