// "Open as Cypher" documents: `:param` lines + the query, printed and parsed back; bad lines are
// one-line problems with their exact place; hostile values stay values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCypherDocument, printCypherDocument } from '../../../src/core/cypherDocument';
import { cellText } from '../../../webview/views/cypher';
import { nodeValue, relationshipValue, subgraphOfValues } from '../../../src/core/retrieve/cypher/rowGraph';
import { queryResult } from '../../../src/core/retrieve/cypher/queryResult';
import { validateRetrievalResult } from '../../../src/contracts/inspector/validate';

const QUERY = 'MATCH (vow:`Movie` {`name`: $p0})-[kgrag_e0:`starred_actors`]->(actor:`Person`)\nRETURN DISTINCT actor.`name` AS actor\nLIMIT 10';

test('print then parse gives the query and its parameters back, every JSON value kind and hostile text included', () => {
  const params = { p0: 'The Vow', p1: 2012, p2: true, p3: null, p4: ['a', 1], p5: { k: 'v' }, p6: '\'}) DETACH DELETE n //\n"`$x' };
  const text = printCypherDocument(QUERY, params, ['co_actors: Cypher for the embedded graph']);
  assert.match(text, /^\/\/ co_actors: Cypher for the embedded graph\n:param p0 => "The Vow"\n:param p1 => 2012\n/);
  const parsed = parseCypherDocument(text);
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.query, QUERY);
  assert.deepEqual(parsed.params, params);
  assert.equal(parsed.queryLine, 10);
  // Odd parameter names are backtick-quoted and read back.
  assert.deepEqual(parseCypherDocument(printCypherDocument('RETURN 1', { 'a b': 1 })).params, { 'a b': 1 });
});

test('edited :param values are what runs; comments and blank lines may sit among them; CRLF is fine', () => {
  const parsed = parseCypherDocument('// header\r\n\r\n:param p0 => "Kismet"   \r\n  :param  limit=>5;\r\n// a note\r\nMATCH (m) WHERE m.name = $p0 RETURN m LIMIT $limit\r\n');
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(parsed.params, { p0: 'Kismet', limit: 5 });
  assert.equal(parsed.query, 'MATCH (m) WHERE m.name = $p0 RETURN m LIMIT $limit');
  // A document without :param lines is a plain query.
  assert.deepEqual(parseCypherDocument('RETURN 1').params, {});
});

test('bad :param lines are problems with line and column; nothing is guessed', () => {
  const text = [':param p0 => "ok"', ':param p1 => The Vow', ':param => 3', ':param p2 =>', 'RETURN $p0'].join('\n');
  const { problems, params } = parseCypherDocument(text);
  assert.deepEqual(params, { p0: 'ok' });
  assert.deepEqual(problems.map((p) => [p.line, p.column]), [[2, 14], [3, 8], [4, 13]]);
  assert.match(problems[0]!.message, /p1: The Vow is not a JSON value/);
  assert.match(problems[1]!.message, /expected `:param name => value`/);
  assert.match(problems[2]!.message, /p2 has no value/);
  assert.match(parseCypherDocument(':param p0 => 1\n\n').problems[0]!.message, /no query/);
});

test('rows → subgraphs: nodes, relationships and paths of both stores, nested in lists', () => {
  const embeddedRow = {
    a: { name: 'The Vow', _label: 'Movie', _id: '0:0' },
    r: { _src: '0:0', _dst: '1:1', _label: 'starred_actors', _id: '16:250' },
    people: [{ name: 'Channing Tatum', _label: 'Person', _id: '1:1' }],
    n: 3,
  };
  assert.deepEqual(nodeValue(embeddedRow.a), { id: '0:0', labels: ['Movie'], name: 'The Vow' });
  assert.equal(nodeValue(embeddedRow.r), undefined, 'a relationship is not a node');
  assert.deepEqual(relationshipValue(embeddedRow.r), { source: '0:0', target: '1:1', type: 'starred_actors' });
  const s = subgraphOfValues(embeddedRow, 1)!;
  assert.deepEqual(s.mapping.map((m) => [m.variable, m.name, m.labels]), [['a', 'The Vow', ['Movie']], ['people[0]', 'Channing Tatum', ['Person']]]);
  assert.deepEqual(s.triples, [{ source: '0:0', type: 'starred_actors', target: '1:1', sourceName: 'The Vow', targetName: 'Channing Tatum' }]);
  const neo4jPath = { p: { nodes: [{ _id: '4:a:1', _labels: ['Movie'], name: 'Kismet' }, { _id: '4:a:2', _labels: ['Person'], name: 'Vincente Minnelli' }], relationships: [{ _id: '5:a:9', _type: 'directed_by', _start: '4:a:1', _end: '4:a:2' }] } };
  const p = subgraphOfValues(neo4jPath, 2)!;
  assert.deepEqual(p.mapping.map((m) => m.name), ['Kismet', 'Vincente Minnelli']);
  assert.deepEqual(p.triples.map((t) => `${t.sourceName} -${t.type}-> ${t.targetName}`), ['Kismet -directed_by-> Vincente Minnelli']);
  assert.equal(subgraphOfValues({ n: 1, s: 'x', m: { k: 'v' } }, 3), undefined, 'scalars draw nothing');
  // The compiled plan's columns (name + `_id`, relationship per edge) draw with names.
  const compiledRow = { vow: 'The Vow', vow_id: '0:0', actor: 'Channing Tatum', actor_id: '1:1', kgrag_e0: embeddedRow.r };
  const c = subgraphOfValues(compiledRow, 4)!;
  assert.deepEqual(c.mapping.map((m) => [m.variable, m.nodeId, m.name]), [['vow', '0:0', 'The Vow'], ['actor', '1:1', 'Channing Tatum']]);
  assert.deepEqual(c.triples.map((t) => `${t.sourceName} -${t.type}-> ${t.targetName}`), ['The Vow -starred_actors-> Channing Tatum']);
  assert.equal(cellText(embeddedRow.a), '(:Movie {name: "The Vow"})');
  assert.equal(cellText(embeddedRow.r), '[:starred_actors]');
  assert.equal(cellText(neo4jPath.p.relationships[0]!), '[:directed_by]');
  assert.equal(cellText('<img src=x>'), '<img src=x>');
});

test('a query result is a valid RetrievalResult: table capped with its total, answers from the first column', () => {
  const rows = Array.from({ length: 1200 }, (_, i) => ({ m: { name: `M${i % 600}`, _label: 'Movie', _id: `0:${i % 600}` }, y: 2000 + (i % 3) }));
  const r = queryResult({ id: 'q', label: 'q.cypher', query: 'MATCH (m:Movie) RETURN m, 1 AS y', params: { p: 'x' } }, { kind: 'embedded', description: 'embedded graph at /x', dialect: 'kuzu' }, { columns: ['m', 'y'], rows, timeMs: 3 }, 5);
  assert.ok(validateRetrievalResult(r).ok, JSON.stringify(validateRetrievalResult(r)));
  assert.equal(r.cypher?.table?.total, 1200);
  assert.equal(r.cypher?.table?.rows.length, 1000);
  assert.deepEqual(r.cypher?.table?.columns, ['m', 'y']);
  assert.equal(r.answers.length, 600, 'distinct names of the first column');
  assert.equal(r.answers[0]!.nodeId, '0:0');
  assert.equal(r.subgraphs.length, 1000);
});
