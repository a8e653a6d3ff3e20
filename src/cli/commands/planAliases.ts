import { nodeSchemaFiles, SchemaResolver } from '../../core/schema';
import type { RelationAliases } from '../../core/retrieve';
import type { CliIO } from '../io';

/**
 * The relation aliases of a plan's `schema "…"` file (relative to the plan file), for the commands
 * that retrieve: an unusable schema file is said once on stderr and matching goes on without it.
 */
export function planAliases(file: string, io: CliIO, command: string): (ref: string | undefined) => Promise<RelationAliases | undefined> {
  const resolver = new SchemaResolver(nodeSchemaFiles, (f) => {
    if (!f.schema) io.err(`kgrag ${command}: schema ${f.path}: ${f.problem ?? 'unusable'}; relation aliases not used`);
  });
  return async (ref) => {
    if (ref === undefined) return undefined;
    const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return (await resolver.resolve({ reference: { value: ref, range: at }, documentPath: file })).aliases;
  };
}
