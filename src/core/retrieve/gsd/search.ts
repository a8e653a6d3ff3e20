import type { MatchSemantics } from '../../plan/planningGraph';
import type { GraphSnapshot } from '../snapshot/snapshot';
import type { GsdProblem } from './problem';

/**
 * SimGRAG Algorithm 1 (top-k subgraphs by GSD) with the §5.2 optimisation:
 * - start at the pattern node with the fewest candidates, triples in DFS order from it (pattern
 *   neighbours in descending pattern degree, as the authors' code does);
 * - matching is undirected (both CSR directions). The match semantics say which pattern nodes may
 *   share an image: `injective` (none: SimGRAG's subgraph isomorphism), `anchors-distinct`
 *   (unknowns may share one with each other, never with a known node), `homomorphic` (any, except
 *   a target and a known node: an answer is never the entity the pattern names). Each is one
 *   precomputed "must differ" list per pattern node. One stored edge may serve two pattern edges
 *   whenever their endpoints' images allow it (GSD scores relation types, not edge identities);
 * - injective only: a new node's image needs at least as many incident edges as the pattern node
 *   has distinct neighbours (a necessary condition, so exactness is kept; it ends a star of 13
 *   unknowns around a film of 10 edges at once);
 * - iterative (an explicit stack: a 10 000-node chain cannot overflow the call stack), with a
 *   time and an expansion budget: when either runs out the search stops and says so, keeping the
 *   subgraphs found so far;
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
  /** Default 'injective' here (the bare search); retrieveGsd passes the plan's semantics. */
  readonly match?: MatchSemantics;
  /** Stop after this many expansions (default: no limit). */
  readonly maxExpansions?: number;
  /** Stop after this many milliseconds of search (default: no limit). */
  readonly budgetMs?: number;
  /**
   * Count instead of keep (why-not's rank of a subgraph of GSD `gsd`): the subgraphs with GSD
   * < gsd − eps (`less`) and ≤ gsd + eps (`leq`), each up to `cap`, under the fixed bound
   * gsd + eps (then gsd − eps once leq reaches cap). These are the counts a top-k search with
   * k = cap gives (its values are exhaustive mode's), in one search; `k` is ignored.
   */
  readonly count?: { readonly gsd: number; readonly eps: number; readonly cap: number };
}

export interface SearchOutcome {
  readonly matches: readonly GsdMatch[];
  readonly stats: SearchStats;
  readonly order: readonly SearchStep[];
  /** Why the search stopped early, if it did: the matches are the best found until then. */
  readonly exhausted?: 'time' | 'expansions';
  /** Milliseconds the search ran. */
  readonly elapsedMs: number;
  /** Count mode: the counts (capped), or absent when a budget ran out first. */
  readonly counted?: { readonly less: number; readonly leq: number };
}

export type SearchStep = { readonly kind: 'root'; readonly node: number } | { readonly kind: 'edge'; readonly edge: number; readonly from: number; readonly to: number; readonly introduces: boolean };

/** Start node, then triples in DFS order (Algorithm 1 lines 1–2); an explicit stack, not recursion. */
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
  const other = (q: number, u: number): number => {
    const e = problem.edges[q];
    return e.source === u ? e.target : e.source;
  };
  const sortedIncident = (u: number): number[] => [...incident[u]].sort((a, b) => degree[other(b, u)] - degree[other(a, u)] || a - b);
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
    // Frames (node, its sorted incident edges, next position): the recursive DFS, unrolled.
    const stack: { u: number; order: number[]; at: number }[] = [{ u: best, order: sortedIncident(best), at: 0 }];
    while (stack.length > 0) {
      const f = stack[stack.length - 1];
      if (f.at >= f.order.length) {
        stack.pop();
        continue;
      }
      const q = f.order[f.at++];
      if (listed[q]) continue;
      listed[q] = 1;
      const v = other(q, f.u);
      const introduces = !visited[v];
      steps.push({ kind: 'edge', edge: q, from: f.u, to: v, introduces });
      if (introduces) {
        visited[v] = 1;
        stack.push({ u: v, order: sortedIncident(v), at: 0 });
      }
    }
  }
  return steps;
}

