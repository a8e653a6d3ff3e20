// Loads a PendingGraph into the embedded store with bulk COPY FROM CSV (per-row CREATE is ~100× slower).
// Re-import never duplicates: what the database already holds is read first and left out of the files.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedStore } from '../embedded/embeddedStore';
import { GraphStoreError } from '../errors';
import type { CypherValue } from '../graphStore';
import { quoteIdentifier, quoteString, stringLiteral } from '../identifiers';
import { isPoolFull } from '../embedded/bufferPool';
import { csvField } from './csv';
import { SEP, type PendingGraph } from './graphBuilder';
import type { EdgeSet, NameTable } from './typedSets';

export type ImportPhase = 'read' | 'tables' | 'dedupe' | 'write' | 'copy' | 'done';

export interface ImportProgress {
  readonly phase: ImportPhase;
  readonly message: string;
  /** Steps done and total within the phase, when known. */
  readonly done?: number;
  readonly total?: number;
  /** Throughput of the phase so far (read: lines/s, copy: rows/s), when measured. */
  readonly rowsPerSecond?: number;
}

export interface LoadResult {
  readonly nodesCreated: number;
  readonly edgesCreated: number;
  readonly nodesAlreadyPresent: number;
  readonly edgesAlreadyPresent: number;
}

interface LoadContext {
  /** Replaced when a COPY ran out of the buffer pool (`widen`). */
  store: EmbeddedStore;
  readonly signal?: AbortSignal;
  readonly progress: (p: ImportProgress) => void;
}

const WRITE_TIMEOUT_MS = 10 * 60_000;

/**
 * Closes the store whose buffer pool a COPY outgrew and opens the database again with the engine's
 * default pool (the staging import's: stagedImport.ts); the COPY then runs once more on it.
 */
export type Widen = () => Promise<EmbeddedStore>;

/**
 * A COPY's time limit grows with its rows: a hang guard, not a budget. The fixed 10 minutes cut a
 * 9.5M-edge COPY of the 10M / 43M graph on one engine thread at load ≈ 30 (docs/scale.md); this
 * allows 1,000 rows/s beyond the 10 minutes (the engine copied ≥ 16,000 rows/s at that load).
 */
export function copyTimeoutMs(rows: number): number {
  // setTimeout's largest delay (≈ 24.8 days).
  return Math.min(WRITE_TIMEOUT_MS + rows, 0x7fffffff);
}

function text(v: CypherValue | undefined): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw new GraphStoreError('cancelled', 'The import was cancelled.');
}

async function write(ctx: LoadContext, cypher: string, timeoutMs = WRITE_TIMEOUT_MS): Promise<void> {
  checkAbort(ctx.signal);
  await ctx.store.query(cypher, { readOnly: false, timeoutMs, signal: ctx.signal, params: {} });
}

async function read(ctx: LoadContext, cypher: string) {
  checkAbort(ctx.signal);
  return (await ctx.store.query(cypher, { timeoutMs: WRITE_TIMEOUT_MS, signal: ctx.signal })).rows;
}

async function columnsOf(ctx: LoadContext, table: string): Promise<string[]> {
  // CALL needs a literal; quoteString escapes quotes and backslashes.
  return (await read(ctx, `CALL table_info(${quoteString(table)}) RETURN name`)).map((r) => text(r.name));
}

