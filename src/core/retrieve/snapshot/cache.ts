import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../embed/embedder';
import type { GraphStore } from '../../graph/graphStore';
import { GraphSnapshot, SnapshotBuilder, type SnapshotData } from './snapshot';
import type { EmbeddingMatrix } from './vectorIndex';

/**
 * The snapshot on disk: `snapshot-<sha256(fingerprint, embedder id)[0..16]>.bin` in a cache
 * folder (by default `<store folder>/.kgrag-cache`). Layout: magic `KGSNAP01`, u32 header length,
 * a JSON header (version, fingerprint, embedder id, sections), then 8-byte-aligned sections —
 * typed arrays as raw little-endian bytes, string lists as one UTF-8 blob + u32 offsets. Loading
 * maps typed arrays straight onto the file's buffer (no parse). Another fingerprint or embedder
 * id gives another file name, so a changed store or embedder rebuilds; older files are removed.
 */
const MAGIC = 'KGSNAP01';
// 2: edges in (type, endpoint pair, source, stored edge) order (EmbeddedStore.exportGraph).
const VERSION = 2;

type ArrayKind = 'u8' | 'u16' | 'u32' | 'f32';
interface Section {
  readonly name: string;
  readonly kind: ArrayKind | 'strings';
  readonly offset: number;
  readonly length: number; // elements (strings: count)
  readonly bytes: number;
}
interface Header {
  readonly version: number;
  readonly fingerprint: string;
  readonly embedderId: string;
  readonly dimension: number;
  readonly vectorKind: 'dense' | 'sparse';
  readonly sections: readonly Section[];
}

export function snapshotFileName(fingerprint: string, embedderId: string): string {
  const h = createHash('sha256').update(fingerprint).update('\0').update(embedderId).digest('hex').slice(0, 16);
  return `snapshot-${h}.bin`;
}

