import type { WhyNotFix, WhyNotFixOutcome } from '../../contracts/whyNot';
import type { PlanningGraph, StrategyKind } from '../plan/planningGraph';
import { DEFAULT_STRATEGIES } from '../plan/planningGraph';
import { strategyProblems } from '../plan/strategyParameters';
import type { RelationAliases } from '../retrieve/relations';
import type { RetrievalResult } from '../retrieve/result';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { normalizeAnswer } from '../testing/evaluate';
import type { WhyNotContext, WhyNotOptions } from './context';
import { ownMatches, throughNamed } from './named';

/** Whether `result` returns `expected` through the own matches of `plan`'s named nodes. */
export async function throughOwn(plan: PlanningGraph, result: RetrievalResult, expected: string, variable: string | undefined, snap: SearchIndex, ctx: WhyNotContext, relationAliases: RelationAliases | undefined, signal?: AbortSignal): Promise<ReturnType<typeof throughNamed>> {
  const own = await ownMatches(plan, snap, ctx.embedder, relationAliases, signal);
  return throughNamed(result, expected, variable ?? plan.targets[0], own, snap);
}

/** The plan and aliases a fix asks for (pure: the caller re-runs them). */
export function applyFix(plan: PlanningGraph, fix: WhyNotFix, aliases: RelationAliases | undefined): { plan: PlanningGraph; relationAliases?: RelationAliases } | { skipped: string } {
  const keep = aliases ? { relationAliases: aliases } : {};
  switch (fix.kind) {
    case 'set-parameter': {
      const own = plan.strategy.kind === fix.strategy ? plan.strategy : DEFAULT_STRATEGIES[fix.strategy];
      return { plan: { ...plan, strategy: { ...own, ...fix.also, [fix.name]: fix.value } as PlanningGraph['strategy'] }, ...keep };
    }
    case 'add-alias': {
      if (fix.element !== 'relation') return { skipped: 'label aliases are read from the schema file' };
      const next = new Map(aliases ?? []);
      next.set(fix.target, [...(next.get(fix.target) ?? []), fix.alias]);
      return { plan, relationAliases: next };
    }
    case 'relax-category':
      return {
        plan: { ...plan, nodes: plan.nodes.map(({ category, ...n }) => (n.id !== fix.variable ? { ...n, ...(category !== undefined ? { category } : {}) } : { ...n, ...(fix.to !== undefined ? { category: fix.to } : {}) })) },
        ...keep,
      };
    case 'use-name':
      return { plan: { ...plan, nodes: plan.nodes.map((n) => (n.id !== fix.variable ? n : { ...n, text: n.text?.kind === 'exact' ? { kind: 'exact', value: fix.to } : { kind: 'soft', value: fix.to } })) }, ...keep };
    case 'fix-expect':
      return { skipped: 'the expected answer itself changes: nothing to re-run' };
  }
}

/** Whether `expected` is among a result's answers, and where (1-based). */
export function rankIn(result: RetrievalResult, expected: string): number | undefined {
  const want = normalizeAnswer(expected);
  const i = result.answers.findIndex((a) => normalizeAnswer(a.value) === want);
  return i < 0 ? undefined : i + 1;
}

/**
 * Re-runs each fix (the run the analysis explained, with the fix applied) and records the outcome.
 * A re-run that returns the answer only through a swapped named node (another node than the one
 * the plan names, before the fix: a "use-name" that replaces an entity the graph has by another is a
 * swap too, while one that corrects a name the graph lacks is not) is not a fix: `returned` is
 * false and `swapped` says which.
 */
export async function verifyFixes(plan: PlanningGraph, expected: string, strategy: StrategyKind, fixes: readonly WhyNotFix[], ctx: WhyNotContext, options: WhyNotOptions, variable?: string, index?: SearchIndex): Promise<WhyNotFix[]> {
  const out: WhyNotFix[] = [];
  // The names the own matches are read from: the analysis' index (store placement: without the graph), else the snapshot.
  const snap = index ?? (await ctx.snapshot(options.signal));
  for (const fix of fixes) {
    const applied = applyFix(plan, fix, options.relationAliases);
    let outcome: WhyNotFixOutcome;
    // A value the strategy refuses (e.g. nodeCandidates above its maximum) cannot be re-run: said, not thrown.
    const refused = 'skipped' in applied ? [] : strategyProblems(applied.plan.strategy);
    if ('skipped' in applied) outcome = { returned: false, answers: 0, skipped: applied.skipped };
    else if (refused.length > 0) outcome = { returned: false, answers: 0, skipped: `the plan would be refused: ${refused.join('; ')}` };
    else {
      // A parameter fix sets the plan's value; a run-level size override would hide it.
      const sets = fix.kind === 'set-parameter' ? [fix.name, ...Object.keys(fix.also ?? {})] : [];
      const k = sets.includes('k') || sets.includes('limit') ? undefined : options.k;
      const result = await ctx.run(applied.plan, { strategy, ...(options.placement ? { placement: options.placement } : {}), ...(options.memoryBudgetMB !== undefined ? { memoryBudgetMB: options.memoryBudgetMB } : {}), ...(k !== undefined ? { k } : {}), ...(applied.relationAliases ? { relationAliases: applied.relationAliases } : {}), ...(options.signal ? { signal: options.signal } : {}) });
      const rank = rankIn(result, expected);
      const through = rank === undefined ? undefined : await throughOwn(plan, result, expected, variable, snap, ctx, applied.relationAliases, options.signal);
      const swapped = through?.kind === 'swapped' ? through.swaps : undefined;
      outcome = { returned: rank !== undefined && !swapped, ...(rank !== undefined ? { rank } : {}), answers: result.answers.length, ...(swapped ? { swapped } : {}) };
    }
    out.push({ ...fix, outcome });
  }
  return out;
}
