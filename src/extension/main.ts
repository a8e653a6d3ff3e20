/**
 * Activation: one `registerX(context, log)` line per concern, each in its own file. Add yours here.
 * Nothing heavy runs at start-up; the extension activates on `kgplan` files and on its commands.
 */
import * as vscode from 'vscode';
import { registerLanguageClient, stopLanguageClient } from './language/client';
import { registerInspector } from './inspector';
import { registerLog } from './log';
import { registerSchemaAliases } from './schemaAliases';
import { registerWorkflow } from './workflow';

export function activate(context: vscode.ExtensionContext): void {
  const log = registerLog(context);
  registerLanguageClient(context, log);
  registerInspector(context, log);
  registerSchemaAliases(context, log);
  registerWorkflow(context, log);
  log.info('KG-RAG Studio activated');
}

export function deactivate(): Promise<void> {
  return stopLanguageClient();
}
