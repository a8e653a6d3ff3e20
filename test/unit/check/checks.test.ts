import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument, CHECK, type PlanCheckOptions } from '../../../src/core/check';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { LineIndex } from '../../../src/core/text';

const schemaPath = join(__dirname, '../../../samples/movies/movies.kgschema.json');
const parsedSchema = parseSchemaFile(readFileSync(schemaPath, 'utf8'), schemaPath);
assert.ok(parsedSchema.schema, 'the sample movie schema must load');
const schema = parsedSchema.schema;

/** Wraps pattern lines into a plan (the lines are indented for the match clause). */
function plan(match: string, rest = 'return m', name = 'p'): string {
  return `plan ${name} {\n  match\n${match
    .split('\n')
    .map((l) => '    ' + l)
    .join('\n')}\n  ${rest}\n}\n`;
}

function diags(text: string, options: PlanCheckOptions = {}): Diagnostic[] {
  return checkDocument(text, options);
}
function codes(text: string, options: PlanCheckOptions = {}): string[] {
  return diags(text, options).map((d) => d.code);
}
function only(text: string, code: string, options: PlanCheckOptions = {}): Diagnostic {
  const found = diags(text, options).filter((d) => d.code === code);
  assert.equal(found.length, 1, `expected one ${code} in ${JSON.stringify(text)}, got ${JSON.stringify(codes(text, options))}`);
  return found[0]!;
}
function textAt(text: string, d: Diagnostic): string {
  const idx = new LineIndex(text);
  return text.slice(idx.offsetAt(d.range.start), idx.offsetAt(d.range.end));
}
function applyFix(text: string, d: Diagnostic, which = 0): string {
  const fix = d.fixes?.[which];
  assert.ok(fix, `no fix #${which} on ${d.code}`);
  const idx = new LineIndex(text);
  const edits = [...fix.edits].sort((a, b) => idx.offsetAt(b.range.start) - idx.offsetAt(a.range.start));
  let out = text;
  for (const e of edits) out = out.slice(0, idx.offsetAt(e.range.start)) + e.newText + out.slice(idx.offsetAt(e.range.end));
  return out;
}

const GOOD = `schema "movies.kgschema.json"
plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)
    (film: Movie) -[starred actors]- (actor)
    (film) -[:in_language]-> (lang: Language)
  return lang
  expect "English"
  using gsd(k: 3, nodeCandidates: 16, relationCandidates: 16)
}
`;

test('a good plan has no findings, with and without the schema', () => {
  assert.deepEqual(diags(GOOD), []);
  assert.deepEqual(diags(GOOD, { schema }), []);
});

test('syntax errors come through with their KGP1xx codes', () => {
  const text = 'plan p {\n  match (a: Movie "x" -[oops (b)\n  return\n}\n';
  const cs = codes(text);
  assert.ok(cs.includes('KGP111') && cs.includes('KGP112'), cs.join(','));
});

test('KGP200 unknown variable in return, with a did-you-mean fix', () => {
  const text = plan('(movie: Movie "Heat") -[directed by]- (director: Person)', 'return directr');
  const d = only(text, CHECK.unknownReturn);
  assert.equal(d.severity, 'error');
  assert.equal(textAt(text, d), 'directr');
  assert.match(d.message, /did you mean 'director'/);
  assert.deepEqual(codes(applyFix(text, d)), []);
});

test('KGP201 disconnected pattern', () => {
  const text = plan('(m: Movie "Heat") -[directed by]- (p: Person)\n(y: Year "1995")');
  const d = only(text, CHECK.disconnected);
  assert.equal(d.severity, 'warning');
  assert.equal(textAt(text, d), '(y: Year "1995")');
  assert.ok(!codes(plan('(m: Movie "Heat") -[directed by]- (p: Person)\n(m) -[release year]- (y: Year)')).includes(CHECK.disconnected));
});

test('KGP202 two edges between the same node pair (either direction)', () => {
  const text = plan('(m: Movie "Heat") -[directed by]- (p: Person)\n(p) -[written by]-> (m)');
  const d = only(text, CHECK.parallelEdges);
  assert.equal(textAt(text, d), '-[written by]->');
  assert.ok(!codes(plan('(m: Movie "Heat") -[directed by]- (p: Person)\n(m) -[written by]- (q: Person)')).includes(CHECK.parallelEdges));
});

