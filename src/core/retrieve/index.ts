/** Retrieval's public entry point for the front doors: run inputs, relation aliases and the MoR reranker. */
export { readRunInputs } from './inputs';
export type { RelationAliases } from './relations';
export { loadReranker, type Reranker } from './mor/rerank';
export { lookupEntities, type EntityLookupOptions } from './entities';
export { openNodeNameIndex, nodeNameIndexOf, type NodeNameIndex, type NameCandidate } from './nodeNames';
export { embedWhileCopying, type EarlyEmbedding } from './snapshot/fromImport';
