/**
 * Editor features over the DSL's syntax tree — pure functions, no `vscode`, no LSP types. The language
 * server (src/server) converts their results to LSP; tests call them directly.
 */
export { analyse, schemaContext, type Analysis, type SchemaContext } from './analysis';
export { complete, completionSite, type CompletionEnvironment, type CompletionEntry, type CompletionKind, type CompletionSite } from './completion';
export { hover, type HoverInfo } from './hover';
export { outline, type OutlineSymbol, type OutlineKind } from './symbols';
export { foldingRegions, type FoldingRegion } from './folding';
export { quickFixes, fixAll, rangesTouch, type QuickFix } from './codeActions';
export { minimalEdit, applyEdits } from './formatting';
export { definition, occurrences, renameTarget, renameVariable, type RenameResult } from './navigation';
export { locate, type Target } from './locate';
export { signatureHelp, type SignatureInfo } from './signature';
export { planAt, variablesOf, type VariableInfo } from './scope';
export { KEYWORD_DOCS, STRATEGY_DOCS } from './docs';
export { resolveSchemaPath, resolveSchemaReference, type SchemaSource } from './schemaSource';
export { inlayHints, type InlayHintInfo } from './inlayHints';
export { schemaLinks, type PathLink } from './links';
export { ENTITY_FIXES, entityCompletionEntries, entityDiagnostics, entityHoverMarkdown, entityTextOf, entityTexts, matchQueries, matchQuery, queryKey, relationDiagnostics, relationQuery, relationTexts, type EntityText, type RelationText } from './entities';
