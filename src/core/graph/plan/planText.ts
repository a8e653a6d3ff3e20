// A PlanTree as indented text for terminals and logs.
import type { PlanTree } from '../graphStore';

function metrics(p: PlanTree): string {
  const parts: string[] = [];
  if (p.rows !== undefined) parts.push(`rows=${p.rows}`);
  if (p.estimatedRows !== undefined) parts.push(`est=${Math.round(p.estimatedRows * 100) / 100}`);
  if (p.dbHits !== undefined) parts.push(`dbHits=${p.dbHits}`);
  if (p.timeMs !== undefined) parts.push(`time=${p.timeMs.toFixed(3)}ms`);
  return parts.length > 0 ? `  [${parts.join(' ')}]` : '';
}

export function renderPlanText(plan: PlanTree): string {
  const lines: string[] = [];
  const walk = (p: PlanTree, prefix: string, childPrefix: string) => {
    lines.push(`${prefix}${p.operator}${p.details ? ` (${p.details})` : ''}${metrics(p)}`);
    p.children.forEach((c, i) => {
      const last = i === p.children.length - 1;
      walk(c, childPrefix + (last ? '└─ ' : '├─ '), childPrefix + (last ? '   ' : '│  '));
    });
  };
  walk(plan, '', '');
  return lines.join('\n');
}
