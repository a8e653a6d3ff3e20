/** Hover: what a node, edge, keyword or strategy means, with the schema's facts about it. */
import type { EdgePattern, NodePattern, PlanDecl } from '../dsl';
import type { Range } from '../text';
import type { Analysis, SchemaContext } from './analysis';
import { KEYWORD_DOCS, STRATEGY_DOCS, isStrategyKind } from './docs';
import { parameterDefaultText, parameterTypeText, type StrategyParameter } from '../plan/strategyParameters';
import { labelFacts, relationshipFacts } from './facts';
import { locate } from './locate';
import { variablesOf } from './scope';

export interface HoverInfo {
  /** Markdown. */
  readonly markdown: string;
  readonly range: Range;
}

function describeNode(n: NodePattern, category: string | undefined): string {
  const parts: string[] = [];
  const v = n.variable?.name ?? '(anonymous)';
  parts.push(`**${v}** — node${category ? ` of category \`${category}\`` : ' of any category'}`);
  const text = n.text?.value?.value;
  if (text !== undefined) {
    parts.push(
      n.text?.exact
        ? `Exact text: its name must equal ${JSON.stringify(text)}.`
        : `Soft text ${JSON.stringify(text)}: matched by meaning (a GSD term).`,
    );
  }
  const props = n.properties?.entries ?? [];
  if (props.length) parts.push(`Property equalities: ${props.map((e) => `\`${e.key.name}\``).join(', ')}.`);
  if (text === undefined && props.length === 0) parts.push('Unknown — matches every node' + (category ? ` labelled \`${category}\`` : '') + ' (SimGRAG `UNKNOWN`).');
  return parts.join('\n\n');
}

