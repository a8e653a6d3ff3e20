// A node's weighted degree without its edges (docs/placement.md, "stem in the store"): STEM's
// guidance walk needs the degree of every node it touches, the edges of only those it pushes. The
// degree is summed from the relation ids of the node's edges in the snapshot's order (out, then in),
// read from the index file's CSR (`outOffsets`, `outRels`, `inOffsets`, `inRels`) by position:
// exactly the float the walk sums over the snapshot. The other ends (`outTargets`, `inSources`) are
// read only for stem's forecast of which nodes it will push (`edges`): what to read from the store,
// never what the walk uses — the graph's structure still comes from the store.
import { readSync } from 'node:fs';
import { GraphSnapshot, type SearchIndex } from './snapshot';

/** A node's weighted degree as the guidance walk sums it over the snapshot: w[rel] once per edge, out then in, in the CSR's order. */
export interface DegreeSource {
  degree(node: number, w: Float64Array): number;
  /** The node's relation ids in that order, out then in (to check a file against the edges the store returned). */
  relations(node: number): { readonly out: Uint16Array; readonly in: Uint16Array };
  /**
   * The node's edges as the index file lists them (other ends and relation ids, out then in, in the
   * snapshot's order), when the source holds them: a forecast of what the store will return, used
   * only to choose what to read (storeStem.ts, "forecast") — never walked as the graph.
   */
  edges?(node: number): NodeEdges;
}

/** One node's edges in the snapshot's order: out (targets) and in (sources), with their relation ids. */
export interface NodeEdges {
  readonly outTargets: Uint32Array;
  readonly outRels: Uint16Array;
  readonly inSources: Uint32Array;
  readonly inRels: Uint16Array;
}

/** Where the four CSR sections start in the file (bytes) and how many elements each holds. */
export interface CsrFileSections {
  readonly outOffsetsAt: number;
  readonly outRelsAt: number;
  readonly inOffsetsAt: number;
  readonly inRelsAt: number;
  /** The other ends (`outTargets`, `inSources`), when the file holds them (older readers did not ask). */
  readonly outTargetsAt?: number;
  readonly inSourcesAt?: number;
  /** Elements of the offsets (nodes + 1) and of the relation ids (edges). */
  readonly offsets: number;
  readonly edges: number;
}

/** Bytes read at a time (one read, ≈ 5 µs idle, whatever the size up to a few pages). */
const BLOCK = 8192;

/**
 * The CSR's offsets and relation ids read from the index file in blocks of 8 KB, into a pool of
 * slots allocated once (up to `cacheBytes`, no more than the four sections need): a full pool is let
 * go as a whole and filled again (a walk's nodes are scattered, so recency buys little). No buffer
 * per block: 8 KB buffers let go by thousands held ≈ 35 MB more at the CLI's peak on MetaQA ×40
 * until collected (measured). At MetaQA ×1 the four sections are 860 KB (a session reads each block
 * once); at ×40 ≈ 27 MB, of which a walk reads the blocks its touched nodes sit in (≤ 4 MB held).
 */
export class FileDegrees implements DegreeSource {
  /** Block key (its file position) → slot. */
  private readonly blocks = new Map<number, number>();
  private readonly pool: Uint8Array;
  private readonly lengths: Int32Array;
  private next = 0;
  /** The length of the block `slot` last returned. */
  private length = 0;
  /** Reads made (tests: the cache is used). */
  reads = 0;

