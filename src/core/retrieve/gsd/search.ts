import type { GraphSnapshot } from '../snapshot/snapshot';
import type { GsdProblem } from './problem';

/**
 * SimGRAG Algorithm 1 (top-k subgraphs by GSD) with the §5.2 optimisation:
 * - start at the pattern node with the fewest candidates, triples in DFS order from it (pattern
 *   neighbours in descending pattern degree, as the authors' code does);
 * - matching is undirected (both CSR directions) and, by default, injective (a KG node images one
 *   pattern node: SimGRAG's subgraph isomorphism). `injective: false` matches a homomorphism (a walk
 *   along paths): pattern nodes may share an image and one stored edge may serve two pattern edges,
 *   except that a target node never shares the image of a known node (an answer is never the
 *   entity the pattern names). Both are one "must differ" list per pattern node (every other
 *   node, or target vs. known only), precomputed;
 * - optimized: candidates of each step expanded in ascending (node + relation) distance, and a
 *   branch is cut when the Eq. 11 lower bound B = Δ_mapped + X + Y reaches the k-th best GSD. X + Y
 *   (minimum candidate distances of the still unmapped nodes and the remaining triples) depends
 *   only on the step, so it is a precomputed suffix sum. Cutting at B ≥ k-th (not only >) skips
 *   subgraphs that tie the k-th: the top-k GSD *values* stay identical to exhaustive mode, which
 *   the property tests check (injective or not: B is a lower bound either way, since it only sums
 *   minimum candidate distances); which of several tied subgraphs is kept may differ.
 * - exhaustive: Algorithm 1 without pruning or ordering — the reference.
 * A disconnected pattern gets a further root step per component (Algorithm 1 applied to each
 * component, joined by the same bound).
 */
export interface GsdMatch {
  readonly gsd: number;
  /** Pattern node index → snapshot node index. */
  readonly nodes: Int32Array;
  /** Pattern edge index → relation id. */
  readonly rels: Int32Array;
  /** Pattern edge index → pattern node index whose image is the stored edge's source. */
  readonly edgeSource: Int32Array;
  readonly nodeCost: Float64Array;
  readonly edgeCost: Float64Array;
}

export interface SearchStats {
  expansions: number;
  pruned: number;
  candidatesExamined: number;
  complete: number;
}

export interface SearchOptions {
  readonly k: number;
  readonly exhaustive?: boolean;
  /**
   * Default true: pattern nodes have distinct images. false: only a target node (NodeCandidates
   * .target) and a known node must have distinct images (a homomorphism otherwise).
   */
  readonly injective?: boolean;
  /** Stop after this many expansions (a safety net for huge unknown-only patterns). */
  readonly maxExpansions?: number;
}

export interface SearchOutcome {
  readonly matches: readonly GsdMatch[];
  readonly stats: SearchStats;
  readonly order: readonly SearchStep[];
  readonly truncated: boolean;
}

export type SearchStep = { readonly kind: 'root'; readonly node: number } | { readonly kind: 'edge'; readonly edge: number; readonly from: number; readonly to: number; readonly introduces: boolean };

/** Start node, then triples in DFS order (Algorithm 1 lines 1–2). */
export function searchOrder(problem: GsdProblem): SearchStep[] {
  const P = problem.nodes.length;
  const incident: number[][] = Array.from({ length: P }, () => []);
  problem.edges.forEach((e, q) => {
    incident[e.source].push(q);
    if (e.target !== e.source) incident[e.target].push(q);
  });
  const degree = incident.map((l) => l.length);
  const visited = new Uint8Array(P);
  const listed = new Uint8Array(problem.edges.length);
  const steps: SearchStep[] = [];
  const visit = (u: number): void => {
    const order = [...incident[u]].sort((a, b) => degree[other(b, u)] - degree[other(a, u)] || a - b);
    for (const q of order) {
      if (listed[q]) continue;
      listed[q] = 1;
      const v = other(q, u);
      const introduces = !visited[v];
      steps.push({ kind: 'edge', edge: q, from: u, to: v, introduces });
      if (introduces) {
        visited[v] = 1;
        visit(v);
      }
    }
  };
  const other = (q: number, u: number): number => {
    const e = problem.edges[q];
    return e.source === u ? e.target : e.source;
  };
  for (;;) {
    let best = -1;
    for (let p = 0; p < P; p++) {
      if (visited[p]) continue;
      const c = problem.nodes[p].count;
      if (best < 0 || c < problem.nodes[best].count || (c === problem.nodes[best].count && problem.nodes[p].known && !problem.nodes[best].known)) best = p;
    }
    if (best < 0) break;
    visited[best] = 1;
    steps.push({ kind: 'root', node: best });
    visit(best);
  }
  return steps;
}

