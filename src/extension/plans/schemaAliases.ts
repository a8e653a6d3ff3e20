/**
 * The inspector's "add as alias" action: writes the alias into the *.kgschema.json the plan uses
 * (the language server answers which, by the one schema rule) as an undoable edit.
 */
import * as vscode from 'vscode';
import { addAliasToKgschema } from '../../core/schema';
import { documentPlans } from '../language/requests';
import { setAliasHandler, type AliasRequest } from '../inspector';

async function addAlias(request: AliasRequest, log: vscode.LogOutputChannel): Promise<void> {
  if (request.element !== 'edge') {
    void vscode.window.showInformationMessage('Aliases belong to relationship types and labels; entity names are matched by their text.');
    return;
  }
  const sourceUri = request.source?.uri ? vscode.Uri.parse(request.source.uri) : undefined;
  const plan = sourceUri ? await vscode.workspace.openTextDocument(sourceUri) : undefined;
  const schemaUri = plan ? (await documentPlans(plan)).schemaFile : undefined;
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
