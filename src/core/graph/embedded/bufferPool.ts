// How much memory the embedded engine's buffer pool may take (docs/scale.md, "The engines' buffer
// pools"). The engine's own default is 80 % of the machine's RAM: it keeps every page it has read,
// so a long session's engine grows with what its queries touched (MetaQA ×40: 134 → 265 MB RSS over
// 300 cypher questions), all of it summed with the session's own memory.

/**
 * The pool of every engine but the import's staging engine: retrieval reads, the session's engine,
 * small writes. The pool also holds a query's working memory: `count(DISTINCT x)` over 3M values
 * fails with 64 MB ("the buffer pool is full") and runs with 128; at 64 MB, MetaQA ×40's store-placed
 * stem hit its 30 s limit under load (pages evicted and read again). 256 MB is twice the smallest
 * size that ran both; MetaQA ×40 answers every strategy the same with it (docs/scale.md).
 */
export const DEFAULT_BUFFER_POOL_MB = 256;

/**
 * `'engine'`: the engine's default. The staging engine's bulk COPY keeps it: a small pool can fail or
 * stall a large COPY (kuzudb/kuzu#3743, LadybugDB/ladybug#760) and its primary-key index is outside
 * the pool anyway (kuzudb/kuzu#4937), and no size was shown safe at 10M nodes / 43M edges.
 */
export type BufferPoolChoice = number | 'engine';

/** The bytes to open the engine with (undefined: the engine's default); a number is MB (at least 16). */
export function bufferPoolBytes(choice: BufferPoolChoice | undefined): number | undefined {
  const mb = choice ?? DEFAULT_BUFFER_POOL_MB;
  if (mb === 'engine') return undefined;
  if (!Number.isFinite(mb) || mb < 16) throw new RangeError(`The engine's buffer pool needs at least 16 MB, not ${mb}.`);
  return Math.round(mb) * 1048576;
}
