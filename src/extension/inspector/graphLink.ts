/**
 * The inspector's links to the active graph: "expand neighbours" answered from it, and which graph
 * it is, so the panel marks a result from another graph as stale. A result from another graph
 * (the settings changed, or a JSON file from elsewhere) is not expanded: its node ids name other nodes.
 */
import * as vscode from 'vscode';
import { setActiveGraph, setExpandHandler } from './index';
import { expandNeighbours } from './expandNeighbours';
import type { Connection } from '../graph/connection';

export function registerInspectorGraph(context: vscode.ExtensionContext, connection: Connection): void {
  setExpandHandler(async (request, result) => {
    const { requestId, nodeId } = request;
    let connected;
    try {
      connected = await connection.ensure();
    } catch (e) {
      return { type: 'expanded', status: 'error', requestId, nodeId, message: `the graph did not open (${e instanceof Error ? e.message : String(e)})` };
    }
    if (result.store.description !== connected.session.store.description) {
      return {
        type: 'expanded',
        status: 'error',
        requestId,
        nodeId,
        message: `this result came from another graph (${result.store.description}); the active graph is ${connected.session.store.description}. Run the plan again to expand.`,
      };
    }
    return expandNeighbours(connected.session, request);
  });
  context.subscriptions.push(
    { dispose: () => setExpandHandler(undefined) },
    connection.onDidChange((health) => {
      if (health.state !== 'connected' || !connection.connected) return;
      const session = connection.connected.session;
      setActiveGraph(session.store.description);
      // The fingerprint (changes with the data) marks results made before an import as stale too.
      void session.fingerprint().then(
        (fingerprint) => setActiveGraph(session.store.description, fingerprint),
        () => undefined,
      );
    }),
  );
}
