// The query door's parsed check on the embedded engine's own parse (docs/graph-stores.md, "The query
// door"): for a read-only statement, the plan the engine made of it (EXPLAIN, in the engine process,
// before the statement runs) must hold read operators only. It replaces Neo4j's parser there: the
// engine reads its own dialect, so its plan is what will run; the token check (queryDoor.ts) stays the
// other, independent check. Fail-closed: an operator or table function not listed here refuses.
import { READ_PROCEDURES } from '../readProcedures';

/** Physical operators of a plan that only reads the graph (names as the engine prints them). */
const READ_OPERATORS: ReadonlySet<string> = new Set([
  'RESULT_COLLECTOR',
  'PROJECTION',
  'FILTER',
  'FLATTEN',
  'LIMIT',
  'SKIP',
  'UNWIND',
  'CROSS_PRODUCT',
  'MULTIPLICITY_REDUCER',
  'SCAN_NODE_TABLE',
  'SCAN_REL_TABLE',
  'PRIMARY_KEY_SCAN_NODE_TABLE',
  'RECURSIVE_EXTEND',
  'PATH_PROPERTY_PROBE',
  'SEMI_MASKER',
  'HASH_JOIN_BUILD',
  'HASH_JOIN_PROBE',
  'INTERSECT_BUILD',
  'INTERSECT',
  'AGGREGATE',
  'AGGREGATE_FINALIZE',
  'AGGREGATE_SCAN',
  'ORDER_BY',
  'ORDER_BY_MERGE',
  'ORDER_BY_SCAN',
  'TOP_K',
  'TOP_K_SCAN',
  'UNION_ALL_SCAN',
  'EMPTY_RESULT',
  'DUMMY_SINK',
  'COUNT_REL_TABLE',
  // Checked by its function below.
  'TABLE_FUNCTION_CALL',
]);

/**
 * Table functions a read may call: the engine's own reading of an intermediate result (READ_FTABLE)
 * and the catalog functions the door allows by name (READ_PROCEDURES' embedded ones). Files
 * (READ_CSV_PARALLEL: LOAD FROM), settings and everything else refuse.
 */
const READ_FUNCTIONS: ReadonlySet<string> = new Set(['READ_FTABLE', ...[...READ_PROCEDURES].filter((p) => !p.includes('.')).map((p) => p.toUpperCase())]);

/** Words a query starts with (the engine's other statements — COPY, EXPORT, ATTACH, CHECKPOINT, … — start with their own). */
const QUERY_WORDS: ReadonlySet<string> = new Set(['MATCH', 'OPTIONAL', 'UNWIND', 'WITH', 'RETURN', 'CALL']);

/** Spaces and comments before the first word; a line comment ends at CR too, as in the engine's lexer. */
const LEADING = /^(?:\s|\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\/)*/;

/**
 * Whether the statement starts as a query, checked before the engine prepares it: preparing binds the
 * statement, and binding some non-query statements acts (EXPORT DATABASE creates its folder then,
 * measured), so those are refused without being prepared.
 */
export function startsAsQuery(cypher: string): boolean {
  const rest = cypher.slice(LEADING.exec(cypher)![0].length);
  const word = /^[A-Za-z]+(?![\p{ID_Continue}])/u.exec(rest);
  return word !== null && QUERY_WORDS.has(word[0].toUpperCase());
}

/**
 * What in the engine's EXPLAIN text of a statement is not a read (empty: a read). Every `NAME[n]` in the
 * text counts as an operator and every `Function: NAME` as a table function, wherever it stands — a
 * literal that looks like one can only refuse more, never hide an operator.
 */
export function planFindings(explainText: string): string[] {
  const found: string[] = [];
  const operators = [...explainText.matchAll(/([A-Z][A-Z0-9_]*)\[\d+\]/g)].map((m) => m[1]!);
  if (operators.length === 0) return ['no operator the check can read'];
  for (const op of new Set(operators)) if (!READ_OPERATORS.has(op)) found.push(op);
  const functions = [...explainText.matchAll(/Function: ([^\s│]+)/g)].map((m) => m[1]!);
  if (operators.filter((op) => op === 'TABLE_FUNCTION_CALL').length > functions.length) found.push('a table function the plan does not name');
  for (const f of new Set(functions)) if (!READ_FUNCTIONS.has(f.toUpperCase())) found.push(`the table function ${f}`);
  return found;
}

/** The refusal for a plan with `findings` (the engine worker's error message). */
export function planRefusal(findings: readonly string[]): string {
  return `Refused: the engine's plan of the statement has ${findings.join(', ')} (not a read), and queries run read-only.`;
}

/** The refusal for a statement that does not start as a query. */
export const NOT_A_QUERY = "Refused: the statement does not start as a query (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN or CALL), and queries run read-only.";
