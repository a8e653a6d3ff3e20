import { basename, dirname } from 'node:path';
import type { Embedder } from './embedder';

/** Settings for a sentence-embedding model run by transformers.js (ONNX Runtime, CPU). */
export interface TransformersEmbedderOptions {
  /** Model id, e.g. "Xenova/all-MiniLM-L6-v2"; also the folder name under `localModelPath`. */
  readonly model: string;
  /** Folder holding `<model>/config.json, tokenizer.json, onnx/model.onnx`. */
  readonly localModelPath?: string;
  /** Download from the model hub when the model is not in the local folder. Off by default. */
  readonly allowRemoteModels?: boolean;
  /** Where hub downloads are cached. */
  readonly cacheDir?: string;
  readonly pooling?: 'mean' | 'cls';
  /** Unit-normalise rows (default true: GSD is L2 between unit vectors). */
  readonly normalize?: boolean;
  /** Texts per inference call. */
  readonly batchSize?: number;
}

/** A minimal view of the feature-extraction pipeline we use (transformers.js ships wide types). */
type Extractor = (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>;

/** Raised when the model cannot be loaded; the message says what to do next. */
export class ModelLoadError extends Error {}

/**
 * Loaded on demand: the package pulls in ONNX Runtime (~300 MB), which nobody should pay for unless
 * this embedder is chosen. The .vsix leaves it out (docs/packaging.md), so a missing package is an
 * expected state with its own message, not a crash.
 */
async function importTransformers(): Promise<typeof import('@huggingface/transformers')> {
  try {
    return await import('@huggingface/transformers');
  } catch (e) {
    const code = e instanceof Error && 'code' in e ? (e as { code?: unknown }).code : undefined;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw e;
    // In the bundle (dist/) the extension's own folder is one up; from sources it is the checkout.
    const folder = basename(__dirname) === 'dist' ? dirname(__dirname) : 'the project folder';
    throw new ModelLoadError(
      "the 'transformers' embedder needs the optional package @huggingface/transformers (with ONNX Runtime, about 300 MB), " +
        'which the packaged extension does not include. To enable it, run ' +
        `\`npm install --no-save @huggingface/transformers@4\` in ${folder} and reload; ` +
        "or use the default 'lexical' embedder, which needs no model.",
    );
  }
}

/**
 * Sentence embeddings from a real transformer (transformers.js, the maintained successor of
 * @xenova/transformers). Loads from a local folder; reaches the hub only when allowed.
 */
export class TransformersEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dimension: number,
    private readonly extract: Extractor,
    private readonly options: Required<Pick<TransformersEmbedderOptions, 'pooling' | 'normalize' | 'batchSize'>>,
  ) {}

  static async load(options: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const t = await importTransformers();
    t.env.allowRemoteModels = options.allowRemoteModels ?? false;
    t.env.allowLocalModels = true;
    if (options.localModelPath) t.env.localModelPath = options.localModelPath;
    if (options.cacheDir) t.env.cacheDir = options.cacheDir;
    let extractor: Extractor;
    try {
      const pipe = await t.pipeline('feature-extraction', options.model, { dtype: 'fp32' });
      extractor = pipe as unknown as Extractor;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const where = options.localModelPath ? `in ${options.localModelPath}` : 'locally';
      throw new ModelLoadError(
        options.allowRemoteModels
          ? `could not load embedding model '${options.model}': ${why}`
          : `embedding model '${options.model}' was not found ${where} (${why}). Put the model folder there, or allow downloads with the setting kgrag.embedder.allowRemoteModels.`,
      );
    }
    const pooling = options.pooling ?? 'mean';
    const normalize = options.normalize ?? true;
    const probe = await extractor(['probe'], { pooling, normalize });
    const dimension = probe.dims[probe.dims.length - 1]!;
    const id = `transformers:${options.model}:${pooling}:${normalize ? 'norm' : 'raw'}`;
    return new TransformersEmbedder(id, dimension, extractor, { pooling, normalize, batchSize: options.batchSize ?? 32 });
  }

  async embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
    const out = new Float32Array(texts.length * this.dimension);
    for (let start = 0; start < texts.length; start += this.options.batchSize) {
      signal?.throwIfAborted();
      const batch = texts.slice(start, start + this.options.batchSize);
      const tensor = await this.extract([...batch], { pooling: this.options.pooling, normalize: this.options.normalize });
      out.set(tensor.data.subarray(0, batch.length * this.dimension), start * this.dimension);
    }
    return out;
  }
}
