/**
 * The `.kgp` editor against the connected graph (docs/editor.md, "Graph-aware editing"): which
 * named-entity texts a document holds, the not-found diagnostic with "Replace with" fixes, the
 * entity hover and the entity completion items. Pure: the lookups (contracts/lsp.ts,
 * kgrag/entityLookup) are answered by the extension from the retrieval session and handed in.
 */
import type { EntityMatch, EntityQuery } from '../../contracts/lsp';
import { CHECK } from '../check/codes';
import type { Diagnostic, Fix } from '../diagnostics';
import type { NodePattern } from '../dsl';
import { printName, printString } from '../dsl';
import type { Range } from '../text';
import type { Analysis } from './analysis';
import type { CompletionEntry } from './completion';

/** A named node's text in a document: what to look up and where it is written. */
export interface EntityText {
  readonly text: string;
  readonly category?: string;
  /** The string literal, quotes included (what a fix replaces). */
  readonly range: Range;
}

/** How many nearest names a not-found diagnostic offers as fixes. */
export const ENTITY_FIXES = 3;

/** Every node text of every plan (soft and exact), in document order. */
export function entityTexts(a: Analysis): EntityText[] {
  const out: EntityText[] = [];
  for (const plan of a.parse.document.plans) {
    for (const clause of plan.clauses) {
      if (clause.kind !== 'Match') continue;
      for (const chain of clause.patterns) for (const node of chain.nodes) {
        const t = entityTextOf(node);
        if (t) out.push(t);
      }
    }
  }
  return out;
}

export function entityTextOf(node: NodePattern): EntityText | undefined {
  const lit = node.text?.value;
  if (!lit || lit.value.trim() === '') return undefined;
  return { text: lit.value, ...(node.category ? { category: node.category.name } : {}), range: lit.range };
}

/** The lookup for one text: its nearest names (as many as a diagnostic offers fixes). */
export function matchQuery(t: EntityText): EntityQuery {
  return { text: t.text, mode: 'match', ...(t.category !== undefined ? { category: t.category } : {}), limit: ENTITY_FIXES };
}

/** The lookups for a set of texts (one per distinct text and category). */
export function matchQueries(texts: readonly EntityText[]): EntityQuery[] {
  const byKey = new Map<string, EntityQuery>();
  for (const t of texts) {
    const q = matchQuery(t);
    if (!byKey.has(queryKey(q))) byKey.set(queryKey(q), q);
  }
  return [...byKey.values()];
}

export function queryKey(q: EntityQuery): string {
  return `${q.mode}\u0000${q.category ?? ''}\u0000${q.limit ?? ''}\u0000${q.text.trim()}`;
}

/**
 * A warning on each text the graph does not hold (the best match at the not-found distance or
 * beyond, retrieval's rule), with "Replace with '<name>'" for the nearest names.
 */
export function entityDiagnostics(texts: readonly EntityText[], matchOf: (t: EntityText) => EntityMatch | undefined, graph: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of texts) {
    const m = matchOf(t);
    if (!m || !m.notFound) continue;
    const nearest = m.candidates.slice(0, ENTITY_FIXES);
    const kind = m.labels.length > 0 ? ` as a ${m.labels.join(' or ')}` : '';
    const message =
      nearest.length > 0
        ? `'${t.text}' is not in the graph${kind} (${graph}); nearest: ${nearest.map((c) => `'${c.name}' (${c.distance.toFixed(2)})`).join(', ')}`
        : `'${t.text}' is not in the graph${kind} (${graph}): no node is near it`;
    const fixes: Fix[] = nearest.map((c) => ({ title: `Replace with '${c.name}'`, edits: [{ range: t.range, newText: printString(c.name) }] }));
    out.push({ range: t.range, severity: 'warning', code: CHECK.entityNotInGraph, message, ...(fixes.length > 0 ? { fixes } : {}) });
  }
  return out;
}

