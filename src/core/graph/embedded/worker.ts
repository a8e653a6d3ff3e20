// The engine child process. It owns the native database; the parent (EngineClient) talks to it over
// IPC with the messages in protocol.ts. A native crash here ends only this process.
import { Connection, Database, type PreparedStatement, type QueryResult } from '@ladybugdb/core';
import { existsSync, renameSync } from 'node:fs';
import type { CypherValue } from '../graphStore';
import { fromEngineValue } from './values';
import { NOT_A_QUERY, planFindings, planRefusal, startsAsQuery } from './planCheck';
import { isEngineRequest, type EngineErrorCode, type EngineRequest, type EngineResponse, type QueryRequest } from '../../../contracts/engineWorker';

let database: Database | undefined;
let connection: Connection | undefined;

class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function send(message: EngineResponse): void {
  process.send?.(message);
}

/** Reads every row and always closes every result (unclosed results crash the engine at exit). */
async function drain(result: QueryResult | QueryResult[]): Promise<{ columns: string[]; rows: Record<string, CypherValue>[] }> {
  const results = Array.isArray(result) ? result : [result];
  let columns: string[] = [];
  let rows: Record<string, CypherValue>[] = [];
  try {
    for (const r of results) {
      columns = r.getColumnNamesSync();
      // getAllSync: the async getAll hops the event loop per row (≈40× slower); this is the engine's own process.
      const raw = r.getAllSync();
      rows = raw.map((row) => {
        const out: Record<string, CypherValue> = {};
        for (const [k, v] of Object.entries(row)) out[k] = fromEngineValue(v);
        return out;
      });
    }
  } finally {
    for (const r of results) r.close();
  }
  return { columns, rows };
}

async function prepare(conn: Connection, cypher: string): Promise<PreparedStatement> {
  const statement = await conn.prepare(cypher);
  if (!statement.isSuccess()) throw new EngineError('query-failed', statement.getErrorMessage());
  return statement;
}

async function execute(conn: Connection, cypher: string, params: QueryRequest['params']) {
  const statement = await prepare(conn, cypher);
  // The native binding takes plain JS values; CypherParams are already JSON-shaped.
  return drain(await conn.execute(statement, params as Record<string, never>));
}

/**
 * Read-only statements prepared before, by text (most recent last): in-store retrieval sends the same
 * statement shapes again and again with other parameters (a level's branches per label), and
 * preparing one costs the engine 3–10 ms (parse, bind, plan) — a third of a small read's time
 * (docs/placement.md, "stem with a forecast and packed edges"). The parameters are bound at every
 * execution, as for a statement prepared afresh. Forgotten on any statement that is not a plain read
 * (a write may change the catalog the plans were bound to) and when the database closes.
 */
const prepared = new Map<string, PreparedStatement>();
/**
 * Prepared statements kept. Every fresh prepare costs the engine ≈ 110 kB that it does not give
 * back, even after its statement is collected (measured: 45 stem statements prepared afresh 8 times
 * grew the process ≈ 5 MB a round, with a forced GC too; kept, not at all): an evicted text prepared
 * again only adds to that, so many are kept (at most ≈ 450 MB for this many different texts).
 */
const PREPARED_KEPT = 4096;
/** Statements that start as a plain read does. */
const PLAIN_READ = /^\s*(MATCH|OPTIONAL\s+MATCH|UNWIND|WITH|RETURN)\b/i;

async function preparedFor(conn: Connection, cypher: string): Promise<PreparedStatement> {
  const known = prepared.get(cypher);
  if (known) {
    prepared.delete(cypher);
    prepared.set(cypher, known);
    return known;
  }
  const statement = await prepare(conn, cypher);
  // The engine calls ATTACH, COPY … TO or CHECKPOINT read-only too (queryDoor.ts): only plain reads are kept.
  if (!statement.isReadOnly() || !PLAIN_READ.test(cypher)) {
    prepared.clear();
    planPassed.clear();
    return statement;
  }
  if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value!);
  prepared.set(cypher, statement);
  return statement;
}

/**
 * Statement texts whose plan passed the door's check (by text: a parameter is a value and cannot add an
 * operator), most recent last; forgotten with the prepared statements.
 */
const planPassed = new Set<string>();

