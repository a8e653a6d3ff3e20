import type { WhyNotCause, WhyNotFix } from '../../contracts/whyNot';
import type { GraphStore } from '../graph/graphStore';
import { editDistance } from '../editDistance';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../plan/planningGraph';
import { compileForStore } from '../retrieve/cypher/retrieve';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { AnalysisGraph } from './graph';
import type { WhyNotContext, WhyNotOptions } from './context';
import type { Finding } from './finding';
import { nodesNamed } from './names';
import { shortestPath } from './paths';
import { printString } from '../dsl/printer';

type Clause = Extract<WhyNotCause, { kind: 'cypher-clause' }>['clause'];

/** One constraint of the plan taken away: the clause it compiles to is what the comparison names. */
interface Relaxation {
  readonly clause: Exclude<Clause, 'limit'>;
  readonly ref: string;
  /** The plan without this constraint (composable: pairs apply two). */
  readonly apply: (plan: PlanningGraph) => PlanningGraph;
  readonly what: string;
}

/** How far past the limit the rank of a row is looked for. */
const RANK_LIMIT = 10_000;
/** Relaxed queries tried at most (single clauses first, then pairs). */
const MAX_TRIES = 40;

/**
 * Why the cypher strategy did not return the expected answer: the plan compiled as the strategy
 * compiles it, with the target pinned to the answer's name (a property equality), run read-only.
 * Rows: only the LIMIT cut it (its row rank in the unpinned order). None: each constraint is
 * taken away alone (a name equality, a label, a relationship type, a direction, distinctness)
 * and the first whose removal gives a row is the clause that excludes it, quoted from the query.
 * None of them alone: the plan's structure; the shortest path from a named node is given.
 */
