/** Small number helpers for the benchmark output. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export function fmt(x: number, digits = 1): string {
  return Number.isFinite(x) ? x.toFixed(digits) : String(x);
}

export function mb(bytes: number): number {
  return bytes / (1024 * 1024);
}

export function rssMb(): number {
  return mb(process.memoryUsage().rss);
}
