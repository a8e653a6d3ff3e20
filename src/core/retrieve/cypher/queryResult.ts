import type { CypherParams, CypherValue, QueryResult } from '../../graph/graphStore';
import type { Answer, RetrievalResult } from '../result';
import { nodeValue, subgraphOfValues } from './rowGraph';

/** Rows kept in a result's table (the inspector renders them all; the total says how many there were). */
export const TABLE_ROW_CAP = 1000;

/**
 * A query a person ran (an "Open as Cypher" document, Ctrl+Enter) as a RetrievalResult the
 * inspector shows: the rows as a table, every node, relationship and path in them as one
 * subgraph per row, and the first column's values as answers (a node answers with its name).
 */
export function queryResult(
  run: { readonly id: string; readonly label: string; readonly query: string; readonly params: CypherParams },
  store: { readonly kind: RetrievalResult['store']['kind']; readonly description: string; readonly dialect: 'neo4j' | 'kuzu' },
  q: QueryResult,
  totalMs: number,
): RetrievalResult {
  const columns = q.columns.length > 0 ? [...q.columns] : Object.keys(q.rows[0] ?? {});
  const rows = q.rows.slice(0, TABLE_ROW_CAP);
  const answers: Answer[] = [];
  const seen = new Set<string>();
  const first = columns[0];
  for (const row of rows) {
    if (first === undefined) break;
    const v: CypherValue = row[first] ?? null;
    const node = nodeValue(v);
    const value = node ? node.name : v === null ? undefined : typeof v === 'object' ? undefined : String(v);
    if (value === undefined || seen.has(value)) continue;
    seen.add(value);
    answers.push({ value, ...(node ? { nodeId: node.id } : {}), score: 1 });
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
  };
}
