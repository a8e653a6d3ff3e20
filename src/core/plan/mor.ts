/**
 * IR ↔ MoR planning graphs (docs/conversions.md, algorithms.md A.2):
 *   Metapath: "brand -> product <- category"   Restriction: {"brand": ["PUMA"], "product": [...]}
 * and the Prime form
 *   Triplets: [["drug", "indication", "disease"], …]   Restriction: {…}   Target: "disease".
 * Metapath nodes are categories; arrows run along reasoning paths that converge on the target.
 * The arrows say which way reasoning flows, not how relationships are stored, so the IR edges are
 * undirected (source = where the arrow starts). Restrictions are keyed by category: every node of
 * that category gets them (as MoR does), joined with "; " into one soft text.
 */
import { DEFAULT_STRATEGIES, type PlanEdge, type PlanNode, type PlanningGraph } from './planningGraph';
import { slugId, uniqueId, type PlanDiagnostic, type SourceDiagnostic } from './planDiagnostics';
import { reasoningPaths } from './reasoningPaths';
import { looseSpan, looseToPlain, parseLooseLiteral, type LooseNode } from './looseLiteral';
import type { JsonPath } from '../schema/jsonDocument';

export const MOR_CODES = {
  notAPlan: 'mor-not-a-plan',
  malformedMetapath: 'mor-malformed-metapath',
  notConverging: 'mor-metapath-not-converging',
  restrictionUnknownKey: 'mor-restriction-unknown-key',
  restrictionKeyCase: 'mor-restriction-key-case',
  badRestriction: 'mor-bad-restriction',
  badTriplet: 'mor-bad-triplet',
  badTarget: 'mor-bad-target',
  duplicateField: 'mor-duplicate-field',
  // writer
  noCategory: 'mor-no-category',
  notExpressible: 'mor-not-expressible',
  lostConstraint: 'mor-lost-constraint',
  mergedRestrictions: 'mor-merged-restrictions',
} as const;

/** Separator between several restrictions of one node inside the IR's single soft text. */
export const RESTRICTION_SEPARATOR = '; ';

export type MorPlanJson =
  | { Metapath: string; Restriction: Record<string, string[]> }
  | { Triplets: [string, string, string][]; Restriction: Record<string, string[]>; Target: string };

