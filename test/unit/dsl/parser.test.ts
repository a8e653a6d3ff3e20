import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, type NodePattern, type Located } from '../../../src/core/dsl';
import { LineIndex } from '../../../src/core/text';

const SAMPLE = `// movies
schema "movies.kgschema.json"

plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)   // soft text
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language)
    (d: Person = "Michael Sucsy")
    (y: Year {name: "2012", votes: -3, ok: true})
    (a) -[:directed_by]-> (b) <-["written by"]- (c)
    (a) -- (b)   (a) --> (b)   (a) <-- (b)   (a) -[]- (b)
  return lang, \`Field-of-Study\`
  expect "English", "French", 1999
  using gsd(k: 3, nodeCandidates: 16, relationCandidates: 16, exhaustive: false)
}

/* second plan */
plan other { match (x: Movie) return x using cypher }
`;

/** The source text a node was parsed from, by offsets and by range (both must agree). */
function sourceOf(text: string, n: Located): string {
  const idx = new LineIndex(text);
  const byRange = text.slice(idx.offsetAt(n.range.start), idx.offsetAt(n.range.end));
  assert.equal(byRange, text.slice(n.start, n.end), 'range and offsets disagree');
  return byRange;
}

test('parses the pinned sample without diagnostics', () => {
  const { document, diagnostics } = parseDocument(SAMPLE);
  assert.deepEqual(diagnostics, []);
  assert.equal(document.plans.length, 2);
  assert.equal(document.schemas[0]?.path?.value, 'movies.kgschema.json');
  assert.equal(document.comments.length, 3);
  const plan = document.plans[0]!;
  assert.equal(plan.name?.name, 'co_actor_languages');
  assert.equal(plan.question?.text?.value, 'what languages are the films that share actors with The Vow in');
  assert.equal(plan.match?.patterns.length, 10);
  assert.deepEqual(plan.returns?.targets.map((t) => [t.name, t.quoted]), [
    ['lang', false],
    ['Field-of-Study', true],
  ]);
  assert.deepEqual(plan.expect?.values.map((v) => v.value), ['English', 'French', 1999]);
  assert.equal(plan.using?.strategy?.name, 'gsd');
  assert.deepEqual(plan.using?.args.map((a) => [a.name.name, a.value?.value]), [
    ['k', 3],
    ['nodeCandidates', 16],
    ['relationCandidates', 16],
    ['exhaustive', false],
  ]);
  assert.equal(plan.closed, true);
  assert.equal(document.plans[1]?.using?.parenthesized, false);
});

test('nodes: variable, category, soft / exact text, properties', () => {
  const { document } = parseDocument(SAMPLE);
  const patterns = document.plans[0]!.match!.patterns;
  const vow = patterns[0]!.nodes[0]!;
  assert.equal(vow.variable?.name, 'vow');
  assert.equal(vow.category?.name, 'Movie');
  assert.equal(vow.text?.exact, false);
  assert.equal(vow.text?.value?.value, 'The Vow');
  const d: NodePattern = patterns[3]!.nodes[0]!;
  assert.equal(d.text?.exact, true);
  assert.equal(d.text?.value?.value, 'Michael Sucsy');
  const y = patterns[4]!.nodes[0]!;
  assert.deepEqual(y.properties?.entries.map((e) => [e.key.name, e.value?.value]), [
    ['name', '2012'],
    ['votes', -3],
    ['ok', true],
  ]);
  assert.equal(patterns[1]!.nodes[1]!.category, undefined);
});

test('edges: phrases, exact types, unknown relations and directions', () => {
  const { document } = parseDocument(SAMPLE);
  const patterns = document.plans[0]!.match!.patterns;
  const e0 = patterns[0]!.edges[0]!;
  assert.deepEqual([e0.direction, e0.relation.kind], ['none', 'RelationPhrase']);
  assert.equal(e0.relation.kind === 'RelationPhrase' && e0.relation.value, 'starred actors');
  assert.equal(patterns[2]!.edges[0]!.direction, 'right');
  const chain = patterns[5]!;
  assert.equal(chain.nodes.length, 3);
  assert.equal(chain.edges.length, 2);
  const t = chain.edges[0]!.relation;
  assert.equal(t.kind === 'RelationType' && t.name?.name, 'directed_by');
  const q = chain.edges[1]!;
  assert.equal(q.direction, 'left');
  assert.equal(q.relation.kind === 'RelationPhrase' && q.relation.quoted, true);
  const shorthands = patterns.slice(6).map((p) => [p.edges[0]!.direction, p.edges[0]!.relation.kind]);
  assert.deepEqual(shorthands, [
    ['none', 'UnknownRelation'],
    ['right', 'UnknownRelation'],
    ['left', 'UnknownRelation'],
    ['none', 'UnknownRelation'],
  ]);
});

