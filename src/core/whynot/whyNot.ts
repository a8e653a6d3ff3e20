import type { WhyNotResult } from '../../contracts/whyNot';
import type { PlacementReport } from '../../contracts/retrievalResult';
import { memoryGraph, NeedsMemory, storeAnalysisGraph, type AnalysisGraph } from './graph';
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
 * Where the analysis reads the graph follows the placement (graph.ts): in the store, what the store
 * cannot answer within its bounds sends the whole analysis to the snapshot, and the result says so.
 */
export async function analyzeWhyNot(plan: PlanningGraph, expected: string, ctx: WhyNotContext, options: WhyNotOptions = {}): Promise<WhyNotResult> {
  const t0 = performance.now();
  const strategy = options.strategy ?? plan.strategy.kind;
  const signal = options.signal;
  const decided: PlacementReport | undefined = ctx.analysisPlacement ? await ctx.analysisPlacement(strategy, options.placement, signal, options.memoryBudgetMB) : undefined;
  const inStore = decided?.ran === 'store' && ctx.store && ctx.searchIndex && ctx.schema;
  // mor scores text: its index with BM25 (read from the index file on demand).
  const storeGraph = async (): Promise<AnalysisGraph> => storeAnalysisGraph(await ctx.searchIndex!(signal, { text: strategy === 'mor' }), ctx.store!, await ctx.schema!(signal), signal);
  let graph: AnalysisGraph = inStore ? await storeGraph() : memoryGraph(await ctx.snapshot(signal));
  let placement: PlacementReport | undefined = decided && !inStore && decided.ran === 'store' ? { ...decided, ran: 'memory', reason: `${decided.reason}; this session has no store reader for the analysis: it read the snapshot` } : decided;
  const snap = graph.index;
  const ids = nodesNamed(snap, expected);
  const said = (): Pick<WhyNotResult, 'placement' | 'storeIo'> => ({ ...(placement ? { placement } : {}), ...(graph.io && graph.placement === 'store' ? { storeIo: graph.io.report() } : {}) });
  const head = { expected, plan: plan.name, strategy, nodes: ids.map((g) => nodeOf(snap, g)) };
  if (ids.length === 0) {
    const nearest = await nearestNames(snap, ctx.embedder, expected, 5, signal);
    const fixes = nearest.length > 0 && nearest[0]!.edits <= Math.max(2, Math.floor(expected.length / 4)) ? [{ kind: 'fix-expect' as const, from: expected, to: nearest[0]!.name, label: `expect ${printString(nearest[0]!.name)}` }] : [];
    const summary = `"${expected}" is not a name in the graph${nearest.length > 0 ? `; nearest: ${nearest.map((n) => `"${n.name}"`).join(', ')}` : ''}`;
    return { ...head, cause: { kind: 'not-in-graph', nearest }, summary, fixes, ms: performance.now() - t0, ...said() };
  }
  const runOptions = { ...(options.placement ? { placement: options.placement } : {}), ...(options.memoryBudgetMB !== undefined ? { memoryBudgetMB: options.memoryBudgetMB } : {}) };
  const result =
    options.result ??
    (await ctx.run(plan, { strategy, ...runOptions, ...(options.k !== undefined ? { k: options.k } : {}), ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}), ...(signal ? { signal } : {}) }));
  const rank = rankIn(result, expected);
  if (rank !== undefined) {
    const answer = result.answers[rank - 1]!;
    const variable = options.variable ?? plan.targets[0] ?? '';
    // Returned, but maybe only through another node than the one the plan names: say so.
    const through = await throughOwn(plan, result, expected, variable || undefined, snap, ctx, options.relationAliases, signal);
    const swapped = through.kind === 'swapped' ? `, but only through a swapped named node: ${swapsText(through.swaps)}` : '';
    return { ...head, variable, cause: { kind: 'returned', rank, score: answer.score, variable }, summary: `"${expected}" was returned at rank ${rank} of ${result.answers.length}${swapped}`, fixes: [], ms: performance.now() - t0, ...said() };
  }
  const analyse = async (g: AnalysisGraph): Promise<Finding[]> => {
    switch (strategy) {
      case 'gsd':
        return whyNotGsd(plan, ids, result, ctx, options, g);
      case 'mor':
        return whyNotMor(plan, ids, ctx, options, g);
      case 'cypher':
        return whyNotCypher(plan, ids, ctx, options, g);
      case 'stem':
      case 'sage':
        return whyNotFromTrace(plan, ids, g.index, result);
    }
  };
  let findings: Finding[];
  try {
    findings = await analyse(graph);
  } catch (e) {
    if (!(e instanceof NeedsMemory) || graph.placement !== 'store') throw e;
    // Never a result part store, part memory: the whole analysis again on the snapshot, saying why.
    graph = memoryGraph(await ctx.snapshot(signal));
    placement = { requested: decided!.requested, ran: 'memory', reason: `${decided!.reason}, but ${e.message}: the analysis ran on the snapshot` };
    findings = await analyse(graph);
  }
  const chosen = findings.reduce<Finding | undefined>((a, f) => (a === undefined || f.level > a.level ? f : a), undefined);
  if (!chosen) {
    const summary = plan.targets.length === 0 ? 'the plan returns no variable' : `no analysis for ${strategy}`;
    return { ...head, cause: { kind: 'trace', stage: 'none', detail: summary }, summary, fixes: [], ms: performance.now() - t0, ...said() };
  }
  const fixes = options.verify === false ? chosen.fixes : await verifyFixes(plan, expected, strategy, chosen.fixes, ctx, options, chosen.variable, snap);
  return { ...head, ...(chosen.variable !== undefined ? { variable: chosen.variable } : {}), cause: chosen.cause, summary: chosen.summary, fixes, ms: performance.now() - t0, ...said() };
}
