/**
 * SimGRAG's query-to-pattern prompt as the LLM sees it: instructions, then numbered examples
 *   1. query: 'the films that share directors with …'
 *   {
 *       "divided": ['…', …],
 *       "graph": [('h', 'r', 't'), …]
 *   }
 * then the task with a `{{QUERY}}` placeholder. Outputs are parsed with the runtime's reader.
 */
import type { FewShotDocument, FewShotExample, Located, OffsetFinding, Span } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { simgragOutputFromText } from './simgragOutput';
import { findPlaceholders } from './placeholders';

const EXAMPLE_LINE = /^[ \t]*(\d+)[.)][ \t]*(?:query|question)[ \t]*:[ \t]*(.*?)[ \t]*$/gim;
const EXAMPLES_HEADER = /^[ \t]*(?:#+[ \t]*)?examples?[ \t]*[):：]?[ \t]*$/gim;
const TASK_HEADER = /^[ \t]*(?:#+[ \t]*)?(?:your[ \t]+task|task)[ \t]*[):：]/gim;

export function looksLikeSimGragPrompt(text: string): boolean {
  return /^[ \t]*\d+[.)][ \t]*query[ \t]*:/im.test(text) && /["']?(divided|graph|triples)["']?\s*:/.test(text);
}

export function readSimGragPrompt(text: string): FewShotDocument {
  const findings: OffsetFinding[] = [];
  const header = firstMatch(EXAMPLES_HEADER, text);
  const task = firstMatch(TASK_HEADER, text);
  const examples: FewShotExample[] = [];
  const lines = [...text.matchAll(EXAMPLE_LINE)];
  const consumed: Span[] = [];
  lines.forEach((m, i) => {
    const lineStart = m.index!;
    const number = Number(m[1]);
    const qRaw = m[2] ?? '';
    const qAt = lineStart + m[0].indexOf(qRaw, m[0].indexOf(':') + 1);
    const question = unquote(qRaw, qAt);
    const lineEnd = lineStart + m[0].length;
    const nextExample = i + 1 < lines.length ? lines[i + 1]!.index! : text.length;
    const limit = task && task.start > lineStart ? Math.min(nextExample, task.start) : nextExample;
    let p = lineEnd;
    while (p < limit && /\s/.test(text[p]!)) p++;
    const label = /^output[ \t]*:/i.exec(text.slice(p, p + 16));
    if (label) {
      p += label[0].length;
      while (p < limit && /\s/.test(text[p]!)) p++;
    }
    const base: FewShotExample = { number, span: { start: lineStart, end: lineEnd }, ...(question.value ? { question } : {}) };
    if (p >= limit || !/[[{(]/.test(text[p]!)) {
      findings.push({ start: lineStart, end: lineEnd, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no output: expected {"divided": […], "graph": [(…), …]} after the query.` });
      examples.push(base);
      return;
    }
    const { output, end } = simgragOutputFromText(text, p, `example_${number}`);
    consumed.push({ start: p, end });
    examples.push({ ...base, span: { start: lineStart, end }, output });
  });
  // An output block that belongs to no example (after the examples began) is out of place.
  const from = header?.end ?? (examples[0]?.span.start ?? text.length);
  for (const m of text.matchAll(/["'](?:divided|graph|triples)["'][ \t]*:/g)) {
    const at = m.index!;
    if (at < from || consumed.some((s) => at >= s.start && at < s.end)) continue;
    findings.push({ start: at, end: at + m[0].length, severity: 'warning', code: FEWSHOT_CODES.blockOutOfPlace, message: 'This output block belongs to no example: it is not right after a numbered "query:" line.' });
  }
  if (task) {
    for (const ex of examples) {
      if (ex.span.start > task.start && ex.output) findings.push({ start: ex.span.start, end: ex.span.start + 1, severity: 'warning', code: FEWSHOT_CODES.blockOutOfPlace, message: `Example ${ex.number} comes after the task section; the LLM reads it as part of the task.` });
    }
  }
  const placeholders = findPlaceholders(text);
  return {
    format: 'simgrag-prompt',
    target: 'simgrag',
    examples,
    findings,
    ...(header ? { examplesHeader: header } : {}),
    placeholders: { required: [], found: placeholders, templateSpan: task ?? { start: 0, end: Math.min(1, text.length) } },
    isPrompt: true,
  };
}

function firstMatch(re: RegExp, text: string): Span | undefined {
  re.lastIndex = 0;
  const m = re.exec(text);
  re.lastIndex = 0;
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

/** `'the films …'` → the films … with its offsets (quotes dropped). */
function unquote(raw: string, at: number): Located<string> {
  const q = raw[0];
  if ((q === "'" || q === '"') && raw.length >= 2 && raw[raw.length - 1] === q) {
    return { value: raw.slice(1, -1), span: { start: at + 1, end: at + raw.length - 1 } };
  }
  return { value: raw, span: { start: at, end: at + raw.length } };
}