interface Problem {
  readonly code: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

export interface ParsedMetapath {
  readonly nodes: readonly { readonly category: string; readonly restriction?: string; readonly start: number; readonly end: number }[];
  /** arrows[i] joins nodes[i] and nodes[i + 1]. */
  readonly arrows: readonly ('->' | '<-')[];
  /** Index of the node the paths converge on. */
  readonly targetIndex: number;
  readonly problems: readonly Problem[];
}

/**
 * Parses a metapath: categories joined by `->`/`<-` (or → ←), all `->` before all `<-`, so the
 * paths converge on one node. `Category<restriction>` (the paper's inline notation) is accepted.
 * Offsets are inside `s`.
 */
export function parseMetapath(s: string): ParsedMetapath {
  const problems: Problem[] = [];
  const comma = s.indexOf(',');
  if (comma >= 0) {
    problems.push({ code: MOR_CODES.malformedMetapath, message: `A metapath is one chain; "," joins two. Write one chain whose arrows converge on the target, e.g. "brand -> product <- category".`, start: comma, end: comma + 1 });
    return { nodes: [], arrows: [], targetIndex: -1, problems };
  }
  const nodes: { category: string; restriction?: string; start: number; end: number }[] = [];
  const arrows: ('->' | '<-')[] = [];
  const arrowAt: number[] = [];
  const re = /->|<-|→|←/g;
  let last = 0;
  const addSegment = (from: number, to: number, before: string): void => {
    const raw = s.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    const start = from + lead;
    if (text === '') {
      problems.push({ code: MOR_CODES.malformedMetapath, message: `Expected a category ${before}.`, start: Math.min(from, s.length), end: Math.min(Math.max(to, from + 1), s.length) });
      return;
    }
    const inline = /^(.*?)\s*<([^<>]*)>$/.exec(text);
    if (inline && inline[1] !== '') nodes.push({ category: inline[1]!, restriction: inline[2]!.trim(), start, end: start + text.length });
    else nodes.push({ category: text, start, end: start + text.length });
  };
  for (let m = re.exec(s); m; m = re.exec(s)) {
    addSegment(last, m.index, `before "${m[0]}"`);
    arrows.push(m[0] === '->' || m[0] === '→' ? '->' : '<-');
    arrowAt.push(m.index);
    last = m.index + m[0].length;
  }
  addSegment(last, s.length, arrows.length ? 'after the last arrow' : '(the metapath is empty)');
  const firstBack = arrows.indexOf('<-');
  if (firstBack >= 0) {
    for (let i = firstBack + 1; i < arrows.length; i++) {
      if (arrows[i] === '->') {
        problems.push({ code: MOR_CODES.notConverging, message: 'Reasoning paths must converge on one target: every "->" must come before every "<-" (e.g. "a -> b <- c").', start: arrowAt[i]!, end: arrowAt[i]! + 2 });
        break;
      }
    }
  }
  const targetIndex = firstBack >= 0 ? firstBack : arrows.length;
  return { nodes, arrows, targetIndex, problems };
}

export interface FromMorResult {
  readonly plan?: PlanningGraph;
  readonly diagnostics: SourceDiagnostic[];
}

/**
 * Reads a MoR plan object: {Metapath, Restriction} or {Triplets, Restriction, Target}, also
 * wrapped as {query, answer: {…}} (the planner training files). Diagnostics carry paths into
 * `obj`, with `inner` offsets into the metapath string where it is at fault.
 */
export function planningGraphFromMorPlan(obj: unknown, opts: { name?: string } = {}): FromMorResult {
  const diagnostics: SourceDiagnostic[] = [];
  const report = (severity: SourceDiagnostic['severity'], code: string, message: string, path: JsonPath, inner?: { start: number; end: number }): void => {
    diagnostics.push({ severity, code, message, path, ...(inner ? { inner } : {}) });
  };
  let root: unknown = obj;
  let prefix: JsonPath = [];
  let question: string | undefined;
  if (isRecord(obj) && isRecord(obj['answer'])) {
    root = obj['answer'];
    prefix = ['answer'];
    if (typeof obj['query'] === 'string') question = obj['query'];
  } else if (isRecord(obj) && typeof obj['query'] === 'string') question = obj['query'];
  if (!isRecord(root) || (root['Metapath'] === undefined && root['Triplets'] === undefined)) {
    report('error', MOR_CODES.notAPlan, 'A MoR plan has "Metapath" and "Restriction" (or "Triplets", "Restriction" and "Target").', prefix);
    return { diagnostics };
  }
  const p = (...rest: (string | number)[]): JsonPath => [...prefix, ...rest];

  // The node list: category and inline restriction per node, plus how edges join them.
  const nodeSpecs: { category: string; inline?: string; path: JsonPath }[] = [];
  const edgeSpecs: { source: number; target: number; relation?: string }[] = [];
  let targetIndex = -1;

  if (root['Metapath'] !== undefined) {
    if (typeof root['Metapath'] !== 'string') {
      report('error', MOR_CODES.malformedMetapath, '"Metapath" must be a string such as "brand -> product".', p('Metapath'));
      return { diagnostics };
    }
    const mp = parseMetapath(root['Metapath']);
    for (const pr of mp.problems) report('error', pr.code, pr.message, p('Metapath'), { start: pr.start, end: pr.end });
    if (mp.problems.length > 0 || mp.nodes.length === 0) return { diagnostics };
    for (const n of mp.nodes) nodeSpecs.push({ category: n.category, ...(n.restriction ? { inline: n.restriction } : {}), path: p('Metapath') });
    mp.arrows.forEach((a, i) => edgeSpecs.push(a === '->' ? { source: i, target: i + 1 } : { source: i + 1, target: i }));
    targetIndex = mp.targetIndex;
  } else {
    const triplets = root['Triplets'];
    if (!Array.isArray(triplets) || triplets.length === 0) {
      report('error', MOR_CODES.badTriplet, '"Triplets" must be a non-empty list of [source, relation, target] categories.', p('Triplets'));
      return { diagnostics };
    }
    const indexOf = new Map<string, number>();
    const nodeIndex = (cat: string, path: JsonPath): number => {
      let i = indexOf.get(cat);
      if (i === undefined) {
        i = nodeSpecs.length;
        nodeSpecs.push({ category: cat, path });
        indexOf.set(cat, i);
      }
      return i;
    };
    triplets.forEach((t: unknown, i) => {
      // The relation may be "" (unknown: how the writer prints one); the categories may not.
      if (!Array.isArray(t) || t.length !== 3 || !t.every((x) => typeof x === 'string') || t[0].trim() === '' || t[2].trim() === '') {
        report('error', MOR_CODES.badTriplet, `Triplet ${i + 1} must be three strings: [source category, relation, target category], the categories non-empty.`, p('Triplets', i));
        return;
      }
      const [src, rel, dst] = t as [string, string, string];
      edgeSpecs.push({ source: nodeIndex(src, p('Triplets', i, 0)), target: nodeIndex(dst, p('Triplets', i, 2)), ...(rel.trim() !== '' ? { relation: rel } : {}) });
    });
    if (edgeSpecs.length === 0) return { diagnostics };
    const target = root['Target'];
    if (typeof target !== 'string') report('error', MOR_CODES.badTarget, '"Target" must name the category the answers belong to.', p('Target'));
    else if (!indexOf.has(target.trim())) report('error', MOR_CODES.badTarget, `The target "${target}" is not a category of the triplets.`, p('Target'));
    else targetIndex = indexOf.get(target.trim())!;
  }

  // Restrictions, keyed by category.
  const restrictions = new Map<string, string[]>();
  const rawR = root['Restriction'];
  if (rawR !== undefined && !isRecord(rawR)) report('error', MOR_CODES.badRestriction, '"Restriction" must be an object keyed by category.', p('Restriction'));
  if (isRecord(rawR)) {
    const categories = [...new Set(nodeSpecs.map((n) => n.category))];
    for (const [key, val] of Object.entries(rawR)) {
      let cat = categories.find((c) => c === key);
      if (cat === undefined) {
        cat = categories.find((c) => c.toLowerCase() === key.trim().toLowerCase());
        if (cat !== undefined) report('warning', MOR_CODES.restrictionKeyCase, `Restriction key "${key}" matches the category "${cat}" only when case is ignored.`, p('Restriction', key));
      }
      if (cat === undefined) {
        report('warning', MOR_CODES.restrictionUnknownKey, `Restriction key "${key}" is not a category of the ${root['Metapath'] !== undefined ? 'metapath' : 'triplets'} (${categories.join(', ')}); it is ignored.`, p('Restriction', key));
        continue;
      }
      const list = Array.isArray(val) ? val : val === null || val === '' ? [] : [val];
      const texts: string[] = [];
      list.forEach((v: unknown, i) => {
        if (typeof v === 'string') {
          if (v.trim() !== '') texts.push(v.trim());
        } else report('warning', MOR_CODES.badRestriction, `Restriction values must be strings; ${JSON.stringify(v)} is ignored.`, Array.isArray(val) ? p('Restriction', key, i) : p('Restriction', key));
      });
      restrictions.set(cat, [...(restrictions.get(cat) ?? []), ...texts]);
    }
  }

  const taken = new Set<string>();
  const nodes: PlanNode[] = nodeSpecs.map((spec) => {
    const texts = [...(spec.inline ? [spec.inline] : []), ...(restrictions.get(spec.category) ?? [])];
    return {
      id: uniqueId(slugId(spec.category), taken),
      category: spec.category,
      ...(texts.length ? { text: { kind: 'soft' as const, value: texts.join(RESTRICTION_SEPARATOR), ...(texts.length > 1 ? { parts: texts } : {}) } } : {}),
    };
  });
  const edges: PlanEdge[] = edgeSpecs.map((e, i) => ({
    id: `e${i}`,
    source: nodes[e.source]!.id,
    target: nodes[e.target]!.id,
    directed: false,
    relation: e.relation !== undefined ? { kind: 'phrase', value: e.relation } : { kind: 'unknown' },
  }));
  const plan: PlanningGraph = {
    name: opts.name ?? 'plan',
    ...(question !== undefined ? { question } : {}),
    nodes,
    edges,
    targets: targetIndex >= 0 ? [nodes[targetIndex]!.id] : [],
    expect: [],
    strategy: DEFAULT_STRATEGIES.mor,
  };
  return { plan, diagnostics };
}

export interface ToMorResult {
  /** Undefined when the plan cannot be written in the requested form. */
  readonly plan?: MorPlanJson;
  /** The plan as the MoR prompt prints it ("Metapath: …\nRestriction: {…}"). */
  readonly text?: string;
  readonly diagnostics: PlanDiagnostic[];
}

/**
 * Writes the IR as a MoR plan. `metapath` needs at most two reasoning paths (one each side of the
 * target) and loses relation phrases; `triplets` keeps relations but needs one node per category.
 * `auto` (default) prefers the metapath when nothing is lost.
 */
export function planningGraphToMorPlan(pg: PlanningGraph, opts: { form?: 'auto' | 'metapath' | 'triplets' } = {}): ToMorResult {
  const diagnostics: PlanDiagnostic[] = [];
  const form = opts.form ?? 'auto';
  const byId = new Map(pg.nodes.map((n) => [n.id, n]));
  const category = (id: string): string => byId.get(id)?.category ?? id;
  for (const n of pg.nodes) {
    if (n.category === undefined) diagnostics.push({ severity: 'warning', code: MOR_CODES.noCategory, message: `${n.id} has no category; MoR plans are made of categories, so "${n.id}" is used.`, element: { kind: 'node', id: n.id } });
    if (n.properties && Object.keys(n.properties).length) diagnostics.push({ severity: 'warning', code: MOR_CODES.lostConstraint, message: `MoR plans have no properties: those of ${n.id} are dropped.`, element: { kind: 'node', id: n.id } });
    if (n.text?.kind === 'exact') diagnostics.push({ severity: 'info', code: MOR_CODES.lostConstraint, message: `MoR restrictions are matched by text similarity; the exact match on ${n.id} becomes a restriction.`, element: { kind: 'node', id: n.id } });
  }

  // Restrictions per category, in node order; several nodes of one category share them.
  const restriction: Record<string, string[]> = {};
  const textOf = new Map<string, string>();
  for (const n of pg.nodes) {
    if (n.text === undefined) continue;
    const cat = category(n.id);
    // The separate restrictions when the IR kept them (and they still make up the text).
    const parts = n.text.kind === 'soft' ? n.text.parts : undefined;
    const items = parts !== undefined && parts.join(RESTRICTION_SEPARATOR) === n.text.value ? [...parts] : n.text.value.split(RESTRICTION_SEPARATOR).map((x) => x.trim()).filter((x) => x !== '');
    const prior = textOf.get(cat);
    if (prior !== undefined && prior !== n.text.value) diagnostics.push({ severity: 'warning', code: MOR_CODES.mergedRestrictions, message: `Restrictions are keyed by category: those of ${n.id} are merged with the other "${cat}" node's.`, element: { kind: 'node', id: n.id } });
    textOf.set(cat, n.text.value);
    const list = (restriction[cat] ??= []);
    for (const it of items) if (!list.includes(it)) list.push(it);
  }

  const rp = reasoningPaths(pg);
  const metapathProblem = ((): string | undefined => {
    if (rp.target === undefined) return 'the plan names no target';
    if (rp.diagnostics.some((d) => d.severity !== 'info' && d.code !== 'mor-several-targets')) return 'the plan has a cycle or parts not connected to the target';
    if (rp.paths.length > 2) return `it has ${rp.paths.length} reasoning paths and a metapath holds at most two (one on each side of the target)`;
    return undefined;
  })();
  const relationEdges = pg.edges.filter((e) => e.relation.kind !== 'unknown');
  const categories = pg.nodes.map((n) => category(n.id));
  const triplesProblem = ((): string | undefined => {
    if (new Set(categories).size !== categories.length) return 'two nodes share a category, and in triplets the same category is the same node';
    if (pg.targets.length === 0) return 'the plan names no target';
    if (pg.edges.length === 0) return 'the plan has no edges';
    return undefined;
  })();

  const useMetapath = form === 'metapath' || (form === 'auto' && metapathProblem === undefined && (relationEdges.length === 0 || triplesProblem !== undefined));
  if (useMetapath) {
    if (metapathProblem !== undefined) {
      diagnostics.push({ severity: 'error', code: MOR_CODES.notExpressible, message: `Cannot write a metapath: ${metapathProblem}.` });
      return { diagnostics };
    }
    for (const e of relationEdges) diagnostics.push({ severity: 'info', code: MOR_CODES.lostConstraint, message: `A metapath has no relations: "${e.relation.kind === 'unknown' ? '' : e.relation.value}" is dropped.`, element: { kind: 'edge', id: e.id } });
    const [left, right] = rp.paths;
    const cats = (ids: readonly string[]): string[] => ids.map(category);
    let metapath = cats(left!.nodes).join(' -> ');
    if (right) metapath += ' <- ' + cats(right.nodes.slice(0, -1)).reverse().join(' <- ');
    const plan: MorPlanJson = { Metapath: metapath, Restriction: restriction };
    return { plan, text: formatMorPlan(plan), diagnostics };
  }
  if (triplesProblem !== undefined) {
    diagnostics.push({ severity: 'error', code: MOR_CODES.notExpressible, message: `Cannot write triplets: ${triplesProblem}${metapathProblem ? `; nor a metapath: ${metapathProblem}` : ''}.` });
    return { diagnostics };
  }
  const triplets: [string, string, string][] = pg.edges.map((e) => [category(e.source), e.relation.kind === 'unknown' ? '' : e.relation.value, category(e.target)]);
  const plan: MorPlanJson = { Triplets: triplets, Restriction: restriction, Target: category(pg.targets[0]!) };
  return { plan, text: formatMorPlan(plan), diagnostics };
}

/** The plan as MoR's prompts print it. */
export function formatMorPlan(plan: MorPlanJson): string {
  const restriction = `{${Object.entries(plan.Restriction).map(([k, v]) => `${JSON.stringify(k)}: [${v.map((x) => JSON.stringify(x)).join(', ')}]`).join(', ')}}`;
  if ('Metapath' in plan) return `Metapath: ${plan.Metapath}\nRestriction: ${restriction}`;
  const triplets = `[${plan.Triplets.map((t) => `[${t.map((x) => JSON.stringify(x)).join(', ')}]`).join(', ')}]`;
  return `Triplets: ${triplets}\nRestriction: ${restriction}\nTarget: ${JSON.stringify(plan.Target)}`;
}

/**
 * Reads a plan as an LLM writes it (MoR's Prompt 1 output format):
 *   Metapath: brand -> product        (quotes and a trailing comma optional)
 *   Restriction: {"brand": ["Football Fanatics"], …}
 * or the Triplets/Restriction/Target form. Every diagnostic has offsets in `text`.
 */
export function parseMorPlanText(text: string, opts: { name?: string } = {}): FromMorResult & { value?: unknown } {
  const diagnostics: SourceDiagnostic[] = [];
  const label = /^[ \t]*(?:\*\*)?(Metapath|Restriction|Triplets|Target)(?:\*\*)?[ \t]*:[ \t]*/gim;
  const fields = new Map<string, { start: number; end: number; node?: LooseNode; innerOffset: number }>();
  const value: Record<string, unknown> = {};
  for (let m = label.exec(text); m; m = label.exec(text)) {
    const key = m[1]![0]!.toUpperCase() + m[1]!.slice(1).toLowerCase();
    const at = m.index + m[0].length;
    if (fields.has(key)) {
      diagnostics.push({ severity: 'warning', code: MOR_CODES.duplicateField, message: `"${key}" appears twice; the first one is used.`, path: [], start: m.index, end: at });
      continue;
    }
    if (key === 'Metapath' || key === 'Target') {
      const eol = text.indexOf('\n', at);
      let s = at;
      let e = eol < 0 ? text.length : eol;
      while (e > s && /[\s,]/.test(text[e - 1]!)) e--;
      if (e - s >= 2 && (text[s] === '"' || text[s] === "'") && text[e - 1] === text[s]) (s++, e--);
      value[key] = text.slice(s, e);
      fields.set(key, { start: s, end: e, innerOffset: s });
    } else {
      const parsed = parseLooseLiteral(text, at, { allowTrailing: true });
      for (const d of parsed.diagnostics) diagnostics.push({ ...d, path: [key] });
      if (parsed.node) {
        value[key] = looseToPlain(parsed.node);
        fields.set(key, { start: parsed.node.start, end: parsed.node.end, node: parsed.node, innerOffset: parsed.node.start });
      }
      label.lastIndex = Math.max(label.lastIndex, parsed.end);
    }
  }
  if (!fields.has('Metapath') && !fields.has('Triplets')) {
    diagnostics.push({ severity: 'error', code: MOR_CODES.notAPlan, message: 'Expected "Metapath: …" and "Restriction: {…}" (or "Triplets:", "Restriction:", "Target:").', path: [], start: 0, end: text.length });
    return { diagnostics };
  }
  const r = planningGraphFromMorPlan(value, opts);
  for (const d of r.diagnostics) {
    const [head, ...rest] = d.path;
    const f = typeof head === 'string' ? fields.get(head) : undefined;
    let span = { start: 0, end: text.length };
    if (f?.node) span = looseSpan(f.node, rest, d.inner);
    else if (f) span = d.inner ? { start: f.innerOffset + d.inner.start, end: f.innerOffset + d.inner.end } : { start: f.start, end: f.end };
    diagnostics.push({ ...d, start: span.start, end: span.end });
  }
  return { ...(r.plan ? { plan: r.plan } : {}), diagnostics, value };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
