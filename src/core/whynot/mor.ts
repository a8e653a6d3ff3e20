import type { PathPattern, WhyNotFix } from '../../contracts/whyNot';
import { DEFAULT_STRATEGIES, type MorStrategy, type PlanningGraph } from '../plan/planningGraph';
import { reasoningPaths } from '../plan/reasoningPaths';
import { bm25For } from '../retrieve/mor/bm25';
import { retrieveMor } from '../retrieve/mor/retrieve';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { WhyNotContext, WhyNotOptions } from './context';
import type { Finding } from './finding';
import { shortestPath } from './paths';
import type { AnalysisGraph } from './graph';
import { printString } from '../dsl/printer';

interface Traversal {
  /** kept[path][layer]: every node the layer kept. */
  readonly kept: Map<number, ReadonlyMap<number, unknown>>[];
  readonly capped: Map<number, boolean>[];
  /** step[path][layer]: the relationship types and labels (masks; null = all allowed) the structural step into the layer keeps. */
  readonly step: Map<number, { relations: Uint8Array | null; labels: Uint8Array | null }>[];
  ranked: readonly { readonly node: number; readonly score: number }[];
}

/**
 * Why a MoR run did not return the expected answer: the run again with an observer (the full
 * layer sets the trace shows only the head of), then
 * - among the final candidates but ranked below k: cut by k (its rank and score);
 * - else per reasoning path that lacks it in its last layer, the deepest layer whose kept set holds
 *   a node from which the graph reaches it in the remaining hops (a backward breadth-first set):
 *   its trajectory got that far and ended at the next step, because that step's relation type or
 *   category does not fit the graph's edge (or the layer cap cut it); no layer at all: it was never
 *   seeded (the BM25 rank its seed would need).
 * In the store (`graph.placement`), the run reads each layer's edges as a store-placed run does
 * (`graph.edges`), the backward sets and the shortest path read their frontiers' edges one
 * statement per hop (over STORE_FRONTIER_CAP nodes: NeedsMemory, the analysis goes to the snapshot).
 */
export async function whyNotMor(plan: PlanningGraph, ids: readonly number[], ctx: WhyNotContext, options: WhyNotOptions, graph: AnalysisGraph): Promise<Finding[]> {
  const snap = graph.index;
  const base = plan.strategy.kind === 'mor' ? plan.strategy : DEFAULT_STRATEGIES.mor;
  const strategy: MorStrategy = { ...base, ...(options.k !== undefined ? { k: options.k } : {}), kind: 'mor' };
  const t: Traversal = { kept: [], capped: [], step: [], ranked: [] };
  const at = <V>(list: Map<number, V>[], i: number): Map<number, V> => (list[i] ??= new Map());
  const result = await retrieveMor(plan, snap, ctx.embedder, {
    strategy: { k: strategy.k },
    ...(ctx.reranker ? { reranker: ctx.reranker } : {}),
    ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(graph.edges ? { edges: graph.edges } : {}),
    observe: {
      layer: (p, l, kept, capped) => {
        at(t.kept, p).set(l, kept);
        at(t.capped, p).set(l, capped);
      },
      step: (p, l, relations, labels) => void at(t.step, p).set(l, { relations, labels }),
      ranked: (order) => void (t.ranked = order),
    },
  });
  const variable = reasoningPaths(plan).target ?? plan.targets[0] ?? '';
  const want = new Set(ids);
  const rank = t.ranked.findIndex((r) => want.has(r.node));
  if (rank >= 0) {
    const score = t.ranked[rank]!.score;
    const last = t.ranked[Math.min(strategy.k, t.ranked.length) - 1]?.score;
    const fixes: WhyNotFix[] = [{ kind: 'set-parameter', strategy: 'mor', name: 'k', value: rank + 1, label: `raise k to ${rank + 1}` }];
    return [{ variable, level: 3, cause: { kind: 'cut-by-k', parameter: 'k', k: strategy.k, rank: rank + 1, score, ...(last !== undefined ? { lastReturned: last } : {}) }, fixes, summary: `(${variable}) cut by k = ${strategy.k}: it ranks ${rank + 1} of ${t.ranked.length} candidates (score ${score.toFixed(3)}${last !== undefined ? `; the k-th has ${last.toFixed(3)}` : ''}): would need k ≥ ${rank + 1}` }];
  }
  const combination = result.trajectory?.combination;
  const paths = result.trajectory?.paths ?? [];
  if (combination === 'text-fallback' || paths.length === 0) return [await notSeeded(plan, graph, ids, strategy, variable, -1)];
  const findings: Finding[] = [];
  const inLast = paths.filter((p) => hasAny(t.kept[p.index]?.get(p.layers.length - 1), ids)).map((p) => p.index);
  for (const path of paths) {
    if (inLast.includes(path.index)) continue;
    findings.push(await pathFinding(plan, graph, ids, t, path.index, path.variables, strategy, variable, inLast, options.maxHops ?? 4));
  }
  return findings;
}

