// Not a module on purpose. Layers that must not use the VS Code API (core, contracts, server, cli,
// webview) map the module name 'vscode' here (tsconfig/<layer>.json "paths"), so an import of it
// fails `npm run typecheck` with "File '…/tsconfig/forbidden/vscode.d.ts' is not a module".
// The VS Code API belongs to src/extension only (docs/architecture.md).
declare const vscodeIsOnlyForSrcExtension: never;
