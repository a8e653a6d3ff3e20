/** The Stats view: timings with their share of the total, and the search counters. */
import type { RetrievalResult } from '../../src/contracts/retrievalResult';

export interface TimingRow {
  readonly phase: string;
  readonly ms: number;
  /** 0..1 of totalMs (null for the total itself or when the total is 0). */
  readonly share: number | null;
}

export interface StatsView {
  readonly timings: readonly TimingRow[];
  readonly counters: ReadonlyArray<readonly [string, number]>;
  readonly summary: ReadonlyArray<readonly [string, string]>;
  /** Where the search ran and why, and (store placement) what it asked of the store. */
  readonly placement?: { readonly ran: string; readonly requested: string; readonly reason: string };
  readonly storeIo: ReadonlyArray<readonly [string, string]>;
}

/** `candidatesMs` → `candidates`, `prunedBranches` → `pruned branches`. */
export function humanize(key: string): string {
  return key
    .replace(/Ms$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

export function statsView(result: RetrievalResult): StatsView {
  const total = result.timings.totalMs;
  const phases = Object.entries(result.timings).filter(([k]) => k !== 'totalMs');
  return {
    timings: [
      ...phases.map(([k, ms]) => ({ phase: humanize(k), ms, share: total > 0 ? ms / total : null })),
      { phase: 'total', ms: total, share: null },
    ],
    counters: Object.entries(result.stats).map(([k, v]) => [humanize(k), v] as const),
    summary: [
      ['plan', result.plan],
      ['strategy', result.strategy],
      ['store', `${result.store.kind} — ${result.store.description}`],
      ['answers', String(result.answers.length)],
      ['subgraphs', String(result.subgraphs.length)],
      ['run id', result.id],
    ],
    ...(result.placement ? { placement: { ran: result.placement.ran, requested: result.placement.requested, reason: result.placement.reason } } : {}),
    storeIo: result.storeIo
      ? [
          ['round trips', String(result.storeIo.roundTrips)],
          ['rows read', String(result.storeIo.rowsRead)],
          ['store time', `${result.storeIo.serverMs.toFixed(1)} ms`],
        ]
      : [],
  };
}
