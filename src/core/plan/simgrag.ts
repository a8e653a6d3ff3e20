/**
 * IR ↔ SimGRAG pattern graphs (docs/conversions.md):
 *   {"query": "...", "divided": ["..."], "graph" | "triples": [[h, r, t], …], "target"?: "..."}
 * Nodes are strings; the same string is the same node. Unknowns are `UNKNOWN <type> <n>`
 * (`UNKNOWN relation <n>` for relations). The SimGRAG code treats any string containing
 * "UNKNOWN" as unknown, so misspellings silently turn into entity names: we flag them.
 */
import { DEFAULT_STRATEGIES, type PlanEdge, type PlanNode, type PlanningGraph, type RelationConstraint } from './planningGraph';
import { slugId, uniqueId, type PlanDiagnostic, type SourceDiagnostic } from './planDiagnostics';
import { looseSpan, looseToPlain, parseLooseLiteral, type LooseNode } from './looseLiteral';
import type { JsonPath } from '../schema/jsonDocument';
import { editDistance } from '../editDistance';

export const SIMGRAG_CODES = {
  notAnObject: 'simgrag-not-an-object',
  noTriples: 'simgrag-no-triples',
  badTriple: 'simgrag-bad-triple',
  badField: 'simgrag-bad-field',
  unknownWithoutId: 'simgrag-unknown-without-id',
  misspelledUnknown: 'simgrag-misspelled-unknown',
  malformedUnknown: 'simgrag-malformed-unknown',
  unknownRoleConflict: 'simgrag-unknown-role-conflict',
  unknownRelationType: 'simgrag-unknown-relation-type',
  nearDuplicateNode: 'simgrag-near-duplicate-node',
  unknownTarget: 'simgrag-unknown-target',
  bothGraphAndTriples: 'simgrag-graph-and-triples',
  // writer
  mergedNodes: 'simgrag-merged-nodes',
  isolatedNode: 'simgrag-isolated-node',
  lostConstraint: 'simgrag-lost-constraint',
} as const;

export type SimGragTriple = [string, string, string];

export interface SimGragPattern {
  query?: string;
  divided?: string[];
  graph: SimGragTriple[];
  target?: string | string[];
}

/** What a node or relation string says. */
export type SimGragTerm =
  | { readonly kind: 'known'; readonly text: string }
  | { readonly kind: 'unknown'; readonly type: string; readonly n?: number };

const WELL_FORMED = /^UNKNOWN\s+(\S(?:[^\n]*\S)?)\s+(\d+)$/;

/**
 * Classifies one string and reports what is wrong with it (no id, misspelled keyword, keyword in
 * the middle). `inner` offsets point inside the string.
 */
export function classifySimGragTerm(s: string): { term: SimGragTerm; problem?: { code: string; message: string; inner: { start: number; end: number } } } {
  const m = WELL_FORMED.exec(s);
  if (m) return { term: { kind: 'unknown', type: m[1]!, n: Number(m[2]) } };
  const lead = /^(\s*)(\S+)/.exec(s);
  const first = lead?.[2] ?? '';
  const firstAt = lead?.[1]?.length ?? 0;
  const rest = s.slice(firstAt + first.length).trim();
  const restParts = /^([\s\S]*?)\s*(\d+)?$/.exec(rest)!; // [\s\S]: a string may hold a newline
  const type = restParts[1] ?? '';
  const n = restParts[2] !== undefined ? Number(restParts[2]) : undefined;
  const unknown: SimGragTerm = { kind: 'unknown', type, ...(n !== undefined ? { n } : {}) };
  if (first === 'UNKNOWN') {
    return { term: unknown, problem: { code: SIMGRAG_CODES.unknownWithoutId, message: `"${s}" has no id: write "UNKNOWN ${type || 'thing'} 1" (the same string is the same node).`, inner: { start: 0, end: s.length } } };
  }
  const upper = first === first.toUpperCase() && /[A-Z]/.test(first);
  const d = editDistance(first.toUpperCase(), 'UNKNOWN');
  if ((upper && d >= 1 && d <= 2 && first.length >= 5) || (!upper && first.toUpperCase() === 'UNKNOWN' && n !== undefined)) {
    return {
      term: unknown,
      problem: { code: SIMGRAG_CODES.misspelledUnknown, message: `"${first}" looks like a misspelled UNKNOWN; SimGRAG would match "${s}" as an entity name. Write "UNKNOWN ${type || 'thing'} ${n ?? 1}".`, inner: { start: firstAt, end: firstAt + first.length } },
    };
  }
  const at = s.indexOf('UNKNOWN');
  if (at > 0) {
    const t = (s.slice(0, at) + s.slice(at + 7)).replace(/\s+\d+\s*$/, '').trim();
    return {
      term: { kind: 'unknown', type: t, ...(n !== undefined ? { n } : {}) },
      problem: { code: SIMGRAG_CODES.malformedUnknown, message: `UNKNOWN must come first: write "UNKNOWN <type> <id>" (SimGRAG treats any string containing UNKNOWN as unknown).`, inner: { start: at, end: at + 7 } },
    };
  }
  return { term: { kind: 'known', text: s } };
}

