/**
 * Pieces of a question list for long comparisons (`npm run bench:store -- --from A --to B`, `--shard i/n`):
 * a whole-dev run split over processes, resumed and summed (docs/placement.md). Pure arithmetic,
 * tested in test/unit/eval/benchSlice.test.ts.
 */

export interface SliceOptions {
  /** First index taken (default 0). */
  readonly from?: number;
  /** One past the last index taken (default: the list's length). */
  readonly to?: number;
  /** `i/n`: the i-th of n contiguous pieces (0-based), sizes differing by at most one; within from/to. */
  readonly shard?: string;
}

/** The half-open index range [start, end) a slice takes of a list of `length` items. */
export function sliceRange(length: number, options: SliceOptions = {}): { start: number; end: number } {
  const clamp = (x: number): number => Math.max(0, Math.min(length, x));
  let start = clamp(options.from ?? 0);
  let end = clamp(options.to ?? length);
  if (end < start) end = start;
  if (options.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(options.shard.trim());
    if (!m) throw new Error(`--shard ${options.shard}: expected i/n, e.g. 0/2`);
    const i = Number(m[1]);
    const n = Number(m[2]);
    if (n < 1 || i >= n) throw new Error(`--shard ${options.shard}: i must be below n (0-based), n at least 1`);
    const span = end - start;
    // Piece i of n: floor(i·span/n) … floor((i+1)·span/n); the pieces cover the span once.
    const s = start + Math.floor((i * span) / n);
    end = start + Math.floor(((i + 1) * span) / n);
    start = s;
  }
  return { start, end };
}

/** One compared question, as a line of the `--out` file (JSON lines). */
export interface ComparedLine {
  readonly strategy: string;
  readonly hop: number;
  /** The question's line in qa_dev_<hop>hop.txt (1-based). */
  readonly line: number;
  readonly differing: boolean;
  /** The store run's error, when it failed (then `differing` is false and the times are absent). */
  readonly error?: string;
  /** Wall time of the store-placed run and of the memory run (ms). */
  readonly storeMs?: number;
  readonly memoryMs?: number;
  /** The store's own time, round trips and rows of the store-placed run. */
  readonly serverMs?: number;
  readonly roundTrips?: number;
  readonly rows?: number;
  /** Client CPU of the store-placed run (ms). */
  readonly cpuMs?: number;
  readonly ranInStore?: boolean;
  /** A why-not analysis's cause (its kind, from the memory analysis; lines of `--why-not` runs only). */
  readonly cause?: string;
  /** When it was compared (ISO, UTC) and the load average then (1 minute). */
  readonly at: string;
  readonly load: number;
}

/** The key a question is recorded under: a resumed run skips it, a summary counts it once. */
export function lineKey(l: Pick<ComparedLine, 'strategy' | 'hop' | 'line'>): string {
  return `${l.strategy}/${l.hop}/${l.line}`;
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
}

/** Totals per strategy and hop over the lines of any number of `--out` files (a question recorded twice counts once: its last line). */
export function summarise(lines: readonly ComparedLine[]): string[] {
  const last = new Map<string, ComparedLine>();
  for (const l of lines) last.set(lineKey(l), l);
  const groups = new Map<string, ComparedLine[]>();
  for (const l of last.values()) {
    const k = `${l.strategy} ${l.hop}-hop`;
    const g = groups.get(k);
    if (g) g.push(l);
    else groups.set(k, [l]);
  }
  const out: string[] = [];
  for (const [k, g] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ok = g.filter((l) => l.error === undefined);
    const num = (f: (l: ComparedLine) => number | undefined): number[] => ok.map(f).filter((x): x is number => x !== undefined);
    const differing = ok.filter((l) => l.differing);
    const errors = g.filter((l) => l.error !== undefined);
    const store = num((l) => l.storeMs);
    const trips = num((l) => l.roundTrips);
    const rows = num((l) => l.rows);
    const at = g.map((l) => l.at).sort();
    // A figure no line recorded (why-not lines have no client CPU) is left out, not shown as 0.
    const optional = (name: string, xs: readonly number[]): string => (xs.length > 0 ? `${name} p50 ${pct(xs, 0.5).toFixed(1)} ms; ` : '');
    const loads = g.map((l) => l.load);
    out.push(
      `${k}: n=${g.length}; differing from memory: ${differing.length}; errors: ${errors.length}; ran in store ${ok.filter((l) => l.ranInStore).length}/${ok.length}; store p50 ${pct(store, 0.5).toFixed(1)} ms, p95 ${pct(store, 0.95).toFixed(1)} ms (memory p50 ${pct(num((l) => l.memoryMs), 0.5).toFixed(1)} ms); round trips p50 ${pct(trips, 0.5)}, max ${Math.max(0, ...trips)}; rows p50 ${pct(rows, 0.5)}, max ${Math.max(0, ...rows)}; ${optional('store time', num((l) => l.serverMs))}${optional('client CPU', num((l) => l.cpuMs))}${at[0] ?? ''} – ${at[at.length - 1] ?? ''}, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
    const causes = new Map<string, number>();
    for (const l of g) if (l.cause !== undefined) causes.set(l.cause, (causes.get(l.cause) ?? 0) + 1);
    if (causes.size > 0) out.push(`  causes: ${[...causes].sort((a, b) => b[1] - a[1]).map(([c, m]) => `${c} ${m}`).join(', ')}`);
    for (const l of differing.slice(0, 10)) out.push(`  differs: dev line ${l.line}`);
    for (const l of errors.slice(0, 10)) out.push(`  error: dev line ${l.line}: ${l.error}`);
  }
  return out;
}
