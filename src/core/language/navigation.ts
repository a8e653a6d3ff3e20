/** Go to definition and highlight of plan variables (a plan is one scope). */
import type { Range } from '../text';
import type { Analysis } from './analysis';
import { locate } from './locate';
import { variablesOf } from './scope';

export function definition(a: Analysis, offset: number): Range | undefined {
  const t = locate(a.parse.document, offset, (o) => a.lines.positionAt(o));
  if (!t || t.kind !== 'variable') return undefined;
  return variablesOf(t.plan).get(t.id.name)?.definition.variable?.range;
}

export function occurrences(a: Analysis, offset: number): { range: Range; definition: boolean }[] {
  const t = locate(a.parse.document, offset, (o) => a.lines.positionAt(o));
  if (!t || t.kind !== 'variable') return [];
  const v = variablesOf(t.plan).get(t.id.name);
  if (!v) return [];
  return v.mentions.map((m) => ({ range: m.range, definition: m === v.definition.variable }));
}
