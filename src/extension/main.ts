import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('KG-RAG Studio', { log: true });
  context.subscriptions.push(log);
  log.info('KG-RAG Studio activated');
}

export function deactivate(): void {}
