/**
 * The Grounding view's actions: "Use this candidate instead" (the candidate's plan replaces the one
 * that ran, in its .kgp, and runs: one click) and "Open as .kgp" (the candidate's plan added beside
 * it, editable, with its question). Both are workspace edits the editor's Undo reverts; a result
 * with no .kgp of its own gets a named file the user confirms, never an untitled copy. The grounded
 * planner's results are remembered per question for these clicks.
 */
import * as vscode from 'vscode';
import { groundingReport, type AskResult } from '../../core/ask';
import type { GroundingDecider, GroundingReport } from '../../contracts/inspector/messages';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { Connection } from '../graph/connection';
import { setCandidateHandler } from '../inspector';
import { documentPlans } from '../language/requests';
import { executePlan } from './planRunner';
import { appendPlanToDocument, confirmPlanFile, createPlanFile, isPlanFile, planNamesOf, renamePlanText, replacePlanText, uniquePlanName } from './planEdit';

/** The last few questions the grounded planner answered (a click refers to one of them). */
const recent = new Map<string, AskResult>();
const REMEMBERED = 20;

export function rememberAsk(r: AskResult): void {
  recent.delete(r.question);
  recent.set(r.question, r);
  while (recent.size > REMEMBERED) recent.delete(recent.keys().next().value!);
}

/**
 * Runs plan `planName` of a document (default: its first) and shows it with its grounding (the
 * Grounding view forward). Undefined when the plan has errors (the user fixes them in its
 * document) or the run failed.
 */
export async function runWithGrounding(
  doc: vscode.TextDocument,
  asked: AskResult,
  connection: Connection,
  log: vscode.LogOutputChannel,
  chosen?: { id: number; by: GroundingDecider },
  planName?: string,
): Promise<{ grounding: GroundingReport; result: RetrievalResult } | undefined> {
  const accepted = await documentPlans(doc);
  const plan = planName !== undefined ? accepted.plans.find((p) => p.graph.name === planName) : accepted.plans[0];
  if (!plan || plan.errors.length > 0) {
    void vscode.window.showErrorMessage('KG-RAG: the plan has errors; fix them in its document and use its Run lens.');
    return undefined;
  }
  const grounding = groundingReport(asked, { plan: plan.graph.name, strategy: plan.graph.strategy.kind }, chosen);
  const result = await executePlan(plan.graph, 'inspect', connection, log, { uri: doc.uri.toString(), label: `proposal: ${plan.graph.name}` }, accepted.relationAliases, { grounding, view: 'grounding' });
  return result ? { grounding, result } : undefined;
}

export function registerGroundingActions(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setCandidateHandler(async (action, candidate, shown, source) => {
    const asked = recent.get(shown.question);
    const view = asked?.kind === 'planned' ? asked.candidates.find((c) => c.id === candidate) : undefined;
    if (!asked || !view || shown.kind !== 'planned') {
      void vscode.window.showWarningMessage('KG-RAG: this grounding is from an earlier session; ask the question again to re-plan it.');
      return;
    }
    const about = `Candidate ${candidate} of ${asked.kind === 'planned' ? asked.totalCandidates : 0} for "${shown.question}" (grounded planner): ${view.chain}, ${view.count} answer(s)`;
    const ranIn = source?.uri !== undefined ? vscode.Uri.parse(source.uri) : undefined;
    // Every candidate of a question has the question's plan name: the one that ran is replaced ("use"), another is kept beside it ("open").
    const name = shown.ran.plan;
    let doc: vscode.TextDocument | undefined;
    let planName = name;
    if (isPlanFile(ranIn)) {
      if (action === 'use') {
        const edited = await replacePlanText(ranIn, name, view.kgp);
        if (edited.kind === 'not-found') {
          void vscode.window.showWarningMessage(`KG-RAG: ${edited.reason}`);
          return;
        }
        doc = await vscode.workspace.openTextDocument(ranIn);
      } else {
        const existing = await vscode.workspace.openTextDocument(ranIn);
        planName = uniquePlanName(await planNamesOf(existing), `${name}_c${candidate}`);
        doc = (await appendPlanToDocument(ranIn, renamePlanText(view.kgp, name, planName), about))?.doc;
      }
    } else {
      // The result has no .kgp of its own: a new named file, confirmed by the user.
      const choice = await confirmPlanFile(`KG-RAG: ${about}.`, name, [action === 'use' ? 'Create and Run' : 'Create']);
      if (!choice) return;
      doc = await createPlanFile(choice.uri, `// ${about}\n${view.kgp}`);
    }
    if (!doc) return;
    log.info(`grounding: candidate ${candidate} (${view.chain}) ${action === 'use' ? 'used instead of the planner\'s choice' : 'opened'} in ${vscode.workspace.asRelativePath(doc.uri)}`);
    if (action === 'open') return;
    await runWithGrounding(doc, asked, connection, log, { id: candidate, by: { kind: 'user' } }, planName);
  });
  context.subscriptions.push({ dispose: () => setCandidateHandler(undefined) });
}
