import type { GraphSchema } from '../schema/graphSchema';

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

export interface QueryOptions {
  readonly params?: CypherParams;
  readonly mode?: QueryMode;
  /** Default: the store's configured timeout. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Retrieval always runs read-only; import and admin work pass false. Default true. */
  readonly readOnly?: boolean;
}

export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, CypherValue>>[];
  readonly plan?: PlanTree;
  readonly timeMs: number;
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

export type StoreKind = 'embedded' | 'neo4j';
export type CypherDialect = 'neo4j' | 'kuzu';

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
}
