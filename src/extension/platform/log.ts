import * as vscode from 'vscode';

/** The extension's own log ("KG-RAG Studio" in the Output panel); the language server logs to its own channel. */
export function registerLog(context: vscode.ExtensionContext): vscode.LogOutputChannel {
  const log = vscode.window.createOutputChannel('KG-RAG Studio', { log: true });
  context.subscriptions.push(log);
  return log;
}
