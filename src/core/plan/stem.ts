/**
 * STEM's planning output ↔ the IR (docs/stem-sage.md). STEM's planner writes atomic assertions
 * with `[ENTk]` placeholders and a strategy (prompt P1: `(Assertion_1, Assertion_2), Strategy)`),
 * then one schema triple per assertion (P2: `[ (Entity_1, Relation_1, Entity_2), … ]`). As JSON:
 *   {"query"?, "assertions": [...], "triples": [[h, r, t], …], "strategy"?: "Precision"|"Breadth", "target"?}
 * where `assertions` may also be P1's text and `triples` P2's text. Placeholders become unknown
 * nodes (`ENT1`), other ends named entities (soft text); relations become phrases — STEM compares
 * relation symbols by meaning, so a symbol the graph lacks still matches its nearest type.
 */
import { DEFAULT_STRATEGIES, type PlanEdge, type PlanNode, type PlanningGraph } from './planningGraph';
import type { SourceDiagnostic } from './planDiagnostics';
import type { JsonPath } from '../schema/jsonDocument';
import { editDistance } from '../editDistance';

export const STEM_CODES = {
  notAnObject: 'stem-not-an-object',
  noTriples: 'stem-no-triples',
  badTriple: 'stem-bad-triple',
  badAssertions: 'stem-bad-assertions',
  countMismatch: 'stem-count-mismatch',
  placeholderNotCopied: 'stem-placeholder-not-copied',
  malformedPlaceholder: 'stem-malformed-placeholder',
  samePlaceholderTwice: 'stem-same-placeholder-both-ends',
  placeholderGap: 'stem-placeholder-gap',
  nearDuplicateEntity: 'stem-near-duplicate-entity',
  badStrategy: 'stem-bad-strategy',
  unknownRelation: 'stem-unknown-relation',
  unknownTarget: 'stem-unknown-target',
  unparsedOutput: 'stem-unparsed-output',
} as const;

export type StemTriple = [string, string, string];

export interface StemPlanning {
  readonly query?: string;
  readonly assertions: readonly string[];
  readonly triples: readonly StemTriple[];
  readonly strategy?: string;
  readonly target?: string;
}

/** A well-formed placeholder: `[ENT1]`. */
const PLACEHOLDER = /\[ENT(\d+)\]/g;
/** Near misses people and models write: `[ent1]`, `[ENT 1]`, `ENT1`, `[ENTX]`, `{ENT1}`. */
const NEAR_PLACEHOLDER = /\[\s*ent\s*(\d+|x)\s*\]|\{\s*ent\s*(\d+)\s*\}|(?<![\w[])ent\s?(\d+)(?![\w\]])/gi;

export function isPlaceholder(s: string): boolean {
  return /^\[ENT\d+\]$/.test(s.trim());
}

/** P1's output, `(Assertion_1, Assertion_2), Strategy)` — the paper's own unbalanced form — or balanced, quoted or not. */
export function parseAssertionOutput(text: string): { assertions: string[]; strategy?: string; problem?: string } {
  const t = text.trim();
  const m = /^\(?\s*([\s\S]*?)\s*\)\s*,\s*([A-Za-z]+)\s*\)?\s*$/.exec(t);
  if (!m) return { assertions: [], problem: 'expected "(Assertion_1, Assertion_2, …), Strategy)"' };
  return { assertions: splitList(m[1]!), strategy: m[2]! };
}

/** P2's output, `[ (Entity_1, Relation_1, Entity_2), (…), ]`. */
export function parseTripleOutput(text: string): { triples: StemTriple[]; problem?: string } {
  const triples: StemTriple[] = [];
  const body = text.trim().replace(/^\[/, '').replace(/\]\s*$/, '');
  const re = /\(([^()]*)\)/g;
  let m: RegExpExecArray | null;
  let bad: string | undefined;
  while ((m = re.exec(body))) {
    const parts = splitList(m[1]!);
    if (parts.length === 3) triples.push([parts[0]!, parts[1]!, parts[2]!]);
    else bad ??= `(${m[1]}) has ${parts.length} parts, not 3`;
  }
  if (triples.length === 0) return { triples, problem: bad ?? 'expected "[ (Entity_1, Relation_1, Entity_2), … ]"' };
  return { triples, ...(bad ? { problem: bad } : {}) };
}

