/**
 * Commands about the graph itself: choose/connect/disconnect, secrets, import a graph file,
 * build the search index, open the sample workspace.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { formatBadLine, type ImportSummary, sampleFolder } from '../../core/graph';
import { describeSchema, type Connection, type Health } from './connection';
import { withCancellableProgress } from '../platform/operations';
import { NEO4J_PASSWORD_KEY, PLANNER_API_KEY, type Secrets } from '../platform/secrets';
import { graphSettings, updateSetting, type GraphKind } from '../platform/config';
import { requireTrust } from '../platform/trust';
import { createNeo4jNameIndex, createNeo4jVectorIndex } from './nameIndexCommand';

export interface ChooseGraphArgs {
  readonly kind: GraphKind;
  readonly folder?: string;
  readonly uri?: string;
  readonly user?: string;
  readonly database?: string;
  /** Connect now (default true). */
  readonly connect?: boolean;
}

async function askGraph(): Promise<ChooseGraphArgs | undefined> {
  const s = graphSettings();
  const items: (vscode.QuickPickItem & { graph: GraphKind })[] = [
    { graph: 'sample', label: '$(beaker) Sample graph (movies)', description: 'built in, no setup', detail: 'A MetaQA movie subset (CC BY 3.0), imported on first use into the extension storage.' },
    { graph: 'embedded', label: '$(folder) Embedded graph in this workspace', description: s.folder, detail: 'The embedded engine with its data in the workspace folder (import graph files into it).' },
    { graph: 'neo4j', label: '$(server) Neo4j…', description: s.neo4jUri, detail: 'A Neo4j server, cluster or Aura; the password is kept in SecretStorage.' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'KG-RAG: Choose Graph', placeHolder: `Active: ${s.kind}` });
  if (!picked) return undefined;
  if (picked.graph !== 'neo4j') return { kind: picked.graph };
  const uri = await vscode.window.showInputBox({
    title: 'Neo4j URI',
    value: s.neo4jUri || 'neo4j://localhost:7687',
    validateInput: (v) => (/^(neo4j|bolt)(\+s|\+ssc)?:\/\/\S+$/.test(v) ? undefined : 'A neo4j:// or bolt:// URI'),
  });
  if (!uri) return undefined;
  const user = await vscode.window.showInputBox({ title: 'Neo4j user', value: s.neo4jUser });
  if (user === undefined) return undefined;
  const database = await vscode.window.showInputBox({ title: 'Neo4j database (empty: the server default)', value: s.neo4jDatabase });
  if (database === undefined) return undefined;
  return { kind: 'neo4j', uri, user, database };
}

export async function chooseGraph(args: ChooseGraphArgs, connection: Connection, secrets: Secrets, log: vscode.LogOutputChannel): Promise<Health> {
  await updateSetting('graph.kind', args.kind);
  if (args.folder !== undefined) await updateSetting('graph.folder', args.folder);
  if (args.kind === 'neo4j') {
    if (args.uri !== undefined) await updateSetting('neo4j.uri', args.uri);
    if (args.user !== undefined) await updateSetting('neo4j.user', args.user);
    if (args.database !== undefined) await updateSetting('neo4j.database', args.database);
    if ((await secrets.get(NEO4J_PASSWORD_KEY)) === undefined && args.connect !== false) await secrets.prompt(NEO4J_PASSWORD_KEY, 'Neo4j password');
  }
  await connection.disconnect({ state: 'not-connected' });
  if (args.connect === false || !vscode.workspace.isTrusted) return connection.health;
  return connect(connection, log);
}

export async function connect(connection: Connection, log: vscode.LogOutputChannel): Promise<Health> {
  const label = connection.activeGraph().label;
  try {
    await withCancellableProgress(`Connecting to ${label}`, log, (signal, report) => connection.reconnect(signal, report));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(`KG-RAG: cannot open ${label}: ${message}`, 'Choose Graph', 'Show Log').then((choice) => {
      if (choice === 'Choose Graph') void vscode.commands.executeCommand('kgrag.chooseGraph');
      if (choice === 'Show Log') log.show();
    });
  }
  return connection.health;
}

