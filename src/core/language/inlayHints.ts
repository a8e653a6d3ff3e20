/**
 * Inlay hints that say what the schema makes of a plan, without changing it:
 *   (film) … the category a variable has elsewhere in its plan: `(film⟨: Movie⟩)`
 *   -[starred actors]-  the relationship type the phrase names exactly: `-[starred actors⟨ ≈ starred_actors⟩]-`
 */
import type { Range } from '../text';
import type { Analysis, SchemaContext } from './analysis';
import { nodesOf, variablesOf } from './scope';

export interface InlayHintInfo {
  /** Where the hint goes (zero-based). */
  readonly position: Range['start'];
  readonly label: string;
  readonly kind: 'type' | 'parameter';
  readonly tooltip: string;
}

function inside(r: Range, p: Range['start']): boolean {
  const after = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const before = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return after && before;
}

export function inlayHints(a: Analysis, schema: SchemaContext | undefined, visible?: Range): InlayHintInfo[] {
  const out: InlayHintInfo[] = [];
  const want = (p: Range['start']) => visible === undefined || inside(visible, p);
  for (const plan of a.parse.document.plans) {
    if (visible && (plan.range.end.line < visible.start.line || plan.range.start.line > visible.end.line)) continue;
    const vars = variablesOf(plan);
    for (const n of nodesOf(plan)) {
      if (!n.variable || n.category) continue;
      const category = vars.get(n.variable.name)?.category;
      if (category && want(n.variable.range.end)) {
        out.push({ position: n.variable.range.end, label: `: ${category}`, kind: 'type', tooltip: `'${n.variable.name}' is a ${category} (from its other occurrences in this plan)` });
      }
    }
    if (!schema) continue;
    for (const clause of plan.clauses) {
      if (clause.kind !== 'Match') continue;
      for (const chain of clause.patterns) {
        for (const e of chain.edges) {
          if (e.relation.kind !== 'RelationPhrase') continue;
          const types = schema.index.relationshipTypesForTerm(e.relation.value);
          if (types.length === 0 || !want(e.relation.range.end)) continue;
          out.push({ position: e.relation.range.end, label: ` ≈ ${types.join(' | ')}`, kind: 'type', tooltip: `the phrase is a name or alias of ${types.map((t) => `:${t}`).join(', ')} in the schema; it is still matched by meaning` });
        }
      }
    }
  }
  return out;
}
