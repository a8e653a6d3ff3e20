import type { WhyNotResult } from '../../contracts/whyNot';
import { Asker, type AskResult } from '../ask';
import type { Embedder } from '../embed/embedder';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { retrieveGsd } from '../retrieve/gsd/retrieve';
import { retrieveMor } from '../retrieve/mor/retrieve';
import type { RetrievalResult } from '../retrieve/result';
import { retrieveSage } from '../retrieve/sage/retrieve';
import type { GraphSnapshot } from '../retrieve/snapshot/snapshot';
import { retrieveStem } from '../retrieve/stem/retrieve';
import type { GraphSchema } from '../schema/graphSchema';
import type { RetrievalSession, RunOptions } from '../session/session';
import type { RelationAliases } from '../retrieve/relations';
import { inStrategyFrame } from '../session/strategies';
import { analyzeWhyNot } from '../whynot/whyNot';
import type { AskOutcome, EvalRunner } from './evaluate';

/** The gold answer why-not follows: the first one that is a name in the graph (else the first). */
export function goldToFollow(snap: GraphSnapshot, gold: readonly string[]): string | undefined {
  return gold.find((g) => snap.nodesNamed(g).length > 0) ?? gold[0];
}

/** What evaluation keeps of an ask result. */
export function askOutcome(r: AskResult): AskOutcome {
  if (r.kind === 'planned') return { kind: 'planned', plan: r.plan, chain: r.candidates[r.chosen]!.chain, answers: r.answers.map((a) => a.value), ms: r.timings.totalMs };
  return { kind: r.kind, message: r.message };
}

/** `kgrag eval`'s runner: the session's run and whyNot (the one door), ask over its snapshot. */
export async function sessionRunner(
  session: RetrievalSession,
  options: {
    readonly schema?: GraphSchema;
    readonly explainVerify?: boolean;
    /** What every run also gets (the editor's retrieval settings, placement, the set's relation aliases). */
    readonly runOptions?: Omit<RunOptions, 'strategy' | 'signal' | 'id' | 'mode' | 'onStage'>;
    /** Called with each plan ask chose, by question (the editor opens a miss with it). */
    readonly onAsked?: (question: string, outcome: AskOutcome) => void;
  } = {},
): Promise<EvalRunner> {
  const aliases: { relationAliases?: RelationAliases } = options.runOptions?.relationAliases ? { relationAliases: options.runOptions.relationAliases } : {};
  return {
    run: (plan, strategy, signal) => session.run(plan, { ...options.runOptions, strategy, ...(signal ? { signal } : {}) }),
    async ask(question, signal) {
      // Placed like the runs (the session keeps one Asker per index and schema).
      const place = options.runOptions;
      const { asker, placement } = await session.asker({
        ...(place?.placement ? { placement: place.placement } : {}),
        ...(place?.memoryBudgetMB !== undefined ? { memoryBudgetMB: place.memoryBudgetMB } : {}),
        ...(options.schema ? { schema: options.schema } : {}),
        ...(signal ? { signal } : {}),
      });
      const outcome = askOutcome(await asker.ask(question, { placement, ...(signal ? { signal } : {}) }));
      options.onAsked?.(question, outcome);
      return outcome;
    },
    async whyNot(plan, gold, strategy, result, signal): Promise<WhyNotResult | undefined> {
      const expected = goldToFollow(await session.snapshot(signal), gold);
      if (expected === undefined) return undefined;
      return session.whyNot(plan, expected, { strategy, result, verify: options.explainVerify ?? false, ...aliases, ...(signal ? { signal } : {}) });
    },
  };
}

/**
 * The benches' runner: a snapshot in memory (no store), the strategies' own retrieve functions with
 * the plan's parameters (or the defaults for another strategy), as the session's table runs them.
 * Cypher needs a store and is refused here.
 */
export function snapshotRunner(snap: GraphSnapshot, embedder: Embedder, options: { readonly asker?: Asker } = {}): EvalRunner {
  const run = (plan: PlanningGraph, strategy: StrategyKind, signal?: AbortSignal): Promise<RetrievalResult> => {
    const o = signal ? { signal } : {};
    // The strategy table's frame (types resolved once, answers = the return variable's values), as a session runs it.
    switch (strategy) {
      case 'gsd':
        return inStrategyFrame('gsd', plan, snap, embedder, o, () => retrieveGsd(plan, snap, embedder, o));
      case 'mor':
        return inStrategyFrame('mor', plan, snap, embedder, o, () => retrieveMor(plan, snap, embedder, o));
      case 'stem':
        return inStrategyFrame('stem', plan, snap, embedder, o, (types) => retrieveStem(plan, snap, embedder, { ...o, types }));
      case 'sage':
        return inStrategyFrame('sage', plan, snap, embedder, o, (types) => retrieveSage(plan, snap, embedder, { ...o, types }));
      case 'cypher':
        return Promise.reject(new Error('cypher needs a store (kgrag eval --db)'));
    }
  };
  const asker = options.asker;
  return {
    run,
    ...(asker ? { ask: async (q: string, signal?: AbortSignal) => askOutcome(await asker.ask(q, signal ? { signal } : {})) } : {}),
    async whyNot(plan, gold, strategy, result, signal) {
      const expected = goldToFollow(snap, gold);
      if (expected === undefined) return undefined;
      return analyzeWhyNot(plan, expected, { embedder, snapshot: async () => snap, run: (p, o) => run(p, o.strategy, o.signal) }, { strategy, result, verify: false, ...(signal ? { signal } : {}) });
    },
  };
}
