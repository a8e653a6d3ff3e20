// How much memory the embedded engine's buffer pool may take (docs/scale.md, "The engines' buffer
// pools"). The engine's own default is 80 % of the machine's RAM: it keeps every page it has read,
// so a long session's engine grows with what its queries touched (MetaQA ×40: 134 → 265 MB RSS over
// 300 cypher questions), all of it summed with the session's own memory.
import type { StatementBranches } from '../graphStore';

/**
 * The pool of every engine but the import's staging engine: retrieval reads, the session's engine,
 * small writes. The pool also holds a query's working memory: `count(DISTINCT x)` over 3M values
 * fails with 64 MB ("the buffer pool is full") and runs with 128; at 64 MB, MetaQA ×40's store-placed
 * stem hit its 30 s limit under load (pages evicted and read again). 256 MB is twice the smallest
 * size that ran both; MetaQA ×40 answers every strategy the same with it (docs/scale.md).
 */
export const DEFAULT_BUFFER_POOL_MB = 256;

/**
 * What one UNION ALL statement may hold on an engine with this pool (MB) and this many threads.
 * While a statement runs, the engine gives every branch pages of the pool, an aggregating one
 * (collect, count, max) some per thread, and a statement past the pool fails ("the buffer pool is
 * full"). Measured 2026-11-28 on MetaQA ×1, one Movie by key per branch (docs/placement.md,
 * "Branches per statement"): aggregating branches failed at 256 / 160 / 112 / 80 / 48 with
 * 1 / 2 / 4 / 8 / 16 threads and a 256 MB pool, at 128 / 80 / 64 / 48 / 32 with 128 MB; plain ones
 * at 512 (2 threads) and never at 384 (1 and 8). Bound: an aggregating branch (0.6 + 0.5 · threads)
 * MB, a plain one 0.6 MB — above every measured cost — and a statement half the pool (the rest is
 * the pages it reads).
 */
export function branchesPerStatement(poolMB: number, threads: number): StatementBranches {
  const room = poolMB / 2;
  // At least a group's two directions (levelParts never splits one group's branches of a node).
  return { aggregating: Math.max(2, Math.floor(room / (0.6 + 0.5 * Math.max(1, threads)))), plain: Math.max(2, Math.floor(room / 0.6)) };
}

/** `'engine'`: the engine's default (80 % of RAM). */
export type BufferPoolChoice = number | 'engine';

/**
 * Pool bytes per row of the largest node table a fresh import's COPY writes. A node COPY builds the
 * table's primary-key index in the pool and fails ("the buffer pool is full") below ≈ 100–130 bytes
 * a row, measured on one engine thread: MetaQA ×40's 852,920 people fail at 80 MB and copy at 96;
 * 2M synthetic names fail at 200 MB and copy at 256 (docs/scale.md). 256 is twice the most measured.
 */
export const STAGING_POOL_BYTES_PER_ROW = 256;

/**
 * glibc malloc arenas of every engine process (MALLOC_ARENA_MAX; the default is 8 per core; one set
 * in the environment wins): memory a statement freed is reused by the next instead of kept in
 * per-thread arenas. MetaQA ×40, store-placed `kgrag ask` reading its third level in 6 statements:
 * the engine's peak 249–254 MB with the default, 233 with 2 (docs/ask.md, "ask within the ×40 budget").
 */
export const ENGINE_MALLOC_ARENAS = 2;

/**
 * glibc malloc arenas of the import's staging engine (MALLOC_ARENA_MAX; the default is 8 per core).
 * Its memory beside the pool grows during the rel COPYs; one MetaQA ×40 import with 2 ended COPY at
 * 412 MB against 481–547 in every earlier run without (the same 209 MB pool, engine CPU 47.3 s against
 * 42.9–47.4): freed memory kept in per-thread arenas (docs/scale.md). Ignored off glibc.
 */
export const STAGING_MALLOC_ARENAS = ENGINE_MALLOC_ARENAS;

/** The staging pool's least size: the engine's own working memory besides the primary-key index. */
export const STAGING_POOL_FLOOR_MB = 128;

/**
 * The buffer pool of a fresh import's staging engine (stagedImport.ts), from the largest node table
 * it copies: STAGING_POOL_BYTES_PER_ROW a row, at least STAGING_POOL_FLOOR_MB. The engine keeps
 * every page it touched in its default pool (MetaQA ×40: ≈ 570 MB at the end of COPY, beside the
 * CLI); a COPY that still runs out of this pool is run again with the engine's default (bulkLoader.ts),
 * so the rule costs time, never the import, where it is short.
 */
export function stagingBufferPoolMB(largestNodeTable: number): number {
  return Math.max(STAGING_POOL_FLOOR_MB, Math.ceil((largestNodeTable * STAGING_POOL_BYTES_PER_ROW) / 1048576));
}

/** The engine's words when a statement needs more of the pool than it has. */
export function isPoolFull(e: unknown): boolean {
  return e instanceof Error && /buffer pool is full/i.test(e.message);
}

/** The bytes to open the engine with (undefined: the engine's default); a number is MB (at least 16). */
export function bufferPoolBytes(choice: BufferPoolChoice | undefined): number | undefined {
  const mb = choice ?? DEFAULT_BUFFER_POOL_MB;
  if (mb === 'engine') return undefined;
  if (!Number.isFinite(mb) || mb < 16) throw new RangeError(`The engine's buffer pool needs at least 16 MB, not ${mb}.`);
  return Math.round(mb) * 1048576;
}
