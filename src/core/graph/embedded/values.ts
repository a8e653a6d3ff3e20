// Engine values → JSON-shaped CypherValue, so results cross IPC and land in RetrievalResult unchanged.
import type { CypherValue } from '../graphStore';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function internalId(v: unknown): string | undefined {
  if (isRecord(v) && typeof v.table === 'number' && typeof v.offset === 'number') return `${v.table}:${v.offset}`;
  return undefined;
}

/** Converts one value the native engine returned. BigInts become numbers when exact, else decimal strings. */
export function fromEngineValue(v: unknown): CypherValue {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'boolean':
    case 'string':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : String(v);
    case 'bigint':
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
    default:
      break;
  }
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(fromEngineValue);
  if (v instanceof Map) {
    const out: Record<string, CypherValue> = {};
    for (const [k, val] of v) out[String(k)] = fromEngineValue(val);
    return out;
  }
  if (isRecord(v)) {
    const out: Record<string, CypherValue> = {};
    for (const [k, val] of Object.entries(v)) {
      // Node/relationship ids ({table, offset}) become "table:offset" strings, the GraphStore id format.
      const id = k === '_id' || k === '_src' || k === '_dst' ? internalId(val) : undefined;
      out[k] = id ?? fromEngineValue(val);
    }
    // A bare internal id (e.g. `RETURN id(n)`) also becomes "table:offset".
    const bare = Object.keys(v).length === 2 ? internalId(v) : undefined;
    return bare ?? out;
  }
  return String(v);
}
