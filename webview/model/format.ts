/** Number formatting shared by the views (pure). */

export function formatDistance(d: number): string {
  if (d === 0) return '0';
  const abs = Math.abs(d);
  return abs >= 100 ? d.toFixed(0) : abs >= 1 ? d.toFixed(2) : d.toFixed(3);
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatCount(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(3);
}

/** Sums with a fixed number of decimals so 0.1 + 0.2 prints as 0.3 (distances are small decimals). */
export function sum(values: readonly number[]): number {
  const total = values.reduce((a, b) => a + b, 0);
  return Math.round(total * 1e9) / 1e9;
}
