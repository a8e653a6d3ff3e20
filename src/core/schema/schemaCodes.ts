/** Stable diagnostic codes for schema files (documented in docs/schema.md). */
export const SCHEMA_CODES = {
  /** The file could not be read as JSON (a syntax error at its position). */
  jsonSyntax: 'schema-json-syntax',
  /** Neither a *.kgschema.json nor a structured_schema document. */
  unknownFormat: 'schema-unknown-format',
  /** Violates schemas/kgschema.schema.json (ajv). */
  invalid: 'schema-invalid',
  /** A key appears twice in one JSON object. */
  duplicateKey: 'schema-duplicate-key',
  /** A relationship endpoint names a label that is not declared. */
  unknownEndpointLabel: 'schema-unknown-endpoint-label',
  /** One word (name or alias) claimed by two labels or by two relationship types. */
  aliasConflict: 'schema-alias-conflict',
  /** A structured_schema (LangChain / neo4j-graphrag) entry with the wrong shape. */
  structuredInvalid: 'schema-structured-invalid',
  /** Information: the text was a Python dict repr, read leniently. */
  pythonRepr: 'schema-python-repr',
} as const;

export type SchemaCode = (typeof SCHEMA_CODES)[keyof typeof SCHEMA_CODES];
