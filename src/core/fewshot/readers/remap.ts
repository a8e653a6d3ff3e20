/**
 * Outputs written as strings inside JSON/YAML are parsed on their own; this moves every offset
 * of the result (spans, findings, located values) from the string into the file.
 */
export function remapOffsets<T>(value: T, toFile: (i: number) => number): T {
  return walk(value, toFile) as T;
}

function walk(v: unknown, f: (i: number) => number): unknown {
  if (Array.isArray(v)) return v.map((x) => walk(x, f));
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = k === 'plan' || k === 'plans' || k === 'value' ? x : walk(x, f);
  if (typeof o['start'] === 'number' && typeof o['end'] === 'number') {
    out['start'] = f(o['start']);
    out['end'] = Math.max(f(o['end'] - 1) + 1, f(o['start']));
  }
  if (isSpan(o['span']) && typeof o['value'] === 'string') {
    const span = o['span'];
    const inner = typeof o['map'] === 'function' ? (o['map'] as (i: number) => number) : (i: number) => span.start + i;
    out['map'] = (i: number) => f(inner(i));
  }
  return out;
}

function isSpan(v: unknown): v is { start: number; end: number } {
  return typeof v === 'object' && v !== null && typeof (v as { start?: unknown }).start === 'number';
}
