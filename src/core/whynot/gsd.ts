import type { CandidateNeed, NamedSwap, WhyNotCause, WhyNotFix } from '../../contracts/whyNot';
import { DEFAULT_STRATEGIES, matchSemanticsOf, type GsdStrategy, type PlanningGraph } from '../plan/planningGraph';
import { buildProblem, type CandidateOptions, type GsdProblem } from '../retrieve/gsd/problem';
import { DEFAULT_BUDGET_MS, DEFAULT_MAX_EXPANSIONS, toSubgraph } from '../retrieve/gsd/retrieve';
import type { GsdMatch, SearchOptions } from '../retrieve/gsd/search';
import type { RetrievalResult } from '../retrieve/result';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { AnalysisGraph } from './graph';
import type { WhyNotContext, WhyNotOptions } from './context';
import { keepNamed, ownMatchesOf, swapsOf, swapsText, type OwnMatch } from './named';
import { nearestNames } from './names';
import { shortestPath } from './paths';
import type { Finding } from './finding';
import { printString } from '../dsl/printer';

/** GSD values closer than this are ties (sums of float distances). */
const EPS = 1e-9;
/** How far the k needed is searched for (subgraphs); beyond it the rank is reported as "> cap". */
const RANK_CAP = 4096;
/** Candidate lists of the widened problem: every node of the labels, up to this many. */
const WIDE_NODES = 200_000;

/**
 * Why a gsd run did not return `ids` (the expected answer's nodes) for a target: the best subgraph
 * giving it, computed by the same search with the target pinned to those nodes, first under the
 * run's own candidate sets (then it ranks below k, ties the k-th, or a budget stopped the search),
 * then with the candidate limits lifted (a named node or phrase matched elsewhere: the rank it
 * needs), then with the categories lifted (a category rules it out); when none has it, the plan's
 * structure cannot reach it and the shortest path that does exist is given.
 */
