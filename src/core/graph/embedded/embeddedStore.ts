// The default GraphStore: the embedded Cypher engine (@ladybugdb/core) in a child process, data in a
// workspace folder (`.kgrag/` by default). See docs/graph-stores.md.
import { createHash } from 'node:crypto';
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from '../../schema/graphSchema';
import { GraphStoreError } from '../errors';
import type {
  CypherParams,
  CypherValue,
  EdgeRecord,
  ExpandOptions,
  ExportChunk,
  GraphStore,
  Neighbour,
  NodeRecord,
  QueryOptions,
  QueryResult,
  StatementBranches,
} from '../graphStore';
import { isSafeIdentifier, quoteIdentifier, quoteString } from '../identifiers';
import { guardStatement } from '../queryDoor';
import { parseEmbeddedPlan } from '../plan/embeddedPlanParser';
import { bumpGeneration, DEFAULT_DATA_FOLDER, ensureDataFolder, readGeneration, dataFolder } from './dataFolder';
import { EngineClient } from './engineClient';
import { availableParallelism, totalmem } from 'node:os';
import { bufferPoolBytes, branchesPerStatement, ENGINE_MALLOC_ARENAS, type BufferPoolChoice } from './bufferPool';

export interface EmbeddedStoreOptions {
  /** The data folder (default `.kgrag` in the current directory). */
  readonly folder?: string;
  /** Open without write access (several readers may share a database). Default false. */
  readonly readOnly?: boolean;
  /** Threads for query execution (default: the engine's). 1 makes COPY give rows offsets in file order. */
  readonly threads?: number;
  /** The engine's buffer pool in MB, or 'engine' for its default (80 % of RAM). Default DEFAULT_BUFFER_POOL_MB (bufferPool.ts). */
  readonly bufferPoolMB?: BufferPoolChoice;
  /** Default per-query timeout. Default 30 s. */
  readonly timeoutMs?: number;
  /** Where the engine worker is (tests and unusual layouts). */
  readonly workerPath?: string;
  /** Rows per chunk of exportGraph and ids per batch of expand. */
  readonly batchSize?: number;
  /** glibc's MALLOC_ARENA_MAX for the engine process (default ENGINE_MALLOC_ARENAS, bufferPool.ts). */
  readonly mallocArenas?: number;
}

interface TableInfo {
  readonly id: number;
  readonly name: string;
  readonly kind: 'node' | 'rel';
}

interface RelTableInfo extends TableInfo {
  readonly endpoints: readonly { readonly from: string; readonly to: string }[];
}

interface Catalog {
  readonly nodeTables: readonly TableInfo[];
  readonly relTables: readonly RelTableInfo[];
  readonly byId: ReadonlyMap<number, TableInfo>;
  readonly byName: ReadonlyMap<string, TableInfo>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** A catalog name as a string literal: CALL procedures take literals only, not parameters. */
function stringLiteral(name: string): string {
  if (!isSafeIdentifier(name)) throw new GraphStoreError('query-failed', `Unsupported table name ${JSON.stringify(name)}`);
  return quoteString(name);
}

function asNumber(v: CypherValue | undefined): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
}

function asString(v: CypherValue | undefined): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

