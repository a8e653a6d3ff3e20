import type { Embedder } from '../embed/embedder';
import { rankByDistance } from '../embed/rank';
import { printPlanningGraph } from '../dsl/fromIR';
import { parseDocument } from '../dsl/parser';
import type { PlanNode, PlanningGraph } from '../plan/planningGraph';
import { planNameFor, type PlanProposal, type Planner, type PlannerContext, type PlannerExample } from './planner';

/** Entity texts of a plan: the soft/exact texts of its nodes, in node order. */
function entityTexts(plan: PlanningGraph): string[] {
  return plan.nodes.flatMap((n) => (n.text ? [n.text.value] : []));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Aligns the example's question with the new one: the example's entity mentions become capture
 * groups and the rest must match word for word. "films directed by [Joel Zwick]" against
 * "films directed by [Sharon Tate]" gives Joel Zwick → Sharon Tate.
 */
export function alignByTemplate(exampleQuestion: string, entities: readonly string[], question: string): Map<string, string> | undefined {
  const lower = exampleQuestion.toLowerCase();
  const found = entities
    .map((e) => ({ e, at: lower.indexOf(e.toLowerCase()) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (found.length === 0) return undefined;
  let pattern = '';
  let pos = 0;
  const order: string[] = [];
  for (const { e, at } of found) {
    if (at < pos) continue; // overlapping mentions: keep the first
    pattern += escapeRegExp(exampleQuestion.slice(pos, at)).replace(/\s+/g, '\\s+') + '(.+?)';
    order.push(e);
    pos = at + e.length;
  }
  pattern += escapeRegExp(exampleQuestion.slice(pos)).replace(/\s+/g, '\\s+');
  const m = new RegExp('^\\s*' + pattern + '\\s*$', 'i').exec(question);
  if (!m) return undefined;
  return new Map(order.map((e, i) => [e, m[i + 1]!.trim()]));
}

/** Mentions a question marks itself: [bracketed] (MetaQA) or "quoted". */
export function markedMentions(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/\[([^\]]+)\]|"([^"]+)"/g)) out.push((m[1] ?? m[2]!).trim());
  return out;
}

/**
 * With no model at all: the few-shot example whose question is nearest to the new one, its pattern
 * kept and its entities replaced by the question's — offered for editing, never run unseen.
 */
export class NearestExamplePlanner implements Planner {
  readonly source = 'nearest-example' as const;
  readonly description = 'nearest few-shot example (no language model)';
  constructor(private readonly embedder: Embedder) {}

  async propose(question: string, context: PlannerContext, signal?: AbortSignal): Promise<PlanProposal> {
    if (context.examples.length === 0) return { kind: 'no-proposal', source: this.source, reason: 'there are no few-shot examples to start from' };
    const ranked = await rankByDistance(this.embedder, question, context.examples.map((e) => e.question), signal);
    const best = context.examples.find((e) => e.question === ranked[0]!.text) as PlannerExample;
    const entities = entityTexts(best.plan);
    const stripped = (s: string): string => s.replace(/^\[|\]$/g, '');
    let mapping = alignByTemplate(best.question, entities, question);
    let how = 'aligned with its question';
    if (!mapping) {
      const mentions = markedMentions(question);
      const inExample = entities.filter((e) => best.question.toLowerCase().includes(e.toLowerCase()));
      mapping = new Map(inExample.slice(0, mentions.length).map((e, i) => [e, mentions[i]!]));
      how = mapping.size > 0 ? 'the question’s marked entities put in order' : 'no entities recognised — edit the texts';
    }
    const nodes: PlanNode[] = best.plan.nodes.map((n) => {
      const replacement = n.text ? mapping!.get(n.text.value) : undefined;
      return replacement !== undefined && n.text ? { ...n, text: { ...n.text, value: stripped(replacement) } } : n;
    });
    const plan: PlanningGraph = { ...best.plan, name: planNameFor(question), question, nodes, expect: [] };
    const text = printPlanningGraph(plan);
    const { diagnostics } = parseDocument(text);
    const swaps = [...mapping].map(([a, b]) => `"${a}" → "${stripped(b)}"`).join(', ');
    return {
      kind: 'proposal',
      source: this.source,
      text,
      plan,
      diagnostics,
      note: `from the example "${best.question}" (distance ${ranked[0]!.distance.toFixed(3)}); ${how}${swaps ? ': ' + swaps : ''}`,
    };
  }
}
