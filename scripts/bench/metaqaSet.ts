/**
 * MetaQA dev as a question set for `kgrag eval` and the benches (docs/eval.md): per hop, the seeded
 * sample the benchmark draws, questions whose gold this kb.txt reaches, each with its gold pattern
 * (goldPattern) as .kgp text and the question itself. The bench evaluates these items with the same
 * loop `kgrag eval` runs (core/eval), so the figures in docs/ come from the user-facing feature.
 */
import { printPlanningGraph } from '../../src/core/dsl/fromIR';
import type { EvalItem } from '../../src/core/eval';
import type { PlanningGraph } from '../../src/core/plan/planningGraph';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { goldPattern, loadQuestions, reachableAnswers, sample, type Question } from './metaqa';

export interface MetaqaHop {
  readonly hop: number;
  readonly picked: readonly Question[];
  /** Questions some gold answer of which the KB chain reaches (the others are skipped, data/README.md). */
  readonly usable: readonly Question[];
  readonly plans: readonly PlanningGraph[];
  readonly items: readonly EvalItem[];
}

export function metaqaHop(snap: GraphSnapshot, data: string, hop: number, n: number, seed: number, typed = true): MetaqaHop {
  const picked = sample(loadQuestions(data, hop), n, seed + hop);
  const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
  const plans = usable.map((q) => goldPattern(q, typed));
  const items = usable.map((q, i): EvalItem => ({ id: `${hop}hop-${q.line}`, line: i + 1, answers: q.answers, question: q.text, plan: plans[i]!, fields: { hop } }));
  return { hop, picked, usable, plans, items };
}

/** One line of the set file (`kgrag eval` reads it back to the same plan). */
export function metaqaSetLine(item: EvalItem): string {
  return JSON.stringify({ id: item.id, hop: item.fields['hop'], question: item.question, plan: printPlanningGraph(item.plan!), answers: item.answers });
}