/** Whether pattern nodes a and b must have different images under the semantics. */
export function mustDiffer(match: MatchSemantics, a: { readonly known: boolean; readonly target: boolean }, b: { readonly known: boolean; readonly target: boolean }): boolean {
  if (match === 'injective') return true;
  if (match === 'anchors-distinct') return a.known || b.known;
  return (a.target && b.known) || (a.known && b.target);
}

/**
 * How often the clock is read, in units of work (an expansion, or an adjacency entry scanned):
 * performance.now() costs about as much as 20 expansions; a step next to a node of 5 000 edges
 * is 5 000 units, so a few hub nodes cannot hide a minute between two reads.
 */
const CLOCK_EVERY = 16384;

export function searchTopK(snap: GraphSnapshot, problem: GsdProblem, options: SearchOptions): SearchOutcome {
  const started = performance.now();
  const order = searchOrder(problem);
  const P = problem.nodes.length;
  const Q = problem.edges.length;
  const S = order.length;
  const k = Math.max(1, options.k);
  const exhaustive = options.exhaustive === true;
  const maxExpansions = options.maxExpansions ?? Number.MAX_SAFE_INTEGER;
  const deadline = options.budgetMs !== undefined ? started + options.budgetMs : Infinity;
  const match: MatchSemantics = options.match ?? 'injective';
  const stats: SearchStats = { expansions: 0, pruned: 0, candidatesExamined: 0, complete: 0 };
  if (S === 0 || problem.nodes.some((n) => n.count === 0) || problem.edges.some((e) => e.rels.length === 0)) {
    return { matches: [], stats, order, ...(options.count ? { counted: { less: 0, leq: 0 } } : {}), elapsedMs: performance.now() - started };
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
  const knownNode = new Uint8Array(P);
  problem.nodes.forEach((n, p) => (knownNode[p] = n.known ? 1 : 0));
  // Whose candidates are an explicit list (`nodes`, `dists`, `rankOf`): known and pinned nodes.
  const hasList = new Uint8Array(P);
  problem.nodes.forEach((n, p) => (hasList[p] = n.known || n.pinned === true ? 1 : 0));
  const rankOf = problem.nodes.map((n) => n.rankOf);
  const nodeDists = problem.nodes.map((n) => n.dists);
  const relDist = problem.edges.map((e) => e.relDist);
  // Allowed labels per pattern node as a bitmap over label ids (null = every label).
  const allowed = problem.nodes.map((n) => {
    if (n.labels === null) return null;
    const bits = new Uint8Array(snap.data.labelNames.length);
    for (const l of n.labels) bits[l] = 1;
    return bits;
  });

  // Injective only: distinct pattern neighbours per node (the degree filter's bound).
  const needDegree = new Int32Array(P);
  if (match === 'injective') {
    const nb: Set<number>[] = Array.from({ length: P }, () => new Set<number>());
    for (const e of problem.edges) {
      if (e.source === e.target) continue;
      nb[e.source].add(e.target);
      nb[e.target].add(e.source);
    }
    nb.forEach((s, p) => (needDegree[p] = s.size));
  }
  const degreeOk = (p: number, g: number): boolean => needDegree[p] === 0 || outOffsets[g + 1] - outOffsets[g] + inOffsets[g + 1] - inOffsets[g] >= needDegree[p];

  // Current partial mapping.
  const map = new Int32Array(P).fill(-1);
  const rel = new Int32Array(Q).fill(-1);
  const edgeSource = new Int32Array(Q).fill(-1);
  const nodeCost = new Float64Array(P);
  const edgeCost = new Float64Array(Q);

  // Candidate arena: step i's candidates occupy [base[i], base[i] + cnt[i]); base[i + 1] follows.
  // Grows on demand (sized by what the current path holds, not steps × max degree).
  let arena = arenaFor(snap, 1024);
  const base = new Int32Array(S + 1);
  const cnt = new Int32Array(S);
  const pos = new Int32Array(S);
  const entry = new Float64Array(S);

  // Result queue: k slots kept sorted by GSD (ties: first found first).
  const res: GsdMatch[] = [];
  const count = options.count;
  let less = 0;
  let leq = 0;
  let counted = false;
  // Count mode's bound: a subgraph's lower bound B and its GSD are sums of the same floats in other
  // orders, so the slack keeps every subgraph within gsd ± eps (1e-9 ≫ their rounding error).
  const COUNT_SLACK = 1e-7;
  const kth = (): number => (count ? (leq < count.cap ? count.gsd + count.eps + COUNT_SLACK : count.gsd - count.eps + COUNT_SLACK) : res.length < k ? Infinity : res[k - 1].gsd);

  // Distinctness in O(1) per candidate, whatever the pattern size: per graph node, how many
  // pattern nodes (all / known / targets) are mapped onto it now. A pattern node's rule reads the
  // counter of the kinds it must differ from (mustDiffer, as kinds):
  // injective: all; anchors-distinct: known → all, unknown → known; homomorphic: known → target,
  // target → known (a known target → both); others: none.
  const counters = countersFor(snap);
  const { all: usedAll, known: usedKnown, target: usedTarget } = counters;
  const rule = new Uint8Array(P); // bit 1: all, 2: known, 4: target
  problem.nodes.forEach((n, p) => {
    if (match === 'injective') rule[p] = 1;
    else if (match === 'anchors-distinct') rule[p] = n.known ? 1 : 2;
    else rule[p] = (n.known ? 4 : 0) | (n.target ? 2 : 0);
  });
  const isKnown = knownNode;
  const isTarget = Uint8Array.from(problem.nodes, (n) => (n.target ? 1 : 0));
  /** Would mapping pattern node p onto g give it the image of a node it must differ from? */
  const clashes = (p: number, g: number): boolean => {
    const r = rule[p];
    if (r === 0) return false;
    if (r & 1) return usedAll[g] > 0;
    // Self is never mapped yet when checked, so the counters only hold other nodes.
    return ((r & 2) !== 0 && usedKnown[g] > 0) || ((r & 4) !== 0 && usedTarget[g] > 0);
  };
  const place = (p: number, g: number): void => {
    map[p] = g;
    usedAll[g]++;
    if (isKnown[p]) usedKnown[g]++;
    if (isTarget[p]) usedTarget[g]++;
  };
  const unplace = (p: number): void => {
    const g = map[p];
    if (g < 0) return;
    usedAll[g]--;
    if (isKnown[p]) usedKnown[g]--;
    if (isTarget[p]) usedTarget[g]--;
    map[p] = -1;
  };
  const labelOk = (p: number, g: number): boolean => {
    const a = allowed[p];
    return a === null || a[nodeLabel[g]] === 1;
  };

  const pushResult = (): void => {
    stats.complete++;
    let gsd = 0;
    for (let p = 0; p < P; p++) gsd += nodeCost[p];
    for (let q = 0; q < Q; q++) gsd += edgeCost[q];
    if (count) {
      if (gsd <= count.gsd + count.eps && leq < count.cap) leq++;
      if (gsd < count.gsd - count.eps) less++;
      counted = less >= count.cap;
      return;
    }
    if (res.length === k && !(gsd < res[k - 1].gsd)) return;
    const slot = res.length === k ? res.pop()! : { gsd: 0, nodes: new Int32Array(P), rels: new Int32Array(Q), edgeSource: new Int32Array(Q), nodeCost: new Float64Array(P), edgeCost: new Float64Array(Q) };
    const m = slot as { gsd: number } & GsdMatch;
    m.gsd = gsd;
    m.nodes.set(map);
    m.rels.set(rel);
    m.edgeSource.set(edgeSource);
    m.nodeCost.set(nodeCost);
    m.edgeCost.set(edgeCost);
    let at = res.length;
    res.push(m);
    while (at > 0 && res[at - 1].gsd > gsd) {
      res[at] = res[at - 1];
      at--;
    }
    res[at] = m;
  };

  let work = 0; // expansions + adjacency entries scanned: what the clock is read against
  /** Fills step i's candidate list (edge steps only; roots read their candidate lists directly). */
  const open = (i: number, cost: number): void => {
    entry[i] = cost;
    pos[i] = 0;
    const b0 = base[i];
    if (stepKind[i] === 0) {
      const cand = problem.nodes[stepNode[i]];
      cnt[i] = hasList[stepNode[i]] === 1 ? cand.nodes.length : cand.labels === null ? snap.nodeCount : cand.members!.length;
      base[i + 1] = b0;
      return;
    }
    const q = stepEdge[i];
    const a = stepFrom[i];
    const b = stepNode[i];
    const hg = map[a];
    const rd = relDist[q];
    const isNew = stepNew[i] === 1;
    const want = isNew ? -1 : map[b];
    const known = hasList[b] === 1;
    const ro = rankOf[b];
    const nd = nodeDists[b];
    const degree = outOffsets[hg + 1] - outOffsets[hg] + inOffsets[hg + 1] - inOffsets[hg];
    work += degree;
    if (b0 + degree > arena.node.length) arena = growArena(snap, arena, b0 + degree);
    const { node: bufNode, rel: bufRel, out: bufOut, nodeCost: bufNodeCost, cost: bufCost, order: bufOrder } = arena;
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
          if (clashes(b, t) || !degreeOk(b, t)) continue;
        }
        const at = b0 + n;
        bufNode[at] = t;
        bufRel[at] = r;
        bufOut[at] = dir;
        bufNodeCost[at] = nc;
        bufCost[at] = rc + nc;
        bufOrder[at] = at;
        n++;
      }
    }
    cnt[i] = n;
    base[i + 1] = b0 + n;
    stats.candidatesExamined += n;
    if (!exhaustive && n > 1) sortByCost(bufOrder, bufCost, b0, b0 + n);
  };

  /** Undoes step i's current assignment. */
  const undo = (i: number): void => {
    const p = stepNode[i];
    if (stepNew[i]) {
      unplace(p);
      nodeCost[p] = 0;
    }
    if (stepKind[i] === 1) {
      const q = stepEdge[i];
      rel[q] = -1;
      edgeCost[q] = 0;
    }
  };

  /**
   * Assigns step i's next viable candidate; false when none is left (or the bound cuts the rest).
   * Returns the cost after the assignment through `cost[i + 1]`-like `entry` of the next step.
   */
  let nextCost = 0;
  const advance = (i: number): boolean => {
    const rest = remain[i + 1];
    const cost = entry[i];
    const n = cnt[i];
    if (stepKind[i] === 0) {
      const p = stepNode[i];
      const cand = problem.nodes[p];
      while (pos[i] < n) {
        const x = pos[i]++;
        const g = hasList[p] === 1 ? cand.nodes[x] : cand.labels === null ? x : cand.members![x];
        const d = hasList[p] === 1 ? cand.dists[x] : 0;
        if (!exhaustive && cost + d + rest >= kth()) {
          stats.pruned += n - x;
          pos[i] = n;
          return false;
        }
        if (clashes(p, g) || !degreeOk(p, g)) continue;
        stats.candidatesExamined++;
        place(p, g);
        nodeCost[p] = d;
        nextCost = cost + d;
        return true;
      }
      return false;
    }
    if (pos[i] >= n) return false;
    const x = pos[i]++;
    const at = arena.order[base[i] + x];
    const c = arena.cost[at];
    if (!exhaustive && cost + c + rest >= kth()) {
      stats.pruned += n - x;
      pos[i] = n;
      return false;
    }
    const q = stepEdge[i];
    const b = stepNode[i];
    rel[q] = arena.rel[at];
    edgeSource[q] = arena.out[at] === 1 ? stepFrom[i] : b;
    edgeCost[q] = c - arena.nodeCost[at];
    if (stepNew[i] === 1) {
      place(b, arena.node[at]);
      nodeCost[b] = arena.nodeCost[at];
    }
    nextCost = cost + c;
    return true;
  };

  let exhausted: 'time' | 'expansions' | undefined;
  const assigned = new Uint8Array(S);
  let depth = 0;
  let nextClock = CLOCK_EVERY;
  try {
    open(0, 0);
    while (depth >= 0) {
      if (assigned[depth] === 1) {
        undo(depth);
        assigned[depth] = 0;
      }
      if (!advance(depth)) {
        depth--;
        continue;
      }
      assigned[depth] = 1;
      const e = ++stats.expansions;
      if (e > maxExpansions) {
        exhausted = 'expansions';
        break;
      }
      if (++work >= nextClock) {
        nextClock = work + CLOCK_EVERY;
        if (performance.now() > deadline) {
          exhausted = 'time';
          break;
        }
      }
      if (depth + 1 === S) {
        pushResult();
        if (counted) break;
        continue;
      }
      depth++;
      open(depth, nextCost);
    }
  } finally {
    // Leave the shared counters at zero for the next search.
    for (let p = 0; p < P; p++) unplace(p);
  }
  return { matches: res, stats, order, ...(exhausted ? { exhausted } : {}), ...(count && !exhausted ? { counted: { less, leq } } : {}), elapsedMs: performance.now() - started };
}

