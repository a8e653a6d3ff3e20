// The query door on its own: what it lets through read-only, with --write, and never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkStatement, cypherTokens } from '../../../src/core/graph/queryDoor';

const READS = [
  'RETURN 1 AS ok',
  "MATCH (m:Movie {name: $name})-[:directed_by]->(p) RETURN p.name AS name ORDER BY name SKIP 1 LIMIT 5",
  'MATCH (a)-[r* SHORTEST 1..3]-(b) RETURN a, label(r)',
  'MATCH (a:Movie) WHERE offset(id(a)) IN $offsets RETURN offset(id(a)) AS a, id(a) AS i',
  'OPTIONAL MATCH (n) WITH n UNWIND [1, 2] AS x RETURN x',
  'MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN count(*) AS c',
  "CALL show_tables() RETURN id, name, type",
  "CALL table_info('it\\'s') RETURN name",
  'CALL db.schema.visualization() YIELD nodes RETURN nodes',
  // Words that name clauses elsewhere, here as property, map key, label, string, parameter and comment.
  "MATCH (n:`Set`) RETURN n.set AS s, {delete: 1} AS m, 'CHECKPOINT; COPY' AS t, $create AS c /* DROP TABLE x */",
  "MATCH (n {name: 'a'})-[:`it's`]->(m) RETURN m;",
];

test('read statements pass read-only, in both dialects', () => {
  for (const q of READS) assert.deepEqual(checkStatement(q, { allowWrite: false }), { allowed: true, kind: 'read' }, q);
});

const FILES = [
  "COPY (RETURN 'x' AS x) TO '/tmp/any.csv'",
  "EXPORT DATABASE '/tmp/dump'",
  "ATTACH '/tmp/other.lbug' AS other (dbtype lbug)",
  "LOAD FROM '/etc/passwd' (header=false) RETURN *",
  "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l",
  'IMPORT DATABASE \'/tmp/dump\'',
  "CALL read_csv('/etc/passwd') RETURN *",
  "COPY `Movie` FROM '/tmp/x.csv' (header=false)",
];
const WRITES = ["CREATE (:Movie {name: 'x'})", 'MATCH (n) SET n.x = 1', 'match (n) detach delete n', 'MATCH (n) CALL { CREATE (x) } RETURN n', 'CREATE NODE TABLE X(name STRING, PRIMARY KEY(name))', 'ALTER TABLE X ADD y STRING', 'DROP TABLE X', "MERGE (n:Movie {name: 'y'})", 'MATCH (n) FOREACH (x IN [1] | SET n.a = x)'];

test('file, attach, export and write statements are refused read-only and allowed with --write', () => {
  for (const q of [...FILES, ...WRITES]) {
    const v = checkStatement(q, { allowWrite: false });
    assert.equal(v.allowed, false, q);
    // The core names no way to allow it: each door adds its own (the CLI's --write, the editor's read-only; issue 26).
    if (!v.allowed) assert.match(v.reason, /queries run read-only\.$/, q);
    assert.equal(checkStatement(q, { allowWrite: true }).allowed, true, q);
  }
});

test('administration and several statements are refused even with --write', () => {
  for (const q of ['CHECKPOINT', 'checkpoint;', 'BEGIN TRANSACTION', 'COMMIT', 'INSTALL json', 'LOAD EXTENSION json', 'CALL threads=1', 'USE other MATCH (n) RETURN n', 'SHOW DATABASES', 'MATCH (n) RETURN n; CREATE (m)', 'EXPLAIN COPY (RETURN 1) TO \'/tmp/x\'']) {
    for (const allowWrite of [false, true]) {
      const v = checkStatement(q, { allowWrite });
      assert.equal(v.allowed, false, `${q} (allowWrite ${allowWrite})`);
    }
  }
});

test('the token check ignores literals, quoted names, parameters and comments', () => {
  const words = cypherTokens("MATCH (n:`CREATE`) WHERE n.name = 'SET \\' DELETE' // COPY\nRETURN $drop /* ATTACH */").filter((t) => t.kind === 'word').map((t) => t.text);
  assert.deepEqual(words, ['MATCH', 'n', 'WHERE', 'n', 'name', 'RETURN']);
});