export class EmbeddedStore implements GraphStore {
  readonly kind = 'embedded' as const;
  readonly dialect = 'kuzu' as const;
  readonly description: string;
  readonly folder: string;
  private readonly client: EngineClient;
  private catalog: Catalog | undefined;
  private readonly timeoutMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: EmbeddedStoreOptions = {}) {
    const df = dataFolder(options.folder ?? DEFAULT_DATA_FOLDER);
    this.folder = df.folder;
    this.description = `embedded database in ${df.folder}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.batchSize = options.batchSize ?? 5_000;
    const pool = bufferPoolBytes(options.bufferPoolMB);
    this.client = new EngineClient({ databasePath: df.databasePath, readOnly: options.readOnly ?? false, workerPath: options.workerPath, ...(options.threads !== undefined ? { threads: options.threads } : {}), ...(pool !== undefined ? { bufferPoolBytes: pool } : {}), mallocArenas: options.mallocArenas ?? ENGINE_MALLOC_ARENAS });
  }

  /** The engine process id when one runs (tests kill it to prove crash recovery). */
  get enginePid(): number | undefined {
    return this.client.pid;
  }

  /** How many engine processes were started so far. */
  get engineStarts(): number {
    return this.client.starts;
  }

  /** Recoveries the engine performed while opening (the CLI prints them as notes). */
  get recoveries(): readonly string[] {
    return this.client.recoveries;
  }

  get engineVersion(): string {
    return this.client.engineVersion;
  }

  /** Whether this store opens the database without write access. */
  get readOnly(): boolean {
    return this.options.readOnly ?? false;
  }

  /** The engine's buffer pool in bytes (undefined: the engine's own default). */
  get bufferPoolBytes(): number | undefined {
    return bufferPoolBytes(this.options.bufferPoolMB);
  }

  /** What one statement may hold of this engine's pool (the engine's threads default to the machine's cores, its pool to 80 % of RAM). */
  get branchesPerStatement(): StatementBranches {
    const bytes = this.bufferPoolBytes ?? totalmem() * 0.8;
    return branchesPerStatement(bytes / 1048576, this.options.threads ?? availableParallelism());
  }

  /** Where the engine worker is (undefined: the default). */
  get workerPath(): string | undefined {
    return this.options.workerPath;
  }

  /** A new, unopened store on the same folder with the same options (after a closed one let go of the database). */
  reopened(): EmbeddedStore {
    return new EmbeddedStore(this.options);
  }

  async open(): Promise<void> {
    if (!this.options.readOnly) ensureDataFolder(this.folder);
    await this.send('RETURN 1 AS ok', { timeoutMs: 60_000 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /**
   * Statements from outside (people, plans, language models): through the query door first. A
   * read-only statement of retrieval's store path (`parsedByEngine`) has its parsed check on the
   * engine's own plan, made in the engine process with the statement (planCheck.ts); every other
   * statement's is Neo4j's parser here.
   */
  async query(cypher: string, options: QueryOptions = {}): Promise<QueryResult> {
    const allowWrite = options.readOnly === false;
    const byEngine = !allowWrite && options.parsedByEngine === true;
    guardStatement(cypher, { allowWrite, parsedBy: byEngine ? 'engine' : 'here' }, options.params);
    return this.send(cypher, options, byEngine);
  }

  /** Our own fixed catalog/expansion/export statements (identifiers quoted, values parameters): no parse needed. */
  private async send(cypher: string, options: QueryOptions = {}, planCheck = false): Promise<QueryResult> {
    const mode = options.mode ?? 'run';
    const readOnly = options.readOnly ?? true;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    if (!readOnly && !this.options.readOnly) ensureDataFolder(this.folder);
    const response = await this.client.request(
      { type: 'query', cypher, params: options.params ?? {}, mode, timeoutMs, readOnly, ...(planCheck ? { planCheck } : {}) },
      { timeoutMs, signal: options.signal, description: cypher },
    );
    if (response.type !== 'result') throw new GraphStoreError('query-failed', `Unexpected engine response '${response.type}'.`);
    if (!readOnly) this.noteWrite();
    const plan = response.planText !== undefined ? parseEmbeddedPlan(response.planText, mode === 'profile') : undefined;
    return { columns: response.columns, rows: response.rows, plan, timeMs: response.timeMs, serverMs: response.timeMs };
  }

  /** Records that the graph changed: bumps the generation (fingerprint) and forgets the cached catalog. */
  noteWrite(): void {
    this.catalog = undefined;
    if (!this.options.readOnly) bumpGeneration(this.folder);
  }

  private async rows(cypher: string, params: CypherParams = {}, signal?: AbortSignal) {
    return (await this.send(cypher, { params, signal })).rows;
  }

  /** Tables and rel endpoints from the engine's catalog (cached until the next write through this store). */
  async loadCatalog(signal?: AbortSignal): Promise<Catalog> {
    if (this.catalog) return this.catalog;
    const tables = await this.rows('CALL show_tables() RETURN id, name, type', {}, signal);
    const nodeTables: TableInfo[] = [];
    const relTables: RelTableInfo[] = [];
    for (const t of tables) {
      const name = asString(t.name);
      const id = asNumber(t.id);
      const type = asString(t.type).toUpperCase();
      if (type === 'NODE') nodeTables.push({ id, name, kind: 'node' });
      else if (type === 'REL') {
        const conns = await this.rows(`CALL show_connection(${stringLiteral(name)}) RETURN *`, {}, signal);
        const endpoints = conns.map((c) => ({ from: asString(c['source table name']), to: asString(c['destination table name']) }));
        relTables.push({ id, name, kind: 'rel', endpoints });
      }
    }
    const all = [...nodeTables, ...relTables];
    this.catalog = { nodeTables, relTables, byId: new Map(all.map((t) => [t.id, t])), byName: new Map(all.map((t) => [t.name, t])) };
    return this.catalog;
  }

  private async properties(table: string, signal?: AbortSignal): Promise<string[]> {
    const info = await this.rows(`CALL table_info(${stringLiteral(table)}) RETURN name`, {}, signal);
    return info.map((r) => asString(r.name));
  }

  async schema(signal?: AbortSignal): Promise<GraphSchema> {
    const catalog = await this.loadCatalog(signal);
    const labels: LabelInfo[] = [];
    const keys = new Set<string>();
    for (const t of catalog.nodeTables) {
      const properties = await this.properties(t.name, signal);
      properties.forEach((p) => keys.add(p));
      const [c] = await this.rows(`MATCH (n:${quoteIdentifier(t.name)}) RETURN count(n) AS c`, {}, signal);
      labels.push({ name: t.name, properties, count: asNumber(c?.c) });
    }
    const relationshipTypes: RelationshipTypeInfo[] = [];
    for (const t of catalog.relTables) {
      const properties = await this.properties(t.name, signal);
      properties.forEach((p) => keys.add(p));
      const [c] = await this.rows(`MATCH ()-[r:${quoteIdentifier(t.name)}]->() RETURN count(r) AS c`, {}, signal);
      relationshipTypes.push({ name: t.name, endpoints: t.endpoints, properties, count: asNumber(c?.c) });
    }
    return { labels, relationshipTypes, propertyKeys: [...keys].sort() };
  }

  async expand(nodeIds: readonly string[], options: ExpandOptions = {}): Promise<Neighbour[]> {
    const catalog = await this.loadCatalog(options.signal);
    const direction = options.direction ?? 'both';
    const types = (options.types ?? []).filter((t) => catalog.byName.get(t)?.kind === 'rel');
    if (options.types && options.types.length > 0 && types.length === 0) return []; // none of the asked types exist
    if (options.label !== undefined && catalog.byName.get(options.label)?.kind !== 'node') return [];
    // Group ids by table: a label is part of the pattern text, offsets are parameters.
    const byTable = new Map<number, number[]>();
    for (const id of nodeIds) {
      const m = /^(\d+):(\d+)$/.exec(id);
      if (!m) continue;
      const table = Number(m[1]);
      if (catalog.byId.get(table)?.kind !== 'node') continue;
      const list = byTable.get(table) ?? [];
      list.push(Number(m[2]));
      byTable.set(table, list);
    }
    const rel = types.length > 0 ? `r:${types.map(quoteIdentifier).join('|')}` : 'r';
    const target = options.label !== undefined ? `b:${quoteIdentifier(options.label)}` : 'b';
    const out: Neighbour[] = [];
    const dirs: ('out' | 'in')[] = direction === 'both' ? ['out', 'in'] : [direction];
    for (const [table, offsets] of byTable) {
      const label = quoteIdentifier(catalog.byId.get(table)!.name);
      for (let i = 0; i < offsets.length; i += this.batchSize) {
        const batch = offsets.slice(i, i + this.batchSize);
        for (const dir of dirs) {
          const pattern = dir === 'out' ? `(a:${label})-[${rel}]->(${target})` : `(a:${label})<-[${rel}]-(${target})`;
          const rows = await this.rows(
            `MATCH ${pattern} WHERE offset(id(a)) IN $offsets RETURN offset(id(a)) AS a, id(b) AS b, label(b) AS bl, b.name AS bn, label(r) AS t`,
            { offsets: batch },
            options.signal,
          );
          for (const r of rows) {
            out.push({
              from: `${table}:${asNumber(r.a)}`,
              node: { id: asString(r.b), labels: [asString(r.bl)], name: asString(r.bn) },
              type: asString(r.t),
              direction: dir,
            });
          }
        }
      }
    }
    return out;
  }

  async *exportGraph(signal?: AbortSignal): AsyncIterable<ExportChunk> {
    const catalog = await this.loadCatalog(signal);
    const chunk = this.batchSize;
    for (const t of catalog.nodeTables) {
      const label = quoteIdentifier(t.name);
      const hasName = (await this.properties(t.name, signal)).includes('name');
      const [m] = await this.rows(`MATCH (n:${label}) RETURN max(offset(id(n))) AS m`, {}, signal);
      const max = m?.m === null || m?.m === undefined ? -1 : asNumber(m.m);
      // Ranges of internal offsets instead of SKIP: each chunk costs the same.
      for (let from = 0; from <= max; from += chunk) {
        const rows = await this.rows(
          // Ordered: a range that spans two of the engine's node groups (131,072 rows) is scanned by
          // two threads, so two exports of one database listed those nodes (and numbered the
          // snapshot's nodes, and ordered tied answers) differently (seen on MetaQA ×10).
          `MATCH (n:${label}) WHERE offset(id(n)) >= $from AND offset(id(n)) < $to RETURN offset(id(n)) AS o${hasName ? ', n.name AS name' : ''} ORDER BY o`,
          { from, to: from + chunk },
          signal,
        );
        const nodes: NodeRecord[] = rows.map((r) => ({ id: `${t.id}:${asNumber(r.o)}`, labels: [t.name], name: asString(r.name) }));
        if (nodes.length > 0) yield { kind: 'nodes', nodes };
      }
    }
    for (const t of catalog.relTables) {
      for (const { from: fromLabel, to: toLabel } of t.endpoints) {
        const src = catalog.byName.get(fromLabel);
        const dst = catalog.byName.get(toLabel);
        if (!src || !dst) continue;
        const [m] = await this.rows(`MATCH (a:${quoteIdentifier(fromLabel)}) RETURN max(offset(id(a))) AS m`, {}, signal);
        const max = m?.m === null || m?.m === undefined ? -1 : asNumber(m.m);
        for (let from = 0; from <= max; from += chunk) {
          const rows = await this.rows(
            // Ordered (source, stored edge): the engine's own row order depends on its plan and threads,
            // and in-store retrieval (core/retrieve/store) rebuilds a node's edges in this order.
            `MATCH (a:${quoteIdentifier(fromLabel)})-[r:${quoteIdentifier(t.name)}]->(b:${quoteIdentifier(toLabel)}) WHERE offset(id(a)) >= $from AND offset(id(a)) < $to RETURN offset(id(a)) AS a, offset(id(b)) AS b, offset(id(r)) AS ro ORDER BY offset(id(a)), offset(id(r))`,
            { from, to: from + chunk },
            signal,
          );
          const edges: EdgeRecord[] = rows.map((r) => ({ source: `${src.id}:${asNumber(r.a)}`, target: `${dst.id}:${asNumber(r.b)}`, type: t.name }));
          if (edges.length > 0) yield { kind: 'edges', edges };
        }
      }
    }
  }

  async fingerprint(signal?: AbortSignal): Promise<string> {
    const schema = await this.schema(signal);
    // Sorted: the catalog lists tables in a different order after a reopen than right after an import.
    const counts = [...schema.labels.map((l) => `${l.name}=${l.count}`), ...schema.relationshipTypes.map((r) => `${r.name}=${r.count}`)].sort();
    const generation = readGeneration(this.folder);
    return createHash('sha256').update(JSON.stringify({ generation, counts })).digest('hex').slice(0, 16);
  }
}
