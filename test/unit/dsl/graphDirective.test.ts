import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePlans, formatDocument, parseDocument, pinnedGraph, printDocument, printPlanningGraphs, toPlanningGraphs } from '../../../src/core/dsl';
import { checkDocument, CHECK } from '../../../src/core/check';

const PINNED = `schema "movies.kgschema.json"
graph "./movies-db"

plan p {
  match (m: Movie "The Vow") -[directed_by]-> (d: Person)
  return d
  expect "Michael Sucsy"
}
`;

test('graph directive: parsed as a top-level item with the string and its exact range', () => {
  const { document, diagnostics } = parseDocument(PINNED);
  assert.deepEqual(diagnostics, []);
  assert.equal(document.graphs.length, 1);
  const g = document.graphs[0]!;
  assert.equal(g.value?.value, './movies-db');
  assert.deepEqual(g.value?.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 19 } });
  assert.deepEqual(document.items.map((i) => i.kind), ['Schema', 'Graph', 'Plan']);
});

test('graph directive: the IR carries graphRef for every plan and prints it back', () => {
  const graphs = toPlanningGraphs(parseDocument(PINNED).document);
  assert.equal(graphs[0]?.graphRef, './movies-db');
  const again = toPlanningGraphs(parseDocument(printPlanningGraphs(graphs)).document);
  assert.equal(again[0]?.graphRef, './movies-db');
  assert.equal(again[0]?.schemaRef, 'movies.kgschema.json');
  assert.equal(pinnedGraph(parseDocument('plan p { match (a) return a }').document), undefined);
});

test('graph directive: printer and formatter round trip it', () => {
  const doc = parseDocument(PINNED).document;
  assert.match(printDocument(doc), /^schema "movies\.kgschema\.json"\n\ngraph "\.\/movies-db"\n/);
  const formatted = formatDocument('graph    "movies"   // pinned\nplan p { match (a) return a }\n');
  assert.match(formatted, /^graph "movies" \/\/ pinned\n/);
  assert.equal(formatDocument(formatted), formatted);
});

test('graph stays an ordinary word outside the directive', () => {
  const { document, diagnostics } = parseDocument('plan graph {\n  match (graph: graph {graph: "x"})\n  return graph\n}\n');
  assert.deepEqual(diagnostics, []);
  assert.equal(document.graphs.length, 0);
  assert.equal(compilePlans(document)[0]?.graph.graphRef, undefined);
});

test('graph directive without a string: a syntax error at the end of the keyword, nothing lost', () => {
  const { document, diagnostics } = parseDocument('graph\nplan p { match (a) return a }\n');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]?.code, 'KGP112');
  assert.equal(diagnostics[0]?.range.start.line, 0);
  assert.equal(document.plans.length, 1);
});

test('a plan missing its } stops at a following graph line', () => {
  const { document, diagnostics } = parseDocument('plan p { match (a) return a\ngraph "g"\nplan q { match (b) return b }\n');
  assert.ok(diagnostics.some((d) => d.code === 'KGP111'));
  assert.equal(document.graphs[0]?.value?.value, 'g');
  assert.equal(document.plans.length, 2);
});

test('checker: a blank graph value is an error at the string; a second graph line a warning', () => {
  const ds = checkDocument('graph "  "\ngraph "other"\nplan p { match (a: Movie "x") return a }\n');
  const blank = ds.find((d) => d.code === CHECK.emptyGraph);
  assert.deepEqual(blank?.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 10 } });
  assert.equal(blank?.severity, 'error');
  const dup = checkDocument('graph "a"\ngraph "b"\nplan p { match (a: Movie "x") return a }\n').find((d) => d.code === CHECK.duplicateGraph);
  assert.equal(dup?.range.start.line, 1);
  assert.equal(pinnedGraph(parseDocument('graph ""\ngraph "b"\n').document), 'b');
});
