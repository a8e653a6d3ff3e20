import type { RetrievalEngine } from './engine';

/**
 * @deprecated Every strategy is in the one table, `core/session/strategies.ts`; this is a no-op
 * kept so branches written before the session compile.
 */
export function registerStrategies(_engine: RetrievalEngine, _options: object = {}): void {}
