import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDocument, parseDocument, printDocument } from '../../../src/core/dsl';
import { withoutPositions } from './prng';

const MESSY = `// header comment

schema   "movies.kgschema.json" // trailing
plan   co_actor_languages{ /* after brace */
  question "what languages are the films that share actors with The Vow in"


  match   // patterns
    (vow:Movie "The Vow")-[starred actors]-(actor:Person)   // soft
    (film: Movie) -[starred actors]- /* inner */ (actor),
    // leading of film
    (film) -[in language]->
       (lang: Language)
    (y: Year {name: "2012",votes:-3})
    (a)-[:directed_by]->(b) /* multi
   line */ (c)<--(d)
  return lang,\`Field-of-Study\`
  expect "English", "French" // e1
  // before brace

}
/* between */
plan x { match (a)<-[ "x y" ]-(:Movie="Heat") return a using gsd }
// end
`;

const EXPECTED = `// header comment

schema "movies.kgschema.json" // trailing

plan co_actor_languages { /* after brace */
  question "what languages are the films that share actors with The Vow in"

  match // patterns
    (vow: Movie "The Vow") -[starred actors]- (actor: Person) // soft
    (film: Movie) -[starred actors]- (actor) /* inner */
    // leading of film
    (film) -[in language]-> (lang: Language)
    (y: Year {name: "2012", votes: -3})
    (a) -[:directed_by]-> (b) /* multi
   line */
    (c) <-- (d)
  return lang, \`Field-of-Study\`
  expect "English", "French" // e1
  // before brace
}

/* between */
plan x {
  match
    (a) <-["x y"]- (:Movie = "Heat")
  return a
  using gsd
}
// end
`;

test('formats to the canonical layout and keeps every comment', () => {
  const out = formatDocument(MESSY);
  assert.equal(out, EXPECTED);
  const before = parseDocument(MESSY).document.comments.map((c) => c.text);
  const after = parseDocument(out).document.comments.map((c) => c.text);
  assert.deepEqual(after, before);
});

test('formatting is idempotent', () => {
  const once = formatDocument(MESSY);
  assert.equal(formatDocument(once), once);
});

test('formatting keeps the meaning: the tree is unchanged', () => {
  const a = withoutPositions(parseDocument(MESSY).document);
  const b = withoutPositions(parseDocument(formatDocument(MESSY)).document);
  assert.deepEqual(b, a);
});

test('a text with syntax errors is returned unchanged', () => {
  const broken = 'plan p {\n   match (a: Movie "x" -[oops (b)\n}\n';
  assert.equal(formatDocument(broken), broken);
});

test('line comments inside a pattern move to its end; nothing may follow them', () => {
  const text = 'plan p {\n  match\n    (a) -[x]- // one\n    (b) -- /* two */ (c) // three\n}\n';
  const out = formatDocument(text);
  assert.equal(out, 'plan p {\n  match\n    (a) -[x]- (b) -- (c) /* two */ // one // three\n}\n');
  assert.equal(formatDocument(out), out);
});

test('CRLF output on request; empty and comment-only documents', () => {
  assert.equal(formatDocument('plan p { match (a) }', { eol: '\r\n' }), 'plan p {\r\n  match\r\n    (a)\r\n}\r\n');
  assert.equal(formatDocument(''), '');
  assert.equal(formatDocument('  // only\n\n\n/* two */  '), '// only\n\n/* two */\n');
  assert.equal(formatDocument('plan p {\r\n  match (a) // c\r\n}\r\n'), 'plan p {\n  match\n    (a) // c\n}\n');
});

test('printer: AST → text → AST round-trips', () => {
  const texts = [
    MESSY,
    'plan p { question "q \\"x\\" \\n" match (a: `Field-of-Study` = "x" {k: 1.50, b: true, `odd key`: "v"}) -[:`has-tag`]-> (:T) <-- ("t") return a, `b c` expect 1, "2", false using mor(seeds: 1, perStep: 2, k: 3) }',
    'schema "a.json"\nschema "b.json"\nplan q { using cypher() match (x) -[7 wonders]- (y) }',
    'plan r {}',
  ];
  for (const t of texts) {
    const first = parseDocument(t);
    assert.deepEqual(first.diagnostics, []);
    const printed = printDocument(first.document);
    const second = parseDocument(printed);
    assert.deepEqual(second.diagnostics, [], printed);
    assert.deepEqual(withoutPositions(second.document), withoutPositions(first.document), printed);
    assert.equal(printDocument(second.document), printed);
  }
});
