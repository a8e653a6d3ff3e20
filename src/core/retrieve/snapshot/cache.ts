import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../embed/embedder';
import type { GraphStore } from '../../graph/graphStore';
import { GraphSnapshot, SearchIndex, SnapshotBuilder, type IndexData, type SpillOption } from './snapshot';
import { SparseScratch } from '../../embed/hashing';
import { oneValuedShares, RelationDomains } from '../domains';
import { bm25For, type Bm25Data } from '../mor/bm25';
import { FileBm25, FilePostings, FileRows, readArray } from './fileVectors';
import { FileDegrees } from './fileDegrees';
import { isSpilled, spillChunks } from './spill';
import { TextTable } from './textTable';
import { APPROXIMATE_ABOVE, ResidentPostings, scatterEntries, type EmbeddingMatrix, type InvertedMatrix, type PostingSource, type SparseMatrix } from './vectorIndex';

/**
 * The snapshot on disk: `snapshot-<sha256(fingerprint, embedder id)[0..16]>.bin` in a cache
 * folder (by default `<store folder>/.kgrag-cache`). Layout: magic `KGSNAP02`, u32 header length,
 * a JSON header (version, fingerprint, embedder id, label and relation names, sections), then
 * 8-byte-aligned sections — typed arrays as raw little-endian bytes, string columns (node ids,
 * names, BM25 terms) as one UTF-8 byte section + u32 offsets. Opening reads the sections straight
 * into one ArrayBuffer and views typed arrays on it: no parse, no per-node object or string (names
 * are decoded only for the nodes a result shows: TextTable). A sparse embedder's vectors are kept
 * as their inverted index only (InvertedMatrix: rows are embedded again from their names when a
 * distance is needed), and MoR's BM25 index is stored too, so a first run builds nothing. Another
 * fingerprint or embedder id gives another file name, so a changed store or embedder rebuilds;
 * older files are removed. See docs/scale.md.
 */
const MAGIC = 'KGSNAP02';
// 3: edges in (type, endpoint pair, source, stored edge) order (EmbeddedStore.exportGraph, in-store retrieval).
// 4: each row's entries (rowOffsets, rowEntries) beside the postings; postings and rows last.
// 5: the relations' one-valued shares (`relations.oneValued`), read by ask in store placement too.
const VERSION = 5;
/** Sections that stay in the file for a large graph (read per bucket / per row): written last. */
const ON_DISK = ['postRows', 'postVals', 'rowEntries'] as const;

/** Closes the index file of a snapshot whose postings stay on disk (or of a BM25 reader: readBm25) once it is collected. */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

type ArrayKind = 'u8' | 'u16' | 'u32' | 'f32' | 'f64';
interface Section {
  readonly name: string;
  readonly kind: ArrayKind;
  readonly offset: number;
  readonly length: number; // elements
  readonly bytes: number;
}
interface Header {
  readonly version: number;
  readonly fingerprint: string;
  readonly embedderId: string;
  readonly dimension: number;
  readonly vectorKind: 'dense' | 'inverted';
  readonly labelNames: readonly string[];
  readonly relationNames: readonly string[];
  readonly bm25Avgdl?: number;
  readonly sections: readonly Section[];
}

export function snapshotFileName(fingerprint: string, embedderId: string): string {
  const h = createHash('sha256').update(fingerprint).update('\0').update(embedderId).digest('hex').slice(0, 16);
  return `snapshot-${h}.bin`;
}

type Typed = Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

