import type { PlanningGraph } from '../plan/planningGraph';
import type { RetrievalResult } from '../retrieve/result';
import type { RetrievalSession, RunOptions } from '../session/session';
import { erroredPlanTest, evaluatePlanTest, type PlanTestOutcome } from './evaluate';

export interface PlanTestRun {
  readonly outcome: PlanTestOutcome;
  readonly result?: RetrievalResult;
}

/**
 * Runs one plan test in a retrieval session. Retrieval errors become an 'errored' outcome;
 * cancellation (the signal aborted) is rethrown so the caller stops the whole run.
 */
export async function runPlanTest(session: Pick<RetrievalSession, 'run'>, plan: PlanningGraph, options: Pick<RunOptions, 'signal' | 'id' | 'relationAliases' | 'settings' | 'placement' | 'memoryBudgetMB'> = {}): Promise<PlanTestRun> {
  try {
    const result = await session.run(plan, options);
    return { outcome: evaluatePlanTest(plan, result), result };
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return { outcome: erroredPlanTest(plan, e, options.id) };
  }
}
