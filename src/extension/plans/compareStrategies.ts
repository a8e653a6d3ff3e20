/**
 * "KG-RAG: Compare Strategies": one click runs every strategy the plan allows (the strategy
 * table's `strategiesFor`) on the plan's question, keeps each result in the inspector's history
 * and opens their comparison. The plan's own strategy is A (what the others are compared with).
 * A strategy the plan does not suit, or one whose run fails, is left out and named in the view.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { printPlanningGraph } from '../../core/dsl';
import type { PlanningGraph, StrategyKind } from '../../core/plan';
import { isStrategyKind, strategiesFor } from '../../core/session';
import { keepResult, setActiveGraph, setCompareStrategiesHandler, showComparison } from '../inspector';
import type { Connection } from '../graph/connection';
import { withCancellableProgress } from '../platform/operations';
import { requireTrust } from '../platform/trust';
import { placementSettings } from '../platform/config';
import { resolvePlan, type ResolvedPlan } from './planRunner';

/** The plan's own strategy first, then the table's order. */
export function strategyOrder(plan: PlanningGraph, only?: readonly StrategyKind[]): { run: StrategyKind[]; notes: string[] } {
  const notes: string[] = [];
  const run: StrategyKind[] = [];
  for (const s of strategiesFor(plan)) {
    if (only && !only.includes(s.kind)) continue;
    if (s.unsuitable !== undefined) notes.push(`${s.kind} left out: ${s.unsuitable}`);
    else run.push(s.kind);
  }
  const own = run.indexOf(plan.strategy.kind);
  if (own > 0) run.unshift(...run.splice(own, 1));
  return { run, notes };
}

/** Runs the strategies and shows the comparison; returns the kept entries' ids (A first). */
export async function compareStrategies(resolved: ResolvedPlan, connection: Connection, log: vscode.LogOutputChannel, only?: readonly StrategyKind[]): Promise<string[] | undefined> {
  if (!requireTrust('Running plans')) return undefined;
  const { plan, source, relationAliases } = resolved;
  const { run, notes } = strategyOrder(plan, only);
  const planText = printPlanningGraph(plan);
  const ids: string[] = [];
  const done = await withCancellableProgress(`Compare strategies on ${plan.name}`, log, async (signal, report) => {
    const c = await connection.ensure(signal, report);
    const aliases = relationAliases.size > 0 ? { relationAliases } : {};
    const fingerprint = await c.session.fingerprint(signal).catch(() => undefined);
    const graph = { description: c.session.store.description, ...(fingerprint !== undefined ? { fingerprint } : {}) };
    if (fingerprint !== undefined) setActiveGraph(graph.description, fingerprint);
    for (const [i, kind] of run.entries()) {
      if (signal.aborted) break;
      report(`${kind} (${i + 1} of ${run.length})`);
      try {
        const result = await c.session.run(plan, { strategy: kind, signal, id: `${plan.name}·${kind}`, ...aliases, ...placementSettings() });
        ids.push(keepResult(result, { source, graph, planText, expect: plan.expect }));
        log.info(`Compare ${plan.name}: ${kind} gave ${result.answers.length} answer(s) in ${result.timings.totalMs.toFixed(0)} ms`);
      } catch (e) {
        if (signal.aborted) throw e;
        const message = e instanceof Error ? e.message : String(e);
        notes.push(`${kind} failed: ${message}`);
        log.warn(`Compare ${plan.name}: ${kind} failed: ${message}`);
      }
    }
    return true;
  }).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`Compare strategies on ${plan.name} failed: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: Compare strategies on ${plan.name} failed: ${message}`);
    return false;
  });
  if (!done) return undefined;
  if (ids.length < 2) {
    void vscode.window.showWarningMessage(`KG-RAG: only ${ids.length} strategy ran on ${plan.name}; nothing to compare.${notes.length > 0 ? ` ${notes.join('; ')}` : ''}`);
    return ids;
  }
  showComparison(ids, notes, true);
  return ids;
}

export function registerCompareStrategies(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  // The inspector's "Compare strategies" button: the shown result's plan, from its source document.
  setCompareStrategiesHandler(async (planName, source) => {
    if (!source?.uri) {
      void vscode.window.showWarningMessage(`KG-RAG: this result of ${planName} has no source .kgp file (it was opened from JSON); open the plan and use Compare Strategies there.`);
      return;
    }
    const resolved = await resolvePlan('Compare strategies on', source.uri, planName);
    if (resolved) await compareStrategies(resolved, connection, log);
  });
  context.subscriptions.push(
    { dispose: () => setCompareStrategiesHandler(undefined) },
    // Arguments (all optional): the document, the plan's name, and which strategies (scripts, tests).
    registerCommand('kgrag.compareStrategies', async (uri?: string | vscode.Uri, planName?: string, strategies?: readonly string[]) => {
      const only = strategies?.filter(isStrategyKind);
      const resolved = await resolvePlan('Compare strategies on', uri, planName);
      return resolved ? compareStrategies(resolved, connection, log, only && only.length > 0 ? only : undefined) : undefined;
    }),
  );
}
