import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { estimateTokens, evidenceGraphs, modelContext, plainTriples, simgragEvidence } from '../../../src/core/context';
import { readRunInputs } from '../../../src/core/retrieve';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { sampleSession } from '../../support/sampleSession';

const session = sampleSession('kgrag-context-');
const KGP = readFileSync(resolve(__dirname, '../../fixtures/workspace/co_actors.kgp'), 'utf8');

async function run(kgp: string, name?: string): Promise<RetrievalResult> {
  const read = readRunInputs('plan.kgp', kgp, name);
  assert.deepEqual(read.problems, []);
  return session().run(read.inputs[0]!.plan);
}

/** Reads SimGRAG's `graph [i]: [(…), …]` back into triples (Python string reprs, as the prompt has them). */
function parseSimGrag(evidence: string): string[][][] {
  const graphs: string[][][] = [];
  const graphRe = /graph \[(\d+)\]: \[(.*?)\](?=, graph \[|$)/gs;
  for (const g of evidence.matchAll(graphRe)) {
    assert.equal(Number(g[1]), graphs.length + 1, 'graphs are numbered 1, 2, 3… in order');
    const triples: string[][] = [];
    for (const t of g[2]!.matchAll(/\(((?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?:, (?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")){2})\)/g)) {
      triples.push([...t[1]!.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? m[2]!).replace(/\\(.)/g, '$1')));
    }
    graphs.push(triples);
  }
  return graphs;
}

describe('modelContext (real runs on the sample graph)', () => {
  it('gsd: SimGRAG evidence holds every matched subgraph, in rank order, triple for triple', async () => {
    const result = await run(KGP, 'co_actor_languages');
    assert.ok(result.subgraphs.length > 0);
    const ctx = modelContext(result, { format: 'simgrag' });
    const line = ctx.text.split('\n').find((l) => l.startsWith('evidences: '))!;
    const parsed = parseSimGrag(line.slice('evidences: '.length));
    const expected = [...result.subgraphs].sort((a, b) => a.rank - b.rank).map((s) => [...new Map(s.triples.map((t) => [`${t.sourceName}|${t.type}|${t.targetName}`, [t.sourceName, t.type, t.targetName]])).values()]);
    assert.deepEqual(parsed, expected);
    assert.match(ctx.text, /^query: 'what languages are the films that share actors with The Vow in'$/m);
    assert.match(ctx.text, new RegExp(`^answers \\(${result.answers.length}, gsd\\): `, 'm'));
    for (const a of result.answers) assert.ok(ctx.text.includes(`'${a.value}'`), a.value);
    assert.equal(ctx.graphs, result.subgraphs.length);
    assert.equal(ctx.tokens.exact, false);
    assert.equal(ctx.tokens.tokens, Math.ceil([...ctx.text].length / 4));
  });

  it('triples: one distinct triple per line, every subgraph triple present', async () => {
    const result = await run(KGP, 'co_actor_languages');
    const ctx = modelContext(result, { format: 'triples' });
    const body = ctx.text.split('triples (head | relation | tail):\n')[1]!.split('\n');
    const want = new Set(result.subgraphs.flatMap((s) => s.triples.map((t) => `${t.sourceName} | ${t.type} | ${t.targetName}`)));
    assert.deepEqual(new Set(body), want);
    assert.equal(body.length, want.size, 'no triple repeated');
    assert.equal(ctx.triples, want.size);
  });

  it('mor: each route becomes a graph of its recorded edges, each edge an edge of the graph', async () => {
    const kgp = `plan nolan_genres {\n  match (n: Person "Christopher Nolan") -[directed by]- (f: Movie) -[genre]- (g: Genre)\n  return g\n  using mor(seeds: 5, perStep: 10, k: 20)\n}\n`;
    const result = await run(kgp);
    const graphs = evidenceGraphs(result);
    assert.ok(graphs.length > 0, 'MoR routes give evidence graphs');
    const edges = await session().query('MATCH (a)-[r]->(b) RETURN a.name AS a, label(r) AS r, b.name AS b');
    const inGraph = new Set(edges.rows.map((row) => `${String(row.a)}|${String(row.r)}|${String(row.b)}`));
    for (const g of graphs) for (const t of g.triples) assert.ok(inGraph.has(t.join('|')), `${t.join(' | ')} is an edge of the graph`);
  });

  it('a token budget drops the lowest-ranked graphs and says so', async () => {
    const result = await run(KGP, 'co_actor_languages');
    const full = modelContext(result);
    const cut = modelContext(result, { tokenBudget: full.tokens.tokens - 1 });
    assert.ok(cut.graphs < full.graphs);
    assert.ok(cut.tokens.tokens <= full.tokens.tokens - 1);
    assert.match(cut.text, new RegExp(`note: the ${cut.graphs} best of ${full.graphs} evidence graphs are given`));
    const none = modelContext(result, { tokenBudget: 1 });
    assert.equal(none.graphs, 0);
    assert.match(none.text, new RegExp(`^note: none of the ${full.graphs} evidence graphs is given: they do not fit the size limit\\.$`, 'm'));
    assert.match(none.text, /^evidences: left out$/m, 'never "the result holds no triples" when it does');
    const counted = modelContext(result, { countTokens: (t) => t.split(/\s+/).length });
    assert.equal(counted.tokens.exact, true);
    assert.equal(counted.tokens.tokens, counted.text.split(/\s+/).length);
  });
});

describe('evidence formats', () => {
  it('SimGRAG reprs: single quotes, double when the name holds one', () => {
    const graphs = [{ rank: 1, triples: [["Schindler's List", 'directed_by', 'Steven Spielberg'] as const] }, { rank: 2, triples: [['a', 'r', 'b'] as const] }];
    assert.equal(simgragEvidence(graphs), `graph [1]: [("Schindler's List", 'directed_by', 'Steven Spielberg')], graph [2]: [('a', 'r', 'b')]`);
  });
  it('plain triples escape the separator', () => {
    assert.equal(plainTriples([{ rank: 1, triples: [['a|b', 'r', 'c\nd'] as const] }]), 'a\\|b | r | c\\nd');
  });
  it('the estimate counts characters, not UTF-16 units', () => {
    assert.equal(estimateTokens('ééééé').tokens, 2);
    assert.equal(estimateTokens('🎬🎬🎬🎬').tokens, 1);
  });
});
