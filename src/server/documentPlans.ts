/** The `kgrag/documentPlans` answer: a document's compiled plans and the schema it uses. */
import { compilePlans, parseDocument, type ParseResult } from '../core/dsl';
import type { ResolvedSchema } from '../core/schema';
import type { Range } from '../core/text';
import type { DocumentPlan, DocumentPlansResult } from '../contracts/lsp';

const inside = (r: Range, line: number): boolean => line >= r.start.line && line <= r.end.line;

export function documentPlans(parsed: ParseResult | string, schema: ResolvedSchema | undefined): DocumentPlansResult {
  const parse = typeof parsed === 'string' ? parseDocument(parsed) : parsed;
  const errors = parse.diagnostics.filter((d) => d.severity === 'error');
  const plans: DocumentPlan[] = compilePlans(parse.document)
    .filter((p) => p.graph.name !== '')
    .map((p) => ({
      graph: p.graph,
      range: p.source.plan,
      ...(p.source.name ? { nameRange: p.source.name } : {}),
      ...(p.decl.expect ? { expectRange: p.decl.expect.range } : {}),
      errors: errors.filter((d) => inside(p.source.plan, d.range.start.line)),
      variables: [...p.source.variables],
      edges: [...p.source.edges],
    }));
  const path = schema?.file?.path;
  return { plans, schema: { ...(path !== undefined ? { path } : {}), aliases: [...(schema?.aliases ?? new Map<string, readonly string[]>())] } };
}
