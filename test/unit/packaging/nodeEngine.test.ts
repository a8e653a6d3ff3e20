// The Node requirement (package.json engines.node) against what @neo4j-cypher/language-support
// declares: npm warns EBADENGINE because the library asks for a newer Node than ours, yet every
// part of it the project uses runs on ours. This test runs on the Node the suite runs on (CI: the
// Node 20 the VS Code harness needs), so those parts are proven there, and it fails when the
// library's declaration or ours changes, so docs/packaging.md ("Node version") is revisited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { getDebugTree, lintCypherQuery } from '@neo4j-cypher/language-support';

const root = resolve(__dirname, '../../..');
const ours = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
// The package's exports hide its package.json: read it next to its entry point.
function libraryManifest(): { version: string; engines: { node: string } } {
  let dir = dirname(require.resolve('@neo4j-cypher/language-support'));
  while (!dir.endsWith('language-support')) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };
}
const minimum = (range: string): number[] => (/^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim()) ?? []).slice(1).map((x) => Number(x ?? 0));
const atLeast = (v: number[], min: number[]) => v[0]! !== min[0]! ? v[0]! > min[0]! : v[1]! !== min[1]! ? v[1]! > min[1]! : v[2]! >= min[2]!;

test('engines.node: this Node meets ours; the Cypher front end declares more, and the parts used run here', () => {
  const node = process.versions.node.split('.').map(Number);
  assert.deepEqual(minimum(ours), [20, 19, 0], `package.json engines.node is ${ours}; docs/packaging.md says >=20.19`);
  assert.ok(atLeast(node, minimum(ours)), `Node ${process.version} is below engines.node ${ours}`);
  const lib = libraryManifest();
  assert.equal(lib.version, '2.0.0-next.38', 'another version of @neo4j-cypher/language-support: check its engines and docs/packaging.md');
  assert.deepEqual(minimum(lib.engines.node), [24, 11, 1]);
  // What the project uses of it: the parsed statement (the read-only check of the query door) and
  // the linter with its symbol tables (few-shot Cypher checks), under Cypher 5 and 25.
  const tree = getDebugTree('MATCH (n:Movie) RETURN n.name') as { name: string; children?: unknown[] };
  assert.equal(tree.name, 'topNode');
  assert.ok((tree.children ?? []).length > 0);
  for (const version of ['CYPHER 5', 'CYPHER 25']) {
    const linted = lintCypherQuery(`${version} MATCH (n:Movie) RETURN n.name`, { labels: ['Movie'], relationshipTypes: [], propertyKeys: ['name'] });
    assert.deepEqual(linted.diagnostics, [], version);
    assert.ok(linted.symbolTables && linted.symbolTables.length > 0, `${version}: symbol tables`);
    assert.notDeepEqual(lintCypherQuery(`${version} MATCH (n RETURN n`, { labels: [], relationshipTypes: [] }).diagnostics, [], 'the linter rejects bad syntax');
  }
});
