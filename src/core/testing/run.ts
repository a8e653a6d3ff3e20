import type { PlanningGraph } from '../plan/planningGraph';
import type { RetrievalEngine } from '../retrieve/engine';
import type { RetrievalResult } from '../retrieve/result';
import { erroredPlanTest, evaluatePlanTest, type PlanTestOutcome } from './evaluate';

export interface PlanTestRun {
  readonly outcome: PlanTestOutcome;
  readonly result?: RetrievalResult;
}

/**
 * Runs one plan test on an engine. Retrieval errors become an 'errored' outcome; cancellation
 * (the signal aborted) is rethrown so the caller stops the whole run.
 */
export async function runPlanTest(engine: RetrievalEngine, plan: PlanningGraph, options: { readonly signal?: AbortSignal; readonly id?: string } = {}): Promise<PlanTestRun> {
  try {
    const result = await engine.run(plan, options.signal ? { signal: options.signal } : {}, options.id ?? plan.name);
    return { outcome: evaluatePlanTest(plan, result), result };
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return { outcome: erroredPlanTest(plan, e, options.id) };
  }
}
