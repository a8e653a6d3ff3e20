/**
 * stem in store placement (docs/placement.md, "stem in the store"). Two walks read the graph:
 *
 * - the guidance graph's personalised PageRank (stem/guidance.ts): each push reads the pushed
 *   node's edges and the weighted degree of every neighbour it touches. The walk is replayed on
 *   what the store returned so far; what a run needed and did not have is read in one statement
 *   (guidanceStatement) and the walk runs again, until a run needed nothing it did not have. That
 *   run saw only complete data where it used floats, so it is the memory walk, bit for bit: a
 *   pushed node's degree is summed from its edges, a node's from its counts in the snapshot's
 *   order (out, then in, by relation type); a touched node that was not pushed needs only bounds on
 *   its degree that put its residual clearly below (the store's own weight sum, ± ESTIMATE_MARGIN).
 *   With the index file's degrees and other ends, the walk is first run once on the file's graph
 *   (the forecast, no round trip) and the nodes it pushes are read in one statement: on the same
 *   graph the replay then needs nothing more (one round trip for the walk). Without them, each
 *   round reads what the last replay lacked: one round trip per layer the walk spreads (not per
 *   pattern hop: how far it spreads depends on the graph).
 * - structure tracing from the anchors (stem/search.ts): like gsd's levels, the images of the
 *   schema nodes at each depth of the search order from the anchor are expanded with one statement
 *   (the step's candidate types of every alternative schema graph), the neighbours that fit a
 *   step's label filter being the next level's images. ≤ one statement per level (≤ the hops).
 */
import type { CypherDialect } from '../../graph/graphStore';
import { quoteIdentifier, quoteString } from '../../graph/identifiers';
import type { SearchIndex } from '../snapshot/snapshot';
import type { GuidanceGraph, GuidanceInput, GuidanceProvider } from '../stem/guidance';
import type { CypherValue } from '../../graph/graphStore';
import { expansionParams } from './storeGraph';
import type { Adjacency, StoreEdges } from './storeEdges';
import type { DegreeSource } from '../snapshot/fileDegrees';

/**
 * A node whose degree the guidance walk needs has its edges read whole when it has at most this
 * many (it is then complete: the walk can push it in its next run without another round trip), its
 * edge counts per type and direction otherwise (a genre hub: a few count rows, not its thousands of
 * edges). Only a choice of what to read: either way the walk gets the exact degree.
 */
export const WHOLE_UP_TO = 64;

/**
 * One round of the guidance walk's replay in one statement. Columns: expansionStatement's, `ro` a
 * float on the embedded engine (every branch's column must have one type there):
 * - every edge of the nodes it pushed without them (`edgeLabels`; o = 1 out / 0 in);
 * - for the nodes whose degree it needs (`degreeLabels`): their edge counts per type and direction
 *   (o = 3 out / 2 in, the count in `ro`); on Neo4j, those with at most `$cap` edges are read whole
 *   instead (o = 1 / 0: then complete);
 * - the store's sum of a node's edge weights per direction (o = 5 out / 4 in, the sum in `ro`;
 *   bounds on its degree, ESTIMATE_MARGIN): embedded, for the nodes listed (`sumLabels`); Neo4j, for
 *   every neighbour of the nodes read whole in this statement, found along their edges (the next
 *   run touches each: one round trip a layer the walk spreads). The embedded engine plans a second
 *   MATCH from bound nodes as a hash join built over every edge of the graph (PROFILE: 129,235 rows
 *   at ×1, 250–400 ms a branch), so there a neighbour's sum is read by its id in the next round.
 * Parameters: embedded `o<i>` / `d<i>` / `s<i>` (offsets per label of `edgeLabels` / `degreeLabels` /
 * `sumLabels`); Neo4j `$ids` / `$dids`, `$cap` and the weights `$t<r>` → `$w<r>`.
 */
