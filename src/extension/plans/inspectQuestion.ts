/**
 * Inspect retrieval for a question: the selected text (a `.kgp` question, a few-shot example, any
 * text) → a planner proposes a plan, checked by the same parser → the proposal is kept in a `.kgp`:
 * appended to the one the question was asked in (one undoable edit), else a new named file the user
 * confirms (`proposals/<plan>.kgp`), never an untitled copy → the user runs, keeps or discards it →
 * the inspector shows the run. Tests pass `{question, accept}` to answer the prompts themselves.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { PlanProposal } from '../../core/llm';
import { GroundedPlanner } from '../../core/ask';
import type { GroundingReport } from '../../contracts/inspector/messages';
import { rememberAsk, runWithGrounding } from './groundingActions';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { Connection } from '../graph/connection';
import { withCancellableProgress } from '../platform/operations';
import { choosePlanner, loadPlannerExamples } from './planners';
import { documentPlans } from '../language/requests';
import { executePlan } from './planRunner';
import { appendPlanToDocument, confirmPlanFile, createPlanFile, isPlanFile, planNamesOf, renamePlanText, uniquePlanName } from './planEdit';
import type { Secrets } from '../platform/secrets';
import { cleanQuestion, questionOnLine } from './question';
import { plannerSettings, updateSetting } from '../platform/config';
import { requireTrust } from '../platform/trust';

/** run: keep and run; add: keep without running; discard: keep nothing. */
export type ProposalChoice = 'run' | 'add' | 'discard';

export interface InspectQuestionArgs {
  readonly question?: string;
  /** Answer the "run this plan?" prompt (tests, automation). */
  readonly accept?: ProposalChoice;
}

export interface InspectQuestionOutcome {
  readonly question: string;
  readonly proposal?: PlanProposal;
  /** The .kgp the proposal was kept in (the one asked from, or a new named file). */
  readonly document?: string;
  readonly result?: RetrievalResult;
  readonly planner?: string;
  readonly note?: string;
  /** Why no planner could be used (e.g. no language model), when the command gave up. */
  readonly error?: string;
  /** The grounded planner's account (the inspector's Grounding view), when it planned. */
  readonly grounding?: GroundingReport;
}

/** The question in the editor: the selection, else a `question "…"` on the cursor's line. */
export function questionFromEditor(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const selected = editor.document.getText(editor.selection).trim();
  if (selected) return cleanQuestion(selected);
  return questionOnLine(editor.document.lineAt(editor.selection.active.line).text);
}

