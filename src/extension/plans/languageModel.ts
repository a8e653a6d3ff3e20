/**
 * VS Code's Language Model API as a ChatModel for the planners. Used only from a user action
 * (the Inspect Question command): selecting a model and sending a request may ask the user for
 * consent. "No model" and a refused consent become ChatModelErrors with a reason the UI explains.
 */
import * as vscode from 'vscode';
import { ChatModelError, type ChatMessage, type ChatModel } from '../../core/llm';

export class LanguageModelChatModel implements ChatModel {
  readonly description: string;
  private constructor(private readonly model: vscode.LanguageModelChat) {
    this.description = `${model.name} (${model.vendor}, VS Code Language Model API)`;
  }

  /** The first chat model VS Code offers (optionally of a family); ChatModelError 'no-model' when none. */
  static async select(family?: string): Promise<LanguageModelChatModel> {
    let models: vscode.LanguageModelChat[];
    try {
      models = await vscode.lm.selectChatModels(family ? { family } : {});
    } catch (e) {
      throw new ChatModelError(`the Language Model API is not available: ${e instanceof Error ? e.message : String(e)}`, 'no-model');
    }
    const model = models[0];
    if (!model) throw new ChatModelError(`no language model is available${family ? ` of family ${family}` : ''} (install and sign in to a chat extension, or set kgrag.planner.endpoint)`, 'no-model');
    return new LanguageModelChatModel(model);
  }

  async complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string> {
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    // The API has user and assistant turns; instructions go first as a user turn.
    const turns = messages.map((m) => (m.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(m.content) : vscode.LanguageModelChatMessage.User(m.content)));
    try {
      const response = await this.model.sendRequest(turns, { justification: 'KG-RAG Studio turns the question you selected into a query plan.' }, cts.token);
      let text = '';
      for await (const chunk of response.text) text += chunk;
      return text;
    } catch (e) {
      if (signal?.aborted) throw new ChatModelError('cancelled', 'cancelled');
      if (e instanceof vscode.LanguageModelError) {
        if (e.code === vscode.LanguageModelError.NoPermissions.name) throw new ChatModelError('permission to use the language model was not given', 'consent');
        if (e.code === vscode.LanguageModelError.NotFound.name) throw new ChatModelError(`the language model is gone: ${e.message}`, 'no-model');
        throw new ChatModelError(`the language model refused: ${e.message}`, 'bad-response');
      }
      throw new ChatModelError(`the language model failed: ${e instanceof Error ? e.message : String(e)}`, 'unreachable');
    } finally {
      signal?.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  }
}
