/** Registers commands of the table (commandTable.ts): the one place that calls vscode.commands.registerCommand. */
import * as vscode from 'vscode';
import type { CommandId } from './commandTable';

export type { CommandId } from './commandTable';

/** A command handler: VS Code passes whatever the caller gave (menus, CodeLens arguments, tests). */
type Handler = Parameters<typeof vscode.commands.registerCommand>[1];

export function registerCommand(id: CommandId, handler: Handler): vscode.Disposable {
  return vscode.commands.registerCommand(id, handler);
}
