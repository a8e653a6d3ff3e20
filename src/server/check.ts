/** The one place the server asks the core for a document's diagnostics (same checker as `kgrag check`). */
import { checkAst, sortDiagnostics } from '../core/check';
import type { Diagnostic } from '../core/diagnostics';
import type { Analysis, SchemaContext } from '../core/language';

export interface CheckOptions {
  readonly schema?: SchemaContext;
  readonly hopLimit: number;
}

/** Syntax (KGP1xx) + structure (KGP2xx) + schema (KGP3xx) diagnostics of the cached parse. */
export function checkAnalysis(a: Analysis, options: CheckOptions): Diagnostic[] {
  const checked = checkAst(a.parse.document, { hopLimit: options.hopLimit, ...(options.schema ? { schema: options.schema.schema } : {}) });
  return sortDiagnostics([...a.parse.diagnostics, ...checked]);
}
