/**
 * "Create Neo4j Name Index": the full-text index store placement takes its candidates from
 * (docs/placement.md). A schema write on the person's database: it runs only after a modal
 * confirmation that shows the statement, never as a side effect of a run.
 */
import * as vscode from 'vscode';
import { createNameIndex, createVectorIndexes, nameIndexState, vectorIndexState } from '../../core/graph';
import { createEmbedder, namesView } from '../../core/embed';
import { embedderSettings } from '../platform/config';
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

/**
 * "Create Neo4j Vector Index": the session embedder's name vectors written on every node and one
 * vector index per label (docs/placement.md, "Neo4j: candidates from a vector index"). A write of
 * the whole graph: it runs only after a modal confirmation that shows what is written and the
 * statements, never as a side effect of a run.
 */
export async function createNeo4jVectorIndex(connection: Connection, log: vscode.LogOutputChannel, confirm: (message: string, detail: string, action: string) => Thenable<string | undefined> = modal): Promise<NameIndexOutcome> {
  if (!requireTrust('Writing name vectors to Neo4j')) return 'declined';
  const graph = connection.activeGraph();
  if (graph.spec.kind !== 'neo4j') {
    void vscode.window.showInformationMessage('KG-RAG: the active graph is embedded; it keeps its own name vectors on disk (built with the graph). A vector index is for Neo4j graphs.');
    return 'not-neo4j';
  }
  try {
    // The embedder the runs use: the connected session's, else the one the settings make.
    const embedder = connection.connected?.session.embedder ?? (await createEmbedder(embedderSettings()));
    const embed = (names: readonly string[], signal?: AbortSignal) => namesView(embedder).embedBatch(names, signal);
    const store = await connection.openStoreAlone();
    try {
      const state = await vectorIndexState(store, embedder, embed);
      if (state.kind === 'not-neo4j') return 'not-neo4j';
      if (state.kind === 'unusable') {
        void vscode.window.showWarningMessage(`KG-RAG: the vector indexes of ${graph.label} cannot be used: ${state.reason}`);
        return 'failed';
      }
      const action = 'Write Vectors';
      const what = state.kind === 'present' ? `The indexes exist (${state.indexes.join(', ')}); this writes the vectors of nodes added since, and creates nothing new.` : `It runs, in batches:\n\n${state.statements.join('\n\n')}`;
      const answer = await confirm(
        `Write the name vectors of ${state.marker} to every node of ${graph.label} and create its vector indexes?`,
        `This writes two properties on every node of your Neo4j database (the vector and which embedder made it) and creates one vector index per label. ${what}\n\nStore placement then takes the candidates of named pattern nodes from them (approximate nearest neighbours, said on each result).`,
        action,
      );
      if (answer !== action) return 'declined';
      const made = await withCancellableProgress(`Writing name vectors to ${graph.label}`, log, (signal) => createVectorIndexes(store, embedder, embed, (written, label) => log.info(`name vectors written: ${written} (${label})`), signal));
      if (!made || made.kind !== 'created') return 'failed';
      log.info(`wrote ${made.written} name vectors (${state.marker}) and ran: ${made.statements.join(' ; ')}`);
      void vscode.window.showInformationMessage(`KG-RAG: wrote ${made.written.toLocaleString('en-US')} name vectors and created the vector indexes. Neo4j fills them in the background; until they are online a run may still fall back.`);
      return 'created';
    } finally {
      await store.close();
    }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`could not create the vector indexes: ${message}`);
    void vscode.window.showErrorMessage(`KG-RAG: cannot create the vector indexes: ${message}`);
    return 'failed';
  }
}
