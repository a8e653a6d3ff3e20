/**
 * Every setting the extension host reads (package.json `contributes.configuration`, section
 * `kgrag`), in one place. Defaults live in package.json only: `get` without a default returns the
 * manifest's, and a value of the wrong shape falls back to the manifest's too (`inspect`). The
 * language server reads its own settings (src/server/settings.ts). Secrets are not settings:
 * see secrets.ts.
 */
import * as vscode from 'vscode';
import { type EmbedderSettings, isEmbedderKind } from '../../core/embed';
import { readRetrievalSettings, type ReadRetrievalSettings } from '../../core/session';
import { isStringRecord } from '../../core/testing';

export type GraphKind = 'sample' | 'embedded' | 'neo4j';
export type PlannerKind = 'auto' | 'grounded' | 'languageModel' | 'http' | 'nearestExample';

export interface GraphSettings {
  readonly kind: GraphKind;
  /** Embedded data folder, relative to the first workspace folder. */
  readonly folder: string;
  readonly neo4jUri: string;
  readonly neo4jUser: string;
  readonly neo4jDatabase: string;
  readonly timeoutMs: number;
  /** Open an embedded graph in the background when a plan editor is first shown. */
  readonly openWithPlans: boolean;
}

export interface PlannerSettings {
  readonly kind: PlannerKind;
  readonly fewshotFile: string;
  readonly shots: number;
  readonly endpoint: string;
  readonly model: string;
  readonly languageModelFamily: string;
}

/** The `kgrag` section (for the folder of `scope`, when given). */
function section(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('kgrag', scope);
}

/** A setting's value (for the folder of `scope`, when given) when it has the expected type, else the manifest's default. */
function read<T>(key: string, ok: (v: unknown) => v is T, scope?: vscode.Uri): T {
  const c = section(scope);
  const v = c.get<unknown>(key);
  if (ok(v)) return v;
  const d = c.inspect<unknown>(key)?.defaultValue;
  if (ok(d)) return d;
  throw new Error(`setting kgrag.${key} has no usable default in package.json`);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
/** A non-empty string (empty means "the default" for folder and user). */
const isFilled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function graphSettings(): GraphSettings {
  const kind = read('graph.kind', (v): v is GraphKind => v === 'sample' || v === 'embedded' || v === 'neo4j');
  return {
    kind,
    folder: read('graph.folder', isFilled),
    neo4jUri: read('neo4j.uri', isString),
    neo4jUser: read('neo4j.user', isFilled),
    neo4jDatabase: read('neo4j.database', isString),
    // Below a second every query would time out before the engine has started.
    timeoutMs: Math.max(1000, read('graph.queryTimeoutMs', isNumber)),
    openWithPlans: read('graph.openWithPlans', (v): v is boolean => typeof v === 'boolean'),
  };
}

export function embedderSettings(): EmbedderSettings {
  const kind = read('embedder.kind', (v): v is string => typeof v === 'string' && isEmbedderKind(v));
  if (!isEmbedderKind(kind)) return { kind: 'lexical' };
  if (kind !== 'transformers') return { kind };
  const localModelPath = read('embedder.localModelPath', isString);
  return { kind, transformers: { model: read('embedder.model', isString), ...(localModelPath ? { localModelPath: resolveInWorkspace(localModelPath) } : {}) } };
}

export function plannerSettings(): PlannerSettings {
  return {
    kind: read('planner.kind', (v): v is PlannerKind => v === 'auto' || v === 'grounded' || v === 'languageModel' || v === 'http' || v === 'nearestExample'),
    fewshotFile: read('planner.fewshotFile', isString),
    shots: Math.max(1, read('planner.shots', isNumber)),
    endpoint: read('planner.endpoint', isString),
    model: read('planner.model', isString),
    languageModelFamily: read('planner.languageModelFamily', isString),
  };
}

/**
 * The `kgrag.retrieval.<strategy>.<parameter>` values the user or the workspace set (for the
 * folder of `scope`, when given): only set values, so a plan's own arguments and the strategies'
 * defaults stay in charge of the rest (core/session/settings.ts).
 */
export function retrievalSettings(scope?: vscode.Uri): ReadRetrievalSettings {
  const c = section(scope);
  return readRetrievalSettings((key) => {
    const i = c.inspect<unknown>(key);
    return i?.workspaceFolderValue ?? i?.workspaceValue ?? i?.globalValue;
  });
}

/** `kgrag.retrieval.placement` and `kgrag.retrieval.memoryBudgetMB` (docs/placement.md), as run options. */
export function placementSettings(scope?: vscode.Uri): { readonly placement: 'auto' | 'memory' | 'store'; readonly memoryBudgetMB: number } {
  return {
    placement: read('retrieval.placement', (v): v is 'auto' | 'memory' | 'store' => v === 'auto' || v === 'memory' || v === 'store', scope),
    memoryBudgetMB: read('retrieval.memoryBudgetMB', (v): v is number => typeof v === 'number' && v > 0, scope),
  };
}

export interface TestingSettings {
  /** `kgrag.testing.baseline`: the baseline file plan test runs compare with (as written: relative to the workspace folder); '' for none. */
  readonly baseline: string;
  /** `kgrag.testing.slowerThan`: a test this many times slower than its baseline is a regression; absent: timings are not judged. */
  readonly slowerThan?: number;
}

export function testingSettings(): TestingSettings {
  const slowerThan = read('testing.slowerThan', (v): v is number | null => v === null || (isNumber(v) && v > 1));
  return { baseline: read('testing.baseline', isString).trim(), ...(slowerThan !== null ? { slowerThan } : {}) };
}

/** `kgrag.testing.graphs` for the folder of `scope`: workspace-relative folder → the graph its plan tests are pinned to. */
export function testingGraphPins(scope: vscode.Uri): Readonly<Record<string, string>> {
  return read('testing.graphs', isStringRecord, scope);
}

/** `kgrag.fewshot.files`: the glob patterns of few-shot files (the language client's selector). */
export function fewshotFileGlobs(): string[] {
  return read('fewshot.files', isStringList).map((g) => g.trim()).filter((g) => g !== '');
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

/** Writes a setting the user chose through a command (the graph picker, a planner fallback). */
export function updateSetting(key: string, value: unknown, target: vscode.ConfigurationTarget = settingsTarget()): Thenable<void> {
  return vscode.workspace.getConfiguration('kgrag').update(key, value, target);
}

/**
 * Whether VS Code's own settings let a walkthrough open by itself: `workbench.welcomePage.
 * walkthroughs.openOnInstall` on and `workbench.startupEditor` not `none`.
 */
export function walkthroughsOpenOnInstall(): boolean {
  const workbench = vscode.workspace.getConfiguration('workbench');
  return workbench.get<boolean>('welcomePage.walkthroughs.openOnInstall', true) && workbench.get<string>('startupEditor') !== 'none';
}
