/** A small seeded PRNG (mulberry32) so randomised tests are reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
