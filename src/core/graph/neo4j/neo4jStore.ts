// GraphStore over a Neo4j server (single instance, cluster or Aura) through neo4j-driver 6.
// The password comes from a callback (VS Code SecretStorage in the extension, an environment variable
// in the CLI) and is handed straight to the driver: it is never stored on this object or logged.
import neo4j, { Neo4jError, type AuthToken, type Config, type Driver, type Record as Neo4jRecord } from 'neo4j-driver';
import { createHash } from 'node:crypto';
import type { GraphSchema } from '../../schema/graphSchema';
import { GraphStoreError, abbreviate } from '../errors';
import type { CypherParams, ExpandOptions, ExportChunk, GraphStore, Neighbour, NodeRecord, EdgeRecord, QueryOptions, QueryResult } from '../graphStore';
import * as Q from './cypher';
import { guardStatement } from '../queryDoor';
import { planFromSummary } from './planMapping';
import { buildNeo4jSchema, type NodeTypePropertyRow, type RelTypePropertyRow, type VisualizationRow } from './schemaMapping';
import { fromNeo4jValue } from './values';
import { createNameIndexStatement, isNoSuchIndexError, luceneQuery, NAME_INDEX, NAME_INDEX_QUERY } from './fulltext';
import { createVectorIndexStatement, nodesToEmbedStatement, VECTOR_INDEX_QUERY, vectorIndexName, writeVectorsStatement, type VectorKeys } from './vector';

/** One node the full-text name index returned (Lucene's score: higher is better). */
export interface NameIndexHit {
  readonly id: string;
  readonly labels: readonly string[];
  readonly name: string;
  readonly score: number;
}

/** One node a vector index returned (Neo4j's similarity score: higher is nearer) with its marker (which embedder wrote its vector). */
export interface VectorIndexHit extends NameIndexHit {
  readonly marker: string | null;
}

/** What the consented vector write did (Neo4jStore.createVectorIndexes). */
export interface VectorWriteReport {
  readonly written: number;
  readonly statements: readonly string[];
}

/** Names embedded and written per statement of the consented vector write. */
export const VECTOR_WRITE_BATCH = 256;

