import type { PlanningGraph } from '../plan/planningGraph';
import { allowedLabels, type PlanTypes } from './labels';
import type { Answer, MatchedSubgraph, RetrievalResult, TypedNode } from './result';
import type { SearchIndex } from './snapshot/snapshot';

/**
 * What every result must say truly, whatever strategy made it, in one place each (the strategy
 * table runs `completeResult` after every strategy, so a new one cannot skip it; docs/retrieval.md,
 * "What every result says"):
 * - the label lookup: a node's labels are the graph's (`nodeLabels`), for every node the result names;
 * - the return-value extraction: answers are values of the plan's `return` variables — a retrieved
 *   node whose label the return variable's type rules out is context, not an answer (`splitAnswers`);
 * - the type resolver's verdicts (labels.ts `resolvePlanTypes`) are on the result (`types`).
 */

/** The one label lookup: the graph labels of a node id (none for an id the graph does not hold). */
export function nodeLabels(snap: SearchIndex, nodeId: string): readonly string[] {
  const v = snap.nodeIndexOf(nodeId);
  if (v === undefined) return [];
  const label = snap.labelOf(v);
  return label === '' ? [] : [label];
}

/** The label ids the plan's return variables may take (their union); null = any (an untyped one, or none named). */
export function returnLabelIds(plan: Pick<PlanningGraph, 'targets'>, types: PlanTypes): ReadonlySet<number> | null {
  if (plan.targets.length === 0) return null;
  const out = new Set<number>();
  for (const t of plan.targets) {
    const allowed = allowedLabels(types, t);
    if (allowed === null) return null;
    for (const l of allowed) out.add(l);
  }
  return out;
}

/**
 * The return-value extraction: answers whose node the return variables' labels allow stay answers;
 * the others (a film among the years) are context. Answers without a node (a Cypher value) stay.
 */
export function splitAnswers(answers: readonly Answer[], allowed: ReadonlySet<number> | null, snap: SearchIndex): { answers: Answer[]; context: Answer[] } {
  if (allowed === null) return { answers: [...answers], context: [] };
  const kept: Answer[] = [];
  const context: Answer[] = [];
  for (const a of answers) {
    const v = a.nodeId === undefined ? undefined : snap.nodeIndexOf(a.nodeId);
    if (v === undefined || allowed.has(snap.data.nodeLabel[v]!)) kept.push(a);
    else context.push(a);
  }
  return { answers: kept, context };
}

/** The resolver's verdicts as the result reports them. */
export function typedNodesOf(types: PlanTypes, snap: SearchIndex): TypedNode[] {
  return [...types].map(([variable, t]) => ({
    variable,
    type: t.text,
    labels: t.labels.map((l) => snap.data.labelNames[l]!),
    how: t.how,
    detail: t.detail,
    ...(t.how === 'nearest' && t.distance !== undefined ? { distance: t.distance } : {}),
  }));
}

/** Every node id a result names, in a stable order. */
export function namedNodeIds(r: RetrievalResult): string[] {
  const ids = new Set<string>();
  const add = (id: string | undefined): void => {
    if (id !== undefined && id !== '') ids.add(id);
  };
  for (const a of r.answers) add(a.nodeId);
  for (const a of r.context ?? []) add(a.nodeId);
  for (const s of r.subgraphs) {
    for (const m of s.mapping) add(m.nodeId);
    for (const t of s.triples) {
      add(t.source);
      add(t.target);
    }
  }
  for (const t of r.trajectory?.trajectories ?? []) for (const n of t.nodes) add(n.nodeId);
  for (const p of r.trajectory?.paths ?? []) for (const l of p.layers) for (const n of [...l.structural, ...l.textual]) add(n.nodeId);
  for (const n of r.trajectory?.survivors ?? []) add(n.nodeId);
  for (const n of r.sage?.final ?? []) add(n.nodeId);
  for (const n of r.sage?.candidates ?? []) add(n.nodeId);
  for (const b of r.stem?.beams ?? []) for (const a of b.anchors) add(a.nodeId);
  for (const e of r.stem?.guidance.entities ?? []) add(e.nodeId);
  return [...ids];
}

/** The label part alone (a person's Cypher has no plan): mapped nodes, answers and `nodeLabels` from the graph. */
export function withNodeLabels(r: RetrievalResult, snap: SearchIndex): RetrievalResult {
  const memo = new Map<string, readonly string[]>();
  const labelsOf = (id: string): readonly string[] => {
    let l = memo.get(id);
    if (!l) memo.set(id, (l = nodeLabels(snap, id)));
    return l;
  };
  const labelled = (a: Answer): Answer => (a.nodeId === undefined ? a : { ...a, labels: labelsOf(a.nodeId) });
  const subgraphs: MatchedSubgraph[] = r.subgraphs.map((s) => ({
    ...s,
    // The graph's own labels: a compiled Cypher row or a person's query may carry none (or the type word).
    mapping: s.mapping.map((m) => {
      const own = labelsOf(m.nodeId);
      return own.length > 0 ? { ...m, labels: own } : m;
    }),
  }));
  const out: RetrievalResult = { ...r, answers: r.answers.map(labelled), ...(r.context ? { context: r.context.map(labelled) } : {}), subgraphs };
  const nodeLabelsById: Record<string, readonly string[]> = {};
  for (const id of namedNodeIds(out)) nodeLabelsById[id] = labelsOf(id);
  return { ...out, nodeLabels: nodeLabelsById };
}

/**
 * What the strategy table does with every strategy's result: answers that are no value of the
 * return variable become context (said in a warning), every node gets its graph labels, and the
 * type resolver's verdicts are reported when the strategy did not report them itself.
 */
export function completeResult(r: RetrievalResult, plan: PlanningGraph, snap: SearchIndex, types: PlanTypes): RetrievalResult {
  const allowed = returnLabelIds(plan, types);
  const split = splitAnswers(r.answers, allowed, snap);
  const warnings = [...(r.warnings ?? [])];
  const context = [...(r.context ?? []), ...split.context];
  if (split.context.length > 0) {
    const labels = [...(allowed ?? [])].map((l) => snap.data.labelNames[l]).join('|');
    warnings.push(`${split.context.length} retrieved node${split.context.length === 1 ? ' is' : 's are'} not ${labels} (the label of return ${plan.targets.join(', ')}): shown as context, not as answers`);
  }
  const typed = r.types ?? (types.size > 0 ? typedNodesOf(types, snap) : undefined);
  return withNodeLabels(
    {
      ...r,
      returns: plan.targets,
      answers: split.answers,
      ...(context.length > 0 ? { context } : {}),
      ...(typed !== undefined ? { types: typed } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
    snap,
  );
}
