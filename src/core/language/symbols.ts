/** The document outline: schema line, plans, and under each plan its nodes (variables) and edges. */
import type { EdgePattern, KgpDocument, NodePattern } from '../dsl';
import type { Range } from '../text';
import { variablesOf } from './scope';

export type OutlineKind = 'schema' | 'plan' | 'node' | 'edge';

export interface OutlineSymbol {
  readonly name: string;
  readonly kind: OutlineKind;
  readonly detail: string;
  /** The whole construct. */
  readonly range: Range;
  /** The part to select and reveal (a name). */
  readonly selectionRange: Range;
  readonly children: readonly OutlineSymbol[];
}

function relationText(e: EdgePattern): string {
  const r = e.relation;
  const inner = r.kind === 'RelationPhrase' ? r.value : r.kind === 'RelationType' ? `:${r.name?.name ?? ''}` : '';
  return inner;
}

function edgeName(e: EdgePattern, a: NodePattern, b: NodePattern): string {
  const v = (n: NodePattern) => `(${n.variable?.name ?? ''})`;
  const inner = relationText(e);
  const body = inner ? `-[${inner}]-` : '--';
  return e.direction === 'right' ? `${v(a)}${body}>${v(b)}` : e.direction === 'left' ? `${v(a)}<${body}${v(b)}` : `${v(a)}${body}${v(b)}`;
}

export function outline(doc: KgpDocument): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const item of doc.items) {
    if (item.kind === 'Schema') {
      out.push({ name: `schema ${item.path ? JSON.stringify(item.path.value) : ''}`.trim(), kind: 'schema', detail: '', range: item.range, selectionRange: item.path?.range ?? item.keyword, children: [] });
      continue;
    }
    if (item.kind === 'Graph') {
      // Shown like the schema line: a file-level reference, not a plan.
      out.push({ name: `graph ${item.value ? JSON.stringify(item.value.value) : ''}`.trim(), kind: 'schema', detail: 'pinned graph', range: item.range, selectionRange: item.value?.range ?? item.keyword, children: [] });
      continue;
    }
    const vars = variablesOf(item);
    const children: OutlineSymbol[] = [];
    for (const v of vars.values()) {
      const d = v.definition;
      const text = d.text?.value ? `${d.text.exact ? '= ' : ''}${JSON.stringify(d.text.value.value)}` : '';
      children.push({ name: v.name, kind: 'node', detail: [v.category, text].filter((x) => x).join(' '), range: d.range, selectionRange: d.variable?.range ?? d.range, children: [] });
    }
    for (const clause of item.clauses) {
      if (clause.kind !== 'Match') continue;
      for (const chain of clause.patterns) {
        chain.edges.forEach((e, i) => {
          const a = chain.nodes[i];
          const b = chain.nodes[i + 1];
          if (!a || !b) return;
          const rel = e.relation.kind === 'UnknownRelation' ? 'unknown relation' : e.relation.kind === 'RelationType' ? 'exact type' : 'phrase';
          children.push({ name: edgeName(e, a, b), kind: 'edge', detail: rel, range: e.range, selectionRange: e.range, children: [] });
        });
      }
    }
    const strategy = item.using?.strategy?.name ?? 'gsd';
    const name = item.name?.name ?? '(unnamed plan)';
    out.push({ name, kind: 'plan', detail: `using ${strategy}`, range: item.range, selectionRange: item.name?.range ?? item.keyword, children });
  }
  return out;
}
