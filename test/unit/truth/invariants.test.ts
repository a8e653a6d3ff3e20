import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Asker } from '../../../src/core/ask';
import { subgraphDiff } from '../../../src/core/compare';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import type { GraphStore } from '../../../src/core/graph/graphStore';
import type { PlanningGraph, StrategyKind } from '../../../src/core/plan/planningGraph';
import { planningGraphFromSimGrag } from '../../../src/core/plan/simgrag';
import { allowedLabels, resolvePlanTypes } from '../../../src/core/retrieve/labels';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { namedNodeIds } from '../../../src/core/retrieve/resultFacts';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { applyFix } from '../../../src/core/whynot';
import { openSession, STRATEGIES, type RetrievalSession } from '../../../src/core/session';
import { mulberry32 } from '../../support/prng';
import { loadQuestions, metaqaLabel, readKb, sample } from '../../../scripts/bench/metaqa';
import { simgragPattern, phraseGenerator, readParaphraseSet } from '../../../scripts/bench/typed';

/**
 * Issue 26's invariants, checked over every strategy (gsd, mor, stem, sage, cypher, ask, why-not)
 * on seeded random plans over random graphs (imported into the real embedded engine) and over
 * MetaQA (dev paths as SimGRAG JSON with type words, on the kb.txt snapshot):
 * - answers are values of the return variable and carry its label;
 * - every node and edge drawn exists in the graph with its label and type;
 * - a named node's match is shown with its distance;
 * - a finding's cause is re-checked by re-running with the fix;
 * - counts shown equal counts held.
 * The diff check (nodes and edges matched by graph identity) is its own test case below.
 * A violation fails with the plan, the strategy and the offending item.
 */
const SEED = 2026;
const METAQA = join(__dirname, '../../../../shared/data/metaqa');
const LABELS = ['Person', 'City', 'Company', 'Book'] as const;
/** Relation types with the labels they connect (so plans read like a person's). */
const RELATIONS: readonly [string, (typeof LABELS)[number], (typeof LABELS)[number]][] = [
  ['lives_in', 'Person', 'City'],
  ['works_for', 'Person', 'Company'],
  ['wrote', 'Person', 'Book'],
  ['knows', 'Person', 'Person'],
  ['located_in', 'Company', 'City'],
  ['published_by', 'Book', 'Company'],
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'dor', 'vas', 'tel', 'qui', 'bar', 'nok', 'sel', 'ami', 'tor', 'ul', 'zen', 'pra'];

interface Graph {
  readonly session: RetrievalSession;
  readonly snap: GraphSnapshot;
  readonly name: string;
}

let dir = '';
const graphs: Graph[] = [];
let metaqa: GraphSnapshot | undefined;
const violations: string[] = [];
let checkedPlans = 0;

