// The snapshot of a graph a fresh import just wrote, laid out from the import's own tables instead of
// read back from the engine (exportGraph): at MetaQA ×40 the export cost ≈ 45 s of engine CPU and an
// engine process beside the index build. The import's tables hold each label's names and each
// (type, label pair)'s edges in the order COPY numbered the rows (one engine thread: stagedImport.ts),
// so node `t:o` is row o of label t's names, and the edge list is the export's: rel tables and their
// endpoint pairs in catalog order, each pair's edges by (source offset, stored edge offset) — a stable
// counting sort by source of the pair's first-seen order. Same arrays, same bytes in the index file
// (test/unit/retrieve/fromImport.test.ts compares the files). Before any of it is trusted, the engine
// is asked for every table's row count and a sample of rows and edges; any difference returns
// undefined and the caller exports instead.
import { join } from 'node:path';
import { namesView, type Embedder } from '../../embed/embedder';
import { isSparseEmbedder } from '../../embed/hashing';
import type { CypherParams, CypherValue } from '../../graph/graphStore';
import type { WrittenGraph } from '../../graph/import/written';
import { quoteIdentifier } from '../../graph/identifiers';
import { assembleSnapshot, type GraphSnapshot, type SnapshotParts, type SpillOption } from './snapshot';
import { finishSpill, SpillRows } from './spill';
import { TextTable } from './textTable';
import { APPROXIMATE_ABOVE } from './vectorIndex';

/**
 * The names of a fresh import embedded while the engine copies them (pass 1 of the spill file, in
 * the import's label order): COPY runs on one engine thread and the CLI only waits for it, so on
 * two cores the embedding (≈ 50 s of CPU at MetaQA ×40) overlaps it. snapshotFromImport finishes
 * it in the catalog's label order.
 */
export interface EarlyEmbedding {
  readonly embedderId: string;
  /** Labels in the order their rows were embedded. */
  readonly labels: readonly string[];
  readonly done: Promise<SpillRows>;
  /** Stops embedding (the import failed) and removes the file. */
  readonly cancel: () => void;
}

/** Rows embedded between turns of the event loop (≈ 20–40 ms: the import's own messages get through). */
const ROWS_PER_TURN = 1024;

/**
 * Starts embedding the names of `written` into a spill file in `dir`, a few rows per turn of the
 * event loop; undefined where the index is not built through a spill file (at most
 * APPROXIMATE_ABOVE rows, or a dense embedder): those are built after the import as before.
 */
export function embedWhileCopying(written: WrittenGraph, embedder: Embedder, dir: string, above = APPROXIMATE_ABOVE): EarlyEmbedding | undefined {
  const namer = namesView(embedder);
  let n = 0;
  for (const t of written.labels.values()) n += t.length;
  if (n <= above || !isSparseEmbedder(namer)) return undefined;
  // The names are read below and let go when done. Every closure here (`cancel` among them, kept by
  // the caller until the index is built) shares this scope's variables: one that named `written`
  // kept the import's names and edges (≈ 106 MB at MetaQA ×40) to the end of the index build,
  // after the build had released them. So no closure names it.
  const labels = [...written.labels.keys()];
  const tables = [...written.labels.values()];
  let cancelled = false;
  const spill = new SpillRows(namer, n, join(dir, `spill-${process.pid}-${Date.now()}.tmp`));
  const done = (async (): Promise<SpillRows> => {
    try {
      for (const t of tables) {
        for (let i = 0; i < t.length; i++) {
          spill.add(t.get(i));
          if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
            await new Promise<void>((r) => setImmediate(r));
            if (cancelled) throw new Error('embedding cancelled');
          }
        }
      }
      spill.flush();
      return spill;
    } catch (e) {
      spill.close();
      throw e;
    } finally {
      tables.length = 0;
    }
  })();
  done.catch(() => undefined);
  return {
    embedderId: embedder.id,
    labels,
    done,
    cancel: () => {
      cancelled = true;
      void done.then((s) => s.close(), () => undefined);
    },
  };
}

