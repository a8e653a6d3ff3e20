import type { NamedSwap } from '../../contracts/whyNot';
import type { Embedder } from '../embed/embedder';
import type { PlanningGraph } from '../plan/planningGraph';
import { buildProblem, type GsdProblem } from '../retrieve/gsd/problem';
import type { RelationAliases } from '../retrieve/relations';
import type { RetrievalResult } from '../retrieve/result';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { normalizeAnswer } from '../testing/evaluate';
import { nodeOf } from './names';

/** Distances closer than this are ties (the same as the gsd analysis). */
const EPS = 1e-9;

/**
 * A named node's own match: the graph node(s) its text matches best (every candidate at the best
 * distance, so a name several nodes share keeps them all). Keyed by pattern node index.
 */
export interface OwnMatch {
  readonly p: number;
  readonly variable: string;
  readonly term: string;
  readonly nodes: readonly number[];
}

/**
 * The own match of every named node of a built problem (its candidates are ranked nearest first).
 * A name the graph probably lacks (the problem's notFound: its best candidate is far) has none:
 * any node it maps to is a guess, and correcting it is not a swap.
 */
export function ownMatchesOf(problem: GsdProblem): OwnMatch[] {
  const out: OwnMatch[] = [];
  const lacking = new Set(problem.notFound.map((f) => f.variable));
  problem.nodes.forEach((n, p) => {
    if (!n.known || n.count === 0 || lacking.has(n.variable)) return;
    const nodes: number[] = [];
    for (let i = 0; i < n.count && n.dists[i]! <= n.minDist + EPS; i++) nodes.push(n.nodes[i]!);
    out.push({ p, variable: n.variable, term: n.patternText ?? '', nodes });
  });
  return out;
}

/** The own matches of a plan's named nodes, resolved as the gsd strategy resolves them. */
export async function ownMatches(plan: PlanningGraph, snap: SearchIndex, embedder: Embedder, relationAliases: RelationAliases | undefined, signal?: AbortSignal): Promise<OwnMatch[]> {
  const problem = await buildProblem(plan, snap, embedder, { nodeCandidates: 16, relationCandidates: 1, ...(relationAliases ? { relationAliases } : {}) }, signal);
  return ownMatchesOf(problem);
}

/** The problem with every named node held to its own match (nothing may be swapped). */
export function keepNamed(problem: GsdProblem, own: readonly OwnMatch[]): GsdProblem {
  const held = new Map(own.map((o) => [o.p, new Set(o.nodes)] as const));
  const nodes = problem.nodes.map((n, p) => {
    const keep = held.get(p);
    if (!keep) return n;
    const idx: number[] = [];
    for (let i = 0; i < n.count; i++) if (keep.has(n.nodes[i]!)) idx.push(i);
    return {
      ...n,
      nodes: Int32Array.from(idx, (i) => n.nodes[i]!),
      dists: Float64Array.from(idx, (i) => n.dists[i]!),
      rankOf: new Map(idx.map((i, r) => [n.nodes[i]!, r] as const)),
      count: idx.length,
      minDist: idx.length > 0 ? n.dists[idx[0]!]! : Infinity,
    };
  });
  return { ...problem, nodes };
}

/** The named nodes a match (graph node per pattern node) maps elsewhere than their own match. */
export function swapsOf(snap: SearchIndex, problem: GsdProblem, own: readonly OwnMatch[], mapped: ArrayLike<number>): NamedSwap[] {
  const out: NamedSwap[] = [];
  for (const o of own) {
    const g = mapped[o.p]!;
    if (o.nodes.includes(g)) continue;
    const n = problem.nodes[o.p]!;
    const r = n.rankOf.get(g);
    out.push({ variable: o.variable, term: o.term, own: nodeOf(snap, o.nodes[0]!), became: nodeOf(snap, g), ...(r !== undefined ? { candidateRank: r + 1, distance: n.dists[r]! } : {}) });
  }
  return out;
}

/** `(vow) "The Vow" became "Beat the Devil" (candidate 5, distance 1.321)`, joined. */
export function swapsText(swaps: readonly NamedSwap[]): string {
  return swaps
    .map((s) => `(${s.variable}) "${s.term}" became "${s.became.name}" instead of its own match "${s.own.name}"${s.candidateRank !== undefined ? ` (candidate ${s.candidateRank}${s.distance !== undefined ? `, distance ${s.distance.toFixed(3)}` : ''})` : ''}`)
    .join('; ');
}

/**
 * Does a result return `expected` through the named nodes' own matches? Reads what each strategy
 * records of how an answer was reached: the subgraphs' mappings (gsd, cypher, stem), the kept
 * trajectory's seed (mor), the seed a kept candidate was reached from (sage: only `same`).
 * - `same`: some route reaches it with every named node on its own match;
 * - `swapped`: every route recorded swaps a named node (the first route's swaps);
 * - `unknown`: the result records no route to it.
 */
export function throughNamed(
  result: RetrievalResult,
  expected: string,
  target: string | undefined,
  own: readonly OwnMatch[],
  snap: SearchIndex,
): { kind: 'same' } | { kind: 'swapped'; swaps: NamedSwap[] } | { kind: 'unknown' } {
  if (own.length === 0) return { kind: 'same' };
  const want = normalizeAnswer(expected);
  const ownIds = own.map((o) => ({ o, ids: new Set(o.nodes.map((g) => snap.data.nodeIds.get(g))) }));
  const swap = (o: OwnMatch, nodeId: string): NamedSwap => {
    const g = snap.nodeIndexOf(nodeId);
    return { variable: o.variable, term: o.term, own: nodeOf(snap, o.nodes[0]!), became: g !== undefined ? nodeOf(snap, g) : { nodeId, name: nodeId, label: '' } };
  };
  let first: NamedSwap[] | undefined;
  // Subgraphs: each maps every plan variable.
  for (const s of result.subgraphs) {
    const hit = s.mapping.some((m) => (target === undefined || m.variable === target) && normalizeAnswer(m.name) === want);
    if (!hit) continue;
    const swaps: NamedSwap[] = [];
    for (const { o, ids } of ownIds) {
      const m = s.mapping.find((x) => x.variable === o.variable);
      if (m && !ids.has(m.nodeId)) swaps.push(swap(o, m.nodeId));
    }
    if (swaps.length === 0) return { kind: 'same' };
    first ??= swaps;
  }
  const anyOwn = (nodeId: string) => ownIds.some(({ ids }) => ids.has(nodeId));
  // mor: a candidate keeps its longest trajectory; its first node is the seed it started from.
  for (const t of result.trajectory?.trajectories ?? []) {
    if (normalizeAnswer(t.name) !== want || t.nodes.length === 0) continue;
    const seed = t.nodes[0]!.nodeId;
    if (anyOwn(seed)) return { kind: 'same' };
    first ??= [swap(own[0]!, seed)];
  }
  // sage: the seed each kept candidate was reached from. Its seeds also come from the question's
  // text (hybrid), which names no plan node: another seed is not a swap, only "not through it".
  for (const c of result.sage?.candidates ?? []) if (c.kept && normalizeAnswer(c.name) === want && anyOwn(c.seed)) return { kind: 'same' };
  return first ? { kind: 'swapped', swaps: first } : { kind: 'unknown' };
}
