import { planningGraphFromMorPlan } from '../plan/mor';
import type { PlanningGraph } from '../plan/planningGraph';
import { planningGraphFromSimGrag } from '../plan/simgrag';
import { planningGraphFromStem } from '../plan/stem';
import { readRunInputs } from '../retrieve/inputs';

/**
 * A question set (docs/eval.md): JSON lines of `{id, question | pattern | plan, answers, …any
 * fields}`, or a `.kgp` file whose plans carry `expect`. Questions go through ask; patterns
 * (SimGRAG, MoR or STEM JSON) and `.kgp` plan text run directly. Other fields are kept for
 * `--group-by`. Problems come back with their 1-based line, never as exceptions.
 */
export type EvalInputKind = 'question' | 'plan';

export interface EvalItem {
  readonly id: string;
  /** 1-based line in the set file. */
  readonly line: number;
  readonly answers: readonly string[];
  readonly question?: string;
  /** The pattern or plan, read (absent: question only). */
  readonly plan?: PlanningGraph;
  /** Every other field of the line (group-by reads these). */
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface SetProblem {
  readonly line: number;
  readonly message: string;
}

export interface ReadSet {
  readonly items: EvalItem[];
  readonly problems: SetProblem[];
}

export function readEvalSet(fileName: string, text: string): ReadSet {
  if (/\.kgp$/i.test(fileName)) return readKgpSet(fileName, text);
  return readJsonLinesSet(text);
}

function readKgpSet(fileName: string, text: string): ReadSet {
  const read = readRunInputs(fileName, text);
  const items: EvalItem[] = [];
  for (const input of read.inputs) {
    if (input.plan.expect.length === 0) continue;
    items.push({ id: input.id, line: input.line ?? 1, answers: input.plan.expect, ...(input.plan.question ? { question: input.plan.question } : {}), plan: input.plan, fields: {} });
  }
  const problems: SetProblem[] = read.problems.map((p) => ({ line: p.line, message: p.code ? `${p.code} ${p.message}` : p.message }));
  if (items.length === 0 && problems.length === 0) problems.push({ line: 1, message: 'no plan with `expect` (a .kgp set is its plans that expect answers)' });
  return { items, problems };
}

const INPUT_FIELDS = new Set(['id', 'question', 'pattern', 'plan', 'answers']);

function readJsonLinesSet(text: string): ReadSet {
  const items: EvalItem[] = [];
  const problems: SetProblem[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (e) {
      problems.push({ line, message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ line, message: 'expected an object {id, question | pattern | plan, answers}' });
      return;
    }
    const rec = value as Record<string, unknown>;
    const id = typeof rec['id'] === 'string' || typeof rec['id'] === 'number' ? String(rec['id']) : `line-${line}`;
    const before = seen.get(id);
    if (before !== undefined) {
      problems.push({ line, message: `id ${JSON.stringify(id)} was already used on line ${before}` });
      return;
    }
    seen.set(id, line);
    const answers = rec['answers'];
    if (!Array.isArray(answers) || answers.length === 0 || !answers.every((a) => typeof a === 'string' || typeof a === 'number')) {
      problems.push({ line, message: `${id}: "answers" must be a non-empty list of strings` });
      return;
    }
    const question = typeof rec['question'] === 'string' && rec['question'].trim() ? rec['question'] : undefined;
    if (rec['question'] !== undefined && question === undefined) {
      problems.push({ line, message: `${id}: "question" must be a non-empty string` });
      return;
    }
    let plan: PlanningGraph | undefined;
    if (rec['plan'] !== undefined || rec['pattern'] !== undefined) {
      const read = rec['plan'] !== undefined ? planFromKgpText(id, rec['plan']) : planFromPattern(id, rec['pattern']);
      if (typeof read === 'string') {
        problems.push({ line, message: `${id}: ${read}` });
        return;
      }
      plan = read;
    }
    if (!plan && question === undefined) {
      problems.push({ line, message: `${id}: needs "question", "pattern" or "plan"` });
      return;
    }
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rec)) if (!INPUT_FIELDS.has(k)) fields[k] = v;
    items.push({ id, line, answers: answers.map(String), ...(question !== undefined ? { question } : {}), ...(plan ? { plan } : {}), fields });
  });
  return { items, problems };
}

/** A `.kgp` text with one plan (its first, when several). */
function planFromKgpText(id: string, v: unknown): PlanningGraph | string {
  if (typeof v !== 'string' || !v.trim()) return '"plan" must be .kgp text';
  const read = readRunInputs(`${id}.kgp`, v);
  const errors = read.problems.map((p) => `plan line ${p.line}: ${p.message}`);
  if (errors.length > 0) return errors.join('; ');
  const first = read.inputs[0];
  return first ? { ...first.plan, name: id } : '"plan" holds no plan';
}

/** SimGRAG pattern JSON, a MoR plan ({Metapath, Restriction}) or STEM planning output ({assertions}). */
function planFromPattern(id: string, v: unknown): PlanningGraph | string {
  if (typeof v !== 'object' || v === null) return '"pattern" must be a JSON object (SimGRAG, MoR or STEM)';
  const r = 'Metapath' in v ? planningGraphFromMorPlan(v, { name: id }) : 'assertions' in v ? planningGraphFromStem(v, { name: id }) : planningGraphFromSimGrag(v, { name: id });
  const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  if (errors.length > 0 || !r.plan) return `pattern: ${errors.join('; ') || 'not a pattern'}`;
  return r.plan;
}

/** The group an item falls in for `--group-by field` (missing: "(none)"). */
export function groupOf(item: EvalItem, field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  const v = item.fields[field];
  return v === undefined || v === null ? '(none)' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}
