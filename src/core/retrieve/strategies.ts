import { retrieveCypher } from './cypher/retrieve';
import type { RetrievalEngine } from './engine';

/** Registers the strategies beyond gsd (which the engine has built in). */
export function registerStrategies(engine: RetrievalEngine): void {
  engine.register('cypher', async (plan, e, o, id) => {
    const snap = await e.snapshot(o.signal);
    return retrieveCypher(plan, e.store, snap, e.embedder, { id, ...(o.k !== undefined ? { limit: o.k } : {}), ...(o.signal ? { signal: o.signal } : {}) });
  });
}
