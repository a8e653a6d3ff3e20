/**
 * Fixes that stay (#28): a change proposed for a plan (a why-not fix) is written into the plan's own
 * `.kgp` document as one workspace edit — the editor's Undo restores it — never into an untitled copy.
 * Only the `plan … { … }` block changes; the rest of the file (schema line, other plans, comments
 * between plans) is left as it is. A proposed plan ("Inspect Question", "Use instead", "Open as
 * .kgp") goes into the .kgp it came from the same way, or into a named file the user confirms
 * (`proposals/<plan>.kgp`, or one chosen in a save dialog), created by a workspace edit too.
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

/** Plan text printed by core (`plan <name> {` first) renamed: the candidate of a question kept beside the one that ran. */
export function renamePlanText(text: string, from: string, to: string): string {
  return text.replace(new RegExp(`^(\\s*plan\\s+)${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\{)`, 'm'), `$1${to}$2`);
}

/** `name`, or `name_2`, `name_3`, … : the first not in `taken`. */
export function uniquePlanName(taken: ReadonlySet<string>, name: string): string {
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name}_${i}`)) return `${name}_${i}`;
}

/** The names of the plans a .kgp document holds (the language server's reading). */
export async function planNamesOf(doc: vscode.TextDocument): Promise<Set<string>> {
  return new Set((await documentPlans(doc)).plans.map((p) => p.graph.name));
}

/**
 * Appends plan text to a .kgp document as one workspace edit (Undo removes it) and shows it with
 * the plan selected. `comment` goes on a line above the plan (comments between plans are kept).
 */
export async function appendPlanToDocument(uri: vscode.Uri, planText: string, comment?: string): Promise<{ readonly doc: vscode.TextDocument; readonly range: vscode.Range } | undefined> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const end = doc.lineAt(doc.lineCount - 1).range.end;
  const lead = doc.getText().trim() === '' ? '' : doc.getText().endsWith('\n\n') ? '' : doc.getText().endsWith('\n') ? '\n' : '\n\n';
  const block = `${comment ? `// ${comment.replace(/\n/g, ' ')}\n` : ''}${planText.trimEnd()}\n`;
  const edit = new vscode.WorkspaceEdit();
  edit.insert(doc.uri, end, lead + block);
  if (!(await vscode.workspace.applyEdit(edit))) return undefined;
  const startLine = end.line + lead.split('\n').length - 1;
  const selection = new vscode.Range(startLine, 0, startLine, 0);
  await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One, selection });
  // What was inserted, so a declined proposal can be taken out again.
  return { doc, range: new vscode.Range(end, doc.positionAt(doc.offsetAt(end) + lead.length + block.length)) };
}

/** Replaces plan `name` of the document with `planText` as written (one undoable edit); shows it. */
export async function replacePlanText(uri: vscode.Uri, name: string, planText: string): Promise<PlanEditOutcome> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const found = (await documentPlans(doc)).plans.find((p) => p.graph.name === name);
  if (!found) return { kind: 'not-found', reason: `plan ${name} is no longer in ${vscode.workspace.asRelativePath(doc.uri)}` };
  const r = found.range;
  const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  const text = planText.trimEnd();
  if (doc.getText(range) === text) return { kind: 'unchanged' };
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, range, text);
  if (!(await vscode.workspace.applyEdit(edit))) return { kind: 'not-found', reason: `${vscode.workspace.asRelativePath(doc.uri)} could not be edited` };
  await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(range.start, range.start) });
  return { kind: 'edited', uri: doc.uri.toString() };
}

/** A .kgp file a plan can be kept in: the plans' own document, when it is a file on disk. */
export function isPlanFile(uri: vscode.Uri | undefined): uri is vscode.Uri {
  return uri !== undefined && uri.scheme !== 'untitled' && /\.kgp$/i.test(uri.path);
}

/** `proposals/<name>.kgp` under the first workspace folder, numbered when taken; undefined without a folder. */
export async function derivedPlanFile(name: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return undefined;
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_') || 'plan';
  for (let i = 1; ; i++) {
    const uri = vscode.Uri.joinPath(folder, 'proposals', `${safe}${i === 1 ? '' : `-${i}`}.kgp`);
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return uri;
    }
  }
}

export type NewFileChoice = { readonly uri: vscode.Uri; readonly action: string } | undefined;

/**
 * Where a new plan file goes, confirmed by the user: the derived name (`actions` are the buttons
 * that accept it, e.g. "Create and Run"), or one chosen in a save dialog. `confirmed` (automation,
 * tests) takes the derived name without asking. Undefined: the user declined.
 */
export async function confirmPlanFile(message: string, name: string, actions: readonly string[], confirmed?: string): Promise<NewFileChoice> {
  const derived = await derivedPlanFile(name);
  if (confirmed !== undefined && derived) return { uri: derived, action: confirmed };
  const choose = 'Choose Location…';
  const where = derived ? vscode.workspace.asRelativePath(derived) : undefined;
  const picked = where
    ? await vscode.window.showInformationMessage(`${message} Save it as ${where}?`, ...actions, choose)
    : choose;
  if (picked === undefined) return undefined;
  if (picked !== choose) return { uri: derived!, action: picked };
  const uri = await vscode.window.showSaveDialog({ title: 'KG-RAG: save the plan as', filters: { 'KG plan': ['kgp'] }, ...(derived ? { defaultUri: derived } : {}) });
  return uri ? { uri, action: actions[0] ?? 'Create' } : undefined;
}

/** Creates a .kgp file holding `content` (one workspace edit: Undo removes it) and shows it. */
export async function createPlanFile(uri: vscode.Uri, content: string): Promise<vscode.TextDocument | undefined> {
  const edit = new vscode.WorkspaceEdit();
  edit.createFile(uri, { overwrite: true, contents: new TextEncoder().encode(content) });
  if (!(await vscode.workspace.applyEdit(edit))) return undefined;
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
  return doc;
}