export interface FromSimGragOptions {
  /** The plan's name (default "pattern"). */
  readonly name?: string;
  /**
   * A category (label) for an unknown's type word ("film" → "Movie"), e.g. from
   * SchemaIndex.labelsForTerm. Without it the type word itself is the category, which retrieval
   * resolves against the graph's labels (SimGRAG's top-k⁽ᵗ⁾ type mapping); undefined = untyped.
   */
  readonly resolveCategory?: (typeWord: string) => string | undefined;
}

export interface FromSimGragResult {
  readonly plan?: PlanningGraph;
  readonly diagnostics: SourceDiagnostic[];
  /** The `divided` segments, which the IR does not hold; pass them back to the writer. */
  readonly divided?: string[];
}

/**
 * Reads a SimGRAG pattern object. Nodes keep the triples' order; edges are undirected (GSD
 * ignores direction) with source = head and target = tail, so the writer restores each triple.
 */
export function planningGraphFromSimGrag(obj: unknown, opts: FromSimGragOptions = {}): FromSimGragResult {
  const diagnostics: SourceDiagnostic[] = [];
  const report = (severity: SourceDiagnostic['severity'], code: string, message: string, path: JsonPath, inner?: { start: number; end: number }): void => {
    diagnostics.push({ severity, code, message, path, ...(inner ? { inner } : {}) });
  };
  // A bare list of triples is accepted as the graph.
  const root: unknown = Array.isArray(obj) ? { graph: obj } : obj;
  const rootPath = (key: string): JsonPath => (Array.isArray(obj) ? [] : [key]);
  if (!isRecord(root)) {
    report('error', SIMGRAG_CODES.notAnObject, 'A SimGRAG pattern is an object with "graph" (or "triples"): a list of [head, relation, tail].', []);
    return { diagnostics };
  }
  let key: 'graph' | 'triples' = 'graph';
  if (root['graph'] === undefined && root['triples'] !== undefined) key = 'triples';
  if (root['graph'] !== undefined && root['triples'] !== undefined) report('warning', SIMGRAG_CODES.bothGraphAndTriples, 'Both "graph" and "triples" are given; "triples" is ignored.', ['triples']);
  const triples = root[key];
  if (!Array.isArray(triples) || triples.length === 0) {
    report('error', SIMGRAG_CODES.noTriples, Array.isArray(triples) ? 'The pattern has no triples.' : `"${key}" must be a list of [head, relation, tail] triples.`, triples === undefined ? [] : rootPath(key));
    return { diagnostics };
  }
  const query = root['query'];
  if (query !== undefined && typeof query !== 'string') report('warning', SIMGRAG_CODES.badField, '"query" should be a string.', ['query']);
  const dividedRaw = root['divided'];
  let divided: string[] | undefined;
  if (dividedRaw !== undefined) {
    if (Array.isArray(dividedRaw) && dividedRaw.every((d) => typeof d === 'string')) divided = dividedRaw as string[];
    else report('warning', SIMGRAG_CODES.badField, '"divided" should be a list of strings.', ['divided']);
  }

  const nodes: PlanNode[] = [];
  const nodeIdByString = new Map<string, string>();
  const taken = new Set<string>();
  const roleOf = new Map<string, { role: 'node' | 'relation'; path: JsonPath }>();
  const edges: PlanEdge[] = [];

  const str = (v: unknown, path: JsonPath): string | undefined => {
    if (typeof v === 'string') {
      if (v.trim() === '') {
        report('error', SIMGRAG_CODES.badTriple, 'Empty string in a triple.', path);
        return undefined;
      }
      return v;
    }
    if (typeof v === 'number' || typeof v === 'boolean') {
      report('info', SIMGRAG_CODES.badTriple, `${String(v)} read as the string "${String(v)}".`, path);
      return String(v);
    }
    report('error', SIMGRAG_CODES.badTriple, 'Each element of a triple must be a string.', path);
    return undefined;
  };

  const checkRole = (s: string, role: 'node' | 'relation', path: JsonPath): void => {
    const prior = roleOf.get(s);
    if (prior === undefined) roleOf.set(s, { role, path });
    else if (prior.role !== role) report('error', SIMGRAG_CODES.unknownRoleConflict, `"${s}" is used both as a node and as a relation; give each its own id.`, path);
  };

  const nodeFor = (s: string, path: JsonPath): string => {
    const existing = nodeIdByString.get(s);
    if (existing !== undefined) return existing;
    const { term, problem } = classifySimGragTerm(s);
    if (problem) report('warning', problem.code, problem.message, path, problem.inner);
    let node: PlanNode;
    if (term.kind === 'known') {
      node = { id: uniqueId(slugId(s), taken), text: { kind: 'soft', value: s } };
    } else {
      if (term.type === 'relation') report('warning', SIMGRAG_CODES.unknownRelationType, `"${s}" is a relation-style unknown used as a node.`, path);
      const base = slugId(term.type || 'unknown', 'unknown');
      // The type word is the node's category: retrieval resolves it to labels (exact, alias, is-a,
      // nearest; src/core/retrieve/labels.ts). A resolver given here maps it up front instead.
      const typeWord = term.type && term.type !== 'relation' ? term.type : undefined;
      const category = typeWord !== undefined ? (opts.resolveCategory ? opts.resolveCategory(typeWord) : typeWord) : undefined;
      node = { id: uniqueId(term.n !== undefined ? `${base}_${term.n}` : base, taken), ...(category ? { category } : {}) };
    }
    nodes.push(node);
    nodeIdByString.set(s, node.id);
    return node.id;
  };

  triples.forEach((t: unknown, i) => {
    const path = [...rootPath(key), i];
    if (!Array.isArray(t) || t.length !== 3) {
      report('error', SIMGRAG_CODES.badTriple, `Triple ${i + 1} must have exactly 3 strings: [head, relation, tail]${Array.isArray(t) ? ` (it has ${t.length})` : ''}.`, path);
      return;
    }
    const h = str(t[0], [...path, 0]);
    const r = str(t[1], [...path, 1]);
    const tl = str(t[2], [...path, 2]);
    if (h === undefined || r === undefined || tl === undefined) return;
    const source = nodeFor(h, [...path, 0]);
    const target = nodeFor(tl, [...path, 2]);
    const before = diagnostics.length;
    checkRole(h, 'node', [...path, 0]);
    checkRole(r, 'relation', [...path, 1]);
    checkRole(tl, 'node', [...path, 2]);
    const roleConflict = diagnostics.length > before;
    const { term, problem } = classifySimGragTerm(r);
    if (problem) report('warning', problem.code, problem.message, [...path, 1], problem.inner);
    let relation: RelationConstraint;
    if (term.kind === 'known') relation = { kind: 'phrase', value: r };
    else {
      relation = { kind: 'unknown' };
      if (term.type !== 'relation' && problem === undefined && !roleConflict) report('info', SIMGRAG_CODES.unknownRelationType, `An unknown relation is usually written "UNKNOWN relation <n>".`, [...path, 1]);
    }
    edges.push({ id: `e${edges.length}`, source, target, directed: false, relation });
  });

  // Strings that differ only in case or spacing are different nodes to SimGRAG — rarely intended.
  const byNormal = new Map<string, string>();
  for (const s of nodeIdByString.keys()) {
    const norm = s.toLowerCase().replace(/\s+/g, ' ').trim();
    const prior = byNormal.get(norm);
    if (prior !== undefined) {
      const path = roleOf.get(s)?.path ?? [];
      report('warning', SIMGRAG_CODES.nearDuplicateNode, `"${s}" and "${prior}" differ only in case or spacing, so they are two different nodes.`, path);
    } else byNormal.set(norm, s);
  }

  const targets: string[] = [];
  const targetRaw = root['target'];
  if (targetRaw !== undefined) {
    const list = Array.isArray(targetRaw) ? targetRaw : [targetRaw];
    list.forEach((t: unknown, i) => {
      const path: JsonPath = Array.isArray(targetRaw) ? ['target', i] : ['target'];
      const id = typeof t === 'string' ? nodeIdByString.get(t) : undefined;
      if (id === undefined) report('error', SIMGRAG_CODES.unknownTarget, `The target ${JSON.stringify(t)} is not a node of the graph.`, path);
      else if (!targets.includes(id)) targets.push(id);
    });
  }

  if (edges.length === 0) return { diagnostics, ...(divided ? { divided } : {}) };
  const plan: PlanningGraph = {
    name: opts.name ?? 'pattern',
    ...(typeof query === 'string' ? { question: query } : {}),
    nodes,
    edges,
    targets,
    expect: [],
    strategy: DEFAULT_STRATEGIES.gsd,
  };
  return { plan, diagnostics, ...(divided ? { divided } : {}) };
}

