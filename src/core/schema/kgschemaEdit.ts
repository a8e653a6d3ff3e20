/**
 * Edits to a `*.kgschema.json` file that keep the author's formatting (jsonc-parser computes
 * minimal text edits): "add as alias" from a mismatched term in the inspector or a quick fix.
 */
import { applyEdits, modify } from 'jsonc-parser';
import type { TextEdit } from '../diagnostics';
import { LineIndex } from '../text';
import { parseSchemaFile } from './schemaFile';
import { JsonDocument } from './jsonDocument';
import { SchemaIndex, normaliseTerm, type SchemaElementKind } from './schemaIndex';

export interface AddAliasRequest {
  readonly kind: SchemaElementKind;
  /** The label or relationship type that gets the alias. */
  readonly name: string;
  readonly alias: string;
}

export type AddAliasResult =
  | { readonly ok: true; readonly edits: TextEdit[]; readonly newText: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Adds `alias` to the label or relationship type `name` in the kgschema `text`. Refused (with a
 * reason for people) when the file is not a readable kgschema, the element does not exist, or the
 * word already names or is an alias of something of the same kind (that would be an alias conflict).
 */
export function addAliasToKgschema(text: string, req: AddAliasRequest): AddAliasResult {
  const alias = req.alias.trim();
  if (alias === '') return { ok: false, reason: 'An alias cannot be empty.' };
  const parsed = parseSchemaFile(text, 'schema.kgschema.json');
  if (parsed.format !== 'kgschema' || parsed.schema === undefined) return { ok: false, reason: 'The schema file cannot be read; fix its errors first.' };
  const index = new SchemaIndex(parsed.schema);
  const element = req.kind === 'label' ? index.label(req.name) : index.relationshipType(req.name);
  const what = req.kind === 'label' ? 'label' : 'relationship type';
  if (element === undefined) return { ok: false, reason: `There is no ${what} "${req.name}" in the schema.` };
  if ((element.aliases ?? []).some((x) => normaliseTerm(x) === normaliseTerm(alias))) return { ok: false, reason: `"${alias}" is already an alias of ${req.name}.` };
  const owners = req.kind === 'label' ? index.labelsForTerm(alias) : index.relationshipTypesForTerm(alias);
  if (owners.includes(req.name)) return { ok: false, reason: `"${alias}" already names ${what} ${req.name}.` };
  if (owners.length > 0) return { ok: false, reason: `"${alias}" already belongs to ${what} ${owners.join(', ')}; a word may name one ${what} only.` };
  const section = req.kind === 'label' ? 'labels' : 'relationshipTypes';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const formattingOptions = { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol };
  // An existing list gets the word appended in place (its layout untouched); a missing list is
  // added as a property by jsonc-parser, indented like the file.
  const list = new JsonDocument(text).nodeAt([section, req.name, 'aliases']);
  const last = list?.children?.at(-1);
  const edits =
    list?.type === 'array'
      ? [last ? { offset: last.offset + last.length, length: 0, content: `, ${JSON.stringify(alias)}` } : { offset: list.offset + 1, length: 0, content: JSON.stringify(alias) }]
      : modify(text, [section, req.name, 'aliases'], [alias], { formattingOptions });
  const newText = applyEdits(text, edits);
  const lines = new LineIndex(text);
  return { ok: true, newText, edits: edits.map((e) => ({ range: lines.rangeOf(e.offset, e.offset + e.length), newText: e.content })) };
}
