import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { lookupEntities } from '../../../src/core/retrieve';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';

// The movie sample shipped in the repo, typed as the importer types MetaQA (heads are movies).
const TAIL: Record<string, string> = { directed_by: 'Person', written_by: 'Person', starred_actors: 'Person', release_year: 'Year', in_language: 'Language', has_genre: 'Genre', has_tags: 'Tag', has_imdb_rating: 'Rating', has_imdb_votes: 'Votes' };
const triples = readFileSync(resolve(__dirname, '../../../samples/movies/movies.triples.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.split('|').length === 3)
  .map((l) => l.split('|') as [string, string, string]);
const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
let snap: GraphSnapshot | undefined;
async function sample(): Promise<GraphSnapshot> {
  snap ??= await GraphSnapshot.fromTriples(triples, embedder, { labelOf: (rel, role) => (role === 'head' ? 'Movie' : TAIL[rel] ?? 'Entity'), fingerprint: 'sample' });
  return snap;
}

test('entity lookup: an exact name, a name not in the graph (with the nearest names), a near typo', async () => {
  const s = await sample();
  const r = await lookupEntities(s, embedder, [
    { text: 'The Vow', mode: 'match' },
    { text: 'Joe Thomas', mode: 'match', category: 'Person' },
    { text: 'Micheal Sucsy', mode: 'match', limit: 3 },
  ]);
  const [vow, joe, typo] = r.matches;
  assert.equal(vow!.exact, true);
  assert.equal(vow!.notFound, false);
  assert.equal(vow!.candidates[0]!.name, 'The Vow');
  assert.deepEqual(vow!.candidates[0]!.labels, ['Movie']);
  assert.equal(vow!.candidates[0]!.exact, true);
  assert.ok(vow!.candidates[0]!.distance < 1e-6, 'its own name is at distance 0 (float rounding aside)');
  assert.equal(joe!.exact, false);
  assert.equal(joe!.notFound, true, `"Joe Thomas" is not in the sample graph: ${JSON.stringify(joe!.candidates)}`);
  assert.deepEqual(joe!.labels, ['Person']);
  assert.ok(joe!.candidates.length > 0 && joe!.candidates.every((c) => c.labels.includes('Person')), 'nearest names of the category only');
  assert.ok(joe!.candidates[0]!.distance >= r.notFoundDistance);
  for (let i = 1; i < joe!.candidates.length; i++) assert.ok(joe!.candidates[i - 1]!.distance <= joe!.candidates[i]!.distance, 'best first');
  assert.equal(typo!.candidates[0]!.name, 'Michael Sucsy');
  assert.ok(typo!.candidates.length <= 3);
});

test('entity lookup flags exactly what retrieval flags as not found (same threshold, same distances)', async () => {
  const s = await sample();
  for (const name of ['Joe Thomas', 'Rachel McAdams', 'Thomas Haden Church', 'Zzyzx Qqq']) {
    const [plan] = toPlanningGraphs(parseDocument(`plan p { match (a: Person "${name}") -[starred actors]- (m: Movie) return m }`).document);
    const gsd = await retrieveGsd(plan!, s, embedder);
    const look = await lookupEntities(s, embedder, [{ text: name, mode: 'match', category: 'Person' }]);
    assert.equal(look.matches[0]!.notFound, (gsd.notFound ?? []).length > 0, name);
  }
});

test('entity completion: names starting with the text first (case ignored, shortest first), the category filters, then the nearest', async () => {
  const s = await sample();
  const r = await lookupEntities(s, embedder, [
    { text: 'the v', mode: 'complete', limit: 5 },
    { text: 'rach', mode: 'complete', category: 'director', limit: 10 },
    { text: 'vow', mode: 'complete', limit: 5 },
  ]);
  const [the, rach, vow] = r.matches;
  assert.ok(the!.candidates.length > 0);
  const prefixed = the!.candidates.filter((c) => c.name.toLowerCase().startsWith('the v'));
  assert.ok(prefixed.length > 0 && the!.candidates.indexOf(prefixed[0]!) === 0, 'a prefix match comes first');
  assert.ok(rach!.candidates.every((c) => c.labels.includes('Person')), `"director" resolves to Person: ${JSON.stringify(rach!.candidates)}`);
  assert.equal(vow!.candidates[0]!.name, 'The Vow', `a name with a word starting with "vow" comes before the embedder's nearest: ${vow!.candidates.map((c) => c.name).join(', ')}`);
  assert.equal(r.matches.every((m) => !m.notFound), true, 'completion never reports not found');
});

test('relation phrases: a misspelt word is flagged with the types nearest in spelling; real words and paraphrases are not; the run warns alike', async () => {
  const s = await sample();
  const r = await lookupEntities(s, embedder, [
    { text: 'directd by', mode: 'relation' },
    { text: 'directed by', mode: 'relation' },
    { text: 'helmed', mode: 'relation' },
    { text: 'screenwriting', mode: 'relation' },
    { text: 'starred_actors', mode: 'relation' },
  ]);
  const [typo, plain, synonym, unknownToWordNet, exactType] = r.matches;
  assert.equal(typo!.notFound, true);
  assert.deepEqual(typo!.labels, ['directd'], 'the unread word');
  assert.equal(typo!.candidates[0]!.name, 'directed_by');
  assert.equal(typo!.candidates[0]!.distance, 1, 'one edit from "directed by"');
  assert.equal(plain!.notFound, false);
  assert.equal(synonym!.notFound, false);
  // Not a WordNet lemma, but no near miss of a graph word either: maybe a real word, never called wrong.
  assert.equal(unknownToWordNet!.notFound, false);
  assert.equal(exactType!.exact, true);
  assert.equal(exactType!.notFound, false);
  // The run says the same: a warning that names the unread word, the guess and the nearest type.
  const [plan] = toPlanningGraphs(parseDocument('plan p { match (m: Movie "The Vow") -[directd by]-> (d: Person) return d }').document);
  const gsd = await retrieveGsd(plan!, s, embedder);
  const w = gsd.warnings?.find((x) => x.includes('directd'));
  assert.ok(w, `a warning about the phrase: ${JSON.stringify(gsd.warnings)}`);
  assert.match(w!, /'directd' is not a word/);
  assert.match(w!, /by spelling alone, a guess/);
  assert.match(w!, /nearest types by spelling: directed_by \(1 edit\)/);
  const [fine] = toPlanningGraphs(parseDocument('plan p { match (m: Movie "The Vow") -[directed by]-> (d: Person) return d }').document);
  assert.ok(!((await retrieveGsd(fine!, s, embedder)).warnings ?? []).some((x) => x.includes('not a word')));
});
