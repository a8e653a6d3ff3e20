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
    const innerMap = typeof o['map'] === 'function' ? (o['map'] as (i: number) => number) : undefined;
    const inner = innerMap ?? shifted(span.start);
    const contiguous = contiguousStart(o['value'].length, inner, f);
    if (contiguous === undefined) out['map'] = composed(f, inner);
    else if (innerMap === undefined && isSpan(out['span']) && out['span'].start === contiguous) delete out['map'];
    else out['map'] = clampedFrom(contiguous, o['value'].length);
  }
  return out;
}

// The maps are made in their own functions so that each closure's context holds only what it uses
// (closures made in one function share a context, which kept the string's offset table alive).
function shifted(start: number): (i: number) => number {
  return (i) => start + i;
}

function composed(f: (i: number) => number, inner: (i: number) => number): (i: number) => number {
  return (i) => f(inner(i));
}

/** A value quoted inside the string: it starts past its quote; offsets clamp to it, as the composed map did. */
function clampedFrom(start: number, length: number): (i: number) => number {
  return (i) => start + Math.min(Math.max(i, 0), length);
}

/**
 * The file offset of a value's first character when all its characters sit side by side in the file
 * (no escape inside it, the common case), else undefined. Such values need no composed map: a
 * composed map per value kept the string's whole offset table and two closures alive, which was
 * most of a 100k-example MoR file's memory (issue 18).
 */
function contiguousStart(length: number, inner: (i: number) => number, f: (i: number) => number): number | undefined {
  if (length === 0) return undefined;
  const first = inner(0);
  const last = inner(length - 1);
  if (last - first !== length - 1) return undefined;
  const fileFirst = f(first);
  const fileLast = f(last);
  // f maps distinct characters to increasing offsets, so equal distances mean no gap in between;
  // the offset just past the value must also follow on (a clamped end would not).
  return fileLast - fileFirst === length - 1 && f(inner(length)) === fileLast + 1 ? fileFirst : undefined;
}

function isSpan(v: unknown): v is { start: number; end: number } {
  return typeof v === 'object' && v !== null && typeof (v as { start?: unknown }).start === 'number';
}