/** The engine's catalog as exportGraph walks it: node tables, rel tables and their endpoint pairs, in catalog order. */
export interface WrittenCatalog {
  readonly nodeTables: readonly { readonly id: number; readonly name: string }[];
  readonly relTables: readonly { readonly name: string; readonly endpoints: readonly { readonly from: string; readonly to: string }[] }[];
}

/** A read-only query on the store the import wrote (rows of plain values). */
export type CheckQuery = (cypher: string, params: CypherParams) => Promise<readonly Record<string, CypherValue>[]>;

/** Rows and edge sources compared with the engine per table (besides the counts). */
const SAMPLES = 16;

interface Layout {
  readonly catalog: WrittenCatalog;
  /** Per node table in catalog order: its names, and its first node's index. */
  readonly tables: readonly { readonly id: number; readonly label: string; readonly names: TextTable; readonly base: number }[];
  /** Per (rel table, endpoint pair) in catalog order, the written edges. */
  readonly groups: readonly { readonly type: string; readonly from: string; readonly to: string; readonly sources: Uint32Array; readonly targets: Uint32Array }[];
}

/** Matches the import's tables to the catalog; undefined when the catalog holds anything the import did not write (or the reverse). */
function layout(written: WrittenGraph, catalog: WrittenCatalog): Layout | undefined {
  const tables: { id: number; label: string; names: TextTable; base: number }[] = [];
  let base = 0;
  for (const t of catalog.nodeTables) {
    const names = written.labels.get(t.name);
    if (!names) return undefined;
    tables.push({ id: t.id, label: t.name, names, base });
    base += names.length;
  }
  if (tables.length !== written.labels.size) return undefined;
  const byKey = new Map(written.edges.map((g) => [`${g.type}\0${g.from}\0${g.to}`, g] as const));
  const groups: Layout['groups'][number][] = [];
  for (const t of catalog.relTables) {
    for (const { from, to } of t.endpoints) {
      const g = byKey.get(`${t.name}\0${from}\0${to}`);
      if (!g || !written.labels.has(from) || !written.labels.has(to)) return undefined;
      groups.push(g);
    }
  }
  if (groups.length !== written.edges.length) return undefined;
  return { catalog, tables, groups };
}

/**
 * Asks the engine whether it numbered the rows as the import wrote them: every node table's and
 * pair's row count, the names at SAMPLES spread offsets, and the targets of SAMPLES spread sources
 * in stored edge order. A mismatch (a reordering COPY, a name the CSV reader read differently) means
 * the import's tables cannot stand in for an export.
 */
async function engineAgrees(l: Layout, query: CheckQuery): Promise<boolean> {
  const num = (v: CypherValue | undefined): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);
  for (const t of l.tables) {
    const label = quoteIdentifier(t.label);
    const [c] = await query(`MATCH (n:${label}) RETURN count(*) AS c, max(offset(id(n))) AS m`, {});
    const n = t.names.length;
    if (num(c?.c) !== n || (n > 0 && num(c?.m) !== n - 1)) return false;
    const offsets = spread(n);
    const rows = await query(`MATCH (n:${label}) WHERE offset(id(n)) IN $o RETURN offset(id(n)) AS o, n.name AS name ORDER BY o`, { o: offsets });
    if (rows.length !== offsets.length) return false;
    for (let i = 0; i < rows.length; i++) {
      if (num(rows[i]!.o) !== offsets[i] || rows[i]!.name !== t.names.get(offsets[i]!)) return false;
    }
  }
  for (const g of l.groups) {
    const pattern = `(a:${quoteIdentifier(g.from)})-[r:${quoteIdentifier(g.type)}]->(b:${quoteIdentifier(g.to)})`;
    const [c] = await query(`MATCH ${pattern} RETURN count(*) AS c`, {});
    if (num(c?.c) !== g.sources.length) return false;
    // Sources of edges spread over the pair's first-seen order, and what the import says their edges are.
    const picked = [...new Set(spread(g.sources.length).map((e) => g.sources[e]!))].sort((a, b) => a - b);
    const want = new Set(picked);
    const expected: number[][] = picked.map(() => []);
    const at = new Map(picked.map((s, i) => [s, i] as const));
    for (let e = 0; e < g.sources.length; e++) if (want.has(g.sources[e]!)) expected[at.get(g.sources[e]!)!]!.push(g.targets[e]!);
    const rows = await query(`MATCH ${pattern} WHERE offset(id(a)) IN $o RETURN offset(id(a)) AS a, offset(id(b)) AS b ORDER BY offset(id(a)), offset(id(r))`, { o: picked });
    const flat = expected.flatMap((targets, i) => targets.map((t) => [picked[i]!, t] as const));
    if (rows.length !== flat.length) return false;
    for (let i = 0; i < rows.length; i++) if (num(rows[i]!.a) !== flat[i]![0] || num(rows[i]!.b) !== flat[i]![1]) return false;
  }
  return true;
}

