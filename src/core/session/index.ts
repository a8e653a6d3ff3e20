// The retrieval session's public entry point (front doors import from here, not from internals).
export { openSession, defaultCacheDir, PlanParameterError, type RetrievalSession, type SessionOptions, type RunOptions, type RunMode, type RunStage, describeRunStage, type IndexInfo, type PasswordSource, type AskerOptions, type PlacedAsker } from './session';
export { STRATEGIES, STRATEGY_KINDS, isStrategyKind, strategiesFor, type StrategyDefinition, type StrategyParameter, type StrategyOverrides } from './strategies';
export type { StrategySettings } from '../plan/strategyParameters';
export { retrievalSettingsSchema, readRetrievalSettings, retrievalSettingKey, RETRIEVAL_SETTINGS_PREFIX, type SettingSchema, type ReadRetrievalSettings } from './settings';
export type { WhyNotOptions } from '../whynot';
export { decidePlacement, estimatedSnapshotBytes, DEFAULT_MEMORY_BUDGET_MB, STORE_STRATEGIES } from './placement';
export type { PlacementChoice, PlacementReport, StoreIo } from '../../contracts/retrievalResult';
