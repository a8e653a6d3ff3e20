/** A STEM planning example ({question, assertions, triples, strategy}) read with offsets. */
import { looseToPlain, type LooseNode } from '../../plan/looseLiteral';
import { planningGraphFromStem } from '../../plan/stem';
import type { Located, Span, StemOutput } from '../model';
import { dictEntry, locatedString } from '../positions';

export function stemOutputFromNode(text: string, node: LooseNode, name: string): StemOutput {
  const value = looseToPlain(node);
  const locate = (path: readonly (string | number)[]): Located<string> | Span | undefined => {
    let cur: LooseNode | undefined = node;
    for (const key of path) {
      if (!cur) return undefined;
      if (typeof key === 'number') cur = cur.kind === 'list' ? cur.items[key] : undefined;
      else cur = dictEntry(cur, key);
    }
    if (!cur) return undefined;
    return locatedString(text, cur) ?? { start: cur.start, end: cur.end };
  };
  // Structural findings only here; the schema-aware checks run in checks/stem.ts.
  const r = planningGraphFromStem(value, { name });
  return { kind: 'stem', span: { start: node.start, end: node.end }, value, ...(r.plan ? { plan: r.plan } : {}), locate, parseFindings: [] };
}
