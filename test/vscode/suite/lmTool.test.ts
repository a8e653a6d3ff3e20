// The retrieval as a language-model tool, invoked through vscode.lm.invokeTool in the real extension
// host (no chat model is needed to invoke a tool: VS Code validates the input against the declared
// schema and calls the extension). The sample graph (the default active graph) answers; the tool's
// text must carry exactly the result's subgraphs, in SimGRAG's format and as plain triples.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ToolRun } from '../../../src/extension/plans/lmTool';
import { activeExtension, fixtureUri } from './helpers';

const TOOL = 'kgrag_retrieve';

async function invoke(input: object): Promise<{ text: string; run: ToolRun }> {
  const result = await vscode.lm.invokeTool(TOOL, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  const parts = result.content.filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart);
  assert.equal(parts.length, 1, 'one text part');
  const run = await vscode.commands.executeCommand<ToolRun | undefined>('kgrag._lastToolRun');
  assert.ok(run, 'the tool ran');
  return { text: parts[0]!.value, run };
}

/** SimGRAG's `graph [i]: [('h', 'r', 't'), …]` back into triples (Python string reprs). */
function parseEvidence(text: string): string[][][] {
  const line = text.split('\n').find((l) => l.startsWith('evidences: '));
  assert.ok(line, `an evidences line in:\n${text}`);
  const str = `'(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*"`;
  const triple = new RegExp(`\\((${str}), (${str}), (${str})\\)`, 'g');
  return [...line.slice('evidences: '.length).matchAll(/graph \[(\d+)\]: \[(.*?)\](?=, graph \[|$)/g)].map((g) =>
    [...g[2]!.matchAll(triple)].map((t) => [t[1]!, t[2]!, t[3]!].map((s) => s.slice(1, -1).replace(/\\(.)/g, '$1'))),
  );
}

const subgraphTriples = (run: ToolRun) =>
  [...run.result.subgraphs].sort((a, b) => a.rank - b.rank).map((s) => [...new Map(s.triples.map((t) => [`${t.sourceName}|${t.type}|${t.targetName}`, [t.sourceName, t.type, t.targetName]])).values()]).filter((g) => g.length > 0);

describe('LM tool: retrieval as context for a model (vscode.lm)', function () {
  this.timeout(240_000);

  before(async () => {
    await activeExtension();
  });

  it('LM tool: is listed in vscode.lm.tools with its input schema', () => {
    const info = vscode.lm.tools.find((t) => t.name === TOOL);
    assert.ok(info, `tools: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    const schema = info.inputSchema as { properties?: Record<string, unknown> } | undefined;
    assert.deepEqual(Object.keys(schema?.properties ?? {}).sort(), ['format', 'maxGraphs', 'plan', 'planName', 'question']);
    assert.ok(info.tags.includes('knowledge-graph'));
  });

  it('LM tool: a plan in, the answers and every subgraph out in SimGRAG format, in rank order', async () => {
    const plan = readFileSync(fixtureUri('co_actors.kgp').fsPath, 'utf8');
    const { text, run } = await invoke({ plan, planName: 'co_actor_languages' });
    assert.equal(run.result.strategy, 'gsd');
    assert.ok(run.result.subgraphs.length > 0, 'the sample graph matched');
    assert.deepEqual(parseEvidence(text), subgraphTriples(run));
    assert.match(text, /^query: 'what languages are the films that share actors with The Vow in'$/m);
    for (const a of run.result.answers) assert.ok(text.includes(`'${a.value}'`), `answer ${a.value} in the text`);
    assert.ok(run.result.answers.some((a) => a.value === 'English'));
    assert.equal(text, run.context.text, 'the text is the context core/context built');
    assert.equal(run.context.tokens.exact, false, 'no chat request: the estimate');
  });

  it('LM tool: format triples gives each distinct subgraph triple once per line; maxGraphs cuts and says so', async () => {
    const plan = readFileSync(fixtureUri('co_actors.kgp').fsPath, 'utf8');
    const { text, run } = await invoke({ plan, planName: 'co_actor_languages', format: 'triples' });
    const lines = text.split('triples (head | relation | tail):\n')[1]!.split('\n');
    assert.deepEqual(new Set(lines), new Set(subgraphTriples(run).flat().map((t) => t.join(' | '))));
    const cut = await invoke({ plan, planName: 'co_actor_languages', maxGraphs: 1 });
    assert.equal(parseEvidence(cut.text).length, 1);
    assert.match(cut.text, new RegExp(`note: the 1 best of ${subgraphTriples(cut.run).length} evidence graphs are given`));
  });

  it('LM tool: with the caller\'s tokenizer and budget (as a chat request passes them) it counts exactly and cuts to fit', async () => {
    const plan = readFileSync(fixtureUri('co_actors.kgp').fsPath, 'utf8');
    const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0).length;
    const full = await invoke({ plan, planName: 'co_actor_languages' });
    const budget = words(full.text) - 1;
    const result = await vscode.lm.invokeTool(TOOL, {
      input: { plan, planName: 'co_actor_languages' },
      toolInvocationToken: undefined,
      tokenizationOptions: { tokenBudget: budget, countTokens: async (text: string) => words(text) },
    });
    const text = (result.content[0] as vscode.LanguageModelTextPart).value;
    const run = (await vscode.commands.executeCommand<ToolRun | undefined>('kgrag._lastToolRun'))!;
    assert.equal(run.context.tokens.exact, true, 'counted with the given tokenizer');
    assert.equal(run.context.tokens.tokens, words(text));
    assert.ok(run.context.tokens.tokens <= budget, `${run.context.tokens.tokens} tokens within the budget of ${budget}`);
    assert.ok(run.context.graphs < full.run.context.graphs, 'graphs were left out');
    assert.match(text, new RegExp(`note: the ${run.context.graphs} best of ${full.run.context.graphs} evidence graphs are given`));
  });

  it('LM tool: a question in — the grounded planner plans it, the graph answers with its triples', async () => {
    const { text, run } = await invoke({ question: 'who directed The Vow' });
    assert.ok(run.result.answers.some((a) => a.value === 'Michael Sucsy'), `answers: ${run.result.answers.map((a) => a.value).join(', ')}`);
    const graphs = parseEvidence(text);
    assert.ok(graphs.length > 0);
    assert.ok(graphs.flat().some((t) => t.includes('The Vow') && t.includes('Michael Sucsy')), JSON.stringify(graphs));
  });

  it('LM tool: bad input is refused with words a model can act on', async () => {
    await assert.rejects(Promise.resolve(vscode.lm.invokeTool(TOOL, { input: {}, toolInvocationToken: undefined })), /exactly one of "question".*or "plan"/);
    await assert.rejects(Promise.resolve(vscode.lm.invokeTool(TOOL, { input: { plan: 'plan p { match (a -[x]- }' }, toolInvocationToken: undefined })), /the plan has problems: line 1/);
  });
});