function importFormats(): Record<string, string[]> {
  return { 'Graph files': ['txt', 'tsv', 'csv', 'jsonl'], 'All files': ['*'] };
}

export async function importGraphFile(uris: readonly vscode.Uri[] | undefined, connection: Connection, log: vscode.LogOutputChannel): Promise<(ImportSummary & { readonly totalMs: number; readonly message: string }) | undefined> {
  if (!requireTrust('Importing a graph')) return undefined;
  const files = uris?.length ? uris : await vscode.window.showOpenDialog({ canSelectMany: true, filters: importFormats(), openLabel: 'Import' });
  if (!files?.length) return undefined;
  const graph = connection.activeGraph();
  if (graph.kind === 'neo4j') {
    void vscode.window.showWarningMessage('KG-RAG: importing works on embedded graphs. Load Neo4j graphs with Neo4j tools, or choose an embedded graph.', 'Choose Graph').then((c) => {
      if (c) void vscode.commands.executeCommand('kgrag.chooseGraph');
    });
    return undefined;
  }
  if (graph.kind === 'sample') {
    // The shipped sample stays as shipped: imports go to the workspace's own embedded graph.
    await updateSetting('graph.kind', 'embedded');
    await connection.disconnect({ state: 'not-connected' });
    log.info(`import: switched from the sample graph to the workspace graph ${connection.activeGraph().label}`);
  }
  const label = connection.activeGraph().label;
  // The figure shown is the whole wait (opening the graph, the import, the search index), not the import step alone.
  const began = performance.now();
  const summary = await withCancellableProgress(`Importing ${files.length === 1 ? vscode.workspace.asRelativePath(files[0]!) : `${files.length} files`} into ${label}`, log, (signal, report) =>
    connection.importFiles(files.map((u) => ({ path: u.fsPath })), signal, report),
  ).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`import failed: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: import failed: ${message}`, 'Show Log').then((c) => c && log.show());
    return undefined;
  });
  if (!summary) return undefined;
  for (const b of summary.badLines.slice(0, 50)) log.warn(`skipped ${formatBadLine(b)}`);
  const totalMs = performance.now() - began;
  const text = `imported ${summary.nodesCreated} nodes and ${summary.edgesCreated} edges (${summary.relationshipTypes.length} relationship types) in ${(totalMs / 1000).toFixed(1)} s (writing the graph ${(summary.timeMs / 1000).toFixed(1)} s; the rest opening it and building the search index)${summary.badLines.length ? `; ${summary.badLines.length} bad line(s) skipped (see log)` : ''}`;
  log.info(`import: ${text}`);
  void vscode.window.showInformationMessage(`KG-RAG: ${text}.`);
  return { ...summary, totalMs, message: text };
}

export async function buildIndex(connection: Connection, log: vscode.LogOutputChannel, rebuild = true): Promise<{ nodes: number; source: string; ms: number; cacheError?: string } | undefined> {
  if (!requireTrust('Building the search index')) return undefined;
  try {
    const built = await withCancellableProgress('Building the search index', log, (signal, report) => connection.buildIndex(signal, report, rebuild));
    if (built) void vscode.window.setStatusBarMessage(`KG-RAG: search index of ${built.nodes} nodes ${built.source === 'cache' ? 'loaded' : 'built'} in ${(built.ms / 1000).toFixed(1)} s`, 5000);
    // Built but not saved: the next session builds it again.
    if (built?.cacheError) void vscode.window.showWarningMessage(`KG-RAG: the search index was built but could not be saved (${built.cacheError}); the next session builds it again.`);
    return built;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(`KG-RAG: cannot build the search index: ${message}`);
    return undefined;
  }
}

/**
 * The files of the sample workspace, relative destination → absolute source: the same layout as
 * scripts/sampleWorkspace.mjs (`npm start`): samples/workspace/** (README, few-shot file,
 * .vscode/settings.json selecting the sample graph), examples/*.kgp, samples/movies/{schema, README}.
 */