export async function whyNotGsd(plan: PlanningGraph, ids: readonly number[], result: RetrievalResult, ctx: WhyNotContext, options: WhyNotOptions, graph: AnalysisGraph): Promise<Finding[]> {
  const snap = graph.index;
  const base = plan.strategy.kind === 'gsd' ? plan.strategy : DEFAULT_STRATEGIES.gsd;
  const strategy: GsdStrategy = { ...base, ...(options.k !== undefined ? { k: options.k } : {}), kind: 'gsd' };
  const aliases = options.relationAliases ? { relationAliases: options.relationAliases } : {};
  const candidateOptions = (nodeCandidates: number, relationCandidates: number): CandidateOptions => ({ ...strategy, nodeCandidates, relationCandidates, ...aliases });
  // The analysis' own searches get at least the default budgets: a run stopped by a small budget
  // is explained by searching further than it did.
  const search: Omit<SearchOptions, 'k'> = { match: matchSemanticsOf(strategy), budgetMs: Math.max(strategy.budgetMs ?? 0, DEFAULT_BUDGET_MS), maxExpansions: Math.max(strategy.maxExpansions ?? 0, DEFAULT_MAX_EXPANSIONS) };
  const strict = await buildProblem(plan, snap, ctx.embedder, candidateOptions(strategy.nodeCandidates, strategy.relationCandidates), options.signal);
  // Each named node's own match (its best candidates): a subgraph through another node answers a
  // different question, so the analysis first looks for the answer with every named node held there.
  const own = ownMatchesOf(strict);
  const strictKept = keepNamed(strict, own);
  const R = snap.data.relationNames.length;
  const wideNodes = Math.min(snap.nodeCount, WIDE_NODES);
  let wide: GsdProblem | undefined;
  let wideKept: GsdProblem | undefined;
  let free: { plan: PlanningGraph; problem: GsdProblem; kept: GsdProblem } | undefined;
  const freeProblem = async () => {
    if (!free) {
      const freePlan: PlanningGraph = { ...plan, nodes: plan.nodes.map(({ category: _dropped, ...n }) => n) };
      const problem = await buildProblem(freePlan, snap, ctx.embedder, candidateOptions(wideNodes, R), options.signal);
      free = { plan: freePlan, problem, kept: keepNamed(problem, own) };
    }
    return free;
  };
  const targets = options.variable !== undefined ? [options.variable] : plan.targets;
  const findings: Finding[] = [];
  for (const variable of targets) {
    const p = strict.nodes.findIndex((n) => n.variable === variable);
    if (p < 0) continue;
    const widened = async (w: GsdMatch): Promise<Finding | undefined> => {
      const needs = candidateNeeds(snap, strict, wide!, w, strategy);
      if (needs.length === 0) return undefined;
      // With the limits raised just enough, where its subgraph ranks: the k the fix must also set.
      const raised = { nodeCandidates: Math.max(strategy.nodeCandidates, ...needs.filter((n) => n.parameter === 'nodeCandidates').map((n) => n.rank)), relationCandidates: Math.max(strategy.relationCandidates, ...needs.filter((n) => n.parameter === 'relationCandidates').map((n) => n.rank)) };
      const raisedProblem = await buildProblem(plan, snap, ctx.embedder, candidateOptions(raised.nodeCandidates, raised.relationCandidates), options.signal);
      const inRaised = await best(graph, raisedProblem, p, ids, search);
      const r = inRaised ? await rankOf(graph, raisedProblem, inRaised.gsd, strategy.k, search) : undefined;
      return candidateRank(plan, snap, wide!, w, needs, variable, r ? alsoK(r, strategy.k) : {});
    };
    // Held to the named nodes' own matches: limits lifted, then categories lifted as well.
    const keptWider = async (): Promise<Finding | undefined> => {
      wide ??= await buildProblem(plan, snap, ctx.embedder, candidateOptions(wideNodes, R), options.signal);
      wideKept ??= keepNamed(wide, own);
      const wk = await best(graph, wideKept, p, ids, search);
      const found = wk ? await widened(wk) : undefined;
      if (found) return found;
      if (!plan.nodes.some((n) => n.category !== undefined)) return undefined;
      const f = await freeProblem();
      const fm = await best(graph, f.kept, p, ids, search);
      return fm ? category(plan, snap, strict, f.plan, f.problem, fm, variable, []) : undefined;
    };
    const one = async (): Promise<Finding> => {
      // 1. Under the run's own candidate sets, every named node on its own match.
      const m = await best(graph, strictKept, p, ids, search);
      if (m) return await ranked(plan, graph, strict, m, strategy, result, search, variable);
      // 2. Under the run's candidate sets only by swapping a named node: that is what the run's
      // subgraphs do, so it is the cause; a change that reaches it from the named nodes (limits,
      // categories) is offered as the fix.
      const s = await best(graph, strict, p, ids, search);
      if (s) {
        const finding = await swapped(plan, graph, strict, own, s, ids, strategy, search, variable, options.maxHops ?? 4);
        const kept = await keptWider();
        return kept ? { ...finding, fixes: kept.fixes, summary: `${finding.summary}. From the named node itself: ${kept.summary}` } : finding;
      }
      // 3–4. Limits lifted, then categories lifted, named nodes held.
      const kept = await keptWider();
      if (kept) return kept;
      // 5. Swapped to a candidate beyond the limits (the needs say which node it became).
      const w = await best(graph, wide!, p, ids, search);
      if (w) {
        const found = await widened(w);
        if (found) return found;
      }
      // 6. Categories lifted, with a swap.
      if (plan.nodes.some((n) => n.category !== undefined)) {
        const f = await freeProblem();
        const fm = await best(graph, f.problem, p, ids, search);
        const found = fm ? category(plan, snap, strict, f.plan, f.problem, fm, variable, swapsOf(snap, f.problem, own, fm.nodes)) : undefined;
        if (found) return found;
      }
      // 7. The structure.
      return await unreachable(plan, graph, strict, ids, variable, options.maxHops ?? 4, ctx, options.signal);
    };
    findings.push(await one());
  }
  return findings;
}

