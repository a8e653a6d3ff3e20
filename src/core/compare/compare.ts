/**
 * Compares retrieval results: answers gained and lost (with their ranks), the retrieved subgraphs'
 * diff (nodes and edges only in A, only in B, in both), score and timing deltas. Pure: the
 * inspector's Compare view only draws what this returns (docs/inspector.md, "Compare").
 *
 * Decisions (a demanding user's expectations where the issue is silent):
 * - Answers are matched by their value (the name), not the node id: the same plan on two graphs has
 *   the same answers under other ids, and a Cypher answer may carry no id at all.
 * - Subgraph nodes are matched by id when both results come from one graph (two nodes may share a
 *   name), by name across graphs (ids of one graph name other nodes in another).
 * - Scores are compared only between results of one strategy: a GSD is a distance (lower is
 *   better), a MoR score a similarity; the difference of the two would mean nothing.
 * - An Explain result ran nothing: it has no answers to gain or lose; it is compared on timings only.
 */
import type {
  AnswerChange, AnswerRow, ComparedResult, Comparison, Delta, DiffEdge, DiffNode, DiffSide, PairComparison, SideCounts, SubgraphDiff,
} from '../../contracts/compare';
import type { RetrievalResult } from '../../contracts/retrievalResult';

/** A result to compare and the id it is known by (its history entry, or the result's own id). */
export interface CompareInput {
  readonly id: string;
  readonly result: RetrievalResult;
}

/** Explain compiles and plans the query without running it. */
export function executed(result: RetrievalResult): boolean {
  return result.cypher?.mode !== 'explain';
}

function letter(i: number): string {
  return i < 26 ? String.fromCharCode(65 + i) : `R${i + 1}`;
}

/** value → 1-based rank and score of its first occurrence. */
function answerRanks(result: RetrievalResult): Map<string, { rank: number; score: number }> {
  const ranks = new Map<string, { rank: number; score: number }>();
  result.answers.forEach((a, i) => {
    if (!ranks.has(a.value)) ranks.set(a.value, { rank: i + 1, score: a.score });
  });
  return ranks;
}

interface RetrievedNode {
  readonly id: string;
  readonly name: string;
  readonly labels: Set<string>;
}

interface RetrievedGraph {
  readonly nodes: Map<string, RetrievedNode>;
  /** id|type|id → its ends and type. */
  readonly edges: Map<string, { source: string; type: string; target: string }>;
}

/** The label a MoR structural step gets in the diff when its result does not record the edge (saved before `edges`). */
export const MOR_STEP = 'structural step';

/**
 * What a result retrieved as a graph: its subgraphs' mapped nodes and triples, MoR's final
 * trajectories (a structural step follows a stored edge, drawn with its type and direction; a
 * textual step is a text hit, no edge), and answer nodes. Edges are keyed by their ends and type,
 * so one triple is one edge whichever strategy drew it.
 */
export function retrievedGraph(result: RetrievalResult): RetrievedGraph {
  const nodes = new Map<string, RetrievedNode>();
  const edges = new Map<string, { source: string; type: string; target: string }>();
  const node = (id: string, name: string, labels: readonly string[] = []) => {
    let n = nodes.get(id);
    if (!n) nodes.set(id, (n = { id, name, labels: new Set() }));
    // The result's one label lookup (nodeLabels) for nodes a trace names without labels (MoR, triples).
    for (const l of labels.length > 0 ? labels : (result.nodeLabels?.[id] ?? [])) n.labels.add(l);
  };
  const edge = (source: string, type: string, target: string) => {
    edges.set(`${source}|${type}|${target}`, { source, type, target });
  };
  for (const s of result.subgraphs) {
    for (const m of s.mapping) node(m.nodeId, m.name, m.labels);
    for (const t of s.triples) {
      node(t.source, t.sourceName);
      node(t.target, t.targetName);
      edge(t.source, t.type, t.target);
    }
  }
  for (const t of result.trajectory?.trajectories ?? []) {
    t.nodes.forEach((n, i) => {
      node(n.nodeId, n.name);
      const prev = t.nodes[i - 1];
      if (!prev) return;
      // The edge as stored (ends and type), so it matches the same triple another strategy drew;
      // a result saved before MoR recorded its edges has only the step.
      const followed = t.edges?.[i];
      if (followed) edge(followed.forward ? prev.nodeId : n.nodeId, followed.type, followed.forward ? n.nodeId : prev.nodeId);
      else if (followed === undefined && t.traversalIdentifier[i] === 'structural') edge(prev.nodeId, MOR_STEP, n.nodeId);
    });
  }
  for (const a of result.answers) if (a.nodeId !== undefined) node(a.nodeId, a.value);
  return { nodes, edges };
}

