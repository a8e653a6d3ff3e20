/**
 * A retrieval as a language model receives it: the answers and the evidence graphs behind them, in
 * SimGRAG's verbalised format (`graph [1]: [('h', 'r', 't'), …], graph [2]: […]`, the repository's
 * answer prompt, Table 18 of the paper) or as plain triples, one per line. One builder for every
 * door: the language-model tool, the inspector's Context view and `kgrag run --context`.
 */
import { tiesSentence, type RetrievalResult } from '../../contracts/retrievalResult';
import { pythonRepr } from '../plan/simgrag';

export const CONTEXT_FORMATS = ['simgrag', 'triples'] as const;
export type ContextFormat = (typeof CONTEXT_FORMATS)[number];

export type Triple = readonly [head: string, relation: string, tail: string];

/** One evidence graph: a matched subgraph (gsd, stem, cypher rows), a MoR route, or a SAGE seed with its kept neighbours. */
export interface EvidenceGraph {
  /** 1-based, the order the strategy ranked them in. */
  readonly rank: number;
  readonly triples: readonly Triple[];
}

export interface TokenCount {
  readonly tokens: number;
  /** How they were counted, in words a reader sees next to the number. */
  readonly method: string;
  /** false: an estimate, not the model's own tokenizer. */
  readonly exact: boolean;
}

export interface ModelContext {
  readonly format: ContextFormat;
  /** The text exactly as the model receives it. */
  readonly text: string;
  /** Evidence graphs in the text, and in the result (the rest were left out: `maxGraphs` or a token budget). */
  readonly graphs: number;
  readonly totalGraphs: number;
  /** Distinct triples in the text. */
  readonly triples: number;
  readonly tokens: TokenCount;
}

export interface ContextOptions {
  readonly format?: ContextFormat;
  /** At most this many evidence graphs, best first (default: all). */
  readonly maxGraphs?: number;
  /** Count tokens with the model's own tokenizer (the LM tool gets one from VS Code); default: the estimate. */
  readonly countTokens?: (text: string) => number;
  /** Leave out the lowest-ranked graphs until the text fits (said in the text). */
  readonly tokenBudget?: number;
}

/** Characters per token of the estimate: OpenAI's rule of thumb for English text (≈ 4). */
export const CHARS_PER_TOKEN = 4;
export const ESTIMATE_METHOD = `estimated as characters ÷ ${CHARS_PER_TOKEN}, not a model's tokenizer`;

/** The token estimate every door shows when no model's tokenizer is at hand. */
export function estimateTokens(text: string): TokenCount {
  return { tokens: Math.ceil([...text].length / CHARS_PER_TOKEN), method: ESTIMATE_METHOD, exact: false };
}

const nameOf = (result: RetrievalResult) => {
  const names = new Map<string, string>();
  for (const a of [...result.answers, ...(result.context ?? [])]) if (a.nodeId !== undefined) names.set(a.nodeId, a.value);
  return names;
};