/** The query door's parsed check on the engine's plan (planCheck.ts); throws unless the statement reads. */
async function checkPlan(conn: Connection, cypher: string, params: QueryRequest['params']): Promise<void> {
  if (planPassed.has(cypher)) return;
  if (!startsAsQuery(cypher)) throw new EngineError('not-read-only', NOT_A_QUERY);
  const plan = await execute(conn, `EXPLAIN ${cypher}`, params);
  const cell = plan.rows[0]?.['explain result'];
  const findings = typeof cell === 'string' ? planFindings(cell) : ['no plan'];
  if (findings.length > 0) throw new EngineError('not-read-only', planRefusal(findings));
  if (planPassed.size >= PREPARED_KEPT) planPassed.delete(planPassed.values().next().value!);
  planPassed.add(cypher);
}

async function runQuery(req: QueryRequest): Promise<EngineResponse> {
  const conn = connection;
  if (!conn) throw new EngineError('not-open', 'The database is not open.');
  conn.setQueryTimeout(Math.max(1, Math.round(req.timeoutMs)));
  const started = performance.now();
  // Before the statement is prepared: the check refuses what does not start as a query unprepared.
  if (req.planCheck) await checkPlan(conn, req.cypher, req.params);
  const statement = await preparedFor(conn, req.cypher);
  const readOnlyStatement = statement.isReadOnly();
  if (req.readOnly && !readOnlyStatement) {
    throw new EngineError('not-read-only', 'This statement writes to the graph, but the query was run read-only.');
  }
  let columns: string[] = [];
  let rows: Record<string, CypherValue>[] = [];
  let planText: string | undefined;
  if (req.mode === 'run' || (req.mode === 'profile' && readOnlyStatement)) {
    try {
      ({ columns, rows } = await drain(await conn.execute(statement, req.params as Record<string, never>)));
    } catch (e) {
      // Not kept after a failure (a timeout's interruption included): the next use prepares it afresh.
      prepared.delete(req.cypher);
      throw e;
    }
  }
  if (req.mode !== 'run') {
    // EXPLAIN never executes; PROFILE executes again (reads only, see above) and reports real counts.
    const keyword = req.mode === 'explain' ? 'EXPLAIN' : 'PROFILE';
    const plan = await execute(conn, `${keyword} ${req.cypher}`, req.params);
    const cell = plan.rows[0]?.['explain result'];
    planText = typeof cell === 'string' ? cell : undefined;
  }
  return { type: 'result', id: req.id, columns, rows, planText, timeMs: performance.now() - started };
}