export async function whyNotCypher(plan: PlanningGraph, ids: readonly number[], ctx: WhyNotContext, options: WhyNotOptions, graph: AnalysisGraph): Promise<Finding[]> {
  const store = ctx.store;
  if (!store) throw new Error('the cypher why-not analysis runs queries: it needs a store');
  const snap = graph.index;
  const name = snap.names.get(ids[0]!);
  const limit = options.k ?? (plan.strategy.kind === 'cypher' ? plan.strategy.limit : DEFAULT_STRATEGIES.cypher.limit);
  const compileOptions = { limit, ...(options.signal ? { signal: options.signal } : {}), ...(options.relationAliases ? { relationAliases: options.relationAliases } : {}) };
  const findings: Finding[] = [];
  for (const variable of options.variable !== undefined ? [options.variable] : plan.targets) {
    if (!plan.nodes.some((n) => n.id === variable)) continue;
    const pin = (p: PlanningGraph): PlanningGraph => ({ ...p, nodes: p.nodes.map((n) => (n.id === variable ? { ...n, properties: { ...n.properties, name } } : n)) });
    const rowsOf = async (p: PlanningGraph, homomorphic = false, rowLimit = 1): Promise<readonly Record<string, unknown>[]> => {
      const c = await compileForStore(p, store, snap, ctx.embedder, { ...compileOptions, limit: rowLimit, ...(homomorphic ? { match: 'homomorphic' as const } : {}) });
      return (await store.query(c.text, { params: c.params, mode: 'run', readOnly: true, ...(options.signal ? { signal: options.signal } : {}) })).rows;
    };
    const base = await compileForStore(plan, store, snap, ctx.embedder, compileOptions);
    if ((await rowsOf(pin(plan))).length > 0) {
      findings.push(await limitFinding(plan, store, snap, ctx, base, variable, name, limit, compileOptions, options.signal));
      continue;
    }
    let found: Finding | undefined;
    const all = relaxations(plan);
    // One constraint at a time, then pairs (two clauses that exclude it only together), capped.
    const tries: Relaxation[][] = [...all.map((r) => [r])];
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (all[i]!.ref !== all[j]!.ref || all[i]!.clause !== all[j]!.clause) tries.push([all[i]!, all[j]!]);
    for (const group of tries.slice(0, MAX_TRIES)) {
      const relaxedPlan = group.reduce((p, r) => r.apply(p), plan);
      const homomorphic = group.some((r) => r.clause === 'distinct');
      const rows = await rowsOf(pin(relaxedPlan), homomorphic, 50);
      if (rows.length === 0) continue;
      const matchOption = homomorphic ? { match: 'homomorphic' as const } : {};
      const texts = await Promise.all(group.map(async (r) => clauseText(base.text, (await compileForStore(r.apply(plan), store, snap, ctx.embedder, { ...compileOptions, ...(r.clause === 'distinct' ? matchOption : {}) })).text, base.params)));
      const relaxed = await compileForStore(relaxedPlan, store, snap, ctx.embedder, { ...compileOptions, ...matchOption });
      const [first, ...rest] = group as [Relaxation, ...Relaxation[]];
      const fixes = (await Promise.all(group.map((r) => clauseFixes(plan, graph, r, rows, relaxed.columns)))).flat();
      const what = group.map((r) => r.what).join(' and ');
      const detail = `without ${what} it is returned`;
      const also = rest.map((r, i) => ({ clause: r.clause as Exclude<Clause, 'limit'>, ref: r.ref, text: texts[i + 1]! }));
      found = { variable, level: 1, cause: { kind: 'cypher-clause', clause: first.clause, ref: first.ref, text: texts[0]!, detail, query: base.text, ...(also.length > 0 ? { also } : {}) }, fixes, summary: `${group.length > 1 ? 'the clauses' : 'the clause'} ${texts.join(' and ')} exclude${group.length > 1 ? '' : 's'} it (${what}): ${detail}` };
      break;
    }
    if (!found) {
      const named = plan.nodes.filter((n) => n.text !== undefined);
      let path: Awaited<ReturnType<typeof shortestPath>>;
      let from: string | undefined;
      for (const n of named) {
        const p = await shortestPath(graph, nodesNamed(snap, n.text!.value), ids, options.maxHops ?? 4);
        if (p && (!path || p.hops < path.hops)) {
          path = p;
          from = n.id;
        }
      }
      const reason = `no clause of the query (alone or with another) excludes it: the plan's shape does not reach it${path ? `; in the graph: ${path.pattern}` : ''}`;
      found = { variable, level: 0, cause: { kind: 'unreachable', variable, reason, ...(path ? { path } : {}), ...(from !== undefined ? { from } : {}), maxHops: options.maxHops ?? 4 }, fixes: [], summary: reason };
    }
    findings.push(found);
  }
  return findings;
}

/** It has rows but the LIMIT cut them: its first row's rank in the query's own order. */
async function limitFinding(plan: PlanningGraph, store: GraphStore, snap: SearchIndex, ctx: WhyNotContext, base: { text: string }, variable: string, name: string, limit: number, compileOptions: object, signal: AbortSignal | undefined): Promise<Finding> {
  const wide = await compileForStore(plan, store, snap, ctx.embedder, { ...compileOptions, limit: RANK_LIMIT });
  const rows = (await store.query(wide.text, { params: wide.params, mode: 'run', readOnly: true, ...(signal ? { signal } : {}) })).rows;
  const column = wide.columns.find((c) => c.variable === variable)!.name;
  const at = rows.findIndex((r) => r[column] === name);
  const rank = at + 1;
  const text = base.text.split('\n').find((l) => /^LIMIT\b/.test(l.trim())) ?? `LIMIT ${limit}`;
  const fixes: WhyNotFix[] = rank > 0 ? [{ kind: 'set-parameter', strategy: 'cypher', name: 'limit', value: rank, label: `raise limit to ${rank}` }] : [];
  const where = rank > 0 ? `its first row is row ${rank}` : `its first row is beyond row ${RANK_LIMIT}`;
  return { variable, level: 3, cause: { kind: 'cypher-clause', clause: 'limit', ref: variable, text, detail: `${where} of the query's order; ${text} keeps ${limit}`, query: base.text }, fixes, summary: `${text} cuts it: ${where}${rank > 0 ? `: would need limit ≥ ${rank}` : ''}` };
}

