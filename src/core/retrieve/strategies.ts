import { retrieveCypher } from './cypher/retrieve';
import type { RetrievalEngine } from './engine';
import { retrieveMor } from './mor/retrieve';
import type { Reranker } from './mor/rerank';
import { retrieveSage } from './sage/retrieve';
import { retrieveStem } from './stem/retrieve';

/** Registers the strategies beyond gsd (which the engine has built in): mor, cypher, stem, sage. */
export function registerStrategies(engine: RetrievalEngine, options: { reranker?: Reranker } = {}): void {
  engine.register('cypher', async (plan, e, o, id) => {
    const snap = await e.snapshot(o.signal);
    return retrieveCypher(plan, e.store, snap, e.embedder, { id, ...(o.k !== undefined ? { limit: o.k } : {}), ...(o.signal ? { signal: o.signal } : {}), ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}) });
  });
  engine.register('mor', async (plan, e, o, id) => {
    const snap = await e.snapshot(o.signal);
    return retrieveMor(plan, snap, e.embedder, {
      id,
      store: { kind: e.store.kind, description: e.store.description },
      ...(o.k !== undefined ? { strategy: { k: o.k } } : {}),
      ...(options.reranker ? { reranker: options.reranker } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
    });
  });
  engine.register('stem', async (plan, e, o, id) => {
    const snap = await e.snapshot(o.signal);
    return retrieveStem(plan, snap, e.embedder, {
      id,
      store: { kind: e.store.kind, description: e.store.description },
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
    });
  });
  engine.register('sage', async (plan, e, o, id) => {
    const snap = await e.snapshot(o.signal);
    return retrieveSage(plan, snap, e.embedder, {
      id,
      store: { kind: e.store.kind, description: e.store.description },
      // Constrained (SPARK) expansion runs on the store as its filtered expand query (parameterised Cypher).
      expand: (ids, types, label) => e.store.expand(ids, { ...(types.length > 0 ? { types } : {}), ...(label !== undefined ? { label } : {}), ...(o.signal ? { signal: o.signal } : {}) }),
      ...(o.k !== undefined ? { strategy: { kPrime: o.k } } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.relationAliases ? { relationAliases: o.relationAliases } : {}),
    });
  });
}
