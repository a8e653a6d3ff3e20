/**
 * The active graph: which store (the embedded sample by default, an embedded folder, or Neo4j),
 * its health, and the retrieval session over it. Opened lazily on first use; the status bar shows
 * it. The Neo4j password comes from SecretStorage through a callback and is never logged.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { type GraphStore, type ImportFile, type ImportSummary, METAQA_TYPING, type StoreSpec, isGraphStoreError, openStore, sampleTriplesPath } from '../../core/graph';
import { defaultCacheDir, openSession, type IndexInfo, type RetrievalSession } from '../../core/session';
import type { GraphSchema } from '../../core/schema';
import type { Report } from '../platform/operations';
import { NEO4J_PASSWORD_KEY, type Secrets } from '../platform/secrets';
import { embedderSettings, graphSettings, resolveInWorkspace, type GraphKind } from '../platform/config';

export type Health =
  | { readonly state: 'not-connected' }
  | { readonly state: 'connecting' }
  | { readonly state: 'connected'; readonly nodes: number; readonly edges: number; readonly labels: number; readonly relationshipTypes: number }
  /** `reason`: the few words the status bar shows (e.g. "unreachable"); `message` the whole of it (its tooltip). */
  | { readonly state: 'error'; readonly message: string; readonly reason?: string }
  | { readonly state: 'disconnected' }
  | { readonly state: 'restricted' };

export interface ActiveGraph {
  readonly kind: GraphKind;
  readonly spec: StoreSpec;
  /** For people: "Sample graph (movies)", a folder, or URI/database. Never a password. */
  readonly label: string;
  readonly cacheDir: string;
}

export interface Connected {
  readonly graph: ActiveGraph;
  readonly session: RetrievalSession;
  readonly schema: GraphSchema;
}

/** Marks a completed sample import (a cancelled one is completed on the next use; imports dedupe). */
const SAMPLE_MARKER = 'sample-imported';