/** The best subgraph with pattern node p mapped onto one of `ids` (null: none exists under the problem). */
async function best(graph: AnalysisGraph, problem: GsdProblem, p: number, ids: readonly number[], search: Omit<SearchOptions, 'k'>): Promise<GsdMatch | undefined> {
  const n = problem.nodes[p]!;
  const label = graph.index.data.nodeLabel;
  const allowed = ids.filter((g) => (n.labels === null || n.labels.includes(label[g]!)) && (!n.known || n.rankOf.has(g)));
  if (allowed.length === 0) return undefined;
  const dists = allowed.map((g) => (n.known ? n.dists[n.rankOf.get(g)!]! : 0));
  const order = allowed.map((g, i) => ({ g, d: dists[i]! })).sort((a, b) => a.d - b.d || a.g - b.g);
  const nodes = problem.nodes.map((c, q) =>
    q !== p
      ? c
      : {
          ...c,
          pinned: true,
          nodes: Int32Array.from(order, (o) => o.g),
          dists: Float64Array.from(order, (o) => o.d),
          rankOf: new Map(order.map((o, i) => [o.g, i] as const)),
          count: order.length,
          minDist: order[0]!.d,
        },
  );
  return (await graph.search({ ...problem, nodes }, { ...search, k: 1 }))[0];
}

/** Where a subgraph of GSD g ranks under a problem: how many are nearer, and the k sure to include it. */
interface RankOf {
  readonly less: number;
  readonly leq: number;
  /** false: more than RANK_CAP subgraphs are nearer; the k needed is unknown. */
  readonly complete: boolean;
}

async function rankOf(graph: AnalysisGraph, problem: GsdProblem, g: number, k0: number, search: Omit<SearchOptions, 'k'>): Promise<RankOf> {
  // One counting search under the fixed bound g: the loop below stops at the first k whose k-th is
  // past g (then its counts are exact) or at RANK_CAP (then leq = RANK_CAP, less = min(RANK_CAP, the
  // true count)), which are exactly the capped counts; complete iff fewer than RANK_CAP are ≤ g.
  const counted = await graph.count(problem, { ...search, k: 1, count: { gsd: g, eps: EPS, cap: RANK_CAP } });
  if (counted) return { less: counted.less, leq: counted.leq, complete: counted.leq < RANK_CAP };
  // A budget ran out while counting: the searches it replaces, each with its own budget.
  for (let k = Math.max(2, k0 * 2); ; k = Math.min(RANK_CAP, k * 4)) {
    const all = await graph.search(problem, { ...search, k });
    const complete = all.length < k || all[all.length - 1]!.gsd > g + EPS;
    if (complete || k >= RANK_CAP) return { less: all.filter((x) => x.gsd < g - EPS).length, leq: all.filter((x) => x.gsd <= g + EPS).length, complete };
  }
}

/** The k a fix must also set when the answer's subgraph ranks beyond the run's k (empty when it does not). */
function alsoK(r: RankOf, k: number): { also?: { k: number } } {
  return r.complete && r.leq > k ? { also: { k: r.leq } } : {};
}

