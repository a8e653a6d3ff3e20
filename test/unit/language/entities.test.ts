import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse, completionSite, entityCompletionEntries, entityDiagnostics, entityHoverMarkdown, entityTexts, matchQueries } from '../../../src/core/language';
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