export function searchTopK(snap: GraphSnapshot, problem: GsdProblem, options: SearchOptions): SearchOutcome {
  const order = searchOrder(problem);
  const P = problem.nodes.length;
  const Q = problem.edges.length;
  const S = order.length;
  const k = Math.max(1, options.k);
  const exhaustive = options.exhaustive === true;
  const maxExpansions = options.maxExpansions ?? Number.MAX_SAFE_INTEGER;
  const stats: SearchStats = { expansions: 0, pruned: 0, candidatesExamined: 0, complete: 0 };
  if (S === 0 || problem.nodes.some((n) => n.count === 0) || problem.edges.some((e) => e.rels.length === 0)) {
    return { matches: [], stats, order, truncated: false };
  }

  // Flattened step tables.
  const stepKind = new Uint8Array(S); // 0 root, 1 edge
  const stepNode = new Int32Array(S); // root: node; edge: `to`
  const stepFrom = new Int32Array(S);
  const stepEdge = new Int32Array(S);
  const stepNew = new Uint8Array(S);
  const remain = new Float64Array(S + 1);
  order.forEach((s, i) => {
    if (s.kind === 'root') {
      stepKind[i] = 0;
      stepNode[i] = s.node;
      stepNew[i] = 1;
    } else {
      stepKind[i] = 1;
      stepNode[i] = s.to;
      stepFrom[i] = s.from;
      stepEdge[i] = s.edge;
      stepNew[i] = s.introduces ? 1 : 0;
    }
  });
  for (let i = S - 1; i >= 0; i--) {
    let m = 0;
    if (stepKind[i] === 1) m += problem.edges[stepEdge[i]].minDist;
    if (stepNew[i]) m += problem.nodes[stepNode[i]].minDist;
    remain[i] = remain[i + 1] + m;
  }

  const nodeLabel = snap.data.nodeLabel;
  const { outOffsets, outTargets, outRels, inOffsets, inSources, inRels } = snap.data;
  const labels = new Int32Array(P);
  const knownNode = new Uint8Array(P);
  problem.nodes.forEach((n, p) => {
    labels[p] = n.label;
    knownNode[p] = n.known ? 1 : 0;
  });
  const rankOf = problem.nodes.map((n) => n.rankOf);
  const nodeDists = problem.nodes.map((n) => n.dists);
  const relDist = problem.edges.map((e) => e.relDist);

  // Current partial mapping.
  const map = new Int32Array(P).fill(-1);
  const rel = new Int32Array(Q).fill(-1);
  const edgeSource = new Int32Array(Q).fill(-1);
  const nodeCost = new Float64Array(P);
  const edgeCost = new Float64Array(Q);

  // Per-depth candidate buffers sized to the largest degree, reused across searches on the
  // same snapshot (the search is synchronous, so one set per snapshot is enough).
  const width = Math.max(1, snap.maxDegree());
  const { bufNode, bufRel, bufOut, bufNodeCost, bufCost, bufOrder } = buffersFor(snap, S * width);

  // Result queue: k slots kept sorted by GSD (ties: first found first).
  const res: GsdMatch[] = [];
  const kth = (): number => (res.length < k ? Infinity : res[k - 1].gsd);
  let truncated = false;

  const labelOk = (p: number, g: number): boolean => {
    const l = labels[p];
    return l === -1 || (l >= 0 && nodeLabel[g] === l);
  };
  // The pattern nodes each node's image must differ from, as CSR lists: every other node when
  // injective; otherwise target vs. known nodes only (both ways).
  const injective = options.injective !== false;
  const differStart = new Int32Array(P + 1);
  const differ: number[] = [];
  for (let p = 0; p < P; p++) {
    differStart[p] = differ.length;
    const np = problem.nodes[p];
    for (let o = 0; o < P; o++) {
      if (o === p) continue;
      const no = problem.nodes[o];
      if (injective || (np.target && no.known) || (np.known && no.target)) differ.push(o);
    }
  }
  differStart[P] = differ.length;
  const differList = Int32Array.from(differ);
  /** Would mapping pattern node p onto g give it the image of a node it must differ from? */
  const clashes = (p: number, g: number): boolean => {
    const end = differStart[p + 1];
    for (let x = differStart[p]; x < end; x++) if (map[differList[x]] === g) return true;
    return false;
  };

  const pushResult = (): void => {
    stats.complete++;
    let gsd = 0;
    for (let p = 0; p < P; p++) gsd += nodeCost[p];
    for (let q = 0; q < Q; q++) gsd += edgeCost[q];
    if (res.length === k && !(gsd < res[k - 1].gsd)) return;
    const slot = res.length === k ? res.pop()! : { gsd: 0, nodes: new Int32Array(P), rels: new Int32Array(Q), edgeSource: new Int32Array(Q), nodeCost: new Float64Array(P), edgeCost: new Float64Array(Q) };
    const m = slot as { gsd: number } & GsdMatch;
    m.gsd = gsd;
    m.nodes.set(map);
    m.rels.set(rel);
    m.edgeSource.set(edgeSource);
    m.nodeCost.set(nodeCost);
    m.edgeCost.set(edgeCost);
    let pos = res.length;
    res.push(m);
    while (pos > 0 && res[pos - 1].gsd > gsd) {
      res[pos] = res[pos - 1];
      pos--;
    }
    res[pos] = m;
  };

  const expand = (i: number, cost: number): void => {
    if (truncated) return;
    if (++stats.expansions > maxExpansions) {
      truncated = true;
      return;
    }
    if (i === S) {
      pushResult();
      return;
    }
    if (stepKind[i] === 0) {
      expandRoot(i, cost);
      return;
    }
    const q = stepEdge[i];
    const a = stepFrom[i];
    const b = stepNode[i];
    const hg = map[a];
    const rd = relDist[q];
    const isNew = stepNew[i] === 1;
    const want = isNew ? -1 : map[b];
    const known = knownNode[b] === 1;
    const ro = rankOf[b];
    const nd = nodeDists[b];
    const base = i * width;
    let n = 0;
    // Both directions: direction is ignored when matching (SimGRAG Def. 1).
    for (let dir = 1; dir >= 0; dir--) {
      const offs = dir === 1 ? outOffsets : inOffsets;
      const others = dir === 1 ? outTargets : inSources;
      const rels = dir === 1 ? outRels : inRels;
      const end = offs[hg + 1];
      for (let j = offs[hg]; j < end; j++) {
        const r = rels[j];
        const rc = rd[r];
        if (rc === Infinity) continue;
        const t = others[j];
        let nc = 0;
        if (!isNew) {
          if (t !== want) continue;
        } else {
          if (!labelOk(b, t)) continue;
          if (known) {
            const rank = ro.get(t);
            if (rank === undefined) continue;
            nc = nd[rank];
          }
          if (clashes(b, t)) continue;
        }
        bufNode[base + n] = t;
        bufRel[base + n] = r;
        bufOut[base + n] = dir;
        bufNodeCost[base + n] = nc;
        bufCost[base + n] = rc + nc;
        bufOrder[base + n] = base + n;
        n++;
      }
    }
    stats.candidatesExamined += n;
    if (n === 0) return;
    if (!exhaustive) sortByCost(bufOrder, bufCost, base, base + n);
    const rest = remain[i + 1];
    for (let x = 0; x < n; x++) {
      const at = bufOrder[base + x];
      const c = bufCost[at];
      if (!exhaustive && cost + c + rest >= kth()) {
        stats.pruned += n - x;
        break;
      }
      const t = bufNode[at];
      rel[q] = bufRel[at];
      edgeSource[q] = bufOut[at] === 1 ? a : b;
      edgeCost[q] = c - bufNodeCost[at];
      if (isNew) {
        map[b] = t;
        nodeCost[b] = bufNodeCost[at];
      }
      expand(i + 1, cost + c);
      if (isNew) {
        map[b] = -1;
        nodeCost[b] = 0;
      }
      rel[q] = -1;
      edgeCost[q] = 0;
    }
  };

  const expandRoot = (i: number, cost: number): void => {
    const p = stepNode[i];
    const cand = problem.nodes[p];
    const rest = remain[i + 1];
    if (cand.known) {
      // Ascending distance already (greedy order of start candidates).
      const nodes = cand.nodes;
      const dists = cand.dists;
      for (let x = 0; x < nodes.length; x++) {
        const g = nodes[x];
        const d = dists[x];
        if (!exhaustive && cost + d + rest >= kth()) {
          stats.pruned += nodes.length - x;
          break;
        }
        if (clashes(p, g)) continue;
        stats.candidatesExamined++;
        map[p] = g;
        nodeCost[p] = d;
        expand(i + 1, cost + d);
        map[p] = -1;
        nodeCost[p] = 0;
        if (truncated) return;
      }
      return;
    }
    // Unknown: every node of the category at distance 0.
    const l = labels[p];
    if (l === -2) return;
    const members = l >= 0 ? snap.membersOf(l) : null;
    const count = members ? members.length : snap.nodeCount;
    for (let x = 0; x < count; x++) {
      if (!exhaustive && cost + rest >= kth()) {
        stats.pruned += count - x;
        break;
      }
      const g = members ? members[x] : x;
      if (clashes(p, g)) continue;
      stats.candidatesExamined++;
      map[p] = g;
      nodeCost[p] = 0;
      expand(i + 1, cost);
      map[p] = -1;
      if (truncated) return;
    }
  };

  expand(0, 0);
  return { matches: res, stats, order, truncated };
}

