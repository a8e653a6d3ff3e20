import type { Embedder, EmbedderKind } from './embedder';
import { HashingEmbedder } from './hashing';
import { LexicalEmbedder } from './lexical';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers';

/** What the settings (`kgrag.embedder.*`) and CLI flags (`--embedder`) say about embeddings. */
export interface EmbedderSettings {
  readonly kind: EmbedderKind;
  readonly transformers?: TransformersEmbedderOptions;
}

export const DEFAULT_EMBEDDER_SETTINGS: EmbedderSettings = { kind: 'lexical' };

/** The one place that turns settings into an embedder: the CLI, the server and benchmarks use it. */
export async function createEmbedder(settings: EmbedderSettings = DEFAULT_EMBEDDER_SETTINGS): Promise<Embedder> {
  switch (settings.kind) {
    case 'hashing':
      return new HashingEmbedder();
    case 'lexical':
      return new LexicalEmbedder({ charLevel: new HashingEmbedder() });
    case 'transformers':
      if (!settings.transformers) throw new Error("the 'transformers' embedder needs a model (setting kgrag.embedder.model)");
      return TransformersEmbedder.load(settings.transformers);
  }
}

export function isEmbedderKind(s: string): s is EmbedderKind {
  return s === 'hashing' || s === 'lexical' || s === 'transformers';
}
