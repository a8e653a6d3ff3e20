/** The status bar item: the active graph and its health; click to choose a graph (or cancel work). */
import * as vscode from 'vscode';
import type { Connection, Health } from './connection';
import { onDidChangeOperations, runningOperations } from './operations';

export function statusText(label: string, health: Health, busy: number): { text: string; tooltip: string } {
  if (busy > 0) return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `${busy} operation(s) running — click to cancel` };
  switch (health.state) {
    case 'restricted':
      return { text: '$(shield) KG-RAG: Restricted Mode', tooltip: 'Restricted Mode: plans are checked, but no graph is imported, connected or queried. Trust the workspace to run plans.' };
    case 'connecting':
      return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `Connecting to ${label}…` };
    case 'connected':
      return { text: `$(database) KG-RAG: ${label}`, tooltip: `${label}: connected — ${health.nodes} nodes, ${health.labels} labels, ${health.relationshipTypes} relationship types. Click to choose a graph.` };
    case 'error':
      return { text: `$(error) KG-RAG: ${label}`, tooltip: `${label}: ${health.message}\nClick to choose a graph.` };
    case 'disconnected':
      return { text: `$(debug-disconnect) KG-RAG: ${label}`, tooltip: `${label}: disconnected (it reconnects when you run a plan). Click to choose a graph.` };
    case 'not-connected':
      return { text: `$(database) KG-RAG: ${label}`, tooltip: `${label}: opens when you run a plan. Click to choose a graph.` };
  }
}

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
