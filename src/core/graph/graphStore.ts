import type { GraphSchema } from '../schema/graphSchema';

import type { CypherDialect, CypherParams, CypherValue, PlanTree, QueryMode, StoreKind } from '../../contracts/values';

// The shapes moved to src/contracts/values.ts; re-exported so every existing import still works.
export type { CypherDialect, CypherParams, CypherValue, PlanTree, QueryMode, StoreKind };

export interface QueryOptions {
  readonly params?: CypherParams;
  readonly mode?: QueryMode;
  /** Default: the store's configured timeout. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Retrieval always runs read-only; import and admin work pass false. Default true. */
  readonly readOnly?: boolean;
  /**
   * A statement retrieval's store path built from its templates (names quoted, values as parameters):
   * on the embedded engine, read-only, the query door's parsed check is the engine's own plan of it,
   * in the engine process, instead of Neo4j's parser here (embedded/planCheck.ts; docs/graph-stores.md,
   * "The query door"). Other stores and statements: ignored.
   */
  readonly parsedByEngine?: boolean;
}

export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, CypherValue>>[];
  readonly plan?: PlanTree;
  readonly timeMs: number;
  /** The server's own time (Neo4j: result available + consumed after; embedded: the engine process's), when known. */
  readonly serverMs?: number;
}

export interface NodeRecord {
  /** The store's id as a string (embedded: internal id "table:offset"; Neo4j: elementId). */
  readonly id: string;
  readonly labels: readonly string[];
  /** The node's text (the `name` property). */
  readonly name: string;
}

export interface EdgeRecord {
  readonly source: string;
  readonly target: string;
  readonly type: string;
}

export type ExportChunk =
  | { readonly kind: 'nodes'; readonly nodes: readonly NodeRecord[] }
  | { readonly kind: 'edges'; readonly edges: readonly EdgeRecord[] };

export interface Neighbour {
  readonly from: string;
  readonly node: NodeRecord;
  readonly type: string;
  /** 'out' when the stored edge points from `from` to `node`. */
  readonly direction: 'out' | 'in';
}

export interface ExpandOptions {
  readonly label?: string;
  readonly types?: readonly string[];
  readonly direction?: 'out' | 'in' | 'both';
  readonly signal?: AbortSignal;
}


/**
 * How many UNION ALL branches one statement may hold on a store whose engine gives each branch
 * working memory from a fixed pool (the embedded engine: bufferPool.ts, branchesPerStatement):
 * all aggregating (collect, count, max …) or all plain; a mix in proportion.
 */
export interface StatementBranches {
  readonly aggregating: number;
  readonly plain: number;
}

/** What every graph database behind KG-RAG Studio answers. */
export interface GraphStore {
  readonly kind: StoreKind;
  readonly dialect: CypherDialect;
  /** For people: a folder path or a URI/database (never a password). */
  readonly description: string;
  open(): Promise<void>;
  close(): Promise<void>;
  schema(signal?: AbortSignal): Promise<GraphSchema>;
  query(cypher: string, options?: QueryOptions): Promise<QueryResult>;
  expand(nodeIds: readonly string[], options?: ExpandOptions): Promise<Neighbour[]>;
  exportGraph(signal?: AbortSignal): AsyncIterable<ExportChunk>;
  /** Changes whenever the stored graph changes: the key for caches built from it. */
  fingerprint(signal?: AbortSignal): Promise<string>;
  /** Undefined: no bound that in-store reads need to split a level by (Neo4j). */
  readonly branchesPerStatement?: StatementBranches;
}