export function writeSnapshot(path: string, snap: GraphSnapshot): void {
  const d = snap.data;
  const parts: { name: string; kind: Section['kind']; data: Uint8Array; length: number }[] = [];
  const arr = (name: string, kind: ArrayKind, a: Uint8Array | Uint16Array | Uint32Array | Float32Array): void => {
    parts.push({ name, kind, data: new Uint8Array(a.buffer, a.byteOffset, a.byteLength), length: a.length });
  };
  const strings = (name: string, list: readonly string[]): void => {
    const bufs = list.map((s) => Buffer.from(s, 'utf8'));
    const offsets = new Uint32Array(list.length + 1);
    for (let i = 0; i < bufs.length; i++) offsets[i + 1] = offsets[i] + bufs[i].length;
    arr(name + '.offsets', 'u32', offsets);
    parts.push({ name, kind: 'strings', data: Buffer.concat(bufs), length: list.length });
  };
  strings('nodeIds', d.nodeIds);
  strings('names', d.names);
  strings('labelNames', d.labelNames);
  strings('relationNames', d.relationNames);
  arr('nodeLabel', 'u16', d.nodeLabel);
  arr('outOffsets', 'u32', d.outOffsets);
  arr('outTargets', 'u32', d.outTargets);
  arr('outRels', 'u16', d.outRels);
  arr('inOffsets', 'u32', d.inOffsets);
  arr('inSources', 'u32', d.inSources);
  arr('inRels', 'u16', d.inRels);
  arr('relationVectors', 'f32', d.relationVectors);
  const v = d.nodeVectors;
  if (v.kind === 'dense') arr('vectors', 'f32', v.data);
  else {
    arr('rowOffsets', 'u32', v.rowOffsets);
    arr('cols', 'u32', v.cols);
    arr('vals', 'f32', v.vals);
  }
  let offset = 0;
  const sections: Section[] = parts.map((p) => {
    const s = { name: p.name, kind: p.kind, offset, length: p.length, bytes: p.data.byteLength };
    offset += align8(p.data.byteLength);
    return s;
  });
  const header: Header = { version: VERSION, fingerprint: d.fingerprint, embedderId: d.embedderId, dimension: d.dimension, vectorKind: v.kind, sections };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = align8(8 + 4 + headerBytes.length);
  const out = Buffer.alloc(prefix + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(out, 12);
  parts.forEach((p, i) => out.set(p.data, prefix + sections[i].offset));
  const tmp = path + '.tmp-' + process.pid;
  writeFileSync(tmp, out);
  renameSync(tmp, path);
}

/** Reads a snapshot file; undefined when it is missing, foreign or stale. */
export function readSnapshot(path: string, expect?: { fingerprint: string; embedderId: string }): GraphSnapshot | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return undefined;
  }
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const hl = buf.readUInt32LE(8);
  let header: Header;
  try {
    header = JSON.parse(buf.toString('utf8', 12, 12 + hl)) as Header;
  } catch {
    return undefined;
  }
  if (header.version !== VERSION) return undefined;
  if (expect && (header.fingerprint !== expect.fingerprint || header.embedderId !== expect.embedderId)) return undefined;
  const prefix = align8(12 + hl);
  // Copy into a fresh, aligned ArrayBuffer (Buffers from the pool may be unaligned).
  const body = new ArrayBuffer(buf.length - prefix);
  new Uint8Array(body).set(buf.subarray(prefix));
  const byName = new Map(header.sections.map((s) => [s.name, s] as const));
  const get = (name: string): Section => {
    const s = byName.get(name);
    if (!s) throw new Error(`snapshot file ${path}: section ${name} missing`);
    return s;
  };
  const u16 = (n: string): Uint16Array => new Uint16Array(body, get(n).offset, get(n).length);
  const u32 = (n: string): Uint32Array => new Uint32Array(body, get(n).offset, get(n).length);
  const f32 = (n: string): Float32Array => new Float32Array(body, get(n).offset, get(n).length);
  const strs = (n: string): string[] => {
    const s = get(n);
    const offs = u32(n + '.offsets');
    const bytes = Buffer.from(body, s.offset, s.bytes);
    const out = new Array<string>(s.length);
    for (let i = 0; i < s.length; i++) out[i] = bytes.toString('utf8', offs[i], offs[i + 1]);
    return out;
  };
  const names = strs('names');
  const nodeVectors: EmbeddingMatrix =
    header.vectorKind === 'dense'
      ? { kind: 'dense', rows: names.length, dimension: header.dimension, data: f32('vectors') }
      : { kind: 'sparse', rows: names.length, dimension: header.dimension, rowOffsets: u32('rowOffsets'), cols: u32('cols'), vals: f32('vals') };
  const data: SnapshotData = {
    fingerprint: header.fingerprint,
    embedderId: header.embedderId,
    nodeIds: strs('nodeIds'),
    names,
    labelNames: strs('labelNames'),
    nodeLabel: u16('nodeLabel'),
    relationNames: strs('relationNames'),
    outOffsets: u32('outOffsets'),
    outTargets: u32('outTargets'),
    outRels: u16('outRels'),
    inOffsets: u32('inOffsets'),
    inSources: u32('inSources'),
    inRels: u16('inRels'),
    nodeVectors,
    relationVectors: f32('relationVectors'),
    dimension: header.dimension,
  };
  return new GraphSnapshot(data);
}

/** Streams GraphStore.exportGraph into a snapshot. */
export async function snapshotFromStore(store: GraphStore, embedder: Embedder, signal?: AbortSignal): Promise<GraphSnapshot> {
  const fingerprint = await store.fingerprint(signal);
  const b = new SnapshotBuilder();
  for await (const chunk of store.exportGraph(signal)) {
    if (chunk.kind === 'nodes') for (const n of chunk.nodes) b.addNode(n.id, n.labels[0] ?? '', n.name);
    else for (const e of chunk.edges) b.addEdgeById(e.source, e.type, e.target);
  }
  return b.build(embedder, fingerprint, signal);
}

