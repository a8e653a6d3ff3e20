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
  /**
   * The view of this embedder for node names, when it reads names differently from phrases
   * (people misspell names but paraphrase relations): same dimension, vectors comparable only with
   * each other. Node rows and every text searched against them use it; relation phrases and type
   * words use the embedder itself. Absent: one view serves both.
   */
  readonly names?: Embedder;
}

/** The view that embeds node names (and any text compared with node rows). */
export function namesView(e: Embedder): Embedder {
  return e.names ?? e;
}

export type EmbedderKind = 'hashing' | 'lexical' | 'transformers';