function hasAny(kept: ReadonlyMap<number, unknown> | undefined, ids: readonly number[]): boolean {
  return kept !== undefined && ids.some((g) => kept.has(g));
}

/** Where one reasoning path's trajectory towards the answer ended. */
async function pathFinding(plan: PlanningGraph, graph: AnalysisGraph, ids: readonly number[], t: Traversal, pi: number, variables: readonly string[], strategy: MorStrategy, variable: string, inLast: readonly number[], maxHops: number): Promise<Finding> {
  const L = variables.length;
  const snap = graph.index;
  const d = snap.data;
  // back[l]: nodes from which the graph reaches the answer in L-1-l hops (any relation, any label).
  const back: Uint8Array[] = new Array<Uint8Array>(L);
  back[L - 1] = new Uint8Array(snap.nodeCount);
  for (const g of ids) back[L - 1]![g] = 1;
  let members = [...new Set(ids)];
  for (let l = L - 2; l >= 0; l--) {
    // In the store one statement per hop, for the set's members only (a set: their order does not matter).
    const e = await graph.edgesOf(members);
    const mine = new Uint8Array(snap.nodeCount);
    const found: number[] = [];
    const mark = (u: number): void => {
      if (mine[u] === 1) return;
      mine[u] = 1;
      found.push(u);
    };
    for (const v of members) {
      for (let j = e.outOffsets[v]!; j < e.outOffsets[v + 1]!; j++) mark(e.outTargets[j]!);
      for (let j = e.inOffsets[v]!; j < e.inOffsets[v + 1]!; j++) mark(e.inSources[j]!);
    }
    back[l] = mine;
    members = found;
  }
  const others = inLast.length > 0 ? ` (it is in the last layer of path${inLast.length > 1 ? 's' : ''} ${inLast.map((i) => i + 1).join(', ')}, and paths intersect)` : '';
  for (let l = L - 2; l >= 0; l--) {
    const kept = t.kept[pi]?.get(l);
    if (!kept) continue;
    const reached = [...kept.keys()].filter((v) => back[l]![v] === 1);
    if (reached.length === 0) continue;
    // Reached layer l+1 (1-based) through `reached`; the step into layer l+2 lost it: say why.
    const step = t.step[pi]?.get(l + 1) ?? { relations: null, labels: null };
    const nextVar = variables[l + 1]!;
    const route = await shortestPath(graph, reached.slice(0, 1), ids, Math.min(maxHops, L - 1 - l));
    const e = await graph.edgesOf(reached);
    const edgeTypes = new Set<number>();
    const labels = new Set<number>();
    // Every label on the answer's side, whatever the relation: when the category allows none of
    // them, the category is the cause even where it also narrowed the step's relation types
    // (domain/range, docs/retrieval.md).
    const sideLabels = new Set<number>();
    let relationFits = step.relations === null;
    for (const v of reached) {
      for (let dir = 0; dir < 2; dir++) {
        const offs = dir === 0 ? e.outOffsets : e.inOffsets;
        const other = dir === 0 ? e.outTargets : e.inSources;
        const rels = dir === 0 ? e.outRels : e.inRels;
        for (let j = offs[v]!; j < offs[v + 1]!; j++) {
          const u = other[j]!;
          if (!back[l + 1]![u]) continue;
          edgeTypes.add(rels[j]!);
          sideLabels.add(d.nodeLabel[u]!);
          // The labels met along edges the step's relation allows: the category is what cut those.
          if (step.relations === null || step.relations[rels[j]!] === 1) {
            relationFits = true;
            labels.add(d.nodeLabel[u]!);
          }
        }
      }
    }
    const allows = (x: number): boolean => step.labels === null || step.labels[x] === 1;
    const labelFits = [...labels].some(allows) && [...sideLabels].some(allows);
    const edge = plan.edges.find((e) => (e.source === variables[l] && e.target === nextVar) || (e.target === variables[l] && e.source === nextVar));
    const base = { variable, level: 1 + l / L } as const;
    const routeInfo = route ? { route } : {};
    if (t.capped[pi]?.get(l) === true) {
      return { ...base, cause: { kind: 'mor-layer', path: pi, layer: l + 1, variable: variables[l]!, reason: 'layer-cap', detail: `layer ${l + 1} of path ${pi + 1} hit the layer cap and dropped it`, ...routeInfo }, fixes: [], summary: `MoR path ${pi + 1}: the trajectory ended at layer ${l + 1} (${variables[l]}): the layer cap dropped it${others}` };
    }
    if (relationFits || ![...sideLabels].some(allows)) {
      if (!labelFits) {
        const category = plan.nodes.find((n) => n.id === nextVar)?.category ?? '';
        const have = [...(relationFits ? labels : sideLabels)].map((x) => d.labelNames[x]!);
        const fixes: WhyNotFix[] = have.map((h) => ({ kind: 'relax-category' as const, variable: nextVar, category, to: h, label: `make (${nextVar}) a ${h}` }));
        const detail = `(${nextVar}: ${category}) keeps ${category} nodes; the graph's next node on the way is a ${have.join(' or ')}`;
        return { ...base, cause: { kind: 'mor-layer', path: pi, layer: l + 1, variable: variables[l]!, reason: 'category', detail, ...routeInfo }, fixes, summary: `MoR path ${pi + 1}: the trajectory ended at layer ${l + 1} (${variables[l]}): ${detail}${others}` };
      }
    }
    if (!relationFits) {
      const wanted = d.relationNames.filter((_, r) => step.relations![r] === 1).join(' or ');
      const have = [...edgeTypes].map((r) => d.relationNames[r]!);
      const phrase = edge?.relation.kind === 'phrase' ? edge.relation.value : undefined;
      const fixes: WhyNotFix[] = phrase !== undefined ? have.map((h) => ({ kind: 'add-alias' as const, element: 'relation' as const, target: h, alias: phrase, label: `add ${printString(phrase)} as an alias of ${h}` })) : [];
      const detail = `the step to (${nextVar}) follows ${wanted}${phrase !== undefined ? ` (nearest to "${phrase}")` : ''}; the graph joins ${describe(snap, reached)} to the answer's side by ${have.join(', ')}`;
      return { ...base, cause: { kind: 'mor-layer', path: pi, layer: l + 1, variable: variables[l]!, reason: 'relation', detail, ...routeInfo }, fixes, summary: `MoR path ${pi + 1}: the trajectory ended at layer ${l + 1} (${variables[l]}): ${detail}${others}` };
    }
    // An edge fits both and still lost it: a trajectory is a simple path (no node twice).
    const detail = `the step to (${nextVar}) would reach it only by revisiting a node of the trajectory`;
    return { ...base, cause: { kind: 'mor-layer', path: pi, layer: l + 1, variable: variables[l]!, reason: 'relation', detail, ...routeInfo }, fixes: [], summary: `MoR path ${pi + 1}: the trajectory ended at layer ${l + 1} (${variables[l]}): ${detail}${others}` };
  }
  return await notSeeded(plan, graph, ids, strategy, variable, pi, back[0], variables, others);
}

