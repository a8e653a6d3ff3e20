import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { StoreSpec } from '../graph';

/**
 * Tests pinned to a graph: decides whether a test may run on the graph in use. A pin comes from the
 * plan file (`graph "…"`) or, when the file has none, from the `kgrag.testing.graphs` setting of
 * its workspace folder (folder → graph). A pin is a database folder (relative to the plan file for
 * the directive, to the workspace folder for the setting) or a graph name (the last part of an
 * embedded database folder, or a Neo4j database name). The rules are in docs/testing.md.
 */

/** The graph a test run uses, as a pin is compared with it. */
export type GraphInUse =
  | { readonly kind: 'embedded'; /** Absolute. */ readonly folder: string }
  | { readonly kind: 'neo4j'; readonly uri: string; readonly database?: string };

/** The graph a store spec opens, as pins are compared with it (the CLI's flags and the editor's connection). */
export function graphInUseOf(spec: StoreSpec): GraphInUse {
  return spec.kind === 'embedded' ? { kind: 'embedded', folder: resolve(spec.folder) } : { kind: 'neo4j', uri: spec.uri, ...(spec.database !== undefined ? { database: spec.database } : {}) };
}

/** Where a test's pin comes from: the plan file's `graph "…"` line, or a folder of the `kgrag.testing.graphs` setting. */
export type PinSource = { readonly kind: 'directive' } | { readonly kind: 'setting'; /** The setting's key, as written. */ readonly folder: string };

export interface TestPin {
  /** The graph, as written: a database folder or a name. */
  readonly graph: string;
  /** Absolute folder a relative database folder is resolved against. */
  readonly base: string;
  readonly source: PinSource;
}

/** `kgrag.testing.graphs` of one workspace folder: its keys are folders relative to it ("" or "." is all of it). */
export interface FolderPins {
  /** Absolute path of the workspace folder. */
  readonly workspaceFolder: string;
  readonly graphs: Readonly<Record<string, string>>;
}

/**
 * The pin of a test in `planFile`: the file's own `graph "…"` line wins; else the deepest folder of
 * `folderPins` that holds the file (a blank graph pins nothing: it un-pins a subfolder).
 */
export function testPin(graphRef: string | undefined, planFile: string, folderPins?: FolderPins): TestPin | undefined {
  if (graphRef !== undefined) return { graph: graphRef, base: dirname(planFile), source: { kind: 'directive' } };
  if (!folderPins) return undefined;
  const root = resolve(folderPins.workspaceFolder);
  let best: { folder: string; graph: string; depth: number } | undefined;
  for (const [folder, graph] of Object.entries(folderPins.graphs)) {
    const abs = resolve(root, folder);
    const rel = relative(abs, resolve(planFile));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    const depth = abs === root ? 0 : abs.split(sep).length;
    if (!best || depth > best.depth) best = { folder, graph, depth };
  }
  if (!best || best.graph.trim() === '') return undefined;
  return { graph: best.graph, base: root, source: { kind: 'setting', folder: best.folder } };
}

export type PinVerdict = { readonly kind: 'run' } | { readonly kind: 'skip'; readonly reason: string };

/** The folder a pin names when read as a database folder. */
export function pinnedFolder(pin: TestPin): string {
  return resolve(pin.base, pin.graph.trim());
}

/** What the graph in use is called in a skip reason. */
export function describeActiveGraph(active: GraphInUse): string {
  return active.kind === 'embedded' ? active.folder : `${active.uri}${active.database !== undefined ? ` (database ${active.database})` : ''}`;
}

/** How a pin is named in messages: the directive as the file says it, a folder pin with the setting that set it. */
export function describePin(pin: TestPin): string {
  return pin.source.kind === 'directive' ? `graph "${pin.graph}"` : `graph "${pin.graph}" (kgrag.testing.graphs for folder "${pin.source.folder}")`;
}

/** Whether a test pinned to `pin` (absent: not pinned) runs on `active`, or why it is skipped. */
export function pinVerdict(pin: TestPin | undefined, active: GraphInUse): PinVerdict {
  if (pin === undefined) return { kind: 'run' };
  const name = pin.graph.trim();
  const matches =
    active.kind === 'embedded'
      ? pinnedFolder(pin) === resolve(active.folder) || name === basename(resolve(active.folder))
      : name === (active.database ?? 'neo4j') || name === active.uri;
  if (matches) return { kind: 'run' };
  return { kind: 'skip', reason: `pinned to ${describePin(pin)}, not the graph in use (${describeActiveGraph(active)})` };
}
