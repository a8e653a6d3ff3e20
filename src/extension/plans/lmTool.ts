/**
 * Retrieval as a language-model tool (`vscode.lm.registerTool`, declared in package.json
 * `contributes.languageModelTools`): a chat agent passes a question or a plan's text and gets the
 * answers with their evidence subgraphs from the active graph, as text built by core/context —
 * the same text the inspector's Model context view shows. The retrieval goes through the session
 * door (`connection.ensure()` → `session.run`), read-only, as Run does; no model is called here
 * (a question is planned by the grounded planner: only queries the graph can answer).
 */
import * as vscode from 'vscode';
import { CONTEXT_FORMATS, modelContext, type ContextFormat, type ModelContext } from '../../core/context';
import type { PlanningGraph } from '../../core/plan';
import { readRunInputs } from '../../core/retrieve';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import { registerCommand } from '../commands';
import type { Connection } from '../graph/connection';
import { placementSettings } from '../platform/config';
import { grounded } from './planners';
import { strategySettings } from './planRunner';

/** The tool's name (package.json `languageModelTools[].name`). */
export const RETRIEVAL_TOOL = 'kgrag_retrieve';

export interface RetrievalToolInput {
  readonly question?: string;
  readonly plan?: string;
  readonly planName?: string;
  readonly format?: ContextFormat;
  readonly maxGraphs?: number;
}

/** What the last invocation retrieved (tests read it through `kgrag._lastToolRun`). */
export interface ToolRun {
  readonly input: RetrievalToolInput;
  readonly plan: string;
  readonly result: RetrievalResult;
  readonly context: ModelContext;
}

let lastRun: ToolRun | undefined;

/** A bad input, said so the calling model can correct it (never a stack trace). */
class ToolInputError extends Error {}

function checkInput(input: RetrievalToolInput): void {
  const has = (s: unknown) => typeof s === 'string' && s.trim().length > 0;
  if (has(input.question) === has(input.plan)) throw new ToolInputError('give exactly one of "question" (a question in words) or "plan" (a .kgp plan or a SimGRAG pattern JSON)');
  if (input.format !== undefined && !CONTEXT_FORMATS.includes(input.format)) throw new ToolInputError(`"format" must be one of ${CONTEXT_FORMATS.join(', ')} (got ${JSON.stringify(input.format)})`);
  if (input.maxGraphs !== undefined && !(Number.isInteger(input.maxGraphs) && input.maxGraphs >= 1)) throw new ToolInputError('"maxGraphs" must be a whole number ≥ 1');
}

/** The plan the input names: its text as written (.kgp or SimGRAG JSON), or the grounded planner's for a question. */
async function planOf(input: RetrievalToolInput, connection: Connection, signal: AbortSignal): Promise<PlanningGraph> {
  if (input.plan !== undefined) {
    const text = input.plan;
    const json = /^\s*[[{]/.test(text);
    const read = readRunInputs(json ? 'plan.json' : 'plan.kgp', text, input.planName);
    if (read.problems.length > 0) throw new ToolInputError(`the plan has problems: ${read.problems.map((p) => `line ${p.line}${p.column !== undefined ? `:${p.column}` : ''}: ${p.message}`).join('; ')}`);
    if (read.inputs.length === 0) throw new ToolInputError('the plan text holds no plan or pattern');
    if (read.inputs.length > 1 && input.planName === undefined) throw new ToolInputError(`the text holds ${read.inputs.length} plans (${read.inputs.map((i) => i.plan.name).join(', ')}): name one in "planName"`);
    return read.inputs[0]!.plan;
  }
  const proposal = await grounded(connection).propose(input.question!.trim(), { examples: [], shots: 0 }, signal);
  if (proposal.kind === 'no-proposal') throw new ToolInputError(`no plan for this question: ${proposal.reason}`);
  return proposal.plan;
}

/** Runs the retrieval for a tool call and builds the model's context (exported for tests and the command). */
export async function retrieveForModel(
  input: RetrievalToolInput,
  connection: Connection,
  log: vscode.LogOutputChannel,
  signal: AbortSignal,
  tokenization?: vscode.LanguageModelToolTokenizationOptions,
): Promise<ToolRun> {
  checkInput(input);
  if (!vscode.workspace.isTrusted) throw new ToolInputError('KG-RAG Studio does not query graphs in Restricted Mode: trust the workspace first');
  const c = await connection.ensure(signal);
  const plan = await planOf(input, connection, signal);
  const result = await c.session.run(plan, { mode: 'run', signal, settings: strategySettings(undefined, log), ...placementSettings(undefined) });
  const base = { ...(input.format ? { format: input.format } : {}), ...(input.maxGraphs !== undefined ? { maxGraphs: input.maxGraphs } : {}) };
  let context = modelContext(result, base);
  if (tokenization) {
    // A chat request gives the model's tokenizer (asynchronous) and a budget: count exactly; over
    // the budget, start from the estimate scaled to the exact count, then drop graphs until it fits.
    const budget = tokenization.tokenBudget;
    let exact = await tokenization.countTokens(context.text);
    if (budget > 0 && exact > budget) {
      const ratio = exact / Math.max(1, context.tokens.tokens);
      let fitted = modelContext(result, { ...base, tokenBudget: Math.floor(budget / ratio) });
      exact = await tokenization.countTokens(fitted.text);
      for (let n = fitted.graphs - 1; exact > budget && n >= 0; n--) {
        fitted = modelContext(result, { ...base, maxGraphs: n });
        exact = await tokenization.countTokens(fitted.text);
      }
      context = fitted;
    }
    context = { ...context, tokens: { tokens: exact, method: "counted by the model's tokenizer", exact: true } };
  }
  lastRun = { input, plan: plan.name, result, context };
  log.info(`LM tool ${RETRIEVAL_TOOL}: ${plan.name} (${result.strategy}) → ${result.answers.length} answer(s), ${context.graphs} evidence graph(s), ${context.tokens.exact ? '' : '≈ '}${context.tokens.tokens} tokens`);
  return lastRun;
}

class RetrievalTool implements vscode.LanguageModelTool<RetrievalToolInput> {
  constructor(
    private readonly connection: Connection,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<RetrievalToolInput>): vscode.PreparedToolInvocation {
    const what = options.input.question ? `"${options.input.question.slice(0, 80)}"` : `plan ${options.input.planName ?? ''}`.trim();
    // Read-only retrieval on the graph the user chose: no confirmation, a message naming the graph.
    return { invocationMessage: `Retrieving ${what} from ${this.connection.activeGraph().label}` };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<RetrievalToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const run = await retrieveForModel(options.input, this.connection, this.log, controller.signal, options.tokenizationOptions);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(run.context.text)]);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.log.warn(`LM tool ${RETRIEVAL_TOOL}: ${message}`);
      // The model reads the error and can fix its input; an engine failure is said the same way.
      throw new Error(`KG-RAG retrieval failed: ${message}`);
    } finally {
      sub.dispose();
    }
  }
}

export function registerRetrievalTool(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    vscode.lm.registerTool(RETRIEVAL_TOOL, new RetrievalTool(connection, log)),
    registerCommand('kgrag._lastToolRun', () => lastRun),
  );
}