export class Connection implements vscode.Disposable {
  private current: Connected | undefined;
  private opening: Promise<Connected> | undefined;
  private healthValue: Health = { state: 'not-connected' };
  private readonly changed = new vscode.EventEmitter<Health>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly globalStorage: vscode.Uri,
    private readonly secrets: Secrets,
    private readonly log: vscode.LogOutputChannel,
  ) {
    if (!vscode.workspace.isTrusted) this.healthValue = { state: 'restricted' };
  }

  get health(): Health {
    return this.healthValue;
  }

  get connected(): Connected | undefined {
    return this.current;
  }

  /** What the settings name, without opening anything. */
  activeGraph(): ActiveGraph {
    const s = graphSettings();
    if (s.kind === 'neo4j') {
      const key = createHash('sha256').update(`${s.neo4jUri}\n${s.neo4jDatabase}`).digest('hex').slice(0, 16);
      return {
        kind: 'neo4j',
        spec: { kind: 'neo4j', uri: s.neo4jUri, user: s.neo4jUser, ...(s.neo4jDatabase ? { database: s.neo4jDatabase } : {}), timeoutMs: s.timeoutMs },
        label: `${s.neo4jUri}${s.neo4jDatabase ? ` (${s.neo4jDatabase})` : ''}`,
        cacheDir: join(this.globalStorage.fsPath, 'snapshots', key),
      };
    }
    const folder = s.kind === 'sample' ? join(this.globalStorage.fsPath, 'sample-graph') : resolveInWorkspace(s.folder);
    const spec: StoreSpec = { kind: 'embedded', folder, timeoutMs: s.timeoutMs };
    return {
      kind: s.kind,
      spec,
      label: s.kind === 'sample' ? 'Sample graph (movies)' : graphName(folder),
      cacheDir: defaultCacheDir(spec),
    };
  }

  private setHealth(h: Health): void {
    this.healthValue = h;
    this.changed.fire(h);
  }

  /** The open connection, opening (and on first use importing the sample) when needed. */
  ensure(signal?: AbortSignal, report?: Report): Promise<Connected> {
    if (this.current) return Promise.resolve(this.current);
    if (!vscode.workspace.isTrusted) return Promise.reject(new Error('graphs are not opened in Restricted Mode'));
    this.opening ??= this.open(signal, report).finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private async open(signal?: AbortSignal, report?: Report): Promise<Connected> {
    const graph = this.activeGraph();
    if (graph.spec.kind === 'neo4j' && !graph.spec.uri) {
      const message = 'No Neo4j URI: set kgrag.neo4j.uri or choose a graph.';
      this.setHealth({ state: 'error', message });
      throw new Error(message);
    }
    this.setHealth({ state: 'connecting' });
    this.log.info(`opening ${graph.kind} graph: ${graph.label}`);
    const began = performance.now();
    let session: RetrievalSession | undefined;
    try {
      session = await openSession({ store: graph.spec, password: () => this.neo4jPassword(), embedder: embedderSettings(), cacheDir: graph.cacheDir });
      const sessionMs = performance.now() - began;
      if (graph.kind === 'sample' && graph.spec.kind === 'embedded') await this.ensureSample(session, graph.spec.folder, signal, report);
      report?.('reading the schema');
      const schema = await session.schema(signal);
      this.current = { graph, session, schema };
      this.setHealth(healthOf(schema));
      this.log.info(`connected: ${graph.label} (${describeSchema(schema)}) in ${(performance.now() - began).toFixed(0)} ms (engine and index read ${sessionMs.toFixed(0)} ms)`);
      return this.current;
    } catch (e) {
      await session?.close().catch(() => undefined);
      const message = e instanceof Error ? e.message : String(e);
      const reason = isGraphStoreError(e, 'unavailable') ? 'unreachable' : isGraphStoreError(e, 'auth') ? 'credentials rejected' : isGraphStoreError(e, 'locked') ? 'in use by another process' : undefined;
      this.setHealth(signal?.aborted ? { state: 'not-connected' } : { state: 'error', message, ...(reason ? { reason } : {}) });
      this.log.error(`could not open ${graph.label}: ${message}`);
      throw e;
    }
  }

  private async ensureSample(session: RetrievalSession, folder: string, signal?: AbortSignal, report?: Report): Promise<void> {
    const marker = join(folder, SAMPLE_MARKER);
    if (existsSync(marker)) return;
    report?.('importing the movie sample graph (first use)');
    const summary = await session.import([{ path: sampleTriplesPath(), format: 'triples' }], {
      typing: METAQA_TYPING,
      ...(signal ? { signal } : {}),
      onProgress: (p) => report?.(p.message),
    });
    writeFileSync(marker, `${new Date().toISOString()}\n`);
    this.log.info(`sample graph imported into ${folder}: ${summary.nodesCreated} nodes, ${summary.edgesCreated} edges in ${summary.timeMs.toFixed(0)} ms`);
  }

  /**
   * The active graph's store, opened on its own (the caller closes it): for a one-off administrative
   * step the person confirmed (creating Neo4j's full-text name index), outside the retrieval session.
   */
  openStoreAlone(): Promise<GraphStore> {
    return openStore(this.activeGraph().spec, () => this.neo4jPassword());
  }

  private async neo4jPassword(): Promise<string | undefined> {
    const stored = await this.secrets.get(NEO4J_PASSWORD_KEY);
    if (stored !== undefined) return stored;
    if (await this.secrets.prompt(NEO4J_PASSWORD_KEY, 'Neo4j password')) return this.secrets.get(NEO4J_PASSWORD_KEY);
    return undefined;
  }

  async disconnect(state: Health = { state: 'disconnected' }): Promise<void> {
    const c = this.current;
    this.current = undefined;
    await this.opening?.catch(() => undefined);
    if (c) {
      await c.session.close().catch(() => undefined);
      this.log.info(`disconnected from ${c.graph.label}`);
    }
    this.setHealth(state);
  }

  /** Reopens with the current settings (after a change of graph, embedder or password). */
  async reconnect(signal?: AbortSignal, report?: Report): Promise<Connected> {
    await this.disconnect({ state: 'not-connected' });
    return this.ensure(signal, report);
  }

  /** Imports files into the active embedded graph; the session renews its schema and index (the graph changed). */
  async importFiles(files: readonly ImportFile[], signal: AbortSignal, report: Report): Promise<ImportSummary> {
    const c = await this.ensure(signal, report);
    let summary: ImportSummary;
    try {
      summary = await c.session.import(files, { signal, onProgress: (p) => report(p.message) });
    } finally {
      await this.refreshSchema(c);
    }
    // As `kgrag import` does: the index is built with the graph, so the next run only reads it.
    // Cancelled or failed, the import stands and the first run builds the index instead.
    if (summary.nodesCreated + summary.edgesCreated > 0) {
      report('building the search index');
      await c.session.buildIndex({ signal }).catch((e: unknown) => this.log.warn(`search index not built after the import (${e instanceof Error ? e.message : String(e)}); the first run builds it`));
    }
    return summary;
  }

  /** Builds the search index (the snapshot) now; `rebuild` drops the cached one first. */
  async buildIndex(signal: AbortSignal, report: Report, rebuild: boolean): Promise<IndexInfo> {
    const c = await this.ensure(signal, report);
    report('building the search index');
    return c.session.buildIndex({ signal, rebuild });
  }

  private async refreshSchema(c: Connected): Promise<void> {
    if (this.current !== c) return;
    const schema = await c.session.schema().catch(() => c.schema);
    this.current = { ...c, schema };
    this.setHealth(healthOf(schema));
  }

  dispose(): void {
    void this.disconnect();
    this.changed.dispose();
  }
}

/**
 * An embedded graph's name for people: its folder's name, or — for the default data folder
 * `.kgrag`, which says nothing — the name of the folder holding it ("metaqa" for metaqa/.kgrag).
 */
export function graphName(folder: string): string {
  const name = basename(folder);
  return name === '.kgrag' || name === '' ? `${basename(dirname(folder)) || folder} (${vscode.workspace.asRelativePath(folder)})` : name;
}

function healthOf(schema: GraphSchema): Health {
  return {
    state: 'connected',
    nodes: schema.labels.reduce((n, l) => n + (l.count ?? 0), 0),
    edges: schema.relationshipTypes.reduce((n, t) => n + (t.count ?? 0), 0),
    labels: schema.labels.length,
    relationshipTypes: schema.relationshipTypes.length,
  };
}

export function describeSchema(schema: GraphSchema): string {
  const nodes = schema.labels.reduce((n, l) => n + (l.count ?? 0), 0);
  return `${nodes} nodes, ${schema.labels.length} labels, ${schema.relationshipTypes.length} relationship types`;
}
