/**
 * Example sets stored as JSON: SimGRAG's examples ([{query, divided, graph}]), MoR's planner
 * training set ([{query, answer: {Metapath, Restriction}}]) and question→Cypher pairs (JSON
 * array or JSON lines of {question, cypher}). Parsed with the runtime's literal reader, which keeps
 * offsets on every value.
 */
import { parseLooseLiteral, type LooseNode } from '../../plan/looseLiteral';
import type { FewShotDocument, FewShotExample, FewShotFormat, OffsetFinding } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { dictEntry, locatedString, stringOf } from '../positions';
import { simgragOutputFromNode } from './simgragOutput';
import { morOutputFromNode } from './morOutput';
import { stemOutputFromNode } from './stemOutput';

export type JsonSetKind = 'simgrag-json' | 'mor-json' | 'cypher-json' | 'stem-json';

/** The last whole text parsed: detecting the format and reading the file parse the same text once. */
let lastWhole: { text: string; node?: LooseNode; findings: readonly OffsetFinding[] } | undefined;

/** Drops the remembered parse (readFewShot calls it when the file is read). */
export function forgetParsedJson(): void {
  lastWhole = undefined;
}

/** Parses JSON text (tolerantly) and reports syntax problems as file findings. */
export function parseJsonText(text: string, start = 0, end = text.length): { node?: LooseNode; findings: OffsetFinding[] } {
  const whole = start === 0 && end === text.length;
  if (whole && lastWhole?.text === text) return { ...(lastWhole.node ? { node: lastWhole.node } : {}), findings: [...lastWhole.findings] };
  const parsed = parseLooseLiteral(end === text.length ? text : text.slice(0, end), start);
  const findings: OffsetFinding[] = parsed.diagnostics.map((d) => ({ start: d.start, end: Math.max(d.end, d.start + 1), severity: d.severity, code: d.code, message: d.message }));
  if (whole) lastWhole = { text, ...(parsed.node ? { node: parsed.node } : {}), findings };
  return { ...(parsed.node ? { node: parsed.node } : {}), findings: [...findings] };
}

/** Which kind of example set a parsed JSON list holds, from its first objects' keys. */
export function jsonSetKind(node: LooseNode | undefined): JsonSetKind | undefined {
  const items = node?.kind === 'list' ? node.items.slice(0, 5) : node?.kind === 'dict' ? [node] : [];
  for (const it of items) {
    if (it.kind !== 'dict') continue;
    const answer = dictEntry(it, 'answer');
    if (dictEntry(answer, 'Metapath') || dictEntry(answer, 'Triplets') || dictEntry(it, 'Metapath') || dictEntry(it, 'Triplets')) return 'mor-json';
    if (dictEntry(it, 'assertions')) return 'stem-json';
    if (dictEntry(it, 'graph') || dictEntry(it, 'triples')) return 'simgrag-json';
    if (dictEntry(it, 'cypher') || dictEntry(it, 'Cypher')) return 'cypher-json';
  }
  return undefined;
}

export function readJsonSet(text: string, kind: JsonSetKind): FewShotDocument {
  const { node, findings } = parseJsonText(text);
  const items = node?.kind === 'list' ? node.items : node ? [node] : [];
  if (node && node.kind !== 'list') findings.push({ start: node.start, end: node.start + 1, severity: 'info', code: FEWSHOT_CODES.fileSchema, message: 'Expected a JSON array of examples; read the object as one example.' });
  const examples = items.map((it, i) => exampleFromNode(text, it, i + 1, kind, findings)).filter((e): e is FewShotExample => e !== undefined);
  return docOf(kind, examples, findings);
}

/** JSON lines: one {question, cypher} (or other example object) per line. */
export function readJsonLines(text: string): FewShotDocument {
  const findings: OffsetFinding[] = [];
  const examples: FewShotExample[] = [];
  let kind: JsonSetKind | undefined;
  let p = 0;
  let n = 0;
  while (p < text.length) {
    const nl = text.indexOf('\n', p);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(p, end).trim() !== '') {
      n++;
      const parsed = parseJsonText(text, p, end);
      findings.push(...parsed.findings);
      if (parsed.node) {
        kind ??= jsonSetKind(parsed.node);
        const ex = exampleFromNode(text, parsed.node, n, kind ?? 'cypher-json', findings);
        if (ex) examples.push(ex);
      }
    }
    p = end + 1;
  }
  return { ...docOf(kind ?? 'cypher-json', examples, findings), format: kind === 'cypher-json' || kind === undefined ? 'cypher-jsonl' : kind };
}

function docOf(kind: JsonSetKind, examples: FewShotExample[], findings: OffsetFinding[]): FewShotDocument {
  const target = kind === 'simgrag-json' ? 'simgrag' : kind === 'mor-json' ? 'mor' : kind === 'stem-json' ? 'stem' : 'cypher';
  // SimGRAG's examples file is the prompt's demonstrations; MoR's and Cypher sets are corpora.
  return { format: kind as FewShotFormat, target, examples, findings, isPrompt: kind === 'simgrag-json' || kind === 'stem-json' };
}

function exampleFromNode(text: string, it: LooseNode, number: number, kind: JsonSetKind, findings: OffsetFinding[]): FewShotExample | undefined {
  if (it.kind !== 'dict') {
    findings.push({ start: it.start, end: it.end, severity: 'error', code: FEWSHOT_CODES.fileSchema, message: `Example ${number} must be an object.` });
    return undefined;
  }
  const qNode = dictEntry(it, 'query') ?? dictEntry(it, 'question') ?? dictEntry(it, 'Question');
  const question = qNode ? locatedString(text, qNode) : undefined;
  const base = { number, span: { start: it.start, end: it.end }, ...(question ? { question } : {}) };
  if (kind === 'simgrag-json') return { ...base, output: simgragOutputFromNode(text, it, `example_${number}`) };
  if (kind === 'mor-json') return { ...base, output: morOutputFromNode(text, it, `example_${number}`) };
  if (kind === 'stem-json') return { ...base, output: stemOutputFromNode(text, it, `example_${number}`) };
  const cNode = dictEntry(it, 'cypher') ?? dictEntry(it, 'Cypher');
  const query = cNode ? locatedString(text, cNode) : undefined;
  if (!query) {
    findings.push({ start: it.start, end: it.start + 1, severity: 'error', code: FEWSHOT_CODES.missingOutput, message: `Example ${number} has no "cypher" string.` });
    return base;
  }
  const db = stringOf(dictEntry(it, 'database'));
  return { ...base, output: { kind: 'cypher', span: query.span, query, ...(db ? { database: db } : {}), parseFindings: [] } };
}
