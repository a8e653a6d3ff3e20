// neo4j-driver values → JSON-shaped CypherValue (Integer, Node, Relationship, Path, temporal, spatial).
import { isDate, isDateTime, isDuration, isInt, isLocalDateTime, isLocalTime, isNode, isPath, isPoint, isRelationship, isTime, type Integer } from 'neo4j-driver';
import type { CypherValue } from '../graphStore';

export function integerValue(v: Integer): number | string {
  return v.inSafeRange() ? v.toNumber() : v.toString();
}

export function fromNeo4jValue(v: unknown): CypherValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (isInt(v)) return integerValue(v);
  if (Array.isArray(v)) return v.map(fromNeo4jValue);
  if (isNode(v)) return { _id: v.elementId, _labels: [...v.labels], ...props(v.properties) };
  if (isRelationship(v)) return { _id: v.elementId, _type: v.type, _start: v.startNodeElementId, _end: v.endNodeElementId, ...props(v.properties) };
  if (isPath(v)) {
    return {
      nodes: [fromNeo4jValue(v.start), ...v.segments.map((s) => fromNeo4jValue(s.end))],
      relationships: v.segments.map((s) => fromNeo4jValue(s.relationship)),
    };
  }
  if (isPoint(v)) return { srid: integerValue(v.srid as Integer) as number, x: v.x, y: v.y, ...(v.z !== undefined ? { z: v.z } : {}) };
  if (isDate(v) || isDateTime(v) || isLocalDateTime(v) || isLocalTime(v) || isTime(v) || isDuration(v)) return v.toString();
  if (typeof v === 'object') return props(v as Record<string, unknown>);
  return String(v);
}

function props(o: Record<string, unknown>): Record<string, CypherValue> {
  const out: Record<string, CypherValue> = {};
  for (const [k, val] of Object.entries(o)) out[k] = fromNeo4jValue(val);
  return out;
}