export async function loadGraph(
  store: EmbeddedStore,
  graph: PendingGraph,
  options: { signal?: AbortSignal; progress?: (p: ImportProgress) => void; tempDir?: string; widen?: Widen } = {},
): Promise<LoadResult> {
  const ctx: LoadContext = { store, signal: options.signal, progress: options.progress ?? (() => {}) };
  const catalog = await store.loadCatalog(options.signal);
  const existingTables = new Set(catalog.nodeTables.map((t) => t.name));
  const existingRels = new Map(catalog.relTables.map((t) => [t.name, new Set(t.endpoints.map((e) => e.from + SEP + e.to))]));
  const clash = [...graph.nodes.keys()].find((l) => existingRels.has(l)) ?? [...graph.edges.keys()].find((t) => existingTables.has(t));
  if (clash !== undefined) throw new GraphStoreError('query-failed', `"${clash}" is used both as a label and as a relationship type.`);

  // 1. Tables: node tables keyed by name; new properties as STRING columns; rel tables with every label pair.
  ctx.progress({ phase: 'tables', message: 'creating tables' });
  const columns = new Map<string, string[]>();
  for (const [label, byName] of graph.nodes) {
    const props = new Set<string>();
    for (const p of byName.props.values()) for (const k of Object.keys(p)) props.add(k);
    if (!existingTables.has(label)) {
      const cols = [...props].sort();
      await write(ctx, `CREATE NODE TABLE ${quoteIdentifier(label)}(name STRING, ${cols.map((c) => `${quoteIdentifier(c)} STRING, `).join('')}PRIMARY KEY(name))`);
      columns.set(label, ['name', ...cols]);
    } else {
      const have = await columnsOf(ctx, label);
      for (const p of [...props].sort()) {
        if (have.includes(p)) continue;
        await write(ctx, `ALTER TABLE ${quoteIdentifier(label)} ADD ${quoteIdentifier(p)} STRING`);
        have.push(p);
      }
      columns.set(label, have);
    }
  }
  for (const [type, pairs] of graph.edges) {
    const have = existingRels.get(type);
    const wanted = [...pairs.keys()].map((k) => k.split(SEP) as [string, string]);
    if (!have) {
      await write(ctx, `CREATE REL TABLE ${quoteIdentifier(type)}(${wanted.map(([a, b]) => `FROM ${quoteIdentifier(a)} TO ${quoteIdentifier(b)}`).join(', ')})`);
    } else {
      for (const [a, b] of wanted) {
        if (!have.has(a + SEP + b)) await write(ctx, `ALTER TABLE ${quoteIdentifier(type)} ADD FROM ${quoteIdentifier(a)} TO ${quoteIdentifier(b)}`);
      }
    }
  }

  // 2. Dedupe against what is stored already (only tables that existed before this import can hold anything).
  ctx.progress({ phase: 'dedupe', message: 'comparing with the stored graph' });
  let nodesAlreadyPresent = 0;
  let edgesAlreadyPresent = 0;
  for (const [label, byName] of graph.nodes) {
    if (!existingTables.has(label)) continue;
    for (const r of await read(ctx, `MATCH (n:${quoteIdentifier(label)}) RETURN n.name AS n`)) {
      if (byName.remove(text(r.n))) nodesAlreadyPresent++;
    }
  }
  for (const [type, pairs] of graph.edges) {
    const have = existingRels.get(type);
    if (!have) continue;
    for (const [pairKey, set] of pairs) {
      if (!have.has(pairKey)) continue;
      const [a, b] = pairKey.split(SEP) as [string, string];
      const from = graph.nodes.get(a)!;
      const to = graph.nodes.get(b)!;
      const rows = await read(ctx, `MATCH (a:${quoteIdentifier(a)})-[:${quoteIdentifier(type)}]->(b:${quoteIdentifier(b)}) RETURN a.name AS a, b.name AS b`);
      for (const r of rows) {
        const s = from.find(text(r.a));
        const t = s < 0 ? -1 : to.find(text(r.b));
        if (t >= 0 && set.delete(s, t)) edgesAlreadyPresent++;
      }
    }
  }

  // 3. CSV files in a private temp folder, then COPY: nodes before the edges that refer to them.
  const dir = mkdtempSync(join(options.tempDir ?? tmpdir(), 'kgrag-import-'));
  let nodesCreated = 0;
  let edgesCreated = 0;
  try {
    const jobs: { table: string; file: string; rows: number; multiline: boolean; pair?: [string, string] }[] = [];
    ctx.progress({ phase: 'write', message: 'writing bulk files' });
    let fileNo = 0;
    for (const [label, byName] of graph.nodes) {
      if (byName.size === 0) continue;
      const file = join(dir, `n${fileNo++}.csv`);
      const multiline = writeNodeFile(file, byName, columns.get(label)!);
      jobs.push({ table: label, file, rows: byName.size, multiline });
    }
    for (const [type, pairs] of graph.edges) {
      for (const [pairKey, set] of pairs) {
        if (set.size === 0) continue;
        const pair = pairKey.split(SEP) as [string, string];
        const file = join(dir, `e${fileNo++}.csv`);
        const multiline = writeEdgeFile(file, set, graph.nodes.get(pair[0])!, graph.nodes.get(pair[1])!);
        jobs.push({ table: type, file, rows: set.size, multiline, pair });
      }
    }
    let done = 0;
    let copied = 0;
    // Once: the widened pool is the engine's default.
    let widen = options.widen;
    const copyStart = performance.now();
    for (const job of jobs) {
      const secs = (performance.now() - copyStart) / 1000;
      const rate = secs > 0 && copied > 0 ? copied / secs : undefined;
      ctx.progress({ phase: 'copy', message: `copying ${job.rows} ${job.pair ? `${job.table} edges (${job.pair[0]}→${job.pair[1]})` : `${job.table} nodes`}${rate ? ` (${Math.round(rate)} rows/s so far)` : ''}`, done, total: jobs.length, ...(rate ? { rowsPerSecond: rate } : {}) });
      // Quoted line breaks need the serial CSV reader; otherwise the parallel one is faster (the
      // staging store runs COPY on one thread, which keeps row offsets in file order: stagedImport.ts).
      const opts = [`header=false`, ...(job.multiline ? ['parallel=false'] : []), ...(job.pair ? [`from=${quoteString(job.pair[0])}`, `to=${quoteString(job.pair[1])}`] : [])];
      const copy = `COPY ${quoteIdentifier(job.table)} FROM ${stringLiteral(job.file)} (${opts.join(', ')})`;
      try {
        await write(ctx, copy, copyTimeoutMs(job.rows));
      } catch (e) {
        // The failed COPY wrote nothing (its transaction is rolled back): once more on a wider pool.
        if (!widen || !isPoolFull(e)) throw e;
        const was = ctx.store.bufferPoolBytes;
        ctx.progress({ phase: 'copy', message: `the engine's ${was === undefined ? 'default' : `${Math.round(was / 1048576)} MB`} buffer pool was too small for ${job.table}; copying it again with the engine's default pool`, done, total: jobs.length });
        ctx.store = await widen();
        widen = undefined;
        await write(ctx, copy, copyTimeoutMs(job.rows));
      }
      if (job.pair) edgesCreated += job.rows;
      else nodesCreated += job.rows;
      copied += job.rows;
      done++;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  ctx.progress({ phase: 'done', message: 'import finished' });
  return { nodesCreated, edgesCreated, nodesAlreadyPresent, edgesAlreadyPresent };
}

/** One label's rows (name, then its property columns) in the label's first-seen order; true when a value holds a line break. */
function writeNodeFile(file: string, table: NameTable, cols: readonly string[]): boolean {
  const out = new CsvWriter(file);
  let multiline = false;
  try {
    for (let id = 0; id < table.added; id++) {
      if (table.isRemoved(id)) continue;
      const props = table.props.get(id);
      for (let c = 0; c < cols.length; c++) {
        if (c > 0) out.byte(COMMA);
        if (cols[c] === 'name') multiline = out.field(table.nameBytes(id)) || multiline;
        else {
          const v = props?.[cols[c]!];
          if (v !== undefined) multiline = out.field(encoder.encode(v)) || multiline;
        }
      }
      out.byte(LF);
    }
  } finally {
    out.close();
  }
  return multiline;
}

/** One (type, label pair)'s edges as "source","target" rows in first-seen order; true when a name holds a line break. */
function writeEdgeFile(file: string, set: EdgeSet, from: NameTable, to: NameTable): boolean {
  const out = new CsvWriter(file);
  let multiline = false;
  try {
    for (let e = 0; e < set.added; e++) {
      if (set.isRemoved(e)) continue;
      multiline = out.field(from.nameBytes(set.source(e))) || multiline;
      out.byte(COMMA);
      multiline = out.field(to.nameBytes(set.target(e))) || multiline;
      out.byte(LF);
    }
  } finally {
    out.close();
  }
  return multiline;
}

const encoder = new TextEncoder();
const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Writes CSV bytes to a file through a 4 MB buffer: no row is ever a string. Fields are always
 * quoted with quotes doubled — what csvField does for strings, so COPY reads each value back exactly.
 */
class CsvWriter {
  private readonly fd: number;
  private readonly buf = Buffer.allocUnsafe(4 * 1024 * 1024);
  private at = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  byte(b: number): void {
    if (this.at >= this.buf.length) this.flush();
    this.buf[this.at++] = b;
  }
  /** A quoted field; true when it holds a line break. */
  field(bytes: Uint8Array): boolean {
    if (this.at + 2 * bytes.length + 2 > this.buf.length) {
      this.flush();
      if (2 * bytes.length + 2 > this.buf.length) {
        // A value larger than the buffer: through csvField as one string.
        const s = csvField(new TextDecoder().decode(bytes));
        writeSync(this.fd, s);
        return /[\r\n]/.test(s);
      }
    }
    const buf = this.buf;
    let at = this.at;
    let breaks = false;
    buf[at++] = QUOTE;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === QUOTE) buf[at++] = QUOTE;
      else if (b === LF || b === CR) breaks = true;
      buf[at++] = b;
    }
    buf[at++] = QUOTE;
    this.at = at;
    return breaks;
  }
  private flush(): void {
    let off = 0;
    while (off < this.at) off += writeSync(this.fd, this.buf, off, this.at - off);
    this.at = 0;
  }
  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }
}