export function writeSnapshot(path: string, snap: GraphSnapshot): void {
  const d = snap.data;
  const parts: Part[] = [];
  const arr = (name: string, kind: ArrayKind, a: Typed): void => void parts.push(whole(name, kind, a));
  const table = (name: string, t: TextTable): void => {
    arr(name, 'u8', t.bytes);
    arr(name + '.offsets', 'u32', t.offsets);
  };
  table('nodeIds', d.nodeIds);
  table('names', d.names);
  arr('nodeLabel', 'u16', d.nodeLabel);
  arr('outOffsets', 'u32', d.outOffsets);
  arr('outTargets', 'u32', d.outTargets);
  arr('outRels', 'u16', d.outRels);
  arr('inOffsets', 'u32', d.inOffsets);
  arr('inSources', 'u32', d.inSources);
  arr('inRels', 'u16', d.inRels);
  arr('relationVectors', 'f32', d.relationVectors);
  const v = d.nodeVectors;
  const last: typeof parts = [];
  if (v.kind === 'dense') arr('vectors', 'f32', v.data);
  else if (isSpilled(v)) {
    // Built through a spill file: its sections are copied a chunk at a time, never all in memory.
    const s = v.spill;
    arr('postOffsets', 'u32', v.postings.offsets);
    arr('rowNormSq', 'f64', v.rowNormSq);
    last.push(spilled('postRows', 'u32', s.fd, s.postRowsAt, s.entries), spilled('postVals', 'f32', s.fd, s.postValsAt, s.entries));
    arr('rowOffsets', 'u32', s.rowOffsets);
    last.push({ name: 'rowEntries', kind: 'u32', length: 2 * s.entries, bytes: 8 * s.entries, chunks: function* () {
      for (const g of s.rowEntryRanges) yield* spillChunks(s.fd, g.at, g.bytes);
    } });
  } else {
    const p = snap.index.postings()!;
    arr('postOffsets', 'u32', p.offsets);
    arr('rowNormSq', 'f64', p.rowNormSq);
    last.push(whole('postRows', 'u32', p.rows), whole('postVals', 'f32', p.vals));
    if (v.kind === 'inverted') {
      const f = v.materialise();
      arr('rowOffsets', 'u32', f.rowOffsets);
      last.push(whole('rowEntries', 'u32', f.rowEntries));
    } else {
      arr('rowOffsets', 'u32', v.rowOffsets);
      last.push(rowEntriesOf(v));
    }
  }
  const bm = bm25For(snap).data;
  table('bm25.vocab', bm.vocab);
  arr('bm25.postOffsets', 'u32', bm.postOffsets);
  arr('bm25.postDocs', 'u32', bm.postDocs);
  arr('bm25.postTf', 'u16', bm.postTf);
  arr('bm25.docOffsets', 'u32', bm.docOffsets);
  arr('bm25.docTerms', 'u32', bm.docTerms);
  arr('bm25.docTf', 'u16', bm.docTf);
  arr('bm25.docLen', 'u16', bm.docLen);
  const domains = RelationDomains.of(snap).data;
  arr('domains.pairs', 'u8', domains.pairs);
  arr('domains.touches', 'u8', domains.touches);
  const oneValued = oneValuedShares(snap);
  if (oneValued) arr('relations.oneValued', 'f32', oneValued);
  parts.push(...last);
  let offset = 0;
  const sections: Section[] = parts.map((p) => {
    const s = { name: p.name, kind: p.kind, offset, length: p.length, bytes: p.bytes };
    offset += align8(p.bytes);
    return s;
  });
  const header: Header = {
    version: VERSION,
    fingerprint: d.fingerprint,
    embedderId: d.embedderId,
    dimension: d.dimension,
    vectorKind: v.kind === 'dense' ? 'dense' : 'inverted',
    labelNames: d.labelNames,
    relationNames: d.relationNames,
    bm25Avgdl: bm.avgdl,
    sections,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = align8(8 + 4 + headerBytes.length);
  const head = Buffer.alloc(prefix);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(head, 12);
  // Section by section: a file of a million-node graph is never one buffer in memory.
  const tmp = path + '.tmp-' + process.pid;
  const fd = openSync(tmp, 'w');
  try {
    writeAll(fd, head, 0);
    parts.forEach((p, i) => {
      let at = prefix + sections[i]!.offset;
      for (const chunk of p.chunks()) {
        writeAll(fd, chunk, at);
        at += chunk.length;
      }
    });
    // The last section's padding: the file's length is the sections' aligned end.
    const end = parts[parts.length - 1];
    if (end) writeAll(fd, new Uint8Array(align8(end.bytes) - end.bytes), prefix + sections[sections.length - 1]!.offset + end.bytes);
  } catch (e) {
    // A half-written file is never left behind (at 10M nodes it is gigabytes).
    closeSync(fd);
    safeUnlink(tmp);
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

/** A section to write: its size, and its bytes in one or more chunks. */
interface Part {
  readonly name: string;
  readonly kind: ArrayKind;
  readonly length: number;
  readonly bytes: number;
  readonly chunks: () => Iterable<Uint8Array>;
}

function whole(name: string, kind: ArrayKind, a: Typed): Part {
  return { name, kind, length: a.length, bytes: a.byteLength, chunks: () => [new Uint8Array(a.buffer, a.byteOffset, a.byteLength)] };
}

function spilled(name: string, kind: ArrayKind, fd: number, position: number, length: number): Part {
  return { name, kind, length, bytes: 4 * length, chunks: () => spillChunks(fd, position, 4 * length) };
}

/** A built matrix's rows as (bucket, float32 bits) pairs, written 1M pairs at a time (never one more copy of every row). */
function rowEntriesOf(m: SparseMatrix): Part {
  const n = m.cols.length;
  return {
    name: 'rowEntries',
    kind: 'u32',
    length: 2 * n,
    bytes: 8 * n,
    *chunks() {
      const step = 1 << 20;
      const u32 = new Uint32Array(2 * step);
      const f32 = new Float32Array(u32.buffer);
      for (let from = 0; from < n; from += step) {
        const to = Math.min(n, from + step);
        for (let j = from; j < to; j++) {
          u32[2 * (j - from)] = m.cols[j]!;
          f32[2 * (j - from) + 1] = m.vals[j]!;
        }
        yield new Uint8Array(u32.buffer, 0, 8 * (to - from));
      }
    },
  };
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let at = 0;
  while (at < bytes.length) at += writeSync(fd, bytes, at, Math.min(bytes.length - at, 1 << 30), position + at);
}

/**
 * Where a sparse embedder's postings and rows live once the file is open: `memory` reads them with
 * the rest; `disk` leaves them in the file and reads the buckets a search walks and the rows whose
 * distance is asked (an open file descriptor, closed when the snapshot is collected); `auto` keeps
 * them on disk above APPROXIMATE_ABOVE rows, where searches walk a bounded number of postings.
 */
export type VectorPlacement = 'memory' | 'disk' | 'auto';

/**
 * Opens a snapshot file; undefined when it is missing, foreign or stale. Rows are stored, so
 * distances need no embedder (`embedder` is kept for the signature's callers).
 */
export function readSnapshot(path: string, expect?: { fingerprint: string; embedderId: string }, _embedder?: Embedder, vectors: VectorPlacement = 'auto'): GraphSnapshot | undefined {
  const opened = openIndexFile(path, expect, vectors, true);
  return opened instanceof GraphSnapshot ? opened : undefined;
}

/** Sections the search index without the graph leaves in the file: the CSR and MoR's BM25 index. */
const GRAPH_SECTIONS: ReadonlySet<string> = new Set(['outOffsets', 'outTargets', 'outRels', 'inOffsets', 'inSources', 'inRels']);
const isGraphOnly = (name: string): boolean => GRAPH_SECTIONS.has(name) || name.startsWith('bm25.');

/**
 * Opens an index file without the graph's edges (and without BM25): names, ids, labels, vectors,
 * relation domains — the candidate side, all that store placement holds (docs/placement.md). At
 * MetaQA ×40 that leaves ≈ 62 MB of CSR and ≈ 70 MB of BM25 in the file.
 */
export function readSearchIndex(path: string, expect?: { fingerprint: string; embedderId: string }, vectors: VectorPlacement = 'auto'): SearchIndex | undefined {
  return openIndexFile(path, expect, vectors, false);
}

/**
 * MoR's and SAGE's BM25 index alone from an index file, read on demand (undefined when the file is
 * missing, stale or holds none): what a store-placed text-scoring run adds to the index read without
 * the graph (`attachBm25`). Only the vocabulary, the postings' offsets and the documents' lengths are
 * read (≈ 3.5 MB at MetaQA ×40); the postings and the documents' terms (≈ 67 MB) stay in the file and
 * are read per query term and per scored node (`FileBm25`), through a descriptor kept open until the
 * reader is collected. The CSR stays in the file too.
 */
export function readBm25(path: string, expect: { fingerprint: string; embedderId: string }): FileBm25 | undefined {
  return openReader(path, expect, (fd, header, prefix, size) => {
    const byName = new Map(header.sections.filter((x) => x.name.startsWith('bm25.')).map((x) => [x.name, x] as const));
    const section = (name: string): Section => {
      const sec = byName.get(name);
      if (!sec || prefix + sec.offset + sec.bytes > size) throw new Error(`section ${name} missing`);
      return sec;
    };
    const read = <T extends ArrayBufferView>(name: string, make: (buffer: ArrayBuffer, length: number) => T): T => {
      const sec = section(name);
      const buffer = new ArrayBuffer(align8(sec.bytes));
      const bytes = new Uint8Array(buffer, 0, sec.bytes);
      let done = 0;
      while (done < sec.bytes) {
        const n = readSync(fd, bytes, done, Math.min(sec.bytes - done, 1 << 30), prefix + sec.offset + done);
        if (n === 0) throw new Error(`section ${name} truncated`);
        done += n;
      }
      return make(buffer, sec.length);
    };
    const u8 = (n: string): Uint8Array => read(n, (b, l) => new Uint8Array(b, 0, l));
    const u16 = (n: string): Uint16Array => read(n, (b, l) => new Uint16Array(b, 0, l));
    const u32 = (n: string): Uint32Array => read(n, (b, l) => new Uint32Array(b, 0, l));
    if (!byName.has('bm25.postDocs')) return undefined;
    const postDocs = section('bm25.postDocs');
    const at = {
      postDocsAt: prefix + postDocs.offset,
      postTfAt: prefix + section('bm25.postTf').offset,
      docOffsetsAt: prefix + section('bm25.docOffsets').offset,
      docTermsAt: prefix + section('bm25.docTerms').offset,
      docTfAt: prefix + section('bm25.docTf').offset,
      entries: postDocs.length,
    };
    return new FileBm25(fd, new TextTable(u8('bm25.vocab'), u32('bm25.vocab.offsets')), u32('bm25.postOffsets'), u16('bm25.docLen'), header.bm25Avgdl ?? 1, at);
  });
}

/**
 * The weighted degrees of an index file's nodes, read on demand from its CSR's offsets and relation
 * ids (`FileDegrees`: blocks of 8 KB; the other ends only for stem's forecast of what to read), for stem's guidance walk in store
 * placement; undefined when the file is missing, of another graph version (fingerprint) or embedder,
 * or holds no CSR. Its descriptor stays open until the reader is collected.
 */
export function readDegrees(path: string, expect: { fingerprint: string; embedderId: string }, cache?: { readonly blockBytes: number; readonly cacheBytes: number }): FileDegrees | undefined {
  return openReader(path, expect, (fd, header, prefix, size) => {
    const byName = new Map(header.sections.map((x) => [x.name, x] as const));
    const at = (name: string): Section | undefined => {
      const sec = byName.get(name);
      return sec && prefix + sec.offset + sec.bytes <= size ? sec : undefined;
    };
    const [oo, or, io, ir] = (['outOffsets', 'outRels', 'inOffsets', 'inRels'] as const).map(at);
    if (!oo || !or || !io || !ir || oo.kind !== 'u32' || or.kind !== 'u16' || io.kind !== 'u32' || ir.kind !== 'u16' || oo.length !== io.length || or.length !== ir.length) return undefined;
    // The other ends too, when the file holds them in the expected shape: stem's forecast of what to read (fileDegrees.ts `edges`).
    const [ot, is] = (['outTargets', 'inSources'] as const).map(at);
    const ends = ot && is && ot.kind === 'u32' && is.kind === 'u32' && ot.length === or.length && is.length === ir.length ? { outTargetsAt: prefix + ot.offset, inSourcesAt: prefix + is.offset } : {};
    return new FileDegrees(fd, { outOffsetsAt: prefix + oo.offset, outRelsAt: prefix + or.offset, inOffsetsAt: prefix + io.offset, inRelsAt: prefix + ir.offset, ...ends, offsets: oo.length, edges: or.length }, cache?.cacheBytes, cache?.blockBytes);
  });
}

/**
 * Opens an index file of this graph version and embedder for a reader that reads it on demand:
 * `make` gets the descriptor, the header, where sections start and the file's size. The descriptor
 * stays open (closed when the reader is collected) only when `make` returns a reader; undefined
 * when the file is missing, stale, of another embedder, or `make` finds it unreadable.
 */
function openReader<T extends object>(path: string, expect: { fingerprint: string; embedderId: string }, make: (fd: number, header: Header, prefix: number, size: number) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let keepOpen = false;
  try {
    const header = readHeader(fd);
    if (!header || header.version !== VERSION || header.fingerprint !== expect.fingerprint || header.embedderId !== expect.embedderId) return undefined;
    const reader = make(fd, header, align8(12 + header.headerLength), fstatSync(fd).size);
    if (!reader) return undefined;
    openFiles.register(reader, fd);
    keepOpen = true;
    return reader;
  } catch {
    return undefined;
  } finally {
    if (!keepOpen) closeSync(fd);
  }
}

/** The BM25 index from its `bm25.*` sections, read whole with the snapshot. */
function bm25Sections(read: { u8(n: string): Uint8Array; u16(n: string): Uint16Array; u32(n: string): Uint32Array }, header: Header): Bm25Data {
  return {
    vocab: new TextTable(read.u8('bm25.vocab'), read.u32('bm25.vocab.offsets')),
    postOffsets: read.u32('bm25.postOffsets'),
    postDocs: read.u32('bm25.postDocs'),
    postTf: read.u16('bm25.postTf'),
    docOffsets: read.u32('bm25.docOffsets'),
    docTerms: read.u32('bm25.docTerms'),
    docTf: read.u16('bm25.docTf'),
    docLen: read.u16('bm25.docLen'),
    avgdl: header.bm25Avgdl ?? 1,
  };
}

function openIndexFile(path: string, expect: { fingerprint: string; embedderId: string } | undefined, vectors: VectorPlacement, withGraph: boolean): SearchIndex | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let keepOpen = false;
  try {
    const header = readHeader(fd);
    if (!header || header.version !== VERSION) return undefined;
    if (expect && (header.fingerprint !== expect.fingerprint || header.embedderId !== expect.embedderId)) return undefined;
    const prefix = align8(12 + header.headerLength);
    const fileSize = fstatSync(fd).size - prefix;
    if (fileSize < 0) return undefined;
    const rowCount = (header.sections.find((s) => s.name === 'names.offsets')?.length ?? 1) - 1;
    const diskSections = header.sections.filter((s) => (ON_DISK as readonly string[]).includes(s.name));
    const onDisk = header.vectorKind === 'inverted' && diskSections.length === ON_DISK.length && (vectors === 'disk' || (vectors === 'auto' && rowCount > APPROXIMATE_ABOVE));
    // One aligned buffer holding the sections read, each read into directly: the typed arrays below
    // are views on it. Postings and rows kept on disk are the file's last sections and are not read;
    // without the graph, neither are the CSR and BM25 sections.
    const residentEnd = onDisk ? Math.min(...diskSections.map((s) => s.offset)) : fileSize;
    const read = header.sections.filter((s) => s.offset + s.bytes <= residentEnd && (withGraph || !isGraphOnly(s.name)));
    const at = new Map<string, number>();
    let size = 0;
    for (const s of read) {
      at.set(s.name, size);
      size += align8(s.bytes);
    }
    const body = new ArrayBuffer(size);
    const bytes = new Uint8Array(body);
    for (const s of read) {
      const to = at.get(s.name)!;
      let done = 0;
      while (done < s.bytes) {
        const n = readSync(fd, bytes, to + done, Math.min(s.bytes - done, 1 << 30), prefix + s.offset + done);
        if (n === 0) return undefined;
        done += n;
      }
    }
    const byName = new Map(header.sections.map((s) => [s.name, s] as const));
    const get = (name: string, inFile = false): Section => {
      const s = byName.get(name);
      if (!s || s.offset + s.bytes > fileSize) throw new Error(`snapshot file ${path}: section ${name} missing`);
      if (inFile) return s;
      const where = at.get(name);
      if (where === undefined) throw new Error(`snapshot file ${path}: section ${name} not read`);
      return { ...s, offset: where };
    };
    const u8 = (n: string): Uint8Array => new Uint8Array(body, get(n).offset, get(n).length);
    const u16 = (n: string): Uint16Array => new Uint16Array(body, get(n).offset, get(n).length);
    const u32 = (n: string): Uint32Array => new Uint32Array(body, get(n).offset, get(n).length);
    const f32 = (n: string): Float32Array => new Float32Array(body, get(n).offset, get(n).length);
    const f64 = (n: string): Float64Array => new Float64Array(body, get(n).offset, get(n).length);
    const table = (n: string): TextTable => new TextTable(u8(n), u32(n + '.offsets'));
    const names = table('names');
    let nodeVectors: EmbeddingMatrix;
    if (header.vectorKind === 'dense') nodeVectors = { kind: 'dense', rows: names.length, dimension: header.dimension, data: f32('vectors') };
    else {
      const offsets = u32('postOffsets');
      const rowOffsets = u32('rowOffsets');
      const [rowsS, valsS, entriesS] = ON_DISK.map((n) => get(n, true));
      let postings: PostingSource;
      let row: InvertedMatrix['row'];
      let materialise: InvertedMatrix['materialise'];
      if (!onDisk) {
        const postRows = u32('postRows');
        const postVals = f32('postVals');
        const entries = u32('rowEntries');
        const entryVals = f32('rowEntries');
        postings = new ResidentPostings(offsets, postRows, postVals);
        row = (r, scratch) => scatterEntries(entries, entryVals, rowOffsets[r], rowOffsets[r + 1], scratch);
        materialise = () => ({ postRows, postVals, rowOffsets, rowEntries: entries });
      } else {
        const file = new FilePostings(fd, offsets, prefix + rowsS!.offset, prefix + valsS!.offset);
        const rowFile = new FileRows(fd, rowOffsets, prefix + entriesS!.offset);
        postings = file;
        row = (r, scratch) => rowFile.read(r, scratch);
        materialise = () => ({
          postRows: readArray(fd, prefix + rowsS!.offset, new Uint32Array(rowsS!.length)),
          postVals: readArray(fd, prefix + valsS!.offset, new Float32Array(valsS!.length)),
          rowOffsets,
          rowEntries: readArray(fd, prefix + entriesS!.offset, new Uint32Array(entriesS!.length)),
        });
      }
      nodeVectors = { kind: 'inverted', rows: names.length, dimension: header.dimension, postings, rowNormSq: f64('rowNormSq'), scratch: new SparseScratch(header.dimension), row, materialise };
    }
    const data: IndexData = {
      fingerprint: header.fingerprint,
      embedderId: header.embedderId,
      nodeIds: table('nodeIds'),
      names,
      labelNames: header.labelNames,
      nodeLabel: u16('nodeLabel'),
      relationNames: header.relationNames,
      nodeVectors,
      relationVectors: f32('relationVectors'),
      dimension: header.dimension,
      ...(withGraph && byName.has('bm25.postDocs')
        ? {
            bm25: bm25Sections({ u8, u16, u32 }, header),
          }
        : {}),
      ...(byName.has('domains.pairs') ? { domains: { pairs: u8('domains.pairs'), touches: u8('domains.touches') } } : {}),
      ...(byName.has('relations.oneValued') ? { oneValued: f32('relations.oneValued') } : {}),
    };
    const snapshot = withGraph
      ? new GraphSnapshot({ ...data, outOffsets: u32('outOffsets'), outTargets: u32('outTargets'), outRels: u16('outRels'), inOffsets: u32('inOffsets'), inSources: u32('inSources'), inRels: u16('inRels') })
      : new SearchIndex(data);
    if (onDisk) {
      // Registered last: a file that failed to open is closed below, never by the registry.
      openFiles.register(nodeVectors, fd);
      keepOpen = true;
    }
    return snapshot;
  } catch {
    return undefined;
  } finally {
    if (!keepOpen) closeSync(fd);
  }
}

/** Streams GraphStore.exportGraph into a snapshot. */
export async function snapshotFromStore(store: GraphStore, embedder: Embedder, signal?: AbortSignal, spillDir?: string): Promise<GraphSnapshot> {
  const fingerprint = await store.fingerprint(signal);
  const b = new SnapshotBuilder();
  for await (const chunk of store.exportGraph(signal)) {
    if (chunk.kind === 'nodes') for (const n of chunk.nodes) b.addNode(n.id, n.labels[0] ?? '', n.name);
    else for (const e of chunk.edges) b.addEdgeById(e.source, e.type, e.target);
  }
  return b.build(embedder, fingerprint, signal, spillDir !== undefined ? { dir: spillDir } : undefined);
}

export interface LoadedSnapshot {
  readonly snapshot: GraphSnapshot;
  readonly source: 'cache' | 'built';
  readonly path: string;
  readonly ms: number;
  /** Set when the snapshot could not be written to the cache folder. */
  readonly cacheError?: string;
  /** A built snapshot's source: the graph read back from the store, or a fresh import's own tables (fromImport.ts). */
  readonly builtFrom?: 'store' | 'import';
}

/** Lays out the snapshot without the store's export (a fresh import's tables); undefined: export instead. */
export type SnapshotSource = (fingerprint: string, spill: SpillOption | undefined, signal?: AbortSignal) => Promise<GraphSnapshot | undefined>;

/** What loading the snapshot is doing now (progress for people waiting on a first run). */
export type SnapshotStage = 'fingerprint' | 'load-cached' | 'build';

/**
 * The cached snapshot of this embedder, read before the store can say its fingerprint — while
 * the engine process is still starting, which takes as long as the read (measured on the full
 * MetaQA graph: ≈ 0.5–1.5 s each). Stale files of an embedder are removed when a new one is
 * written, so there is normally one candidate; loadOrBuildSnapshot keeps it only when its
 * fingerprint is the store's. `withGraph(nodes, edges)` says whether to read the graph's edges too
 * (a session whose runs search in the store reads the index without them: readSearchIndex).
 */
export function preloadSnapshot(cacheDir: string, embedder: Embedder): GraphSnapshot | undefined;
export function preloadSnapshot(cacheDir: string, embedder: Embedder, withGraph: (nodes: number, edges: number) => boolean): SearchIndex | undefined;
export function preloadSnapshot(cacheDir: string, embedder: Embedder, withGraph: (nodes: number, edges: number) => boolean = () => true): SearchIndex | undefined {
  for (const f of safeList(cacheDir)) {
    if (!f.startsWith('snapshot-') || !f.endsWith('.bin')) continue;
    const path = join(cacheDir, f);
    const header = headerOf(path);
    if (header?.embedderId !== embedder.id) continue;
    const count = (name: string, minus = 0): number => Math.max(0, (header.sections.find((s) => s.name === name)?.length ?? 0) - minus);
    const snap = withGraph(count('names.offsets', 1), count('outTargets')) ? readSnapshot(path, undefined, embedder) : readSearchIndex(path);
    if (snap) return snap;
  }
  return undefined;
}

/** A snapshot file's header alone (the first bytes, not the whole file). */
function headerOf(path: string): Header | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return readHeader(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readHeader(fd: number): (Header & { headerLength: number }) | undefined {
  try {
    const prefix = Buffer.alloc(12);
    if (readSync(fd, prefix, 0, 12, 0) < 12 || prefix.toString('latin1', 0, 8) !== MAGIC) return undefined;
    const length = prefix.readUInt32LE(8);
    if (length > 1 << 24) return undefined;
    const header = Buffer.alloc(length);
    if (readSync(fd, header, 0, length, 12) < length) return undefined;
    return { ...(JSON.parse(header.toString('utf8')) as Header), headerLength: length };
  } catch {
    return undefined;
  }
}

/** The store's snapshot from the cache folder (or `preloaded`, when it is the store's), or built from the store and cached. */
export async function loadOrBuildSnapshot(store: GraphStore, embedder: Embedder, cacheDir: string, signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void, preloaded?: GraphSnapshot, source?: SnapshotSource): Promise<LoadedSnapshot> {
  const t0 = performance.now();
  onStage?.('fingerprint');
  const fingerprint = await store.fingerprint(signal);
  const file = join(cacheDir, snapshotFileName(fingerprint, embedder.id));
  if (preloaded && preloaded.data.fingerprint === fingerprint && preloaded.data.embedderId === embedder.id) return { snapshot: preloaded, source: 'cache', path: file, ms: performance.now() - t0 };
  onStage?.('load-cached');
  const cached = readSnapshot(file, { fingerprint, embedderId: embedder.id }, embedder);
  if (cached) return { snapshot: cached, source: 'cache', path: file, ms: performance.now() - t0 };
  onStage?.('build');
  // `let`: a snapshot built through a spill file is let go before its file is read back (below).
  let built: Built | undefined = await buildAndWrite(store, embedder, cacheDir, file, fingerprint, signal, source);
  const { builtFrom, cacheError } = built;
  if (cacheError !== undefined) return { snapshot: built.snapshot, source: 'built', builtFrom, path: file, ms: performance.now() - t0, cacheError };
  const v = built.snapshot.data.nodeVectors;
  if (!isSpilled(v)) return { snapshot: built.snapshot, source: 'built', builtFrom, path: file, ms: performance.now() - t0 };
  // Built through a spill file: the index file just written is what every later session opens;
  // this one opens it too (the spill file goes with the built snapshot). The built snapshot is let
  // go first: its graph, names and BM25 index were held twice while the file was read back
  // (≈ 250 MB at MetaQA ×40, by the sections' sizes).
  built = undefined;
  let reopened: GraphSnapshot | undefined;
  try {
    reopened = readSnapshot(file, { fingerprint, embedderId: embedder.id }, embedder);
  } finally {
    v.spill.close();
  }
  if (!reopened) throw new Error(`the search index was written to ${file} but could not be read back`);
  return { snapshot: reopened, source: 'built', builtFrom, path: file, ms: performance.now() - t0 };
}

/** What building and writing the index file gave (cacheError: it could not be written). */
interface Built {
  readonly snapshot: GraphSnapshot;
  readonly builtFrom: 'store' | 'import';
  readonly cacheError?: string;
}

/** Builds the store's snapshot (from `source`, else read back from the store) and writes it to `file`; stale files of the store go. */
async function buildAndWrite(store: GraphStore, embedder: Embedder, cacheDir: string, file: string, fingerprint: string, signal?: AbortSignal, source?: SnapshotSource): Promise<Built> {
  let spillDir: string | undefined;
  try {
    mkdirSync(cacheDir, { recursive: true });
    spillDir = cacheDir;
  } catch {
    // A read-only folder: built in memory below, and not cached.
  }
  const spill = spillDir !== undefined ? { dir: spillDir } : undefined;
  const fromSource = source ? await source(fingerprint, spill, signal) : undefined;
  const builtFrom = fromSource ? 'import' : 'store';
  const snapshot = fromSource ?? (await snapshotFromStore(store, embedder, signal, spillDir));
  try {
    mkdirSync(cacheDir, { recursive: true });
  } catch (e) {
    // A read-only folder: retrieval still works, only the next run rebuilds.
    return { snapshot, builtFrom, cacheError: e instanceof Error ? e.message : String(e) };
  }
  // Stale snapshots of this store (other fingerprints) go; other embedders' files stay.
  for (const f of safeList(cacheDir)) {
    if (!f.startsWith('snapshot-') || !f.endsWith('.bin') || f === snapshotFileName(fingerprint, embedder.id)) continue;
    const other = headerOf(join(cacheDir, f));
    // No readable header: an older format (KGSNAP01) or a damaged file, useless to every embedder.
    if (!other || other.embedderId === embedder.id) safeUnlink(join(cacheDir, f));
  }
  try {
    writeSnapshot(file, snapshot);
  } catch (e) {
    return { snapshot, builtFrom, cacheError: e instanceof Error ? e.message : String(e) };
  }
  return { snapshot, builtFrom };
}

/** What writeSnapshotFile did: the node count and how the file came to be (LoadedSnapshot without the snapshot). */
export type WrittenSnapshotFile = Omit<LoadedSnapshot, 'snapshot'> & { readonly nodes: number };

/**
 * The index file of a store whose session ends after writing it (`kgrag import`): built and written
 * as loadOrBuildSnapshot does, but neither kept nor read back — later sessions open the file. At
 * MetaQA ×40 the read-back was the import's peak: the file's ≈ 190 MB of arrays were read while the
 * built snapshot's were not yet collected (CLI 601 → 809 MB; docs/scale.md). The file is checked by
 * its header (fingerprint, embedder, node count).
 */
export async function writeSnapshotFile(store: GraphStore, embedder: Embedder, cacheDir: string, signal?: AbortSignal, source?: SnapshotSource): Promise<WrittenSnapshotFile> {
  const t0 = performance.now();
  const fingerprint = await store.fingerprint(signal);
  const file = join(cacheDir, snapshotFileName(fingerprint, embedder.id));
  const cached = readSnapshot(file, { fingerprint, embedderId: embedder.id }, embedder);
  if (cached) return { nodes: cached.nodeCount, source: 'cache', path: file, ms: performance.now() - t0 };
  const { snapshot, builtFrom, cacheError } = await buildAndWrite(store, embedder, cacheDir, file, fingerprint, signal, source);
  const nodes = snapshot.nodeCount;
  const v = snapshot.data.nodeVectors;
  if (isSpilled(v)) v.spill.close();
  if (cacheError !== undefined) return { nodes, source: 'built', builtFrom, path: file, ms: performance.now() - t0, cacheError };
  const header = headerOf(file);
  const written = header?.sections.find((x) => x.name === 'nodeLabel')?.length;
  if (!header || header.fingerprint !== fingerprint || header.embedderId !== embedder.id || written !== nodes) throw new Error(`the search index was written to ${file} but its header does not match the graph`);
  return { nodes, source: 'built', builtFrom, path: file, ms: performance.now() - t0 };
}


function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function safeUnlink(p: string): void {
  try {
    unlinkSync(p);
  } catch {
    // Already gone: fine.
  }
}

/** Rounded up to a multiple of 8 in arithmetic, not bitwise: a section of a 10M-node graph is over 2^32 bytes. */
export function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
