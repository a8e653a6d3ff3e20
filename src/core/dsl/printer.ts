/**
 * Prints syntax trees back to kgplan text in the canonical layout (docs/dsl.md, "Layout").
 * `printDocument(parse(t))` parses back to the same tree (ranges aside). The formatter (./format.ts)
 * uses the same line printers and puts comments back in.
 */
import type {
  Clause,
  EdgePattern,
  Identifier,
  KgpDocument,
  Literal,
  NodePattern,
  PatternChain,
  PlanDecl,
  Relation,
  GraphDecl,
  SchemaDecl,
  StrategyArgument,
} from './ast';
import { isBareIdentifier } from './lexer';

export const INDENT = '  ';

const RESERVED: ReadonlySet<string> = new Set(['schema', 'plan', 'question', 'match', 'return', 'expect', 'using', 'true', 'false']);

/** A name as it must be written: bare when it can be, else in backticks. */
export function printName(name: string): string {
  return isBareIdentifier(name) && !RESERVED.has(name) ? name : '`' + name.replace(/[`\r\n]/g, '_') + '`';
}

export function printIdentifier(id: Identifier): string {
  return id.quoted ? '`' + id.name + '`' : id.name;
}

/** A double-quoted string literal with the escapes the lexer reads. */
export function printString(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34) out += '\\"';
    else if (c === 92) out += '\\\\';
    else if (c === 10) out += '\\n';
    else if (c === 9) out += '\\t';
    else if (c === 13) out += '\\r';
    else if (c < 32 || c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16).padStart(4, '0');
    else out += value[i];
  }
  return out + '"';
}

/** A value in a property map, strategy argument or expect list. */
export function printValue(v: string | number | boolean): string {
  if (typeof v === 'string') return printString(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return Number.isFinite(v) ? String(v) : printString(String(v));
}

export function printLiteral(l: Literal): string {
  switch (l.kind) {
    case 'String':
      return printString(l.value);
    case 'Number':
      return l.raw;
    case 'Boolean':
      return l.value ? 'true' : 'false';
  }
}

export function printNode(n: NodePattern): string {
  let s = '(';
  if (n.variable) s += printIdentifier(n.variable);
  if (n.category) s += (n.variable ? ': ' : ':') + printIdentifier(n.category);
  if (n.text) {
    const value = n.text.value ? printString(n.text.value.value) : '""';
    s += (s.length > 1 ? ' ' : '') + (n.text.exact ? '= ' + value : value);
  }
  if (n.properties) {
    const entries = n.properties.entries.map((e) => `${printIdentifier(e.key)}: ${e.value ? printLiteral(e.value) : '""'}`);
    s += (s.length > 1 ? ' ' : '') + '{' + entries.join(', ') + '}';
  }
  return s + ')';
}

export function printRelation(r: Relation): string {
  switch (r.kind) {
    case 'UnknownRelation':
      return '';
    case 'RelationType':
      return ':' + (r.name ? printIdentifier(r.name) : '');
    case 'RelationPhrase':
      return r.quoted ? printString(r.value) : r.value;
  }
}

export function printEdge(e: EdgePattern): string {
  const inner = printRelation(e.relation);
  const body = inner === '' ? '--' : `-[${inner}]-`;
  return e.direction === 'left' ? '<' + body : e.direction === 'right' ? body + '>' : body;
}

export function printPattern(p: PatternChain): string {
  let s = printNode(p.nodes[0]!);
  for (let i = 0; i < p.edges.length; i++) s += ' ' + printEdge(p.edges[i]!) + ' ' + printNode(p.nodes[i + 1]!);
  return s;
}

function printArgument(a: StrategyArgument): string {
  return `${printIdentifier(a.name)}: ${a.value ? printLiteral(a.value) : '""'}`;
}

/** One line for every clause but `match` (whose patterns take a line each). */
export function printClauseHead(c: Clause): string {
  switch (c.kind) {
    case 'Question':
      return 'question' + (c.text ? ' ' + printString(c.text.value) : '');
    case 'Match':
      return 'match';
    case 'Return':
      return 'return ' + c.targets.map(printIdentifier).join(', ');
    case 'Expect':
      return 'expect ' + (c.allTies ? 'all ties' + (c.values.length > 0 ? ' ' : '') : '') + c.values.map(printLiteral).join(', ');
    case 'Using': {
      let s = 'using' + (c.strategy ? ' ' + printIdentifier(c.strategy) : '');
      if (c.parenthesized) s += '(' + c.args.map(printArgument).join(', ') + ')';
      return s;
    }
  }
}

export function printSchemaDecl(s: SchemaDecl): string {
  return 'schema' + (s.path ? ' ' + printString(s.path.value) : '');
}

export function printGraphDecl(g: GraphDecl): string {
  return 'graph' + (g.value ? ' ' + printString(g.value.value) : '');
}

export function printPlanHeader(p: PlanDecl): string {
  return 'plan ' + (p.name ? printIdentifier(p.name) + ' ' : '') + '{';
}

export function printPlan(p: PlanDecl): string {
  const lines = [printPlanHeader(p)];
  for (const c of p.clauses) {
    lines.push(INDENT + printClauseHead(c));
    if (c.kind === 'Match') for (const pat of c.patterns) lines.push(INDENT + INDENT + printPattern(pat));
  }
  lines.push('}');
  return lines.join('\n');
}

/** The whole document in canonical layout, without comments (the formatter keeps them). */
export function printDocument(doc: KgpDocument): string {
  if (doc.items.length === 0) return '';
  return doc.items.map((it) => (it.kind === 'Schema' ? printSchemaDecl(it) : it.kind === 'Graph' ? printGraphDecl(it) : printPlan(it))).join('\n\n') + '\n';
}
