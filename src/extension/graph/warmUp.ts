/**
 * Opens the active graph in the background when a plan editor is first shown, so the first Run
 * does not wait for the engine process to start (docs/workflow.md, "Click to answers"). Only an
 * embedded graph (a Neo4j open may ask for a password, which a background open must never do),
 * only in a trusted workspace, once per window; `kgrag.graph.openWithPlans: false` turns it off.
 * A failure is said where every open failure is (the log and the status bar) and the first Run
 * tries again.
 */
import * as vscode from 'vscode';
import { graphSettings } from '../platform/config';
import type { Connection } from './connection';

export function openGraphWithPlanEditors(connection: Connection, log: vscode.LogOutputChannel): vscode.Disposable {
  let opened = false;
  const consider = (editors: readonly vscode.TextEditor[]): void => {
    if (opened || !editors.some((e) => e.document.languageId === 'kgplan')) return;
    if (!vscode.workspace.isTrusted || !graphSettings().openWithPlans) return;
    if (connection.connected || connection.activeGraph().spec.kind !== 'embedded') return;
    opened = true;
    log.info('a plan editor is shown: opening the graph in the background');
    connection.ensure().catch(() => undefined);
  };
  consider(vscode.window.visibleTextEditors);
  return vscode.window.onDidChangeVisibleTextEditors(consider);
}
