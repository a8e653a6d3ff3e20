/** Schema facts about a label or a relationship type, as Markdown for hover and completion. */
import type { SchemaContext } from './analysis';

function count(n: number | undefined, noun: string): string {
  return n === undefined ? '' : ` · ${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

function code(s: string): string {
  return '`' + s.replace(/`/g, "'") + '`';
}

export function labelFacts(schema: SchemaContext, name: string): string | undefined {
  const l = schema.index.label(name);
  if (!l) return undefined;
  const lines = [`**${l.name}** — label${count(l.count, 'node')}`];
  if (l.description) lines.push('', l.description);
  if (l.aliases?.length) lines.push('', `Also called: ${l.aliases.map(code).join(', ')}`);
  lines.push('', `Properties: ${l.properties.length ? l.properties.map(code).join(', ') : '(none)'}`);
  const out: string[] = [];
  const inc: string[] = [];
  for (const r of schema.schema.relationshipTypes) {
    for (const e of r.endpoints) {
      if (e.from === l.name) out.push(`-[:${r.name}]->(${e.to})`);
      if (e.to === l.name) inc.push(`(${e.from})-[:${r.name}]->`);
    }
  }
  if (out.length) lines.push('', `Outgoing: ${out.map(code).join(', ')}`);
  if (inc.length) lines.push('', `Incoming: ${inc.map(code).join(', ')}`);
  return lines.join('\n');
}

export function relationshipFacts(schema: SchemaContext, name: string): string | undefined {
  const r = schema.index.relationshipType(name);
  if (!r) return undefined;
  const lines = [`**${r.name}** — relationship type${count(r.count, 'relationship')}`];
  if (r.description) lines.push('', r.description);
  if (r.aliases?.length) lines.push('', `Also called: ${r.aliases.map(code).join(', ')}`);
  lines.push('', `Endpoints: ${r.endpoints.length ? r.endpoints.map((e) => code(`(${e.from})-[:${r.name}]->(${e.to})`)).join(', ') : '(not declared)'}`);
  lines.push('', `Properties: ${r.properties.length ? r.properties.map(code).join(', ') : '(none)'}`);
  return lines.join('\n');
}