/** Splits on commas outside quotes; strips one level of quotes. */
function splitList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  for (const ch of s) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === '"' || ch === '“' || ch === '”') quote = ch === '“' ? '”' : ch;
    else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out.filter((x) => x !== '');
}

/**
 * The checks of STEM's planning output (placeholder consistency P1/P2/P4, relation existence,
 * strategy tokens). `relationNames`: the schema's relationship types, when known.
 */
export function checkStemPlanning(p: StemPlanning, relationNames?: readonly string[], paths: { assertions: JsonPath; triples: JsonPath; strategy: JsonPath; target: JsonPath } = { assertions: ['assertions'], triples: ['triples'], strategy: ['strategy'], target: ['target'] }): SourceDiagnostic[] {
  const out: SourceDiagnostic[] = [];
  const report = (severity: SourceDiagnostic['severity'], code: string, message: string, path: JsonPath, inner?: { start: number; end: number }): void => {
    out.push({ severity, code, message, path, ...(inner ? { inner } : {}) });
  };
  if (p.assertions.length > 0 && p.assertions.length !== p.triples.length) {
    report('error', STEM_CODES.countMismatch, `${p.assertions.length} assertion(s) but ${p.triples.length} triple(s): STEM needs one triple per assertion, in the same order`, paths.triples);
  }
  // Malformed placeholders, in assertions and triples.
  const nearMisses = (text: string, path: JsonPath): void => {
    NEAR_PLACEHOLDER.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NEAR_PLACEHOLDER.exec(text))) {
      if (/^\[ENT\d+\]$/.test(m[0])) continue;
      const n = m[1] ?? m[2] ?? m[3];
      const fix = n && /^\d+$/.test(n) ? `[ENT${n}]` : '[ENT1], [ENT2], …';
      report('error', STEM_CODES.malformedPlaceholder, `"${m[0]}" is not a placeholder STEM reads; write ${fix}`, path, { start: m.index, end: m.index + m[0].length });
    }
  };
  p.assertions.forEach((a, i) => nearMisses(a, [...paths.assertions, i]));
  p.triples.forEach((t, i) => {
    nearMisses(t[0], [...paths.triples, i, 0]);
    nearMisses(t[2], [...paths.triples, i, 2]);
  });
  // Copied verbatim: triple i's placeholders appear in assertion i.
  p.triples.forEach((t, i) => {
    const a = p.assertions[i];
    if (a === undefined) return;
    for (const part of [0, 2] as const) {
      const end = t[part].trim();
      if (isPlaceholder(end) && !a.includes(end)) {
        const inA = [...a.matchAll(PLACEHOLDER)].map((m) => m[0]);
        report('error', STEM_CODES.placeholderNotCopied, `${end} is not in assertion ${i + 1}${inA.length ? ` (which has ${inA.join(', ')})` : ''}: placeholders are copied verbatim from the assertion`, [...paths.triples, i, part]);
      }
    }
    if (isPlaceholder(t[0]) && t[0].trim() === t[2].trim()) report('error', STEM_CODES.samePlaceholderTwice, `${t[0].trim()} at both ends: distinct entities need distinct placeholders`, [...paths.triples, i]);
  });
  // Numbering: [ENT1], [ENT3] without [ENT2] usually means a renamed or dropped entity.
  const nums = new Set<number>();
  for (const t of p.triples) for (const e of [t[0], t[2]]) for (const m of e.matchAll(PLACEHOLDER)) nums.add(Number(m[1]));
  const max = Math.max(0, ...nums);
  const missing = Array.from({ length: max }, (_, i) => i + 1).filter((n) => !nums.has(n));
  if (missing.length > 0) report('warning', STEM_CODES.placeholderGap, `placeholders skip ${missing.map((n) => `[ENT${n}]`).join(', ')}: the same entity must keep one label and labels are numbered from 1`, paths.triples);
  // Same entity, same text: two named ends that differ only in case/spacing/one letter.
  const names = new Map<string, JsonPath>();
  p.triples.forEach((t, i) => {
    for (const part of [0, 2] as const) {
      const e = t[part].trim();
      if (isPlaceholder(e) || e === '') continue;
      for (const [other] of names) {
        if (other !== e && (other.toLowerCase() === e.toLowerCase() || (e.length > 4 && editDistance(other.toLowerCase(), e.toLowerCase(), 1) <= 1))) {
          report('warning', STEM_CODES.nearDuplicateEntity, `"${e}" and "${other}" look like one entity written two ways: they become two nodes`, [...paths.triples, i, part]);
        }
      }
      if (!names.has(e)) names.set(e, [...paths.triples, i, part]);
    }
  });
  // Strategy tokens.
  if (p.strategy !== undefined && p.strategy !== 'Precision' && p.strategy !== 'Breadth') {
    const near = ['Precision', 'Breadth'].find((w) => w.toLowerCase() === p.strategy!.toLowerCase() || editDistance(w.toLowerCase(), p.strategy!.toLowerCase(), 3) <= 3);
    report('error', STEM_CODES.badStrategy, `strategy "${p.strategy}" is not Precision or Breadth${near ? `; did you mean ${near}?` : ''}`, paths.strategy);
  }
  // Relation symbols that exist in the schema (schema hallucination, STEM §1).
  if (relationNames && relationNames.length > 0) {
    p.triples.forEach((t, i) => {
      const r = t[1].trim();
      if (relationNames.includes(r)) return;
      const near = nearestNames(r, relationNames, 3);
      report('error', STEM_CODES.unknownRelation, `relation "${r}" is not in the schema${near.length ? `; nearest: ${near.join(', ')}` : ''}`, [...paths.triples, i, 1]);
    });
  }
  if (p.target !== undefined && !p.triples.some((t) => t[0].trim() === p.target || t[2].trim() === p.target)) report('error', STEM_CODES.unknownTarget, `target ${p.target} is not an end of any triple`, paths.target);
  return out;
}

