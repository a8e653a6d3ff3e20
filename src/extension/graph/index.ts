/**
 * The graph connection of the window (docs/workflow.md): one Connection (one retrieval session per
 * active graph), reopened when trust is granted or the graph settings change, and its state for
 * tests. main.ts wires the concerns that use it.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { runningOperations } from '../platform/operations';
import { statusText } from '../platform/statusText';
import type { Secrets } from '../platform/secrets';
import { Connection } from './connection';
import { openGraphWithPlanEditors } from './warmUp';

export function registerConnection(context: vscode.ExtensionContext, secrets: Secrets, log: vscode.LogOutputChannel): Connection {
  const connection = new Connection(context.globalStorageUri, secrets, log);
  context.subscriptions.push(connection, openGraphWithPlanEditors(connection, log));
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => void connection.disconnect({ state: 'not-connected' })),
    // A different graph, embedder or timeout means a different engine: reopen on next use.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (['kgrag.graph.kind', 'kgrag.graph.folder', 'kgrag.graph.queryTimeoutMs', 'kgrag.neo4j', 'kgrag.embedder'].some((s) => e.affectsConfiguration(s)) && connection.connected) {
        log.info('graph settings changed: the graph reopens on next use');
        void connection.disconnect({ state: 'not-connected' });
      }
    }),
    // Internal: the workflow's state for tests and bug reports (never a secret).
    registerCommand('kgrag._state', () => ({
      graph: { kind: connection.activeGraph().kind, label: connection.activeGraph().label },
      health: connection.health,
      status: statusText(connection.activeGraph().label, connection.health, runningOperations().length),
      trusted: vscode.workspace.isTrusted,
      operations: runningOperations().map((o) => ({ title: o.title, messages: [...o.messages] })),
    })),
  );
  return connection;
}
