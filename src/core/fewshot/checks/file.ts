/**
 * Checks on the file as a whole: numbering, duplicated examples, the number of shots, the
 * template's placeholders and the coverage of pattern shapes.
 */
import type { FewShotCheckOptions, FewShotDocument, OffsetFinding, PatternShape, Span } from '../model';
import type { PlanningGraph } from '../../plan/planningGraph';
import { FEWSHOT_CODES } from '../codes';
import { patternShape } from '../shapes';

/** SimGRAG's default number of shots (§4.1: "typically 12-shots"). */
export const DEFAULT_SIMGRAG_SHOTS = 12;
/** SimGRAG's 1-hop errors came from examples that were all 2/3-hop (§6.5). */
export const DEFAULT_EXPECTED_SHAPES: readonly PatternShape[] = ['1-hop', '2-hop', '3-hop'];
const QUESTION_PLACEHOLDERS = ['QUERY', 'query', 'question', 'QUESTION', 'input'];

export function checkFile(doc: FewShotDocument, opts: FewShotCheckOptions, out: OffsetFinding[]): void {
  const anchor: Span = doc.examplesHeader ?? doc.examples[0]?.span ?? { start: 0, end: 0 };
  const anchorEnd = (s: Span): Span => ({ start: s.start, end: Math.max(s.end, s.start + 1) });
  if (doc.examples.length === 0) {
    out.push({ ...anchorEnd(anchor), severity: 'error', code: FEWSHOT_CODES.noExamples, message: 'No examples found.' });
    return;
  }
  // Numbering (prompts number their demonstrations).
  if (doc.format === 'simgrag-prompt' || doc.format === 'mor-prompt') {
    doc.examples.forEach((ex, i) => {
      if (ex.number !== i + 1) out.push({ start: ex.span.start, end: ex.span.start + 1, severity: 'warning', code: FEWSHOT_CODES.numbering, message: `Example ${ex.number} is the ${ordinal(i + 1)} example; number the demonstrations 1, 2, 3, … in order.` });
    });
  }
  // Duplicates: the same question twice teaches nothing new and skews the prompt.
  const byQuestion = new Map<string, number>();
  for (const ex of doc.examples) {
    if (!ex.question) continue;
    const key = ex.question.value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (key === '') {
      out.push({ start: ex.question.span.start, end: Math.max(ex.question.span.end, ex.question.span.start + 1), severity: 'error', code: FEWSHOT_CODES.missingQuestion, message: `Example ${ex.number} has an empty question.` });
      continue;
    }
    const prior = byQuestion.get(key);
    if (prior !== undefined) out.push({ start: ex.question.span.start, end: ex.question.span.end, severity: 'warning', code: FEWSHOT_CODES.duplicateExample, message: `Example ${ex.number} repeats the question of example ${prior}.` });
    else byQuestion.set(key, ex.number);
  }
  // Shot count.
  const shots = opts.shots ?? doc.shots ?? (doc.isPrompt && doc.target === 'simgrag' ? DEFAULT_SIMGRAG_SHOTS : undefined);
  if (shots !== undefined && doc.isPrompt && doc.examples.length !== shots) {
    const why = opts.shots !== undefined || doc.shots !== undefined ? 'the configured shot count' : "SimGRAG's default";
    out.push({ ...anchorEnd(anchor), severity: 'warning', code: FEWSHOT_CODES.shotCount, message: `${doc.examples.length} examples, but the prompt should carry ${shots} (${why}).` });
  }
  // Placeholders the template needs.
  if (doc.placeholders) {
    const found = new Set(doc.placeholders.found.map((p) => p.value));
    const required = opts.placeholders ?? (doc.placeholders.required.length > 0 ? doc.placeholders.required : undefined);
    const t = anchorEnd(doc.placeholders.templateSpan);
    if (required) {
      for (const name of required) if (!found.has(name)) out.push({ ...t, severity: 'error', code: FEWSHOT_CODES.placeholderMissing, message: `The template has no {{${name}}} placeholder.` });
    } else if (doc.format === 'simgrag-prompt' && !QUESTION_PLACEHOLDERS.some((p) => found.has(p))) {
      out.push({ ...t, severity: 'warning', code: FEWSHOT_CODES.placeholderMissing, message: 'The prompt has no placeholder for the question (e.g. {{QUERY}}); the question would be appended blindly.' });
    }
  }
  // Coverage of pattern shapes.
  if (doc.isPrompt && (doc.target === 'simgrag' || doc.target === 'kgp')) {
    const counts = new Map<PatternShape, number[]>();
    for (const ex of doc.examples) {
      for (const pg of plansOf(ex.output)) {
        const s = patternShape(pg);
        // In place: copying the list per example made checking quadratic (100k examples > 90 s).
        const list = counts.get(s);
        if (list) list.push(ex.number);
        else counts.set(s, [ex.number]);
      }
    }
    if (counts.size > 0) {
      const summary = [...counts].map(([s, n]) => `${s}: ${n.length} (${listed(n)})`).join('; ');
      out.push({ ...anchorEnd(anchor), severity: 'info', code: FEWSHOT_CODES.shapeCoverage, message: `Pattern shapes of the examples — ${summary}.` });
      const expected = opts.expectShapes ?? doc.expectShapes ?? DEFAULT_EXPECTED_SHAPES;
      for (const s of expected) {
        if (!counts.has(s)) out.push({ ...anchorEnd(anchor), severity: 'warning', code: FEWSHOT_CODES.shapeMissing, message: `No ${s} example: an LLM shown none tends to force other shapes onto ${s} questions (SimGRAG's 1-hop errors came from 2/3-hop-only examples).` });
      }
    }
  }
}

function plansOf(o: FewShotDocument['examples'][number]['output']): readonly PlanningGraph[] {
  if (!o) return [];
  if (o.kind === 'kgp') return o.plans;
  if ((o.kind === 'simgrag' || o.kind === 'mor' || o.kind === 'stem') && o.plan) return [o.plan];
  return [];
}

/** Example numbers for a message: all of a prompt's few, the first 20 of a large set. */
function listed(numbers: readonly number[], max = 20): string {
  return numbers.length <= max ? numbers.join(', ') : `${numbers.slice(0, max).join(', ')}, … ${numbers.length - max} more`;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${s}`;
}
