/**
 * Completion for `.kgp`: what may be written at the cursor, from the tokens before it (robust to the
 * half-typed text completion always sees) and the plan's variables and the schema.
 *
 *   (|          variables of the plan        (a: |        categories (labels and their aliases)
 *   {|  {k: 1, |  property keys              -[|          relation phrases and `:types`
 *   -[:|        relationship types           using |      strategies
 *   gsd(|       strategy parameters          return |     variables
 *   line start  clause keywords / `plan`, `schema`
 */
import { KEYWORDS, STRATEGY_NAMES, lex, type EdgePattern, type PlanDecl, type Token } from '../dsl';
import type { Range } from '../text';
import type { Analysis, SchemaContext } from './analysis';
import { KEYWORD_DOCS, STRATEGY_DOCS, isCoreParameter, isStrategyKind } from './docs';
import { parameterDefaultText, parameterTypeText } from '../plan/strategyParameters';
import { labelFacts, relationshipFacts } from './facts';
import { humanise, writeName, writePhrase } from './names';
import { planAt, variablesOf } from './scope';

export type CompletionKind = 'keyword' | 'category' | 'relationType' | 'relationPhrase' | 'variable' | 'property' | 'strategy' | 'parameter' | 'file' | 'entity';

export interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  /** Text that replaces `range`. */
  readonly insertText: string;
  readonly range: Range;
  /** What the client filters on, when it differs from the label (an alias, a phrase). */
  readonly filterText?: string;
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  readonly sortText?: string;
}

/** Where the cursor is, as far as completion cares. */
export type CompletionSite =
  | { readonly kind: 'none' }
  | { readonly kind: 'topLevel' }
  | { readonly kind: 'schemaPath' }
  | { readonly kind: 'clauseStart'; readonly plan?: PlanDecl }
  | { readonly kind: 'variable'; readonly plan?: PlanDecl }
  | { readonly kind: 'category' }
  | { readonly kind: 'propertyKey'; readonly category?: string }
  | { readonly kind: 'relation'; readonly phraseStart?: number }
  | { readonly kind: 'relationType' }
  | { readonly kind: 'strategy' }
  /** Right after `expect`: the `all ties` modifier (answers are free text: none offered). */
  | { readonly kind: 'expectStart' }
  | { readonly kind: 'parameter'; readonly strategy: string; readonly used: readonly string[] }
  /** Inside a node's text string: entity names from the connected graph (the server asks the extension). */
  | { readonly kind: 'entityText'; readonly category?: string; readonly typed: string };

type FrameKind = 'plan' | 'node' | 'props' | 'relation' | 'args' | 'other';
interface Frame {
  readonly kind: FrameKind;
  /** Index of the opening token. */
  readonly at: number;
  readonly strategy?: string;
}

const CLAUSES = KEYWORDS.filter((k) => k !== 'schema' && k !== 'plan');
const CLOSER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

function isIdent(t: Token | undefined, value?: string): boolean {
  return t !== undefined && (t.kind === 'ident' || t.kind === 'quotedIdent') && (value === undefined || (t.kind === 'ident' && t.value === value));
}

function insideComment(a: Analysis, offset: number): boolean {
  return a.parse.document.comments.some(
    (c) => offset > c.start && (offset < c.end || (offset === c.end && (!c.block || !c.text.endsWith('*/')))),
  );
}

