/**
 * The workflow's settings (package.json `kgrag.graph.*`, `kgrag.neo4j.*`, `kgrag.embedder.*`,
 * `kgrag.planner.*`), read in one place. Secrets are not settings: see secrets.ts.
 */
import * as vscode from 'vscode';
import type { EmbedderSettings } from '../../core/embed/createEmbedder';
import { isEmbedderKind } from '../../core/embed/createEmbedder';

export type GraphKind = 'sample' | 'embedded' | 'neo4j';
export type PlannerKind = 'auto' | 'languageModel' | 'http' | 'nearestExample';

export interface GraphSettings {
  readonly kind: GraphKind;
  /** Embedded data folder, relative to the first workspace folder. */
  readonly folder: string;
  readonly neo4jUri: string;
  readonly neo4jUser: string;
  readonly neo4jDatabase: string;
  readonly timeoutMs: number;
}

export interface PlannerSettings {
  readonly kind: PlannerKind;
  readonly fewshotFile: string;
  readonly shots: number;
  readonly endpoint: string;
  readonly model: string;
  readonly languageModelFamily: string;
}

function cfg(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('kgrag');
}

export function graphSettings(): GraphSettings {
  const c = cfg();
  const kind = c.get<string>('graph.kind', 'sample');
  return {
    kind: kind === 'embedded' || kind === 'neo4j' ? kind : 'sample',
    folder: c.get<string>('graph.folder', '.kgrag') || '.kgrag',
    neo4jUri: c.get<string>('neo4j.uri', '') ?? '',
    neo4jUser: c.get<string>('neo4j.user', 'neo4j') || 'neo4j',
    neo4jDatabase: c.get<string>('neo4j.database', '') ?? '',
    timeoutMs: Math.max(1000, c.get<number>('graph.queryTimeoutMs', 30_000)),
  };
}

export function embedderSettings(): EmbedderSettings {
  const c = cfg();
  const kind = c.get<string>('embedder.kind', 'lexical');
  const model = c.get<string>('embedder.model', '');
  const localModelPath = c.get<string>('embedder.localModelPath', '');
  if (!isEmbedderKind(kind)) return { kind: 'lexical' };
  return kind === 'transformers' ? { kind, transformers: { model, ...(localModelPath ? { localModelPath: resolveInWorkspace(localModelPath) } : {}) } } : { kind };
}

export function plannerSettings(): PlannerSettings {
  const c = cfg();
  const kind = c.get<string>('planner.kind', 'auto');
  return {
    kind: kind === 'languageModel' || kind === 'http' || kind === 'nearestExample' ? kind : 'auto',
    fewshotFile: c.get<string>('planner.fewshotFile', '') ?? '',
    shots: Math.max(1, c.get<number>('planner.shots', 4)),
    endpoint: c.get<string>('planner.endpoint', '') ?? '',
    model: c.get<string>('planner.model', '') ?? '',
    languageModelFamily: c.get<string>('planner.languageModelFamily', '') ?? '',
  };
}

/** A path from a setting: absolute as is, else relative to the first workspace folder. */
export function resolveInWorkspace(path: string): string {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root || /^([a-zA-Z]:)?[\\/]/.test(path)) return path;
  return vscode.Uri.joinPath(root, path).fsPath;
}

/** Where a choice the user makes (graph kind, URI) is saved: the workspace when one is open. */
export function settingsTarget(): vscode.ConfigurationTarget {
  return vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
}
