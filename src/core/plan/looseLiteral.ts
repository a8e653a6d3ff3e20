/**
 * A tolerant reader for the literal text LLMs (and Python's `print`) produce: JSON, but also
 * Python literals — single-quoted strings, tuples `('h', 'r', 't')`, True/False/None, trailing
 * commas — and the usual defects: an apostrophe left unescaped inside a single-quoted string
 * (`'Schindler's List'`), a missing comma, an unquoted word. Every value keeps its offsets so a
 * finding can point into the text; it never throws.
 */
import type { Severity } from '../diagnostics';
import type { JsonPath } from '../schema/jsonDocument';

interface Span {
  /** Offset of the first character in the parsed text. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

export type LooseNode =
  | (Span & { readonly kind: 'string'; readonly value: string; readonly quote: "'" | '"'; /** value offsets map 1:1 to text (no escapes) */ readonly plain: boolean })
  | (Span & { readonly kind: 'number'; readonly value: number })
  | (Span & { readonly kind: 'boolean'; readonly value: boolean })
  | (Span & { readonly kind: 'null' })
  /** An unquoted word where a value was expected; kept as text so the caller can still use it. */
  | (Span & { readonly kind: 'bare'; readonly value: string })
  | (Span & { readonly kind: 'list'; readonly items: readonly LooseNode[]; readonly tuple: boolean })
  | (Span & { readonly kind: 'dict'; readonly entries: readonly { readonly key: LooseNode; readonly value: LooseNode }[] });

/** A finding located by offsets in the text given to the parser. */
export interface OffsetDiagnostic {
  readonly start: number;
  readonly end: number;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
}

export const LOOSE_CODES = {
  syntax: 'literal-syntax',
  unterminatedString: 'literal-unterminated-string',
  unescapedQuote: 'literal-unescaped-quote',
  bareWord: 'literal-bare-word',
  trailingText: 'literal-trailing-text',
} as const;

export interface LooseParseResult {
  readonly node?: LooseNode;
  readonly diagnostics: OffsetDiagnostic[];
  /** Offset just past the parsed value (and following whitespace). */
  readonly end: number;
}

/**
 * Parses one literal value from `text`, starting at `start`. With `allowTrailing`, text after the
 * value is left for the caller; otherwise it is reported.
 */
export function parseLooseLiteral(text: string, start = 0, opts: { allowTrailing?: boolean } = {}): LooseParseResult {
  const p = new LooseParser(text, start);
  p.skipSpace();
  if (p.pos >= text.length) {
    p.report(text.length, text.length, 'error', LOOSE_CODES.syntax, 'Expected a value, found the end of the text.');
    return { diagnostics: p.diagnostics, end: p.pos };
  }
  const node = p.value(0);
  p.skipSpace();
  if (!opts.allowTrailing && p.pos < text.length) {
    p.report(p.pos, text.length, 'warning', LOOSE_CODES.trailingText, 'Extra text after the value is ignored.');
  }
  return { node, diagnostics: p.diagnostics, end: p.pos };
}

/** The plain JavaScript value: tuples become arrays, bare words strings, dict keys strings. */
export function looseToPlain(node: LooseNode): unknown {
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bare':
      return node.value;
    case 'null':
      return null;
    case 'list':
      return node.items.map(looseToPlain);
    case 'dict': {
      const out: Record<string, unknown> = {};
      for (const e of node.entries) out[keyText(e.key)] = looseToPlain(e.value);
      return out;
    }
  }
}

function keyText(key: LooseNode): string {
  switch (key.kind) {
    case 'string':
    case 'bare':
      return key.value;
    case 'number':
    case 'boolean':
      return String(key.value);
    default:
      return '';
  }
}

/** The node at a path of dict keys and list indexes (the last duplicate key wins, like JSON.parse). */
export function looseNodeAt(root: LooseNode, path: JsonPath): LooseNode | undefined {
  let node: LooseNode | undefined = root;
  for (const seg of path) {
    if (node === undefined) return undefined;
    if (node.kind === 'list' && typeof seg === 'number') node = node.items[seg];
    else if (node.kind === 'dict') node = [...node.entries].reverse().find((e) => keyText(e.key) === String(seg))?.value;
    else return undefined;
  }
  return node;
}

/**
 * Offsets for a finding about the value at `path` (falling back to the nearest ancestor). With
 * `inner` (offsets inside a string's value) and a string written without escapes, the span is
 * narrowed to those characters.
 */
