// A node's weighted degree without its edges (docs/placement.md, "stem in the store"): STEM's
// guidance walk needs the degree of every node it touches, the edges of only those it pushes. The
// degree is summed from the relation ids of the node's edges in the snapshot's order (out, then in),
// read from the index file's CSR (`outOffsets`, `outRels`, `inOffsets`, `inRels`) by position: the
// relation ids only, never an edge's other end. Exactly the float the walk sums over the snapshot.
import { readSync } from 'node:fs';
import { GraphSnapshot, type SearchIndex } from './snapshot';

/** A node's weighted degree as the guidance walk sums it over the snapshot: w[rel] once per edge, out then in, in the CSR's order. */
export interface DegreeSource {
  degree(node: number, w: Float64Array): number;
  /** The node's relation ids in that order, out then in (to check a file against the edges the store returned). */
  relations(node: number): { readonly out: Uint16Array; readonly in: Uint16Array };
}

/** Where the four CSR sections start in the file (bytes) and how many elements each holds. */
export interface CsrFileSections {
  readonly outOffsetsAt: number;
  readonly outRelsAt: number;
  readonly inOffsetsAt: number;
  readonly inRelsAt: number;
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
    const needed = Math.ceil((8 * at.offsets) / blockBytes) + Math.ceil((4 * at.edges) / blockBytes) + 4;
    const slots = Math.max(4, Math.min(Math.floor(cacheBytes / blockBytes), needed));
    this.pool = new Uint8Array(slots * blockBytes);
    this.lengths = new Int32Array(slots);
  }

  degree(node: number, w: Float64Array): number {
    let s = 0;
    for (let dir = 0; dir < 2; dir++) {
      const offsAt = dir === 0 ? this.at.outOffsetsAt : this.at.inOffsetsAt;
      const relsAt = dir === 0 ? this.at.outRelsAt : this.at.inRelsAt;
      const from = this.u32(offsAt, node);
      const to = this.u32(offsAt, node + 1);
      // Block by block (a hub's relation ids span several), one addition per edge in the file's order.
      for (let j = from; j < to; ) {
        const byte = 2 * j;
        const block = this.block(relsAt, Math.floor(byte / this.blockBytes));
        const first = (byte % this.blockBytes) / 2;
        const n = Math.min(to - j, block.length / 2 - first);
        const rels = new Uint16Array(block.buffer, block.byteOffset + 2 * first, n);
        for (let x = 0; x < n; x++) s += w[rels[x]!]!;
        j += n;
      }
    }
    return s;
  }

  relations(node: number): { readonly out: Uint16Array; readonly in: Uint16Array } {
    const of = (offsAt: number, relsAt: number): Uint16Array => {
      const from = this.u32(offsAt, node);
      const to = this.u32(offsAt, node + 1);
      const out = new Uint16Array(to - from);
      for (let j = from; j < to; j++) {
        const byte = 2 * j;
        const block = this.block(relsAt, Math.floor(byte / this.blockBytes));
        out[j - from] = block[byte % this.blockBytes]! | (block[(byte % this.blockBytes) + 1]! << 8);
      }
      return out;
    };
    return { out: of(this.at.outOffsetsAt, this.at.outRelsAt), in: of(this.at.inOffsetsAt, this.at.inRelsAt) };
  }

  private u32(sectionAt: number, i: number): number {
    if (i < 0 || i >= this.at.offsets) throw new Error(`index file: node ${i - 1} outside the CSR (${this.at.offsets - 1} nodes)`);
    const byte = 4 * i;
    const block = this.block(sectionAt, Math.floor(byte / this.blockBytes));
    const b = byte % this.blockBytes;
    return (block[b]! | (block[b + 1]! << 8) | (block[b + 2]! << 16)) + block[b + 3]! * 0x1000000;
  }

  /** Block `k` of the section at `sectionAt` (little-endian bytes; the section's last one may be short), valid until the next call. */
  private block(sectionAt: number, k: number): Uint8Array {
    const key = sectionAt + k * this.blockBytes;
    const had = this.blocks.get(key);
    if (had !== undefined) return this.pool.subarray(had * this.blockBytes, had * this.blockBytes + this.lengths[had]!);
    if (this.next === this.lengths.length) {
      this.blocks.clear();
      this.next = 0;
    }
    const slot = this.next++;
    const end = sectionAt === this.at.outRelsAt || sectionAt === this.at.inRelsAt ? sectionAt + 2 * this.at.edges : sectionAt + 4 * this.at.offsets;
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
    return out;
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
