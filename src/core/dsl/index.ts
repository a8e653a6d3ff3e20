/** The kgplan DSL: syntax tree, lexer, parser (and, built on them, printer, formatter, DSL ↔ IR). */
export * from './ast';
export { SYNTAX } from './codes';
export { lex, isBareIdentifier, type Token, type TokenKind, type LexResult } from './lexer';
export { parseDocument, type ParseResult } from './parser';