/** It has a subgraph under the run's candidate sets: ranked below k, tied with the k-th, or a budget stopped the search. */
async function ranked(plan: PlanningGraph, graph: AnalysisGraph, strict: GsdProblem, m: GsdMatch, strategy: GsdStrategy, result: RetrievalResult, search: Omit<SearchOptions, 'k'>, variable: string): Promise<Finding> {
  const snap = graph.index;
  const g = m.gsd;
  const r = await rankOf(graph, strict, g, strategy.k, search);
  const subgraph = toSubgraph(plan, snap, strict, m, r.less + 1);
  const kth = result.subgraphs.length >= strategy.k ? result.subgraphs[strategy.k - 1]!.gsd : Infinity;
  const fixes: WhyNotFix[] = r.complete ? [{ kind: 'set-parameter', strategy: 'gsd', name: 'k', value: r.leq, label: `raise k to ${r.leq}` }] : [];
  if (result.budget && g < kth - EPS) {
    const time = result.budget.exhausted === 'time';
    const cause: WhyNotCause = { kind: 'pruned', bound: time ? 'time-budget' : 'expansion-budget', value: result.budget.limit, detail: `the search stopped at its ${time ? `time budget (${result.budget.limit} ms)` : `expansion budget (${result.budget.limit})`} before reaching its subgraph (GSD ${g.toFixed(3)})`, subgraph };
    const name = time ? 'budgetMs' : 'maxExpansions';
    const value = time ? Math.max(DEFAULT_BUDGET_MS, result.budget.limit * 4) : Math.max(DEFAULT_MAX_EXPANSIONS, result.budget.limit * 4);
    const also = alsoK(r, strategy.k);
    const label = `raise ${name} to ${value}${also.also ? ` and k to ${also.also.k}` : ''}`;
    return { variable, level: 3, cause, fixes: [{ kind: 'set-parameter', strategy: 'gsd', name, value, ...also, label }], summary: `(${variable}) was not reached: ${cause.detail}` };
  }
  const needK = r.complete ? `would need k ≥ ${r.leq}` : `more than ${RANK_CAP} subgraphs are nearer`;
  if (Math.abs(g - kth) <= EPS) {
    const detail = `its best subgraph ties the k-th (GSD ${g.toFixed(3)}); the Eq. 11 bound B ≥ k-th cuts ties, keeping the first found`;
    return { variable, level: 3, cause: { kind: 'pruned', bound: 'gsd-tie', value: g, detail, subgraph }, fixes, summary: `(${variable}) ${detail}: ${needK}` };
  }
  const cause: WhyNotCause = { kind: 'cut-by-k', parameter: 'k', k: strategy.k, rank: r.less + 1, score: g, ...(Number.isFinite(kth) ? { lastReturned: kth } : {}), subgraph };
  return { variable, level: 3, cause, fixes, summary: `(${variable}) cut by k = ${strategy.k}: its best subgraph has GSD ${g.toFixed(3)} (rank ${r.complete ? r.less + 1 : `> ${RANK_CAP}`}${Number.isFinite(kth) ? `; the k-th has ${kth.toFixed(3)}` : ''}); ${needK}` };
}

/**
 * It has a subgraph under the run's candidate sets only by mapping a named node elsewhere than its
 * own match: the named entity does not reach it. Which term, which node it became, and the path
 * that does exist from the own match. No fix: raising k would return it through the swap.
 */
async function swapped(plan: PlanningGraph, graph: AnalysisGraph, strict: GsdProblem, own: readonly OwnMatch[], m: GsdMatch, ids: readonly number[], strategy: GsdStrategy, search: Omit<SearchOptions, 'k'>, variable: string, maxHops: number): Promise<Finding> {
  const snap = graph.index;
  const swaps = swapsOf(snap, strict, own, m.nodes);
  const r = await rankOf(graph, strict, m.gsd, strategy.k, search);
  const rank = r.complete ? r.less + 1 : undefined;
  let path: Awaited<ReturnType<typeof shortestPath>> | undefined;
  for (const o of own.filter((x) => swaps.some((s) => s.variable === x.variable))) {
    const found = await shortestPath(graph, o.nodes, ids, maxHops);
    if (found && (!path || found.hops < path.hops)) path = found;
  }
  const names = [...new Set(swaps.map((s) => `"${s.own.name}"`))].join(' and ');
  const summary =
    `(${variable}) is reached only through a swapped named node: ${swapsText(swaps)}. From ${names} no subgraph of the plan's shape reaches it` +
    `${path ? ` (the nearest path: ${path.pattern})` : ` (no path of at most ${maxHops} hops)`}; with the swap its best subgraph has GSD ${m.gsd.toFixed(3)}${rank !== undefined ? ` (rank ${rank})` : ''}`;
  return {
    variable,
    level: 2,
    cause: { kind: 'named-swapped', variable, swaps, score: m.gsd, ...(rank !== undefined ? { rank } : {}), subgraph: toSubgraph(plan, snap, strict, m, rank ?? 1), ...(path ? { path } : {}), maxHops },
    fixes: [],
    summary,
  };
}