/**
 * Nearest relation names by character-trigram overlap of their words ("director of" ~
 * directed_by, "fly into" ~ nearby_airports shares little: no synonyms without an embedder).
 */
export function nearestNames(name: string, candidates: readonly string[], max: number): string[] {
  const grams = (s: string): Set<string> => {
    const t = ` ${s.replace(/[._\-/]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim()} `;
    const g = new Set<string>();
    for (let i = 0; i + 3 <= t.length; i++) g.add(t.slice(i, i + 3));
    return g;
  };
  const q = grams(name);
  return candidates
    .map((c) => {
      const g = grams(c);
      let inter = 0;
      for (const x of q) if (g.has(x)) inter++;
      return { c, s: inter / Math.max(1, q.size + g.size - inter) };
    })
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.c.localeCompare(b.c))
    .slice(0, max)
    .map((x) => x.c);
}

/** Reads a STEM planning object (fields may hold P1/P2 text) into its parts, with findings. */
export function readStemPlanning(obj: unknown): { planning?: StemPlanning; diagnostics: SourceDiagnostic[] } {
  const diagnostics: SourceDiagnostic[] = [];
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    diagnostics.push({ severity: 'error', code: STEM_CODES.notAnObject, message: 'A STEM plan is an object with "assertions", "triples" and "strategy".', path: [] });
    return { diagnostics };
  }
  const rec = obj as Record<string, unknown>;
  let assertions: string[] = [];
  let strategy = typeof rec['strategy'] === 'string' ? rec['strategy'].trim() : undefined;
  const a = rec['assertions'];
  if (typeof a === 'string') {
    const parsed = parseAssertionOutput(a);
    if (parsed.problem) diagnostics.push({ severity: 'error', code: STEM_CODES.unparsedOutput, message: `assertions: ${parsed.problem}`, path: ['assertions'] });
    assertions = parsed.assertions;
    strategy ??= parsed.strategy;
  } else if (Array.isArray(a) && a.every((x) => typeof x === 'string')) assertions = a as string[];
  else if (a !== undefined) diagnostics.push({ severity: 'error', code: STEM_CODES.badAssertions, message: '"assertions" must be a list of strings or P1\'s "(Assertion_1, …), Strategy)" text', path: ['assertions'] });
  let triples: StemTriple[] = [];
  const t = rec['triples'];
  if (typeof t === 'string') {
    const parsed = parseTripleOutput(t);
    if (parsed.problem) diagnostics.push({ severity: 'error', code: STEM_CODES.unparsedOutput, message: `triples: ${parsed.problem}`, path: ['triples'] });
    triples = parsed.triples;
  } else if (Array.isArray(t)) {
    t.forEach((x, i) => {
      if (Array.isArray(x) && x.length === 3 && x.every((y) => typeof y === 'string')) triples.push([x[0], x[1], x[2]] as StemTriple);
      else diagnostics.push({ severity: 'error', code: STEM_CODES.badTriple, message: `triple ${i + 1} must be [head, relation, tail] (three strings)`, path: ['triples', i] });
    });
  }
  if (triples.length === 0 && !diagnostics.some((d) => d.path[0] === 'triples')) diagnostics.push({ severity: 'error', code: STEM_CODES.noTriples, message: 'A STEM plan needs "triples": one [head, relation, tail] per assertion.', path: ['triples'] });
  const query = typeof rec['query'] === 'string' ? rec['query'] : typeof rec['question'] === 'string' ? rec['question'] : undefined;
  const target = typeof rec['target'] === 'string' ? rec['target'] : undefined;
  return { planning: { ...(query !== undefined ? { query } : {}), assertions, triples, ...(strategy !== undefined ? { strategy } : {}), ...(target !== undefined ? { target } : {}) }, diagnostics };
}

