/**
 * MoR's planner prompt: instructions, an **Entity Type List** (or a triplet list), an output-format
 * template, then demonstrations
 *   **Question 1:**  <question>
 *   **Answer 1:**    Metapath: brand -> product
 *                    Restriction: {"brand": […], …}
 * The output-format template is not an example; an answer line before its **Answer n:** header is
 * a block out of place (as in MoR's Prime prompt, Q3).
 */
import type { DeclaredSchema, FewShotDocument, FewShotExample, Located, OffsetFinding, Span } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { morOutputFromText } from './morOutput';
import { findPlaceholders } from './placeholders';

const HEADER = /^[ \t]*\*\*[ \t]*(Question|Answer)[ \t]*(\d+)[ \t]*:?[ \t]*\*\*[ \t]*:?[ \t]*/gim;
const ANSWER_LINE = /^[ \t]*(?:\*\*)?(Metapath|Restriction|Triplets|Target)(?:\*\*)?[ \t]*:/gim;

export function looksLikeMorPrompt(text: string): boolean {
  HEADER.lastIndex = 0;
  const ok = HEADER.test(text) && /^[ \t]*(?:\*\*)?(Metapath|Triplets)(?:\*\*)?[ \t]*:/im.test(text);
  HEADER.lastIndex = 0;
  return ok;
}

interface Block {
  readonly kind: 'question' | 'answer';
  readonly number: number;
  readonly header: Span;
  readonly bodyStart: number;
  bodyEnd: number;
}