/** Works out the completion site from the tokens before the cursor. Exported for tests. */
export function completionSite(a: Analysis, offset: number): { site: CompletionSite; wordStart: number; wordEnd: number } {
  const none = { site: { kind: 'none' } as const, wordStart: offset, wordEnd: offset };
  if (insideComment(a, offset)) return none;
  // Lex only the top-level item around the cursor, up to the end of the cursor's line: a keystroke
  // in a 5,000-line file then costs a few lines of lexing, not the whole text.
  const items = a.parse.document.items;
  let from = 0;
  for (const item of items) {
    if (item.start > offset) break;
    from = item.start;
  }
  const eol = a.text.indexOf('\n', offset);
  const to = eol < 0 ? a.text.length : eol;
  const tokens = lex(a.text.slice(from, to))
    .tokens.filter((t) => t.kind !== 'eof')
    .map((t) => (from === 0 ? t : { ...t, start: t.start + from, end: t.end + from }));
  const inString = tokens.find((t) => t.kind === 'string' && t.start < offset && (offset < t.end || (offset === t.end && !a.text.slice(t.start + 1, t.end).endsWith('"'))));
  if (inString) {
    // `schema "|"`: the string is a path; offer schema files.
    const i = tokens.indexOf(inString);
    if (isIdent(tokens[i - 1], 'schema')) {
      const closed = inString.end - inString.start >= 2 && a.text[inString.end - 1] === '"';
      return { site: { kind: 'schemaPath' }, wordStart: inString.start + 1, wordEnd: closed ? inString.end - 1 : inString.end };
    }
  }
  const word = inString ? undefined : tokens.find((t) => (t.kind === 'ident' || t.kind === 'quotedIdent' || t.kind === 'number') && t.start < offset && offset <= t.end);
  if (word?.kind === 'number') return none;
  const wordStart = word ? word.start : offset;
  const wordEnd = word ? word.end : offset;
  const before = tokens.filter((t) => t.end <= (inString ? inString.start : wordStart));
  const prev = before[before.length - 1];
  // Does the word (or the cursor) begin a line?
  const lineStart = word ? word.lineStart : a.text.slice(a.text.lastIndexOf('\n', offset - 1) + 1, offset).trim() === '';

  const stack: Frame[] = [];
  before.forEach((t, i) => {
    const top = stack[stack.length - 1];
    if (t.kind === '(') {
      const isArgs = isIdent(before[i - 1]) && isIdent(before[i - 2], 'using');
      stack.push(isArgs ? { kind: 'args', at: i, strategy: before[i - 1]!.value } : { kind: 'node', at: i });
    } else if (t.kind === '[') stack.push({ kind: 'relation', at: i });
    else if (t.kind === '{') stack.push({ kind: top?.kind === 'node' ? 'props' : stack.length === 0 ? 'plan' : 'other', at: i });
    else if (t.kind === ')' || t.kind === ']' || t.kind === '}') {
      const open = CLOSER[t.kind];
      const idx = stack.map((f) => before[f.at]!.kind as string).lastIndexOf(open!);
      if (idx >= 0) stack.length = idx;
    } else if (isIdent(t, 'plan') && t.lineStart) stack.length = 0; // a new plan: forgive what was left open
  });
  const top = stack[stack.length - 1];
  const inner = top ? before.slice(top.at + 1) : before;
  const last = inner[inner.length - 1];
  const plan = planAt(a.parse.document, offset);
  const at = (site: CompletionSite) => ({ site, wordStart, wordEnd });
  if (inString) {
    // `(m: Movie "The V|")` (also `= "…"`): the node's text; the whole string content is replaced.
    if (top?.kind !== 'node') return none;
    const colon = inner.findIndex((t) => t.kind === ':');
    const category = colon >= 0 && isIdent(inner[colon + 1]) ? inner[colon + 1]!.value : undefined;
    const closed = inString.end - inString.start >= 2 && a.text[inString.end - 1] === '"';
    const contentEnd = closed ? inString.end - 1 : inString.end;
    return { site: { kind: 'entityText', ...(category !== undefined ? { category } : {}), typed: a.text.slice(inString.start + 1, offset) }, wordStart: inString.start + 1, wordEnd: contentEnd };
  }

  if (!top) {
    if (isIdent(prev, 'plan') || isIdent(prev, 'schema')) return none;
    return lineStart || prev === undefined ? at({ kind: 'topLevel' }) : none;
  }
  switch (top.kind) {
    case 'plan': {
      let depth = 0;
      let clause: string | undefined;
      for (const t of inner) {
        if (t.kind === '(' || t.kind === '[' || t.kind === '{') depth++;
        else if (t.kind === ')' || t.kind === ']' || t.kind === '}') depth--;
        else if (depth === 0 && t.kind === 'ident' && (CLAUSES as readonly string[]).includes(t.value)) clause = t.value;
      }
      if (isIdent(prev, 'using')) return at({ kind: 'strategy' });
      if (isIdent(prev, 'expect') && !lineStart) return at({ kind: 'expectStart' });
      if (clause === 'return' && (isIdent(prev, 'return') || prev?.kind === ',')) return at({ kind: 'variable', ...(plan ? { plan } : {}) });
      if (lineStart) return at({ kind: 'clauseStart', ...(plan ? { plan } : {}) });
      return none;
    }
    case 'node':
      if (inner.length === 0) return at({ kind: 'variable', ...(plan ? { plan } : {}) });
      if (last?.kind === ':' && inner.length <= 2) return at({ kind: 'category' });
      return none;
    case 'props': {
      if (!(inner.length === 0 || last?.kind === ',')) return none;
      const node = stack[stack.length - 2];
      const nodeTokens = node ? before.slice(node.at + 1, top.at) : [];
      const colon = nodeTokens.findIndex((t) => t.kind === ':');
      let category = colon >= 0 && isIdent(nodeTokens[colon + 1]) ? nodeTokens[colon + 1]!.value : undefined;
      if (category === undefined && isIdent(nodeTokens[0]) && plan) category = variablesOf(plan).get(nodeTokens[0]!.value)?.category;
      return at({ kind: 'propertyKey', ...(category !== undefined ? { category } : {}) });
    }
    case 'relation':
      if (inner.length === 0) return at({ kind: 'relation' });
      if (last?.kind === ':' && inner.length === 1) return at({ kind: 'relationType' });
      if (inner.every((t) => t.kind === 'ident')) return { site: { kind: 'relation', phraseStart: inner[0]!.start }, wordStart: inner[0]!.start, wordEnd };
      return none;
    case 'args': {
      if (!(inner.length === 0 || last?.kind === ',')) return none;
      const used = inner.filter((t, i) => isIdent(t) && inner[i + 1]?.kind === ':').map((t) => t.value);
      return at({ kind: 'parameter', strategy: top.strategy ?? '', used });
    }
    default:
      return none;
  }
}

