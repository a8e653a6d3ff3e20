/**
 * stem in store placement (docs/placement.md, "stem in the store"). Two walks read the graph:
 *
 * - the guidance graph's personalised PageRank (stem/guidance.ts): each push reads the pushed
 *   node's edges and the weighted degree of every neighbour it touches. The walk is replayed on
 *   what the store returned so far; every node it pushed without its edges, or touched without its
 *   degree, is read (its edges: one statement; the others' edge counts per type: one more) and the
 *   walk runs again, until a run needed nothing it did not have. That run saw only complete data,
 *   so it is the memory walk, bit for bit: a degree is summed from the counts in the snapshot's
 *   order (out, then in, by relation type), as the walk sums the snapshot's edges. Round trips: two
 *   per replay at most; the replays follow how far the walk spreads, not the pattern.
 * - structure tracing from the anchors (stem/search.ts): like gsd's levels, the images of the
 *   schema nodes at each depth of the search order from the anchor are expanded with one statement
 *   (the step's candidate types of every alternative schema graph), the neighbours that fit a
 *   step's label filter being the next level's images. ≤ one statement per level (≤ the hops).
 */
import type { CypherDialect } from '../../graph/graphStore';
import { quoteIdentifier } from '../../graph/identifiers';
import type { SearchIndex } from '../snapshot/snapshot';
import type { GuidanceGraph, GuidanceInput, GuidanceProvider } from '../stem/guidance';
import { expansionParams } from './storeGraph';
import type { Adjacency, StoreEdges } from './storeEdges';

/**
 * Edge counts per node, relation type and direction: for a neighbour the walk touches but does
 * not push (a genre hub's degree is one row per type, not its thousands of edges).
 */
export function degreeStatement(dialect: CypherDialect, labels: readonly string[]): string {
  const branches: string[] = [];
  for (const out of [true, false]) {
    const arrow = out ? '-[r]->' : '<-[r]-';
    if (dialect === 'neo4j') {
      branches.push(`MATCH (a)${arrow}() WHERE elementId(a) IN $ids RETURN elementId(a) AS a, type(r) AS t, ${out ? 1 : 0} AS o, count(r) AS n`);
      continue;
    }
    labels.forEach((label, i) => {
      branches.push(`MATCH (a:${quoteIdentifier(label)})${arrow}(b) WHERE offset(id(a)) IN $o${i} RETURN id(a) AS a, label(r) AS t, ${out ? 1 : 0} AS o, count(r) AS n`);
    });
  }
  return branches.join(' UNION ALL ');
}

/** One step of STEM's search order, with its relation similarity in every alternative schema graph. */
export interface StemStoreStep {
  readonly from: number;
  readonly to: number;
  readonly closing: boolean;
  /** Per alternative: per relation id, the step's similarity (-Infinity: not a candidate type). */
  readonly relSims: readonly Float64Array[];
}

/** What retrieveStem asks of the store in store placement. */
export class StemStore {
  /** Per node: its edge counts as [direction (1 out, 0 in), relation id, count] triples, sorted. */
  private readonly counts = new Map<number, number[]>();

  constructor(
    private readonly index: SearchIndex,
    readonly edges: StoreEdges,
  ) {}

  /** The guidance provider's walk, replayed until it needed nothing the store had not returned. */
  async guide(provider: GuidanceProvider, input: Omit<GuidanceInput, 'graph'>): Promise<GuidanceGraph> {
    let adjacency = await this.edges.edgesOf([], null);
    for (;;) {
      const needEdges = new Set<number>();
      const needDegree = new Set<number>();
      const result = provider.guide({
        ...input,
        graph: {
          edges: adjacency,
          complete: (u) => this.edges.hasAll(u),
          degree: (u, w) => this.degree(u, w),
          missing: (u, what) => void (what === 'edges' ? needEdges : needDegree).add(u),
        },
      });
      if (needEdges.size === 0 && needDegree.size === 0) return result;
      if (needEdges.size > 0) adjacency = await this.edges.edgesOf(needEdges, null);
      const degrees = [...needDegree].filter((u) => !this.edges.hasAll(u) && !this.counts.has(u));
      if (degrees.length > 0) await this.readDegrees(degrees);
    }
  }