export interface Neo4jStoreOptions {
  /** neo4j://, neo4j+s://, bolt://… */
  readonly uri: string;
  readonly user: string;
  /** Default: the server's default database. */
  readonly database?: string;
  /** Asked once per open(); undefined means no password (auth disabled on the server). */
  readonly password: () => Promise<string | undefined> | string | undefined;
  /** Default per-query timeout (sent as the transaction timeout). Default 30 s. */
  readonly timeoutMs?: number;
  /** How long the connection check on open (and each later connection) may wait. Default 5 s. */
  readonly connectionTimeoutMs?: number;
  readonly batchSize?: number;
  /** Creates the driver (default neo4j.driver); tests pass one that records what the store asks for. */
  readonly driverFactory?: (uri: string, auth: AuthToken | undefined, config: Config) => Driver;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** The connection check on open: a server that does not answer within it is reported, not waited for. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Every message down an error's `cause` chain (the driver wraps the socket error in its own). */
function causeMessages(e: unknown): string[] {
  const out: string[] = [];
  for (let c: unknown = e, i = 0; c instanceof Error && i < 8; c = (c as { cause?: unknown }).cause, i++) out.push(c.message);
  return out;
}

/**
 * Why the driver could not reach the server, in words: the socket error it wraps (refused, no such
 * host, unreachable, TLS), never its routing-table dump or its boilerplate advice.
 */
export function unreachableWords(e: unknown): string {
  const all = causeMessages(e).join('\n');
  const refused = /ECONNREFUSED\s+(\S+)/.exec(all);
  if (refused) return `nothing accepts connections at ${refused[1]} (connection refused): is Neo4j running there, on its Bolt port (7687 by default)?`;
  const host = /(?:ENOTFOUND|EAI_AGAIN)\s+(\S+)/.exec(all);
  if (host) return `the host name "${host[1]}" does not resolve (DNS): check the address`;
  const unreach = /(EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\s*(\S*)/.exec(all);
  if (unreach) return `the host ${unreach[2] || ''} cannot be reached (${unreach[1]}): check the address and the network`.replace('host  ', 'host ');
  if (/Connection acquisition timed out|Connection timeout|timed out/i.test(all)) return 'the server did not answer in time';
  if (/certificate|SSL|TLS|EPROTO|wrong version number/i.test(all)) return `the encrypted connection failed (${(/[^\n.]*(certificate|SSL|TLS|EPROTO|wrong version number)[^\n.]*/i.exec(all)?.[0] ?? 'TLS').trim()}): neo4j+s:// and bolt+s:// need a server with TLS, neo4j:// and bolt:// one without`;
  if (/ECONNRESET/.test(all)) return 'the server closed the connection (ECONNRESET): is it a Neo4j Bolt port, with the encryption the address asks for?';
  // Something else: its first line, without the routing table dump and the driver's generic advice.
  const first = (causeMessages(e).at(-1) ?? String(e)).split('\n')[0]!.replace(/\s*Known routing table:.*$/, '').replace(/\s*RoutingTable\[.*$/, '').replace(/\s*Please ensure.*$/, '');
  return first || 'no server answered';
}

/** Maps driver errors to GraphStoreError codes with messages for people (never including secrets). */
export function mapNeo4jError(e: unknown, what: string, uri?: string): GraphStoreError {
  if (e instanceof GraphStoreError) return e;
  if (e instanceof Error && e.name === 'AbortError') return new GraphStoreError('cancelled', `${what} was cancelled.`);
  if (e instanceof Neo4jError) {
    const code = e.code;
    if (isNoSuchIndexError(e)) return new GraphStoreError('no-index', `${what} failed: Neo4j has no full-text index ${NAME_INDEX} (${code}).`);
    if (code === 'ServiceUnavailable' || code === 'SessionExpired' || /Connection acquisition timed out/.test(e.message)) {
      const words = unreachableWords(e);
      return new GraphStoreError('unavailable', `Neo4j${uri !== undefined ? ` at ${uri}` : ''} is not reachable: ${words}${/[.?!]$/.test(words) ? '' : '.'}`);
    }
    if (/Security\.(Unauthorized|AuthenticationRateLimit|CredentialsExpired)/.test(code)) return new GraphStoreError('auth', `Neo4j rejected the credentials (${code}).`);
    if (/TransactionTimedOut|TransactionTimedOutClientConfiguration/.test(code)) return new GraphStoreError('timeout', `${what} timed out (${code}).`);
    if (/AccessMode|ForbiddenOnReadOnlyDatabase|WriteOnReadOnlyAccessDbException/.test(code)) return new GraphStoreError('not-read-only', `${what} tried to write, but retrieval runs in read-only transactions (${code}).`);
    if (/Transaction\.(Terminated|LockClientStopped)/.test(code)) return new GraphStoreError('cancelled', `${what} was stopped (${code}).`);
    return new GraphStoreError('query-failed', `${what} failed (${code}): ${e.message}`);
  }
  return new GraphStoreError('query-failed', `${what} failed: ${e instanceof Error ? e.message : String(e)}`);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

export class Neo4jStore implements GraphStore {
  readonly kind = 'neo4j' as const;
  readonly dialect = 'neo4j' as const;
  readonly description: string;
  private driver: Driver | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: Neo4jStoreOptions) {
    this.description = `Neo4j ${options.uri}${options.database ? ` database ${options.database}` : ''} as ${options.user}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async open(): Promise<void> {
    if (this.driver) return;
    const password = await this.options.password();
    // No password: connect without credentials (a server with auth disabled).
    const auth = password === undefined ? undefined : neo4j.auth.basic(this.options.user, password);
    let driver: Driver;
    const checkMs = this.options.connectionTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    try {
      const create = this.options.driverFactory ?? ((uri: string, a: AuthToken | undefined, c: Config) => neo4j.driver(uri, a, c));
      driver = create(this.options.uri, auth, {
        connectionTimeout: checkMs,
        connectionAcquisitionTimeout: checkMs,
        maxTransactionRetryTime: 0, // a failed retrieval is reported, not silently retried for 30 s
        userAgent: 'kg-rag-studio',
        disableLosslessIntegers: false,
      });
    } catch (e) {
      throw mapNeo4jError(e, `Connecting to ${this.options.uri}`, this.options.uri);
    }
    // The connection check, bounded: the driver's own discovery may retry routers for much longer.
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new GraphStoreError('unavailable', `Neo4j at ${this.options.uri} is not reachable: no answer within ${checkMs / 1000} s (is the server running, and is the address right?).`)), checkMs);
      });
      await Promise.race([driver.verifyConnectivity(this.options.database ? { database: this.options.database } : {}), timedOut]);
    } catch (e) {
      // Closing waits for nothing the check left behind.
      void driver.close().catch(() => undefined);
      throw mapNeo4jError(e, `Connecting to ${this.options.uri}`, this.options.uri);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    this.driver = driver;
  }

  async close(): Promise<void> {
    const d = this.driver;
    this.driver = undefined;
    if (d) await d.close();
  }

  private requireDriver(): Driver {
    if (!this.driver) throw new GraphStoreError('closed', 'The Neo4j store is not open.');
    return this.driver;
  }

  async query(cypher: string, options: QueryOptions = {}): Promise<QueryResult> {
    const driver = this.requireDriver();
    const mode = options.mode ?? 'run';
    const readOnly = options.readOnly ?? true;
    // The same statement check as the embedded store, then a READ transaction as a second wall.
    guardStatement(cypher, { allowWrite: !readOnly }, options.params);
    const text = mode === 'explain' ? `EXPLAIN ${cypher}` : mode === 'profile' ? `PROFILE ${cypher}` : cypher;
    const started = performance.now();
    try {
      // routing READ → a READ-mode session and transaction: the server refuses writes in it.
      const result = await driver.executeQuery(text, (options.params ?? {}) as Record<string, unknown>, {
        database: this.options.database,
        routing: readOnly ? neo4j.routing.READ : neo4j.routing.WRITE,
        transactionConfig: { timeout: options.timeoutMs ?? this.timeoutMs, metadata: { app: 'kg-rag-studio' } },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return {
        columns: [...result.keys].map(String),
        rows: result.records.map(recordToRow),
        plan: mode === 'run' ? undefined : planFromSummary(result.summary),
        timeMs: performance.now() - started,
        ...withServerMs(serverTimeMs(result.summary)),
      };
    } catch (e) {
      if (options.signal?.aborted) throw new GraphStoreError('cancelled', `The query was cancelled: ${abbreviate(cypher)}.`);
      throw mapNeo4jError(e, `The query ${abbreviate(cypher)}`);
    }
  }

  /**
   * Nodes whose name the full-text index `kgrag_names` matches: Lucene's top `limit` for the name
   * (escaped: luceneQuery), through the query door like every read (a READ transaction). Throws
   * GraphStoreError 'no-index' when the index does not exist.
   */
  async nameIndexHits(name: string, limit: number, signal?: AbortSignal): Promise<{ readonly hits: NameIndexHit[]; readonly serverMs?: number; readonly timeMs: number }> {
    const text = luceneQuery(name);
    if (text === '') return { hits: [], timeMs: 0 };
    const q = await this.query(NAME_INDEX_QUERY, { params: { index: NAME_INDEX, text, limit }, readOnly: true, ...(signal ? { signal } : {}) });
    const hits = q.rows.map((r) => ({
      id: str(r.id),
      labels: Array.isArray(r.labels) ? r.labels.map(str) : [],
      name: str(r.name),
      score: typeof r.score === 'number' ? r.score : Number(r.score),
    }));
    return { hits, timeMs: q.timeMs, ...(q.serverMs !== undefined ? { serverMs: q.serverMs } : {}) };
  }

  /**
   * Creates the full-text name index over the graph's labels: a schema write, run only when the
   * person asked for it (`kgrag index create --write`, the editor's modal confirmation), through
   * the query door with writes allowed, in a WRITE transaction. Returns the statement it ran. The
   * server fills the index in the background (SHOW FULLTEXT INDEXES shows its state).
   */
  async createNameIndex(signal?: AbortSignal): Promise<string> {
    const schema = await this.schema(signal);
    const statement = createNameIndexStatement(schema.labels.map((l) => l.name));
    await this.query(statement, { readOnly: false, ...(signal ? { signal } : {}) });
    return statement;
  }

  /**
   * The nearest `limit` nodes to `vector` in each of `indexes` (Neo4j's vector indexes, HNSW:
   * approximate), with each hit's marker, through the query door (a READ transaction). Throws
   * GraphStoreError 'no-index' when one of the indexes does not exist.
   */
  async vectorIndexHits(vector: readonly number[], indexes: readonly string[], markerKey: string, limit: number, signal?: AbortSignal): Promise<{ readonly hits: VectorIndexHit[]; readonly serverMs?: number; readonly timeMs: number }> {
    if (indexes.length === 0) return { hits: [], timeMs: 0 };
    let q: QueryResult;
    try {
      q = await this.query(VECTOR_INDEX_QUERY, { params: { indexes: [...indexes], limit, vector: [...vector], markerKey }, readOnly: true, ...(signal ? { signal } : {}) });
    } catch (e) {
      // The error names the full-text index (mapNeo4jError): say which ones were asked for.
      if (e instanceof GraphStoreError && e.code === 'no-index') throw new GraphStoreError('no-index', `Neo4j has no vector index ${indexes.join(', ')} (one of them is missing): ${e.message}`);
      throw e;
    }
    const hits = q.rows.map((r) => ({
      id: str(r.id),
      labels: Array.isArray(r.labels) ? r.labels.map(str) : [],
      name: str(r.name),
      score: typeof r.score === 'number' ? r.score : Number(r.score),
      marker: typeof r.marker === 'string' ? r.marker : null,
    }));
    return { hits, timeMs: q.timeMs, ...(q.serverMs !== undefined ? { serverMs: q.serverMs } : {}) };
  }

  /**
   * The consented write of name vectors and their indexes, label by label: the nodes without this
   * embedder's vector are read (a READ transaction, streamed), their names embedded by `embed` and
   * written in batches of VECTOR_WRITE_BATCH (`UNWIND $rows … SET`, through the query door with
   * writes allowed, WRITE transactions), then `CREATE VECTOR INDEX … IF NOT EXISTS` for the label.
   * Run only when the person asked for it (`kgrag index create --vectors --write`, the editor's
   * modal confirmation). Resumable: nodes already written are not read again.
   */
  async createVectorIndexes(keys: VectorKeys, embed: (names: readonly string[], signal?: AbortSignal) => Promise<Float32Array>, onProgress?: (written: number, label: string) => void, signal?: AbortSignal): Promise<VectorWriteReport> {
    const driver = this.requireDriver();
    const schema = await this.schema(signal);
    const write = writeVectorsStatement(keys);
    const statements: string[] = [];
    let written = 0;
    const flush = async (batch: { id: string; name: string }[], label: string): Promise<void> => {
      const m = await embed(batch.map((b) => b.name), signal);
      const d = keys.dimension;
      const rows = batch.map((b, i) => ({ id: b.id, v: Array.from(m.subarray(i * d, (i + 1) * d)) }));
      const q = await this.query(write, { params: { rows, marker: keys.marker }, readOnly: false, ...(signal ? { signal } : {}) });
      written += Number(q.rows[0]?.written ?? 0);
      onProgress?.(written, label);
    };
    for (const { name: label } of schema.labels) {
      const read = nodesToEmbedStatement(keys, label);
      const session = driver.session({ database: this.options.database, defaultAccessMode: neo4j.session.READ });
      try {
        const tx = await session.beginTransaction({ timeout: 0 });
        try {
          let batch: { id: string; name: string }[] = [];
          for await (const r of tx.run(read, { marker: keys.marker })) {
            if (signal?.aborted) throw new GraphStoreError('cancelled', 'Writing the name vectors was cancelled.');
            batch.push({ id: str(r.get('id')), name: str(r.get('name')) });
            if (batch.length >= VECTOR_WRITE_BATCH) {
              await flush(batch, label);
              batch = [];
            }
          }
          if (batch.length > 0) await flush(batch, label);
        } finally {
          await tx.close();
        }
      } catch (e) {
        throw mapNeo4jError(e, `Writing the name vectors of ${label}`);
      } finally {
        await session.close();
      }
      const create = createVectorIndexStatement(keys, label);
      await this.query(create, { readOnly: false, ...(signal ? { signal } : {}) });
      statements.push(create);
    }
    return { written, statements: [write, ...statements] };
  }

  /** The index names of every label of the graph, for this embedder's keys. */
  async vectorIndexNames(keys: VectorKeys, signal?: AbortSignal): Promise<string[]> {
    return (await this.schema(signal)).labels.map((l) => vectorIndexName(keys, l.name));
  }

  private async rows(cypher: string, params: CypherParams = {}, signal?: AbortSignal): Promise<Neo4jRecord[]> {
    const driver = this.requireDriver();
    try {
      const result = await driver.executeQuery(cypher, params as Record<string, unknown>, {
        database: this.options.database,
        routing: neo4j.routing.READ,
        transactionConfig: { timeout: this.timeoutMs },
        ...(signal ? { signal } : {}),
      });
      return result.records;
    } catch (e) {
      throw mapNeo4jError(e, `The query ${abbreviate(cypher)}`);
    }
  }

  async schema(signal?: AbortSignal): Promise<GraphSchema> {
    const nodeRows: NodeTypePropertyRow[] = (await this.rows(Q.NODE_TYPE_PROPERTIES, {}, signal)).map((r) => ({
      nodeLabels: (r.get('nodeLabels') as unknown[]).map(str),
      propertyName: r.get('propertyName') === null ? null : str(r.get('propertyName')),
    }));
    const relRows: RelTypePropertyRow[] = (await this.rows(Q.REL_TYPE_PROPERTIES, {}, signal)).map((r) => ({
      relType: str(r.get('relType')),
      propertyName: r.get('propertyName') === null ? null : str(r.get('propertyName')),
    }));
    const vis: VisualizationRow[] = (await this.rows(Q.SCHEMA_VISUALIZATION, {}, signal)).map((r) => ({
      nodes: r.get('nodes') as unknown[],
      relationships: r.get('relationships') as unknown[],
    }));
    const draft = buildNeo4jSchema(nodeRows, relRows, vis);
    const labelCounts = new Map<string, number>();
    const typeCounts = new Map<string, number>();
    for (const l of draft.labels) {
      const [r] = await this.rows(Q.countLabel(l.name), {}, signal);
      const c = fromNeo4jValue(r?.get('count'));
      if (typeof c === 'number') labelCounts.set(l.name, c);
    }
    for (const t of draft.relationshipTypes) {
      const [r] = await this.rows(Q.countRelationshipType(t.name), {}, signal);
      const c = fromNeo4jValue(r?.get('count'));
      if (typeof c === 'number') typeCounts.set(t.name, c);
    }
    return buildNeo4jSchema(nodeRows, relRows, vis, labelCounts, typeCounts);
  }

  async expand(nodeIds: readonly string[], options: ExpandOptions = {}): Promise<Neighbour[]> {
    const out: Neighbour[] = [];
    const batch = this.options.batchSize ?? 1_000;
    for (let i = 0; i < nodeIds.length; i += batch) {
      const records = await this.rows(
        Q.EXPAND,
        { ids: nodeIds.slice(i, i + batch), types: [...(options.types ?? [])], label: options.label ?? null, direction: options.direction ?? 'both' },
        options.signal,
      );
      for (const r of records) out.push(recordToNeighbour(r));
    }
    return out;
  }

  async *exportGraph(signal?: AbortSignal): AsyncIterable<ExportChunk> {
    const driver = this.requireDriver();
    const chunk = this.options.batchSize ?? 5_000;
    const session = driver.session({ database: this.options.database, defaultAccessMode: neo4j.session.READ });
    try {
      const tx = await session.beginTransaction({ timeout: 0 });
      try {
        let nodes: NodeRecord[] = [];
        for await (const r of tx.run(Q.EXPORT_NODES)) {
          if (signal?.aborted) throw new GraphStoreError('cancelled', 'The export was cancelled.');
          nodes.push(recordToNode(r));
          if (nodes.length >= chunk) {
            yield { kind: 'nodes', nodes };
            nodes = [];
          }
        }
        if (nodes.length > 0) yield { kind: 'nodes', nodes };
        let edges: EdgeRecord[] = [];
        for await (const r of tx.run(Q.EXPORT_EDGES)) {
          if (signal?.aborted) throw new GraphStoreError('cancelled', 'The export was cancelled.');
          edges.push({ source: str(r.get('source')), target: str(r.get('target')), type: str(r.get('type')) });
          if (edges.length >= chunk) {
            yield { kind: 'edges', edges };
            edges = [];
          }
        }
        if (edges.length > 0) yield { kind: 'edges', edges };
      } finally {
        await tx.close();
      }
    } catch (e) {
      throw mapNeo4jError(e, 'The export');
    } finally {
      await session.close();
    }
  }

  async fingerprint(signal?: AbortSignal): Promise<string> {
    const s = await this.schema(signal);
    const counts = [...s.labels.map((l) => `${l.name}=${l.count}`), ...s.relationshipTypes.map((r) => `${r.name}=${r.count}`), ...s.propertyKeys];
    return createHash('sha256').update(JSON.stringify({ uri: this.options.uri, db: this.options.database ?? '', counts })).digest('hex').slice(0, 16);
  }
}

export function recordToRow(r: Neo4jRecord): Record<string, ReturnType<typeof fromNeo4jValue>> {
  const row: Record<string, ReturnType<typeof fromNeo4jValue>> = {};
  for (const key of r.keys) row[String(key)] = fromNeo4jValue(r.get(key));
  return row;
}

export function recordToNode(r: Neo4jRecord): NodeRecord {
  const labels = r.get('labels');
  return { id: str(r.get('id')), labels: Array.isArray(labels) ? labels.map(str) : [], name: str(r.get('name')) };
}

export function recordToNeighbour(r: Neo4jRecord): Neighbour {
  return {
    from: str(r.get('source')),
    node: recordToNode(r),
    type: str(r.get('type')),
    direction: r.get('outgoing') === true ? 'out' : 'in',
  };
}

type DriverNumber = { toNumber(): number } | number | null | undefined;

/** The server's own time of a query: result available after + consumed after (driver Integers, ms); undefined when the summary lacks them. */
export function serverTimeMs(summary: { readonly resultAvailableAfter?: DriverNumber; readonly resultConsumedAfter?: DriverNumber } | undefined): number | undefined {
  const ms = (v: DriverNumber): number | undefined => (typeof v === 'number' ? v : v && typeof v.toNumber === 'function' ? v.toNumber() : undefined);
  const available = ms(summary?.resultAvailableAfter);
  const consumed = ms(summary?.resultConsumedAfter);
  return available === undefined || consumed === undefined ? undefined : available + consumed;
}

function withServerMs(ms: number | undefined): { serverMs?: number } {
  return ms === undefined ? {} : { serverMs: ms };
}