function counts(items: readonly { side: DiffSide }[]): SideCounts {
  let a = 0;
  let b = 0;
  let both = 0;
  for (const x of items) {
    if (x.side === 'a') a++;
    else if (x.side === 'b') b++;
    else both++;
  }
  return { a, b, both };
}

/** Nodes and edges of A's and B's retrieved graphs: only in A, only in B, in both. */
export function subgraphDiff(a: RetrievalResult, b: RetrievalResult): SubgraphDiff {
  const matchedBy = a.store.description === b.store.description ? 'id' : 'name';
  const ga = retrievedGraph(a);
  const gb = retrievedGraph(b);
  const nodes = new Map<string, { name: string; labels: Set<string>; inA: boolean; inB: boolean }>();
  const keyIn = (g: RetrievedGraph) => (id: string) => (matchedBy === 'id' ? id : (g.nodes.get(id)?.name ?? id));
  const addNodes = (g: RetrievedGraph, inA: boolean) => {
    for (const n of g.nodes.values()) {
      const key = matchedBy === 'id' ? n.id : n.name;
      let d = nodes.get(key);
      if (!d) nodes.set(key, (d = { name: n.name, labels: new Set(), inA: false, inB: false }));
      for (const l of n.labels) d.labels.add(l);
      if (inA) d.inA = true;
      else d.inB = true;
    }
  };
  addNodes(ga, true);
  addNodes(gb, false);
  const edges = new Map<string, { source: string; type: string; target: string; inA: boolean; inB: boolean }>();
  const addEdges = (g: RetrievedGraph, inA: boolean) => {
    const key = keyIn(g);
    for (const e of g.edges.values()) {
      const source = key(e.source);
      const target = key(e.target);
      const k = `${source}|${e.type}|${target}`;
      let d = edges.get(k);
      if (!d) edges.set(k, (d = { source, type: e.type, target, inA: false, inB: false }));
      if (inA) d.inA = true;
      else d.inB = true;
    }
  };
  addEdges(ga, true);
  addEdges(gb, false);
  const side = (x: { inA: boolean; inB: boolean }): DiffSide => (x.inA && x.inB ? 'both' : x.inA ? 'a' : 'b');
  const diffNodes: DiffNode[] = [...nodes].map(([key, n]) => ({ key, name: n.name, labels: [...n.labels], side: side(n) }));
  const diffEdges: DiffEdge[] = [...edges].map(([key, e]) => ({ key, source: e.source, target: e.target, type: e.type, side: side(e) }));
  return { matchedBy, nodes: diffNodes, edges: diffEdges, nodeCounts: counts(diffNodes), edgeCounts: counts(diffEdges) };
}