export interface LoadedSnapshot {
  readonly snapshot: GraphSnapshot;
  readonly source: 'cache' | 'built';
  readonly path: string;
  readonly ms: number;
  /** Set when the snapshot could not be written to the cache folder. */
  readonly cacheError?: string;
}

/** What loading the snapshot is doing now (progress for people waiting on a first run). */
export type SnapshotStage = 'fingerprint' | 'load-cached' | 'build';

/**
 * The cached snapshot of this embedder, read before the store can say its fingerprint — while
 * the engine process is still starting, which takes as long as the read (measured on the full
 * MetaQA graph: ≈ 0.5–1.5 s each). Stale files of an embedder are removed when a new one is
 * written, so there is normally one candidate; loadOrBuildSnapshot keeps it only when its
 * fingerprint is the store's.
 */
export function preloadSnapshot(cacheDir: string, embedderId: string): GraphSnapshot | undefined {
  for (const f of safeList(cacheDir)) {
    if (!f.startsWith('snapshot-') || !f.endsWith('.bin')) continue;
    const path = join(cacheDir, f);
    if (headerOf(path)?.embedderId !== embedderId) continue;
    const snap = readSnapshot(path);
    if (snap) return snap;
  }
  return undefined;
}

/** A snapshot file's header alone (the first bytes, not the whole file). */
function headerOf(path: string): Header | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const prefix = Buffer.alloc(12);
    if (readSync(fd, prefix, 0, 12, 0) < 12 || prefix.toString('latin1', 0, 8) !== MAGIC) return undefined;
    const length = prefix.readUInt32LE(8);
    if (length > 1 << 20) return undefined;
    const header = Buffer.alloc(length);
    if (readSync(fd, header, 0, length, 12) < length) return undefined;
    return JSON.parse(header.toString('utf8')) as Header;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The store's snapshot from the cache folder (or `preloaded`, when it is the store's), or built from the store and cached. */
export async function loadOrBuildSnapshot(store: GraphStore, embedder: Embedder, cacheDir: string, signal?: AbortSignal, onStage?: (stage: SnapshotStage) => void, preloaded?: GraphSnapshot): Promise<LoadedSnapshot> {
  const t0 = performance.now();
  onStage?.('fingerprint');
  const fingerprint = await store.fingerprint(signal);
  const file = join(cacheDir, snapshotFileName(fingerprint, embedder.id));
  if (preloaded && preloaded.data.fingerprint === fingerprint && preloaded.data.embedderId === embedder.id) return { snapshot: preloaded, source: 'cache', path: file, ms: performance.now() - t0 };
  onStage?.('load-cached');
  const cached = readSnapshot(file, { fingerprint, embedderId: embedder.id });
  if (cached) return { snapshot: cached, source: 'cache', path: file, ms: performance.now() - t0 };
  onStage?.('build');
  const snapshot = await snapshotFromStore(store, embedder, signal);
  try {
    mkdirSync(cacheDir, { recursive: true });
  } catch (e) {
    // A read-only folder: retrieval still works, only the next run rebuilds.
    return { snapshot, source: 'built', path: file, ms: performance.now() - t0, cacheError: e instanceof Error ? e.message : String(e) };
  }
  // Stale snapshots of this store (other fingerprints) go; other embedders' files stay.
  for (const f of safeList(cacheDir)) {
    if (!f.startsWith('snapshot-') || !f.endsWith('.bin') || f === snapshotFileName(fingerprint, embedder.id)) continue;
    const other = headerOf(join(cacheDir, f));
    if (other && other.embedderId === embedder.id) safeUnlink(join(cacheDir, f));
  }
  try {
    writeSnapshot(file, snapshot);
  } catch (e) {
    return { snapshot, source: 'built', path: file, ms: performance.now() - t0, cacheError: e instanceof Error ? e.message : String(e) };
  }
  return { snapshot, source: 'built', path: file, ms: performance.now() - t0 };
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

function align8(n: number): number {
  return (n + 7) & ~7;
}