  constructor(
    private readonly fd: number,
    private readonly at: CsrFileSections,
    cacheBytes = 4 << 20,
    /** A multiple of 4: an offset never straddles two blocks. */
    private readonly blockBytes = BLOCK,
  ) {
    if (blockBytes < 4 || blockBytes % 4 !== 0) throw new Error(`block size ${blockBytes}: a positive multiple of 4 bytes`);
    // Four slots at least (an offset pair and a run of relation ids are read one block at a time).
    const needed = Math.ceil((8 * at.offsets) / blockBytes) + Math.ceil(((at.outTargetsAt !== undefined ? 12 : 4) * at.edges) / blockBytes) + 4;
    const slots = Math.max(4, Math.min(Math.floor(cacheBytes / blockBytes), needed));
    this.pool = new Uint8Array(slots * blockBytes);
    this.lengths = new Int32Array(slots);
    const { outTargetsAt, inSourcesAt } = at;
    if (outTargetsAt !== undefined && inSourcesAt !== undefined) {
      this.edges = (node) => ({
        outTargets: this.run(at.outOffsetsAt, outTargetsAt, 4, node) as Uint32Array,
        outRels: this.run(at.outOffsetsAt, at.outRelsAt, 2, node) as Uint16Array,
        inSources: this.run(at.inOffsetsAt, inSourcesAt, 4, node) as Uint32Array,
        inRels: this.run(at.inOffsetsAt, at.inRelsAt, 2, node) as Uint16Array,
      });
    }
  }

  degree(node: number, w: Float64Array): number {
    let s = 0;
    for (let dir = 0; dir < 2; dir++) {
      const offsAt = dir === 0 ? this.at.outOffsetsAt : this.at.inOffsetsAt;
      const relsAt = dir === 0 ? this.at.outRelsAt : this.at.inRelsAt;
      const from = this.u32(offsAt, node);
      const to = this.u32(offsAt, node + 1);
      // Block by block (a hub's relation ids span several), one addition per edge in the file's order.
      const pool = this.pool;
      for (let j = from; j < to; ) {
        const byte = 2 * j;
        const base = this.slot(relsAt, Math.floor(byte / this.blockBytes));
        let b = byte % this.blockBytes;
        const n = Math.min(to - j, (this.length - b) / 2);
        for (let x = 0; x < n; x++, b += 2) s += w[pool[base + b]! | (pool[base + b + 1]! << 8)]!;
        j += n;
      }
    }
    return s;
  }

  relations(node: number): { readonly out: Uint16Array; readonly in: Uint16Array } {
    return { out: this.run(this.at.outOffsetsAt, this.at.outRelsAt, 2, node) as Uint16Array, in: this.run(this.at.inOffsetsAt, this.at.inRelsAt, 2, node) as Uint16Array };
  }

  /** The node's run of a per-edge section (relation ids: 2 bytes; other ends: 4) by the offsets at `offsAt`. */
  private run(offsAt: number, sectionAt: number, size: 2 | 4, node: number): Uint16Array | Uint32Array {
    const from = this.u32(offsAt, node);
    const n = this.u32(offsAt, node + 1) - from;
    const out = size === 2 ? new Uint16Array(n) : new Uint32Array(n);
    this.copy(sectionAt, size, from, out);
    return out;
  }

  /** `into.length` elements of `size` bytes (little-endian) from element `from` of the section at `sectionAt`, a block at a time. */
  private copy(sectionAt: number, size: 2 | 4, from: number, into: Uint16Array | Uint32Array): void {
    for (let j = 0; j < into.length; ) {
      const byte = size * (from + j);
      const base = this.slot(sectionAt, Math.floor(byte / this.blockBytes));
      const p = this.pool;
      let b = base + (byte % this.blockBytes);
      const n = Math.min(into.length - j, Math.floor((this.length - (byte % this.blockBytes)) / size));
      if (n <= 0) throw new Error('index file: truncated CSR');
      if (size === 2) for (let x = 0; x < n; x++, b += 2) into[j + x] = p[b]! | (p[b + 1]! << 8);
      else for (let x = 0; x < n; x++, b += 4) into[j + x] = (p[b]! | (p[b + 1]! << 8) | (p[b + 2]! << 16)) + p[b + 3]! * 0x1000000;
      j += n;
    }
  }

  /** The node's edges as the file lists them (`DegreeSource.edges`); absent when the file's other ends were not located. */
  readonly edges?: (node: number) => NodeEdges;

  private u32(sectionAt: number, i: number): number {
    if (i < 0 || i >= this.at.offsets) throw new Error(`index file: node ${i - 1} outside the CSR (${this.at.offsets - 1} nodes)`);
    const byte = 4 * i;
    const b = this.slot(sectionAt, Math.floor(byte / this.blockBytes)) + (byte % this.blockBytes);
    const p = this.pool;
    return (p[b]! | (p[b + 1]! << 8) | (p[b + 2]! << 16)) + p[b + 3]! * 0x1000000;
  }

