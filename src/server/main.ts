// The language server: a thin LSP layer over src/core (see docs/architecture.md).
export {};