  /** The edges structure tracing walks from the anchors tried (at most `anchors`), level by level. */
  async traceEdges(steps: readonly StemStoreStep[], labels: readonly (Uint8Array | null)[], anchor: number, anchors: readonly number[]): Promise<Adjacency> {
    const R = this.index.data.relationNames.length;
    const nodeLabel = this.index.data.nodeLabel;
    const P = labels.length;
    const depth = new Int32Array(P).fill(-1);
    depth[anchor] = 0;
    for (const s of steps) if (!s.closing) depth[s.to] = depth[s.from]! + 1;
    /** Per step: the relation types some alternative follows. */
    const types = steps.map((s) => {
      const m = new Uint8Array(R);
      for (const sim of s.relSims) for (let r = 0; r < R; r++) if (sim[r] !== -Infinity) m[r] = 1;
      return m;
    });
    const images: Set<number>[] = Array.from({ length: P }, () => new Set<number>());
    for (const a of anchors) images[anchor]!.add(a);
    let adjacency = await this.edges.edgesOf([], null);
    const maxDepth = Math.max(0, ...Array.from(depth));
    for (let level = 0; level <= maxDepth; level++) {
      const at = steps.map((s, i) => ({ s, i })).filter(({ s }) => depth[s.from] === level);
      if (at.length === 0) continue;
      const frontier = new Set<number>();
      const union = new Uint8Array(R);
      for (const { s, i } of at) {
        for (const v of images[s.from]!) frontier.add(v);
        for (let r = 0; r < R; r++) if (types[i]![r] === 1) union[r] = 1;
      }
      adjacency = await this.edges.edgesOf(frontier, union);
      // The next level's images: neighbours through the step's types that fit its label filter.
      for (const { s, i } of at) {
        if (s.closing) continue;
        const mask = labels[s.to] ?? null;
        for (const u of images[s.from]!) {
          for (let dir = 0; dir < 2; dir++) {
            const offs = dir === 0 ? adjacency.outOffsets : adjacency.inOffsets;
            const others = dir === 0 ? adjacency.outTargets : adjacency.inSources;
            const rels = dir === 0 ? adjacency.outRels : adjacency.inRels;
            for (let j = offs[u]!; j < offs[u + 1]!; j++) {
              if (types[i]![rels[j]!] !== 1) continue;
              const v = others[j]!;
              if (mask !== null && mask[nodeLabel[v]!] !== 1) continue;
              images[s.to]!.add(v);
            }
          }
        }
      }
    }
    return adjacency;
  }

  /** The weighted degree from the counts, summed as the walk sums the snapshot's edges: out then in, by relation id. */
  private degree(u: number, w: Float64Array): number | undefined {
    const c = this.counts.get(u);
    if (!c) return undefined;
    let s = 0;
    for (let x = 0; x < c.length; x += 3) for (let k = 0; k < c[x + 2]!; k++) s += w[c[x + 1]!]!;
    return s;
  }

  private async readDegrees(nodes: readonly number[]): Promise<void> {
    const d = this.index.data;
    const dialect = this.edges.dialect;
    const { labels, params } = expansionParams(
      dialect,
      nodes.map((v) => ({ id: d.nodeIds.get(v), label: d.labelNames[d.nodeLabel[v]!] ?? '' })),
    );
    const rows = await this.edges.io.read(degreeStatement(dialect, labels), params);
    for (const v of nodes) this.counts.set(v, []);
    for (const r of rows) {
      const v = this.index.nodeIndexOf(String(r['a']));
      const rel = this.index.relationId(String(r['t']));
      if (v === undefined || rel < 0) continue;
      this.counts.get(v)?.push(Number(r['o']), rel, Number(r['n']));
    }
    for (const v of nodes) {
      const c = this.counts.get(v)!;
      const triples = Array.from({ length: c.length / 3 }, (_, i) => [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!] as const);
      // Out before in, then by relation id: the order the snapshot's CSR holds a node's edges in.
      triples.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
      this.counts.set(v, triples.flat());
    }
  }
}
