/**
 * A small Cypher tokenizer for highlighting only (keywords, strings, numbers, parameters, labels,
 * comments). Concatenating the tokens' text always gives back the input exactly.
 */

export type CypherTokenKind = 'keyword' | 'function' | 'string' | 'number' | 'param' | 'label' | 'comment' | 'text';

export interface CypherToken {
  readonly kind: CypherTokenKind;
  readonly text: string;
}

const KEYWORDS = new Set(
  (
    'MATCH OPTIONAL WHERE RETURN WITH UNWIND AS DISTINCT ORDER BY ASC DESC ASCENDING DESCENDING SKIP LIMIT ' +
    'AND OR XOR NOT IN IS NULL TRUE FALSE CASE WHEN THEN ELSE END CREATE MERGE SET DELETE DETACH REMOVE ' +
    'CALL YIELD UNION ALL EXISTS CONTAINS STARTS ENDS EXPLAIN PROFILE ON SHORTEST COUNT'
  ).split(' '),
);

// Order matters: comments and strings before anything that could start inside them.
const PATTERN =
  /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|('(?:[^'\\]|\\.)*(?:'|$)|"(?:[^"\\]|\\.)*(?:"|$))|(\$[A-Za-z_][A-Za-z0-9_]*|\$`[^`]*`)|(:\s*(?:[A-Za-z_][A-Za-z0-9_]*|`[^`]*`))|(\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)(?=\s*\()|([A-Za-z_][A-Za-z0-9_]*)/g;

export function tokenizeCypher(text: string): CypherToken[] {
  const out: CypherToken[] = [];
  const push = (kind: CypherTokenKind, t: string) => {
    if (t.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind === 'text') out[out.length - 1] = { kind, text: last.text + t };
    else out.push({ kind, text: t });
  };
  let at = 0;
  for (const m of text.matchAll(PATTERN)) {
    const index = m.index ?? 0;
    push('text', text.slice(at, index));
    const [whole, comment, str, param, label, num, fn, word] = m;
    if (comment) push('comment', whole);
    else if (str) push('string', whole);
    else if (param) push('param', whole);
    else if (label) push('label', whole);
    else if (num) push('number', whole);
    else if (fn) push(KEYWORDS.has(fn.toUpperCase()) ? 'keyword' : 'function', whole);
    else if (word) push(KEYWORDS.has(word.toUpperCase()) ? 'keyword' : 'text', whole);
    else push('text', whole);
    at = index + whole.length;
  }
  push('text', text.slice(at));
  return out;
}