/** Each constraint of the plan, as a change that takes it away. */
function relaxations(plan: PlanningGraph): Relaxation[] {
  const out: Relaxation[] = [];
  const node = (id: string, f: (n: PlanningGraph['nodes'][number]) => PlanningGraph['nodes'][number]) => (p: PlanningGraph): PlanningGraph => ({ ...p, nodes: p.nodes.map((n) => (n.id === id ? f(n) : n)) });
  const edge = (id: string, f: (e: PlanningGraph['edges'][number]) => PlanningGraph['edges'][number]) => (p: PlanningGraph): PlanningGraph => ({ ...p, edges: p.edges.map((e) => (e.id === id ? f(e) : e)) });
  for (const e of plan.edges) {
    if (e.relation.kind !== 'unknown') out.push({ clause: 'relation', ref: e.id, what: `the relationship type of [${e.relation.value}] (${e.id})`, apply: edge(e.id, (x) => ({ ...x, relation: { kind: 'unknown' } })) });
    if (e.directed) out.push({ clause: 'direction', ref: e.id, what: `the direction of ${e.id} (${e.source} → ${e.target})`, apply: edge(e.id, (x) => ({ ...x, directed: false })) });
  }
  for (const n of plan.nodes) {
    if (n.category !== undefined) out.push({ clause: 'label', ref: n.id, what: `the label of (${n.id}: ${n.category})`, apply: node(n.id, ({ category: _c, ...x }) => x) });
    if (n.text !== undefined || n.properties?.['name'] !== undefined) {
      out.push({ clause: 'name', ref: n.id, what: `the name of (${n.id})`, apply: node(n.id, ({ text: _t, properties, ...x }) => ({ ...x, ...(properties ? { properties: Object.fromEntries(Object.entries(properties).filter(([k]) => k !== 'name')) } : {}) })) });
    }
  }
  if (plan.nodes.length > 1) out.push({ clause: 'distinct', ref: '', what: 'the distinct-nodes condition', apply: (p) => p });
  return out;
}

/**
 * The part of the query the relaxation removed: the lines that differ (parameter numbers aside),
 * narrowed to the changed words on one line. When several lines differ (taking a name away also
 * drops the distinct-nodes condition), the lines that only lost words are the clause: only those
 * are quoted, narrowed. `params` writes each parameter's value in (`$p0` → `"Titanik"`),
 * so the quote says what was compared; the query itself stays parameterised.
 */
export function clauseText(base: string, relaxed: string, params: Readonly<Record<string, unknown>> = {}): string {
  const norm = (l: string): string => l.trim().replace(/\$p\d+/g, '$p');
  const a = base.split('\n');
  const b = relaxed.split('\n');
  const inB = new Set(b.map(norm));
  const inA = new Set(a.map(norm));
  const changed = a.filter((l) => !inB.has(norm(l)));
  const partners = b.filter((l) => !inA.has(norm(l)));
  const withValues = (t: string): string => t.replace(/\$(p\d+)\b/g, (whole, name: string) => (name in params ? JSON.stringify(params[name]) : whole));
  if (changed.length === 1 && partners.length === 1) {
    const cut = narrow(changed[0]!.trim(), partners[0]!.trim());
    return withValues(cut.middle.length >= 3 ? cut.middle : changed[0]!.trim());
  }
  if (partners.length > 0) {
    // Each changed line against the relaxed line it shares the most with (a line dropped whole has none worth naming).
    const removals = changed
      .map((l) => partners.map((q) => narrow(l.trim(), q.trim())).reduce((x, y) => (y.kept > x.kept ? y : x)))
      .filter((c) => c.removal && c.middle.length >= 3);
    if (removals.length > 0) return withValues(removals.map((c) => c.middle).join(' … '));
  }
  return withValues(changed.map((l) => l.trim()).join(' ')) || '(the match semantics)';
}

