/**
 * The `structured_schema` that LangChain's and neo4j-graphrag's `Neo4jGraph` produce:
 *   { node_props: {Label: [{property, type, …}]}, rel_props: {TYPE: [{property, type}]},
 *     relationships: [{start, type, end}], metadata?: {…} }
 * (see ../shared/data/text2cypher/schemas_dev.csv). Read leniently: unknown extra keys are
 * ignored, entries of the wrong shape are reported and skipped.
 */
import type { Diagnostic } from '../diagnostics';
import type { Range } from '../text';
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from './graphSchema';
import { buildGraphSchema } from './schemaIndex';
import type { JsonPath } from './jsonDocument';
import { SCHEMA_CODES } from './schemaCodes';

export interface StructuredSchemaJson {
  node_props: Record<string, { property: string; type?: string }[]>;
  rel_props: Record<string, { property: string; type?: string }[]>;
  relationships: { start: string; type: string; end: string }[];
}

/** True when the value looks like a structured_schema (possibly wrapped as {structured_schema: …}). */
export function looksLikeStructuredSchema(value: unknown): boolean {
  const v = unwrap(value).value;
  return isRecord(v) && ('node_props' in v || 'rel_props' in v || ('relationships' in v && Array.isArray(v['relationships'])));
}

function unwrap(value: unknown): { value: unknown; prefix: JsonPath } {
  if (isRecord(value) && isRecord(value['structured_schema'])) return { value: value['structured_schema'], prefix: ['structured_schema'] };
  return { value, prefix: [] };
}

export function readStructuredSchema(value: unknown, rangeOf: (path: JsonPath) => Range): { schema?: GraphSchema; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { value: root, prefix } = unwrap(value);
  const bad = (path: JsonPath, message: string): void => {
    diagnostics.push({ range: rangeOf([...prefix, ...path]), severity: 'error', code: SCHEMA_CODES.structuredInvalid, message });
  };
  if (!isRecord(root)) {
    bad([], 'A structured_schema must be an object with node_props, rel_props and relationships.');
    return { diagnostics };
  }

  const props = (section: 'node_props' | 'rel_props'): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    const raw = root[section];
    if (raw === undefined) return out;
    if (!isRecord(raw)) {
      bad([section], `"${section}" must be an object keyed by ${section === 'node_props' ? 'label' : 'relationship type'}.`);
      return out;
    }
    for (const [name, list] of Object.entries(raw)) {
      if (!Array.isArray(list)) {
        bad([section, name], `"${section}.${name}" must be a list of {property, type} entries.`);
        continue;
      }
      const keys: string[] = [];
      list.forEach((entry: unknown, i) => {
        const p = isRecord(entry) ? entry['property'] : undefined;
        if (typeof p !== 'string' || p === '') bad([section, name, i], `Entry ${i} of "${section}.${name}" needs a "property" name.`);
        else if (!keys.includes(p)) keys.push(p);
      });
      out.set(name, keys);
    }
    return out;
  };
  const nodeProps = props('node_props');
  const relProps = props('rel_props');

  const endpoints = new Map<string, { from: string; to: string }[]>();
  const rels = root['relationships'];
  if (rels !== undefined && !Array.isArray(rels)) bad(['relationships'], '"relationships" must be a list of {start, type, end} entries.');
  if (Array.isArray(rels)) {
    rels.forEach((r: unknown, i) => {
      const start = isRecord(r) ? r['start'] : undefined;
      const type = isRecord(r) ? r['type'] : undefined;
      const end = isRecord(r) ? r['end'] : undefined;
      if (typeof start !== 'string' || typeof type !== 'string' || typeof end !== 'string') {
        bad(['relationships', i], `Relationship ${i} needs string "start", "type" and "end".`);
        return;
      }
      const list = endpoints.get(type) ?? [];
      if (!list.some((e) => e.from === start && e.to === end)) list.push({ from: start, to: end });
      endpoints.set(type, list);
    });
  }

  // Labels: those with properties, then those only named as endpoints (first-seen order).
  const labelNames = [...nodeProps.keys()];
  for (const eps of endpoints.values()) for (const e of eps) for (const l of [e.from, e.to]) if (!labelNames.includes(l)) labelNames.push(l);
  const labels: LabelInfo[] = labelNames.map((name) => ({ name, properties: nodeProps.get(name) ?? [] }));
  const typeNames = [...endpoints.keys()];
  for (const t of relProps.keys()) if (!typeNames.includes(t)) typeNames.push(t);
  const relationshipTypes: RelationshipTypeInfo[] = typeNames.map((name) => ({ name, endpoints: endpoints.get(name) ?? [], properties: relProps.get(name) ?? [] }));
  return { schema: buildGraphSchema(labels, relationshipTypes), diagnostics };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
