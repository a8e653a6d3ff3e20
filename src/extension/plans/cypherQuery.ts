/**
 * "Open as Cypher" and Ctrl+Enter — Neo4j for VS Code's core loop: the Cypher a plan compiles to
 * opens as an editable `cypher` document with its parameters as `:param` lines
 * (core/cypherDocument.ts); Ctrl+Enter (`kgrag.runCypher`) runs the document read-only on the
 * active graph — through the store's query door, the parameters passed as parameters — and
 * shows the rows (table) and the nodes/relationships in them (subgraphs) in the inspector.
 */
import * as vscode from 'vscode';
import { parseCypherDocument, printCypherDocument } from '../../core/cypherDocument';
import { WRITE_HINT, isGraphStoreError } from '../../core/graph';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import { registerCommand } from '../commands';
import type { Connection } from '../graph/connection';
import { setOpenCypherHandler, showRetrievalResult } from '../inspector';
import { withCancellableProgress } from '../platform/operations';
import { requireTrust } from '../platform/trust';
import { lastResult, runPlanCommand } from './planRunner';

/** Where each opened query document came from: the plan's title and the query as opened. */
const origins = new Map<string, { readonly label: string; readonly query: string; readonly returns: readonly string[] }>();

/**
 * The title a run of the document shows: the plan's while the query is as opened, "(edited)" while
 * it still returns the plan's return variable, else the document's own name — an unrelated query
 * must not wear the plan's title.
 */
function titleOf(document: vscode.TextDocument, query: string, returns: readonly string[]): string {
  const own = vscode.workspace.asRelativePath(document.uri);
  const origin = origins.get(document.uri.toString());
  if (!origin) return own;
  if (query === origin.query) return origin.label;
  const columns = returnedColumns(query);
  return origin.returns.length > 0 && returns.length > 0 && origin.returns.every((r) => columns.has(r)) ? `${origin.label}, edited` : own;
}

/** Column names after the last RETURN (aliases, or bare variables): enough to see the return variable is still there. */
function returnedColumns(query: string): Set<string> {
  const at = query.search(/\bRETURN\b(?![\s\S]*\bRETURN\b)/i);
  if (at < 0) return new Set();
  const tail = query.slice(at + 'RETURN'.length).split(/\b(?:ORDER\s+BY|LIMIT|SKIP|UNION)\b/i)[0]!;
  return new Set(tail.split(',').map((c) => c.trim().replace(/^DISTINCT\s+/i, '')).map((c) => /\bAS\s+`?([^`\s]+)`?\s*$/i.exec(c)?.[1] ?? c));
}

/** The plan's return variables, as the query's columns name them. */
function returnsOf(result: RetrievalResult): readonly string[] {
  return result.returns ?? [];
}

/** Opens a result's Cypher (text + parameters) as a new `cypher` document beside nothing: in the first column. */
export async function openResultAsCypher(result: RetrievalResult): Promise<vscode.TextEditor | undefined> {
  const run = result.cypher;
  if (!run) {
    void vscode.window.showWarningMessage(`KG-RAG: the result of ${result.plan} has no Cypher to open (strategy ${result.strategy}).`);
    return undefined;
  }
  const returns = returnsOf(result);
  const content = printCypherDocument(
    run.text,
    run.params,
    [
      `${result.plan}: Cypher for ${run.dialect === 'kuzu' ? 'the embedded graph (Kùzu dialect)' : 'Neo4j'}, from ${result.store.description}.`,
      'Edit the query or the :param values (JSON) and press Ctrl+Enter to run it read-only on the active graph.',
    ],
    returns,
  );
  const doc = await vscode.workspace.openTextDocument({ language: 'cypher', content });
  origins.set(doc.uri.toString(), { label: `${result.plan} (Cypher)`, query: parseCypherDocument(content).query, returns });
  return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
}

/**
 * `kgrag.openAsCypher [uri, plan]`: from a CodeLens, the plan compiled for the active graph
 * (Explain: compiled, not run); without arguments, the inspector's result, else the plan at the cursor.
 */
async function openAsCypherCommand(connection: Connection, log: vscode.LogOutputChannel, uri?: string | vscode.Uri, plan?: string): Promise<vscode.TextEditor | undefined> {
  const shown = uri === undefined ? lastResult() : undefined;
  if (shown?.cypher && vscode.window.activeTextEditor?.document.languageId !== 'kgplan') return openResultAsCypher(shown);
  const explained = await runPlanCommand('explain', connection, log, uri, plan);
  return explained ? openResultAsCypher(explained) : undefined;
}

/** `kgrag.runCypher`: the active `cypher` document (or the given text) run read-only; the result goes to the inspector. */
export async function runCypherDocument(connection: Connection, log: vscode.LogOutputChannel, document = vscode.window.activeTextEditor?.document): Promise<RetrievalResult | undefined> {
  if (!document) {
    void vscode.window.showWarningMessage('KG-RAG: open a Cypher query (Open as Cypher) to run it.');
    return undefined;
  }
  if (!requireTrust('Running Cypher')) return undefined;
  const parsed = parseCypherDocument(document.getText());
  const problem = parsed.problems[0];
  if (problem) {
    // Nothing runs with a parameter missing or mistyped: say where, in one line.
    void vscode.window.showErrorMessage(`KG-RAG: ${vscode.workspace.asRelativePath(document.uri)} line ${problem.line}, column ${problem.column}: ${problem.message}. Nothing was run.`);
    return undefined;
  }
  const label = titleOf(document, parsed.query, parsed.returns);
  const result = await withCancellableProgress(`Run ${label}`, log, async (signal, report) => {
    const c = await connection.ensure(signal, report);
    report('running the query (read-only)');
    return c.session.runCypher(parsed.query, parsed.params, { id: label, label, signal, ...(parsed.returns.length > 0 ? { returns: parsed.returns } : {}) });
  }).catch((e: unknown) => {
    // A refused write: the editor's words (it has no way to allow one), not the CLI's flag.
    const message = (e instanceof Error ? e.message : String(e)) + (isGraphStoreError(e, 'not-read-only') ? ` ${WRITE_HINT.editor}` : '');
    log.error(`Run ${label} failed: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: ${label}: ${message.split('\n')[0]}`);
    return undefined;
  });
  if (!result) return undefined;
  log.info(`Run ${label}: ${result.stats['rows'] ?? 0} row(s) in ${result.timings.totalMs.toFixed(0)} ms`);
  showRetrievalResult(result, { source: { uri: document.uri.toString(), label }, view: result.subgraphs.length > 0 ? 'subgraphs' : 'cypher', preserveFocus: true });
  return result;
}

export function registerCypherQueries(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setOpenCypherHandler(async (result) => {
    await openResultAsCypher(result);
  });
  context.subscriptions.push(
    { dispose: () => setOpenCypherHandler(undefined) },
    vscode.workspace.onDidCloseTextDocument((d) => origins.delete(d.uri.toString())),
    registerCommand('kgrag.openAsCypher', (uri?: string | vscode.Uri, plan?: string) => openAsCypherCommand(connection, log, uri, plan)),
    registerCommand('kgrag.runCypher', () => runCypherDocument(connection, log)),
  );
}
