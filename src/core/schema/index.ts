/** Graph schemas' public entry point: the schema shape, resolving a plan's schema, node schema files and .kgschema edits (front doors import from here, not from internals). */
export type { GraphSchema } from './graphSchema';
export { SchemaResolver, type ResolvedSchema } from './resolve';
export { nodeSchemaFiles } from './nodeSchemaFiles';
export { addAliasToKgschema } from './kgschemaEdit';