export async function inspectQuestion(args: InspectQuestionArgs, connection: Connection, secrets: Secrets, log: vscode.LogOutputChannel): Promise<InspectQuestionOutcome | undefined> {
  if (!requireTrust('Inspecting a question')) return undefined;
  const sourceEditor = vscode.window.activeTextEditor;
  const question =
    args.question ?? questionFromEditor(sourceEditor) ?? (await vscode.window.showInputBox({ title: 'KG-RAG: Inspect Retrieval for a Question', prompt: 'The question to plan and retrieve for', ignoreFocusOut: true }));
  if (!question) return undefined;

  let chosen;
  try {
    chosen = await choosePlanner(connection, secrets);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    log.warn(`planner: ${message}`);
    const asked = vscode.window.showErrorMessage(`KG-RAG: ${message}`, 'Use Nearest Example', 'Open Settings');
    // Automation (accept given) does not wait on the dialog.
    if (args.accept) return { question, error: message };
    const choice = await asked;
    if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'kgrag.planner');
    if (choice !== 'Use Nearest Example') return { question };
    await updateSetting('planner.kind', 'nearestExample', vscode.ConfigurationTarget.Global);
    chosen = await choosePlanner(connection, secrets);
  }
  const { planner, why } = chosen;
  if (why) log.info(`planner: ${why}`);

  const proposal = await withCancellableProgress(`Planning "${question.slice(0, 60)}"`, log, async (signal, report) => {
    const { examples, from } = await loadPlannerExamples();
    log.info(`planner: ${planner.description}, ${examples.length} example(s) from ${from}`);
    // The schema helps a model name labels; only when the graph is already open (no surprise connects).
    const schema = connection.connected?.schema;
    report(`asking ${planner.description}`);
    return planner.propose(question, { examples, shots: plannerSettings().shots, ...(schema ? { schema } : {}) }, signal);
  }).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(`KG-RAG: no plan proposed: ${message}`, 'Open Settings').then((c) => c && vscode.commands.executeCommand('workbench.action.openSettings', 'kgrag.planner'));
    return undefined;
  });
  if (!proposal) return { question, planner: planner.description };
  if (proposal.raw) log.debug(`planner answer: ${proposal.raw.slice(0, 2000)}`);
  if (proposal.kind === 'no-proposal') {
    log.warn(`planner ${planner.description}: no proposal: ${proposal.reason}`);
    void vscode.window.showWarningMessage(`KG-RAG: ${planner.description} proposed no plan: ${proposal.reason}`, 'Open Settings').then((c) => c && vscode.commands.executeCommand('workbench.action.openSettings', 'kgrag.planner'));
    return { question, proposal, planner: planner.description };
  }

  // The grounded planner's account of this question (before anything else can ask it another).
  const asked = planner instanceof GroundedPlanner && planner.last?.kind === 'planned' && planner.last.question === question ? planner.last : undefined;
  if (asked) rememberAsk(asked);
  const note = [why, proposal.note].filter(Boolean).join('; ');
  const errors = proposal.diagnostics.filter((d) => d.severity === 'error');
  const caveat = `${asked?.status === 'weak' ? ` — a weak guess (confidence ${asked.confidence.toFixed(2)}), check it` : ''}${errors.length ? ` (${errors.length} error(s) to fix first)` : ''}`;
  const base: InspectQuestionOutcome = { question, proposal, planner: planner.description, note };
  // The proposal is kept in a .kgp: the one the question was asked in (appended: Undo or Discard
  // takes it out), else a new named file the user confirms. Never an untitled copy.
  const sourceDoc = sourceEditor?.document;
  const askedIn = sourceDoc && sourceDoc.languageId === 'kgplan' && isPlanFile(sourceDoc.uri) ? sourceDoc : undefined;
  let doc: vscode.TextDocument;
  let planName = proposal.plan.name;
  let choice: ProposalChoice;
  if (askedIn) {
    planName = uniquePlanName(await planNamesOf(askedIn), proposal.plan.name);
    const inserted = await appendPlanToDocument(askedIn.uri, planName === proposal.plan.name ? proposal.text : renamePlanText(proposal.text, proposal.plan.name, planName), `Proposed by ${planner.description}${note ? `: ${note}` : ''}`);
    if (!inserted) {
      void vscode.window.showErrorMessage(`KG-RAG: could not add the proposed plan to ${vscode.workspace.asRelativePath(askedIn.uri)}.`);
      return base;
    }
    doc = inserted.doc;
    choice =
      args.accept ??
      ((
        await vscode.window.showInformationMessage(
          `KG-RAG: plan ${planName} proposed and added to ${vscode.workspace.asRelativePath(doc.uri)}${caveat}. Run it?`,
          { modal: false },
          { title: 'Run', choice: 'run' as const },
          { title: 'Keep', choice: 'add' as const },
          { title: 'Discard', choice: 'discard' as const },
        )
      )?.choice ?? 'add');
    if (choice === 'discard') {
      const edit = new vscode.WorkspaceEdit();
      edit.delete(doc.uri, inserted.range);
      await vscode.workspace.applyEdit(edit);
      log.info(`proposal ${planName} discarded`);
      return { ...base, document: doc.uri.toString() };
    }
  } else {
    if (args.accept === 'discard') return base;
    const header = `// Proposed by ${planner.description}\n// ${note.replace(/\n/g, ' ')}\n// Edit freely, then use the Run lens.\n`;
    const file = await confirmPlanFile(`KG-RAG: plan ${planName} proposed by ${planner.description}${caveat}.`, planName, ['Create and Run', 'Create'], args.accept === 'run' ? 'Create and Run' : args.accept === 'add' ? 'Create' : undefined);
    if (!file) {
      log.info(`proposal ${planName} discarded`);
      return base;
    }
    const created = await createPlanFile(file.uri, header + proposal.text);
    if (!created) {
      void vscode.window.showErrorMessage(`KG-RAG: could not create ${vscode.workspace.asRelativePath(file.uri)}.`);
      return base;
    }
    doc = created;
    choice = file.action === 'Create and Run' ? 'run' : 'add';
  }
  const outcome: InspectQuestionOutcome = { ...base, document: doc.uri.toString() };
  if (choice !== 'run') return outcome;
  // What the user accepted is the document as it is now (they may have edited it).
  const accepted = await documentPlans(doc);
  const plan = accepted.plans.find((p) => p.graph.name === planName);
  if (!plan || plan.errors.length > 0) {
    void vscode.window.showErrorMessage(`KG-RAG: the proposed plan ${planName} has errors; fix them in ${vscode.workspace.asRelativePath(doc.uri)} and use its Run lens.`);
    return outcome;
  }
  if (asked) {
    // The grounded planner's run shows its Grounding view: mentions, candidates, the choice, what ran.
    const ran = await runWithGrounding(doc, asked, connection, log, undefined, planName);
    return { ...outcome, ...(ran ? { result: ran.result, grounding: ran.grounding } : {}) };
  }
  const result = await executePlan(plan.graph, 'inspect', connection, log, { uri: doc.uri.toString(), label: vscode.workspace.asRelativePath(doc.uri) }, accepted.relationAliases);
  return { ...outcome, ...(result ? { result } : {}) };
}

export function registerInspectQuestion(context: vscode.ExtensionContext, connection: Connection, secrets: Secrets, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(registerCommand('kgrag.inspectQuestion', (args?: InspectQuestionArgs) => inspectQuestion(args && typeof args === 'object' && !(args instanceof vscode.Uri) ? args : {}, connection, secrets, log)));
}
