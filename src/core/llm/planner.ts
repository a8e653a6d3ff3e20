import type { Diagnostic } from '../diagnostics';
import type { PlanningGraph } from '../plan/planningGraph';
import type { GraphSchema } from '../schema/graphSchema';

/** A demonstration: a question and the plan that answers it (read from the user's few-shot file). */
export interface PlannerExample {
  readonly question: string;
  readonly plan: PlanningGraph;
}

export interface PlannerContext {
  readonly examples: readonly PlannerExample[];
  readonly schema?: GraphSchema;
  /** How many demonstrations go into a prompt (SimGRAG: 12; 4 is a good latency trade-off). */
  readonly shots?: number;
}

export type ProposalSource = 'language-model' | 'http' | 'nearest-example' | 'grounded';

/**
 * What a planner offers: always a `.kgp` text for the user to accept, edit or reject, plus the plan
 * it parses to and what the checker says about it — the same parser and checks as everything else.
 */
export type PlanProposal =
  | {
      readonly kind: 'proposal';
      readonly source: ProposalSource;
      readonly text: string;
      readonly plan: PlanningGraph;
      readonly diagnostics: readonly Diagnostic[];
      /** What the planner wants the user to know, e.g. which example it started from. */
      readonly note: string;
      /** The model's raw answer, for the log. */
      readonly raw?: string;
    }
  | { readonly kind: 'no-proposal'; readonly source: ProposalSource; readonly reason: string; readonly raw?: string };

export interface Planner {
  readonly source: ProposalSource;
  readonly description: string;
  propose(question: string, context: PlannerContext, signal?: AbortSignal): Promise<PlanProposal>;
}

/** A plan name from a question: lower-case words joined by underscores, at most 5 words. */
export function planNameFor(question: string): string {
  const words = question
    .toLowerCase()
    .replace(/\[|\]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 5);
  const name = words.join('_');
  return /^[a-z_]/.test(name) ? name : 'q_' + name;
}
