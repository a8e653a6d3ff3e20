// RetrievalResult moved to src/contracts/retrievalResult.ts (with schemas/retrieval-result.schema.json); re-exported here so every existing import still works.
export * from '../../contracts/retrievalResult';
