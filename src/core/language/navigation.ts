/** Go to definition and highlight of plan variables (a plan is one scope). */
import type { Range } from '../text';
import type { Analysis } from './analysis';
import { locate } from './locate';
import { writeName } from './names';
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

export type RenameResult =
  | { readonly kind: 'ok'; readonly edits: readonly { readonly range: Range; readonly newText: string }[] }
  | { readonly kind: 'error'; readonly message: string };

/** The variable under the cursor, for "prepare rename": its range and name. */
export function renameTarget(a: Analysis, offset: number): { range: Range; name: string } | undefined {
  const t = locate(a.parse.document, offset, (o) => a.lines.positionAt(o));
  if (!t || t.kind !== 'variable' || !variablesOf(t.plan).has(t.id.name)) return undefined;
  return { range: t.id.range, name: t.id.name };
}

/** Renames a plan variable everywhere in its plan; refuses names that would merge two variables. */
export function renameVariable(a: Analysis, offset: number, newName: string): RenameResult {
  const t = locate(a.parse.document, offset, (o) => a.lines.positionAt(o));
  if (!t || t.kind !== 'variable') return { kind: 'error', message: 'only plan variables can be renamed' };
  const vars = variablesOf(t.plan);
  const v = vars.get(t.id.name);
  if (!v) return { kind: 'error', message: `'${t.id.name}' is not a variable of this plan` };
  const name = newName.startsWith('`') && newName.endsWith('`') && newName.length >= 2 ? newName.slice(1, -1) : newName;
  if (name.trim() === '' || /[`\r\n]/.test(name)) return { kind: 'error', message: `'${newName}' is not a valid name` };
  if (name !== v.name && vars.has(name)) return { kind: 'error', message: `plan already has a variable '${name}'; renaming would merge the two nodes` };
  const text = writeName(name);
  return { kind: 'ok', edits: v.mentions.map((m) => ({ range: m.range, newText: text })) };
}
