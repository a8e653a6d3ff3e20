// Moved to src/contracts/lsp.ts (the LSP extensions); re-exported so older imports still compile.
export * from '../contracts/lsp';
