/**
 * Turns texts into vectors. GSD is the L2 distance between these vectors, so every embedder
 * returns unit-normalised rows unless its settings say otherwise.
 */
export interface Embedder {
  /** Identifies the model and its settings; part of every embedding cache key. */
  readonly id: string;
  readonly dimension: number;
  /** Row-major n × dimension matrix, one row per text. */
  embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array>;
}

export type EmbedderKind = 'hashing' | 'lexical' | 'transformers';