/** The elements of the widened subgraph whose candidate rank is beyond the run's limit. */
function candidateNeeds(snap: SearchIndex, strict: GsdProblem, wide: GsdProblem, m: GsdMatch, strategy: GsdStrategy): CandidateNeed[] {
  const needs: CandidateNeed[] = [];
  wide.nodes.forEach((n, p) => {
    if (!n.known || n.patternText === undefined) return;
    const rank = (n.rankOf.get(m.nodes[p]!) ?? -1) + 1;
    const s = strict.nodes[p]!;
    if (rank <= 0 || s.rankOf.has(m.nodes[p]!)) return;
    const instead = s.nodes.length > 0 ? snap.names.get(s.nodes[0]!) : undefined;
    needs.push({ element: 'node', ref: n.variable, patternText: n.patternText, needed: snap.names.get(m.nodes[p]!), rank, parameter: 'nodeCandidates', limit: strategy.nodeCandidates, ...(instead !== undefined ? { matchedInstead: instead } : {}) });
  });
  wide.edges.forEach((e, q) => {
    if (e.patternText === undefined) return;
    const r = m.rels[q]!;
    const s = strict.edges[q]!;
    if (s.relRank[r]! > 0) return;
    const instead = s.rels.length > 0 ? snap.data.relationNames[s.rels[0]!] : undefined;
    needs.push({ element: 'edge', ref: e.edgeId, patternText: e.patternText, needed: snap.data.relationNames[r]!, rank: e.relRank[r]!, parameter: 'relationCandidates', limit: strategy.relationCandidates, ...(instead !== undefined ? { matchedInstead: instead } : {}) });
  });
  return needs;
}

function candidateRank(plan: PlanningGraph, snap: SearchIndex, wide: GsdProblem, m: GsdMatch, needs: readonly CandidateNeed[], variable: string, k: { also?: { k: number } }): Finding {
  const fixes: WhyNotFix[] = [];
  const values = (['nodeCandidates', 'relationCandidates'] as const).flatMap((parameter) => {
    const mine = needs.filter((n) => n.parameter === parameter);
    return mine.length === 0 ? [] : [{ parameter, value: Math.max(...mine.map((n) => n.rank)) }];
  });
  // One fix raising every limit needed (and k when its subgraph then ranks beyond it).
  const [first, ...rest] = values;
  if (first) {
    const also = { ...Object.fromEntries(rest.map((v) => [v.parameter, v.value])), ...(k.also ?? {}) };
    const label = [first, ...rest].map((v) => `${v.parameter} to ${v.value}`).concat(k.also ? [`k to ${k.also.k}`] : []).join(' and ');
    fixes.push({ kind: 'set-parameter', strategy: 'gsd', name: first.parameter, value: first.value, ...(Object.keys(also).length > 0 ? { also } : {}), label: `raise ${label}` });
  }
  for (const n of needs) {
    if (n.element === 'edge') fixes.push({ kind: 'add-alias', element: 'relation', target: n.needed, alias: n.patternText, label: `add ${printString(n.patternText)} as an alias of ${n.needed}` });
    else fixes.push({ kind: 'use-name', variable: n.ref, from: n.patternText, to: n.needed, label: `write ${printString(n.needed)} for (${n.ref})` });
  }
  const said = needs.map((n) => `${n.element === 'node' ? `(${n.ref}) "${n.patternText}"` : `[${n.patternText}] (${n.ref})`} matched ${n.matchedInstead !== undefined ? `"${n.matchedInstead}"` : 'nothing'}; its subgraph needs "${n.needed}", candidate ${n.rank}: would need ${n.parameter} ≥ ${n.rank}`);
  return { variable, level: 2, cause: { kind: 'candidate-rank', needs, subgraph: toSubgraph(plan, snap, wide, m, 1) }, fixes, summary: said.join('; ') };
}

