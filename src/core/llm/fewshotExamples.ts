import { parseDocument, toPlanningGraphs } from '../dsl';
import { readFewShot } from '../fewshot/detect';
import type { FewShotDocument } from '../fewshot/model';
import type { PlannerExample } from './planner';

/**
 * Demonstrations for the planners from a user's few-shot file (any shape the fewshot readers
 * know) or from `.kgp` text (every plan with a question and a pattern). Examples without a
 * question or without a readable plan (e.g. question→Cypher rows) are left out.
 */
export function plannerExamplesFromFewShot(doc: FewShotDocument): PlannerExample[] {
  const out: PlannerExample[] = [];
  for (const ex of doc.examples) {
    const question = ex.question?.value.trim();
    const output = ex.output;
    if (!question || !output) continue;
    const plan = output.kind === 'kgp' ? output.plans[0] : output.kind === 'simgrag' || output.kind === 'mor' || output.kind === 'stem' ? output.plan : undefined;
    if (plan && plan.nodes.length > 0) out.push({ question, plan });
  }
  return out;
}

export function plannerExamplesFromKgp(text: string): PlannerExample[] {
  return toPlanningGraphs(parseDocument(text).document).flatMap((plan) => (plan.question && plan.nodes.length > 0 ? [{ question: plan.question, plan }] : []));
}

/** Reads a file by name: `.kgp` plans, else a few-shot file; undefined when it is neither. */
export function plannerExamplesFromFile(path: string, text: string): PlannerExample[] | undefined {
  if (/\.kgp$/i.test(path)) return plannerExamplesFromKgp(text);
  const doc = readFewShot(path, text);
  return doc ? plannerExamplesFromFewShot(doc) : undefined;
}
