/** Folding ranges: plan blocks, multi-line match clauses, block comments, `// region` markers. */
import type { KgpDocument } from '../dsl';

export interface FoldingRegion {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind: 'region' | 'comment';
}

export function foldingRegions(doc: KgpDocument, text: string): FoldingRegion[] {
  const out: FoldingRegion[] = [];
  const add = (startLine: number, endLine: number, kind: FoldingRegion['kind']): void => {
    // VS Code shows the last line of a fold; ending a line early keeps a plan's `}` visible.
    if (endLine > startLine) out.push({ startLine, endLine, kind });
  };
  for (const plan of doc.plans) {
    add(plan.range.start.line, plan.closed ? plan.range.end.line - 1 : plan.range.end.line, 'region');
    for (const clause of plan.clauses) if (clause.kind === 'Match') add(clause.range.start.line, clause.range.end.line, 'region');
  }
  for (const c of doc.comments) if (c.block) add(c.range.start.line, c.range.end.line, 'comment');
  const open: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*\/\/\s*#?region\b/.test(line)) open.push(i);
    else if (/^\s*\/\/\s*#?endregion\b/.test(line) && open.length > 0) add(open.pop()!, i, 'region');
  });
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
