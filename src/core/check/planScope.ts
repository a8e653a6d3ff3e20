/**
 * What the checks need to know about one plan, collected in one pass over its patterns:
 * the nodes by variable (anonymous nodes get keys no variable can have) and the edges between them.
 */
import type { EdgePattern, Identifier, NodePattern, NodeText, PlanDecl, PropertyEntry } from '../dsl';

export interface ScopeNode {
  /** The variable, or `#k` for the k-th anonymous node (no variable can start with '#'). */
  readonly key: string;
  readonly anonymous: boolean;
  /** Every occurrence in source order. */
  readonly occurrences: NodePattern[];
  /** The first occurrence that gives each part. */
  category?: Identifier;
  text?: NodeText;
  readonly properties: Map<string, PropertyEntry>;
}

export interface ScopeEdge {
  readonly edge: EdgePattern;
  readonly left: ScopeNode;
  readonly right: ScopeNode;
  readonly leftNode: NodePattern;
  readonly rightNode: NodePattern;
}

export interface PlanScope {
  readonly plan: PlanDecl;
  readonly nodes: Map<string, ScopeNode>;
  readonly edges: ScopeEdge[];
}

export function planScope(plan: PlanDecl): PlanScope {
  const nodes = new Map<string, ScopeNode>();
  const edges: ScopeEdge[] = [];
  let anonymous = 0;
  const visit = (n: NodePattern): ScopeNode => {
    const key = n.variable ? n.variable.name : `#${anonymous++}`;
    let s = nodes.get(key);
    if (!s) {
      s = { key, anonymous: !n.variable, occurrences: [], properties: new Map() };
      nodes.set(key, s);
    }
    s.occurrences.push(n);
    if (!s.category && n.category) s.category = n.category;
    if (!s.text && n.text) s.text = n.text;
    for (const e of n.properties?.entries ?? []) if (!s.properties.has(e.key.name)) s.properties.set(e.key.name, e);
    return s;
  };
  for (const c of plan.clauses) {
    if (c.kind !== 'Match') continue;
    for (const p of c.patterns) {
      let left = visit(p.nodes[0]!);
      for (let i = 0; i < p.edges.length; i++) {
        const rightNode = p.nodes[i + 1]!;
        const right = visit(rightNode);
        edges.push({ edge: p.edges[i]!, left, right, leftNode: p.nodes[i]!, rightNode });
        left = right;
      }
    }
  }
  return { plan, nodes, edges };
}

/** A node's display name in messages. */
export function nodeName(s: ScopeNode): string {
  if (!s.anonymous) return `'${s.key}'`;
  const n = s.occurrences[0]!;
  const what = [n.category ? ':' + n.category.name : '', n.text?.value ? JSON.stringify(n.text.value.value) : ''].filter(Boolean).join(' ');
  return what ? `(${what})` : 'an anonymous node';
}