export function looseSpan(root: LooseNode, path: JsonPath, inner?: { start: number; end: number }): Span {
  for (let n = path.length; n >= 0; n--) {
    const node = looseNodeAt(root, path.slice(0, n));
    if (node === undefined) continue;
    if (n === path.length && inner !== undefined && node.kind === 'string' && node.plain) {
      return { start: node.start + 1 + inner.start, end: node.start + 1 + inner.end };
    }
    if (n === path.length && inner !== undefined && node.kind === 'bare') {
      return { start: node.start + inner.start, end: node.start + inner.end };
    }
    return { start: node.start, end: node.end };
  }
  return { start: root.start, end: root.end };
}

const CLOSERS = new Set([',', ')', ']', '}', ':']);
/** Backslash escapes with a one-character meaning (JSON's and Python's). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"', '/': '/', '0': '\0' };
const MAX_DEPTH = 200;

class LooseParser {
  pos: number;
  readonly diagnostics: OffsetDiagnostic[] = [];

  constructor(readonly text: string, start: number) {
    this.pos = start;
  }

  report(start: number, end: number, severity: Severity, code: string, message: string): void {
    // Clamped: a finding at the very end of the text (an unclosed bracket) stays inside it.
    const n = this.text.length;
    const s = Math.min(Math.max(start, 0), n);
    this.diagnostics.push({ start: s, end: Math.min(Math.max(end, s), n), severity, code, message });
  }

  skipSpace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '#') {
        // Python comment: to the end of the line.
        while (this.pos < t.length && t[this.pos] !== '\n') this.pos++;
      } else break;
    }
  }

  value(depth: number): LooseNode {
    const t = this.text;
    const start = this.pos;
    const c = t[this.pos];
    if (depth > MAX_DEPTH) {
      this.report(start, t.length, 'error', LOOSE_CODES.syntax, 'The value is nested too deeply.');
      this.pos = t.length;
      return { kind: 'null', start, end: start };
    }
    if (c === "'" || c === '"') return this.string(c);
    if (c === '[' || c === '(') return this.list(c, depth);
    if (c === '{') return this.dict(depth);
    const num = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(t.slice(this.pos, this.pos + 64));
    if (num) {
      this.pos += num[0].length;
      return { kind: 'number', value: Number(num[0]), start, end: this.pos };
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(t.slice(this.pos, this.pos + 64));
    if (word) {
      const w = word[0];
      if (w === 'True' || w === 'true' || w === 'False' || w === 'false') {
        this.pos += w.length;
        return { kind: 'boolean', value: w === 'True' || w === 'true', start, end: this.pos };
      }
      if (w === 'None' || w === 'null') {
        this.pos += w.length;
        return { kind: 'null', start, end: this.pos };
      }
    }
    // Anything else up to the next delimiter: an unquoted word (kept, reported).
    let end = this.pos;
    while (end < t.length && !CLOSERS.has(t[end]!) && t[end] !== '\n' && !'[({'.includes(t[end]!)) end++;
    let trimmed = end;
    while (trimmed > start && /\s/.test(t[trimmed - 1]!)) trimmed--;
    if (trimmed === start) {
      const found = start < t.length ? `'${t[start]}'` : 'the end of the text';
      this.report(start, Math.min(start + 1, t.length), 'error', LOOSE_CODES.syntax, `Expected a value, found ${found}.`);
      if (start < t.length && !',)]}'.includes(t[start]!)) this.pos = start + 1;
      return { kind: 'null', start, end: start };
    }
    this.pos = trimmed;
    const value = t.slice(start, trimmed);
    this.report(start, trimmed, 'warning', LOOSE_CODES.bareWord, `Unquoted text "${value}" read as a string; put it in quotes.`);
    return { kind: 'bare', value, start, end: trimmed };
  }

  string(quote: "'" | '"'): LooseNode {
    const t = this.text;
    const start = this.pos;
    this.pos++;
    // The value is built from runs of unescaped text (one slice per run), not character by
    // character: `value += c` makes a rope node per character, ~30 bytes each, which made a 22 MB
    // few-shot file's parse tree take 550 MB (issue 18).
    let value = '';
    let run = this.pos;
    let plain = true;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === '\\') {
        plain = false;
        value += t.slice(run, this.pos);
        const n = t[this.pos + 1];
        const simple = n === undefined ? undefined : SIMPLE_ESCAPES[n];
        if (simple !== undefined) {
          value += simple;
          this.pos += 2;
        } else if ((n === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(this.pos + 2, this.pos + 6))) || (n === 'x' && /^[0-9a-fA-F]{2}$/.test(t.slice(this.pos + 2, this.pos + 4)))) {
          const len = n === 'u' ? 4 : 2;
          value += String.fromCharCode(parseInt(t.slice(this.pos + 2, this.pos + 2 + len), 16));
          this.pos += 2 + len;
        } else {
          // Python keeps unknown escapes as written.
          value += c;
          this.pos += 1;
        }
        run = this.pos;
        continue;
      }
      if (c === '\n') break;
      if (c === quote) {
        // A quote followed by something that cannot follow a string is taken as part of it:
        // LLMs write 'Schindler's List'. (A real closing quote is followed by , ) ] } : or the end.)
        let k = this.pos + 1;
        while (k < t.length && (t[k] === ' ' || t[k] === '\t')) k++;
        const next = t[k];
        if (next === undefined || next === '\n' || next === '\r' || CLOSERS.has(next) || this.hasClosingLater(k, quote) === false) {
          value += t.slice(run, this.pos);
          this.pos++;
          return { kind: 'string', value, quote, plain, start, end: this.pos };
        }
        this.report(this.pos, this.pos + 1, 'warning', LOOSE_CODES.unescapedQuote, `Unescaped ${quote} inside a string read as part of it; write \\${quote}.`);
        // The quote stays in the current run of text.
        this.pos++;
        continue;
      }
      this.pos++;
    }
    value += t.slice(run, this.pos);
    this.report(start, this.pos, 'error', LOOSE_CODES.unterminatedString, `Unterminated string: a closing ${quote} is missing.`);
    return { kind: 'string', value, quote, plain, start, end: this.pos };
  }

  /** Whether another `quote` occurs later on the same line (else this one must be the closer). */
  private hasClosingLater(from: number, quote: string): boolean {
    const t = this.text;
    for (let k = from; k < t.length && t[k] !== '\n'; k++) if (t[k] === quote) return true;
    return false;
  }

  list(open: '[' | '(', depth: number): LooseNode {
    const t = this.text;
    const start = this.pos;
    const close = open === '[' ? ']' : ')';
    this.pos++;
    const items: LooseNode[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= t.length) {
        this.report(start, start + 1, 'error', LOOSE_CODES.syntax, `'${open}' is never closed: expected '${close}'.`);
        break;
      }
      const c = t[this.pos]!;
      if (c === close) {
        this.pos++;
        break;
      }
      if (c === ']' || c === ')' || c === '}') {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, `Expected '${close}' to close the '${open}' at offset ${start}, found '${c}'.`);
        this.pos++;
        break;
      }
      if (c === ',') {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, 'Expected a value before \',\'.');
        this.pos++;
        continue;
      }
      items.push(this.value(depth + 1));
      this.skipSpace();
      const d = t[this.pos];
      if (d === ',') this.pos++;
      else if (d !== close && d !== undefined && !']})'.includes(d)) {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, `Expected ',' or '${close}'.`);
      }
    }
    return { kind: 'list', items, tuple: open === '(', start, end: this.pos };
  }

  dict(depth: number): LooseNode {
    const t = this.text;
    const start = this.pos;
    this.pos++;
    const entries: { key: LooseNode; value: LooseNode }[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= t.length) {
        this.report(start, start + 1, 'error', LOOSE_CODES.syntax, "'{' is never closed: expected '}'.");
        break;
      }
      const c = t[this.pos]!;
      if (c === '}') {
        this.pos++;
        break;
      }
      if (c === ']' || c === ')') {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, `Expected '}' to close the '{' at offset ${start}, found '${c}'.`);
        this.pos++;
        break;
      }
      if (c === ',') {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, "Expected a key before ','.");
        this.pos++;
        continue;
      }
      const key = this.value(depth + 1);
      this.skipSpace();
      let value: LooseNode;
      if (t[this.pos] === ':') {
        this.pos++;
        this.skipSpace();
        value = this.value(depth + 1);
      } else {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, "Expected ':' after the key.");
        value = { kind: 'null', start: this.pos, end: this.pos };
      }
      entries.push({ key, value });
      this.skipSpace();
      const d = t[this.pos];
      if (d === ',') this.pos++;
      else if (d !== '}' && d !== undefined && !'])'.includes(d)) {
        this.report(this.pos, this.pos + 1, 'error', LOOSE_CODES.syntax, "Expected ',' or '}'.");
      }
    }
    return { kind: 'dict', entries, start, end: this.pos };
  }
}
