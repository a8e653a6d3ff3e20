import { parseDocument } from '../dsl/parser';
import type { ChatModel } from '../llm/chatModel';
import type { PlanProposal, Planner, PlannerContext } from '../llm/planner';
import type { PlacementReport } from '../../contracts/retrievalResult';
import type { Asker, AskResult } from './ask';

/** The grounding in a few lines, for the proposal's note and the log. */
export function groundingNote(r: AskResult): string {
  const mentions = r.mentions.filter((m) => m.anchor).map((m) => `"${m.text}" → ${m.nodes.map((n) => `${n.name}:${n.label}`).join(' | ')}`);
  if (r.kind !== 'planned') return r.message;
  const who = r.decidedBy.kind === 'model' ? `chosen by ${r.decidedBy.model}` : 'chosen by the ranker';
  const next = r.candidates
    .filter((_, i) => i !== r.chosen)
    .slice(0, 3)
    .map((c) => `${c.id}. ${c.chain} (${c.count})`);
  return [
    `${r.status === 'match' ? 'match' : 'WEAK guess — check it'} (confidence ${r.confidence.toFixed(2)}, ${who}, ${r.totalCandidates} candidates)`,
    `grounded: ${mentions.join('; ') || '—'}`,
    `${r.answerCount} answer(s); next: ${next.join(', ') || '—'}`,
    ...(r.placement ? [`placement ${r.placement.ran}${r.storeIo ? ` (${r.storeIo.roundTrips} round trip(s), ${r.storeIo.rowsRead} row(s))` : ''}: ${r.placement.reason}`] : []),
  ].join('; ');
}

/**
 * The grounded planner as a Planner: proposals only the graph can answer (core/ask). The asker is
 * built lazily (it needs the search index); a model, when given, chooses among the candidates.
 */
export class GroundedPlanner implements Planner {
  readonly source = 'grounded' as const;
  readonly description: string;
  /** The last result, for the inspector's grounding view. */
  last: AskResult | undefined;

  constructor(
    /** The Asker and where it runs (the session's `asker()`: memory, or the store without the snapshot). */
    private readonly asker: () => Promise<{ readonly asker: Asker; readonly placement?: PlacementReport }>,
    private readonly model?: ChatModel,
  ) {
    this.description = model ? `grounded candidates chosen by ${model.description}` : 'grounded planner (queries the graph can answer; no language model)';
  }

  async propose(question: string, _context: PlannerContext, signal?: AbortSignal): Promise<PlanProposal> {
    const { asker, placement } = await this.asker();
    const r = await asker.ask(question, { ...(placement ? { placement } : {}), ...(this.model ? { model: this.model } : {}), ...(signal ? { signal } : {}) });
    this.last = r;
    if (r.kind !== 'planned') return { kind: 'no-proposal', source: this.source, reason: r.message };
    const { diagnostics } = parseDocument(r.kgp);
    return { kind: 'proposal', source: this.source, text: r.kgp, plan: r.plan, diagnostics, note: groundingNote(r) };
  }
}
