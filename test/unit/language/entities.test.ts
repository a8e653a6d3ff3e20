import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse, completionSite, entityCompletionEntries, entityDiagnostics, entityHoverMarkdown, entityTexts, matchQueries, relationDiagnostics, relationQuery, relationTexts } from '../../../src/core/language';
import type { EntityMatch } from '../../../src/contracts/lsp';

const DOC = `plan a {
  match (p: Person "Joe Thomas") -- (m: Movie = "The \\"Vow\\"")
  return m
}
plan b { match (x: Person "Joe Thomas") -- (y "") return y }
`;

test('entity texts: every node text with its category and the literal range; empty texts skipped; queries deduplicated', () => {
  const a = analyse(DOC);
  const texts = entityTexts(a);
  assert.deepEqual(texts.map((t) => [t.text, t.category]), [['Joe Thomas', 'Person'], ['The "Vow"', 'Movie'], ['Joe Thomas', 'Person']]);
  assert.deepEqual(texts[0]!.range, { start: { line: 1, character: 19 }, end: { line: 1, character: 31 } });
  assert.equal(matchQueries(texts).length, 2, 'Joe Thomas as a Person is looked up once');
});

test('the completion site inside a node text carries the category and what is typed; other strings are not entity sites', () => {
  const text = 'plan c {\n  question "who directed"\n  match (d: director "Mich") -- (m: Movie)\n  return m\n}\n';
  const at = text.indexOf('Mich') + 4;
  const site = completionSite(analyse(text), at);
  assert.deepEqual(site.site, { kind: 'entityText', category: 'director', typed: 'Mich' });
  assert.equal(site.wordStart, text.indexOf('Mich'));
  assert.equal(site.wordEnd, text.indexOf('Mich') + 4);
  assert.equal(completionSite(analyse(text), text.indexOf('who') + 2).site.kind, 'none', 'the question string');
  const open = 'plan c { match (d "The V';
  assert.deepEqual(completionSite(analyse(open), open.length).site, { kind: 'entityText', typed: 'The V' }, 'an unterminated string, no category');
});

test('not-found diagnostics: message with the nearest names, one "Replace with" fix each, names quoted for the DSL', () => {
  const a = analyse(DOC);
  const texts = entityTexts(a);
  const miss: EntityMatch = {
    text: 'Joe Thomas',
    exact: false,
    notFound: true,
    labels: ['Person'],
    candidates: [
      { name: 'Eski Thomas', labels: ['Person'], distance: 0.671, exact: false },
      { name: 'Say "Hi"', labels: ['Person'], distance: 0.7, exact: false },
    ],
  };
  const found: EntityMatch = { text: 'The "Vow"', exact: true, notFound: false, labels: ['Movie'], candidates: [] };
  const d = entityDiagnostics(texts, (t) => (t.text === 'Joe Thomas' ? miss : found), 'Sample graph');
  assert.equal(d.length, 2, 'both Joe Thomas texts');
  assert.equal(d[0]!.code, 'KGP400');
  assert.equal(d[0]!.severity, 'warning');
  assert.equal(d[0]!.message, "'Joe Thomas' is not in the graph as a Person (Sample graph); nearest: 'Eski Thomas' (0.67), 'Say \"Hi\"' (0.70)");
  assert.deepEqual(d[0]!.fixes!.map((f) => [f.title, f.edits[0]!.newText, f.preferred]), [["Replace with 'Eski Thomas'", '"Eski Thomas"', undefined], ["Replace with 'Say \"Hi\"'", '"Say \\"Hi\\""', undefined]]);
  const md = entityHoverMarkdown(texts[0]!, miss, 'Sample graph (movies)');
  assert.match(md, /not in the graph \(Sample graph \\\(movies\\\)\)/, 'graph text is escaped for Markdown');
  const items = entityCompletionEntries(miss, texts[0]!.range);
  assert.deepEqual(items.map((i) => [i.label, i.insertText, i.detail]), [['Eski Thomas', 'Eski Thomas', 'Person · distance 0.67'], ['Say "Hi"', 'Say \\"Hi\\"', 'Person · distance 0.70']]);
});

test('unread relation phrases: a warning on the phrase with "Change to :<type>" fixes (never preferred)', () => {
  const a = analyse('plan p {\n  match (m: Movie "The Vow") -[directd by]-> (d: Person)\n  match (m) -["in langage"]- (l: Language)\n  match (m) -[helmed]-> (d)\n  return d, l\n}\n');
  const texts = relationTexts(a);
  assert.deepEqual(texts.map((t) => t.text), ['directd by', 'in langage', 'helmed']);
  assert.deepEqual(relationQuery(texts[0]!), { text: 'directd by', mode: 'relation', limit: 3 });
  const typo = (text: string, word: string, first: string): EntityMatch => ({ text, exact: false, notFound: true, labels: [word], candidates: [{ name: first, labels: [], distance: 1, exact: false }, { name: 'written_by', labels: [], distance: 4, exact: false }] });
  const d = relationDiagnostics(texts, (t) => (t.text === 'directd by' ? typo(t.text, 'directd', 'directed_by') : t.text === 'in langage' ? typo(t.text, 'langage', 'in_language') : { text: t.text, exact: false, notFound: false, labels: [], candidates: [] }), 'MetaQA');
  assert.equal(d.length, 2, 'helmed is read');
  assert.equal(d[0]!.code, 'KGP401');
  assert.equal(d[0]!.severity, 'warning');
  assert.equal(d[0]!.message, "relation phrase 'directd by': 'directd' is not a word the graph (MetaQA) or WordNet knows, so the phrase is matched by spelling alone; nearest types: directed_by (1 edit), written_by (4 edits)");
  assert.deepEqual(d[0]!.range, texts[0]!.range);
  assert.deepEqual(d[0]!.fixes!.map((f) => [f.title, f.edits[0]!.newText, f.preferred]), [["Change to ':directed_by'", ':directed_by', undefined], ["Change to ':written_by'", ':written_by', undefined]]);
  // A quoted phrase: the fix replaces the string, quotes included.
  const line = a.text.split('\n')[2]!;
  assert.equal(line.slice(d[1]!.range.start.character, d[1]!.range.end.character), '"in langage"');
});
