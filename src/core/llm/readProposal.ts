import type { Diagnostic } from '../diagnostics';
import { parseDocument } from '../dsl/parser';
import { toPlanningGraphs } from '../dsl/toIR';
import { printPlanningGraph } from '../dsl/fromIR';
import type { PlanningGraph } from '../plan/planningGraph';
import { planNameFor, type PlanProposal, type ProposalSource } from './planner';

/** The kgplan text in a model's answer: a fenced block if there is one, else from `plan` on. */
export function extractPlanText(answer: string): string | undefined {
  const fenced = /```[ \t]*(?:kgp|kgplan)?[ \t]*\r?\n([\s\S]*?)```/.exec(answer);
  if (fenced) return fenced[1];
  const at = answer.search(/\bplan\s+[\w`]+\s*\{/);
  return at >= 0 ? answer.slice(at) : undefined;
}

/**
 * Reads a model's answer with the same parser as every `.kgp` file. The proposal keeps the asked
 * question and drops expectations (they belong to the example, not this question).
 */
export function readProposal(answer: string, question: string, source: ProposalSource, note: string): PlanProposal {
  const text = extractPlanText(answer);
  if (text === undefined) return { kind: 'no-proposal', source, reason: 'the answer holds no kgplan plan', raw: answer };
  const { document, diagnostics } = parseDocument(text);
  const graphs = toPlanningGraphs(document);
  const first = graphs[0];
  if (!first || first.nodes.length === 0) {
    return { kind: 'no-proposal', source, reason: firstError(diagnostics) ?? 'the answer holds no plan with a pattern', raw: answer };
  }
  const plan: PlanningGraph = { ...first, name: first.name || planNameFor(question), question, expect: [] };
  return { kind: 'proposal', source, text: printPlanningGraph(plan), plan, diagnostics, note, raw: answer };
}

function firstError(diagnostics: readonly Diagnostic[]): string | undefined {
  const d = diagnostics.find((x) => x.severity === 'error');
  return d ? `line ${d.range.start.line + 1}: ${d.message}` : undefined;
}
