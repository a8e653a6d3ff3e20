import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { complete, completionSite } from '../../../src/core/language';
import { at, moviesSchema } from './helpers';

const schema = moviesSchema();
const labels = (text: string) => {
  const { a, offset } = at(text);
  return complete(a, offset, schema).map((c) => c.label);
};

describe('completion sites', () => {
  const site = (text: string) => {
    const { a, offset } = at(text);
    return completionSite(a, offset).site.kind;
  };
  it('knows where the cursor is in half-typed text', () => {
    assert.equal(site('plan p {\n  match\n    (a: |'), 'category');
    assert.equal(site('plan p {\n  match\n    (a: Mov|'), 'category');
    assert.equal(site('plan p {\n  match\n    (|'), 'variable');
    assert.equal(site('plan p {\n  match\n    (a) -[|'), 'relation');
    assert.equal(site('plan p {\n  match\n    (a) -[:|'), 'relationType');
    assert.equal(site('plan p {\n  match (a)\n  using |'), 'strategy');
    assert.equal(site('plan p {\n  match (a)\n  using gsd(k: 3, |'), 'parameter');
    assert.equal(site('plan p {\n  match (a: Movie {|'), 'propertyKey');
    assert.equal(site('plan p {\n  match (a)\n  return |'), 'variable');
    assert.equal(site('plan p {\n  match (a)\n  |'), 'clauseStart');
    assert.equal(site('|'), 'topLevel');
  });
  it('offers nothing inside strings, comments, numbers or after `plan`', () => {
    assert.equal(site('plan p {\n  question "what (a: |"\n}'), 'none');
    assert.equal(site('plan p {\n  match (a) // (b: |\n}'), 'none');
    assert.equal(site('plan p {\n  match (a) /* (b: | */\n}'), 'none');
    assert.equal(site('plan p { using gsd(k: 3|) }'), 'none');
    assert.equal(site('plan |'), 'none');
  });
});

describe('completion items', () => {
  it('offers the schema labels and their aliases after a colon in a node', () => {
    const { a, offset } = at('plan p {\n  match\n    (f: fil|)\n}');
    const items = complete(a, offset, schema);
    const movie = items.find((c) => c.label === 'Movie');
    assert.ok(movie);
    assert.equal(movie.insertText, 'Movie');
    assert.match(movie.documentation ?? '', /A film, named by its title/);
    const alias = items.find((c) => c.filterText === 'film');
    assert.equal(alias?.insertText, 'Movie', 'an alias inserts the label it stands for');
    // The word being typed is what the item replaces.
    assert.deepEqual(movie.range, { start: { line: 2, character: 8 }, end: { line: 2, character: 11 } });
    for (const l of schema.schema.labels) assert.ok(items.some((c) => c.label === l.name), l.name);
  });

  it('offers relationship types after `-[:`, those fitting the endpoints first', () => {
    const { a, offset } = at('plan p {\n  match\n    (m: Movie) -[:|]-> (y: Year)\n}');
    const items = complete(a, offset, schema).sort((x, y) => (x.sortText ?? x.label).localeCompare(y.sortText ?? y.label));
    assert.equal(items.length, schema.schema.relationshipTypes.length);
    assert.equal(items[0]?.label, 'release_year');
  });

  it('offers relation phrases (names read as words, and aliases) inside `-[ ]-`', () => {
    const { a, offset } = at('plan p {\n  match\n    (m: Movie) -[|]- (p: Person)\n}');
    const items = complete(a, offset, schema);
    const phrase = items.find((c) => c.label === 'starred actors');
    assert.equal(phrase?.kind, 'relationPhrase');
    assert.equal(phrase?.insertText, 'starred actors');
    assert.ok(items.some((c) => c.label === ':directed_by' && c.insertText === ':directed_by'));
  });

  it('completes a phrase of several words as a whole', () => {
    const { a, offset } = at('plan p {\n  match\n    (m: Movie) -[starred ac|]- (p)\n}');
    const phrase = complete(a, offset, schema).find((c) => c.label === 'starred actors');
    assert.ok(phrase);
    assert.deepEqual(phrase.range.start, { line: 2, character: 17 }, 'replaces from the first word');
  });

  it('offers the plan variables in `return` and at the start of a node', () => {
    const text = 'plan p {\n  match\n    (film: Movie "Heat") -[directed by]-> (who: Person)\n  return |\n}';
    assert.deepEqual(labels(text).sort(), ['film', 'who']);
    const other = 'plan q {\n  match (x)\n}\nplan p {\n  match\n    (film: Movie) -- (|)\n}';
    assert.deepEqual(labels(other), ['film'], 'only this plan, and not the name being typed');
  });

  it('offers clause keywords not yet written, and strategies with their defaults', () => {
    assert.deepEqual(labels('plan p {\n  question "q"\n  match (a)\n  |\n}'), ['return', 'expect', 'using']);
    const { a, offset } = at('plan p {\n  match (a)\n  using |\n}');
    const gsd = complete(a, offset, schema).find((c) => c.label === 'gsd');
    assert.equal(gsd?.insertText, 'gsd(k: 3, nodeCandidates: 16, relationCandidates: 16)');
    assert.deepEqual(labels('plan p {\n  match (a)\n  using mor(seeds: 5, |)\n}'), ['perStep', 'k', 'typeCandidates', 'notFoundDistance']);
  });

  it('offers the property keys of the node\'s label', () => {
    assert.deepEqual(labels('plan p {\n  match (y: Year {|})\n}'), schema.index.label('Year')!.properties.slice());
  });

  it('offers no schema names without a schema', () => {
    const { a, offset } = at('plan p {\n  match (a: |)\n}');
    assert.deepEqual(complete(a, offset, undefined), []);
  });
});
