/**
 * The graph's answers to the language server's entity lookups (kgrag/entityLookup): from the open
 * retrieval session's search index (names only: the graph's edges are not loaded for them), never by opening a graph (no graph connected → null, and the
 * editor shows no entity diagnostics). The server learns when the graph changes so it re-checks.
 */
import * as vscode from 'vscode';
import { lookupEntities } from '../../core/retrieve';
import { setConnectedGraph, setEntityLookup } from '../language/client';
import type { Connection } from './connection';

export function registerEntityLookup(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  setEntityLookup(async (params, signal) => {
    const c = connection.connected;
    if (!c) return null;
    const started = Date.now();
    const snap = await c.session.searchIndex(signal);
    const r = await lookupEntities(snap, c.session.embedder, params.queries, { graph: c.graph.label, signal });
    log.debug(`entity lookup: ${params.queries.length} text(s) in ${Date.now() - started} ms`);
    return r;
  });
  const announce = (): void => {
    const c = connection.connected;
    // A new connection or a re-import (health fires again): the server forgets its answers.
    const h = connection.health;
    void setConnectedGraph(c && h.state === 'connected' ? `${c.graph.label}\u0000${h.nodes}` : null);
  };
  context.subscriptions.push(connection.onDidChange(announce), { dispose: () => setEntityLookup(() => Promise.resolve(null)) });
  announce();
}
