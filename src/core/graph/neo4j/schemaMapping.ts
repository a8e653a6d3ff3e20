// db.schema.* procedure results → GraphSchema. nodeTypeProperties gives labels (as label sets) and their
// property names, relTypeProperties gives `:`TYPE`` strings and property names, visualization gives the
// (label)-[type]->(label) pairs as virtual nodes and relationships.
import { isNode, isRelationship, type Node, type Relationship } from 'neo4j-driver';
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from '../../schema/graphSchema';

export interface NodeTypePropertyRow {
  readonly nodeLabels: readonly string[];
  readonly propertyName: string | null;
}

export interface RelTypePropertyRow {
  readonly relType: string;
  readonly propertyName: string | null;
}

export interface VisualizationRow {
  readonly nodes: readonly unknown[];
  readonly relationships: readonly unknown[];
}

/** relTypeProperties returns ":`ACTED_IN`"; the type is ACTED_IN. */
export function relTypeName(relType: string): string {
  const m = /^:`(.*)`$/s.exec(relType);
  if (m) return m[1]!.replace(/``/g, '`');
  return relType.replace(/^:/, '');
}

/** The label a virtual node of db.schema.visualization stands for (its `name` property, else its label). */
function virtualLabel(n: Node): string | undefined {
  const name = n.properties['name'];
  if (typeof name === 'string') return name;
  return n.labels[0];
}

export function buildNeo4jSchema(
  nodeRows: readonly NodeTypePropertyRow[],
  relRows: readonly RelTypePropertyRow[],
  visualization: readonly VisualizationRow[],
  labelCounts: ReadonlyMap<string, number> = new Map(),
  typeCounts: ReadonlyMap<string, number> = new Map(),
): GraphSchema {
  const labelProps = new Map<string, Set<string>>();
  const typeProps = new Map<string, Set<string>>();
  const keys = new Set<string>();
  const note = (map: Map<string, Set<string>>, name: string, prop: string | null) => {
    const set = map.get(name) ?? new Set<string>();
    map.set(name, set);
    if (prop !== null && prop !== '') {
      set.add(prop);
      keys.add(prop);
    }
  };
  for (const row of nodeRows) for (const label of row.nodeLabels) note(labelProps, label, row.propertyName);
  for (const row of relRows) note(typeProps, relTypeName(row.relType), row.propertyName);
  const endpoints = new Map<string, Map<string, { from: string; to: string }>>();
  for (const row of visualization) {
    const labelOf = new Map<string, string>();
    for (const n of row.nodes) {
      if (!isNode(n)) continue;
      const label = virtualLabel(n);
      if (label === undefined) continue;
      labelOf.set(n.elementId, label);
      if (!labelProps.has(label)) labelProps.set(label, new Set());
    }
    for (const r of row.relationships) {
      if (!isRelationship(r)) continue;
      const rel = r as Relationship;
      const from = labelOf.get(rel.startNodeElementId);
      const to = labelOf.get(rel.endNodeElementId);
      if (from === undefined || to === undefined) continue;
      const pairs = endpoints.get(rel.type) ?? new Map<string, { from: string; to: string }>();
      endpoints.set(rel.type, pairs);
      pairs.set(`${from}\u0000${to}`, { from, to });
      if (!typeProps.has(rel.type)) typeProps.set(rel.type, new Set());
    }
  }
  const labels: LabelInfo[] = [...labelProps]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, props]) => ({ name, properties: [...props].sort(), ...(labelCounts.has(name) ? { count: labelCounts.get(name)! } : {}) }));
  const relationshipTypes: RelationshipTypeInfo[] = [...typeProps]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, props]) => ({
      name,
      endpoints: [...(endpoints.get(name)?.values() ?? [])],
      properties: [...props].sort(),
      ...(typeCounts.has(name) ? { count: typeCounts.get(name)! } : {}),
    }));
  return { labels, relationshipTypes, propertyKeys: [...keys].sort() };
}
