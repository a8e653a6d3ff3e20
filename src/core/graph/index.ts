/** The graph store's public entry point: opening a store, its query types, import and the sample graph (front doors import from here, not from internals). */
export { openStore, storeSpecFromFlags, NEO4J_PASSWORD_ENV, STORE_FLAGS, type StoreSpec, type StoreFlagValues } from './openStore';
export { GraphStoreError, isGraphStoreError } from './errors';
export { WRITE_HINT } from './queryDoor';
export type { GraphStore, CypherParams, CypherValue, QueryResult } from './graphStore';
export { dataFolder, dataFolderProblem, databaseExists } from './embedded/dataFolder';
export { ImportRejectedError, formatBadLine, type ImportFile, type ImportOptions, type ImportSummary } from './import/importer';
export type { ImportFormat } from './import/records';
export { importIntoFolder, type StagedImportOptions } from './import/stagedImport';
export type { WrittenGraph } from './import/written';
export { METAQA_TYPING, UNTYPED, parseTypingRules, type TypingRules } from './import/typing';
export { renderPlanText } from './plan/planText';
export { sampleFolder, sampleTriplesPath } from './sample/sampleStore';
export { NAME_INDEX, createNameIndex, nameIndexState, type NameIndexState } from './nameIndex';
export { createVectorIndexes, vectorIndexState, type VectorIndexState, type EmbedNames } from './nameVectorIndex';