export interface ToSimGragOptions {
  /** Triples under "graph" (SimGRAG's prompts) or "triples". */
  readonly key?: 'graph' | 'triples';
  /** Segments to write as "divided" (the IR does not hold them). */
  readonly divided?: readonly string[];
}

/**
 * Writes the IR as a SimGRAG pattern. Unknown nodes become `UNKNOWN <type> <n>`, the type taken
 * from the variable (`film_1` → "UNKNOWN film 1"; short names like `x` use the category).
 */
export function planningGraphToSimGrag(pg: PlanningGraph, opts: ToSimGragOptions = {}): { pattern: SimGragPattern; diagnostics: PlanDiagnostic[] } {
  const diagnostics: PlanDiagnostic[] = [];
  const nodeString = new Map<string, string>();
  const used = new Map<string, string>(); // string → node id
  const unknownNodes: PlanNode[] = [];
  for (const n of pg.nodes) {
    const nameProp = n.properties?.['name'];
    const text = n.text?.value ?? (typeof nameProp === 'string' ? nameProp : undefined);
    if (text === undefined) {
      unknownNodes.push(n);
      continue;
    }
    if (n.text?.kind === 'exact') diagnostics.push({ severity: 'info', code: SIMGRAG_CODES.lostConstraint, message: `SimGRAG has no exact match: "${text}" will be matched by meaning.`, element: { kind: 'node', id: n.id } });
    const others = Object.keys(n.properties ?? {}).filter((k) => !(k === 'name' && n.text === undefined));
    if (others.length) diagnostics.push({ severity: 'warning', code: SIMGRAG_CODES.lostConstraint, message: `SimGRAG patterns have no properties: ${others.join(', ')} of ${n.id} are dropped.`, element: { kind: 'node', id: n.id } });
    const prior = used.get(text);
    if (prior !== undefined) diagnostics.push({ severity: 'warning', code: SIMGRAG_CODES.mergedNodes, message: `${n.id} and ${prior} both read "${text}"; in SimGRAG the same string is the same node.`, element: { kind: 'node', id: n.id } });
    used.set(text, n.id);
    nodeString.set(n.id, text);
  }
  for (const n of unknownNodes) {
    const m = /^(.*?)_?(\d+)$/.exec(n.id);
    let word = m && m[1] !== '' ? m[1]! : n.id;
    if (word.length <= 2 && n.category !== undefined) word = n.category;
    word = word.replace(/_+/g, ' ').trim().toLowerCase() || 'entity';
    let k = m && m[1] !== '' ? Number(m[2]) : 1;
    const make = (i: number): string => `UNKNOWN ${word} ${i}`;
    if (used.has(make(k))) for (k = 1; used.has(make(k)); k++);
    const s = make(k);
    used.set(s, n.id);
    nodeString.set(n.id, s);
    if (n.properties && Object.keys(n.properties).length) diagnostics.push({ severity: 'warning', code: SIMGRAG_CODES.lostConstraint, message: `SimGRAG patterns have no properties: those of ${n.id} are dropped.`, element: { kind: 'node', id: n.id } });
  }
  const connected = new Set<string>();
  let unknownRelations = 0;
  const graph: SimGragTriple[] = [];
  for (const e of pg.edges) {
    connected.add(e.source);
    connected.add(e.target);
    const r = e.relation.kind === 'unknown' ? `UNKNOWN relation ${++unknownRelations}` : e.relation.value;
    const h = nodeString.get(e.source);
    const t = nodeString.get(e.target);
    if (h === undefined || t === undefined) continue; // an edge to an undeclared node: the checker reports it
    graph.push([h, r, t]);
  }
  for (const n of pg.nodes) {
    if (!connected.has(n.id)) diagnostics.push({ severity: 'warning', code: SIMGRAG_CODES.isolatedNode, message: `${n.id} has no edge; a SimGRAG pattern consists of triples only, so it is dropped.`, element: { kind: 'node', id: n.id } });
  }
  const targets = pg.targets.map((t) => nodeString.get(t)).filter((t): t is string => t !== undefined);
  const pattern: SimGragPattern = {
    ...(pg.question !== undefined ? { query: pg.question } : {}),
    ...(opts.divided ? { divided: [...opts.divided] } : {}),
    graph,
    ...(targets.length === 1 ? { target: targets[0]! } : targets.length > 1 ? { target: targets } : {}),
  };
  if (opts.key === 'triples') {
    const { graph: g, ...rest } = pattern;
    return { pattern: { ...rest, triples: g } as unknown as SimGragPattern, diagnostics };
  }
  return { pattern, diagnostics };
}

