/**
 * The one place the server asks the core for a document's diagnostics. Until the DSL checker
 * (`checkDocument`) lands this reports the parser's syntax diagnostics only.
 */
import type { Diagnostic } from '../core/diagnostics';
import type { Analysis, SchemaContext } from '../core/language';

export interface CheckOptions {
  readonly schema?: SchemaContext;
  readonly hopLimit: number;
}

export function checkAnalysis(a: Analysis, _options: CheckOptions): Diagnostic[] {
  return [...a.parse.diagnostics];
}
