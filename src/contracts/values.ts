// Values and plan trees as they cross a store boundary: over IPC, into results, into the webview.
// Pure shapes (no Node, no DOM); core/graph/graphStore.ts re-exports them.

/** A value as it crosses a store boundary: JSON-shaped, so it can go over IPC and into results. */
export type CypherValue =
  | null
  | boolean
  | number
  | string
  | readonly CypherValue[]
  | { readonly [key: string]: CypherValue };

export type CypherParams = Readonly<Record<string, CypherValue>>;

/** One operator of an EXPLAIN/PROFILE plan, normalised across Neo4j and the embedded engine. */
export interface PlanTree {
  readonly operator: string;
  readonly details?: string;
  readonly identifiers?: readonly string[];
  readonly estimatedRows?: number;
  /** PROFILE only. */
  readonly rows?: number;
  readonly dbHits?: number;
  readonly timeMs?: number;
  /** PROFILE on Neo4j: the operator's memory (the `Memory` argument, bytes). */
  readonly memoryBytes?: number;
  readonly children: readonly PlanTree[];
}

export type QueryMode = 'run' | 'explain' | 'profile';

/** The retrieval strategies (the IR's `Strategy['kind']`; planningGraph.ts fails to compile if they differ). */
export type StrategyKind = 'gsd' | 'mor' | 'cypher' | 'stem' | 'sage';

export type StoreKind = 'embedded' | 'neo4j';
/** The one Cypher dialect type: Neo4j's, or the embedded (Kùzu-fork) engine's. */
export type CypherDialect = 'neo4j' | 'kuzu';
