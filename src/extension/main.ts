/**
 * Activation: one `registerX(context, …)` line per concern, each in its own folder (docs/architecture.md).
 * Nothing heavy runs at start-up; the extension activates on `kgplan` files and on its commands.
 */
import * as vscode from 'vscode';
import { registerEvaluation } from './eval/evaluate';
import { registerFewShotValidation } from './fewshot/fewshotValidation';
import { registerConnection } from './graph';
import { registerEntityLookup } from './graph/entityLookup';
import { registerGraphCommands } from './graph/graphCommands';
import { registerSchemaView } from './graph/schemaView';
import { registerInspector } from './inspector';
import { registerInspectorGraph } from './inspector/graphLink';
import { registerLanguageClient, stopLanguageClient } from './language/client';
import { registerLog } from './platform/log';
import { registerOperations } from './platform/operations';
import { Secrets } from './platform/secrets';
import { registerStatusBar } from './platform/statusBar';
import { registerWalkthrough } from './platform/walkthrough';
import { registerCypherQueries } from './plans/cypherQuery';
import { registerCompareStrategies } from './plans/compareStrategies';
import { registerInspectQuestion } from './plans/inspectQuestion';
import { registerGroundingActions } from './plans/groundingActions';
import { registerPlanRunner } from './plans/planRunner';
import { registerSchemaAliases } from './plans/schemaAliases';
import { registerWhyNot } from './plans/whyNot';
import { registerTestController } from './plans/testController';
import { registerRetrievalTool } from './plans/lmTool';

export function activate(context: vscode.ExtensionContext): void {
  const log = registerLog(context);
  // platform
  const secrets = new Secrets(context.secrets);
  registerOperations(context);
  // language
  registerLanguageClient(context, log);
  // graph
  const connection = registerConnection(context, secrets, log);
  registerStatusBar(context, connection);
  registerGraphCommands(context, connection, secrets, log);
  registerSchemaView(context, connection);
  registerEntityLookup(context, connection, log);
  // plans
  registerInspector(context, log);
  registerSchemaAliases(context, log);
  registerPlanRunner(context, connection, log);
  registerCypherQueries(context, connection, log);
  registerCompareStrategies(context, connection, log);
  registerWhyNot(context, connection, log);
  registerInspectorGraph(context, connection);
  registerInspectQuestion(context, connection, secrets, log);
  registerGroundingActions(context, connection, log);
  registerTestController(context, connection, log);
  registerRetrievalTool(context, connection, log);
  registerEvaluation(context, connection, log);
  // few-shot
  registerFewShotValidation(context, log);
  registerWalkthrough(context, log);
  void vscode.commands.executeCommand('setContext', 'kgrag.workflowReady', true);
  log.info('KG-RAG Studio activated');
}

export function deactivate(): Promise<void> {
  return stopLanguageClient();
}
