/**
 * SimGRAG's answer-generation prompt: numbered examples of a query, the retrieved evidence
 * rendered as `graph [1]: [('h', 'r', 't'), …], graph [2]: […]`, and the answer; then the task with
 * `{{QUERY}}` and the evidence placeholder. The same examples as JSON:
 * [{query, evidences: [[[h, r, t], …], …], answer}].
 * Checks: every evidence is a list of (h, r, t) triples numbered 1, 2, 3…; answers cite only graphs
 * that exist; a template whose evidence was rendered one character per graph (a string iterated
 * as if it were a list of graphs) is reported.
 */
import { parseLooseLiteral, type LooseNode } from '../../plan/looseLiteral';
import type { FewShotDocument, FewShotExample, Located, OffsetFinding, Span } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { dictEntry, locatedString } from '../positions';
import { findPlaceholders } from './placeholders';
import { parseJsonText } from './jsonSets';

const EXAMPLE_LINE = /^[ \t]*(\d+)[.)][ \t]*query[ \t]*:[ \t]*(.*?)[ \t]*$/gim;

export function looksLikeSimGragAnswerPrompt(text: string): boolean {
  return /^[ \t]*\d+[.)][ \t]*query[ \t]*:/im.test(text) && /^[ \t]*evidences?[ \t]*:/im.test(text);
}