interface UseCounters {
  readonly all: Int32Array;
  readonly known: Int32Array;
  readonly target: Int32Array;
}

const useCounters = new WeakMap<GraphSnapshot, UseCounters>();

/** Per graph node use counts, all zero between searches (each search undoes its own). */
function countersFor(snap: GraphSnapshot): UseCounters {
  let c = useCounters.get(snap);
  if (!c) {
    c = { all: new Int32Array(snap.nodeCount), known: new Int32Array(snap.nodeCount), target: new Int32Array(snap.nodeCount) };
    useCounters.set(snap, c);
  }
  return c;
}

interface SearchArena {
  readonly node: Int32Array;
  readonly rel: Int32Array;
  readonly out: Uint8Array;
  readonly nodeCost: Float64Array;
  readonly cost: Float64Array;
  readonly order: Int32Array;
}

// Reused across searches on the same snapshot (the search is synchronous, so one is enough).
const arenas = new WeakMap<GraphSnapshot, SearchArena>();

function arenaFor(snap: GraphSnapshot, size: number): SearchArena {
  const have = arenas.get(snap);
  if (have && have.node.length >= size) return have;
  return growArena(snap, have, size);
}

/** A larger arena holding the old one's contents (positions stay valid). */
function growArena(snap: GraphSnapshot, old: SearchArena | undefined, need: number): SearchArena {
  let size = Math.max(1024, old?.node.length ?? 0);
  while (size < need) size *= 2;
  const a: SearchArena = { node: new Int32Array(size), rel: new Int32Array(size), out: new Uint8Array(size), nodeCost: new Float64Array(size), cost: new Float64Array(size), order: new Int32Array(size) };
  if (old) {
    a.node.set(old.node);
    a.rel.set(old.rel);
    a.out.set(old.out);
    a.nodeCost.set(old.nodeCost);
    a.cost.set(old.cost);
    a.order.set(old.order);
  }
  arenas.set(snap, a);
  return a;
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
