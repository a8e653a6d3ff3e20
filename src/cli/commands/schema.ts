// kgrag schema (--db <folder> | --neo4j <uri> [--user u] [--database d]) [--json]
import type { GraphSchema } from '../../core/schema';
import { STORE_FLAGS } from '../../core/graph';
import { EXIT, UsageError, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

export function renderSchemaText(schema: GraphSchema): string {
  const lines: string[] = ['labels:'];
  for (const l of schema.labels) lines.push(`  ${l.name}${l.count !== undefined ? ` (${l.count})` : ''}: ${l.properties.join(', ') || '—'}`);
  lines.push('relationship types:');
  for (const r of schema.relationshipTypes) {
    const ends = r.endpoints.map((e) => `(${e.from})-[:${r.name}]->(${e.to})`).join(', ');
    lines.push(`  ${r.name}${r.count !== undefined ? ` (${r.count})` : ''}: ${ends || 'no endpoints known'}${r.properties.length ? `; properties: ${r.properties.join(', ')}` : ''}`);
  }
  lines.push(`property keys: ${schema.propertyKeys.join(', ') || '—'}`);
  return lines.join('\n');
}

export async function schema(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({ args: [...args], allowPositionals: true, options: { ...STORE_FLAGS, json: { type: 'boolean' } } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const session = await openSessionFromSpec(specFromFlags(values, io, { mustExist: true, readOnly: true }), io);
  try {
    const s = await session.schema();
    io.out(values.json ? JSON.stringify(s) : renderSchemaText(s));
    return EXIT.ok;
  } finally {
    await session.close();
  }
}
