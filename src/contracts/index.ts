/**
 * The contracts: the shapes the layers exchange, in one place. Change one only together with every
 * user (docs/architecture.md lists them). Pure TypeScript: no Node, no DOM, no vscode.
 */
export * from './values';
export * from './retrievalResult';
export * from './compare';
export * from './inspector/messages';
export * from './inspector/validate';
export * from './lsp';
export * from './schema';
export * from './text';
export * from './whyNot';
// The engine worker protocol (src/contracts/engineWorker.ts) is imported by path: only core/graph/embedded uses it.