test('KGP203 SimGRAG "UNKNOWN" text in a node or a relation, fixed to a real unknown', () => {
  const text = plan('(m: Movie "Heat") -[directed by]- ("UNKNOWN director 1")', 'return m');
  const d = only(text, CHECK.unknownInText);
  assert.equal(d.severity, 'error');
  assert.equal(textAt(text, d), '"UNKNOWN director 1"');
  const fixed = applyFix(text, d);
  assert.ok(fixed.includes('(director1)'), fixed);
  assert.ok(!codes(fixed).includes(CHECK.unknownInText));

  // SimGRAG's own test is the substring, so glued forms count too
  assert.equal(only(plan('(m: Movie "UNKNOWN_film_1") -[directed by]- (p: Person "Michael Mann")'), CHECK.unknownInText).severity, 'error');
  const rel = plan('(m: Movie "Heat") -[UNKNOWN relation 1]-> (p: Person)');
  const r = only(rel, CHECK.unknownInText);
  assert.equal(textAt(rel, r), 'UNKNOWN relation 1');
  assert.ok(applyFix(rel, r).includes('(m: Movie "Heat") --> (p: Person)'));
});

test('KGP204 misspelt UNKNOWN', () => {
  for (const t of ['UNKOWN film 1', 'UNKNWON film 1', 'unkown film 2', 'UKNOWN actor 3']) {
    const text = plan(`(m: Movie "${t}") -[directed by]- (p: Person "Michael Mann")`);
    const d = only(text, CHECK.misspeltUnknown);
    assert.equal(d.severity, 'warning');
    assert.ok(applyFix(text, d).includes('(m: Movie)'));
  }
  // real names that merely resemble it are left alone
  for (const t of ['Known Soldier 2', 'The Unknown', 'UNKNOWN']) {
    const cs = codes(plan(`(m: Movie "${t}")`));
    assert.ok(!cs.includes(CHECK.misspeltUnknown), `${t}: ${cs.join(',')}`);
  }
});

test('KGP205 one variable given two categories, texts or property values', () => {
  const text = plan('(m: Movie "Heat") -[directed by]- (p: Person)\n(m: Person) -[written by]- (q: Person)');
  const d = only(text, CHECK.conflictingNode);
  assert.equal(textAt(text, d), 'Person');
  assert.equal(only(plan('(m "Heat") -- (p)\n(m "Ronin") -- (q)'), CHECK.conflictingNode).severity, 'error');
  assert.equal(only(plan('(m {name: "a"}) -- (p "x")\n(m {name: "b"})'), CHECK.conflictingNode).severity, 'error');
  // repeating the same facts is fine
  assert.ok(!codes(plan('(m: Movie "Heat") -- (p "x")\n(m: Movie "Heat") -- (q)')).includes(CHECK.conflictingNode));
});

test('KGP206 self loop', () => {
  const text = plan('(m: Movie "Heat") -[remake of]- (m)');
  assert.equal(textAt(text, only(text, CHECK.selfLoop)), '-[remake of]-');
});

test('KGP207 duplicate plan names; KGP208 duplicate clauses', () => {
  const text = plan('(m: Movie "Heat")', 'return m', 'a') + plan('(m: Movie "Heat")', 'return m', 'a');
  assert.equal(only(text, CHECK.duplicatePlan).range.start.line, 5);
  const twice = plan('(m: Movie "Heat")', 'return m\n  return m');
  assert.equal(only(twice, CHECK.duplicateClause).severity, 'error');
});

test('KGP209 missing return; KGP210 missing match', () => {
  assert.equal(only('plan p {\n  match (m: Movie "Heat")\n}\n', CHECK.missingReturn).severity, 'warning');
  assert.equal(only('plan p {\n  question "x"\n}\n', CHECK.missingMatch).severity, 'error');
});

