/**
 * Fixes that stay (#28): a change proposed for a plan (a why-not fix) is written into the plan's own
 * `.kgp` document as one workspace edit — the editor's Undo restores it — never into an untitled copy.
 * Only the `plan … { … }` block changes; the rest of the file (schema line, other plans, comments
 * between plans) is left as it is.
 */
import * as vscode from 'vscode';
import { printPlanningGraph } from '../../core/dsl';
import type { PlanningGraph } from '../../core/plan';
import { documentPlans } from '../language/requests';

export type PlanEditOutcome = { readonly kind: 'edited'; readonly uri: string } | { readonly kind: 'unchanged' } | { readonly kind: 'not-found'; readonly reason: string };

/** Replaces plan `name` in the document at `uri` with `plan`, printed; shows the document. */
export async function writePlanIntoDocument(uri: string, name: string, plan: PlanningGraph): Promise<PlanEditOutcome> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const found = (await documentPlans(doc)).plans.find((p) => p.graph.name === name);
  if (!found) return { kind: 'not-found', reason: `plan ${name} is no longer in ${vscode.workspace.asRelativePath(doc.uri)}` };
  const r = found.range;
  const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  const text = printPlanningGraph(plan).trimEnd();
  if (doc.getText(range) === text) return { kind: 'unchanged' };
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, range, text);
  if (!(await vscode.workspace.applyEdit(edit))) return { kind: 'not-found', reason: `${vscode.workspace.asRelativePath(doc.uri)} could not be edited` };
  await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(range.start, range.start) });
  return { kind: 'edited', uri: doc.uri.toString() };
}