async function handle(req: EngineRequest): Promise<EngineResponse> {
  switch (req.type) {
    case 'open': {
      if (database) return { type: 'opened', id: req.id, engineVersion: Database.getVersion() };
      let recovery: string | undefined;
      try {
        ({ database, connection } = await openDatabase(req.databasePath, req.readOnly, req.threads, req.bufferPoolBytes));
      } catch (e) {
        const message = errorText(e);
        // Recovery is pending (a crash during a checkpoint, or a checkpoint run read-only): a read-only
        // open cannot replay it and fails forever; one read-write open finishes or discards it.
        if (!recoveryPending(message)) throw new EngineError(/lock/i.test(message) ? 'locked' : 'open-failed', message);
        recovery = await recover(req.databasePath);
        ({ database, connection } = await openDatabase(req.databasePath, req.readOnly, req.threads, req.bufferPoolBytes));
      }
      return { type: 'opened', id: req.id, engineVersion: Database.getVersion(), ...(recovery ? { recovery } : {}) };
    }
    case 'query':
      return runQuery(req);
    case 'close':
      await shutdown();
      return { type: 'closed', id: req.id };
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function openDatabase(path: string, readOnly: boolean, threads?: number, bufferPoolBytes?: number): Promise<{ database: Database; connection: Connection }> {
  // bufferManagerSize: undefined is the engine's default (80 % of RAM); EmbeddedStore decides (bufferPool.ts).
  const db = new Database(path, bufferPoolBytes, undefined, readOnly);
  try {
    await db.init();
    const conn = new Connection(db, threads);
    await conn.init();
    return { database: db, connection: conn };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/** The engine's words for "a checkpoint was interrupted": its WAL ends in a checkpoint record. */
function recoveryPending(message: string): boolean {
  return /checkpoint is in progress|\.shadow: No such file/i.test(message) || STALE_SHADOW.test(message);
}

/** A kill between a checkpoint's last write and its removal of the shadow file leaves a shadow the engine disowns. */
const STALE_SHADOW = /Database ID for temporary file .*\.shadow' does not match/i;

/**
 * Opens read-write once so the engine replays or finishes the interrupted checkpoint. When the WAL
 * names a checkpoint whose shadow file is gone or disowned (never written: a CHECKPOINT run on a
 * read-only open; or applied and truncated before a kill), the files are moved aside (kept, never
 * deleted) and the open is retried.
 */
async function recover(path: string): Promise<string> {
  try {
    await openAndClose(path);
    return 'An interrupted checkpoint was found and completed (the database was opened read-write once to recover).';
  } catch (e) {
    let message = errorText(e);
    if (/lock/i.test(message)) throw new EngineError('locked', `${message} (another process is writing this database; a checkpoint is finishing: retry when it is done)`);
    const moved: string[] = [];
    if (STALE_SHADOW.test(message) && existsSync(`${path}.shadow`)) {
      // The engine's own advice is to delete it; it is moved aside instead (kept, never deleted).
      moved.push(moveAside(`${path}.shadow`, 'stale'));
      try {
        await openAndClose(path);
        return `A checkpoint's leftover shadow file that the engine no longer recognises was moved to ${moved[0]}; the database opened as of its last completed checkpoint and its write-ahead log.`;
      } catch (e2) {
        message = errorText(e2);
      }
    }
    // The WAL ends in a checkpoint record whose shadow file is gone (never written, or applied and
    // truncated before the kill: the engine truncates the shadow after applying it, then removes the
    // WAL). This engine renames the WAL to `.wal.checkpoint` while it checkpoints.
    const wal = [`${path}.wal.checkpoint`, `${path}.wal`].find((f) => existsSync(f));
    if (!/\.shadow: No such file/i.test(message) || wal === undefined) throw new EngineError('open-failed', message);
    moved.push(moveAside(wal, 'interrupted'));
    await openAndClose(path);
    return `An interrupted checkpoint without its shadow file was found; ${moved.join(' and ')} ${moved.length > 1 ? 'were' : 'was'} kept aside and the database opened as of its last completed checkpoint.`;
  }
}

function moveAside(file: string, why: 'stale' | 'interrupted'): string {
  const aside = `${file}.${why}-${Date.now()}`;
  renameSync(file, aside);
  return aside;
}

async function openAndClose(path: string): Promise<void> {
  const rw = await openDatabase(path, false);
  await rw.connection.close();
  await rw.database.close();
}

async function shutdown(): Promise<void> {
  prepared.clear();
  planPassed.clear();
  const conn = connection;
  const db = database;
  connection = undefined;
  database = undefined;
  if (conn) await conn.close();
  if (db) await db.close();
}

// One request at a time: the parent queues too, but a chain here keeps the engine single-threaded anyway.
let chain: Promise<void> = Promise.resolve();
/** A request is in the engine (a query can run for its whole timeout in the engine's threads). */
let busy = false;
process.on('message', (message: unknown) => {
  if (!isEngineRequest(message)) {
    const id = typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'number' ? message.id : -1;
    send({ type: 'error', id, code: 'bad-request', message: 'Malformed request.' });
    return;
  }
  chain = chain.then(async () => {
    busy = true;
    try {
      send(await handle(message));
    } catch (e) {
      const code: EngineErrorCode = e instanceof EngineError ? e.code : /interrupt/i.test(String(e)) ? 'timeout' : 'query-failed';
      send({ type: 'error', id: message.id, code, message: e instanceof Error ? e.message : String(e) });
    } finally {
      busy = false;
    }
  });
});

/**
 * The parent went away (closed us, exited, or was killed by any signal): idle, release the database
 * files and leave; mid-request, leave at once — waiting for the query would keep a headless engine
 * burning CPU for up to its timeout, and nothing is left to read the answer. Ending mid-write is what
 * kill -9 does, which the engine's WAL recovers from (docs/graph-stores.md).
 */
function parentGone(): void {
  if (busy) process.kill(process.pid, 'SIGKILL');
  else void chain.then(shutdown).finally(() => process.exit(0));
}
process.on('disconnect', parentGone);
// Belt and braces: re-parented (the parent died without its IPC channel closing first).
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) parentGone();
}, 500).unref();

send({ type: 'ready', id: 0, pid: process.pid });
