// One way to name a store for every front door: `{embedded: folder}` or `{neo4j: uri, user, database}`.
import { EmbeddedStore } from './embedded/embeddedStore';
import type { BufferPoolChoice } from './embedded/bufferPool';
import type { GraphStore } from './graphStore';
import { Neo4jStore } from './neo4j/neo4jStore';

export type StoreSpec =
  | { readonly kind: 'embedded'; readonly folder: string; readonly readOnly?: boolean; readonly timeoutMs?: number; readonly bufferPoolMB?: BufferPoolChoice }
  | {
      readonly kind: 'neo4j';
      readonly uri: string;
      readonly user: string;
      readonly database?: string;
      readonly timeoutMs?: number;
    };

/** The environment variable the CLI reads the Neo4j password from. */
export const NEO4J_PASSWORD_ENV = 'KGRAG_NEO4J_PASSWORD';

/** Creates (does not open) the store a spec names. The password callback is only used for Neo4j. */
export function createStore(spec: StoreSpec, password: () => Promise<string | undefined> | string | undefined = () => undefined): GraphStore {
  if (spec.kind === 'embedded') return new EmbeddedStore({ folder: spec.folder, readOnly: spec.readOnly, timeoutMs: spec.timeoutMs, ...(spec.bufferPoolMB !== undefined ? { bufferPoolMB: spec.bufferPoolMB } : {}) });
  return new Neo4jStore({ uri: spec.uri, user: spec.user, database: spec.database, password, timeoutMs: spec.timeoutMs });
}

/** Creates and opens; closes again if opening fails. */
export async function openStore(spec: StoreSpec, password?: () => Promise<string | undefined> | string | undefined): Promise<GraphStore> {
  const store = createStore(spec, password);
  try {
    await store.open();
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}

/** The store flags every CLI command shares (node:util parseArgs option config). */
export const STORE_FLAGS = {
  db: { type: 'string' },
  neo4j: { type: 'string' },
  user: { type: 'string' },
  database: { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface StoreFlagValues {
  readonly db?: string;
  readonly neo4j?: string;
  readonly user?: string;
  readonly database?: string;
  readonly timeout?: string;
}

/** `--db <folder>` or `--neo4j <uri> [--user u] [--database d]`; returns a message for bad usage. */
export function storeSpecFromFlags(flags: StoreFlagValues, options: { readOnly?: boolean; resolvePath: (p: string) => string }): StoreSpec | string {
  if (flags.db !== undefined && flags.neo4j !== undefined) return 'use either --db <folder> or --neo4j <uri>, not both';
  let timeoutMs: number | undefined;
  if (flags.timeout !== undefined) {
    timeoutMs = Number(flags.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return `--timeout needs a positive number of milliseconds, not '${flags.timeout}'`;
  }
  if (flags.neo4j !== undefined) {
    if (!/^(neo4j|bolt)(\+s|\+ssc)?:\/\//.test(flags.neo4j)) return `--neo4j needs a neo4j:// or bolt:// URI, not '${flags.neo4j}'`;
    return { kind: 'neo4j', uri: flags.neo4j, user: flags.user ?? 'neo4j', ...(flags.database ? { database: flags.database } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
  }
  if (flags.db === undefined) return 'needs --db <folder> (the embedded database folder, e.g. .kgrag) or --neo4j <uri>';
  return { kind: 'embedded', folder: options.resolvePath(flags.db), ...(options.readOnly ? { readOnly: true } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
}
