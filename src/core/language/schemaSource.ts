/**
 * Which schema file checks a document: the rule lives in core/schema/resolve (one resolver for the
 * server, the CLI and few-shot checking); this adds the .kgp document's own `schema` line.
 */
import type { KgpDocument } from '../dsl';
import { resolveSchemaReference, type SchemaSource } from '../schema/resolve';

export { resolveSchemaReference, type SchemaSource };

export function resolveSchemaPath(doc: KgpDocument, documentPath: string | undefined, setting: string | undefined, workspaceFolder: string | undefined): SchemaSource {
  const decl = doc.schemas.find((s) => s.path !== undefined && s.path.value.trim() !== '');
  return resolveSchemaReference(decl?.path, documentPath, setting, workspaceFolder);
}