export function readSimGragAnswerPrompt(text: string): FewShotDocument {
  const findings: OffsetFinding[] = [];
  const examples: FewShotExample[] = [];
  const lines = [...text.matchAll(EXAMPLE_LINE)];
  const task = /^[ \t]*(?:your[ \t]+task|task)[ \t]*[):]/im.exec(text);
  const header = /^[ \t]*examples?[ \t]*[):]?[ \t]*$/im.exec(text);
  lines.forEach((m, i) => {
    const start = m.index!;
    const number = Number(m[1]);
    const end = i + 1 < lines.length ? lines[i + 1]!.index! : task ? task.index : text.length;
    const qRaw = m[2]!;
    const qAt = start + m[0].indexOf(qRaw, m[0].indexOf(':') + 1);
    const question: Located<string> = /^(['"]).*\1$/.test(qRaw) ? { value: qRaw.slice(1, -1), span: { start: qAt + 1, end: qAt + qRaw.length - 1 } } : { value: qRaw, span: { start: qAt, end: qAt + qRaw.length } };
    const block = text.slice(start, end);
    const ev = /^[ \t]*evidences?[ \t]*:[ \t]*/im.exec(block);
    const graphCount = ev ? readEvidence(text, start + ev.index + ev[0].length, number, findings) : 0;
    if (!ev) findings.push({ start, end: start + m[0].length, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no "evidences:" line.` });
    const ans = /^[ \t]*answer[ \t]*:[ \t]*(.*)$/im.exec(block);
    if (!ans) findings.push({ start, end: start + m[0].length, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no "answer:" line.` });
    else {
      const at = start + ans.index + ans[0].length - ans[1]!.length;
      for (const ref of ans[1]!.matchAll(/graphs?\s*((?:\[\d+\])+)/gi)) {
        for (const n of ref[1]!.matchAll(/\[(\d+)\]/g)) {
          const k = Number(n[1]);
          if (k < 1 || k > graphCount) {
            const s = at + ref.index! + ref[0].indexOf(n[0], ref[0].length - ref[1]!.length);
            findings.push({ start: s, end: s + n[0].length, severity: 'warning', code: FEWSHOT_CODES.answerReference, message: `Example ${number}: the answer cites graph [${k}], but the example shows ${graphCount} graph${graphCount === 1 ? '' : 's'}.` });
          }
        }
      }
    }
    examples.push({ number, span: { start, end }, question });
  });
  if (task) {
    const ev = /^[ \t]*evidences?[ \t]*:[ \t]*/im.exec(text.slice(task.index));
    if (ev) checkTemplateEvidence(text, task.index + ev.index + ev[0].length, findings);
  }
  return {
    format: 'simgrag-answer',
    target: 'simgrag',
    examples,
    findings,
    ...(header ? { examplesHeader: { start: header.index, end: header.index + header[0].length } } : {}),
    placeholders: { required: [], found: findPlaceholders(text), templateSpan: task ? { start: task.index, end: task.index + task[0].length } : { start: 0, end: Math.min(1, text.length) } },
    isPrompt: true,
  };
}

/** Reads `graph [1]: [...], graph [2]: [...]` from `at`; returns the number of graphs. */
function readEvidence(text: string, at: number, number: number, findings: OffsetFinding[]): number {
  const eol = text.indexOf('\n', at);
  const lineEnd = eol < 0 ? text.length : eol;
  const re = /graph[ \t]*\[(\d+)\][ \t]*:[ \t]*/g;
  re.lastIndex = at;
  let count = 0;
  for (let m = re.exec(text); m && m.index < lineEnd; m = re.exec(text)) {
    count++;
    const k = Number(m[1]);
    if (k !== count) findings.push({ start: m.index, end: m.index + m[0].trimEnd().length, severity: 'warning', code: FEWSHOT_CODES.numbering, message: `Example ${number}: graph [${k}] should be graph [${count}]; number the evidence graphs 1, 2, 3… in order.` });
    const valueAt = m.index + m[0].length;
    const parsed = parseLooseLiteral(text.slice(0, lineEnd), valueAt, { allowTrailing: true });
    const node = parsed.node;
    if (!node || node.kind !== 'list' || node.items.length === 0 || !node.items.every(isTriple)) {
      const end = node ? node.end : Math.min(lineEnd, valueAt + 1);
      findings.push({ start: valueAt, end: Math.max(end, valueAt + 1), severity: 'error', code: FEWSHOT_CODES.evidenceFormat, message: `Example ${number}: graph [${k}] must be a list of (head, relation, tail) triples.` });
    }
    if (node) re.lastIndex = Math.max(re.lastIndex, node.end);
  }
  if (count === 0) findings.push({ start: at, end: Math.max(lineEnd, at + 1), severity: 'error', code: FEWSHOT_CODES.evidenceFormat, message: `Example ${number}: the evidence must be written graph [1]: [(h, r, t), …], graph [2]: […].` });
  return count;
}

function isTriple(n: LooseNode): boolean {
  return n.kind === 'list' && n.items.length === 3 && n.items.every((x) => x.kind === 'string' || x.kind === 'number' || x.kind === 'bare');
}

/**
 * The task's evidence should be a placeholder (or real graphs). `graph [1]: {, graph [2]: {,
 * graph [3]: R, …` is a placeholder string iterated character by character: the code rendering the
 * prompt enumerated a string instead of a list of graphs.
 */
function checkTemplateEvidence(text: string, at: number, findings: OffsetFinding[]): void {
  const eol = text.indexOf('\n', at);
  const line = text.slice(at, eol < 0 ? text.length : eol);
  const parts = [...line.matchAll(/graph[ \t]*\[\d+\][ \t]*:[ \t]?(.?)(?=,[ \t]*graph[ \t]*\[|$)/g)];
  if (parts.length >= 3 && parts.every((p) => p[1]!.length <= 1)) {
    const spelled = parts.map((p) => p[1] || ' ').join('');
    findings.push({ start: at, end: at + line.length, severity: 'error', code: FEWSHOT_CODES.evidenceFormat, message: `The task's evidence is a string rendered one character per graph (${parts.length} "graphs" spelling "${spelled}"): the prompt builder iterated the placeholder text instead of a list of graphs.` });
  }
}

/** JSON: [{query, evidences: [[[h, r, t], …], …], answer}]. */
export function readSimGragAnswerJson(text: string): FewShotDocument {
  const { node, findings } = parseJsonText(text);
  const examples: FewShotExample[] = [];
  const items = node?.kind === 'list' ? node.items : [];
  items.forEach((it, i) => {
    const number = i + 1;
    const q = dictEntry(it, 'query');
    const question = q ? locatedString(text, q) : undefined;
    const ev = dictEntry(it, 'evidences');
    const span: Span = { start: it.start, end: it.end };
    if (ev?.kind !== 'list') findings.push({ start: it.start, end: it.start + 1, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no "evidences" list.` });
    else {
      ev.items.forEach((g, k) => {
        if (g.kind !== 'list' || g.items.length === 0 || !g.items.every(isTriple)) findings.push({ start: g.start, end: g.end, severity: 'error', code: FEWSHOT_CODES.evidenceFormat, message: `Example ${number} (index ${i}): evidence graph ${k + 1} must be a list of [head, relation, tail] triples.` });
      });
    }
    if (!dictEntry(it, 'answer')) findings.push({ start: it.start, end: it.start + 1, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no "answer".` });
    examples.push({ number, span, ...(question ? { question } : {}) });
  });
  return { format: 'simgrag-answer-json', target: 'simgrag', examples, findings, isPrompt: true };
}
