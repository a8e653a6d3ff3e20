import type { CypherParams, CypherValue, QueryResult } from '../../graph/graphStore';
import type { Answer, RetrievalResult } from '../result';
import { nodeValue, subgraphOfValues } from './rowGraph';

/** Rows kept in a result's table (the inspector renders them all; the total says how many there were). */
export const TABLE_ROW_CAP = 1000;

/**
 * A query a person ran (an "Open as Cypher" document, Ctrl+Enter) as a RetrievalResult the
 * inspector shows: the rows as a table, every node, relationship and path in them as one
 * subgraph per row, and as answers the values of the plan's return variables (`returns`, the
 * document's `// return:` line) while the query still returns their columns — else the first
 * column's, and a warning says which column that is (a node answers with its name).
 */
export function queryResult(
  run: { readonly id: string; readonly label: string; readonly query: string; readonly params: CypherParams; readonly returns?: readonly string[] },
  store: { readonly kind: RetrievalResult['store']['kind']; readonly description: string; readonly dialect: 'neo4j' | 'kuzu' },
  q: QueryResult,
  totalMs: number,
): RetrievalResult {
  const columns = q.columns.length > 0 ? [...q.columns] : Object.keys(q.rows[0] ?? {});
  const rows = q.rows.slice(0, TABLE_ROW_CAP);
  const answers: Answer[] = [];
  const seen = new Set<string>();
  const warnings: string[] = [];
  const wanted = run.returns ?? [];
  const named = wanted.filter((c) => columns.includes(c));
  const answerColumns = named.length > 0 ? named : columns.slice(0, 1);
  if (wanted.length > 0 && named.length === 0 && answerColumns.length > 0) warnings.push(`the query no longer returns ${wanted.join(', ')} (the plan's return variable): the answers are its first column, ${answerColumns[0]}`);
  for (const row of rows) {
    for (const c of answerColumns) {
      const v: CypherValue = row[c] ?? null;
      const node = nodeValue(v);
      const value = node ? node.name : v === null ? undefined : typeof v === 'object' ? undefined : String(v);
      if (value === undefined || seen.has(value)) continue;
      seen.add(value);
      // A compiled plan's column `c` has its node's id in `c_id`.
      const id = node ? node.id : row[`${c}_id`];
      answers.push({ value, ...(typeof id === 'string' ? { nodeId: id } : {}), score: 1 });
    }
  }
  const subgraphs = rows.flatMap((row, i) => {
    const s = subgraphOfValues(row, i + 1);
    return s ? [s] : [];
  });
  return {
    id: run.id,
    plan: run.label,
    strategy: 'cypher',
    store: { kind: store.kind, description: store.description },
    answers,
    subgraphs,
    cypher: {
      text: run.query,
      params: run.params,
      dialect: store.dialect,
      ...(q.plan ? { plan: q.plan } : {}),
      mode: 'run',
      table: { columns, rows: rows.map((row) => columns.map((c) => row[c] ?? null)), total: q.rows.length },
    },
    timings: { totalMs, candidatesMs: 0, searchMs: q.timeMs, queryMs: q.timeMs },
    stats: { rows: q.rows.length },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
