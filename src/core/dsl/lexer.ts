/**
 * A linear, hand-written lexer: one pass over char codes, no regular expressions, positions tracked
 * as it goes (so ranges cost nothing later). It never throws; bad characters become diagnostics and
 * the scan continues.
 */
import type { Diagnostic } from '../diagnostics';
import type { Position } from '../text';
import type { Comment } from './ast';
import { SYNTAX } from './codes';

export type TokenKind =
  | 'ident' // bare identifier
  | 'quotedIdent' // `backtick identifier`
  | 'string'
  | 'number'
  | '('
  | ')'
  | '{'
  | '}'
  | '['
  | ']'
  | ':'
  | ','
  | '='
  | '-'
  | '<'
  | '>'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly startPos: Position;
  readonly endPos: Position;
  /** Identifier name / decoded string / number text. Empty for punctuation. */
  readonly value: string;
  /** A line break (or the start of the file) lies between the previous token and this one. */
  readonly lineStart: boolean;
}

export interface LexResult {
  readonly tokens: readonly Token[];
  readonly comments: readonly Comment[];
  readonly diagnostics: readonly Diagnostic[];
}

const PUNCT: Readonly<Record<number, TokenKind>> = {
  40: '(',
  41: ')',
  123: '{',
  125: '}',
  91: '[',
  93: ']',
  58: ':',
  44: ',',
  61: '=',
  45: '-',
  60: '<',
  62: '>',
};

export function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** True when `name` can be written without backticks. */
export function isBareIdentifier(name: string): boolean {
  if (name.length === 0 || !isIdentStart(name.charCodeAt(0))) return false;
  for (let i = 1; i < name.length; i++) if (!isIdentPart(name.charCodeAt(i))) return false;
  return true;
}

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  const n = text.length;
  let i = 0;
  let line = 0;
  let lineStartOffset = 0;
  let sawNewline = true;

  const pos = (offset: number): Position => ({ line, character: offset - lineStartOffset });
  const error = (code: string, message: string, s: number, sPos: Position, e: number): void => {
    diagnostics.push({ range: { start: sPos, end: pos(e) }, severity: 'error', code, message });
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    // whitespace
    if (c === 10) {
      i++;
      line++;
      lineStartOffset = i;
      sawNewline = true;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 0xfeff) {
      i++;
      continue;
    }
    const start = i;
    const startPos = pos(i);
    // comments
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      let e = i;
      if (e > start && text.charCodeAt(e - 1) === 13) e--; // keep CR out of the comment text
      comments.push({ kind: 'Comment', block: false, text: text.slice(start, e), start, end: e, range: { start: startPos, end: pos(e) } });
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      i += 2;
      let closed = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 42 && text.charCodeAt(i + 1) === 47) {
          i += 2;
          closed = true;
          break;
        }
        i++;
        if (d === 10) {
          line++;
          lineStartOffset = i;
        }
      }
      if (!closed) error(SYNTAX.unterminatedComment, "unterminated block comment: add '*/'", start, startPos, i);
      comments.push({ kind: 'Comment', block: true, text: text.slice(start, i), start, end: i, range: { start: startPos, end: pos(i) } });
      continue;
    }
    const lineStart: boolean = sawNewline;
    sawNewline = false;
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      tokens.push(token('ident', text.slice(start, i), start, i, startPos, pos(i), lineStart));
      continue;
    }
    if (isDigit(c)) {
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
        i += 2;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      }
      if (i < n && isIdentStart(text.charCodeAt(i))) {
        // `3rd`, `12abc`: a number glued to letters; consume it whole so one error covers it
        while (i < n && isIdentPart(text.charCodeAt(i))) i++;
        error(SYNTAX.badNumber, `'${text.slice(start, i)}' is not a number or a name (names start with a letter or '_')`, start, startPos, i);
      }
      tokens.push(token('number', text.slice(start, i), start, i, startPos, pos(i), lineStart));
      continue;
    }
    if (c === 34) {
      // "string" with \" \\ \n \t \r \uXXXX escapes; ends at the line's end when unterminated
      i++;
      let value = '';
      let chunk = i;
      let closed = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 34) {
          value += text.slice(chunk, i);
          i++;
          closed = true;
          break;
        }
        if (d === 10 || d === 13) break;
        if (d === 92) {
          value += text.slice(chunk, i);
          const esc = text.charCodeAt(i + 1);
          const escStart = i;
          const escPos = pos(i);
          if (esc === 34 || esc === 92 || esc === 47) {
            value += String.fromCharCode(esc);
            i += 2;
          } else if (esc === 110) {
            value += '\n';
            i += 2;
          } else if (esc === 116) {
            value += '\t';
            i += 2;
          } else if (esc === 114) {
            value += '\r';
            i += 2;
          } else if (esc === 117 && isHex4(text, i + 2)) {
            value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
            i += 6;
          } else if (esc === 10 || esc === 13 || Number.isNaN(esc)) {
            i += 1;
            chunk = i;
            continue;
          } else {
            i += 2;
            error(SYNTAX.badEscape, `unknown escape '\\${String.fromCharCode(esc)}' (use \\" \\\\ \\n \\t \\r or \\uXXXX)`, escStart, escPos, i);
            value += String.fromCharCode(esc);
          }
          chunk = i;
          continue;
        }
        i++;
      }
      if (!closed) {
        value += text.slice(chunk, i);
        error(SYNTAX.unterminatedString, 'unterminated string: add the closing \'"\'', start, startPos, i);
      }
      tokens.push(token('string', value, start, i, startPos, pos(i), lineStart));
      continue;
    }
    if (c === 96) {
      // `backtick identifier` on one line
      i++;
      while (i < n && text.charCodeAt(i) !== 96 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      const closed = text.charCodeAt(i) === 96;
      const name = text.slice(start + 1, i);
      if (closed) i++;
      else error(SYNTAX.unterminatedIdentifier, 'unterminated `identifier`: add the closing backtick', start, startPos, i);
      if (closed && name.length === 0) error(SYNTAX.emptyIdentifier, 'empty `` identifier', start, startPos, i);
      tokens.push(token('quotedIdent', name, start, i, startPos, pos(i), lineStart));
      continue;
    }
    const kind = PUNCT[c];
    if (kind !== undefined) {
      i++;
      tokens.push(token(kind, '', start, i, startPos, pos(i), lineStart));
      continue;
    }
    // Anything else: one diagnostic for the run of bad characters, then carry on.
    i++;
    if (c >= 0xd800 && c <= 0xdbff && i < n) i++; // keep surrogate pairs whole
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d <= 32 || isIdentPart(d) || PUNCT[d] !== undefined || d === 34 || d === 96 || d === 47) break;
      i++;
    }
    sawNewline = lineStart;
    const bad = text.slice(start, i);
    const hint = c === 39 ? " (strings use double quotes: \"…\")" : '';
    error(SYNTAX.unexpectedCharacter, `unexpected character${bad.length > 1 ? 's' : ''} '${bad}'${hint}`, start, startPos, i);
  }
  const endPos = pos(n);
  tokens.push({ kind: 'eof', start: n, end: n, startPos: endPos, endPos, value: '', lineStart: true });
  return { tokens, comments, diagnostics };
}

/** Tokens are made outside the scan loop: no closure per token. */
function token(kind: TokenKind, value: string, start: number, end: number, startPos: Position, endPos: Position, lineStart: boolean): Token {
  return { kind, start, end, startPos, endPos, value, lineStart };
}

function isHex4(text: string, at: number): boolean {
  if (at + 4 > text.length) return false;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    if (!(isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}
