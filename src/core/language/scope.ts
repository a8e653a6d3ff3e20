/**
 * Variables of a plan: which node pattern introduces each one and where it is mentioned. A plan is
 * one scope; the first occurrence that says something (category, text or properties) defines the
 * variable, otherwise the first occurrence does.
 */
import type { Identifier, KgpDocument, NodePattern, PlanDecl } from '../dsl';

export interface VariableInfo {
  readonly name: string;
  /** The node pattern that defines the variable. */
  readonly definition: NodePattern;
  /** Every node pattern that names the variable, in source order (the definition included). */
  readonly nodes: readonly NodePattern[];
  /** Every identifier that names it: node variables and `return` targets. */
  readonly mentions: readonly Identifier[];
  /** The category, from whichever occurrence gives one first. */
  readonly category?: string;
}

/**
 * The plan around an offset. `end` is inclusive, and an unclosed plan (being typed) reaches up to the
 * next top-level item, so completion works at the end of a half-written plan.
 */
export function planAt(doc: KgpDocument, offset: number): PlanDecl | undefined {
  const items = doc.items;
  for (let i = 0; i < items.length; i++) {
    const p = items[i]!;
    if (p.kind !== 'Plan' || offset < p.start) continue;
    if (offset <= p.end) return p;
    if (!p.closed && (i + 1 === items.length || offset < items[i + 1]!.start)) return p;
  }
  return undefined;
}

export function nodesOf(plan: PlanDecl): NodePattern[] {
  const out: NodePattern[] = [];
  for (const clause of plan.clauses) if (clause.kind === 'Match') for (const chain of clause.patterns) out.push(...chain.nodes);
  return out;
}

function says(n: NodePattern): boolean {
  return n.category !== undefined || n.text !== undefined || n.properties !== undefined;
}

export function variablesOf(plan: PlanDecl): Map<string, VariableInfo> {
  const nodes = new Map<string, NodePattern[]>();
  const mentions = new Map<string, Identifier[]>();
  const mention = (id: Identifier): void => {
    const list = mentions.get(id.name) ?? [];
    list.push(id);
    mentions.set(id.name, list);
  };
  for (const n of nodesOf(plan)) {
    if (!n.variable) continue;
    const list = nodes.get(n.variable.name) ?? [];
    list.push(n);
    nodes.set(n.variable.name, list);
    mention(n.variable);
  }
  for (const clause of plan.clauses) if (clause.kind === 'Return') clause.targets.forEach(mention);
  const out = new Map<string, VariableInfo>();
  for (const [name, list] of nodes) {
    const definition = list.find(says) ?? list[0]!;
    const category = list.find((n) => n.category !== undefined)?.category?.name;
    const ms = (mentions.get(name) ?? []).slice().sort((a, b) => a.start - b.start);
    out.set(name, { name, definition, nodes: list, mentions: ms, ...(category !== undefined ? { category } : {}) });
  }
  return out;
}