/** x without its common prefix and suffix with y; `removal`: y is x with that part taken out (nothing else changed); `kept`: the characters in common. */
function narrow(x: string, y: string): { middle: string; removal: boolean; kept: number } {
  // Parameters compare as one slot each (their numbers shift when a clause goes); x's names are put back after.
  const slot = '\u0001';
  const names = [...x.matchAll(PARAM)].map((m) => m[0]);
  const xs = x.replace(PARAM, slot);
  const ys = y.replace(PARAM, slot);
  let i = 0;
  while (i < xs.length && i < ys.length && xs[i] === ys[i]) i++;
  let j = 0;
  while (j < xs.length - i && j < ys.length - i && xs[xs.length - 1 - j] === ys[ys.length - 1 - j]) j++;
  let k = xs.slice(0, i).split(slot).length - 1;
  const middle = xs.slice(i, xs.length - j).replace(/\u0001/g, () => names[k++] ?? '');
  return { middle: middle.trim(), removal: i + j === ys.length, kept: i + j };
}

const PARAM = /\$p\d+\b/g;

/** Fixes for the clause, read off the row the relaxed query gave. */
async function clauseFixes(plan: PlanningGraph, graph: AnalysisGraph, r: Relaxation, rows: readonly Record<string, unknown>[], columns: readonly { readonly variable: string; readonly name: string }[]): Promise<WhyNotFix[]> {
  const snap = graph.index;
  const valueOf = (row: Record<string, unknown>, variable: string): string | undefined => {
    const value = row[columns.find((c) => c.variable === variable)?.name ?? ''];
    return typeof value === 'string' ? value : undefined;
  };
  const nameOf = (variable: string): string | undefined => valueOf(rows[0]!, variable);
  switch (r.clause) {
    case 'label': {
      const n = plan.nodes.find((x) => x.id === r.ref)!;
      const got = nameOf(r.ref);
      const label = got !== undefined ? snap.labelOf(nodesNamed(snap, got)[0] ?? -1) : '';
      return [
        ...(label !== '' ? [{ kind: 'relax-category' as const, variable: r.ref, category: n.category!, to: label, label: `make (${r.ref}) a ${label}` }] : []),
        { kind: 'relax-category', variable: r.ref, category: n.category!, label: `drop the category ${n.category} of (${r.ref})` },
      ];
    }
    case 'name': {
      const n = plan.nodes.find((x) => x.id === r.ref)!;
      const from = n.text?.value ?? String(n.properties?.['name'] ?? '');
      // Of the names the relaxed query allows there, the nearest to what was written (a typo's correction).
      const names = [...new Set(rows.flatMap((row) => valueOf(row, r.ref) ?? []))];
      const got = names.sort((a, b) => editDistance(from.toLowerCase(), a.toLowerCase()) - editDistance(from.toLowerCase(), b.toLowerCase()))[0];
      return got !== undefined ? [{ kind: 'use-name', variable: r.ref, from, to: got, label: `write ${printString(got)} for (${r.ref})` }] : [];
    }
    case 'relation': {
      const e = plan.edges.find((x) => x.id === r.ref)!;
      const a = nameOf(e.source);
      const b = nameOf(e.target);
      if (a === undefined || b === undefined || e.relation.kind !== 'phrase') return [];
      const phrase = e.relation.value;
      return (await typesBetween(graph, a, b)).map((type) => ({ kind: 'add-alias' as const, element: 'relation' as const, target: type, alias: phrase, label: `add ${printString(phrase)} as an alias of ${type}` }));
    }
    default:
      return [];
  }
}

/** Relationship types stored between two named nodes (either direction). */
async function typesBetween(graph: AnalysisGraph, a: string, b: string): Promise<string[]> {
  const snap = graph.index;
  const from = nodesNamed(snap, a);
  const d = await graph.edgesOf(from);
  const bs = new Set(nodesNamed(snap, b));
  const out = new Set<string>();
  for (const v of from) {
    for (let j = d.outOffsets[v]!; j < d.outOffsets[v + 1]!; j++) if (bs.has(d.outTargets[j]!)) out.add(snap.data.relationNames[d.outRels[j]!]!);
    for (let j = d.inOffsets[v]!; j < d.inOffsets[v + 1]!; j++) if (bs.has(d.inSources[j]!)) out.add(snap.data.relationNames[d.inRels[j]!]!);
  }
  return [...out];
}