function describe(snap: SearchIndex, nodes: readonly number[]): string {
  const names = nodes.slice(0, 3).map((g) => `"${snap.names.get(g)}"`);
  return names.join(', ') + (nodes.length > 3 ? ` and ${nodes.length - 3} more` : '');
}

/** No layer holds a node on the way: the seeds (layer 1's BM25 top `seeds`) missed every start that leads to it. */
async function notSeeded(plan: PlanningGraph, graph: AnalysisGraph, ids: readonly number[], strategy: MorStrategy, variable: string, pi: number, starts?: Uint8Array, variables?: readonly string[], others = ''): Promise<Finding> {
  // The text fallback ranks the target's own category; a path seeds its first node's.
  const first = variables?.[0] ?? variable;
  const node = plan.nodes.find((n) => n.id === first);
  const snap = graph.index;
  const bm = bm25For(snap);
  const question = plan.question ?? plan.nodes.map((n) => n.text?.value ?? '').join(' ').trim();
  const restriction = node?.text?.value;
  const label = node?.category !== undefined ? snap.labelId(node.category) : -1;
  const hits = bm.topK(bm.query(restriction ? `${question} ${restriction}` : question), snap.nodeCount, snap.data.nodeLabel, label >= 0 ? label : undefined);
  const goal = starts ?? (() => {
    const a = new Uint8Array(snap.nodeCount);
    for (const g of ids) a[g] = 1;
    return a;
  })();
  const at = hits.findIndex((h) => goal[h.index] === 1);
  let route: PathPattern | undefined;
  if (at >= 0 && variables) route = await shortestPath(graph, [hits[at]!.index], ids, variables.length - 1);
  const layerName = first !== undefined ? ` (${first})` : '';
  const parameter = pi < 0 ? 'k' : 'seeds';
  const fixes: WhyNotFix[] = at >= 0 ? [{ kind: 'set-parameter', strategy: 'mor', name: parameter, value: at + 1, label: `raise ${parameter} to ${at + 1}` }] : [];
  const where = at >= 0 ? `the best start on its way, "${snap.names.get(hits[at]!.index)}", is BM25 rank ${at + 1}: would need ${parameter} ≥ ${at + 1}` : 'no node on its way shares a word with the text';
  const detail = pi < 0 ? `the plan fell back to text matching, which did not rank it: ${where}` : `layer 1${layerName} of path ${pi + 1} seeded ${strategy.seeds} node(s) by BM25; ${where}`;
  return { variable, level: 0.5, cause: { kind: 'mor-layer', path: Math.max(0, pi), layer: 0, variable: first ?? variable, reason: 'not-seeded', detail, ...(route ? { route } : {}) }, fixes, summary: `MoR${pi >= 0 ? ` path ${pi + 1}` : ''}: its trajectory never started: ${detail}${others}` };
}
