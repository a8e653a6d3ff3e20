/**
 * Our own few-shot files: *.fewshot.json | *.fewshot.jsonl | *.fewshot.yaml, validated with ajv
 * against schemas/fewshot.schema.json (the same schema VS Code uses through jsonValidation).
 * JSON lines: an optional first line with the file's settings ({"target": …}), then one example
 * per line.
 */
import Ajv from 'ajv';
import { looseNodeAt, looseSpan, looseToPlain, type LooseNode } from '../../plan/looseLiteral';
import { toPlanningGraphs, parseDocument } from '../../dsl';
import { pointerToPath } from '../../schema/jsonDocument';
import { LineIndex } from '../../text';
import fewshotSchema from '../../../../schemas/fewshot.schema.json';
import type { ExampleOutput, FewShotDocument, FewShotExample, Located, OffsetFinding, PatternShape, TargetKind } from '../model';
import { PATTERN_SHAPES } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { dictEntry, locatedString, parseYamlLoose, stringOf } from '../positions';
import { parseJsonText } from './jsonSets';
import { simgragOutputFromNode, simgragOutputFromText } from './simgragOutput';
import { morOutputFromNode, morOutputFromText } from './morOutput';
import { remapOffsets } from './remap';
import { findPlaceholders } from './placeholders';

let validator: ReturnType<Ajv['compile']> | undefined;
function validate(value: unknown): ReturnType<Ajv['compile']>['errors'] {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(fewshotSchema);
  return validator(value) ? [] : (validator.errors ?? []);
}

export function readOwnFormat(text: string, fileName: string): FewShotDocument {
  if (/\.jsonl$/i.test(fileName)) return readOwnJsonLines(text);
  const yaml = /\.ya?ml$/i.test(fileName);
  const parsed = yaml ? parseYamlLoose(text) : parseJsonText(text);
  const findings: OffsetFinding[] = [...parsed.findings.map((f) => ({ ...f, code: f.code.startsWith('literal-') ? FEWSHOT_CODES.fileSyntax : f.code }))];
  const root = parsed.node;
  if (!root) return { format: 'fewshot', target: 'simgrag', examples: [], findings, isPrompt: true };
  return fromRoot(text, root, findings);
}

function fromRoot(text: string, root: LooseNode, findings: OffsetFinding[], exampleNodes?: LooseNode[]): FewShotDocument {
  const value = looseToPlain(root);
  for (const e of validate(exampleNodes ? { ...(value as object), examples: exampleNodes.map(looseToPlain) } : value) ?? []) {
    const path = pointerToPath(e.instancePath, () => true);
    let span = exampleNodes && path[0] === 'examples' && typeof path[1] === 'number' ? looseSpan(exampleNodes[path[1]]!, path.slice(2)) : looseSpan(root, path);
    const extra = e.keyword === 'additionalProperties' ? (e.params as { additionalProperty?: string }).additionalProperty : undefined;
    if (extra !== undefined) {
      const owner = exampleNodes && path[0] === 'examples' && typeof path[1] === 'number' ? looseNodeAt(exampleNodes[path[1]]!, path.slice(2)) : looseNodeAt(root, path);
      const keyNode = owner?.kind === 'dict' ? owner.entries.find((x) => stringOf(x.key) === extra)?.key : undefined;
      if (keyNode) span = { start: keyNode.start, end: keyNode.end };
    }
    const where = e.instancePath === '' ? 'the file' : e.instancePath;
    findings.push({ start: span.start, end: Math.max(span.end, span.start + 1), severity: 'error', code: FEWSHOT_CODES.fileSchema, message: `${where}: ${e.message ?? 'invalid'}${extra ? ` ("${extra}")` : ''}` });
  }
  const targetRaw = stringOf(dictEntry(root, 'target'));
  const target: TargetKind = targetRaw === 'kgp' || targetRaw === 'mor' || targetRaw === 'cypher' ? targetRaw : 'simgrag';
  const schemaNode = dictEntry(root, 'schema');
  const schemaRef = schemaNode ? locatedString(text, schemaNode) : undefined;
  const shotsNode = dictEntry(root, 'shots');
  const shots = shotsNode?.kind === 'number' ? shotsNode.value : undefined;
  const shapesNode = dictEntry(root, 'expectShapes');
  const expectShapes = shapesNode?.kind === 'list' ? shapesNode.items.map(stringOf).filter((s): s is PatternShape => PATTERN_SHAPES.includes(s as PatternShape)) : undefined;
  const templateNode = dictEntry(root, 'template');
  const template = templateNode ? locatedString(text, templateNode) : undefined;
  const required = (() => {
    const p = dictEntry(root, 'placeholders');
    return p?.kind === 'list' ? p.items.map(stringOf).filter((s): s is string => s !== undefined) : [];
  })();
  const exNodes = exampleNodes ?? (() => {
    const list = dictEntry(root, 'examples');
    return list?.kind === 'list' ? [...list.items] : [];
  })();
  const examples = exNodes.map((n, i) => readExample(text, n, i + 1, target, findings));
  return {
    format: 'fewshot',
    target,
    examples,
    findings,
    ...(schemaRef ? { schemaRef } : {}),
    ...(shots !== undefined ? { shots } : {}),
    ...(expectShapes ? { expectShapes } : {}),
    ...(template
      ? { placeholders: { required, found: findPlaceholders(template.value).map((p) => ({ ...p, span: { start: mapOf(template)(p.span.start), end: mapOf(template)(p.span.end - 1) + 1 } })), templateSpan: template.span } }
      : {}),
    isPrompt: true,
  };
}

