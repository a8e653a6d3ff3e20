/**
 * "Why not X?" from the inspector: the analysis is core/whynot's, through the session's one door
 * (`session.whyNot`); this finds the kept result's plan in its source document, runs the analysis
 * on the result's own graph and strategy, and re-runs the plan with an offered fix (`applyFix`),
 * keeping the re-run and showing it beside the original.
 */
import * as vscode from 'vscode';
import { printPlanningGraph } from '../../core/dsl';
import { applyFix } from '../../core/whynot';
import type { WhyNotFix, WhyNotResult } from '../../contracts/whyNot';
import { keepResult, setWhyNotHandler, showComparison, type KeptEntry } from '../inspector';
import type { Connection } from '../graph/connection';
import { withCancellableProgress } from '../platform/operations';
import { requireTrust } from '../platform/trust';
import { placementSettings } from '../platform/config';
import { resolvePlan, type ResolvedPlan } from './planRunner';
import { writePlanIntoDocument } from './planEdit';
import type { PlanningGraph } from '../../core/plan';

/** A kept result's plan and where it came from; `source` is absent for a plan with no .kgp (a JSON-lines set item, an asked question). */
type PlanOfEntry = Omit<ResolvedPlan, 'source'> & { readonly source?: ResolvedPlan['source'] };

/**
 * Plans of kept results that have no .kgp document (an Evaluation view miss from a JSON-lines set):
 * by entry id, so why-not can analyse them and a fix can re-run them. The newest 100.
 */
const plansWithoutDocument = new Map<string, { plan: PlanningGraph; where: string }>();

export function rememberEntryPlan(entryId: string, plan: PlanningGraph, where: string): void {
  plansWithoutDocument.delete(entryId);
  plansWithoutDocument.set(entryId, { plan, where });
  while (plansWithoutDocument.size > 100) plansWithoutDocument.delete(plansWithoutDocument.keys().next().value!);
}

/** The kept result's plan as its document has it now; a one-line reason when it cannot be found. */
async function planOf(entry: KeptEntry): Promise<PlanOfEntry | string> {
  if (!entry.source?.uri) {
    const known = plansWithoutDocument.get(entry.id);
    if (known) return { plan: known.plan, relationAliases: new Map() };
    return `this result of ${entry.result.plan} has no source .kgp file (it was opened from JSON)`;
  }
  const resolved = await resolvePlan('Why not', entry.source.uri, entry.result.plan);
  return resolved ?? `plan ${entry.result.plan} is no longer in ${entry.source.label ?? entry.source.uri}`;
}

export async function whyNot(entry: KeptEntry, expected: string, connection: Connection, log: vscode.LogOutputChannel): Promise<WhyNotResult | string> {
  if (!requireTrust('Running plans')) return 'the workspace is not trusted: plans do not run in Restricted Mode';
  const resolved = await planOf(entry);
  if (typeof resolved === 'string') return resolved;
  const { plan, relationAliases } = resolved;
  // The result at hand is the run to explain, as long as its plan is the document's.
  const same = entry.planText === undefined || entry.planText === printPlanningGraph(plan);
  return withCancellableProgress(`Why not "${expected}" (${entry.result.strategy})`, log, async (signal, report) => {
    const c = await connection.ensure(signal, report);
    if (c.session.store.description !== entry.result.store.description) {
      return `this result came from another graph (${entry.result.store.description}); the active graph is ${c.session.store.description}. Run the plan again to ask why not.`;
    }
    report('analysing');
    return c.session.whyNot(plan, expected, {
      strategy: entry.result.strategy,
      ...(same ? { result: entry.result } : {}),
      ...(relationAliases.size > 0 ? { relationAliases } : {}),
      // kgrag.retrieval.placement: where the analysis reads the graph, as for runs (the result says which ran and why).
      ...placementSettings(entry.source?.uri !== undefined ? vscode.Uri.parse(entry.source.uri) : undefined),
      signal,
    });
  })
    .then((r) => r ?? 'cancelled')
    .catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
}

/**
 * The plan as the fix writes it into its .kgp: the applied plan with the parameters the fix sets
 * marked as given (so they are printed), or the expect list corrected. Undefined: the fix changes
 * no plan text (an alias belongs in the schema file).
 */