interface SearchBuffers {
  readonly bufNode: Int32Array;
  readonly bufRel: Int32Array;
  readonly bufOut: Uint8Array;
  readonly bufNodeCost: Float64Array;
  readonly bufCost: Float64Array;
  readonly bufOrder: Int32Array;
}

const buffers = new WeakMap<GraphSnapshot, SearchBuffers>();

function buffersFor(snap: GraphSnapshot, size: number): SearchBuffers {
  const have = buffers.get(snap);
  if (have && have.bufNode.length >= size) return have;
  const b: SearchBuffers = {
    bufNode: new Int32Array(size),
    bufRel: new Int32Array(size),
    bufOut: new Uint8Array(size),
    bufNodeCost: new Float64Array(size),
    bufCost: new Float64Array(size),
    bufOrder: new Int32Array(size),
  };
  buffers.set(snap, b);
  return b;
}

/** In-place sort of order[lo..hi) by cost[order[x]] ascending, ties by position (stable-ish). */
function sortByCost(order: Int32Array, cost: Float64Array, lo: number, hi: number): void {
  if (hi - lo <= 24) {
    for (let i = lo + 1; i < hi; i++) {
      const v = order[i];
      const c = cost[v];
      let j = i - 1;
      while (j >= lo && (cost[order[j]] > c || (cost[order[j]] === c && order[j] > v))) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = v;
    }
    return;
  }
  // Quicksort on (cost, index): a total order, so no stability concerns.
  const mid = order[(lo + hi) >>> 1];
  const pc = cost[mid];
  let i = lo;
  let j = hi - 1;
  while (i <= j) {
    while (cost[order[i]] < pc || (cost[order[i]] === pc && order[i] < mid)) i++;
    while (cost[order[j]] > pc || (cost[order[j]] === pc && order[j] > mid)) j--;
    if (i <= j) {
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
      i++;
      j--;
    }
  }
  if (lo < j) sortByCost(order, cost, lo, j + 1);
  if (i < hi - 1) sortByCost(order, cost, i, hi);
}
