import { ChatModelError, type ChatModel } from './chatModel';
import type { PlanProposal, Planner, PlannerContext, ProposalSource } from './planner';
import { buildPlannerPrompt } from './prompt';
import { readProposal } from './readProposal';

/** Proposes plans through any chat model: VS Code's Language Model API or an HTTP endpoint. */
export class ChatPlanner implements Planner {
  readonly description: string;
  constructor(
    private readonly model: ChatModel,
    readonly source: ProposalSource,
  ) {
    this.description = model.description;
  }

  async propose(question: string, context: PlannerContext, signal?: AbortSignal): Promise<PlanProposal> {
    const messages = buildPlannerPrompt(question, context);
    let answer: string;
    try {
      answer = await this.model.complete(messages, signal);
    } catch (e) {
      if (e instanceof ChatModelError) return { kind: 'no-proposal', source: this.source, reason: e.message };
      throw e;
    }
    const shots = Math.min(context.examples.length, context.shots ?? 12);
    return readProposal(answer, question, this.source, `proposed by ${this.model.description} from ${shots} example(s)`);
  }
}
