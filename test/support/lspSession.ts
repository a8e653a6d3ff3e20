// The language server as a client sees it: the real server process (src/server/main.ts through
// tsx) over JSON-RPC on stdio, in a temporary workspace, with settings the test controls.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type MessageConnection, type PublishDiagnosticsParams } from 'vscode-languageserver/node';

const ROOT = resolve(__dirname, '../..');

export interface LspSession {
  readonly conn: MessageConnection;
  /** The temporary workspace folder (removed by stop). */
  readonly ws: string;
  /** What the server reads through workspace/configuration. */
  settings: Record<string, unknown>;
  /** The first published diagnostics for `uri` that satisfy `test` (already published ones count). */
  diagnostics(uri: string, test: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  /** The last diagnostics published for `uri`, if any. */
  published(uri: string): Diagnostic[] | undefined;
  /** Writes the file into the workspace and opens it; returns its URI. */
  open(name: string, text: string, languageId?: string): string;
  change(uri: string, text: string): void;
  setSettings(next: Record<string, unknown>): Promise<void>;
  /** Orderly LSP shutdown; the process is gone before the workspace is removed. */
  stop(): Promise<void>;
}

export async function startLspSession(prefix: string, settings: Record<string, unknown>, prepare?: (ws: string) => void): Promise<LspSession> {
  const ws = mkdtempSync(join(tmpdir(), prefix));
  prepare?.(ws);
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts'), '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const latest = new Map<string, Diagnostic[]>();
  const waiters: { uri: string; test: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  let version = 1;
  const session: LspSession = {
    conn,
    ws,
    settings,
    diagnostics(uri, test, timeoutMs = 20_000) {
      const have = latest.get(uri);
      if (have && test(have)) return Promise.resolve(have);
      return new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no matching diagnostics for ${uri}; last: ${JSON.stringify(latest.get(uri))}`)), timeoutMs);
        waiters.push({ uri, test, resolve: (d) => (clearTimeout(timer), res(d)) });
      });
    },
    published: (uri) => latest.get(uri),
    open(name, text, languageId = 'kgplan') {
      const path = join(ws, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      const uri = pathToFileURL(path).href;
      latest.delete(uri);
      void conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: version++, text } });
      return uri;
    },
    change(uri, text) {
      latest.delete(uri);
      void conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: version++ }, contentChanges: [{ text }] });
    },
    async setSettings(next) {
      session.settings = next;
      await conn.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    },
    async stop() {
      const exited = new Promise((r) => {
        proc.once('exit', r);
        setTimeout(r, 3000);
      });
      await Promise.race([conn.sendRequest('shutdown').catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
      await conn.sendNotification('exit').catch(() => undefined);
      await exited;
      conn.dispose();
      if (proc.exitCode === null) proc.kill();
      rmSync(ws, { recursive: true, force: true });
    },
  };
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    latest.set(p.uri, p.diagnostics);
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      if (w.uri === p.uri && w.test(p.diagnostics)) {
        waiters.splice(i, 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => session.settings));
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(ws).href,
    capabilities: { workspace: { configuration: true } },
    workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }],
  });
  await conn.sendNotification('initialized', {});
  return session;
}