function randomGraph(seed: number): string {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const names = new Map<string, string[]>();
  const lines: string[] = [];
  const used = new Set<string>();
  for (const label of LABELS) {
    const list: string[] = [];
    const count = 8 + Math.floor(rand() * 8);
    while (list.length < count) {
      const n = `${pick(SYLLABLES)}${pick(SYLLABLES)} ${pick(SYLLABLES)}${pick(SYLLABLES)}`.replace(/^./, (c) => c.toUpperCase());
      if (used.has(n)) continue;
      used.add(n);
      list.push(n);
      lines.push(JSON.stringify({ name: n, label }));
    }
    names.set(label, list);
  }
  const edges = new Set<string>();
  for (let i = 0; i < 90; i++) {
    const [type, from, to] = pick(RELATIONS);
    const s = pick(names.get(from)!);
    const t = pick(names.get(to)!);
    if (s === t || edges.has(`${s}|${type}|${t}`)) continue;
    edges.add(`${s}|${type}|${t}`);
    lines.push(JSON.stringify({ source: s, target: t, type, source_label: from, target_label: to }));
  }
  return lines.join('\n') + '\n';
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-invariants-'));
  for (let g = 0; g < 2; g++) {
    const file = join(dir, `g${g}.jsonl`);
    writeFileSync(file, randomGraph(SEED + g));
    const session = await openSession({ store: { kind: 'embedded', folder: join(dir, `db${g}`) }, embedder: { kind: 'hashing' } });
    await session.import([{ path: file, format: 'jsonl' }]);
    graphs.push({ session, snap: await session.snapshot(), name: `random graph ${g} (seed ${SEED + g})` });
  }
  metaqa = await GraphSnapshot.fromTriples(readKb(join(METAQA, 'kb.txt')), new HashingEmbedder(), { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' });
});

after(async () => {
  for (const g of graphs) await g.session.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// ---- The checks ------------------------------------------------------------------------------------

function fail(where: string, plan: PlanningGraph, strategy: string, item: string): void {
  if (violations.length < 50) violations.push(`${where} · plan ${plan.name} [${planText(plan)}] · strategy ${strategy} · ${item}`);
}

function planText(p: PlanningGraph): string {
  const node = (id: string) => {
    const n = p.nodes.find((x) => x.id === id)!;
    return `(${id}${n.category !== undefined ? `: ${n.category}` : ''}${n.text ? ` "${n.text.value}"` : ''}${n.properties?.['name'] !== undefined ? ` {name: "${String(n.properties['name'])}"}` : ''})`;
  };
  return `${p.edges.map((e) => `${node(e.source)} -[${e.relation.kind === 'unknown' ? '' : e.relation.kind === 'type' ? ':' + e.relation.value : e.relation.value}]-${e.directed ? '>' : ''} ${node(e.target)}`).join(', ')} return ${p.targets.join(', ')}`;
}

function edgeExists(snap: GraphSnapshot, source: number, type: string, target: number): boolean {
  const d = snap.data;
  const rel = snap.relationId(type);
  if (rel < 0) return false;
  for (let j = d.outOffsets[source]!; j < d.outOffsets[source + 1]!; j++) if (d.outTargets[j] === target && d.outRels[j] === rel) return true;
  return false;
}

/** Every invariant a retrieval result must hold on its graph; returns false when one fails. */
async function checkResult(where: string, snap: GraphSnapshot, embedder: HashingEmbedder | RetrievalSession['embedder'], plan: PlanningGraph, strategy: string, r: RetrievalResult): Promise<void> {
  const before = violations.length;
  const types = await resolvePlanTypes(plan, snap, embedder);
  const allowed = new Set<number>();
  let anyLabel = plan.targets.length === 0;
  for (const t of plan.targets) {
    const a = allowedLabels(types, t);
    if (a === null) anyLabel = true;
    else for (const l of a) allowed.add(l);
  }
  const nodeOk = (id: string, name: string | undefined, labels: readonly string[] | undefined, what: string): number | undefined => {
    const v = snap.nodeIndexOf(id);
    if (v === undefined) return void fail(where, plan, strategy, `${what}: node ${id} is not in the graph`);
    if (name !== undefined && snap.names.get(v) !== name) fail(where, plan, strategy, `${what}: node ${id} is "${snap.names.get(v)}" in the graph, shown as "${name}"`);
    if (labels !== undefined && (labels.length !== 1 || labels[0] !== snap.labelOf(v))) fail(where, plan, strategy, `${what}: node ${name ?? id} is ${snap.labelOf(v)} in the graph, shown as [${labels.join(', ')}]`);
    return v;
  };
  // Answers: values of the return variable, with its label.
  const targetValues = new Set<string>();
  for (const s of r.subgraphs) for (const m of s.mapping) if (plan.targets.includes(m.variable)) targetValues.add(m.name);
  for (const a of r.answers) {
    if (a.nodeId === undefined) {
      if (r.subgraphs.length > 0 && !targetValues.has(a.value)) fail(where, plan, strategy, `answer "${a.value}" is no value of return ${plan.targets.join(', ')} in any subgraph`);
      continue;
    }
    const v = nodeOk(a.nodeId, a.value, a.labels, `answer "${a.value}"`);
    if (v !== undefined && !anyLabel && !allowed.has(snap.data.nodeLabel[v]!)) fail(where, plan, strategy, `answer "${a.value}" is ${snap.labelOf(v)}, not a label of return ${plan.targets.join(', ')} (${[...allowed].map((l) => snap.data.labelNames[l]).join('|')})`);
    if (r.subgraphs.length > 0 && !targetValues.has(a.value)) fail(where, plan, strategy, `answer "${a.value}" is no value of return ${plan.targets.join(', ')} in any subgraph`);
  }
  // Nodes and edges drawn.
  for (const s of r.subgraphs) {
    for (const m of s.mapping) nodeOk(m.nodeId, m.name, m.labels, `subgraph ${s.rank} ${m.variable}`);
    for (const t of s.triples) {
      const a = nodeOk(t.source, t.sourceName, undefined, `subgraph ${s.rank} triple source`);
      const b = nodeOk(t.target, t.targetName, undefined, `subgraph ${s.rank} triple target`);
      if (a !== undefined && b !== undefined && !edgeExists(snap, a, t.type, b)) fail(where, plan, strategy, `subgraph ${s.rank}: edge ${t.sourceName} -${t.type}-> ${t.targetName} is not in the graph`);
    }
  }
  for (const c of r.context ?? []) if (c.nodeId !== undefined) nodeOk(c.nodeId, c.value, c.labels, `context "${c.value}"`);
  for (const [id, labels] of Object.entries(r.nodeLabels ?? {})) nodeOk(id, undefined, labels, 'nodeLabels');
  // A named node's match with its distance.
  const named = plan.nodes.filter((n) => n.text !== undefined);
  if (r.strategy === 'gsd') {
    for (const s of r.subgraphs)
      for (const n of named) {
        const term = s.terms.find((t) => t.kind === 'node' && t.variable === n.id);
        if (!term || !Number.isFinite(term.distance) || term.distance < 0) fail(where, plan, strategy, `subgraph ${s.rank}: the named node (${n.id} "${n.text!.value}") has no match shown with its distance`);
      }
  }
  if (r.strategy === 'stem') for (const b of r.stem?.beams ?? []) for (const a of b.anchors) if (!Number.isFinite(a.similarity)) fail(where, plan, strategy, `anchor ${a.name} has no similarity`);
  // Counts shown = counts held.
  r.subgraphs.forEach((s, i) => s.rank !== i + 1 && fail(where, plan, strategy, `subgraph ranks are not 1..n (rank ${s.rank} at ${i + 1})`));
  if (r.strategy === 'cypher' && r.stats['rows'] !== r.subgraphs.length) fail(where, plan, strategy, `stats.rows ${r.stats['rows']} ≠ ${r.subgraphs.length} rows held`);
  if (r.strategy === 'stem' && r.stem) {
    const matches = r.stem.beams.reduce((s, b) => s + b.matches, 0);
    if (r.stats['matches'] !== matches) fail(where, plan, strategy, `stats.matches ${r.stats['matches']} ≠ ${matches} matches in the beams`);
    if (r.subgraphs.length !== Math.min(100, matches)) fail(where, plan, strategy, `${r.subgraphs.length} subgraphs for ${matches} matches`);
  }
  if (r.strategy === 'sage' && r.sage) {
    if (r.stats['seeds'] !== r.sage.seeds.length) fail(where, plan, strategy, `stats.seeds ${r.stats['seeds']} ≠ ${r.sage.seeds.length} seeds held`);
    if (r.stats['candidates'] !== r.sage.candidateCount) fail(where, plan, strategy, `stats.candidates ${r.stats['candidates']} ≠ ${r.sage.candidateCount}`);
  }
  if (r.nodeLabels && Object.keys(r.nodeLabels).length !== namedNodeIds(r).length) fail(where, plan, strategy, `nodeLabels holds ${Object.keys(r.nodeLabels).length} nodes, the result names ${namedNodeIds(r).length}`);
  if (violations.length === before) checkedPlans++;
}

// ---- Random plans --------------------------------------------------------------------------------

/** A random walk from a random node: the plan's shape, with its words written the ways people write them. */
function randomPlan(snap: GraphSnapshot, rand: () => number, name: string, strategy: string): PlanningGraph | undefined {
  const d = snap.data;
  const hops = 1 + Math.floor(rand() * 3);
  let v = Math.floor(rand() * snap.nodeCount);
  const path: { from: number; rel: number; to: number; forward: boolean }[] = [];
  const seen = new Set([v]);
  for (let h = 0; h < hops; h++) {
    const options: { rel: number; to: number; forward: boolean }[] = [];
    for (let j = d.outOffsets[v]!; j < d.outOffsets[v + 1]!; j++) if (!seen.has(d.outTargets[j]!)) options.push({ rel: d.outRels[j]!, to: d.outTargets[j]!, forward: true });
    for (let j = d.inOffsets[v]!; j < d.inOffsets[v + 1]!; j++) if (!seen.has(d.inSources[j]!)) options.push({ rel: d.inRels[j]!, to: d.inSources[j]!, forward: false });
    if (options.length === 0) break;
    const o = options[Math.floor(rand() * options.length)]!;
    path.push({ from: v, ...o });
    seen.add(o.to);
    v = o.to;
  }
  if (path.length === 0) return undefined;
  const vars = [path[0]!.from, ...path.map((p) => p.to)];
  const typeWord = (label: string): string => {
    const x = rand();
    return x < 0.4 ? label : x < 0.6 ? label.toLowerCase() : x < 0.75 ? `${label.toLowerCase()}s` : x < 0.85 ? 'thing' : '';
  };
  const nodeText = (i: number): string => {
    const g = vars[i]!;
    const label = typeWord(snap.labelOf(g));
    const cat = label === '' ? '' : `: ${/^[A-Za-z]+$/.test(label) ? label : 'Thing'}`;
    if (i === 0) return rand() < 0.2 ? `(n0${cat} {name: "${d.names.get(g)}"})` : `(n0${cat} "${rand() < 0.15 ? d.names.get(g).toLowerCase() : d.names.get(g)}")`;
    return `(n${i}${cat})`;
  };
  const relText = (rel: number): string => {
    const t = d.relationNames[rel]!;
    const x = rand();
    return x < 0.5 ? t.replace(/_/g, ' ') : x < 0.8 ? `:${t}` : x < 0.9 ? '' : 'related to';
  };
  const lines = path.map((p, i) => {
    const a = i === 0 ? nodeText(0) : `(n${i})`;
    const b = nodeText(i + 1);
    const rel = relText(p.rel);
    const arrow = rel === '' ? (p.forward ? '-->' : '<--') : p.forward ? `-[${rel}]->` : `<-[${rel}]-`;
    return `    ${a} ${arrow} ${b}`;
  });
  const target = 1 + Math.floor(rand() * path.length);
  const using =
    strategy === 'gsd' ? `gsd(k: ${1 + Math.floor(rand() * 4)})` : strategy === 'mor' ? 'mor(seeds: 5, perStep: 10, k: 20)' : strategy === 'stem' ? `stem(mode: ${rand() < 0.5 ? 'precision' : 'breadth'})` : strategy === 'sage' ? 'sage(k: 5, kPrime: 15)' : 'cypher(limit: 50)';
  const text = `plan ${name} {\n  match\n${lines.join('\n')}\n  return n${target}\n  using ${using}\n}\n`;
  const parsed = parseDocument(text);
  const plans = toPlanningGraphs(parsed.document);
  return plans[0];
}

const PER_GRAPH: Readonly<Record<Exclude<StrategyKind, never>, number>> = { gsd: 220, mor: 180, stem: 200, sage: 200, cypher: 90 };

test('issue 26 invariants: answers, drawn nodes and edges, named matches, findings and counts hold for every strategy on random plans', async () => {
  const t0 = performance.now();
  let plans = 0;
  for (const [gi, g] of graphs.entries()) {
    const rand = mulberry32(SEED * 7 + gi);
    for (const kind of Object.keys(PER_GRAPH) as StrategyKind[]) {
      for (let i = 0; i < PER_GRAPH[kind]; i++) {
        const plan = randomPlan(g.snap, rand, `p${gi}_${kind}_${i}`, kind);
        if (!plan) continue;
        const r = await g.session.run(plan);
        plans++;
        await checkResult(g.name, g.snap, g.session.embedder, plan, kind, r);
      }
    }
    // ask: the grounded planner's plan, its answers and the run of its plan.
    const asker = new Asker(g.snap, { embedder: g.session.embedder });
    for (let i = 0; i < 40; i++) {
      const v = Math.floor(rand() * g.snap.nodeCount);
      const d = g.snap.data;
      const j = d.outOffsets[v]!;
      if (j === d.outOffsets[v + 1]) continue;
      const question = `which ${g.snap.labelOf(d.outTargets[j]!).toLowerCase()} ${d.relationNames[d.outRels[j]!]!.replace(/_/g, ' ')} ${d.names.get(v)}`;
      const a = await asker.ask(question);
      plans++;
      if (a.kind !== 'planned') continue;
      const where = `${g.name} ask "${question}"`;
      const types = await resolvePlanTypes(a.plan, g.snap, g.session.embedder);
      for (const x of a.answers) {
        const n = g.snap.nodeIndexOf(x.id);
        if (n === undefined || g.snap.names.get(n) !== x.value || g.snap.labelOf(n) !== x.label) fail(where, a.plan, 'ask', `answer ${x.value} (${x.label}) is not so in the graph`);
        for (const t of a.plan.targets) {
          const allowed = allowedLabels(types, t);
          if (n !== undefined && allowed !== null && !allowed.includes(g.snap.data.nodeLabel[n]!)) fail(where, a.plan, 'ask', `answer ${x.value} is ${x.label}, not the label of return ${t}`);
        }
      }
      if (a.answerCount < a.answers.length) fail(where, a.plan, 'ask', `answerCount ${a.answerCount} < ${a.answers.length} answers shown`);
      await checkResult(where, g.snap, g.session.embedder, a.plan, 'ask → cypher', await g.session.run(a.plan));
    }
    // why-not: every verified fix, applied and re-run, returns the expected answer.
    for (let i = 0; i < 25; i++) {
      const kind = (['gsd', 'mor', 'cypher'] as const)[i % 3]!;
      const plan = randomPlan(g.snap, rand, `w${gi}_${i}`, kind);
      if (!plan) continue;
      const target = plan.targets[0]!;
      const types = await resolvePlanTypes(plan, g.snap, g.session.embedder);
      const allowed = allowedLabels(types, target);
      const pool = Array.from({ length: g.snap.nodeCount }, (_, x) => x).filter((x) => allowed === null || allowed.includes(g.snap.data.nodeLabel[x]!));
      const expected = g.snap.names.get(pool[Math.floor(rand() * pool.length)] ?? 0);
      const w = await g.session.whyNot(plan, expected, { strategy: kind });
      plans++;
      const where = `${g.name} why-not "${expected}"`;
      const ran = await g.session.run(plan, { strategy: kind });
      if (w.cause.kind === 'returned' && !ran.answers.some((a) => a.value === expected)) fail(where, plan, `why-not ${kind}`, `says "${expected}" is returned; the run's answers are ${ran.answers.map((a) => a.value).join(', ')}`);
      for (const fix of w.fixes) {
        if (!fix.outcome?.returned) continue;
        const applied = applyFix(plan, fix, undefined);
        if ('skipped' in applied) continue;
        const again = await g.session.run(applied.plan, { strategy: fix.kind === 'set-parameter' ? fix.strategy : kind, ...(applied.relationAliases ? { relationAliases: applied.relationAliases } : {}) });
        if (!again.answers.some((a) => a.value === (fix.kind === 'fix-expect' ? fix.to : expected))) fail(where, plan, `why-not ${kind}`, `fix "${fix.label}" is verified, but the re-run with it does not return ${expected}`);
      }
    }
  }
  // MetaQA: dev paths as SimGRAG JSON with type words, through the strategy table on the kb.txt snapshot.
  const snap = metaqa!;
  const embedder = new HashingEmbedder();
  const store = { kind: 'embedded', description: 'MetaQA kb.txt snapshot (no store: the snapshot strategies only)' } as unknown as GraphStore;
  const context = { store, embedder, snapshot: async () => snap };
  const set = readParaphraseSet();
  for (const hop of [1, 2, 3]) {
    const qs = sample(loadQuestions(METAQA, hop), 40, SEED + hop);
    const phraseFor = phraseGenerator('standard', SEED, hop, set);
    for (const kind of ['gsd', 'mor', 'stem', 'sage'] as const) {
      for (const q of qs) {
        const p = planningGraphFromSimGrag(simgragPattern(q, phraseFor), { name: `metaqa_${hop}_${q.line}` }).plan;
        if (!p) continue;
        const r = await STRATEGIES[kind].run(p, context, {}, p.name);
        plans++;
        await checkResult(`MetaQA ${hop}-hop`, snap, embedder, p, kind, r);
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  assert.deepEqual(violations, [], `${violations.length} violation(s) over ${plans} plans`);
  assert.ok(plans >= 2000, `${plans} plans checked, fewer than 2,000`);
  console.log(`invariants: ${plans} plans, ${checkedPlans} results clean, ${seconds.toFixed(1)} s`);
});

test('issue 26 invariant: the diff of two results matches nodes and edges by graph identity', async () => {
  const g = graphs[0]!;
  const rand = mulberry32(SEED * 13);
  const problems: string[] = [];
  /**
   * The graph edges a result draws: its triples, and for each MoR step the stored edge it records
   * (looked up in the graph's own adjacency: a recorded edge the graph lacks is a violation).
   */
  const drawn = (r: RetrievalResult, planName: string): Set<string> => {
    const out = new Set<string>();
    const d = g.snap.data;
    for (const s of r.subgraphs) for (const t of s.triples) out.add(`${t.source}|${t.type}|${t.target}`);
    for (const t of r.trajectory?.trajectories ?? [])
      t.nodes.forEach((n, i) => {
        const prev = t.nodes[i - 1];
        const followed = t.edges?.[i];
        if (!prev || !followed) return;
        const [from, to] = followed.forward ? [prev.nodeId, n.nodeId] : [n.nodeId, prev.nodeId];
        const x = g.snap.nodeIndexOf(from)!;
        const y = g.snap.nodeIndexOf(to)!;
        let found = false;
        for (let j = d.outOffsets[x]!; j < d.outOffsets[x + 1]!; j++) if (d.outTargets[j] === y && d.relationNames[d.outRels[j]!] === followed.type) found = true;
        if (found) out.add(`${from}|${followed.type}|${to}`);
        else if (problems.length < 20) problems.push(`plan ${planName} · mor step ${from} -[${followed.type}]-> ${to} is drawn but is no edge of the graph`);
      });
    return out;
  };
  const pairs: [StrategyKind, StrategyKind][] = [['gsd', 'cypher'], ['gsd', 'mor'], ['stem', 'cypher'], ['gsd', 'stem']];
  for (let i = 0; i < 60; i++) {
    const [ka, kb] = pairs[i % pairs.length]!;
    const plan = randomPlan(g.snap, rand, `d${i}`, ka);
    if (!plan) continue;
    const a = await g.session.run(plan, { strategy: ka });
    const b = await g.session.run(plan, { strategy: kb });
    const diff = subgraphDiff(a, b);
    const ea = drawn(a, plan.name);
    const eb = drawn(b, plan.name);
    const both = [...ea].filter((e) => eb.has(e));
    if (diff.edgeCounts.both !== both.length && problems.length < 20) problems.push(`plan ${plan.name} [${planText(plan)}] · ${ka} vs ${kb} · edges in both: shown ${diff.edgeCounts.both}, by graph identity ${both.length} (${both.slice(0, 3).join(', ')})`);
    const na = new Set(a.subgraphs.flatMap((s) => s.mapping.map((m) => m.nodeId)));
    const inBoth = diff.nodes.filter((n) => n.side === 'both').map((n) => n.key);
    for (const k of inBoth) if (g.snap.nodeIndexOf(k) === undefined && problems.length < 20) problems.push(`plan ${plan.name} · ${ka} vs ${kb} · node ${k} in both is not a graph node id`);
    void na;
  }
  assert.deepEqual(problems, []);
});
