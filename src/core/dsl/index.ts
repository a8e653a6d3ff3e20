/** The kgplan DSL: syntax tree, lexer, parser, printer, formatter and DSL ↔ IR. Grammar: docs/dsl.md. */
export * from './ast';
export { SYNTAX } from './codes';
export { lex, isBareIdentifier, type Token, type TokenKind, type LexResult } from './lexer';
export { parseDocument, type ParseResult } from './parser';
export { printDocument, printPlan, printPattern, printNode, printEdge, printName, printString } from './printer';
export { formatDocument, formatParsed, type FormatOptions } from './format';
export { toPlanningGraphs, compilePlans, compilePlan, pinnedGraph, strategyOf, usingMeaning, isCount, isMatchSemantics, type CompiledPlan, type PlanSourceMap } from './toIR';
export { printPlanningGraph, printPlanningGraphs, printStrategy } from './fromIR';