/** With categories lifted it matches: the first node whose category rules out the node its subgraph needs. */
function category(plan: PlanningGraph, snap: SearchIndex, strict: GsdProblem, freePlan: PlanningGraph, free: GsdProblem, m: GsdMatch, variable: string, swaps: readonly NamedSwap[]): Finding | undefined {
  const label = snap.data.nodeLabel;
  for (const [p, n] of strict.nodes.entries()) {
    const category = plan.nodes[p]!.category;
    if (category === undefined || n.labels === null) continue;
    const g = m.nodes[p]!;
    if (n.labels.includes(label[g]!)) continue;
    const labels = n.labels.map((l) => snap.data.labelNames[l]!);
    const needed = snap.labelOf(g);
    const fixes: WhyNotFix[] = [
      { kind: 'relax-category', variable: n.variable, category, to: needed, label: `make (${n.variable}) a ${needed}` },
      { kind: 'relax-category', variable: n.variable, category, label: `drop the category ${category} of (${n.variable})` },
    ];
    return {
      variable,
      level: 1,
      cause: { kind: 'category', variable: n.variable, category, labels, needed, neededName: snap.names.get(g), subgraph: toSubgraph(freePlan, snap, free, m, 1), ...(swaps.length > 0 ? { swaps } : {}) },
      fixes,
      summary: `(${n.variable}: ${category}) allows ${labels.join('|') || 'no label'}; its subgraph needs "${snap.names.get(g)}", a ${needed}${swaps.length > 0 ? `, and swaps a named node: ${swapsText(swaps)}` : ''}`,
    };
  }
  return undefined;
}

/** No subgraph of the plan's shape reaches it: the shortest path from a named node that does exist. */
async function unreachable(plan: PlanningGraph, graph: AnalysisGraph, strict: GsdProblem, ids: readonly number[], variable: string, maxHops: number, ctx: WhyNotContext, signal: AbortSignal | undefined): Promise<Finding> {
  const snap = graph.index;
  const fixes: WhyNotFix[] = [];
  const named = strict.nodes.filter((n) => n.known);
  // A named node with no candidate at all (an exact name the graph lacks): nothing is reachable.
  for (const n of named) {
    if (n.nodes.length > 0 || n.patternText === undefined) continue;
    const near = await nearestNames(snap, ctx.embedder, n.patternText, 1, signal);
    if (near[0]) fixes.push({ kind: 'use-name', variable: n.variable, from: n.patternText, to: near[0].name, label: `write ${printString(near[0].name)} for (${n.variable})` });
    const reason = `(${n.variable}) "${n.patternText}" names no node of the graph${near[0] ? ` (nearest: "${near[0].name}")` : ''}, so no subgraph exists`;
    return { variable, level: 0, cause: { kind: 'unreachable', variable, reason, maxHops }, fixes, summary: reason };
  }
  // It is the named node itself: a target never maps onto a named node's image.
  for (const n of named) {
    if (n.nodes.length > 0 && ids.includes(n.nodes[0]!)) {
      const reason = `it is what (${n.variable}) "${n.patternText ?? ''}" names: a target never maps onto a named node`;
      return { variable, level: 0, cause: { kind: 'unreachable', variable, reason, from: n.variable, maxHops }, fixes, summary: reason };
    }
  }
  let found: { from: string; path: NonNullable<Awaited<ReturnType<typeof shortestPath>>> } | undefined;
  for (const n of named) {
    const path = await shortestPath(graph, Array.from(n.nodes.subarray(0, 1)), ids, maxHops);
    if (path && (!found || path.hops < found.path.hops)) found = { from: n.variable, path };
  }
  const hops = found ? patternHops(plan, found.from, variable) : undefined;
  const reason = found
    ? `the plan reaches (${variable}) ${hops ?? '?'} hop(s) from (${found.from}); in the graph the nearest path is ${found.path.hops} hop(s): ${found.path.pattern}`
    : named.length === 0
      ? `no subgraph of the plan's shape contains it`
      : `no subgraph of the plan's shape contains it, and no path of at most ${maxHops} hops joins it to a named node's best match`;
  return { variable, level: 0, cause: { kind: 'unreachable', variable, reason, ...(found ? { path: found.path, from: found.from } : {}), maxHops }, fixes, summary: reason };
}

/** Hops between two plan variables (undirected), or undefined when not connected. */
function patternHops(plan: PlanningGraph, from: string, to: string): number | undefined {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift()!;
    if (v === to) return dist.get(v);
    for (const e of plan.edges) {
      const u = e.source === v ? e.target : e.target === v ? e.source : undefined;
      if (u !== undefined && !dist.has(u)) {
        dist.set(u, dist.get(v)! + 1);
        queue.push(u);
      }
    }
  }
  return undefined;
}
