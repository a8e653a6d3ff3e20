/**
 * A Cypher query with its parameters as one editable text ("Open as Cypher"): `:param` lines at
 * the top, as Neo4j Browser, cypher-shell and Neo4j's Cypher language support write them
 * (`:param name => value`), then the query. Values are JSON literals (strings, numbers, booleans,
 * null, lists, maps), which are also Cypher literals for everything the compiler writes. `//`
 * comments and blank lines may sit between the `:param` lines.
 *
 * Parsing never throws: a bad `:param` line is a problem with its one-based line and column, and
 * nothing is run until it is fixed (docs/editor.md, "Open as Cypher").
 */
import type { CypherParams, CypherValue } from '../contracts/values';

export interface CypherDocumentProblem {
  /** One-based. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface ParsedCypherDocument {
  readonly query: string;
  /** One-based line of the query's first line in the document. */
  readonly queryLine: number;
  readonly params: CypherParams;
  /** The plan's return variables, from a `// return: a, b` line (Open as Cypher writes it): their columns are the answers. */
  readonly returns: readonly string[];
  readonly problems: readonly CypherDocumentProblem[];
}

const PARAM_LINE = /^(\s*):param\s+(.*)$/;
const RETURN_LINE = /^\s*\/\/\s*return:\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:\(|$)/;
const NAME_ARROW = /^([A-Za-z_][A-Za-z0-9_]*|`[^`\n]+`)\s*=>\s*(.*)$/;

/**
 * The document text for a query and its parameters, with a comment header saying what it is and,
 * for a plan's query, a `// return:` line naming its return variables (the answers when it runs).
 */
export function printCypherDocument(query: string, params: CypherParams, header: readonly string[] = [], returns: readonly string[] = []): string {
  const lines = header.map((h) => `// ${h}`);
  const named = returns.filter((r) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(r));
  if (named.length > 0) lines.push(`// return: ${named.join(', ')} (the plan's return variable${named.length === 1 ? '' : 's'}: ${named.length === 1 ? 'its' : 'their'} column${named.length === 1 ? ' gives' : 's give'} the answers)`);
  for (const [name, value] of Object.entries(params)) lines.push(`:param ${/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : '`' + name + '`'} => ${JSON.stringify(value)}`);
  if (lines.length > 0) lines.push('');
  lines.push(query);
  return lines.join('\n') + (query.endsWith('\n') ? '' : '\n');
}

export function parseCypherDocument(text: string): ParsedCypherDocument {
  const lines = text.split(/\r?\n/);
  const params: Record<string, CypherValue> = {};
  const problems: CypherDocumentProblem[] = [];
  let returns: string[] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const ret = RETURN_LINE.exec(line);
    if (ret) returns = ret[1]!.split(',').map((r) => r.trim());
    if (trimmed === '' || trimmed.startsWith('//')) continue;
    const m = PARAM_LINE.exec(line);
    if (!m) break;
    const column = m[1]!.length + ':param '.length + 1;
    const body = NAME_ARROW.exec(m[2]!.trim());
    if (!body) {
      problems.push({ line: i + 1, column, message: 'expected `:param name => value` (the value a JSON literal, e.g. "The Vow", 42, true)' });
      continue;
    }
    const name = body[1]!.startsWith('`') ? body[1]!.slice(1, -1) : body[1]!;
    const raw = body[2]!.trim().replace(/;$/, '');
    const valueColumn = line.length - body[2]!.trimStart().length + 1;
    if (raw === '') {
      problems.push({ line: i + 1, column: valueColumn, message: `:param ${name} has no value` });
      continue;
    }
    try {
      params[name] = JSON.parse(raw) as CypherValue;
    } catch {
      problems.push({ line: i + 1, column: valueColumn, message: `:param ${name}: ${raw.length > 40 ? raw.slice(0, 40) + '…' : raw} is not a JSON value (strings in double quotes: "The Vow")` });
    }
  }
  const query = lines.slice(i).join('\n').trim();
  if (query === '' && problems.length === 0) problems.push({ line: Math.min(i + 1, lines.length), column: 1, message: 'no query after the :param lines' });
  return { query, queryLine: i + 1, params, returns, problems };
}
