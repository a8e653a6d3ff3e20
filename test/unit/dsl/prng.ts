export { mulberry32 } from '../../support/prng';

export function pick<T>(rand: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)]!;
}

/** Deep copy of a syntax tree without positions (ranges, offsets, keyword ranges, braces). */
export function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'range' || k === 'start' || k === 'end' || k === 'keyword' || k === 'openBrace' || k === 'closeBrace' || k === 'comments') continue;
      if (v === undefined) continue;
      out[k] = withoutPositions(v);
    }
    return out;
  }
  return value;
}
