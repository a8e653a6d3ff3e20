/** Core results → LSP types. Positions need no conversion: core ranges are LSP ranges (zero-based, UTF-16). */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  FoldingRangeKind,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
  type CompletionItem,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol,
  type FoldingRange,
} from 'vscode-languageserver/node';
import type { Diagnostic, Severity } from '../core/diagnostics';
import type { CompletionEntry, CompletionKind, FoldingRegion, OutlineKind, OutlineSymbol } from '../core/language';

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const SOURCE = 'kgplan';

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  return { range: d.range, severity: SEVERITY[d.severity], code: d.code, source: SOURCE, message: d.message };
}

const COMPLETION_KIND: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  keyword: CompletionItemKind.Keyword,
  category: CompletionItemKind.Class,
  relationType: CompletionItemKind.Interface,
  relationPhrase: CompletionItemKind.Text,
  variable: CompletionItemKind.Variable,
  property: CompletionItemKind.Property,
  strategy: CompletionItemKind.Function,
  parameter: CompletionItemKind.Field,
  file: CompletionItemKind.File,
  entity: CompletionItemKind.Value,
};

export function toCompletionItem(e: CompletionEntry): CompletionItem {
  return {
    label: e.label,
    kind: COMPLETION_KIND[e.kind],
    textEdit: { range: e.range, newText: e.insertText },
    insertTextFormat: InsertTextFormat.PlainText,
    ...(e.filterText !== undefined ? { filterText: e.filterText } : {}),
    ...(e.detail !== undefined ? { detail: e.detail } : {}),
    ...(e.documentation !== undefined ? { documentation: { kind: MarkupKind.Markdown, value: e.documentation } } : {}),
    ...(e.sortText !== undefined ? { sortText: e.sortText } : {}),
  };
}

const SYMBOL_KIND: Readonly<Record<OutlineKind, SymbolKind>> = {
  schema: SymbolKind.File,
  plan: SymbolKind.Function,
  node: SymbolKind.Variable,
  edge: SymbolKind.Event,
};

export function toDocumentSymbol(s: OutlineSymbol): DocumentSymbol {
  return {
    name: s.name || '(empty)',
    kind: SYMBOL_KIND[s.kind],
    detail: s.detail,
    range: s.range,
    selectionRange: s.selectionRange,
    children: s.children.map(toDocumentSymbol),
  };
}

export function toFoldingRange(r: FoldingRegion): FoldingRange {
  return { startLine: r.startLine, endLine: r.endLine, kind: r.kind === 'comment' ? FoldingRangeKind.Comment : FoldingRangeKind.Region };
}
