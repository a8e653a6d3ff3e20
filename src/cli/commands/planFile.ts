import { resolve } from 'node:path';
import { readRunInputs, type RelationAliases } from '../../core/retrieve';
import { nodeSchemaFiles, SchemaResolver } from '../../core/schema';
import { readInputFile, type CliIO } from '../io';

/**
 * The plans (or patterns) of the file a retrieving command names, its problems said as
 * `file:line: …` on stderr. Unreadable: readInputFile's error (exit 2, or 1 above the size cap). `inputs` empty: the caller exits 1.
 */
export function readPlanFile(fileArg: string, io: CliIO, command: string, planName: string | undefined): { file: string; read: ReturnType<typeof readRunInputs> } {
  const file = resolve(io.cwd, fileArg);
  const text = readInputFile(file, 'plan');
  const read = readRunInputs(file, text, planName);
  // Checker diagnostics read exactly as `kgrag check` prints them.
  for (const p of read.problems) io.err(p.code !== undefined ? `${fileArg}:${p.line}:${p.column ?? 1} error ${p.code} ${p.message}` : `${fileArg}:${p.line}: ${p.message}`);
  if (read.inputs.length === 0 && read.problems.length === 0) io.err(`kgrag ${command}: ${fileArg} has no plans or patterns`);
  return { file, read };
}

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
