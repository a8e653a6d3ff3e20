/**
 * Starts the KG Plan language server (dist/server.js, its own Node process, IPC) for `kgplan`
 * documents and for the few-shot files `kgrag.fewshot.files` names (diagnostics only). All language
 * knowledge lives in the server and src/core; this file only wires it up.
 */
import * as vscode from 'vscode';
import { fewshotFileGlobs } from '../platform/config';
import { registerCommand } from '../commands';
import { LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { GraphSchema } from '../../core/schema';
import {
  CONNECTED_GRAPH_NOTIFICATION,
  CONNECTED_SCHEMA_NOTIFICATION,
  ENTITY_LOOKUP_REQUEST,
  readEntityLookupParams,
  type ConnectedGraphParams,
  type ConnectedSchemaParams,
  type EntityLookupParams,
  type EntityLookupResult,
} from '../../contracts/lsp';

let client: LanguageClient | undefined;
let started: Promise<void> | undefined;
/** Kept so a (re)started server learns the connected schema again. */
let connectedSchema: ConnectedSchemaParams | undefined;

/** Answers the server's kgrag/entityLookup (the graph concern sets it; null = no graph connected). */
export type EntityLookupHandler = (params: EntityLookupParams, signal: AbortSignal) => Promise<EntityLookupResult | null>;
let entityLookup: EntityLookupHandler = () => Promise.resolve(null);
/** Kept so a (re)started server learns which graph answers lookups. */
let connectedGraph: ConnectedGraphParams = { graph: null };

export function setEntityLookup(handler: EntityLookupHandler): void {
  entityLookup = handler;
}

/** Tells the server which graph entity lookups now answer from (null: none); it drops its cache and re-checks. */
export async function setConnectedGraph(graph: string | null): Promise<void> {
  if (connectedGraph.graph === graph) return;
  connectedGraph = { graph };
  if (client?.isRunning()) await client.sendNotification(CONNECTED_GRAPH_NOTIFICATION, connectedGraph);
}

/**
 * Tells the language server the schema of the graph the workspace is connected to (null when
 * disconnected). Plans that name no schema, with no `kgrag.schema.path`, are checked against it.
 */
export async function setConnectedSchema(schema: GraphSchema | null, source?: string): Promise<void> {
  connectedSchema = { schema, ...(source !== undefined ? { source } : {}) };
  if (client?.isRunning()) await client.sendNotification(CONNECTED_SCHEMA_NOTIFICATION, connectedSchema);
}

/** The client once the server is running: the extension's requests about documents wait for it. */
export async function languageServerReady(): Promise<LanguageClient> {
  await started;
  const c = client;
  // Restarting (a settings change, trust granted): wait for it to run again, not for ever.
  if (c && !c.isRunning() && c.state === State.Starting) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sub.dispose();
        resolve();
      }, 15_000);
      const sub = c.onDidChangeState((e) => {
        if (e.newState !== State.Starting) {
          clearTimeout(timer);
          sub.dispose();
          resolve();
        }
      });
    });
  }
  if (!c || !c.isRunning()) throw new Error('the KG Plan language server is not running (see the "KG Plan Language Server" output)');
  return c;
}

/** In Restricted Mode the server's Run/Explain/… lenses become one lens that explains why. */
const restrictedLenses: NonNullable<LanguageClientOptions['middleware']>['provideCodeLenses'] = async (document, token, next) => {
  const lenses = await next(document, token);
  if (vscode.workspace.isTrusted || !lenses) return lenses;
  const seen = new Set<number>();
  return lenses.flatMap((l) => {
    if (seen.has(l.range.start.line)) return [];
    seen.add(l.range.start.line);
    return [new vscode.CodeLens(l.range, { title: '$(shield) Restricted Mode: trust the workspace to run plans', command: 'workbench.trust.manage' })];
  });
};

/**
 * Document filters for the few-shot globs. VS Code matches a filter's pattern against the file's
 * absolute path, so `**∕…` patterns are used as they are and the others are anchored at each
 * workspace folder (as the server's isFewShotFile reads them).
 */
export function fewshotDocumentFilters(): { scheme: string; pattern: string }[] {
  const list = fewshotFileGlobs();
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath.split('\\').join('/').replace(/\/$/, ''));
  return list.flatMap((g) =>
    g.startsWith('**/') || g.startsWith('/') || /^[A-Za-z]:[\\/]/.test(g) ? [{ scheme: 'file', pattern: g }] : folders.map((f) => ({ scheme: 'file', pattern: `${f}/${g}` })),
  );
}

function documentSelector(): LanguageClientOptions['documentSelector'] {
  return [{ scheme: 'file', language: 'kgplan' }, { scheme: 'untitled', language: 'kgplan' }, ...fewshotDocumentFilters()];
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
    documentSelector: documentSelector(),
    // Schema files: the server re-checks open plans when one changes on disk.
    synchronize: { fileEvents: watcher },
    outputChannel: serverLog,
    middleware: { provideCodeLenses: restrictedLenses },
  };
  // The id `kgrag` makes the client read the `kgrag.trace.server` setting.
  client = new LanguageClient('kgrag', 'KG Plan Language Server', serverOptions, clientOptions);
  const current = client;
  context.subscriptions.push(
    current.onDidChangeState((e) => {
      if (e.newState === State.Running && connectedSchema) void current.sendNotification(CONNECTED_SCHEMA_NOTIFICATION, connectedSchema);
      if (e.newState === State.Running && connectedGraph.graph !== null) void current.sendNotification(CONNECTED_GRAPH_NOTIFICATION, connectedGraph);
    }),
    current.onRequest(ENTITY_LOOKUP_REQUEST, async (params: unknown, token) => {
      const p = readEntityLookupParams(params);
      if (!p) throw new Error(`${ENTITY_LOOKUP_REQUEST}: malformed parameters`);
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await entityLookup(p, abort.signal);
      } finally {
        sub.dispose();
      }
    }),
  );
  started = client.start().then(
    () => log.info('KG Plan language server started'),
    (e: unknown) => {
      log.error(`KG Plan language server failed to start: ${e instanceof Error ? e.message : String(e)}`);
      void vscode.window.showErrorMessage('KG Plan language server failed to start.', 'Show Log').then((choice) => {
        if (choice === 'Show Log') serverLog.show();
      });
    },
  );
  context.subscriptions.push(
    { dispose: () => void started?.then(() => client?.stop()) },
    // Granting trust turns the Restricted Mode lenses into Run/Explain/…: a restart asks for them again.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void client?.restart()),
    // The selector is fixed while the client runs: a new few-shot glob (or folder) takes a restart.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('kgrag.fewshot.files')) void refreshDocumentSelector(log);
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void refreshDocumentSelector(log)),
    registerCommand('kgrag.restartLanguageServer', async () => {
      log.info('restarting the KG Plan language server');
      await client?.restart();
    }),
  );
}

async function refreshDocumentSelector(log: vscode.LogOutputChannel): Promise<void> {
  const c = client;
  if (!c) return;
  const next = documentSelector();
  if (JSON.stringify(next) === JSON.stringify(c.clientOptions.documentSelector)) return;
  c.clientOptions.documentSelector = next;
  if (!c.isRunning()) return; // a later start reads the new selector
  log.info('kgrag.fewshot.files changed: restarting the KG Plan language server');
  try {
    await c.restart();
  } catch (e) {
    log.error(`KG Plan language server restart failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function stopLanguageClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c?.isRunning()) await c.stop();
}
