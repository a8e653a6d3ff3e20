import { join } from 'node:path';
import type { Embedder } from '../embed/embedder';
import type { GraphStore } from '../graph/graphStore';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { retrieveGsd } from './gsd/retrieve';
import type { RelationAliases } from './relations';
import type { RetrievalResult } from './result';
import { loadOrBuildSnapshot, type LoadedSnapshot } from './snapshot/cache';
import type { GraphSnapshot } from './snapshot/snapshot';

/**
 * One retrieval session over a store: the snapshot is loaded (or built and cached) once, then
 * every plan runs against it. The strategy is the plan's own unless overridden.
 */
export interface RunOverrides {
  readonly strategy?: StrategyKind;
  readonly k?: number;
  readonly exhaustive?: boolean;
  /** gsd: false = homomorphic matching (see GsdStrategy.injective). */
  readonly injective?: boolean;
  readonly signal?: AbortSignal;
  /** Schema aliases for relationship types, e.g. from the plan's *.kgschema.json. */
  readonly relationAliases?: RelationAliases;
}

export type StrategyRunner = (plan: PlanningGraph, engine: RetrievalEngine, overrides: RunOverrides, id: string) => Promise<RetrievalResult>;

export class RetrievalEngine {
  private loaded?: LoadedSnapshot;
  private readonly runners = new Map<StrategyKind, StrategyRunner>();

  constructor(
    readonly store: GraphStore,
    readonly embedder: Embedder,
    /** Where snapshot files live (default: `<store folder>/snapshots` for folder stores). */
    readonly cacheDir: string,
  ) {
    this.runners.set('gsd', async (plan, engine, o, id) => {
      const snap = await engine.snapshot(o.signal);
      return retrieveGsd(plan, snap, engine.embedder, {
        id,
        store: { kind: engine.store.kind, description: engine.store.description },
        strategy: { ...(o.k !== undefined ? { k: o.k } : {}), ...(o.exhaustive !== undefined ? { exhaustive: o.exhaustive } : {}), ...(o.injective !== undefined ? { injective: o.injective } : {}) },
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
      });
    });
  }

  static cacheDirFor(folder: string): string {
    return join(folder, 'snapshots');
  }

  /** Adds or replaces a strategy (mor and cypher register here). */
  register(kind: StrategyKind, runner: StrategyRunner): void {
    this.runners.set(kind, runner);
  }

  async snapshot(signal?: AbortSignal): Promise<GraphSnapshot> {
    if (!this.loaded) this.loaded = await loadOrBuildSnapshot(this.store, this.embedder, this.cacheDir, signal);
    return this.loaded.snapshot;
  }

  /** How the snapshot was obtained (after the first run). */
  get snapshotInfo(): LoadedSnapshot | undefined {
    return this.loaded;
  }

  async run(plan: PlanningGraph, overrides: RunOverrides = {}, id = plan.name): Promise<RetrievalResult> {
    const kind = overrides.strategy ?? plan.strategy.kind;
    const runner = this.runners.get(kind);
    if (!runner) throw new Error(`strategy ${kind} is not available`);
    return runner(plan, this, overrides, id);
  }
}
