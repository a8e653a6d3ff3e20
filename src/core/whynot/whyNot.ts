import type { WhyNotResult } from '../../contracts/whyNot';
import type { PlanningGraph } from '../plan/planningGraph';
import type { WhyNotContext, WhyNotOptions } from './context';
import type { Finding } from './finding';
import { rankIn, throughOwn, verifyFixes } from './fixes';
import { swapsText } from './named';
import { whyNotCypher } from './cypher';
import { whyNotGsd } from './gsd';
import { whyNotMor } from './mor';
import { nearestNames, nodeOf, nodesNamed } from './names';
import { whyNotFromTrace } from './traces';
import { printString } from '../dsl/printer';

/**
 * Why did a strategy not return `expected` for this plan? Runs (or takes) the strategy's result,
 * then: not in the graph (nearest names) → returned (rank) → the strategy's own analysis
 * (gsd.ts, mor.ts, cypher.ts, traces.ts); each offered fix is re-run unless `verify` is false.
 */
export async function analyzeWhyNot(plan: PlanningGraph, expected: string, ctx: WhyNotContext, options: WhyNotOptions = {}): Promise<WhyNotResult> {
  const t0 = performance.now();
  const strategy = options.strategy ?? plan.strategy.kind;
  const snap = await ctx.snapshot(options.signal);
  const ids = nodesNamed(snap, expected);
  const head = { expected, plan: plan.name, strategy, nodes: ids.map((g) => nodeOf(snap, g)) };
  if (ids.length === 0) {
    const nearest = await nearestNames(snap, ctx.embedder, expected, 5, options.signal);
    const fixes = nearest.length > 0 && nearest[0]!.edits <= Math.max(2, Math.floor(expected.length / 4)) ? [{ kind: 'fix-expect' as const, from: expected, to: nearest[0]!.name, label: `expect ${printString(nearest[0]!.name)}` }] : [];
    const summary = `"${expected}" is not a name in the graph${nearest.length > 0 ? `; nearest: ${nearest.map((n) => `"${n.name}"`).join(', ')}` : ''}`;
    return { ...head, cause: { kind: 'not-in-graph', nearest }, summary, fixes, ms: performance.now() - t0 };
  }
  const result =
    options.result ??
    (await ctx.run(plan, { strategy, ...(options.k !== undefined ? { k: options.k } : {}), ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}), ...(options.signal ? { signal: options.signal } : {}) }));
  const rank = rankIn(result, expected);
  if (rank !== undefined) {
    const answer = result.answers[rank - 1]!;
    const variable = options.variable ?? plan.targets[0] ?? '';
    // Returned, but maybe only through another node than the one the plan names: say so.
    const through = await throughOwn(plan, result, expected, variable || undefined, ctx, options.relationAliases, options.signal);
    const swapped = through.kind === 'swapped' ? `, but only through a swapped named node: ${swapsText(through.swaps)}` : '';
    return { ...head, variable, cause: { kind: 'returned', rank, score: answer.score, variable }, summary: `"${expected}" was returned at rank ${rank} of ${result.answers.length}${swapped}`, fixes: [], ms: performance.now() - t0 };
  }
  let findings: Finding[];
  switch (strategy) {
    case 'gsd':
      findings = await whyNotGsd(plan, ids, result, ctx, options);
      break;
    case 'mor':
      findings = await whyNotMor(plan, ids, ctx, options);
      break;
    case 'cypher':
      findings = await whyNotCypher(plan, ids, ctx, options);
      break;
    case 'stem':
    case 'sage':
      findings = whyNotFromTrace(plan, ids, snap, result);
      break;
  }
  const chosen = findings.reduce<Finding | undefined>((a, f) => (a === undefined || f.level > a.level ? f : a), undefined);
  if (!chosen) {
    const summary = plan.targets.length === 0 ? 'the plan returns no variable' : `no analysis for ${strategy}`;
    return { ...head, cause: { kind: 'trace', stage: 'none', detail: summary }, summary, fixes: [], ms: performance.now() - t0 };
  }
  const fixes = options.verify === false ? chosen.fixes : await verifyFixes(plan, expected, strategy, chosen.fixes, ctx, options, chosen.variable);
  return { ...head, ...(chosen.variable !== undefined ? { variable: chosen.variable } : {}), cause: chosen.cause, summary: chosen.summary, fixes, ms: performance.now() - t0 };
}
