// The pure parts of the editor workflow (src/extension/plans/question.ts, graph/schemaItems.ts, platform/statusText.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanQuestion, questionOnLine } from '../../../src/extension/plans/question';
import { countText, insertText, schemaChildren, variableFor } from '../../../src/extension/graph/schemaItems';
import { statusText } from '../../../src/extension/platform/statusText';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';

test('questions are found on kgplan and JSON lines and cleaned of what surrounds them', () => {
  assert.equal(questionOnLine('  question "who directed [Heat]"'), 'who directed [Heat]');
  assert.equal(questionOnLine('    {"question": "who said \\"hi\\" in  Heat", "output": "…"}'), 'who said "hi" in Heat');
  assert.equal(questionOnLine('  "query": "films of Kismet",'), 'films of Kismet');
  assert.equal(questionOnLine('  match (m: Movie "Heat")'), undefined);
  assert.equal(cleanQuestion('question "who directed [Heat]"'), 'who directed [Heat]');
  assert.equal(cleanQuestion('"question": "what genre is\\nKismet",'), 'what genre is Kismet');
  assert.equal(cleanQuestion('  plain   text\tquestion '), 'plain text question');
  assert.equal(cleanQuestion('"bad \\x escape"'), 'bad \\x escape');
});

const SCHEMA: GraphSchema = {
  labels: [
    { name: 'Movie', properties: ['name'], count: 238 },
    { name: 'Field-of-Study', properties: [] },
  ],
  relationshipTypes: [{ name: 'directed_by', endpoints: [{ from: 'Movie', to: 'Person' }], properties: [], count: 274 }],
  propertyKeys: ['name', 'release year'],
};

test('the schema tree: groups, labels with their properties, relationship types with endpoints', () => {
  const top = schemaChildren(SCHEMA);
  assert.deepEqual(top, [
    { kind: 'group', group: 'labels', count: 2 },
    { kind: 'group', group: 'relationshipTypes', count: 1 },
    { kind: 'group', group: 'propertyKeys', count: 2 },
  ]);
  const labels = schemaChildren(SCHEMA, top[0]);
  // Sorted by name (case-insensitive), whatever order the store listed them in.
  assert.deepEqual(labels.map((l) => (l.kind === 'label' ? [l.name, l.count] : [])), [['Field-of-Study', undefined], ['Movie', 238]]);
  assert.deepEqual(schemaChildren(SCHEMA, labels[1]), [{ kind: 'propertyKey', name: 'name', label: 'Movie' }]);
  assert.equal(countText(1, 'node'), '1 node');
  assert.equal(countText(12345, 'node'), '12,345 nodes');
  const rel = schemaChildren(SCHEMA, top[1])[0]!;
  assert.deepEqual(schemaChildren(SCHEMA, rel), [{ kind: 'endpoint', type: 'directed_by', from: 'Movie', to: 'Person' }]);
});

test('Insert into Plan writes kgplan snippets, quoting names that need it', () => {
  assert.equal(insertText({ kind: 'label', name: 'Movie', properties: [] }), '(${1:movie}: Movie)');
  assert.equal(insertText({ kind: 'label', name: 'Field-of-Study', properties: [] }), '(${1:fieldofStudy}: `Field-of-Study`)');
  assert.equal(insertText({ kind: 'relationshipType', name: 'directed_by', endpoints: [] }), '-[:directed_by]->');
  assert.equal(insertText({ kind: 'endpoint', type: 'directed_by', from: 'Movie', to: 'Person' }), '(${1:movie}: Movie) -[:directed_by]-> (${2:person}: Person)');
  assert.equal(insertText({ kind: 'endpoint', type: 'sequel_of', from: 'Movie', to: 'Movie' }), '(${1:movie}: Movie) -[:sequel_of]-> (${2:movie2}: Movie)');
  assert.equal(insertText({ kind: 'propertyKey', name: 'release year' }), '{`release year`: "${1}"}');
  assert.equal(insertText({ kind: 'group', group: 'labels', count: 1 }), undefined);
  assert.equal(variableFor('123'), 'n');
});

test('the status bar text follows health and running work', () => {
  assert.match(statusText('Sample graph (movies)', { state: 'connected', nodes: 1789, edges: 2999, labels: 8, relationshipTypes: 9 }, 0).tooltip, /1789 nodes, 2999 edges, 8 labels, 9 relationship types/);
  // The status bar names the graph and its size (issue 19: not "KG-RAG: .kgrag").
  assert.equal(statusText('metaqa (.kgrag)', { state: 'connected', nodes: 42828, edges: 129235, labels: 8, relationshipTypes: 9 }, 0).text, '$(database) KG-RAG: metaqa (.kgrag) · 42.8k nodes · 129.2k edges');
  assert.equal(statusText('Sample graph (movies)', { state: 'connected', nodes: 1789, edges: 2999, labels: 8, relationshipTypes: 9 }, 0).text, '$(database) KG-RAG: Sample graph (movies) · 1,789 nodes · 2,999 edges');
  assert.equal(statusText('Sample graph (movies)', { state: 'not-connected' }, 0).text, '$(database) KG-RAG: Sample graph (movies)');
  assert.match(statusText('x', { state: 'connected', nodes: 1, edges: 1, labels: 1, relationshipTypes: 1 }, 2).text, /sync~spin/);
  assert.match(statusText('x', { state: 'restricted' }, 0).text, /Restricted Mode/);
  assert.match(statusText('bolt://h', { state: 'error', message: 'auth failed' }, 0).tooltip, /auth failed/);
  // An unreachable server says so in the bar itself, the words of the failure in the tooltip (issue 26).
  const down = statusText('neo4j://h:7687', { state: 'error', message: 'Neo4j at neo4j://h:7687 is not reachable: nothing accepts connections at h:7687 (connection refused)', reason: 'unreachable' }, 0);
  assert.equal(down.text, '$(error) KG-RAG: neo4j://h:7687 — unreachable');
  assert.match(down.tooltip, /connection refused/);
});
