/**
 * "Create Neo4j Name Index": the full-text index store placement takes its candidates from
 * (docs/placement.md). A schema write on the person's database: it runs only after a modal
 * confirmation that shows the statement, never as a side effect of a run.
 */
import * as vscode from 'vscode';
import { createNameIndex, nameIndexState } from '../../core/graph';
import type { Connection } from './connection';
import { requireTrust } from '../platform/trust';
import { withCancellableProgress } from '../platform/operations';

export type NameIndexOutcome = 'created' | 'present' | 'declined' | 'not-neo4j' | 'failed';

/** `confirm` answers the modal (tests pass one; people get vscode.window.showWarningMessage with modal: true). */
export async function createNeo4jNameIndex(connection: Connection, log: vscode.LogOutputChannel, confirm: (message: string, detail: string, action: string) => Thenable<string | undefined> = modal): Promise<NameIndexOutcome> {
  if (!requireTrust('Creating a Neo4j index')) return 'declined';
  const graph = connection.activeGraph();
  if (graph.spec.kind !== 'neo4j') {
    void vscode.window.showInformationMessage('KG-RAG: the active graph is embedded; it keeps its own name index on disk (built with the graph). A full-text index is for Neo4j graphs.');
    return 'not-neo4j';
  }
  try {
    const store = await connection.openStoreAlone();
    try {
      const state = await nameIndexState(store);
      if (state.kind === 'not-neo4j') return 'not-neo4j';
      if (state.kind === 'present') {
        void vscode.window.showInformationMessage(`KG-RAG: ${graph.label} already has the full-text index ${state.index}.`);
        return 'present';
      }
      const action = 'Create Index';
      const answer = await confirm(`Create the full-text index ${state.index} on ${graph.label}?`, `This is a schema write on your Neo4j database. It runs:\n\n${state.statement}\n\nStore placement then takes the candidates of named pattern nodes from it instead of reading the whole database.`, action);
      if (answer !== action) return 'declined';
      const made = await withCancellableProgress(`Creating the full-text index ${state.index}`, log, (signal) => createNameIndex(store, signal));
      if (!made || made.kind !== 'created') return 'failed';
      log.info(`created the full-text index: ${made.statement}`);
      void vscode.window.showInformationMessage(`KG-RAG: created ${state.index}. Neo4j fills it in the background; until it is online a run may still fall back.`);
      return 'created';
    } finally {
      await store.close();
    }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`could not create the full-text index: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: cannot create the full-text index: ${message}`);
    return 'failed';
  }
}

function modal(message: string, detail: string, action: string): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, { modal: true, detail }, action);
}
