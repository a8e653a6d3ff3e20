/**
 * Schema aliases from the editor: which *.kgschema.json a plan uses (the same rule as the language
 * server and `kgrag run`), its relationship aliases for retrieval, and the inspector's
 * "add as alias" action, which writes the alias into that file as an undoable edit.
 */
import * as vscode from 'vscode';
import { parseDocument } from '../core/dsl';
import { resolveSchemaPath } from '../core/language/schemaSource';
import { addAliasToKgschema } from '../core/schema/kgschemaEdit';
import { parseSchemaFile } from '../core/schema/schemaFile';
import { relationAliasesOf, type RelationAliases } from '../core/retrieve/relations';
import { setAliasHandler, type AliasRequest } from './inspector';

/** The schema file a .kgp document uses, or undefined when it names none and no setting applies. */
export function schemaFileFor(document: vscode.TextDocument): vscode.Uri | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath;
  const setting = vscode.workspace.getConfiguration('kgrag', document.uri).get<string>('schema.path');
  const source = resolveSchemaPath(parseDocument(document.getText()).document, document.uri.scheme === 'file' ? document.uri.fsPath : undefined, setting, folder);
  return source.kind === 'none' ? undefined : vscode.Uri.file(source.path);
}

/** The relationship aliases of the schema a plan uses (empty when there is none or it is broken). */
export async function relationAliasesFor(document: vscode.TextDocument): Promise<RelationAliases> {
  const uri = schemaFileFor(document);
  if (!uri) return new Map();
  try {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return relationAliasesOf(parseSchemaFile(text, uri.fsPath).schema);
  } catch {
    return new Map();
  }
}

async function addAlias(request: AliasRequest, log: vscode.LogOutputChannel): Promise<void> {
  if (request.element !== 'edge') {
    void vscode.window.showInformationMessage('Aliases belong to relationship types and labels; entity names are matched by their text.');
    return;
  }
  const sourceUri = request.source?.uri ? vscode.Uri.parse(request.source.uri) : undefined;
  const plan = sourceUri ? await vscode.workspace.openTextDocument(sourceUri) : undefined;
  const schemaUri = plan ? schemaFileFor(plan) : undefined;
  if (!schemaUri) {
    void vscode.window.showWarningMessage(`The plan names no schema file: add a line schema "….kgschema.json" (or set kgrag.schema.path) to keep aliases.`);
    return;
  }
  const schemaDoc = await vscode.workspace.openTextDocument(schemaUri);
  const result = addAliasToKgschema(schemaDoc.getText(), { kind: 'relationshipType', name: request.candidate, alias: request.patternText });
  if (!result.ok) {
    void vscode.window.showWarningMessage(result.reason);
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  const all = new vscode.Range(schemaDoc.positionAt(0), schemaDoc.positionAt(schemaDoc.getText().length));
  edit.replace(schemaUri, all, result.newText);
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showErrorMessage(`Could not edit ${vscode.workspace.asRelativePath(schemaUri)}.`);
    return;
  }
  await schemaDoc.save();
  log.info(`added alias "${request.patternText}" to ${request.candidate} in ${schemaUri.fsPath}`);
  void vscode.window.showInformationMessage(`"${request.patternText}" is now an alias of ${request.candidate} (${vscode.workspace.asRelativePath(schemaUri)}). Run the plan again to use it.`);
}

export function registerSchemaAliases(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  setAliasHandler((request) => addAlias(request, log));
  context.subscriptions.push({ dispose: () => setAliasHandler(undefined) });
}
