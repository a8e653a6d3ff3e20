// Shared by the graph commands: turns --db/--neo4j flags into an open store.
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { existsSync } from 'node:fs';
import { NEO4J_PASSWORD_ENV, openStore, storeSpecFromFlags, type StoreFlagValues, type StoreSpec, type GraphStore, dataFolder } from '../../core/graph';
import { openSession, type PlacementReport, type RetrievalSession, type SessionOptions, type StoreIo } from '../../core/session';
import { DEFAULT_EMBEDDER_SETTINGS, isEmbedderKind, type EmbedderKind } from '../../core/embed';
import { UsageError, type CliIO } from '../io';

/** parseArgs whose complaints (unknown option, missing value) become usage errors (exit 2). */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({ ...config, args: attachNegativeNumbers(config.args ?? [], config.options ?? {}) }) as ReturnType<typeof parseArgs<T>>;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * `--k -1` → `--k=-1`: node's parseArgs takes a value starting with '-' for an option ("argument is
 * ambiguous"), so a negative number would be refused with a puzzling message instead of being checked.
 */
export function attachNegativeNumbers(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** `--embedder`, as every command that embeds takes it (spread into parseFlags options). */
export const EMBEDDER_FLAG = { embedder: { type: 'string', default: DEFAULT_EMBEDDER_SETTINGS.kind } } as const;

/** The `--embedder` value checked: a kind the factory knows, else a usage error (exit 2). */
export function embedderKindFlag(value: string): EmbedderKind {
  if (!isEmbedderKind(value)) throw new UsageError(`--embedder must be hashing, lexical or transformers, not ${value}`);
  return value;
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

/** `--placement memory|store|auto` and `--memory-budget MB`, on every command that retrieves (docs/placement.md). */
export const PLACEMENT_FLAGS = { placement: { type: 'string' }, 'memory-budget': { type: 'string' } } as const;

export const PLACEMENT_USAGE = '[--placement memory|store|auto] [--memory-budget MB]';

/** The placement flags checked (usage errors name the value) as session options. */
export function placementFromFlags(values: { readonly placement?: string | undefined; readonly 'memory-budget'?: string | undefined }): Pick<SessionOptions, 'placement' | 'memoryBudgetMB'> {
  const p = values.placement;
  if (p !== undefined && p !== 'memory' && p !== 'store' && p !== 'auto') throw new UsageError(`--placement must be memory, store or auto, not ${p}`);
  const b = values['memory-budget'];
  const budget = b === undefined ? undefined : Number(b);
  if (budget !== undefined && !(Number.isFinite(budget) && budget > 0)) throw new UsageError(`--memory-budget must be a positive number of megabytes, not ${b}`);
  return { ...(p !== undefined ? { placement: p } : {}), ...(budget !== undefined ? { memoryBudgetMB: budget } : {}) };
}

/** Where a result ran and why, and what it asked of the store: the lines `kgrag run` and `kgrag ask` print. */
export function placementLines(r: { readonly placement?: PlacementReport; readonly storeIo?: StoreIo }, indent = '  '): string[] {
  const lines: string[] = [];
  if (r.placement) lines.push(`${indent}placement: ${r.placement.ran} (${r.placement.requested} asked): ${r.placement.reason}`);
  if (r.storeIo) lines.push(`${indent}store: ${r.storeIo.roundTrips} round trip(s), ${r.storeIo.rowsRead} row(s) read, ${r.storeIo.serverMs.toFixed(1)} ms in the store`);
  return lines;
}