  /** Where the section at `sectionAt` ends (bytes). */
  private sectionEnd(sectionAt: number): number {
    const a = this.at;
    if (sectionAt === a.outRelsAt || sectionAt === a.inRelsAt) return sectionAt + 2 * a.edges;
    if (sectionAt === a.outTargetsAt || sectionAt === a.inSourcesAt) return sectionAt + 4 * a.edges;
    return sectionAt + 4 * a.offsets;
  }

  /**
   * Block `k` of the section at `sectionAt` (little-endian bytes): where it starts in the pool, its
   * length in `length` (the section's last block may be short); valid until the next call. No view
   * per block: the readers index the pool (a view per read was most of a degree's time, measured).
   */
  private slot(sectionAt: number, k: number): number {
    const key = sectionAt + k * this.blockBytes;
    const had = this.blocks.get(key);
    if (had !== undefined) {
      this.length = this.lengths[had]!;
      return had * this.blockBytes;
    }
    if (this.next === this.lengths.length) {
      this.blocks.clear();
      this.next = 0;
    }
    const slot = this.next++;
    const end = this.sectionEnd(sectionAt);
    const bytes = Math.max(0, Math.min(this.blockBytes, end - key));
    const out = this.pool.subarray(slot * this.blockBytes, slot * this.blockBytes + bytes);
    let done = 0;
    while (done < bytes) {
      const n = readSync(this.fd, out, done, bytes - done, key + done);
      if (n === 0) throw new Error('index file: truncated CSR');
      done += n;
    }
    this.reads++;
    this.lengths[slot] = bytes;
    this.blocks.set(key, slot);
    this.length = bytes;
    return slot * this.blockBytes;
  }
}

/** The same sums over a snapshot held in memory (its own CSR). */
export class ResidentDegrees implements DegreeSource {
  constructor(private readonly snapshot: GraphSnapshot) {}

  degree(node: number, w: Float64Array): number {
    const d = this.snapshot.data;
    let s = 0;
    for (let j = d.outOffsets[node]!; j < d.outOffsets[node + 1]!; j++) s += w[d.outRels[j]!]!;
    for (let j = d.inOffsets[node]!; j < d.inOffsets[node + 1]!; j++) s += w[d.inRels[j]!]!;
    return s;
  }

  relations(node: number): { readonly out: Uint16Array; readonly in: Uint16Array } {
    const d = this.snapshot.data;
    return { out: d.outRels.slice(d.outOffsets[node]!, d.outOffsets[node + 1]!), in: d.inRels.slice(d.inOffsets[node]!, d.inOffsets[node + 1]!) };
  }

  edges(node: number): NodeEdges {
    const d = this.snapshot.data;
    const o = [d.outOffsets[node]!, d.outOffsets[node + 1]!] as const;
    const i = [d.inOffsets[node]!, d.inOffsets[node + 1]!] as const;
    return { outTargets: d.outTargets.slice(...o), outRels: d.outRels.slice(...o), inSources: d.inSources.slice(...i), inRels: d.inRels.slice(...i) };
  }
}

const attached = new WeakMap<SearchIndex, DegreeSource>();

/** A degree reader opened apart for a search index (store placement reads the index file's CSR relation ids only for stem: the strategy table's needs). */
export function attachDegrees(index: SearchIndex, source: DegreeSource): void {
  if (!attached.has(index)) attached.set(index, source);
}

export function hasDegrees(index: SearchIndex): boolean {
  return attached.has(index);
}

/**
 * The degrees of a search index's nodes: the index file's reader attached to it, else the
 * snapshot's own CSR when it holds the graph; undefined when neither (no index file of this graph
 * version, e.g. Neo4j without one: the walk bounds and reads degrees in the store).
 */
export function degreesOf(index: SearchIndex): DegreeSource | undefined {
  return attached.get(index) ?? (index instanceof GraphSnapshot ? new ResidentDegrees(index) : undefined);
}
