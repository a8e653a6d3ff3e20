/** The schema view's items and what "Insert into Plan" writes for each — pure, unit-tested. */
import { printName } from '../../core/dsl';
import type { GraphSchema } from '../../core/schema';

export type SchemaNode =
  | { readonly kind: 'group'; readonly group: 'labels' | 'relationshipTypes' | 'propertyKeys'; readonly count: number }
  | { readonly kind: 'label'; readonly name: string; readonly count?: number; readonly properties: readonly string[] }
  | { readonly kind: 'relationshipType'; readonly name: string; readonly count?: number; readonly endpoints: readonly { from: string; to: string }[] }
  | { readonly kind: 'endpoint'; readonly type: string; readonly from: string; readonly to: string }
  | { readonly kind: 'propertyKey'; readonly name: string; readonly label?: string }
  | { readonly kind: 'message'; readonly text: string };

export const GROUP_TITLES = { labels: 'Labels', relationshipTypes: 'Relationship types', propertyKeys: 'Property keys' } as const;

export function variableFor(label: string): string {
  const v = label.replace(/[^A-Za-z0-9_]/g, '').replace(/^[^A-Za-z_]+/, '');
  return (v.charAt(0).toLowerCase() + v.slice(1)) || 'n';
}

/** The kgplan text an item inserts (a snippet: $1… are placeholders). */
export function insertText(node: SchemaNode): string | undefined {
  const esc = (s: string) => s.replace(/[$}\\]/g, '\\$&');
  switch (node.kind) {
    case 'label':
      return `(\${1:${esc(variableFor(node.name))}}: ${esc(printName(node.name))})`;
    case 'relationshipType':
      return `-[:${esc(printName(node.name))}]->`;
    case 'endpoint': {
      const a = variableFor(node.from);
      const b = variableFor(node.to) === a ? `${a}2` : variableFor(node.to);
      return `(\${1:${esc(a)}}: ${esc(printName(node.from))}) -[:${esc(printName(node.type))}]-> (\${2:${esc(b)}}: ${esc(printName(node.to))})`;
    }
    case 'propertyKey':
      return `{${esc(printName(node.name))}: "\${1}"}`;
    default:
      return undefined;
  }
}

/** Names in the order people look them up: alphabetical, case-insensitive, numbers by value. */
const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);

/** "1 node", "238 nodes". */
export function countText(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

export function schemaChildren(schema: GraphSchema, node?: SchemaNode): SchemaNode[] {
  if (!node) {
    return [
      { kind: 'group', group: 'labels', count: schema.labels.length },
      { kind: 'group', group: 'relationshipTypes', count: schema.relationshipTypes.length },
      { kind: 'group', group: 'propertyKeys', count: schema.propertyKeys.length },
    ];
  }
  switch (node.kind) {
    case 'group':
      if (node.group === 'labels') return [...schema.labels].sort((a, b) => byName(a.name, b.name)).map((l) => ({ kind: 'label', name: l.name, ...(l.count !== undefined ? { count: l.count } : {}), properties: l.properties }));
      if (node.group === 'relationshipTypes') return [...schema.relationshipTypes].sort((a, b) => byName(a.name, b.name)).map((r) => ({ kind: 'relationshipType', name: r.name, ...(r.count !== undefined ? { count: r.count } : {}), endpoints: r.endpoints }));
      return [...schema.propertyKeys].sort(byName).map((k) => ({ kind: 'propertyKey', name: k }));
    case 'label':
      return node.properties.map((p) => ({ kind: 'propertyKey', name: p, label: node.name }));
    case 'relationshipType':
      return node.endpoints.map((e) => ({ kind: 'endpoint', type: node.name, from: e.from, to: e.to }));
    default:
      return [];
  }
}

