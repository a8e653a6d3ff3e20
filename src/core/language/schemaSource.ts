/**
 * Which schema file checks a document: the file's own `schema "…"` line (relative to the file) wins;
 * otherwise the `kgrag.schema.path` setting (relative to the workspace folder). Pure path logic so
 * the server, the CLI and tests agree.
 */
import { isAbsolute, join, dirname } from 'node:path';
import type { KgpDocument } from '../dsl';
import type { Range } from '../text';

export type SchemaSource =
  | { readonly kind: 'file'; readonly path: string; readonly range: Range }
  | { readonly kind: 'setting'; readonly path: string }
  | { readonly kind: 'none' };

export function resolveSchemaPath(doc: KgpDocument, documentPath: string | undefined, setting: string | undefined, workspaceFolder: string | undefined): SchemaSource {
  const decl = doc.schemas.find((s) => s.path !== undefined && s.path.value.trim() !== '');
  return resolveSchemaReference(decl?.path, documentPath, setting, workspaceFolder);
}

/**
 * The same rule for any file that may name its schema (few-shot files: their `schema` field):
 * `reference` is what the file wrote and where, or undefined when it names none.
 */
export function resolveSchemaReference(reference: { readonly value: string; readonly range: Range } | undefined, documentPath: string | undefined, setting: string | undefined, workspaceFolder: string | undefined): SchemaSource {
  if (reference && reference.value.trim() !== '') {
    const p = reference.value;
    const base = documentPath !== undefined ? dirname(documentPath) : workspaceFolder;
    return { kind: 'file', path: isAbsolute(p) || base === undefined ? p : join(base, p), range: reference.range };
  }
  const s = setting?.trim();
  if (s) return { kind: 'setting', path: isAbsolute(s) || workspaceFolder === undefined ? s : join(workspaceFolder, s) };
  return { kind: 'none' };
}
