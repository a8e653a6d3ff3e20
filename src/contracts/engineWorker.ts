// The typed messages between the parent (EngineClient) and the engine child process (worker.ts).
// Requests and responses are discriminated unions; every request carries an id that its response echoes.
import type { CypherParams, CypherValue, QueryMode } from './values';

export interface OpenRequest {
  readonly type: 'open';
  readonly id: number;
  /** Absolute path of the database file. */
  readonly databasePath: string;
  readonly readOnly: boolean;
  /** Threads for query execution (absent: the engine's default). */
  readonly threads?: number;
  /** The engine's buffer pool in bytes (absent: the engine's default, 80 % of the machine's RAM). */
  readonly bufferPoolBytes?: number;
}

export interface QueryRequest {
  readonly type: 'query';
  readonly id: number;
  readonly cypher: string;
  readonly params: CypherParams;
  readonly mode: QueryMode;
  /** The engine's own (cooperative) timeout; the parent also enforces a hard one. */
  readonly timeoutMs: number;
  /** Reject statements the engine does not classify as read-only. */
  readonly readOnly: boolean;
  /**
   * The query door's parsed check, done here on the engine's own plan before the statement runs:
   * refuse unless it starts as a query and its EXPLAIN holds read operators only (planCheck.ts).
   */
  readonly planCheck?: boolean;
}

export interface CloseRequest {
  readonly type: 'close';
  readonly id: number;
}

export type EngineRequest = OpenRequest | QueryRequest | CloseRequest;

export interface OpenedResponse {
  readonly type: 'opened';
  readonly id: number;
  readonly engineVersion: string;
  /** Set when the open had to recover the database first (what was done, for people). */
  readonly recovery?: string;
}

export interface QueryResponse {
  readonly type: 'result';
  readonly id: number;
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, CypherValue>>[];
  /** The raw `explain result` text of EXPLAIN/PROFILE (parsed by the parent). */
  readonly planText?: string;
  readonly timeMs: number;
}

export interface ClosedResponse {
  readonly type: 'closed';
  readonly id: number;
}

export type EngineErrorCode = 'not-open' | 'open-failed' | 'locked' | 'query-failed' | 'not-read-only' | 'timeout' | 'bad-request';

export interface ErrorResponse {
  readonly type: 'error';
  readonly id: number;
  readonly code: EngineErrorCode;
  readonly message: string;
}

/** Sent once when the worker is ready to receive requests. */
export interface ReadyMessage {
  readonly type: 'ready';
  readonly id: 0;
  readonly pid: number;
}

export type EngineResponse = OpenedResponse | QueryResponse | ClosedResponse | ErrorResponse | ReadyMessage;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Narrowing for what arrives over IPC (the other side is our code, but a process boundary is still a boundary). */
export function isEngineResponse(v: unknown): v is EngineResponse {
  if (!isRecord(v) || typeof v.id !== 'number') return false;
  switch (v.type) {
    case 'opened':
    case 'result':
    case 'closed':
    case 'error':
    case 'ready':
      return true;
    default:
      return false;
  }
}

export function isEngineRequest(v: unknown): v is EngineRequest {
  if (!isRecord(v) || typeof v.id !== 'number') return false;
  return v.type === 'open' || v.type === 'query' || v.type === 'close';
}
