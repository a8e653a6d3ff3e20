/**
 * One SimGRAG example output, read with the runtime's parser (plan/looseLiteral + plan/simgrag)
 * and kept with the offsets of each triple element.
 */
import { looseToPlain, parseLooseLiteral, type LooseNode } from '../../plan/looseLiteral';
import { locate, planningGraphFromSimGrag } from '../../plan/simgrag';
import type { Located, LocatedTriple, OffsetFinding, SimGragOutput } from '../model';
import { dictEntry, locatedString } from '../positions';

/** Reads the output whose value is `node` (a dict with "graph"/"triples", or a list of triples). */
export function simgragOutputFromNode(text: string, node: LooseNode, name: string, extraFindings: readonly OffsetFinding[] = []): SimGragOutput {
  const value = looseToPlain(node);
  const r = planningGraphFromSimGrag(value, { name });
  const parseFindings: OffsetFinding[] = [...extraFindings];
  for (const d of r.diagnostics) {
    const at = locate(node, d);
    parseFindings.push({ start: at.start ?? node.start, end: at.end ?? node.end, severity: d.severity, code: d.code, message: d.message });
  }
  const triplesNode = node.kind === 'list' ? node : (dictEntry(node, 'graph') ?? dictEntry(node, 'triples'));
  const triples: LocatedTriple[] = [];
  if (triplesNode?.kind === 'list') {
    for (const t of triplesNode.items) {
      if (t.kind !== 'list' || t.items.length !== 3) continue;
      const [h, rel, tl] = t.items.map((x) => locatedString(text, x));
      if (h && rel && tl) triples.push({ head: h, relation: rel, tail: tl, span: { start: t.start, end: t.end } });
    }
  }
  const divided: Located<string>[] = [];
  const dividedNode = node.kind === 'dict' ? dictEntry(node, 'divided') : undefined;
  if (dividedNode?.kind === 'list') {
    for (const d of dividedNode.items) {
      const l = locatedString(text, d);
      if (l) divided.push(l);
    }
  }
  return {
    kind: 'simgrag',
    span: { start: node.start, end: node.end },
    value,
    ...(r.plan ? { plan: r.plan } : {}),
    triples,
    divided,
    parseFindings,
  };
}

/**
 * Reads an output written as text at `start` (Python-style, as in SimGRAG's prompts). Returns the
 * output and the offset just past it. A value that does not parse gives an output-syntax finding.
 */
export function simgragOutputFromText(text: string, start: number, name: string): { output: SimGragOutput; end: number } {
  const parsed = parseLooseLiteral(text, start, { allowTrailing: true });
  const findings: OffsetFinding[] = parsed.diagnostics.map((d) => ({ start: d.start, end: Math.max(d.end, d.start + 1), severity: d.severity, code: d.code, message: d.message }));
  if (parsed.node === undefined) {
    return { output: { kind: 'simgrag', span: { start, end: parsed.end }, triples: [], divided: [], parseFindings: findings }, end: parsed.end };
  }
  return { output: simgragOutputFromNode(text, parsed.node, name, findings), end: parsed.node.end };
}
