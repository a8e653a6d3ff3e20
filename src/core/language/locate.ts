/** What lies under the cursor, as a node of the syntax tree with its role. */
import type { EdgePattern, Identifier, KgpDocument, Literal, NodePattern, PlanDecl, PropertyEntry, SchemaDecl, StrategyArgument, UsingClause } from '../dsl';
import type { Range } from '../text';
import { planAt } from './scope';

export type Target =
  | { readonly kind: 'variable'; readonly plan: PlanDecl; readonly id: Identifier; readonly node?: NodePattern }
  | { readonly kind: 'category'; readonly plan: PlanDecl; readonly id: Identifier; readonly node: NodePattern }
  | { readonly kind: 'nodeText'; readonly plan: PlanDecl; readonly node: NodePattern; readonly range: Range }
  | { readonly kind: 'property'; readonly plan: PlanDecl; readonly node: NodePattern; readonly entry: PropertyEntry }
  | { readonly kind: 'edge'; readonly plan: PlanDecl; readonly edge: EdgePattern; readonly from: NodePattern; readonly to: NodePattern }
  | { readonly kind: 'strategy'; readonly plan: PlanDecl; readonly using: UsingClause; readonly id: Identifier }
  | { readonly kind: 'argument'; readonly plan: PlanDecl; readonly using: UsingClause; readonly arg: StrategyArgument }
  | { readonly kind: 'keyword'; readonly keyword: string; readonly range: Range }
  | { readonly kind: 'planName'; readonly plan: PlanDecl; readonly id: Identifier }
  | { readonly kind: 'schemaPath'; readonly decl: SchemaDecl; readonly path: Literal };

function inside(x: { start: number; end: number } | undefined, offset: number): boolean {
  return x !== undefined && x.start <= offset && offset <= x.end;
}

function inRange(r: Range, offset: number, lineOf: (o: number) => { line: number; character: number }): boolean {
  const p = lineOf(offset);
  const after = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const before = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return after && before;
}

/** `positionAt` converts offsets for the keyword ranges (which carry positions only). */
export function locate(doc: KgpDocument, offset: number, positionAt: (o: number) => { line: number; character: number }): Target | undefined {
  for (const s of doc.schemas) {
    if (inRange(s.keyword, offset, positionAt)) return { kind: 'keyword', keyword: 'schema', range: s.keyword };
    if (s.path && inside(s.path, offset)) return { kind: 'schemaPath', decl: s, path: s.path };
  }
  const plan = planAt(doc, offset);
  if (!plan) return undefined;
  if (inRange(plan.keyword, offset, positionAt)) return { kind: 'keyword', keyword: 'plan', range: plan.keyword };
  if (plan.name && inside(plan.name, offset)) return { kind: 'planName', plan, id: plan.name };
  for (const clause of plan.clauses) {
    if (inRange(clause.keyword, offset, positionAt)) return { kind: 'keyword', keyword: clause.kind.toLowerCase(), range: clause.keyword };
    if (clause.kind === 'Expect' && clause.allTies && inRange(clause.allTies, offset, positionAt)) return { kind: 'keyword', keyword: 'all ties', range: clause.allTies };
    if (!inside(clause, offset)) continue;
    switch (clause.kind) {
      case 'Return': {
        const id = clause.targets.find((t) => inside(t, offset));
        if (id) return { kind: 'variable', plan, id };
        break;
      }
      case 'Using': {
        if (clause.strategy && inside(clause.strategy, offset)) return { kind: 'strategy', plan, using: clause, id: clause.strategy };
        const arg = clause.args.find((x) => inside(x, offset));
        if (arg) return { kind: 'argument', plan, using: clause, arg };
        break;
      }
      case 'Match':
        for (const chain of clause.patterns) {
          if (!inside(chain, offset)) continue;
          const node = chain.nodes.find((n) => inside(n, offset));
          if (node) {
            if (node.variable && inside(node.variable, offset)) return { kind: 'variable', plan, id: node.variable, node };
            if (node.category && inside(node.category, offset)) return { kind: 'category', plan, id: node.category, node };
            if (node.text && inside(node.text, offset)) return { kind: 'nodeText', plan, node, range: node.text.range };
            const entry = node.properties?.entries.find((e) => inside(e, offset));
            if (entry) return { kind: 'property', plan, node, entry };
            if (node.variable) return { kind: 'variable', plan, id: node.variable, node };
            continue;
          }
          const i = chain.edges.findIndex((e) => inside(e, offset));
          if (i >= 0 && chain.nodes[i] && chain.nodes[i + 1]) return { kind: 'edge', plan, edge: chain.edges[i]!, from: chain.nodes[i]!, to: chain.nodes[i + 1]! };
        }
        break;
      default:
        break;
    }
  }
  return undefined;
}