function dedupe(triples: readonly Triple[]): Triple[] {
  const seen = new Set<string>();
  const out: Triple[] = [];
  for (const t of triples) {
    const key = t.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

/**
 * The evidence graphs of a result, best first: each matched subgraph's triples (gsd, stem, cypher
 * rows); for MoR, each reranked route's recorded edges; for SAGE, each seed with the edges to its
 * kept neighbours. Graphs without a triple are left out (a Cypher row of names only, a route of text hits).
 */
export function evidenceGraphs(result: RetrievalResult): EvidenceGraph[] {
  const graphs: Triple[][] = [];
  if (result.subgraphs.length > 0) {
    for (const s of [...result.subgraphs].sort((a, b) => a.rank - b.rank)) graphs.push(s.triples.map((t) => [t.sourceName, t.type, t.targetName] as const));
  } else if (result.trajectory) {
    for (const t of result.trajectory.trajectories) {
      const triples: Triple[] = [];
      t.nodes.forEach((n, i) => {
        const e = t.edges?.[i];
        const prev = t.nodes[i - 1];
        if (!e || !prev) return;
        triples.push(e.forward ? [prev.name, e.type, n.name] : [n.name, e.type, prev.name]);
      });
      graphs.push(triples);
    }
  } else if (result.sage) {
    const names = nameOf(result);
    for (const s of result.sage.seeds) names.set(s.nodeId, s.name);
    for (const seed of result.sage.seeds) {
      const kept = result.sage.candidates.filter((c) => c.kept && c.seed === seed.nodeId);
      graphs.push(kept.map((c) => (c.direction === 'out' ? [seed.name, c.edgeType, c.name] : [c.name, c.edgeType, seed.name]) as Triple));
    }
  }
  return graphs
    .map(dedupe)
    .filter((g) => g.length > 0)
    .map((triples, i) => ({ rank: i + 1, triples }));
}

/** SimGRAG's evidence: `graph [1]: [('h', 'r', 't'), …], graph [2]: […]` (Python reprs, as its code prints them). */
export function simgragEvidence(graphs: readonly EvidenceGraph[]): string {
  return graphs.map((g, i) => `graph [${i + 1}]: [${g.triples.map((t) => `(${t.map(pythonRepr).join(', ')})`).join(', ')}]`).join(', ');
}

/** A field of a plain triple: `|` and line breaks escaped, so each line splits into exactly three. */
const plain = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '\\n');

/** Every distinct triple of the graphs, one per line: `head | relation | tail`. */
export function plainTriples(graphs: readonly EvidenceGraph[]): string {
  return dedupe(graphs.flatMap((g) => g.triples))
    .map((t) => t.map(plain).join(' | '))
    .join('\n');
}

/** What the result says about its own limits: a model must read them as a reader of the inspector does. */
function notes(result: RetrievalResult): string[] {
  const out: string[] = [];
  for (const n of result.notFound ?? []) out.push(`'${n.text}' is not in the graph${n.nearest !== undefined ? `; the nearest name is '${n.nearest}'` : ''}: the answers are for the nearest names that complete the pattern.`);
  if (result.ties) out.push(tiesSentence(result.ties) + '.');
  if (result.budget) out.push(`the search stopped at its ${result.budget.exhausted} budget (${result.budget.limit}): the answers are the best found until then.`);
  if (result.cypher?.mode === 'explain') out.push('Explain planned the query without running it: there are no answers.');
  return out;
}

function render(result: RetrievalResult, format: ContextFormat, graphs: readonly EvidenceGraph[], total: number): string {
  const lines: string[] = [];
  if (result.question) lines.push(`query: ${pythonRepr(result.question)}`);
  const answers = result.answers.map((a) => a.value);
  lines.push(`answers (${answers.length}, ${result.strategy}): ${answers.length > 0 ? answers.map(pythonRepr).join(', ') : 'none'}`);
  for (const n of notes(result)) lines.push(`note: ${n}`);
  if (graphs.length < total) lines.push(graphs.length > 0 ? `note: the ${graphs.length} best of ${total} evidence graphs are given; the others were left out.` : `note: none of the ${total} evidence graphs is given: they do not fit the size limit.`);
  if (graphs.length === 0) lines.push(total > 0 ? 'evidences: left out' : 'evidences: none (the result holds no triples)');
  else if (format === 'simgrag') lines.push(`evidences: ${simgragEvidence(graphs)}`);
  else lines.push('triples (head | relation | tail):', plainTriples(graphs));
  return lines.join('\n');
}

/** The context a model receives for this result, with its size in tokens. */
export function modelContext(result: RetrievalResult, options: ContextOptions = {}): ModelContext {
  const format = options.format ?? 'simgrag';
  const all = evidenceGraphs(result);
  const count = (text: string): TokenCount =>
    options.countTokens ? { tokens: options.countTokens(text), method: "counted by the model's tokenizer", exact: true } : estimateTokens(text);
  let n = Math.min(all.length, options.maxGraphs ?? all.length);
  let text = render(result, format, all.slice(0, n), all.length);
  let tokens = count(text);
  // Over the budget: drop the lowest-ranked graphs one at a time (the text says how many are given).
  while (options.tokenBudget !== undefined && tokens.tokens > options.tokenBudget && n > 0) {
    n--;
    text = render(result, format, all.slice(0, n), all.length);
    tokens = count(text);
  }
  const shown = all.slice(0, n);
  return { format, text, graphs: n, totalGraphs: all.length, triples: dedupe(shown.flatMap((g) => g.triples)).length, tokens };
}
