/**
 * Restricted Mode: files are read and checked, but nothing is imported, connected or run. Every
 * command that would do so asks here first and says why it will not.
 */
import * as vscode from 'vscode';

export function requireTrust(what: string): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window
    .showWarningMessage(`KG-RAG: ${what} is not available in Restricted Mode. Trust this workspace to import graphs, connect to databases and run plans.`, 'Manage Workspace Trust')
    .then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return false;
}