export function sampleWorkspaceFiles(extensionRoot: string): Map<string, string> {
  const files = new Map<string, string>();
  const template = join(extensionRoot, 'samples', 'workspace');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(template, p), p);
    }
  };
  if (existsSync(template)) walk(template);
  for (const f of readdirSync(join(extensionRoot, 'examples')).filter((n) => n.endsWith('.kgp')).sort()) files.set(join('examples', f), join(extensionRoot, 'examples', f));
  const movies = sampleFolder();
  for (const f of ['movies.kgschema.json', 'README.md']) files.set(join('samples', 'movies', f), join(movies, f));
  return files;
}

/** Builds the sample workspace in a folder (keeping files a user already edited) and opens it. */
export async function openSampleWorkspace(context: vscode.ExtensionContext, args: { folder?: string; open?: boolean } = {}): Promise<string | undefined> {
  let dest = args.folder;
  if (!dest) {
    const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Create the sample workspace here', title: 'KG-RAG: Open Sample Workspace' });
    if (!picked?.[0]) return undefined;
    dest = join(picked[0].fsPath, 'kgrag-movies-sample');
  }
  for (const [rel, src] of sampleWorkspaceFiles(context.extensionUri.fsPath)) {
    const target = join(dest, rel);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(src, target);
  }
  if (args.open !== false) await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(dest), { forceNewWindow: (vscode.workspace.workspaceFolders?.length ?? 0) > 0 });
  return dest;
}

export function registerGraphCommands(context: vscode.ExtensionContext, connection: Connection, secrets: Secrets, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    registerCommand('kgrag.chooseGraph', async (args?: ChooseGraphArgs) => {
      if (!requireTrust('Connecting to a graph')) return connection.health;
      const chosen = args ?? (await askGraph());
      return chosen ? chooseGraph(chosen, connection, secrets, log) : connection.health;
    }),
    registerCommand('kgrag.connect', () => (requireTrust('Connecting to a graph') ? connect(connection, log) : connection.health)),
    registerCommand('kgrag.disconnect', async () => {
      await connection.disconnect();
      return connection.health;
    }),
    registerCommand('kgrag.setNeo4jPassword', async (value?: string) => {
      if (typeof value === 'string') await secrets.store(NEO4J_PASSWORD_KEY, value);
      else if (!(await secrets.prompt(NEO4J_PASSWORD_KEY, 'Neo4j password'))) return;
      log.info('Neo4j password updated in SecretStorage');
      if (connection.activeGraph().kind === 'neo4j' && connection.connected) await connect(connection, log);
    }),
    registerCommand('kgrag.setPlannerApiKey', async (value?: string) => {
      if (typeof value === 'string') await secrets.store(PLANNER_API_KEY, value);
      else if (!(await secrets.prompt(PLANNER_API_KEY, 'API key of the planner endpoint'))) return;
      log.info('planner API key updated in SecretStorage');
    }),
    registerCommand('kgrag.importGraphFile', (uri?: vscode.Uri, uris?: vscode.Uri[]) => importGraphFile(uris?.length ? uris : uri ? [uri] : undefined, connection, log)),
    registerCommand('kgrag.buildIndex', () => buildIndex(connection, log, true)),
    registerCommand('kgrag.createNeo4jNameIndex', () => createNeo4jNameIndex(connection, log)),
    registerCommand('kgrag.createNeo4jVectorIndex', () => createNeo4jVectorIndex(connection, log)),
    registerCommand('kgrag.openSampleWorkspace', (args?: { folder?: string; open?: boolean }) => openSampleWorkspace(context, args)),
    registerCommand('kgrag.showGraphInfo', async () => {
      const c = connection.connected;
      const text = c ? `${c.graph.label}: ${describeSchema(c.schema)}` : `${connection.activeGraph().label}: not connected`;
      void vscode.window.showInformationMessage(`KG-RAG: ${text}`);
      return text;
    }),
  );
}