test('KGP211–214 strategy names, parameters and values', () => {
  const base = (using: string): string => plan('(m: Movie "Heat") -[directed by]- (p: Person)', `return p\n  ${using}`);
  const s = only(base('using gds(k: 3)'), CHECK.unknownStrategy);
  assert.match(s.message, /did you mean 'gsd'/);
  assert.deepEqual(codes(applyFix(base('using gds(k: 3)'), s)), []);
  const p = only(base('using gsd(nodeCandidate: 3)'), CHECK.unknownParameter);
  assert.match(p.message, /did you mean 'nodeCandidates'/);
  assert.equal(only(base('using mor(seeds: 0)'), CHECK.badParameterValue).severity, 'error');
  assert.equal(only(base('using gsd(exhaustive: 1)'), CHECK.badParameterValue).severity, 'error');
  assert.match(only(base('using gsd(injective: "no")'), CHECK.badParameterValue).message, /'injective' must be true or false/);
  assert.deepEqual(codes(base('using gsd(k: 3, injective: false)')), []);
  assert.equal(only(base('using cypher(limit: 2.5)'), CHECK.badParameterValue).severity, 'error');
  assert.equal(only(base('using cypher(limit: 5, limit: 6)'), CHECK.duplicateParameter).severity, 'error');
  assert.deepEqual(codes(base('using mor(seeds: 5, perStep: 10, k: 20)')), []);
});

test('KGP215 no known node for gsd/mor (not for cypher); KGP219 single-node MoR plan', () => {
  const unknowns = '(m: Movie) -[directed by]- (p: Person)';
  assert.equal(only(plan(unknowns, 'return p'), CHECK.noKnownNode).severity, 'warning');
  assert.ok(!codes(plan(unknowns, 'return p\n  using cypher(limit: 5)')).includes(CHECK.noKnownNode));
  assert.equal(only(plan('(m: Movie "Heat")', 'return m\n  using mor'), CHECK.singleNodeMor).severity, 'warning');
});

test('KGP222–224 MoR plans: one target, restricted path starts, categories', () => {
  const mor = (match: string, ret: string): string => plan(match, `return ${ret}\n  using mor(seeds: 5, perStep: 10, k: 20)`);
  assert.deepEqual(codes(mor('(n: Person "Christopher Nolan") <-[directed by]- (f: Movie) -[has genre]-> (g: Genre)', 'g')), []);
  assert.equal(only(mor('(n: Person "Christopher Nolan") <-[directed by]- (f: Movie) -[has genre]-> (g: Genre)', 'g, f'), CHECK.morTargets).severity, 'warning');
  const open = mor('(n: Person) <-[directed by]- (f: Movie "Heat") -[has genre]-> (g: Genre)', 'g');
  assert.equal(textAt(open, only(open, CHECK.morUnrestrictedStart)), '(n: Person)');
  const bare = mor('(n: Person "Christopher Nolan") <-[directed by]- (f) -[has genre]-> (g: Genre)', 'g');
  assert.equal(textAt(bare, only(bare, CHECK.morNoCategory)), '(f)');
});

test('KGP216 path longer than the hop limit (default 3, configurable)', () => {
  const chain = '(a: Person "Al Pacino") -- (b: Movie) -- (c: Person) -- (d: Movie) -- (m: Language)';
  const text = plan(chain, 'return m');
  const d = only(text, CHECK.hopLimit);
  assert.equal(d.severity, 'warning');
  assert.equal(textAt(text, d), '(a: Person "Al Pacino")');
  assert.match(d.message, /4 hops/);
  assert.ok(!codes(text, { hopLimit: 4 }).includes(CHECK.hopLimit));
  // a star of three 2-hop arms is within 3 hops of its centre target…
  const star = '(m: Movie) -- (x: Person) -- (a: Movie "Heat")\n(m) -- (y: Person) -- (b: Movie "Ronin")\n(m) -- (z: Year) -- (c: Movie "Heat")';
  assert.ok(!codes(plan(star, 'return m')).includes(CHECK.hopLimit));
  // …but without a target its longest path (4) is what counts
  assert.ok(codes(plan(star, 'using cypher')).includes(CHECK.hopLimit));
});

test('KGP217 second schema line; KGP218 empty text; KGP220 target twice; KGP221 vague relation phrase', () => {
  const two = 'schema "a.json"\nschema "b.json"\n' + plan('(m: Movie "Heat")');
  assert.equal(only(two, CHECK.duplicateSchema).range.start.line, 1);
  const empty = plan('(m: Movie "") -[directed by]- (p: Person "Michael Mann")');
  assert.equal(applyFix(empty, only(empty, CHECK.emptyText)).includes('(m: Movie)'), true);
  assert.equal(only(plan('(m: Movie "Heat")', 'return m, m'), CHECK.duplicateTarget).severity, 'warning');
  assert.equal(only(plan('(m: Movie "Heat") -[in]- (l: Language)'), CHECK.vagueRelation).severity, 'warning');
});