/** Up to SAMPLES positions spread over 0 … n − 1, first and last included, ascending. */
function spread(n: number): number[] {
  if (n <= SAMPLES) return Array.from({ length: n }, (_, i) => i);
  return [...new Set(Array.from({ length: SAMPLES }, (_, i) => Math.round((i * (n - 1)) / (SAMPLES - 1))))];
}

/** Node ids `tableId:offset` as one UTF-8 table, in node order. */
function nodeIds(l: Layout, n: number): TextTable {
  const offsets = new Uint32Array(n + 1);
  let size = 0;
  for (const t of l.tables) {
    const prefix = String(t.id).length + 1;
    for (let o = 0; o < t.names.length; o++) size += prefix + digits(o);
  }
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  let row = 0;
  for (const t of l.tables) {
    const prefix = Buffer.from(`${t.id}:`, 'latin1');
    for (let o = 0; o < t.names.length; o++) {
      prefix.copy(bytes, at);
      at += prefix.length;
      const d = digits(o);
      let v = o;
      for (let k = d - 1; k >= 0; k--) {
        bytes[at + k] = 0x30 + (v % 10);
        v = Math.floor(v / 10);
      }
      at += d;
      offsets[++row] = at;
    }
  }
  return new TextTable(bytes, offsets);
}

function digits(v: number): number {
  let d = 1;
  while (v >= 10) {
    v = Math.floor(v / 10);
    d++;
  }
  return d;
}

/** Node names of every table in node order, as one table (the import's per-label bytes concatenated). */
function allNames(l: Layout, n: number): TextTable {
  let size = 0;
  for (const t of l.tables) size += t.names.offsets[t.names.length]! - t.names.offsets[0]!;
  const bytes = new Uint8Array(size);
  const offsets = new Uint32Array(n + 1);
  let at = 0;
  let row = 0;
  for (const t of l.tables) {
    const o = t.names.offsets;
    const first = o[0]!;
    bytes.set(t.names.bytes.subarray(first, o[t.names.length]!), at);
    for (let i = 1; i <= t.names.length; i++) offsets[++row] = at + o[i]! - first;
    at += o[t.names.length]! - first;
  }
  return new TextTable(bytes, offsets);
}

/**
 * The snapshot exportGraph would give of the database a fresh import wrote, from the import's own
 * tables; undefined when the catalog or the engine's rows do not match them (export instead).
 */
export async function snapshotFromImport(written: WrittenGraph, catalog: WrittenCatalog, query: CheckQuery, embedder: Embedder, fingerprint: string, signal?: AbortSignal, spill?: SpillOption, early?: EarlyEmbedding): Promise<GraphSnapshot | undefined> {
  const l = layout(written, catalog);
  const usable = early !== undefined && early.embedderId === embedder.id;
  if (early && !usable) early.cancel();
  if (!l || !(await engineAgrees(l, query))) {
    early?.cancel();
    return undefined;
  }
  let nodeVectors: Awaited<ReturnType<typeof finishSpill>> | undefined;
  if (usable) {
    // The early rows in the catalog's label order.
    const rows = await early.done;
    const startOf = new Map<string, number>();
    let at = 0;
    for (const label of early.labels) {
      startOf.set(label, at);
      at += written.labels.get(label)!.length;
    }
    nodeVectors = finishSpill(rows, l.tables.map((t) => [startOf.get(t.label)!, startOf.get(t.label)! + t.names.length] as const), signal);
  }
  const parts = graphParts(l);
  // The import's tables are not needed any more: at 10M nodes / 43M edges they are ≈ 0.8 GB.
  written.release();
  return assembleSnapshot({ ...parts, ...(nodeVectors ? { nodeVectors } : {}) }, embedder, fingerprint, signal, spill);
}

