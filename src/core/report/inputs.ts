import Ajv, { type ValidateFunction } from 'ajv';
import retrievalResultSchema from '../../../schemas/retrieval-result.schema.json';
import reportInputsSchema from '../../../schemas/report-inputs.schema.json';
import type { RetrievalResult } from '../retrieve/result';
import type { WhyNotResult } from '../../contracts/whyNot';
import type { Baseline, BaselineComparison } from '../testing/baseline';
import type { PlanTestOutcome, PlanTestSummary } from '../testing/evaluate';

/** What a report shows, read from the JSON kgrag writes (run --json, test --json, baselines, why-not --json). */
export interface ReportInput {
  readonly results: readonly RetrievalResult[];
  readonly tests: readonly (PlanTestOutcome & { readonly file?: string; readonly line?: number })[];
  readonly summaries: readonly PlanTestSummary[];
  readonly comparisons: readonly BaselineComparison[];
  readonly baselines: readonly Baseline[];
  readonly whyNots: readonly WhyNotResult[];
}

export function emptyReportInput(): ReportInput {
  return { results: [], tests: [], summaries: [], comparisons: [], baselines: [], whyNots: [] };
}

/** How many things a report can show in `input` (results, tests, summaries, comparisons, baselines, why-not). */
export function reportItemCount(input: ReportInput): number {
  return input.results.length + input.tests.length + input.summaries.length + input.comparisons.length + input.baselines.length + input.whyNots.length;
}

type Mutable = { -readonly [K in keyof ReportInput]: ReportInput[K][number][] };

/**
 * Reads one file: JSON values one after another — JSON lines (as every `--json` door writes), a
 * single value or array, or pretty-printed objects back to back (older `kgrag run --json` output).
 * Each object is recognised by its shape and validated against its JSON Schema (schemas/); a value
 * that is not JSON, not a kgrag shape, or of the wrong shape inside is a problem with its line and
 * the JSON path, never a crash, and the other values are still read.
 */
export function readReportInput(text: string, into: ReportInput = emptyReportInput()): { input: ReportInput; problems: { line: number; message: string }[] } {
  const out: Mutable = { results: [...into.results], tests: [...into.tests], summaries: [...into.summaries], comparisons: [...into.comparisons], baselines: [...into.baselines], whyNots: [...into.whyNots] };
  const problems: { line: number; message: string }[] = [];
  const values: { line: number; value: unknown }[] = [];
  for (const chunk of jsonChunks(text)) {
    try {
      const v: unknown = JSON.parse(chunk.text);
      for (const x of Array.isArray(v) ? v : [v]) values.push({ line: chunk.line, value: x });
    } catch (e) {
      problems.push({ line: chunk.line, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  for (const { line, value } of values) {
    const found = classify(value);
    if (!found) {
      problems.push({ line, message: 'not a retrieval result, test outcome, baseline, comparison or why-not result' });
      continue;
    }
    const shapeError = validate(found.kind, found.value);
    if (shapeError !== undefined) {
      problems.push({ line, message: `not a valid ${NAMES[found.kind]}: ${shapeError}` });
      continue;
    }
    if (found.kind === 'skipped') continue; // said by the summary; nothing to draw
    (out[found.kind] as unknown[]).push(found.value);
  }
  return { input: out, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * The top-level JSON values of a text with the line each starts on: scans brackets outside
 * strings (linear); a line that opens nothing (stray text) is a chunk of its own, so its error has
 * its line. Unbalanced brackets end the chunk at the end of the text.
 */
function jsonChunks(text: string): { line: number; text: string }[] {
  const chunks: { line: number; text: string }[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    const startLine = line;
    const start = i;
    if (c !== 123 && c !== 91) {
      // Not an object or array: the rest of the line is one (probably bad) value.
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
      chunks.push({ line: startLine, text: text.slice(start, i) });
      continue;
    }
    let depth = 0;
    let inString = false;
    for (; i < n; i++) {
      const d = text.charCodeAt(i);
      if (d === 10) line++;
      if (inString) {
        if (d === 92) i++;
        else if (d === 34) inString = false;
      } else if (d === 34) inString = true;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      }
    }
    chunks.push({ line: startLine, text: text.slice(start, i) });
  }
  return chunks;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type Kind = keyof ReportInput | 'skipped';
const NAMES: Record<Kind, string> = { results: 'retrieval result', tests: 'test outcome', skipped: 'skipped test', summaries: 'test summary', comparisons: 'baseline comparison', baselines: 'baseline', whyNots: 'why-not result' };

/** Which kgrag shape a value claims to be, by its keys (validate checks the rest). */
function classify(v: unknown): { kind: Kind; value: unknown } | undefined {
  if (!isObject(v)) return undefined;
  if (v['kind'] === 'kgrag-baseline' && Array.isArray(v['entries'])) return { kind: 'baselines', value: v };
  if (isObject(v['comparison'])) return { kind: 'comparisons', value: v['comparison'] };
  if (Array.isArray(v['changes']) && typeof v['regressions'] === 'number') return { kind: 'comparisons', value: v };
  if (isObject(v['summary'])) return { kind: 'summaries', value: v['summary'] };
  if (v['status'] === 'skipped') return { kind: 'skipped', value: v };
  if ('expected' in v && 'cause' in v) return { kind: 'whyNots', value: v };
  if ('status' in v && 'expected' in v) return { kind: 'tests', value: v };
  if ('strategy' in v && 'answers' in v) return { kind: 'results', value: v };
  return undefined;
}

let validators: Record<Exclude<Kind, 'baselines'>, ValidateFunction> | undefined;

/** The first shape error as "at /answers/0: must be object", or undefined when the value fits. */
function validate(kind: Kind, value: unknown): string | undefined {
  if (kind === 'baselines') return undefined; // parseBaseline checks a baseline where one is used
  // Compiled once, on first use (a few milliseconds).
  validators ??= (() => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addSchema(reportInputsSchema);
    const ref = (name: string): ValidateFunction => ajv.compile({ $ref: `${reportInputsSchema.$id}#/definitions/${name}` });
    return { results: ajv.compile(retrievalResultSchema), tests: ref('testOutcome'), skipped: ref('skippedTest'), summaries: ref('testSummary'), comparisons: ref('comparison'), whyNots: ref('whyNot') };
  })();
  const check = validators[kind];
  if (check(value)) return undefined;
  const e = check.errors?.[0];
  return e ? `at ${e.instancePath || '/'}: ${e.message ?? 'wrong shape'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}` : 'wrong shape';
}