export interface SimGragTextResult extends FromSimGragResult {
  /** The value read from the text (tuples as arrays), when it parsed. */
  readonly value?: unknown;
}

/**
 * Reads the Python-style text an LLM writes (SimGRAG's prompt format):
 *   {"divided": ['…', …], "graph": [('h', 'r', 't'), …]}
 * or just the list of triples. Every diagnostic has `start`/`end` offsets in `text`.
 */
export function parseSimGragText(text: string, opts: FromSimGragOptions = {}): SimGragTextResult {
  const first = text.search(/[[{(]/);
  const diagnostics: SourceDiagnostic[] = [];
  if (first < 0) {
    diagnostics.push({ severity: 'error', code: SIMGRAG_CODES.notAnObject, message: 'Expected a pattern: {"graph": [(head, relation, tail), …]} or a list of triples.', path: [], start: 0, end: text.length });
    return { diagnostics };
  }
  if (text.slice(0, first).trim() !== '') {
    diagnostics.push({ severity: 'warning', code: 'literal-leading-text', message: 'Text before the pattern is ignored.', path: [], start: 0, end: first });
  }
  const parsed = parseLooseLiteral(text, first);
  for (const d of parsed.diagnostics) diagnostics.push({ ...d, path: [] });
  const root = parsed.node;
  if (root === undefined) return { diagnostics };
  const value = looseToPlain(root);
  const r = planningGraphFromSimGrag(value, opts);
  for (const d of r.diagnostics) diagnostics.push(locate(root, d));
  return { ...r, diagnostics, value };
}

/** Gives a path diagnostic the offsets of the value it names in the parsed text. */
export function locate(root: LooseNode, d: SourceDiagnostic): SourceDiagnostic {
  const span = looseSpan(root, d.path, d.inner);
  return { ...d, start: span.start, end: span.end };
}

/** Python's repr of a string: single quotes unless the text holds one and no double quote. */
export function pythonRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r').split(q).join(`\\${q}`);
  return `${q}${body}${q}`;
}

/** The pattern as SimGRAG's prompt shows it: Python tuples and single-quoted strings. */
export function formatSimGragPython(p: SimGragPattern, indent = '    '): string {
  const lines: string[] = ['{'];
  const fields: string[] = [];
  if (p.divided) fields.push(`${indent}"divided": [${p.divided.map(pythonRepr).join(', ')}]`);
  fields.push(`${indent}"graph": [${p.graph.map((t) => `(${t.map(pythonRepr).join(', ')})`).join(', ')}]`);
  if (p.target !== undefined) fields.push(`${indent}"target": ${Array.isArray(p.target) ? `[${p.target.map(pythonRepr).join(', ')}]` : pythonRepr(p.target)}`);
  lines.push(fields.join(',\n'));
  lines.push('}');
  return lines.join('\n');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

