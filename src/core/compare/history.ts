/**
 * The inspector's result history: every Run, Explain and Profile is an entry (they no longer
 * overwrite each other), bounded to the newest `limit` unpinned entries plus every pinned one.
 * Each entry knows the graph it came from (store description + fingerprint) and the plan text, so
 * the inspector can say "stale" when either changed. Pure: the extension host owns one.
 */
import type { GroundingReport, HistoryEntrySummary, ResultSource } from '../../contracts/inspector/messages';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import { executed } from './compare';

export const DEFAULT_HISTORY_LIMIT = 50;

export interface ResultGraph {
  /** The store description (results carry it as `store.description`). */
  readonly description: string;
  /** The store's fingerprint when the result was made: it changes when the graph's data does. */
  readonly fingerprint?: string;
}

export interface HistoryEntry {
  readonly id: string;
  readonly result: RetrievalResult;
  readonly source?: ResultSource;
  readonly graph: ResultGraph;
  /** The plan as it was run (printed from the plan itself, so formatting edits do not count as changes). */
  readonly planText?: string;
  /** The plan's expected answers (`expect`): the inspector offers "why not?" for the ones missed. */
  readonly expect?: readonly string[];
  /** When it was made (ms since the epoch). */
  readonly at: number;
  readonly pinned: boolean;
  /** How the grounded planner got to the plan (Inspect Question), shown again when the entry is reopened. */
  readonly grounding?: GroundingReport;
}

export type NewEntry = Omit<HistoryEntry, 'id' | 'pinned' | 'graph'> & { readonly graph?: ResultGraph; readonly pinned?: boolean };

/** Which entries to list — a combination of plan, graph (description) and strategy. */
export interface HistoryFilter {
  readonly plan?: string;
  readonly graph?: string;
  readonly strategy?: RetrievalResult['strategy'];
}

export class ResultHistory {
  private list: HistoryEntry[] = []; // oldest first
  private next = 1;

  constructor(readonly limit: number = DEFAULT_HISTORY_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`history limit must be a positive integer (got ${limit})`);
  }

  /** Adds a result as the newest entry; the oldest unpinned entries beyond the limit go. */
  add(entry: NewEntry): HistoryEntry {
    const added: HistoryEntry = {
      ...entry,
      id: `h${this.next++}`,
      graph: entry.graph ?? { description: entry.result.store.description },
      pinned: entry.pinned ?? false,
    };
    this.list.push(added);
    this.evict();
    return added;
  }

  get(id: string): HistoryEntry | undefined {
    return this.list.find((e) => e.id === id);
  }

  /** Pins (kept beyond the limit) or unpins an entry; false when there is no such entry. */
  pin(id: string, pinned: boolean): boolean {
    const i = this.list.findIndex((e) => e.id === id);
    if (i < 0) return false;
    this.list[i] = { ...this.list[i]!, pinned };
    this.evict();
    return true;
  }

  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((e) => e.id !== id);
    return this.list.length < before;
  }

  /** Newest first, optionally filtered. */
  entries(filter: HistoryFilter = {}): HistoryEntry[] {
    return this.list
      .filter((e) => (filter.plan === undefined || e.result.plan === filter.plan) && (filter.graph === undefined || e.graph.description === filter.graph) && (filter.strategy === undefined || e.result.strategy === filter.strategy))
      .reverse();
  }

  get size(): number {
    return this.list.length;
  }

  private evict(): void {
    let unpinned = this.list.filter((e) => !e.pinned).length;
    if (unpinned <= this.limit) return;
    this.list = this.list.filter((e) => {
      if (e.pinned || unpinned <= this.limit) return true;
      unpinned--;
      return false;
    });
  }
}

/** What the inspector lists of an entry (no result body: the list stays small). */
export function summarize(entry: HistoryEntry, planEdited: boolean): HistoryEntrySummary {
  const r = entry.result;
  return {
    id: entry.id,
    plan: r.plan,
    strategy: r.strategy,
    mode: r.cypher?.mode === 'explain' ? 'explain' : r.cypher?.mode === 'profile' ? 'profile' : 'run',
    graph: entry.graph,
    at: entry.at,
    pinned: entry.pinned,
    executed: executed(r),
    answers: r.answers.length,
    totalMs: r.timings.totalMs,
    ...(r.question !== undefined ? { question: r.question } : {}),
    ...(entry.source?.label !== undefined ? { source: entry.source.label } : {}),
    planEdited,
  };
}