/** A relation phrase in a document: what to look up and where it is written (the words or the string). */
export interface RelationText {
  readonly text: string;
  readonly range: Range;
}

/** Every relation phrase of every plan, in document order. */
export function relationTexts(a: Analysis): RelationText[] {
  const out: RelationText[] = [];
  for (const plan of a.parse.document.plans) {
    for (const clause of plan.clauses) {
      if (clause.kind !== 'Match') continue;
      for (const chain of clause.patterns) for (const e of chain.edges) {
        if (e.relation.kind === 'RelationPhrase' && e.relation.value.trim() !== '') out.push({ text: e.relation.value, range: e.relation.range });
      }
    }
  }
  return out;
}

/** The lookup for one relation phrase: is it readable, and the nearest types by spelling. */
export function relationQuery(t: RelationText): EntityQuery {
  return { text: t.text, mode: 'relation', limit: ENTITY_FIXES };
}

/**
 * A warning on each relation phrase with a misspelt word (retrieval's rule: a word neither WordNet
 * nor the graph's names know, a near miss of one of the graph's words), with "Change to
 * ':<type>'" for the types nearest in spelling (not preferred: like KGP400's names, Fix All never
 * turns a phrase into an exact type for you).
 */
export function relationDiagnostics(texts: readonly RelationText[], matchOf: (t: RelationText) => EntityMatch | undefined, graph: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of texts) {
    const m = matchOf(t);
    if (!m || !m.notFound) continue;
    const words = m.labels.map((w) => `'${w}'`).join(', ');
    const nearest = m.candidates.slice(0, ENTITY_FIXES);
    const near = nearest.length > 0 ? `; nearest types: ${nearest.map((c) => `${c.name} (${c.distance} edit${c.distance === 1 ? '' : 's'})`).join(', ')}` : '';
    const message = `relation phrase '${t.text}': ${words} ${m.labels.length === 1 ? 'is' : 'are'} not a word the graph (${graph}) or WordNet knows, so the phrase is matched by spelling alone${near}`;
    const fixes: Fix[] = nearest.map((c) => ({ title: `Change to ':${c.name}'`, edits: [{ range: t.range, newText: ':' + printName(c.name) }] }));
    out.push({ range: t.range, severity: 'warning', code: CHECK.unreadRelationPhrase, message, ...(fixes.length > 0 ? { fixes } : {}) });
  }
  return out;
}

/** Markdown for hovering a node text: which graph nodes it would match, best first. */
export function entityHoverMarkdown(t: EntityText, m: EntityMatch, graph: string): string {
  const md = (s: string): string => s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);
  const head = m.exact
    ? `**${md(t.text)}** is in the graph (${md(graph)}).`
    : m.notFound
      ? `⚠ **${md(t.text)}** is not in the graph (${md(graph)}).`
      : `**${md(t.text)}** matches by meaning in ${md(graph)}:`;
  const scope = m.labels.length > 0 ? ` (${m.labels.map(md).join(', ')} only)` : '';
  const rows = m.candidates.map((c) => `| ${md(c.name)}${c.exact ? ' — exact' : ''} | ${c.labels.map(md).join(', ')} | ${c.distance.toFixed(2)} |`);
  return [head, '', `Would match${scope}:`, '', '| node | labels | distance |', '|---|---|---|', ...rows].join('\n');
}

/** Completion items for a node text: names from the graph (labels as detail). */
export function entityCompletionEntries(m: EntityMatch, range: Range): CompletionEntry[] {
  return m.candidates.map((c, i) => ({
    label: c.name,
    kind: 'entity',
    insertText: printString(c.name).slice(1, -1),
    range,
    // The whole name is the filter: a name found by meaning ("vow" → "The Vow") must not be filtered out by the client.
    filterText: m.text,
    detail: `${c.labels.join(', ')} · ${c.exact ? 'exact' : `distance ${c.distance.toFixed(2)}`}`,
    sortText: String(i).padStart(4, '0'),
  }));
}
