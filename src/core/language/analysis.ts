/**
 * One parsed view of a `.kgp` text that every editor feature works from: the text, its line index
 * and the parse. Built once per document version (the server caches it) and shared by completion,
 * hover, outline, folding and navigation.
 */
import { parseDocument, type ParseResult } from '../dsl';
import type { GraphSchema } from '../schema/graphSchema';
import { SchemaIndex } from '../schema/schemaIndex';
import { LineIndex } from '../text';

export interface Analysis {
  readonly text: string;
  readonly lines: LineIndex;
  readonly parse: ParseResult;
}

export function analyse(text: string): Analysis {
  return { text, lines: new LineIndex(text), parse: parseDocument(text) };
}

/** The schema a feature may consult, indexed once; absent when the file names none and no setting does. */
export interface SchemaContext {
  readonly schema: GraphSchema;
  readonly index: SchemaIndex;
}

export function schemaContext(schema: GraphSchema | undefined): SchemaContext | undefined {
  return schema === undefined ? undefined : { schema, index: new SchemaIndex(schema) };
}