/**
 * Ids, names, labels and both CSR directions straight from the import's tables (no edge list: at
 * 43M edges that was 430 MB more). A node's out-edges in the export's order are its edges of each
 * (type, label pair) in catalog order, each pair's in stored order — first-seen order, as written;
 * its in-edges are ordered by (pair, source, stored order): each pair's edges through a stable
 * counting sort by source.
 */
function graphParts(l: Layout): Omit<SnapshotParts, 'nodeVectors'> {
  const n = l.tables.reduce((s, t) => s + t.names.length, 0);
  const labelNames: string[] = [];
  const nodeLabel = new Uint16Array(n);
  for (const t of l.tables) {
    if (t.names.length === 0) continue;
    if (labelNames.length >= 0xffff) throw new Error('snapshot: more than 65535 labels or relation types');
    nodeLabel.fill(labelNames.length, t.base, t.base + t.names.length);
    labelNames.push(t.label);
  }
  const tableOf = new Map(l.tables.map((t) => [t.label, t] as const));
  const m = l.groups.reduce((s, g) => s + g.sources.length, 0);
  const relationNames: string[] = [];
  const relIds = new Map<string, number>();
  const relOf = l.groups.map((g) => {
    let r = relIds.get(g.type);
    // A type is named once it has an edge (the export's order: a pair with none adds nothing).
    if (r === undefined && g.sources.length > 0) {
      r = relationNames.length;
      if (r >= 0xffff) throw new Error('snapshot: more than 65535 labels or relation types');
      relationNames.push(g.type);
      relIds.set(g.type, r);
    }
    return r ?? 0;
  });
  const outOffsets = new Uint32Array(n + 1);
  const inOffsets = new Uint32Array(n + 1);
  for (const g of l.groups) {
    const sb = tableOf.get(g.from)!.base;
    const tb = tableOf.get(g.to)!.base;
    for (let i = 0; i < g.sources.length; i++) {
      outOffsets[sb + g.sources[i]! + 1]!++;
      inOffsets[tb + g.targets[i]! + 1]!++;
    }
  }
  for (let i = 0; i < n; i++) {
    outOffsets[i + 1]! += outOffsets[i]!;
    inOffsets[i + 1]! += inOffsets[i]!;
  }
  const outTargets = new Uint32Array(m);
  const outRels = new Uint16Array(m);
  const inSources = new Uint32Array(m);
  const inRels = new Uint16Array(m);
  const outFill = outOffsets.slice(0, n);
  const inFill = inOffsets.slice(0, n);
  l.groups.forEach((g, gi) => {
    const k = g.sources.length;
    if (k === 0) return;
    const r = relOf[gi]!;
    const from = tableOf.get(g.from)!;
    const sb = from.base;
    const tb = tableOf.get(g.to)!.base;
    for (let i = 0; i < k; i++) {
      const at = outFill[sb + g.sources[i]!]!++;
      outTargets[at] = tb + g.targets[i]!;
      outRels[at] = r;
    }
    // In-edges: the pair's edges by source, stable.
    const sourceCount = from.names.length;
    const start = new Uint32Array(sourceCount + 1);
    for (let i = 0; i < k; i++) start[g.sources[i]! + 1]!++;
    for (let s = 0; s < sourceCount; s++) start[s + 1]! += start[s]!;
    const order = new Uint32Array(k);
    for (let i = 0; i < k; i++) order[start[g.sources[i]!]!++] = i;
    for (let j = 0; j < k; j++) {
      const i = order[j]!;
      const at = inFill[tb + g.targets[i]!]!++;
      inSources[at] = sb + g.sources[i]!;
      inRels[at] = r;
    }
  });
  return {
    ids: nodeIds(l, n),
    names: allNames(l, n),
    labelNames,
    nodeLabel,
    relationNames,
    graph: { kind: 'csr', outOffsets, outTargets, outRels, inOffsets, inSources, inRels },
  };
}