function readOwnJsonLines(text: string): FewShotDocument {
  const findings: OffsetFinding[] = [];
  let header: LooseNode | undefined;
  const exampleNodes: LooseNode[] = [];
  let p = 0;
  while (p < text.length) {
    const nl = text.indexOf('\n', p);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(p, end).trim() !== '') {
      const parsed = parseJsonText(text, p, end);
      findings.push(...parsed.findings.map((f) => ({ ...f, code: FEWSHOT_CODES.fileSyntax })));
      const n = parsed.node;
      if (n) {
        if (header === undefined && exampleNodes.length === 0 && dictEntry(n, 'question') === undefined) header = n;
        else exampleNodes.push(n);
      }
    }
    p = end + 1;
  }
  const root: LooseNode = header ?? { kind: 'dict', entries: [], start: 0, end: 0 };
  if (!header) findings.push({ start: 0, end: Math.min(1, text.length), severity: 'error', code: FEWSHOT_CODES.fileSchema, message: 'The first line must give the file\'s settings, e.g. {"target": "cypher"}.' });
  return fromRoot(text, root, findings, exampleNodes);
}

function mapOf(l: Located<string>): (i: number) => number {
  return l.map ?? ((i: number) => l.span.start + i);
}

function readExample(text: string, node: LooseNode, number: number, target: TargetKind, findings: OffsetFinding[]): FewShotExample {
  const qNode = dictEntry(node, 'question');
  const question = qNode ? locatedString(text, qNode) : undefined;
  const expectNode = dictEntry(node, 'expect');
  const expect = expectNode?.kind === 'list' ? expectNode.items.map((x) => locatedString(text, x)).filter((x): x is Located<string> => x !== undefined) : undefined;
  const base: FewShotExample = { number, span: { start: node.start, end: node.end }, ...(question ? { question } : {}), ...(expect ? { expect } : {}) };
  const outNode = dictEntry(node, 'output');
  if (!outNode) return base;
  const output = readOutput(text, outNode, number, target, findings, stringOf(dictEntry(node, 'database')));
  return output ? { ...base, output } : base;
}

function readOutput(text: string, node: LooseNode, number: number, target: TargetKind, findings: OffsetFinding[], database: string | undefined): ExampleOutput | undefined {
  const name = `example_${number}`;
  const str = node.kind === 'string' ? locatedString(text, node) : undefined;
  if (target === 'simgrag') {
    if (!str) return simgragOutputFromNode(text, node, name);
    const inner = simgragOutputFromText(str.value, 0, name).output;
    return remapOffsets(inner, mapOf(str));
  }
  if (target === 'mor') {
    if (!str) return morOutputFromNode(text, node, name);
    return remapOffsets(morOutputFromText(str.value, 0, str.value.length, name), mapOf(str));
  }
  if (!str) {
    findings.push({ start: node.start, end: node.end, severity: 'error', code: FEWSHOT_CODES.outputSyntax, message: `A ${target === 'kgp' ? 'kgp' : 'Cypher'} output must be a string.` });
    return undefined;
  }
  if (target === 'cypher') return { kind: 'cypher', span: str.span, query: str, ...(database ? { database } : {}), parseFindings: [] };
  // kgp: the DSL parser, with its findings moved into the file.
  const parsed = parseDocument(str.value);
  const lines = new LineIndex(str.value);
  const toFile = mapOf(str);
  const parseFindings: OffsetFinding[] = parsed.diagnostics.map((d) => {
    const s = lines.offsetAt(d.range.start);
    const e = lines.offsetAt(d.range.end);
    return { start: toFile(s), end: Math.max(toFile(Math.max(s, e - 1)) + 1, toFile(s) + 1), severity: d.severity, code: d.code, message: d.message };
  });
  const plans = toPlanningGraphs(parsed.document);
  return { kind: 'kgp', span: str.span, source: str, plans, parseFindings };
}
