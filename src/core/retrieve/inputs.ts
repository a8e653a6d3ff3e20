import { checkStrategyArguments } from '../check/structure';
import { parseDocument, toPlanningGraphs } from '../dsl';
import { planningGraphFromSimGrag } from '../plan/simgrag';
import { planningGraphFromStem } from '../plan/stem';
import type { PlanningGraph } from '../plan/planningGraph';

/**
 * What `kgrag run` reads: a .kgp file (every plan, or one by name), a SimGRAG-style pattern JSON
 * object (or an array of them), or JSON lines with one pattern per line:
 *   {"id"?, "query", "graph" | "triples": [[h, r, t], …], "target"?}
 * or STEM planning output (an object with "assertions"; plan/stem.ts), which runs with stem.
 * Problems come back as messages with a 1-based line, never as exceptions.
 */
export interface RunInput {
  readonly id: string;
  readonly plan: PlanningGraph;
  /** 1-based line of the pattern (JSON lines) or of the plan (kgp). */
  readonly line?: number;
}

export interface InputProblem {
  readonly line: number;
  readonly message: string;
  /** 1-based column and the check code, when the problem is a checker diagnostic (KGP213, …). */
  readonly column?: number;
  readonly code?: string;
}

export interface ReadInputs {
  readonly format: 'kgp' | 'json' | 'jsonl';
  readonly inputs: RunInput[];
  readonly problems: InputProblem[];
}

export function readRunInputs(fileName: string, text: string, planName?: string): ReadInputs {
  if (/\.kgp$/i.test(fileName)) return readKgp(text, planName);
  const trimmed = text.trim();
  if (/\.jsonl$/i.test(fileName) || (!/\.json$/i.test(fileName) && trimmed.includes('\n') && trimmed.startsWith('{') && !isSingleJson(trimmed))) return readJsonLines(text, planName);
  return readJson(text, planName);
}

function isSingleJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readKgp(text: string, planName?: string): ReadInputs {
  const parsed = parseDocument(text);
  const problems: InputProblem[] = parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ line: d.range.start.line + 1, message: d.message }));
  const plans = toPlanningGraphs(parsed.document);
  const lineOf = new Map(parsed.document.plans.map((p) => [p.name?.name ?? '', p.range.start.line + 1] as const));
  // A strategy argument the checker rejects (KGP211–214, e.g. `k: -1`) is reported as `kgrag check`
  // reports it and its plan is not run: running it with the default instead would hide the mistake.
  const refused = new Set<number>();
  parsed.document.plans.forEach((decl, i) => {
    const errors = decl.using ? checkStrategyArguments(decl.using).filter((d) => d.severity === 'error') : [];
    for (const d of errors) problems.push({ line: d.range.start.line + 1, column: d.range.start.character + 1, code: d.code, message: d.message });
    if (errors.length > 0) refused.add(i);
  });
  let inputs = plans.filter((_, i) => !refused.has(i)).map((plan) => ({ id: plan.name, plan, line: lineOf.get(plan.name) }));
  if (planName !== undefined) {
    inputs = inputs.filter((i) => i.plan.name === planName);
    if (inputs.length === 0) problems.push({ line: 1, message: `no plan named ${planName} (plans: ${plans.map((p) => p.name).join(', ') || 'none'})` });
  }
  return { format: 'kgp', inputs, problems };
}

function readJson(text: string, planName?: string): ReadInputs {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { format: 'json', inputs: [], problems: [{ line: 1, message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  // An array of pattern objects, or one object (a bare list of triples is one pattern).
  const items = Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) ? value : [value];
  const inputs: RunInput[] = [];
  const problems: InputProblem[] = [];
  items.forEach((item, i) => convert(item, i, 1, inputs, problems));
  return { format: 'json', inputs: filterByName(inputs, planName, problems), problems };
}

function readJsonLines(text: string, planName?: string): ReadInputs {
  const inputs: RunInput[] = [];
  const problems: InputProblem[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push({ line: i + 1, message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    convert(value, inputs.length + problems.length, i + 1, inputs, problems);
  });
  return { format: 'jsonl', inputs: filterByName(inputs, planName, problems), problems };
}

function convert(value: unknown, index: number, line: number, inputs: RunInput[], problems: InputProblem[]): void {
  const rec = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const idRaw = rec?.['id'];
  const id = typeof idRaw === 'string' || typeof idRaw === 'number' ? String(idRaw) : `pattern-${index + 1}`;
  const r = rec && 'assertions' in rec ? planningGraphFromStem(value, { name: id }) : planningGraphFromSimGrag(value, { name: id });
  for (const d of r.diagnostics) if (d.severity === 'error') problems.push({ line, message: `${id}: ${d.message}` });
  if (r.plan && !r.diagnostics.some((d) => d.severity === 'error')) inputs.push({ id, plan: r.plan, line });
}

function filterByName(inputs: RunInput[], planName: string | undefined, problems: InputProblem[]): RunInput[] {
  if (planName === undefined) return inputs;
  const kept = inputs.filter((i) => i.id === planName);
  if (kept.length === 0) problems.push({ line: 1, message: `no pattern with id ${planName}` });
  return kept;
}
