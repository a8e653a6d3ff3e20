/**
 * Which planner proposes plans (setting kgrag.planner.kind) and which examples it learns from
 * (kgrag.planner.fewshotFile, else the workspace's .kgp plans with a question).
 */
import * as vscode from 'vscode';
import { GroundedPlanner } from '../../core/ask';
import { createEmbedder } from '../../core/embed';
import { ChatModelError, ChatPlanner, HttpChatModel, NearestExamplePlanner, type ChatModel, type Planner, type PlannerExample, plannerExamplesFromFile } from '../../core/llm';
import type { Connection } from '../graph/connection';
import { LanguageModelChatModel } from './languageModel';
import { PLANNER_API_KEY, type Secrets } from '../platform/secrets';
import { embedderSettings, placementSettings, plannerSettings, resolveInWorkspace } from '../platform/config';

export interface ChosenPlanner {
  readonly planner: Planner;
  /** Why this one (e.g. "no language model is available — using the nearest example"). */
  readonly why?: string;
}

async function nearest(connection: Connection): Promise<NearestExamplePlanner> {
  return new NearestExamplePlanner(connection.connected?.session.embedder ?? (await createEmbedder(embedderSettings())));
}

/**
 * The grounded planner on the connected graph (connecting when needed, as running a plan would),
 * placed as runs are (`kgrag.retrieval.placement`: in the store it holds the index without the
 * graph); `model`, when given, chooses among the numbered candidates (core/ask/choose.ts). The
 * session builds one Asker per index and schema.
 */
export function grounded(connection: Connection, model?: ChatModel): GroundedPlanner {
  return new GroundedPlanner(async () => {
    const { session, schema } = await connection.ensure();
    return session.asker({ ...placementSettings(), schema });
  }, model);
}

/**
 * Picks the planner; 'auto' is the HTTP endpoint if set, else VS Code's model, else the grounded
 * planner (core/ask: only queries the graph can answer), which needs no examples at all.
 */
export async function choosePlanner(connection: Connection, secrets: Secrets): Promise<ChosenPlanner> {
  const s = plannerSettings();
  const httpModel = async (endpoint: string) => {
    const apiKey = await secrets.get(PLANNER_API_KEY);
    return new HttpChatModel({ endpoint, model: s.model || 'default', ...(apiKey ? { apiKey } : {}) });
  };
  const http = async () => {
    if (!s.endpoint) throw new ChatModelError('no endpoint: set kgrag.planner.endpoint (e.g. http://localhost:11434/v1)', 'no-model');
    return new ChatPlanner(await httpModel(s.endpoint), 'http');
  };
  const lm = async () => new ChatPlanner(await LanguageModelChatModel.select(s.languageModelFamily || undefined), 'language-model');
  switch (s.kind) {
    case 'http':
      return { planner: await http() };
    case 'languageModel':
      return { planner: await lm() };
    case 'nearestExample':
      return { planner: await nearest(connection) };
    case 'grounded': {
      if (s.endpoint) return { planner: grounded(connection, await httpModel(s.endpoint)) };
      try {
        return { planner: grounded(connection, await LanguageModelChatModel.select(s.languageModelFamily || undefined)) };
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return { planner: grounded(connection), why: `${why} — the ranker chooses among the grounded candidates` };
      }
    }
    case 'auto':
      if (s.endpoint) return { planner: await http() };
      try {
        return { planner: await lm() };
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return { planner: grounded(connection), why: `${why} — planning from the graph itself (grounded candidates) instead` };
      }
  }
}

export interface LoadedExamples {
  readonly examples: readonly PlannerExample[];
  /** Where they came from, for the note and the log. */
  readonly from: string;
}

export async function loadPlannerExamples(): Promise<LoadedExamples> {
  const s = plannerSettings();
  if (s.fewshotFile) {
    const uri = vscode.Uri.file(resolveInWorkspace(s.fewshotFile));
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      throw new Error(`cannot read the few-shot file ${s.fewshotFile} (setting kgrag.planner.fewshotFile)`);
    }
    const examples = plannerExamplesFromFile(uri.fsPath, text);
    if (!examples) throw new Error(`${s.fewshotFile} is not a few-shot file this extension reads (see "KG-RAG: Validate Few-Shot Files")`);
    return { examples, from: vscode.workspace.asRelativePath(uri) };
  }
  const examples: PlannerExample[] = [];
  for (const uri of await vscode.workspace.findFiles('**/*.kgp', '**/{node_modules,.kgrag}/**', 100)) {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    examples.push(...(plannerExamplesFromFile(uri.fsPath, text) ?? []));
  }
  return { examples, from: 'the workspace’s .kgp plans with a question' };
}
