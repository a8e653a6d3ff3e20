/**
 * A parsed JSON text that can answer "where in the text is this value?", so that every finding
 * about a JSON file (a JSON Schema violation, an unknown label) gets the exact range of the value
 * it is about. Parsing uses jsonc-parser: it is error-tolerant, keeps offsets on every node and
 * never throws.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Severity } from '../diagnostics';
import { LineIndex, type Range } from '../text';

export type JsonPath = readonly (string | number)[];

/** What jsonc-parser calls its error codes, in words for people. */
const PARSE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: "Expected ':'",
  CommaExpected: "Expected ','",
  CloseBraceExpected: "Expected '}'",
  CloseBracketExpected: "Expected ']'",
  EndOfFileExpected: 'Expected the end of the file',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character in string',
};

export class JsonDocument {
  readonly lines: LineIndex;
  readonly root: Node | undefined;
  readonly syntaxErrors: readonly ParseError[];

  constructor(readonly text: string) {
    this.lines = new LineIndex(text);
    const errors: ParseError[] = [];
    // Comments and trailing commas are errors: the file must stay plain JSON for other tools.
    this.root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true });
    this.syntaxErrors = errors;
  }

  /**
   * The first syntax error as a diagnostic at its position. The ones after it are usually
   * consequences of the first (jsonc-parser resynchronises), so they are left out.
   */
  syntaxDiagnostics(code: string): Diagnostic[] {
    return this.syntaxErrors.slice(0, 1).map((e) => {
      const name = printParseErrorCode(e.error);
      const message = `JSON syntax error: ${PARSE_ERROR_MESSAGES[name] ?? name}`;
      return this.diagnosticAt(e.offset, e.offset + Math.max(e.length, 1), 'error', code, message);
    });
  }

  nodeAt(path: JsonPath): Node | undefined {
    return this.root === undefined ? undefined : findNodeAtLocation(this.root, [...path]);
  }

  /**
   * The range of the value at `path`; with `key: true`, the range of its property name instead
   * (shorter and more useful when the whole object is at fault). Falls back to the nearest
   * ancestor that exists, then to the start of the text.
   */
  rangeOf(path: JsonPath, opts: { key?: boolean } = {}): Range {
    for (let n = path.length; n >= 0; n--) {
      const node = this.nodeAt(path.slice(0, n));
      if (node === undefined) continue;
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      const target = (opts.key || n < path.length) && keyNode !== undefined ? keyNode : node;
      return this.lines.rangeOf(target.offset, target.offset + target.length);
    }
    return this.lines.rangeOf(0, Math.min(1, this.text.length));
  }

  /** The range of the key `name` inside the object at `path` (for "unknown property" findings). */
  rangeOfKey(path: JsonPath, name: string): Range {
    const obj = this.nodeAt(path);
    const prop = obj?.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === name);
    const key = prop?.children?.[0];
    return key !== undefined ? this.lines.rangeOf(key.offset, key.offset + key.length) : this.rangeOf(path, { key: true });
  }

  /** Keys that occur twice in one object: JSON.parse keeps the last silently, we report them. */
  duplicateKeys(): { path: JsonPath; name: string; range: Range }[] {
    const out: { path: JsonPath; name: string; range: Range }[] = [];
    const walk = (node: Node, path: (string | number)[]): void => {
      if (node.type === 'object') {
        const seen = new Set<string>();
        for (const prop of node.children ?? []) {
          const key = prop.children?.[0];
          const value = prop.children?.[1];
          if (key === undefined || typeof key.value !== 'string') continue;
          if (seen.has(key.value)) out.push({ path, name: key.value, range: this.lines.rangeOf(key.offset, key.offset + key.length) });
          seen.add(key.value);
          if (value !== undefined) walk(value, [...path, key.value]);
        }
      } else if (node.type === 'array') {
        (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
      }
    };
    if (this.root !== undefined) walk(this.root, []);
    return out;
  }

  diagnosticAt(start: number, end: number, severity: Severity, code: string, message: string): Diagnostic {
    return { range: this.lines.rangeOf(start, end), severity, code, message };
  }
}

/** Splits an ajv instancePath (a JSON Pointer, "/labels/Movie/aliases/0") into path segments. */
export function pointerToPath(pointer: string, numericWhere: (prefix: JsonPath) => boolean): JsonPath {
  if (pointer === '') return [];
  const out: (string | number)[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out.push(/^\d+$/.test(seg) && numericWhere(out) ? Number(seg) : seg);
  }
  return out;
}