/** Answers in B not in A (gained), in A not in B (lost), in both (kept), each with its ranks. */
export function answerChanges(a: RetrievalResult, b: RetrievalResult): Pick<PairComparison, 'gained' | 'lost' | 'kept'> {
  if (!executed(a) || !executed(b)) return { gained: [], lost: [], kept: [] };
  const ra = answerRanks(a);
  const rb = answerRanks(b);
  const gained: AnswerChange[] = [];
  const lost: AnswerChange[] = [];
  const kept: AnswerChange[] = [];
  for (const [value, x] of ra) {
    const y = rb.get(value);
    if (y) kept.push({ value, rankA: x.rank, rankB: y.rank, scoreA: x.score, scoreB: y.score });
    else lost.push({ value, rankA: x.rank, scoreA: x.score });
  }
  for (const [value, y] of rb) if (!ra.has(value)) gained.push({ value, rankB: y.rank, scoreB: y.score });
  return { gained, lost, kept };
}

function delta(name: string, a: number, b: number): Delta {
  return { name, a, b, delta: b - a };
}

/** Timing phases both results report, totalMs first. */
export function timingDeltas(a: RetrievalResult, b: RetrievalResult): Delta[] {
  const names = ['totalMs', ...Object.keys(a.timings).filter((k) => k !== 'totalMs')];
  return names.filter((k) => typeof a.timings[k] === 'number' && typeof b.timings[k] === 'number').map((k) => delta(k, a.timings[k]!, b.timings[k]!));
}

function bestScore(r: RetrievalResult): { name: string; value: number } | undefined {
  if (r.strategy === 'gsd') {
    const best = r.subgraphs.reduce<number | undefined>((m, s) => (m === undefined || s.gsd < m ? s.gsd : m), undefined);
    return best === undefined ? undefined : { name: 'best GSD (lower is better)', value: best };
  }
  const top = r.answers[0];
  return top ? { name: `top answer score (${r.strategy})`, value: top.score } : undefined;
}

/** Answer count (executed results) and, within one strategy, the best score. */
export function scoreDeltas(a: RetrievalResult, b: RetrievalResult): Pick<PairComparison, 'scores' | 'scoreNote'> {
  const scores: Delta[] = [];
  if (executed(a) && executed(b)) scores.push(delta('answers', a.answers.length, b.answers.length));
  if (a.strategy !== b.strategy) {
    return { scores, scoreNote: `scores not compared: ${a.strategy} and ${b.strategy} rank by different measures` };
  }
  const sa = bestScore(a);
  const sb = bestScore(b);
  if (sa && sb) scores.push(delta(sa.name, sa.value, sb.value));
  return { scores };
}

function compared(input: CompareInput, i: number): ComparedResult {
  const r = input.result;
  return {
    id: input.id,
    letter: letter(i),
    plan: r.plan,
    strategy: r.strategy,
    graph: r.store.description,
    executed: executed(r),
    answers: r.answers.length,
    totalMs: r.timings.totalMs,
  };
}

/** Every answer of every result, in first-seen order (A's ranking first), with its rank per result. */
export function answerTable(results: readonly RetrievalResult[]): AnswerRow[] {
  const ranks = results.map(answerRanks);
  const order: string[] = [];
  const seen = new Set<string>();
  for (const r of ranks) {
    for (const value of r.keys()) {
      if (seen.has(value)) continue;
      seen.add(value);
      order.push(value);
    }
  }
  return order.map((value) => ({ value, ranks: ranks.map((r, i) => (executed(results[i]!) ? (r.get(value)?.rank ?? null) : null)) }));
}

/** The first result (A) against each of the others. At least two results. */
export function compareResults(inputs: readonly CompareInput[]): Comparison {
  if (inputs.length < 2) throw new Error(`a comparison needs at least two results (got ${inputs.length})`);
  const a = inputs[0]!.result;
  return {
    results: inputs.map(compared),
    answers: answerTable(inputs.map((x) => x.result)),
    pairs: inputs.slice(1).map((x, j) => ({
      b: j + 1,
      ...answerChanges(a, x.result),
      subgraph: subgraphDiff(a, x.result),
      timings: timingDeltas(a, x.result),
      ...scoreDeltas(a, x.result),
    })),
  };
}
