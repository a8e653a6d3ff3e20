/**
 * Our own schema file format, `*.kgschema.json` (docs/schema.md): labels and relationship types
 * keyed by name, with properties, aliases and a description. Checked with ajv against
 * schemas/kgschema.schema.json (the same file VS Code uses through `contributes.jsonValidation`),
 * then for what a JSON Schema cannot say: endpoints naming declared labels, duplicate keys,
 * aliases claimed twice.
 */
import Ajv, { type ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics';
import kgschemaJsonSchema from '../../../schemas/kgschema.schema.json';
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from './graphSchema';
import { aliasConflicts, buildGraphSchema } from './schemaIndex';
import { JsonDocument, pointerToPath, type JsonPath } from './jsonDocument';
import { SCHEMA_CODES } from './schemaCodes';

/** The JSON shape of a `*.kgschema.json` file. */
export interface KgschemaJson {
  $schema?: string;
  name?: string;
  description?: string;
  labels: Record<string, KgschemaLabelJson>;
  relationshipTypes: Record<string, KgschemaRelationshipTypeJson>;
}

export interface KgschemaLabelJson {
  properties?: string[];
  aliases?: string[];
  description?: string;
  count?: number;
}

export interface KgschemaRelationshipTypeJson {
  endpoints: { from: string; to: string }[];
  properties?: string[];
  aliases?: string[];
  description?: string;
  count?: number;
}

let validator: ReturnType<Ajv['compile']> | undefined;
function validate(value: unknown): readonly ErrorObject[] {
  // Compiled once, lazily: ajv compiles to a function, which costs a few milliseconds.
  validator ??= new Ajv({ allErrors: true, strict: true }).compile(kgschemaJsonSchema);
  return validator(value) ? [] : (validator.errors ?? []);
}

/** True when the value looks like our format (rather than LangChain's structured_schema). */
export function looksLikeKgschema(value: unknown): boolean {
  return isRecord(value) && ('labels' in value || 'relationshipTypes' in value);
}

/**
 * Reads a parsed kgschema document. Reports every ajv violation at the range of the offending
 * value (or key), then the semantic checks. Returns a schema whenever the shape is usable, even
 * with semantic findings, so the editor can keep working on a half-written file.
 */
export function readKgschema(doc: JsonDocument, value: unknown): { schema?: GraphSchema; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const isArrayAt = (prefix: JsonPath): boolean => doc.nodeAt(prefix)?.type === 'array';

  for (const err of dedupeAjvErrors(validate(value))) {
    const path = pointerToPath(err.instancePath, isArrayAt);
    diagnostics.push({ ...ajvErrorLocation(doc, path, err), severity: 'error', code: SCHEMA_CODES.invalid });
  }
  for (const dup of doc.duplicateKeys()) {
    diagnostics.push({ range: dup.range, severity: 'error', code: SCHEMA_CODES.duplicateKey, message: `Duplicate key "${dup.name}": JSON keeps only the last one.` });
  }
  if (diagnostics.some((d) => d.code === SCHEMA_CODES.invalid) || !isKgschemaJson(value)) return { diagnostics };

  const labels: LabelInfo[] = Object.entries(value.labels).map(([name, l]) => ({
    name,
    properties: l.properties ?? [],
    ...(l.aliases !== undefined ? { aliases: l.aliases } : {}),
    ...(l.description !== undefined ? { description: l.description } : {}),
    ...(l.count !== undefined ? { count: l.count } : {}),
  }));
  const labelNames = new Set(labels.map((l) => l.name));
  const relationshipTypes: RelationshipTypeInfo[] = [];
  for (const [name, r] of Object.entries(value.relationshipTypes)) {
    r.endpoints.forEach((ep, i) => {
      for (const side of ['from', 'to'] as const) {
        if (!labelNames.has(ep[side])) {
          diagnostics.push({
            range: doc.rangeOf(['relationshipTypes', name, 'endpoints', i, side]),
            severity: 'error',
            code: SCHEMA_CODES.unknownEndpointLabel,
            message: `Relationship type "${name}" names label "${ep[side]}", which is not declared under "labels".`,
          });
        }
      }
    });
    relationshipTypes.push({
      name,
      endpoints: r.endpoints.map((ep) => ({ from: ep.from, to: ep.to })),
      properties: r.properties ?? [],
      ...(r.aliases !== undefined ? { aliases: r.aliases } : {}),
      ...(r.description !== undefined ? { description: r.description } : {}),
      ...(r.count !== undefined ? { count: r.count } : {}),
    });
  }
  const schema = buildGraphSchema(labels, relationshipTypes);
  for (const c of aliasConflicts(schema)) {
    const first = c.owners[0]!;
    for (const owner of c.owners.slice(1)) {
      const section = owner.kind === 'label' ? 'labels' : 'relationshipTypes';
      const path = owner.via === 'alias' ? [section, owner.name, 'aliases', owner.index] : [section, owner.name];
      diagnostics.push({
        range: doc.rangeOf(path, { key: owner.via === 'name' }),
        severity: 'error',
        code: SCHEMA_CODES.aliasConflict,
        message: `"${c.term}" is claimed by ${describeOwner(first)} and by ${describeOwner(owner)}; a word may name one label or relationship type only.`,
      });
    }
  }
  return { schema, diagnostics };
}

function describeOwner(o: { kind: 'label' | 'relationshipType'; name: string; via: 'name' | 'alias' }): string {
  const what = o.kind === 'label' ? `label ${o.name}` : `relationship type ${o.name}`;
  return o.via === 'alias' ? `${what} (as an alias)` : what;
}

/** Converts a schema to the kgschema JSON shape (key order: labels, then relationship types). */
export function schemaToKgschemaJson(schema: GraphSchema, meta: { name?: string; description?: string; $schema?: string } = {}): KgschemaJson {
  const out: KgschemaJson = { ...(meta.$schema ? { $schema: meta.$schema } : {}), ...(meta.name ? { name: meta.name } : {}), ...(meta.description ? { description: meta.description } : {}), labels: {}, relationshipTypes: {} };
  for (const l of schema.labels) {
    out.labels[l.name] = {
      properties: [...l.properties],
      ...(l.aliases?.length ? { aliases: [...l.aliases] } : {}),
      ...(l.description !== undefined ? { description: l.description } : {}),
      ...(l.count !== undefined ? { count: l.count } : {}),
    };
  }
  for (const r of schema.relationshipTypes) {
    out.relationshipTypes[r.name] = {
      endpoints: r.endpoints.map((e) => ({ from: e.from, to: e.to })),
      properties: [...r.properties],
      ...(r.aliases?.length ? { aliases: [...r.aliases] } : {}),
      ...(r.description !== undefined ? { description: r.description } : {}),
      ...(r.count !== undefined ? { count: r.count } : {}),
    };
  }
  return out;
}

/** The file text for a schema: 2-space JSON with a trailing newline. */
export function formatKgschema(schema: GraphSchema, meta: { name?: string; description?: string; $schema?: string } = {}): string {
  return JSON.stringify(schemaToKgschemaJson(schema, meta), null, 2) + '\n';
}

function ajvErrorLocation(doc: JsonDocument, path: JsonPath, err: ErrorObject): { range: Diagnostic['range']; message: string } {
  const where = path.length === 0 ? 'The file' : `"${path.join('.')}"`;
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties': {
      const key = String(p['additionalProperty']);
      const allowed = Object.keys(allowedKeysAt(path));
      return { range: doc.rangeOfKey(path, key), message: `Unknown property "${key}"${allowed.length ? ` (expected one of: ${allowed.join(', ')})` : ''}.` };
    }
    case 'required':
      return { range: doc.rangeOf(path, { key: true }), message: `${where} lacks the required property "${String(p['missingProperty'])}".` };
    case 'propertyNames':
    case 'pattern':
      if (p['propertyName'] !== undefined) {
        return { range: doc.rangeOfKey(path, String(p['propertyName'])), message: `"${String(p['propertyName'])}" is not a valid name: names must be non-empty and contain no backticks or control characters.` };
      }
      return { range: doc.rangeOf(path), message: `${where} must be a non-empty name without backticks or control characters.` };
    case 'uniqueItems':
      return { range: doc.rangeOf([...path, Number(p['i'])]), message: `${where} lists the same item twice (items ${String(p['j'])} and ${String(p['i'])}).` };
    case 'type':
      return { range: doc.rangeOf(path), message: `${where} must be ${article(String(p['type']))}.` };
    case 'minLength':
      return { range: doc.rangeOf(path), message: `${where} must not be empty.` };
    default:
      return { range: doc.rangeOf(path), message: `${where} ${err.message ?? 'is invalid'}.` };
  }
}

/** The keys the JSON Schema allows in the object at `path` (for "expected one of" hints). */
function allowedKeysAt(path: JsonPath): Record<string, unknown> {
  const defs = (kgschemaJsonSchema as { definitions: Record<string, { properties?: Record<string, unknown> }> }).definitions;
  if (path.length === 0) return (kgschemaJsonSchema as { properties: Record<string, unknown> }).properties;
  if (path.length === 2 && path[0] === 'labels') return defs['label']?.properties ?? {};
  if (path.length === 2 && path[0] === 'relationshipTypes') return defs['relationshipType']?.properties ?? {};
  if (path.length === 4 && path[2] === 'endpoints') return defs['endpoint']?.properties ?? {};
  return {};
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * ajv reports a bad key twice: the inner failure (minLength/pattern, marked with `propertyName`)
 * and then `propertyNames` itself. Keep the latter, which names the key.
 */
function dedupeAjvErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  return errors.filter((e) => e.propertyName === undefined);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isKgschemaJson(v: unknown): v is KgschemaJson {
  return isRecord(v) && isRecord(v['labels']) && isRecord(v['relationshipTypes']);
}