function describeEdge(plan: PlanDecl, e: EdgePattern, from: NodePattern, to: NodePattern, schema: SchemaContext | undefined): string {
  const name = (n: NodePattern) => n.variable?.name ?? '·';
  const vars = variablesOf(plan);
  const cat = (n: NodePattern) => n.category?.name ?? (n.variable ? vars.get(n.variable.name)?.category : undefined);
  const arrow = e.direction === 'right' ? `${name(from)} → ${name(to)}` : e.direction === 'left' ? `${name(to)} → ${name(from)}` : `${name(from)} — ${name(to)} (either direction)`;
  const parts: string[] = [];
  const r = e.relation;
  switch (r.kind) {
    case 'RelationPhrase': {
      parts.push(`**${JSON.stringify(r.value)}** — relation phrase, matched by meaning against relationship types (a GSD term)`);
      const named = schema?.index.relationshipTypesForTerm(r.value) ?? [];
      if (schema && named.length) parts.push(`Names or aliases ${named.map((t) => `\`${t}\``).join(', ')} in the schema.`);
      for (const t of named) {
        const f = schema ? relationshipFacts(schema, t) : undefined;
        if (f) parts.push(f);
      }
      break;
    }
    case 'RelationType': {
      const t = r.name?.name;
      parts.push(`**:${t ?? '?'}** — exact relationship type`);
      const f = t && schema ? relationshipFacts(schema, t) : undefined;
      if (f) parts.push(f);
      else if (t && schema) parts.push(`Not a relationship type of the schema.`);
      break;
    }
    case 'UnknownRelation': {
      parts.push('**unknown relation** — any relationship');
      const between = schema?.index.typesBetween(cat(from), cat(to)) ?? [];
      if (schema && (cat(from) || cat(to)) && between.length) parts.push(`The schema allows here: ${between.map((b) => `\`${b.type}\``).join(', ')}.`);
      break;
    }
  }
  parts.splice(1, 0, `Direction: ${arrow}${e.direction === 'none' ? '' : ' (a hint, checked against the schema)'}.`);
  return parts.join('\n\n');
}

export function hover(a: Analysis, offset: number, schema: SchemaContext | undefined): HoverInfo | undefined {
  const t = locate(a.parse.document, offset, (o) => a.lines.positionAt(o));
  if (!t) return undefined;
  switch (t.kind) {
    case 'keyword': {
      const doc = KEYWORD_DOCS[t.keyword];
      return doc ? { markdown: `**${t.keyword}** — ${doc}`, range: t.range } : undefined;
    }
    case 'variable':
    case 'category': {
      const info = variablesOf(t.plan).get(t.kind === 'variable' ? t.id.name : t.node.variable?.name ?? '');
      const node = t.kind === 'category' ? t.node : info?.definition ?? t.node;
      const category = t.kind === 'category' ? t.id.name : info?.category ?? node?.category?.name;
      const parts: string[] = [];
      // On a category, the label's schema facts come first; on a variable, what the node means.
      if (t.kind === 'category' && schema) parts.push(labelFacts(schema, t.id.name) ?? `\`${t.id.name}\` is not a label of the schema.`);
      if (node) parts.push(describeNode(node, category));
      else parts.push(`**${t.id.name}** — not a variable of plan \`${t.plan.name?.name ?? ''}\``);
      if (info && t.kind === 'variable') {
        const edges = info.nodes.length;
        const returned = t.plan.returns?.targets.some((x) => x.name === info.name) ?? false;
        parts.push(`Appears ${edges} time${edges === 1 ? '' : 's'} in the pattern${returned ? '; returned as an answer' : ''}.`);
      }
      if (t.kind === 'variable' && category && schema) parts.push(labelFacts(schema, category) ?? `\`${category}\` is not a label of the schema.`);
      return { markdown: parts.join('\n\n'), range: t.id.range };
    }
    case 'nodeText': {
      const category = t.node.category?.name ?? (t.node.variable ? variablesOf(t.plan).get(t.node.variable.name)?.category : undefined);
      return { markdown: describeNode(t.node, category), range: t.range };
    }
    case 'property': {
      const category = t.node.category?.name ?? (t.node.variable ? variablesOf(t.plan).get(t.node.variable.name)?.category : undefined);
      const key = t.entry.key.name;
      let md = `**${key}** — property equality (exact)`;
      if (schema) {
        const known = schema.index.hasProperty(key, category);
        md += `\n\n${known ? 'A' : 'Not a'} property of ${category ? `\`${category}\`` : 'any label'} in the schema.`;
      }
      return { markdown: md, range: t.entry.key.range };
    }
    case 'edge':
      return { markdown: describeEdge(t.plan, t.edge, t.from, t.to, schema), range: t.edge.range };
    case 'strategy': {
      const name = t.id.name;
      if (!isStrategyKind(name)) return { markdown: `**${name}** — not a strategy (use gsd, mor, cypher, stem or sage)`, range: t.id.range };
      const d = STRATEGY_DOCS[name];
      const params = d.parameters.map((p) => `- \`${p.name}\` (${typeAndDefault(p)}): ${p.description}`);
      return { markdown: [`**${name}** — ${d.title}`, d.doc, params.join('\n')].join('\n\n'), range: t.id.range };
    }
    case 'argument': {
      const s = t.using.strategy?.name ?? '';
      const p = isStrategyKind(s) ? STRATEGY_DOCS[s].parameters.find((x) => x.name === t.arg.name.name) : undefined;
      if (!p || !isStrategyKind(s)) return undefined;
      return { markdown: `**${p.name}** (${typeAndDefault(p)}) — ${p.description}`, range: t.arg.name.range };
    }
    case 'planName': {
      const n = variablesOf(t.plan).size;
      const q = t.plan.question?.text?.value;
      return { markdown: `**plan ${t.id.name}** — ${n} variable${n === 1 ? '' : 's'}${q ? `\n\n${q}` : ''}`, range: t.id.range };
    }
    case 'schemaPath':
      return { markdown: `Schema file, relative to this file.${schema ? ` ${schema.schema.labels.length} labels, ${schema.schema.relationshipTypes.length} relationship types.` : ' (not loaded)'}`, range: t.path.range };
  }
}

/** "count, default 16", or only the type when the parameter has no default. */
function typeAndDefault(p: StrategyParameter): string {
  const def = parameterDefaultText(p);
  return `${parameterTypeText(p)}${def !== undefined ? `, default ${def}` : ''}`;
}
