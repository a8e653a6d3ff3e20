// Comparing results and keeping them: the public entry point (front doors import from here).
export { compareResults, subgraphDiff, answerChanges, answerTable, timingDeltas, scoreDeltas, retrievedGraph, executed, MOR_STEP, type CompareInput } from './compare';
export { ResultHistory, summarize, DEFAULT_HISTORY_LIMIT, type HistoryEntry, type HistoryFilter, type NewEntry, type ResultGraph } from './history';
