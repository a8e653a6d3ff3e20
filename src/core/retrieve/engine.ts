import { join } from 'node:path';
import type { Embedder } from '../embed/embedder';
import type { GraphStore } from '../graph/graphStore';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { STRATEGIES, type StrategyOverrides } from '../session/strategies';
import type { RetrievalResult } from './result';
import { loadOrBuildSnapshot, type LoadedSnapshot } from './snapshot/cache';
import type { GraphSnapshot } from './snapshot/snapshot';

/**
 * @deprecated Open a retrieval session (`core/session`: openSession) instead. This class stays
 * only so branches written before the session compile; it runs the same strategy table.
 */
export interface RunOverrides extends StrategyOverrides {
  readonly strategy?: StrategyKind;
}

/** @deprecated see RunOverrides. */
export class RetrievalEngine {
  private loaded?: LoadedSnapshot;

  constructor(
    readonly store: GraphStore,
    readonly embedder: Embedder,
    readonly cacheDir: string,
  ) {}

  static cacheDirFor(folder: string): string {
    return join(folder, 'snapshots');
  }

  async snapshot(signal?: AbortSignal): Promise<GraphSnapshot> {
    if (!this.loaded) this.loaded = await loadOrBuildSnapshot(this.store, this.embedder, this.cacheDir, signal);
    return this.loaded.snapshot;
  }

  get snapshotInfo(): LoadedSnapshot | undefined {
    return this.loaded;
  }

  run(plan: PlanningGraph, overrides: RunOverrides = {}, id = plan.name): Promise<RetrievalResult> {
    return STRATEGIES[overrides.strategy ?? plan.strategy.kind].run(plan, this, overrides, id);
  }
}