export function readMorPrompt(text: string): FewShotDocument {
  const findings: OffsetFinding[] = [];
  const blocks: Block[] = [];
  for (const m of text.matchAll(HEADER)) {
    const kind = m[1]!.toLowerCase() === 'question' ? 'question' : 'answer';
    blocks.push({ kind, number: Number(m[2]), header: { start: m.index!, end: m.index! + m[0].trimEnd().length }, bodyStart: m.index! + m[0].length, bodyEnd: text.length });
  }
  for (let i = 0; i < blocks.length; i++) blocks[i]!.bodyEnd = i + 1 < blocks.length ? blocks[i + 1]!.header.start : endOfDemonstrations(text, blocks[i]!.bodyStart);

  const examples: FewShotExample[] = [];
  const pending = new Map<number, { block: Block; question?: Located<string> }>();
  for (const b of blocks) {
    if (b.kind === 'question') {
      const question = trimmed(text, b.bodyStart, b.bodyEnd);
      // Answer lines inside a question block: the demonstration is out of place.
      for (const m of text.slice(b.bodyStart, b.bodyEnd).matchAll(ANSWER_LINE)) {
        const at = b.bodyStart + m.index!;
        const lead = m[0].length - m[0].trimStart().length;
        findings.push({ start: at + lead, end: at + m[0].length, severity: 'error', code: FEWSHOT_CODES.blockOutOfPlace, message: `"${m[1]}:" is inside Question ${b.number}, before its **Answer ${b.number}:** header; the LLM sees it as part of the question.` });
      }
      if (pending.has(b.number)) findings.push({ start: b.header.start, end: b.header.end, severity: 'warning', code: FEWSHOT_CODES.numbering, message: `Question ${b.number} appears twice.` });
      pending.set(b.number, { block: b, ...(question ? { question: trimQuestion(question) } : {}) });
    } else {
      const q = pending.get(b.number);
      if (!q) {
        findings.push({ start: b.header.start, end: b.header.end, severity: 'error', code: FEWSHOT_CODES.numbering, message: `Answer ${b.number} has no **Question ${b.number}:** before it.` });
      }
      pending.delete(b.number);
      const output = morOutputFromText(text, b.bodyStart, b.bodyEnd, `example_${b.number}`);
      examples.push({ number: b.number, span: { start: q?.block.header.start ?? b.header.start, end: b.bodyEnd }, ...(q?.question ? { question: q.question } : {}), output });
    }
  }
  for (const [n, q] of pending) {
    findings.push({ start: q.block.header.start, end: q.block.header.end, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Question ${n} has no **Answer ${n}:**.` });
    examples.push({ number: n, span: { start: q.block.header.start, end: q.block.bodyEnd }, ...(q.question ? { question: q.question } : {}) });
  }
  examples.sort((a, b) => a.span.start - b.span.start);
  const declaredSchema = readDeclaredSchema(text);
  const headerMatch = /^[ \t]*here are some examples[^\n]*$|^[ \t]*(?:\*\*)?(?:demonstrations|examples)(?:\*\*)?[ \t]*:[^\n]*$/im.exec(text);
  return {
    format: 'mor-prompt',
    target: 'mor',
    examples,
    findings,
    ...(headerMatch ? { examplesHeader: { start: headerMatch.index + (headerMatch[0].length - headerMatch[0].trimStart().length), end: headerMatch.index + headerMatch[0].length } } : {}),
    ...(declaredSchema ? { declaredSchema } : {}),
    placeholders: { required: [], found: findPlaceholders(text), templateSpan: { start: 0, end: Math.min(1, text.length) } },
    isPrompt: true,
  };
}

/** The last block ends at a blank-line run followed by something that is not part of it (or the end). */
function endOfDemonstrations(text: string, from: number): number {
  const m = /\n[ \t]*\n(?=[ \t]*(?:#|\*\*(?!Question|Answer)|Your task|Now|Question:))/i.exec(text.slice(from));
  return m ? from + m.index : text.length;
}

function trimmed(text: string, start: number, end: number): Located<string> | undefined {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const value = raw.trim();
  if (value === '') return undefined;
  return { value, span: { start: start + lead, end: start + lead + value.length } };
}

/** Questions may end with the two trailing spaces of a Markdown line break; keep the text only. */
function trimQuestion(q: Located<string>): Located<string> {
  const value = q.value.replace(/\s+/g, ' ');
  return { value, span: q.span };
}

/**
 * The schema the prompt declares: an **Entity Type List** (`- **brand**` lines) or a triplet list
 * (`- (drug, indication, disease)`, `- drug -> indication -> disease`, `[src, rel, dst]`).
 */
export function readDeclaredSchema(text: string): DeclaredSchema | undefined {
  const et = /^[ \t]*(?:\*\*)?entity[ \t]+type[ \t]+list(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*$/im.exec(text);
  const tl = /^[ \t]*(?:\*\*)?(?:triplet|relation(?:[ \t]+type)?|edge(?:[ \t]+type)?)s?[ \t]+list(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*$/im.exec(text);
  const list = (startAt: number): { items: { raw: string; at: number }[]; end: number } => {
    const items: { raw: string; at: number }[] = [];
    let p = text.indexOf('\n', startAt);
    let end = startAt;
    while (p >= 0 && p < text.length) {
      const lineStart = p + 1;
      const nl = text.indexOf('\n', lineStart);
      const line = text.slice(lineStart, nl < 0 ? text.length : nl);
      const m = /^[ \t]*[-*•][ \t]+(.*?)[ \t]*$/.exec(line);
      if (m) {
        items.push({ raw: m[1]!, at: lineStart + line.indexOf(m[1]!) });
        end = lineStart + line.length;
      } else if (line.trim() !== '' || items.length > 0) break;
      p = nl;
    }
    return { items, end };
  };
  if (et) {
    const { items, end } = list(et.index);
    const types = items.map(({ raw, at }) => {
      const m = /^(\**)\s*(.*?)\s*\**$/.exec(raw)!;
      const value = m[2]!.replace(/^`|`$/g, '');
      return { value, span: { start: at + raw.indexOf(value), end: at + raw.indexOf(value) + value.length } };
    });
    if (types.length > 0) return { kind: 'entity-types', span: { start: et.index, end }, types };
  }
  if (tl) {
    const { items, end } = list(tl.index);
    const triplets = items.map(({ raw, at }) => {
      const parts: Located<string>[] = [];
      for (const m of raw.matchAll(/[^()[\],"'`*\s<>-][^()[\],"'`*<>]*?(?=\s*(?:[),\]"'`*]|->|<-|→|$))/g)) {
        const v = m[0].trim();
        if (v) parts.push({ value: v, span: { start: at + m.index!, end: at + m.index! + v.length } });
      }
      return { items: parts, span: { start: at, end: at + raw.length } };
    });
    if (triplets.length > 0) return { kind: 'triplets', span: { start: tl.index, end }, triplets };
  }
  return undefined;
}
