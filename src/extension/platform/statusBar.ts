/** The status bar item: the active graph and its health; click to choose a graph (or cancel work). */
import * as vscode from 'vscode';
import type { Connection } from '../graph/connection';
import { statusText } from './statusText';
import { onDidChangeOperations, runningOperations } from './operations';

export function registerStatusBar(context: vscode.ExtensionContext, connection: Connection): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('kgrag.graph', vscode.StatusBarAlignment.Left, 50);
  item.name = 'KG-RAG Graph';
  const update = () => {
    const busy = runningOperations().length;
    const { text, tooltip } = statusText(connection.activeGraph().label, connection.health, busy);
    item.text = text;
    item.tooltip = tooltip;
    item.command = busy > 0 ? 'kgrag.cancelRunning' : 'kgrag.chooseGraph';
    item.backgroundColor = connection.health.state === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  };
  update();
  item.show();
  context.subscriptions.push(
    item,
    connection.onDidChange(update),
    onDidChangeOperations(update),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('kgrag.graph') || e.affectsConfiguration('kgrag.neo4j')) update();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(update),
  );
  return item;
}
