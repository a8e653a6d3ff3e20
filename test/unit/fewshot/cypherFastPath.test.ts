/**
 * Issue 29, case 13: the few-shot Cypher check skips Neo4j's semantic analysis for statements our
 * own parse proves clean. Same findings: on real text2cypher rows, every finding with the fast path
 * equals the finding without it (Neo4j's analysis on every statement); statements Neo4j rejects or
 * warns about are not taken by it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkCypherQuery, cypherAnalysisCounts, FEWSHOT_CODES, readFewShot, readSchemasCsv, useCypherFastPath } from '../../../src/core/fewshot';
import { cleanStatementAnalysis } from '../../../src/core/fewshot/checks/cypherFastPath';
import { patchFrontEnd } from '../../../src/core/fewshot/checks/neo4jFrontEnd';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { fixture, shared, SKIP_SHARED } from './helpers';

type CypherOutput = Parameters<typeof checkCypherQuery>[0];
const output = (query: string): CypherOutput => ({ kind: 'cypher', query: { value: query, span: { start: 0, end: query.length } } }) as CypherOutput;

test('both edits apply to the installed @neo4j-cypher/language-support (else the check is slow, not wrong)', () => {
  const p = patchFrontEnd(readFileSync(require.resolve('@neo4j-cypher/language-support'), 'utf8'));
  assert.equal(p.assertionsOff, true);
  assert.equal(p.analyserSeam, true);
  checkCypherQuery(output('RETURN 1'), undefined, 1);
  assert.deepEqual(cypherAnalysisCounts().patched, { assertionsOff: true, analyserSeam: true });
});

test('statements Neo4j rejects or warns about are not taken by the fast path, and their findings stay', () => {
  const flagged: [string, string][] = [
    ['MATCH (m:Movie) RETURN x', FEWSHOT_CODES.cypherSyntax], // undefined variable
    ['MATCH (a:Person) RETURN DISTINCT a.name ORDER BY a.born', FEWSHOT_CODES.cypherSyntax], // not projected
    ['MATCH (a:Person)-[:ACTED_IN]->(m) RETURN a.name, count(m) ORDER BY count(a)', FEWSHOT_CODES.cypherSyntax], // aggregation in ORDER BY
    ['MATCH (a:Person) WHERE count(a) > 1 RETURN a', FEWSHOT_CODES.cypherSyntax], // aggregation in WHERE
    ['MATCH (a:Person), (m:Movie) RETURN a, m', FEWSHOT_CODES.cypherNotice], // cartesian product
    ['MATCH (a:Person)-[:ACTED_IN]->(m), (b:Person)-[:DIRECTED]->(n) RETURN a, b', FEWSHOT_CODES.cypherNotice], // parts share no variable
    ['MATCH (a:Person)-[r]->(b)-[r]->(c) RETURN a', FEWSHOT_CODES.cypherNotice], // one relationship twice: no results
    ['MATCH (a)-[r]->(b) MATCH (r)-->(c) RETURN a', FEWSHOT_CODES.cypherSyntax], // a relationship used as a node
    ['MATCH (a:Person) RETURN a.name, a.name', FEWSHOT_CODES.cypherSyntax], // two columns of one name
    ["MATCH (a:Person) WHERE a.born > 'x' * 2 RETURN a", FEWSHOT_CODES.cypherSyntax], // type
    ['MATCH (a:Person) RETURN count(count(a))', FEWSHOT_CODES.cypherSyntax], // nested aggregation
    ['MATCH (a:Person) WITH a.name AS n RETURN a.born', FEWSHOT_CODES.cypherSyntax], // a is out of scope after WITH
    ['MATCH (a:Person) WITH a.name RETURN 1', FEWSHOT_CODES.cypherSyntax], // WITH expressions need an alias
  ];
  useCypherFastPath(true);
  for (const [q, code] of flagged) {
    assert.equal(cleanStatementAnalysis(q, 'CYPHER 5'), undefined, q);
    assert.ok(checkCypherQuery(output(q), undefined, 1).some((f) => f.code === code), `${q}: ${code}`);
  }
  // Offsets inside a statement that does not start the text (Neo4j's are relative to the statement).
  const schema = parseSchemaFile(fixture('movies.structured_schema.json').text, 'movies.structured_schema.json').schema!;
  const indented = "\n  MATCH (p:Person)-[:ACTED_IN]->(m:Movie {rating: 5}) WHERE p.born > 1960 RETURN p.name, m.tagline, p.rating";
  assert.ok(cleanStatementAnalysis(indented.trim(), 'CYPHER 5'));
  const withFast = checkCypherQuery(output(indented), schema, 1);
  useCypherFastPath(false);
  const withNeo4j = checkCypherQuery(output(indented), schema, 1);
  useCypherFastPath(true);
  assert.ok(withFast.some((f) => f.code === FEWSHOT_CODES.cypherProperty && indented.slice(f.start, f.end) === 'rating'));
  assert.deepEqual(withFast, withNeo4j);
  // And a clean one is taken, with its pattern's variables.
  const a = cleanStatementAnalysis("MATCH (p:Person)-[r:ACTED_IN]->(:Movie {title: 'Heat'}) WHERE p.born > 1960 RETURN p.name ORDER BY p.name LIMIT 3", 'CYPHER 5')!;
  assert.deepEqual(a.errors, []);
  assert.deepEqual(
    a.symbolTable.map((s) => [s.variable, s.types, s.references]),
    [
      // ORDER BY p.name is a use of the column p.name (Neo4j's reading), not of p
      ['p', ['Node'], [7, 62, 83]],
      ['r', ['Relationship'], [18]],
      ['  UNNAMED0', ['Node'], [31]],
    ],
  );
});

test('text2cypher (every 12th row): the same findings with and without the fast path; most rows take it', (t) => {
  const pairs = shared('text2cypher/text2cypher_dev.csv');
  const schemasCsv = shared('text2cypher/schemas_dev.csv');
  if (!pairs || !schemasCsv) return t.skip(SKIP_SHARED);
  const { schemas } = readSchemasCsv(schemasCsv.text);
  const rows = readFewShot(pairs.path, pairs.text)!.examples.filter((e, i) => i % 12 === 0 && e.output?.kind === 'cypher');
  const pass = (fast: boolean): string[] => {
    useCypherFastPath(fast);
    return rows.map((ex) => {
      const o = ex.output as CypherOutput;
      return JSON.stringify(checkCypherQuery(o, o.database !== undefined ? schemas[o.database] : undefined, ex.number));
    });
  };
  const before = cypherAnalysisCounts();
  const fast = pass(true);
  const mid = cypherAnalysisCounts();
  const neo4j = pass(false);
  useCypherFastPath(true);
  const taken = mid.fast - before.fast;
  assert.ok(taken >= rows.length * 0.6, `fast path taken for ${taken} of ${rows.length} rows`);
  assert.ok(fast.some((f) => f.includes(FEWSHOT_CODES.cypherSchema) || f.includes(FEWSHOT_CODES.cypherProperty)), 'the sample has schema findings');
  for (let i = 0; i < rows.length; i++) assert.equal(fast[i], neo4j[i], `row ${rows[i]!.number}`);
});
