// Shared by the graph commands: turns --db/--neo4j flags into an open store.
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { existsSync } from 'node:fs';
import { NEO4J_PASSWORD_ENV, openStore, storeSpecFromFlags, type StoreFlagValues, type StoreSpec } from '../../core/graph/openStore';
import type { GraphStore } from '../../core/graph/graphStore';
import { openSession, type RetrievalSession, type SessionOptions } from '../../core/session';
import { dataFolder } from '../../core/graph/embedded/dataFolder';
import { UsageError, type CliIO } from '../io';

/** parseArgs whose complaints (unknown option, missing value) become usage errors (exit 2). */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

export function specFromFlags(flags: StoreFlagValues, io: CliIO, options: { mustExist: boolean; readOnly?: boolean }): StoreSpec {
  const spec = storeSpecFromFlags(flags, { resolvePath: (p) => resolve(io.cwd, p), readOnly: options.readOnly });
  if (typeof spec === 'string') throw new UsageError(spec);
  if (spec.kind === 'embedded' && options.mustExist && !existsSync(dataFolder(spec.folder).databasePath)) {
    throw new UsageError(`no database in ${spec.folder} (create one with: kgrag import <file> --db ${flags.db})`);
  }
  return spec;
}

/** Opens the store; the Neo4j password comes from KGRAG_NEO4J_PASSWORD and is never printed. */
export function openFromSpec(spec: StoreSpec, io: CliIO): Promise<GraphStore> {
  return openStore(spec, () => io.env[NEO4J_PASSWORD_ENV]);
}

/** Opens a retrieval session on the store the flags name (the one way every graph command reaches a graph). */
export function openSessionFromSpec(spec: StoreSpec, io: CliIO, options: Omit<SessionOptions, 'store' | 'password'> = {}): Promise<RetrievalSession> {
  return openSession({ ...options, store: spec, password: () => io.env[NEO4J_PASSWORD_ENV] });
}