export function guidanceStatement(
  dialect: CypherDialect,
  lists: { readonly edgeLabels: readonly string[]; readonly degreeLabels: readonly string[]; readonly sumLabels: readonly string[] },
  read: { readonly edges: boolean; readonly degrees: boolean; readonly sums: boolean; readonly weights?: { readonly types: readonly string[]; readonly w: Float64Array } },
): string {
  const neo4j = dialect === 'neo4j';
  const id = (v: string): string => (neo4j ? `elementId(${v})` : `id(${v})`);
  const type = neo4j ? 'type(r)' : 'label(r)';
  const float = (x: string): string => (neo4j ? x : `CAST(${x} AS DOUBLE)`);
  /** The nodes of a list, as `v` (the embedded engine: one match per label, a single MATCH with the edge). */
  const listed = (v: string, list: 'o' | 'd' | 's', labels: readonly string[], edge = ''): string[] =>
    neo4j
      ? [`MATCH (${v}) WHERE elementId(${v}) IN $${list === 'o' ? 'ids' : 'dids'}`]
      : labels.map((l, i) => `MATCH (${v}:${quoteIdentifier(l)})${edge} WHERE offset(id(${v})) IN $${list}${i}`);
  const arrow = (out: boolean): string => (out ? '-[r]->' : '<-[r]-');
  const edgeColumns = (out: boolean): string =>
    `RETURN ${id('a')} AS a, ${type} AS t, ${float(neo4j ? 'elementId(r)' : 'offset(id(r))')} AS ro, ${id('b')} AS b, ${neo4j ? 'labels(b)[0]' : 'label(b)'} AS bl, ${out ? 1 : 0} AS o`;
  const countColumns = (out: boolean): string => `RETURN ${id('a')} AS a, ${type} AS t, ${float('count(r)')} AS ro, ${id('a')} AS b, '' AS bl, ${out ? 3 : 2} AS o`;
  // The embedded engine types a parameter inside an aggregate as ANY in a UNION and refuses it
  // (measured): there the catalog's type names are quoted literals (as labels are quoted
  // identifiers) and the weights numbers written with 17 digits (read back as the same double).
  const weight = (read.weights?.types ?? []).map((t, r) => (neo4j ? `WHEN $t${r} THEN $w${r}` : `WHEN ${quoteString(t)} THEN ${read.weights!.w[r]!.toPrecision(17)}`)).join(' ');
  const sumColumns = (out: boolean): string => `RETURN ${id('a')} AS a, '' AS t, sum(CASE ${type} ${weight} ELSE 0.0 END) AS ro, ${id('a')} AS b, '' AS bl, ${out ? 5 : 4} AS o`;
  const branches: string[] = [];
  for (const out of [true, false]) {
    if (read.edges) {
      if (neo4j) branches.push(`${listed('a', 'o', [])[0]} MATCH (a)${arrow(out)}(b) ${edgeColumns(out)}`);
      else for (const m of listed('a', 'o', lists.edgeLabels, `${arrow(out)}(b)`)) branches.push(`${m} ${edgeColumns(out)}`);
    }
    if (read.degrees) {
      if (neo4j) {
        const m = listed('a', 'd', [])[0]!;
        branches.push(`${m} AND COUNT { (a)--() } <= $cap MATCH (a)${arrow(out)}(b) ${edgeColumns(out)}`);
        branches.push(`${m} AND COUNT { (a)--() } > $cap MATCH (a)${arrow(out)}() ${countColumns(out)}`);
      } else for (const m of listed('a', 'd', lists.degreeLabels, `${arrow(out)}()`)) branches.push(`${m} ${countColumns(out)}`);
    }
    if (read.weights && read.sums && !neo4j) for (const m of listed('a', 's', lists.sumLabels, `${arrow(out)}()`)) branches.push(`${m} ${sumColumns(out)}`);
    if (read.weights && neo4j) {
      // The neighbours of the nodes read whole here (pushed, or small with their degree asked).
      const whole = [...(read.edges ? ['MATCH (p) WHERE elementId(p) IN $ids'] : []), ...(read.degrees ? ['MATCH (p) WHERE elementId(p) IN $dids AND COUNT { (p)--() } <= $cap'] : [])];
      for (const from of whole) branches.push(`${from} MATCH (p)--(a) WITH DISTINCT a MATCH (a)${arrow(out)}() ${sumColumns(out)}`);
    }
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
  /** Per node: the store's sum of its edges' weights (`weights`), both directions. */
  private readonly sums = new Map<number, number>();
  /** The walk's edge weights (it hands them with every degree it asks for; the same in every replay). */
  private weights: Float64Array | undefined;

  /** Degrees known without the store (the memo: per node, for `memoWeights`). */
  private readonly memo = new Map<number, number>();
  private memoWeights: Float64Array | undefined;
  /** Set when the degree source disagreed with edges the store returned (a stale index file): the walk went on without it. */
  staleDegrees = false;

  constructor(
    private readonly index: SearchIndex,
    readonly edges: StoreEdges,
    /** What to read, not what comes out (tests: every way the walk's reads can go gives memory's walk). */
    private readonly reads: { readonly wholeUpTo?: number; readonly weightSums?: boolean } = {},
    /**
     * Every node's weighted degree without a round trip (fileDegrees.ts: the index file's CSR relation
     * ids, or the snapshot's own CSR): the walk then reads only the edges of the nodes it pushes, one
     * statement per layer it spreads. Absent (no index file of this graph version): degrees are
     * bounded by the store's weight sums and counted in the store where the bounds leave a push undecided.
     */
    private degrees?: DegreeSource,
  ) {}

  /** The guidance provider's walk, replayed until it needed nothing the store had not returned. */
  async guide(provider: GuidanceProvider, input: Omit<GuidanceInput, 'graph'>): Promise<GuidanceGraph> {
    let adjacency = await this.edges.edgesOf([], null);
    const forecast = this.degrees ? this.forecast(provider, input, this.degrees) : [];
    if (forecast.length > 0) {
      // The nodes the walk pushes on the index file's graph, read in one statement: on the same graph
      // the replay below needs nothing more (one round trip for the walk instead of one a layer).
      adjacency = await this.edges.edgesOf(forecast, null);
      if (!agrees(this.degrees!, adjacency, forecast)) {
        this.degrees = undefined;
        this.staleDegrees = true;
      }
    }
    /** With exact degrees, a replay resumes where the last one first lacked edges (GuidanceGraphAccess.resume). */
    let resume: { state?: unknown } | undefined = this.degrees ? {} : undefined;
    for (;;) {
      const needEdges = new Set<number>();
      const needDegree = new Set<number>();
      const known = this.degrees;
      if (!known) resume = undefined;
      const result = provider.guide({
        ...input,
        graph: {
          edges: adjacency,
          complete: (u) => this.edges.hasAll(u),
          degree: known ? (u, w) => this.knownDegree(known, u, w) : (u, w) => this.degree(u, w),
          ...(known ? {} : { estimate: (u: number, w: Float64Array) => this.estimate(u, w) }),
          missing: (u, what) => void (what === 'edges' ? needEdges : needDegree).add(u),
          ...(resume ? { resume } : {}),
        },
      });
      const edges = [...needEdges].filter((u) => !this.edges.hasAll(u));
      const degrees = [...needDegree].filter((u) => !this.edges.hasAll(u) && !this.counts.has(u) && !needEdges.has(u));
      if (edges.length === 0 && degrees.length === 0) return result;
      // Degrees known: only edges, read as every walk's levels are (levelStatement: the ids in buckets above 48, a few by key).
      adjacency = known ? await this.edges.edgesOf(edges, null) : await this.readRound(edges, degrees);
      if (known && !agrees(known, adjacency, edges)) {
        // The index file is not this graph's (changed since the fingerprint was read): the walk starts
        // again from what the store returned, its degrees bounded and counted in the store.
        this.degrees = undefined;
        this.staleDegrees = true;
      }
    }
  }

  /**
   * The nodes the walk pushes on the graph the index file lists (its CSR's other ends and relation
   * ids, `DegreeSource.edges`): the walk once, each push spreading along the pushed node's lists read
   * from the file (no round trip). Only a choice of what to read: the walk that counts runs on the
   * store's edges afterwards, so a file that lists other edges costs reads, never another result.
   * None without the file's other ends.
   */
  private forecast(provider: GuidanceProvider, input: Omit<GuidanceInput, 'graph'>, source: DegreeSource): number[] {
    const edgesOf = source.edges;
    if (!edgesOf) return [];
    const pushed = new Set<number>();
    const none = new Uint32Array(1);
    provider.guide({
      ...input,
      graph: {
        // No arrays: every push spreads along the node's lists from the file (`lists`), every degree is the file's.
        edges: { outOffsets: none, outTargets: none, outRels: new Uint16Array(0), inOffsets: none, inSources: none, inRels: new Uint16Array(0) },
        complete: () => false,
        degree: (u, w) => this.knownDegree(source, u, w),
        missing: () => {},
        lists: (u) => edgesOf(u),
        pushed: (u) => void pushed.add(u),
      },
    });
    return [...pushed];
  }

  /** A node's degree from the degree source, summed once per node for the walk's weights. */
  private knownDegree(source: DegreeSource, u: number, w: Float64Array): number {
    if (this.memoWeights !== w) {
      if (this.memoWeights === undefined || !sameWeights(this.memoWeights, w)) this.memo.clear();
      this.memoWeights = w;
    }
    let s = this.memo.get(u);
    if (s === undefined) this.memo.set(u, (s = source.degree(u, w)));
    return s;
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
    const lists = this.degrees?.edges;
    if (lists) {
      // Forecast: every level's images on the index file's graph, read in one statement (every type a
      // step at any level follows); the levels below then find them read. Only a choice of what to
      // read: the levels still walk the store's edges and read what the forecast missed.
      const seen: Set<number>[] = Array.from({ length: P }, () => new Set<number>());
      for (const a of anchors) seen[anchor]!.add(a);
      const need = new Set<number>();
      const all = new Uint8Array(R);
      for (let level = 0; level <= maxDepth; level++) {
        steps.forEach((s, i) => {
          if (depth[s.from] !== level) return;
          for (let r = 0; r < R; r++) if (types[i]![r] === 1) all[r] = 1;
          const mask = labels[s.to] ?? null;
          for (const u of seen[s.from]!) {
            need.add(u);
            if (s.closing) continue;
            const e = lists(u);
            const take = (others: Uint32Array, rels: Uint16Array): void => {
              for (let j = 0; j < others.length; j++) {
                const v = others[j]!;
                if (types[i]![rels[j]!] === 1 && v < nodeLabel.length && (mask === null || mask[nodeLabel[v]!] === 1)) seen[s.to]!.add(v);
              }
            };
            take(e.outTargets, e.outRels);
            take(e.inSources, e.inRels);
          }
        });
      }
      if (need.size > 0) adjacency = await this.edges.edgesOf(need, all);
    }
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

  /** The store's weight sum, when it was summed with these weights. */
  private estimate(u: number, w: Float64Array): number | undefined {
    const s = this.sums.get(u);
    return s !== undefined && this.weights !== undefined && sameWeights(this.weights, w) ? s : undefined;
  }

  /** The weighted degree from the counts, summed as the walk sums the snapshot's edges: out then in, by relation id. */
  private degree(u: number, w: Float64Array): number | undefined {
    if (this.weights === undefined || !sameWeights(this.weights, w)) {
      // Sums read with other weights (a walk with other settings on this store) bound nothing now.
      this.weights = Float64Array.from(w);
      this.sums.clear();
    }
    const c = this.counts.get(u);
    if (!c) return undefined;
    let s = 0;
    for (let x = 0; x < c.length; x += 3) for (let k = 0; k < c[x + 2]!; k++) s += w[c[x + 1]!]!;
    return s;
  }

  /** One replay round's reads in one statement (guidanceStatement): the edges, the degrees, the weight sums. */
  private async readRound(edges: readonly number[], needDegree: readonly number[]): Promise<Adjacency> {
    const d = this.index.data;
    const dialect = this.edges.dialect;
    const neo4j = dialect === 'neo4j';
    // With degrees known, no weight sums are read (Neo4j's neighbour sums included).
    const w = this.reads.weightSums === false || this.degrees ? undefined : this.weights;
    // Embedded: a node with no weight sum yet has it read (bounds, one row a direction); one whose
    // sum left it undecided has its counts read (the exact degree). Neo4j: sums come with the
    // neighbours of what is read whole, so a degree asked is read (whole or counted).
    const sums = !neo4j && w ? needDegree.filter((v) => !this.sums.has(v)) : [];
    const degrees = !neo4j && w ? needDegree.filter((v) => this.sums.has(v)) : needDegree;
    const frontier = (nodes: readonly number[]) => expansionParams(dialect, nodes.map((v) => ({ id: d.nodeIds.get(v), label: d.labelNames[d.nodeLabel[v]!] ?? '' })));
    const e = frontier(edges);
    const g = frontier(degrees);
    const m = frontier(sums);
    // Only the parameters the statement uses (the embedded engine refuses others).
    const params: Record<string, CypherValue> = edges.length > 0 || neo4j ? { ...e.params } : {};
    if (neo4j) {
      if (degrees.length > 0) params['dids'] = g.params['ids']!;
      params['cap'] = this.reads.wholeUpTo ?? WHOLE_UP_TO;
      if (w) d.relationNames.forEach((t, r) => ((params[`t${r}`] = t), (params[`w${r}`] = w[r]!)));
    } else {
      g.labels.forEach((_, i) => (params[`d${i}`] = g.params[`o${i}`]!));
      m.labels.forEach((_, i) => (params[`s${i}`] = m.params[`o${i}`]!));
    }
    const statement = guidanceStatement(
      dialect,
      { edgeLabels: e.labels, degreeLabels: g.labels, sumLabels: m.labels },
      { edges: edges.length > 0, degrees: degrees.length > 0, sums: sums.length > 0, ...(w ? { weights: { types: d.relationNames, w } } : {}) },
    );
    const rows = await this.edges.io.read(statement, params);
    // A node listed with no row has no edge that way: its sum 0, its counts none.
    for (const v of sums) this.sums.set(v, 0);
    if (!neo4j) for (const v of degrees) this.counts.set(v, []);
    const edgeRows: Record<string, unknown>[] = [];
    const counted = new Set<number>(neo4j ? [] : degrees);
    /** Weight sums taken (node, direction): a node next to two nodes read comes back from each one's branch. */
    const summed = new Map<number, number>();
    for (const r of rows) {
      const o = Number(r['o']);
      if (o === 0 || o === 1) {
        edgeRows.push(r);
        continue;
      }
      const v = this.index.nodeIndexOf(String(r['a']));
      if (v === undefined) continue;
      if (o >= 4) {
        const dir = o === 5 ? 1 : 2;
        const had = summed.get(v) ?? 0;
        if ((had & dir) !== 0) continue;
        summed.set(v, had | dir);
        this.sums.set(v, (had === 0 ? 0 : this.sums.get(v)!) + Number(r['ro']));
        continue;
      }
      const rel = this.index.relationId(String(r['t']));
      if (rel < 0) continue;
      if (!counted.has(v)) {
        counted.add(v);
        this.counts.set(v, []);
      }
      this.counts.get(v)!.push(o === 3 ? 1 : 0, rel, Number(r['ro']));
    }
    for (const v of counted) {
      const c = this.counts.get(v)!;
      const triples = Array.from({ length: c.length / 3 }, (_, i) => [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!] as const);
      // Out before in, then by relation id: the order the snapshot's CSR holds a node's edges in.
      triples.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
      this.counts.set(v, triples.flat());
    }
    // Read whole: the pushed nodes, and the others but those counted (a node with no edge has no row: complete, degree 0).
    return this.edges.absorb(edgeRows, [...edges, ...degrees.filter((v) => !counted.has(v))]);
  }
}

/** Do the nodes just read whole hold, in the store, the relation ids the degree source has for them (the same order)? */
function agrees(source: DegreeSource, d: Adjacency, nodes: readonly number[]): boolean {
  for (const u of nodes) {
    const r = source.relations(u);
    const out = d.outOffsets[u + 1]! - d.outOffsets[u]!;
    const inn = d.inOffsets[u + 1]! - d.inOffsets[u]!;
    if (out !== r.out.length || inn !== r.in.length) return false;
    for (let j = 0; j < out; j++) if (d.outRels[d.outOffsets[u]! + j] !== r.out[j]) return false;
    for (let j = 0; j < inn; j++) if (d.inRels[d.inOffsets[u]! + j] !== r.in[j]) return false;
  }
  return true;
}

function sameWeights(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
