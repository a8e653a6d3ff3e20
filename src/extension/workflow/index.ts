/**
 * The authoring workflow (docs/workflow.md): the active graph and its status bar item, CodeLens
 * run/explain/profile/inspect, inspect-a-question with planners, the Test Explorer, the schema
 * view and few-shot validation. One `registerWorkflow(context, log)` from main.ts.
 */
import * as vscode from 'vscode';
import { Connection } from './connection';
import { registerFewShotValidation } from './fewshotValidation';
import { registerGraphCommands } from './graphCommands';
import { registerInspectQuestion } from './inspectQuestion';
import { registerInspectorGraph } from './inspectorGraph';
import { registerOperations, runningOperations } from './operations';
import { registerPlanRunner } from './planRunner';
import { registerSchemaView } from './schemaView';
import { Secrets } from './secrets';
import { registerStatusBar } from './statusBar';
import { registerTestController } from './testController';

export function registerWorkflow(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const secrets = new Secrets(context.secrets);
  const connection = new Connection(context.globalStorageUri, secrets, log);
  context.subscriptions.push(connection);
  registerOperations(context);
  registerStatusBar(context, connection);
  registerGraphCommands(context, connection, secrets, log);
  registerPlanRunner(context, connection, log);
  registerInspectorGraph(context, connection);
  registerInspectQuestion(context, connection, secrets, log);
  registerTestController(context, connection, log);
  registerSchemaView(context, connection);
  registerFewShotValidation(context, log);
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => void connection.disconnect({ state: 'not-connected' })),
    // A different graph, embedder or timeout means a different engine: reopen on next use.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (['kgrag.graph', 'kgrag.neo4j', 'kgrag.embedder'].some((s) => e.affectsConfiguration(s)) && connection.connected) {
        log.info('graph settings changed: the graph reopens on next use');
        void connection.disconnect({ state: 'not-connected' });
      }
    }),
    // Internal: the workflow's state for tests and bug reports (never a secret).
    vscode.commands.registerCommand('kgrag._state', () => ({
      graph: { kind: connection.activeGraph().kind, label: connection.activeGraph().label },
      health: connection.health,
      trusted: vscode.workspace.isTrusted,
      operations: runningOperations().map((o) => ({ title: o.title, messages: [...o.messages] })),
    })),
  );
  void vscode.commands.executeCommand('setContext', 'kgrag.workflowReady', true);
}
