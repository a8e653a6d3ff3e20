/** Embedders' public entry point: settings and the factory (front doors import from here, not from internals). */
export { createEmbedder, isEmbedderKind, DEFAULT_EMBEDDER_SETTINGS, type EmbedderSettings } from './createEmbedder';
export type { Embedder, EmbedderKind } from './embedder';
export { namesView } from './embedder';