/** The edge around the offset, with the categories of the nodes it joins (when known). */
function edgeEnds(a: Analysis, offset: number): { from?: string; to?: string; edge: EdgePattern } | undefined {
  const plan = planAt(a.parse.document, offset);
  if (!plan) return undefined;
  const vars = variablesOf(plan);
  for (const clause of plan.clauses) {
    if (clause.kind !== 'Match') continue;
    for (const chain of clause.patterns) {
      const i = chain.edges.findIndex((e) => e.start <= offset && offset <= e.end);
      if (i < 0) continue;
      const edge = chain.edges[i]!;
      const cat = (n = chain.nodes[i]) => n?.category?.name ?? (n?.variable ? vars.get(n.variable.name)?.category : undefined);
      let from = cat(chain.nodes[i]);
      let to = cat(chain.nodes[i + 1]);
      if (edge.direction === 'left') [from, to] = [to, from];
      return { edge, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
    }
  }
  return undefined;
}

/** What completion may ask of its host (the server) besides the text. */
export interface CompletionEnvironment {
  /** Schema files, as paths relative to the document's folder (asked only inside `schema "…"`). */
  readonly schemaFiles?: () => readonly string[];
}

export function complete(a: Analysis, offset: number, schema: SchemaContext | undefined, env: CompletionEnvironment = {}): CompletionEntry[] {
  const { site, wordStart, wordEnd } = completionSite(a, offset);
  const range = a.lines.rangeOf(wordStart, wordEnd);
  const out: CompletionEntry[] = [];
  const add = (e: Omit<CompletionEntry, 'range'>): void => {
    out.push({ ...e, range });
  };
  switch (site.kind) {
    case 'none':
    case 'entityText': // names come from the graph: the server asks the extension (entityCompletions)
      return [];
    case 'schemaPath':
      for (const f of env.schemaFiles?.() ?? []) add({ label: f, kind: 'file', insertText: f.replace(/\\/g, '/'), detail: 'schema file' });
      return out;
    case 'expectStart':
      add({ label: 'all ties', kind: 'keyword', insertText: 'all ties ', documentation: KEYWORD_DOCS['all ties'] });
      return out;
    case 'topLevel':
      for (const k of ['plan', 'schema']) add({ label: k, kind: 'keyword', insertText: `${k} `, documentation: KEYWORD_DOCS[k] });
      return out;
    case 'clauseStart': {
      const present = new Set(site.plan?.clauses.map((c) => c.kind.toLowerCase()) ?? []);
      CLAUSES.forEach((k, i) => {
        if (present.has(k)) return;
        add({ label: k, kind: 'keyword', insertText: `${k} `, documentation: KEYWORD_DOCS[k], sortText: String(i) });
      });
      return out;
    }
    case 'variable': {
      if (!site.plan) return [];
      for (const v of variablesOf(site.plan).values()) {
        // Only names already written elsewhere: the one being typed is not a suggestion.
        if (v.mentions.every((m) => m.start === wordStart)) continue;
        const d = v.definition;
        const text = d.text?.value ? ` ${d.text.exact ? '= ' : ''}${JSON.stringify(d.text.value.value)}` : '';
        add({ label: v.name, kind: 'variable', insertText: writeName(v.name), detail: `(${v.name}${v.category ? `: ${v.category}` : ''}${text})` });
      }
      return out;
    }
    case 'category':
      if (!schema) return [];
      for (const l of schema.schema.labels) {
        const facts = labelFacts(schema, l.name);
        add({ label: l.name, kind: 'category', insertText: writeName(l.name), detail: l.count !== undefined ? `label · ${l.count} nodes` : 'label', documentation: facts });
        for (const alias of l.aliases ?? []) {
          add({ label: `${alias} → ${l.name}`, kind: 'category', insertText: writeName(l.name), filterText: alias, detail: `alias of ${l.name}`, documentation: facts, sortText: `~${alias}` });
        }
      }
      return out;
    case 'propertyKey': {
      if (!schema) return [];
      const label = site.category !== undefined ? schema.index.label(site.category) : undefined;
      const keys = label ? label.properties : schema.schema.propertyKeys;
      for (const k of keys) add({ label: k, kind: 'property', insertText: `${writeName(k)}: `, detail: label ? `property of ${label.name}` : 'property key' });
      return out;
    }
    case 'relationType':
    case 'relation': {
      if (!schema) return [];
      const ends = edgeEnds(a, offset);
      const fitting = new Set(
        ends && (ends.from !== undefined || ends.to !== undefined) ? schema.index.typesBetween(ends.from, ends.to).map((t) => t.type) : schema.schema.relationshipTypes.map((r) => r.name),
      );
      const rank = (name: string): string => (fitting.has(name) ? '0' : '1');
      for (const r of schema.schema.relationshipTypes) {
        const facts = relationshipFacts(schema, r.name);
        const detail = r.endpoints.map((e) => `(${e.from})-[:${r.name}]->(${e.to})`).join(', ') || 'relationship type';
        if (site.kind === 'relationType') {
          add({ label: r.name, kind: 'relationType', insertText: writeName(r.name), detail, documentation: facts, sortText: `${rank(r.name)}${r.name}` });
          continue;
        }
        const phrases = [humanise(r.name), ...(r.aliases ?? [])];
        for (const p of [...new Set(phrases)]) {
          add({ label: p, kind: 'relationPhrase', insertText: writePhrase(p), filterText: p, detail: `≈ ${r.name} (matched by meaning)`, documentation: facts, sortText: `${rank(r.name)}a${p}` });
        }
        if (site.phraseStart === undefined) {
          add({ label: `:${r.name}`, kind: 'relationType', insertText: `:${writeName(r.name)}`, filterText: `:${r.name}`, detail, documentation: facts, sortText: `${rank(r.name)}b${r.name}` });
        }
      }
      return out;
    }
    case 'strategy':
      for (const s of STRATEGY_NAMES) {
        const d = STRATEGY_DOCS[s];
        // The completed call spells out the IR's own parameters; optional switches come by parameter completion.
        const params = d.parameters.filter((p) => isCoreParameter(s, p.name) && parameterDefaultText(p) !== undefined);
        const args = params.map((p) => `${p.name}: ${parameterDefaultText(p)}`).join(', ');
        add({ label: s, kind: 'strategy', insertText: `${s}(${args})`, detail: d.title, documentation: d.doc });
      }
      return out;
    case 'parameter': {
      if (!isStrategyKind(site.strategy)) return [];
      for (const p of STRATEGY_DOCS[site.strategy].parameters) {
        if (site.used.includes(p.name)) continue;
        const def = parameterDefaultText(p);
        add({ label: p.name, kind: 'parameter', insertText: `${p.name}: `, detail: `${parameterTypeText(p)}${def !== undefined ? ` · default ${def}` : ''}`, documentation: p.description });
      }
      return out;
    }
  }
}