export function planTextChange(plan: PlanningGraph, fix: WhyNotFix, applied: PlanningGraph | undefined): PlanningGraph | undefined {
  switch (fix.kind) {
    case 'fix-expect':
      return { ...plan, expect: plan.expect.map((e) => (e === fix.from ? fix.to : e)) };
    case 'add-alias':
      return undefined;
    case 'set-parameter': {
      if (!applied) return undefined;
      const given = applied.strategy.kind === plan.strategy.kind ? plan.givenParameters ?? [] : [];
      return { ...applied, givenParameters: [...new Set([...given, fix.name, ...Object.keys(fix.also ?? {})])] };
    }
    default:
      return applied;
  }
}

/** Writes the fix into the entry's .kgp (an undoable workspace edit); a line for the user. */
async function writeFix(entry: KeptEntry, fix: WhyNotFix): Promise<string | undefined> {
  const resolved = await planOf(entry);
  if (typeof resolved === 'string') return resolved;
  const applied = applyFix(resolved.plan, fix, undefined);
  const next = planTextChange(resolved.plan, fix, 'plan' in applied ? applied.plan : undefined);
  if (!next) return fix.kind === 'add-alias' ? `${fix.label}: aliases live in the schema file; the plan is unchanged (use "Add as Alias" to write it there)` : undefined;
  if (!resolved.source) return `${fix.label}: re-run only; the plan is ${plansWithoutDocument.get(entry.id)?.where ?? 'not in a .kgp file'}, edit it there`;
  const edited = await writePlanIntoDocument(resolved.source.uri, resolved.plan.name, next);
  if (edited.kind === 'not-found') return edited.reason;
  return edited.kind === 'edited' ? `${fix.label}: written into ${resolved.source.label} (Undo restores it)` : undefined;
}

/** Re-runs the entry's plan with `fix`; returns the kept re-run's id, or why not. */
export async function rerunWithFix(entry: KeptEntry, fix: WhyNotFix, connection: Connection, log: vscode.LogOutputChannel): Promise<string | { error: string }> {
  if (!requireTrust('Running plans')) return { error: 'the workspace is not trusted' };
  const resolved = await planOf(entry);
  if (typeof resolved === 'string') return { error: resolved };
  const applied = applyFix(resolved.plan, fix, resolved.relationAliases.size > 0 ? resolved.relationAliases : undefined);
  if ('skipped' in applied) return { error: `${fix.label}: ${applied.skipped}` };
  return withCancellableProgress(`${fix.label} — re-run ${resolved.plan.name}`, log, async (signal, report) => {
    const c = await connection.ensure(signal, report);
    const result = await c.session.run(applied.plan, { strategy: entry.result.strategy, id: `${resolved.plan.name}·fixed`, signal, ...(applied.relationAliases ? { relationAliases: applied.relationAliases } : {}) });
    const fingerprint = await c.session.fingerprint(signal).catch(() => undefined);
    const id = keepResult(result, {
      ...(resolved.source ? { source: resolved.source } : entry.source ? { source: entry.source } : {}),
      graph: { description: result.store.description, ...(fingerprint !== undefined ? { fingerprint } : {}) },
      // The fixed plan, not the document's: the entry says what actually ran.
      planText: printPlanningGraph(applied.plan),
    });
    const where = plansWithoutDocument.get(entry.id)?.where;
    if (!resolved.source && where !== undefined) rememberEntryPlan(id, applied.plan, where);
    return id;
  })
    .then((r) => r ?? { error: 'cancelled' })
    .catch((e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }));
}

export function registerWhyNot(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setWhyNotHandler({
    analyse: (entry, expected) => whyNot(entry, expected, connection, log),
    async applyFix(entry, fix) {
      // Re-run first (on the plan as the document has it), then write the fix into the .kgp so it stays.
      const id = fix.kind === 'fix-expect' ? undefined : await rerunWithFix(entry, fix, connection, log);
      if (id !== undefined && typeof id !== 'string') {
        void vscode.window.showWarningMessage(`KG-RAG: ${id.error}`);
        return;
      }
      const written = await writeFix(entry, fix);
      if (written) {
        log.info(`why-not fix: ${written}`);
        void vscode.window.setStatusBarMessage(`KG-RAG: ${written}`, 8000);
      }
      if (id !== undefined) showComparison([entry.id, id], [`B is A re-run with the fix: ${fix.label}`]);
    },
  });
  context.subscriptions.push({ dispose: () => setWhyNotHandler(undefined) });
}
