/**
 * Starts the KG Plan language server (dist/server.js, its own Node process, IPC) for `kgplan`
 * documents. All language knowledge lives in the server and src/core; this file only wires it up.
 */
import * as vscode from 'vscode';
import { LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { GraphSchema } from '../core/schema/graphSchema';
import { CONNECTED_SCHEMA_NOTIFICATION, type ConnectedSchemaParams } from '../server/protocol';

let client: LanguageClient | undefined;
/** Kept so a (re)started server learns the connected schema again. */
let connectedSchema: ConnectedSchemaParams | undefined;

/**
 * Tells the language server the schema of the graph the workspace is connected to (null when
 * disconnected). Plans that name no schema, with no `kgrag.schema.path`, are checked against it.
 */
export async function setConnectedSchema(schema: GraphSchema | null, source?: string): Promise<void> {
  connectedSchema = { schema, ...(source !== undefined ? { source } : {}) };
  if (client?.isRunning()) await client.sendNotification(CONNECTED_SCHEMA_NOTIFICATION, connectedSchema);
}

/** The running client, for other parts of the extension (and tests) that need it. */
export function languageClient(): LanguageClient | undefined {
  return client;
}

export function registerLanguageClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.json');
  context.subscriptions.push(watcher);
  const serverLog = vscode.window.createOutputChannel('KG Plan Language Server');
  context.subscriptions.push(serverLog);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'kgplan' },
      { scheme: 'untitled', language: 'kgplan' },
    ],
    // Schema files: the server re-checks open plans when one changes on disk.
    synchronize: { fileEvents: watcher },
    outputChannel: serverLog,
  };
  // The id `kgrag` makes the client read the `kgrag.trace.server` setting.
  client = new LanguageClient('kgrag', 'KG Plan Language Server', serverOptions, clientOptions);
  const current = client;
  context.subscriptions.push(
    current.onDidChangeState((e) => {
      if (e.newState === State.Running && connectedSchema) void current.sendNotification(CONNECTED_SCHEMA_NOTIFICATION, connectedSchema);
    }),
  );
  const started = client.start().then(
    () => log.info('KG Plan language server started'),
    (e: unknown) => {
      log.error(`KG Plan language server failed to start: ${e instanceof Error ? e.message : String(e)}`);
      void vscode.window.showErrorMessage('KG Plan language server failed to start.', 'Show Log').then((choice) => {
        if (choice === 'Show Log') serverLog.show();
      });
    },
  );
  context.subscriptions.push(
    { dispose: () => void started.then(() => client?.stop()) },
    vscode.commands.registerCommand('kgrag.restartLanguageServer', async () => {
      log.info('restarting the KG Plan language server');
      await client?.restart();
    }),
  );
}

export async function stopLanguageClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c?.isRunning()) await c.stop();
}