export interface FromStemOptions {
  readonly name?: string;
  readonly relationNames?: readonly string[];
}

/** STEM planning output → a planning graph with `using stem(mode: …)`. */
export function planningGraphFromStem(obj: unknown, opts: FromStemOptions = {}): { plan?: PlanningGraph; diagnostics: SourceDiagnostic[] } {
  const read = readStemPlanning(obj);
  const diagnostics = [...read.diagnostics];
  const p = read.planning;
  if (!p || p.triples.length === 0) return { diagnostics };
  diagnostics.push(...checkStemPlanning(p, opts.relationNames));
  const ids = new Map<string, string>();
  const nodes: PlanNode[] = [];
  const used = new Set<string>();
  const nodeFor = (raw: string): string => {
    const s = raw.trim();
    const known = ids.get(s);
    if (known) return known;
    const ph = /^\[ENT(\d+)\]$/.exec(s);
    let id = ph ? `ENT${ph[1]}` : s.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'e';
    if (/^\d/.test(id)) id = 'e_' + id;
    let n = id;
    for (let i = 2; used.has(n); i++) n = `${id}_${i}`;
    used.add(n);
    ids.set(s, n);
    nodes.push(ph ? { id: n } : { id: n, text: { kind: 'soft', value: s } });
    return n;
  };
  const edges: PlanEdge[] = p.triples.map((t, i) => ({ id: `e${i}`, source: nodeFor(t[0]), target: nodeFor(t[2]), directed: false, relation: t[1].trim() === '' ? { kind: 'unknown' } : { kind: 'phrase', value: t[1].trim() } }));
  // The answer: the given target, else the placeholder the last triple introduces, else the highest numbered.
  let target = p.target !== undefined ? ids.get(p.target.trim()) : undefined;
  if (!target) {
    const placeholders = [...ids.keys()].filter(isPlaceholder);
    const last = p.triples[p.triples.length - 1]!;
    const lastNew = [last[2], last[0]].map((x) => x.trim()).find((x) => isPlaceholder(x) && p.triples.filter((t) => t[0].trim() === x || t[2].trim() === x).length === 1);
    const highest = placeholders.sort((a, b) => Number(/\d+/.exec(b)![0]) - Number(/\d+/.exec(a)![0]))[0];
    target = ids.get(lastNew ?? highest ?? '');
  }
  const mode = p.strategy === 'Breadth' ? 'breadth' : 'precision';
  return {
    plan: {
      name: opts.name ?? 'stem',
      ...(p.query !== undefined ? { question: p.query } : {}),
      nodes,
      edges,
      targets: target ? [target] : [],
      expect: [],
      strategy: { ...DEFAULT_STRATEGIES.stem, mode },
    },
    diagnostics,
  };
}