test('KGP300 unknown category, with did-you-mean fixes', () => {
  const text = plan('(m: Movei "Heat") -[directed by]- (p: Person)');
  const d = only(text, CHECK.unknownCategory, { schema });
  assert.equal(d.severity, 'error');
  assert.equal(textAt(text, d), 'Movei');
  assert.match(d.message, /did you mean 'Movie'/);
  assert.deepEqual(diags(applyFix(text, d), { schema }), []);
  // without a schema there is nothing to check against
  assert.ok(!codes(text).includes(CHECK.unknownCategory));
});

test('KGP301 a category written as an alias', () => {
  const text = plan('(m: film "Heat") -[directed by]- (p: Person)');
  const d = only(text, CHECK.categoryAlias, { schema });
  assert.equal(d.severity, 'warning');
  assert.ok(applyFix(text, d).includes('(m: Movie "Heat")'));
});

test('KGP302 unknown exact relationship type, with did-you-mean; phrases are soft', () => {
  const text = plan('(m: Movie "Heat") -[:directed]-> (p: Person)\n(m) -[:starred_actor]-> (a: Person)');
  const ds = diags(text, { schema });
  const alias = ds.find((d) => d.code === CHECK.relationshipTypeAlias);
  assert.ok(alias, 'directed is an alias of directed_by (KGP303)');
  assert.ok(applyFix(text, alias).includes('-[:directed_by]->'));
  const d = ds.find((x) => x.code === CHECK.unknownRelationshipType)!;
  assert.equal(textAt(text, d), 'starred_actor');
  assert.match(d.message, /did you mean 'starred_actors'/);
  // a relation phrase nobody declared is fine: it is matched by meaning
  assert.deepEqual(codes(plan('(m: Movie "Heat") -[shot on location with]- (p: Person)'), { schema }), []);
});

test('KGP304 direction contradicting the schema: error for exact types, warning for phrases naming a type', () => {
  const text = plan('(p: Person "Michael Mann") -[:directed_by]-> (m: Movie)');
  const d = only(text, CHECK.reversedDirection, { schema });
  assert.equal(d.severity, 'error');
  assert.equal(textAt(text, d), '-[:directed_by]->');
  assert.deepEqual(diags(applyFix(text, d), { schema }), []);
  const phrase = only(plan('(p: Person "Michael Mann") -[directed by]-> (m: Movie)'), CHECK.reversedDirection, { schema });
  assert.equal(phrase.severity, 'warning');
  // undirected edges never contradict
  assert.ok(!codes(plan('(p: Person "Michael Mann") -[:directed_by]- (m: Movie)'), { schema }).includes(CHECK.reversedDirection));
});

test('KGP305 exact type between labels it never connects', () => {
  const text = plan('(m: Movie "Heat") -[:directed_by]-> (y: Year)');
  assert.equal(only(text, CHECK.endpointMismatch, { schema }).severity, 'warning');
});

test('KGP306 unknown property key, with did-you-mean', () => {
  const text = plan('(m: Movie {nmae: "Heat"}) -[directed by]- (p: Person)');
  const d = only(text, CHECK.unknownProperty, { schema });
  assert.equal(textAt(text, d), 'nmae');
  assert.match(d.message, /did you mean 'name'/);
  assert.deepEqual(diags(applyFix(text, d), { schema }), []);
});

test('diagnostics come sorted by position and never throw on broken input', () => {
  const text = plan('(m: Movei {nmae: "x"}) -[:directd]-> (p: Persn)', 'return q');
  const ds = diags(text, { schema });
  for (let i = 1; i < ds.length; i++) {
    const a = ds[i - 1]!.range.start;
    const b = ds[i]!.range.start;
    assert.ok(a.line < b.line || (a.line === b.line && a.character <= b.character));
  }
  assert.deepEqual(
    ds.map((d) => d.code),
    ['KGP300', 'KGP306', 'KGP302', 'KGP300', 'KGP200'],
  );
  for (const t of ['plan', 'plan p { match (a) -[', 'plan p { match (a:', '}}}', 'plan p { return }']) assert.doesNotThrow(() => checkDocument(t, { schema }));
});
