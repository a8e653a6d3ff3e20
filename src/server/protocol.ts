/**
 * Custom messages between the extension and the language server (types only; both sides import
 * this file). Standard LSP covers everything else.
 */
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from '../core/schema/graphSchema';

/**
 * Client → server: the schema of the graph the workspace is connected to (embedded store or
 * Neo4j), or null when disconnected. Used for files that name no schema and when no
 * `kgrag.schema.path` is set.
 */
export const CONNECTED_SCHEMA_NOTIFICATION = 'kgrag/connectedSchema';

export interface ConnectedSchemaParams {
  readonly schema: GraphSchema | null;
  /** Where it came from, for logs and hover ("embedded: .kgrag/movies.lbug"). */
  readonly source?: string;
}

function strings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function optional(o: Record<string, unknown>, key: string, test: (v: unknown) => boolean): boolean {
  return o[key] === undefined || test(o[key]);
}

function isLabel(v: unknown): v is LabelInfo {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o['name'] === 'string' && strings(o['properties']) && optional(o, 'aliases', strings) && optional(o, 'description', (x) => typeof x === 'string') && optional(o, 'count', (x) => typeof x === 'number');
}

function isRelationshipType(v: unknown): v is RelationshipTypeInfo {
  if (!isLabel(v)) return false; // name, properties, aliases, description, count: same shapes
  const e = (v as unknown as Record<string, unknown>)['endpoints'];
  return Array.isArray(e) && e.every((x: unknown) => x !== null && typeof x === 'object' && typeof (x as Record<string, unknown>)['from'] === 'string' && typeof (x as Record<string, unknown>)['to'] === 'string');
}

/** Narrows what arrived over the wire; anything malformed is refused rather than half-used. */
export function readConnectedSchema(params: unknown): { schema: GraphSchema | null; source: string } | undefined {
  if (params === null || typeof params !== 'object') return undefined;
  const p = params as Record<string, unknown>;
  const source = typeof p['source'] === 'string' ? p['source'] : 'connected graph';
  if (p['schema'] === null) return { schema: null, source };
  const s = p['schema'];
  if (s === null || typeof s !== 'object') return undefined;
  const o = s as Record<string, unknown>;
  if (!Array.isArray(o['labels']) || !o['labels'].every(isLabel)) return undefined;
  if (!Array.isArray(o['relationshipTypes']) || !o['relationshipTypes'].every(isRelationshipType)) return undefined;
  if (!strings(o['propertyKeys'])) return undefined;
  return { schema: { labels: o['labels'], relationshipTypes: o['relationshipTypes'], propertyKeys: o['propertyKeys'] }, source };
}