test('every node carries its exact source range', () => {
  const { document } = parseDocument(SAMPLE);
  const plan = document.plans[0]!;
  const p0 = plan.match!.patterns[0]!;
  assert.equal(sourceOf(SAMPLE, p0), '(vow: Movie "The Vow") -[starred actors]- (actor: Person)');
  assert.equal(sourceOf(SAMPLE, p0.nodes[0]!), '(vow: Movie "The Vow")');
  assert.equal(sourceOf(SAMPLE, p0.nodes[0]!.category!), 'Movie');
  assert.equal(sourceOf(SAMPLE, p0.nodes[0]!.text!), '"The Vow"');
  assert.equal(sourceOf(SAMPLE, p0.edges[0]!), '-[starred actors]-');
  assert.equal(sourceOf(SAMPLE, p0.edges[0]!.relation), 'starred actors');
  const d = plan.match!.patterns[3]!.nodes[0]!;
  assert.equal(sourceOf(SAMPLE, d.text!), '= "Michael Sucsy"');
  assert.equal(sourceOf(SAMPLE, plan.returns!.targets[1]!), '`Field-of-Study`');
  assert.equal(sourceOf(SAMPLE, plan.using!), 'using gsd(k: 3, nodeCandidates: 16, relationCandidates: 16, exhaustive: false)');
  assert.equal(sourceOf(SAMPLE, plan.using!.args[3]!), 'exhaustive: false');
  assert.ok(sourceOf(SAMPLE, plan).startsWith('plan co_actor_languages {'));
  assert.ok(sourceOf(SAMPLE, plan).endsWith('}'));
  assert.deepEqual(plan.match!.patterns[0]!.nodes[0]!.range, { start: { line: 6, character: 4 }, end: { line: 6, character: 26 } });
});

test('keeps going after errors and reports several, with exact positions', () => {
  const text = ['plan broken {', '  match (a: Movie "x" -[oops (b)', '  return', '  using mor(seeds: , k: 3', '}', 'plan ok { match (z) return z }'].join('\n');
  const { document, diagnostics } = parseDocument(text);
  const got = diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);
  assert.deepEqual(got, ['KGP111@1:22', 'KGP111@1:29', 'KGP112@2:8', 'KGP112@3:19', 'KGP111@3:25']);
  assert.equal(document.plans.length, 2);
  assert.equal(document.plans[1]!.name?.name, 'ok');
  assert.equal(document.plans[1]!.returns?.targets[0]?.name, 'z');
  // the broken plan still has what could be read
  assert.equal(document.plans[0]!.match?.patterns[0]?.nodes[0]?.category?.name, 'Movie');
  assert.equal(document.plans[0]!.using?.args[1]?.value?.value, 3);
});

test('lexical errors: unterminated string, comment, identifier; bad characters; bad escapes', () => {
  const cases: [string, string][] = [
    ['plan p { question "open\n}', 'KGP101'],
    ['plan p { match (a) } /* never closed', 'KGP102'],
    ['plan p { match (`open) }', 'KGP103'],
    ["plan p { match (a: Movie 'Heat') }", 'KGP100'],
    ['plan p { question "a\\qb" }', 'KGP104'],
    ['plan p { match (a) return 3rd }', 'KGP105'],
  ];
  for (const [text, code] of cases) {
    const { diagnostics } = parseDocument(text);
    assert.ok(
      diagnostics.some((d) => d.code === code),
      `${JSON.stringify(text)} → ${diagnostics.map((d) => d.code).join(',')}`,
    );
  }
});

test('two-way edges, edge variables, missing nodes after edges and keyword variables are reported', () => {
  const cases: [string, string][] = [
    ['plan p { match (a) <--> (b) }', 'KGP113'],
    ['plan p { match (a) -[r:directed_by]- (b) }', 'KGP110'],
    ['plan p { match (a) -[x]- \n return a }', 'KGP112'],
    ['plan p { match (match) }', 'KGP114'],
    ['plan p { match (a)', 'KGP111'],
    ['plan { match (a) }', 'KGP112'],
    ['match (a)', 'KGP110'],
  ];
  for (const [text, code] of cases) {
    const { diagnostics } = parseDocument(text);
    assert.ok(
      diagnostics.some((d) => d.code === code),
      `${JSON.stringify(text)} → ${diagnostics.map((d) => d.code).join(',')}`,
    );
  }
  // the edge-variable habit still yields the exact type
  const { document } = parseDocument('plan p { match (a) -[r:directed_by]- (b) }');
  const rel = document.plans[0]!.match!.patterns[0]!.edges[0]!.relation;
  assert.equal(rel.kind === 'RelationType' && rel.name?.name, 'directed_by');
});

test('never throws on hostile input', () => {
  const inputs = ['', '}', '{{{{', ')))', 'plan', 'plan p {', '"', '/*', '`', 'plan p { match ((((', 'plan p { using gsd(((( }', '\u0000\uffff\ud800', 'plan p { match (a)-[-[-[ }'];
  for (const text of inputs) {
    const r = parseDocument(text);
    assert.equal(r.document.kind, 'Document');
    for (const d of r.diagnostics) assert.ok(d.range.start.line >= 0 && d.code.startsWith('KGP1') && d.code !== 'KGP199', d.message);
  }
  assert.deepEqual(parseDocument('').diagnostics, []);
});
