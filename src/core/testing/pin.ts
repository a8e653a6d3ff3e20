import { basename, dirname, resolve } from 'node:path';
import type { StoreSpec } from '../graph';

/**
 * Tests pinned to a graph (`graph "…"` in a `.kgp` file): decides whether a test may run on the
 * graph in use. A pin is a database folder relative to the plan file, or a graph name (the last
 * part of an embedded database folder, or a Neo4j database name). The rules are in docs/testing.md.
 */

/** The graph a test run uses, as a pin is compared with it. */
export type GraphInUse =
  | { readonly kind: 'embedded'; /** Absolute. */ readonly folder: string }
  | { readonly kind: 'neo4j'; readonly uri: string; readonly database?: string };

/** The graph a store spec opens, as pins are compared with it (the CLI's flags and the editor's connection). */
export function graphInUseOf(spec: StoreSpec): GraphInUse {
  return spec.kind === 'embedded' ? { kind: 'embedded', folder: resolve(spec.folder) } : { kind: 'neo4j', uri: spec.uri, ...(spec.database !== undefined ? { database: spec.database } : {}) };
}

export type PinVerdict = { readonly kind: 'run' } | { readonly kind: 'skip'; readonly reason: string };

/** The folder a pin names when read as a database folder: relative to the plan file. */
export function pinnedFolder(pin: string, planFile: string): string {
  return resolve(dirname(planFile), pin);
}

/** What the graph in use is called in a skip reason. */
export function describeActiveGraph(active: GraphInUse): string {
  return active.kind === 'embedded' ? active.folder : `${active.uri}${active.database !== undefined ? ` (database ${active.database})` : ''}`;
}

/** Whether a test of `planFile` pinned to `pin` (absent: not pinned) runs on `active`, or why it is skipped. */
export function pinVerdict(pin: string | undefined, planFile: string, active: GraphInUse): PinVerdict {
  if (pin === undefined) return { kind: 'run' };
  const name = pin.trim();
  const matches =
    active.kind === 'embedded'
      ? pinnedFolder(name, planFile) === resolve(active.folder) || name === basename(resolve(active.folder))
      : name === (active.database ?? 'neo4j') || name === active.uri;
  if (matches) return { kind: 'run' };
  return { kind: 'skip', reason: `pinned to graph "${pin}", not the graph in use (${describeActiveGraph(active)})` };
}
