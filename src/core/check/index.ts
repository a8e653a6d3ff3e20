/** Plan checks with stable codes (docs/diagnostics.md). */
export { checkDocument, checkAst, sortDiagnostics, type PlanCheckOptions } from './checkDocument';
export { CHECK, type CheckCode } from './codes';
export { DEFAULT_HOP_LIMIT } from './hops';
export { suggest, editDistance } from './suggest';
export { findUnknown, type UnknownFinding } from './unknowns';
export { checkFile } from './checkFile';
export { checkStrategyArguments } from './structure';
