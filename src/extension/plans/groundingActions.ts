/**
 * The Grounding view's actions: "Use this candidate instead" (the candidate's plan opens as the new
 * proposal and runs, one click) and "Open as .kgp" (the candidate's plan, editable, with its
 * question). The grounded planner's results are remembered per question for these clicks.
 */
import * as vscode from 'vscode';
import { groundingReport, type AskResult } from '../../core/ask';
import type { GroundingDecider, GroundingReport } from '../../contracts/inspector/messages';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { Connection } from '../graph/connection';
import { setCandidateHandler } from '../inspector';
import { documentPlans } from '../language/requests';
import { executePlan } from './planRunner';

/** The last few questions the grounded planner answered (a click refers to one of them). */
const recent = new Map<string, AskResult>();
const REMEMBERED = 20;

export function rememberAsk(r: AskResult): void {
  recent.delete(r.question);
  recent.set(r.question, r);
  while (recent.size > REMEMBERED) recent.delete(recent.keys().next().value!);
}

/** Opens `kgp` as an untitled .kgp document beside nothing else: what the user sees and may edit. */
async function openPlanDocument(kgp: string, header: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument({ language: 'kgplan', content: header + kgp });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.One });
  return doc;
}

/**
 * Runs a plan document's first plan and shows it with its grounding (the Grounding view forward).
 * Undefined when the plan has errors (the user fixes them in its document) or the run failed.
 */
export async function runWithGrounding(
  doc: vscode.TextDocument,
  asked: AskResult,
  connection: Connection,
  log: vscode.LogOutputChannel,
  chosen?: { id: number; by: GroundingDecider },
): Promise<{ grounding: GroundingReport; result: RetrievalResult } | undefined> {
  const accepted = await documentPlans(doc);
  const plan = accepted.plans[0];
  if (!plan || plan.errors.length > 0) {
    void vscode.window.showErrorMessage('KG-RAG: the plan has errors; fix them in its document and use its Run lens.');
    return undefined;
  }
  const grounding = groundingReport(asked, { plan: plan.graph.name, strategy: plan.graph.strategy.kind }, chosen);
  const result = await executePlan(plan.graph, 'inspect', connection, log, { uri: doc.uri.toString(), label: `proposal: ${plan.graph.name}` }, accepted.relationAliases, { grounding, view: 'grounding' });
  return result ? { grounding, result } : undefined;
}

export function registerGroundingActions(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setCandidateHandler(async (action, candidate, shown) => {
    const asked = recent.get(shown.question);
    const view = asked?.kind === 'planned' ? asked.candidates.find((c) => c.id === candidate) : undefined;
    if (!asked || !view) {
      void vscode.window.showWarningMessage('KG-RAG: this grounding is from an earlier session; ask the question again to re-plan it.');
      return;
    }
    const header = `// Candidate ${candidate} of ${asked.kind === 'planned' ? asked.totalCandidates : 0} for this question (grounded planner): ${view.chain}, ${view.count} answer(s)\n`;
    const doc = await openPlanDocument(view.kgp, header);
    if (action === 'open') return;
    log.info(`grounding: candidate ${candidate} (${view.chain}) used instead of the planner's choice`);
    await runWithGrounding(doc, asked, connection, log, { id: candidate, by: { kind: 'user' } });
  });
  context.subscriptions.push({ dispose: () => setCandidateHandler(undefined) });
}
