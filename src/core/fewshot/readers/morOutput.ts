/**
 * One MoR plan (Metapath + Restriction, or Triplets + Restriction + Target), read with the
 * runtime's reader (plan/mor.ts) and located in the file.
 */
import { parseLooseLiteral, type LooseNode } from '../../plan/looseLiteral';
import { parseMetapath, parseMorPlanText, planningGraphFromMorPlan } from '../../plan/mor';
import { locate } from '../../plan/simgrag';
import { looseToPlain } from '../../plan/looseLiteral';
import type { Located, MorOutput, OffsetFinding } from '../model';
import { dictEntry, fileOffset, locatedString } from '../positions';

/** From a parsed object: {Metapath, Restriction} / {Triplets, Restriction, Target}, or {query, answer: {…}}. */
export function morOutputFromNode(text: string, node: LooseNode, name: string): MorOutput {
  const r = planningGraphFromMorPlan(looseToPlain(node), { name });
  const parseFindings: OffsetFinding[] = r.diagnostics.map((d) => {
    const at = locate(node, d);
    return { start: at.start ?? node.start, end: Math.max(at.end ?? node.end, (at.start ?? node.start) + 1), severity: d.severity, code: d.code, message: d.message };
  });
  const answer = dictEntry(node, 'answer') ?? node;
  const metapathNode = dictEntry(answer, 'Metapath');
  const metapath = metapathNode ? locatedString(text, metapathNode) : undefined;
  const restriction = dictEntry(answer, 'Restriction');
  const targetNode = dictEntry(answer, 'Target');
  const target = targetNode ? locatedString(text, targetNode) : undefined;
  return {
    kind: 'mor',
    span: { start: node.start, end: node.end },
    ...(r.plan ? { plan: r.plan } : {}),
    ...(metapath ? { metapath } : {}),
    categories: metapath ? metapathCategories(metapath) : [],
    triplets: tripletsOf(text, dictEntry(answer, 'Triplets')),
    restrictionKeys: keysOf(text, restriction),
    ...(target ? { target } : {}),
    parseFindings,
  };
}

/** From the text of an answer block (`Metapath: …` lines), at offset `base` of the file. */
export function morOutputFromText(text: string, base: number, end: number, name: string): MorOutput {
  const block = text.slice(base, end);
  const r = parseMorPlanText(block, { name });
  const parseFindings: OffsetFinding[] = r.diagnostics.map((d) => ({ start: base + (d.start ?? 0), end: base + Math.max(d.end ?? 0, (d.start ?? 0) + 1), severity: d.severity, code: d.code, message: d.message }));
  const label = /^[ \t]*(?:\*\*)?(Metapath|Restriction|Triplets|Target)(?:\*\*)?[ \t]*:[ \t]*/gim;
  let metapath: Located<string> | undefined;
  let target: Located<string> | undefined;
  let restriction: LooseNode | undefined;
  let triplets: LooseNode | undefined;
  for (let m = label.exec(block); m; m = label.exec(block)) {
    const key = m[1]!.toLowerCase();
    const at = base + m.index + m[0].length;
    if (key === 'metapath' || key === 'target') {
      const l = lineValue(text, at);
      if (key === 'metapath') metapath ??= l;
      else target ??= l;
    } else {
      const parsed = parseLooseLiteral(text, at, { allowTrailing: true });
      if (key === 'restriction') restriction ??= parsed.node;
      else triplets ??= parsed.node;
    }
  }
  return {
    kind: 'mor',
    span: { start: base, end },
    ...(r.plan ? { plan: r.plan } : {}),
    ...(metapath ? { metapath } : {}),
    categories: metapath ? metapathCategories(metapath) : [],
    triplets: tripletsOf(text, triplets),
    restrictionKeys: keysOf(text, restriction),
    ...(target ? { target } : {}),
    parseFindings,
  };
}

/** The value on the rest of the line, without quotes and a trailing comma (as plan/mor.ts reads it). */
function lineValue(text: string, at: number): Located<string> {
  const eol = text.indexOf('\n', at);
  let s = at;
  let e = eol < 0 ? text.length : eol;
  while (e > s && /[\s,]/.test(text[e - 1]!)) e--;
  if (e - s >= 2 && (text[s] === '"' || text[s] === "'") && text[e - 1] === text[s]) (s++, e--);
  return { value: text.slice(s, e), span: { start: s, end: e } };
}

function metapathCategories(mp: Located<string>): Located<string>[] {
  return parseMetapath(mp.value).nodes.map((n) => ({ value: n.category, span: { start: fileOffset(mp, n.start), end: fileOffset(mp, n.start) + (n.end - n.start) } }));
}

function keysOf(text: string, node: LooseNode | undefined): Located<string>[] {
  if (node?.kind !== 'dict') return [];
  return node.entries.map((e) => locatedString(text, e.key)).filter((x): x is Located<string> => x !== undefined);
}

function tripletsOf(text: string, node: LooseNode | undefined): { items: Located<string>[]; span: { start: number; end: number } }[] {
  if (node?.kind !== 'list') return [];
  const out: { items: Located<string>[]; span: { start: number; end: number } }[] = [];
  for (const t of node.items) {
    if (t.kind !== 'list') continue;
    const items = t.items.map((x) => locatedString(text, x)).filter((x): x is Located<string> => x !== undefined);
    out.push({ items, span: { start: t.start, end: t.end } });
  }
  return out;
}
