// Issue 27, round 22b (words22b): the 1-hop asking clause and what it asks for — a phrase spoken as one
// word ("kinda"), a story clause whose verb a collocation was read into, a yes/no question about a
// quality, "is it a N" after the name, "not the N", a verb of saying with no object, a base-form verb
// after a subject pronoun, the asker's wanting with its subject dropped, where the name's act happened,
// a preposition's object as the topic, subject matter named outright. The real WordNet and a real
// snapshot; no schema, no aliases, no model. Each test fails on main's src/ and passes here.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { fortyFilmsWithWords, planned, reads, why } from './fixtures';

// Film i: actors p(3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10); a genre,
// a year (1990 + i mod 8), a language, two tags of common words, a rating (good, bad, fantastic by i mod
// 3) and a count of votes (famous, unknown, well known by i mod 3): the two scales of a few values.
function films(): Promise<GraphSnapshot> {
  const scales = [
    { id: 'r0', labels: ['Rating'], name: 'good' },
    { id: 'r1', labels: ['Rating'], name: 'bad' },
    { id: 'r2', labels: ['Rating'], name: 'fantastic' },
    { id: 'v0', labels: ['Votes'], name: 'famous' },
    { id: 'v1', labels: ['Votes'], name: 'unknown' },
    { id: 'v2', labels: ['Votes'], name: 'well known' },
  ];
  return fortyFilmsWithWords(Array.from({ length: 40 }, (_, i) => `Picture Number ${i + 1}`), 'round-22b', scales, (i) => [
    { source: `m${i}`, type: 'has_imdb_rating', target: `r${i % 3}` },
    { source: `m${i}`, type: 'has_imdb_votes', target: `v${i % 3}` },
  ]);
}

let asker: Asker;
before(async () => {
  asker = new Asker(await films());
});

const top = async (q: string): Promise<ReturnType<typeof planned>> => planned(await asker.ask(q));

test('a phrase written as it is said, "kinda" for "kind of", heads the wh-phrase; "that" is the name: "Picture Number 4, what kinda film is that"', async () => {
  const r = await top('Picture Number 4, what kinda film is that');
  assert.deepEqual(r.askedType?.labels, ['Genre'], why(r));
  assert.equal(r.candidates[0]!.chain, 'has_genre', why(r));
});

test('a story clause whose verb a collocation was read into is still the asker\'s story: "putting together a handout for the society night showing Picture Number 6, who wrote it"', async () => {
  const r = await top('putting together a handout for the society night showing Picture Number 6, who wrote it');
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.ok(!reads(r, 'handout') && !reads(r, 'showing'), why(r));
});

test('a yes/no question\'s second alternative holds the question when the first says nothing of the graph: "should i bother with Picture Number 9 or is it rated badly"', async () => {
  const r = await top('should i bother with Picture Number 9 or is it rated badly');
  assert.equal(r.candidates[0]!.chain, 'has_imdb_rating', why(r));
  assert.ok(reads(r, 'rated'), why(r));
});

test('a yes/no question about a quality asks for the scale it is measured by: "Picture Number 12 worth it or nah"', async () => {
  const r = await top('Picture Number 12 worth it or nah');
  assert.equal(r.candidates[0]!.chain, 'has_imdb_rating', why(r));
  assert.ok(reads(r, 'worth'), why(r));
  assert.notEqual(r.status, 'match', why(r));
});

test('"is it a N" after the name: "it" is the name and N its kind, no hop out and back: "Picture Number 3, is it a famous film or an obscure one"', async () => {
  const r = await top('Picture Number 3, is it a famous film or an obscure one');
  assert.equal(r.candidates[0]!.chain, 'has_imdb_votes', why(r));
});

test('"not the N" names the thing not meant: "what year did Picture Number 15 come out, the movie not the book"', async () => {
  const r = await top('what year did Picture Number 15 come out, the movie not the book');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!reads(r, 'book'), why(r));
});

test('a verb of saying with no object of its own frames the question: "what sort of film would you say Picture Number 8 is" and "which language is Picture Number 8 in, can\'t tell from the poster"', async () => {
  const r = await top('what sort of film would you say Picture Number 8 is');
  assert.equal(r.candidates[0]!.chain, 'has_genre', why(r));
  assert.ok(!reads(r, 'say'), why(r));
  const s = await top("which language is Picture Number 8 in, can't tell from the poster");
  assert.equal(s.candidates[0]!.chain, 'in_language', why(s));
  assert.ok(!reads(s, 'tell'), why(s));
  // A passive has its subject: the verb is read ("which films can be described by revenge").
  const p = await top('which films can be described by revenge');
  assert.ok(reads(p, 'described'), why(p));
});

test('a base-form verb after "I" is finite, so the clause is the asker\'s story: "quiz night soon and I reckon there\'ll be a round on Picture Number 20, when was it first out"', async () => {
  const r = await top("quiz night soon and I reckon there'll be a round on Picture Number 20, when was it first out");
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!reads(r, 'quiz') && !reads(r, 'round'), why(r));
});

test('the asker\'s wanting, its subject dropped, opens the question, and a preposition\'s object is the topic: "family night in and want a film that deals with revenge, suggestions?"', async () => {
  const r = await top('family night in and want a film that deals with revenge, suggestions?');
  assert.deepEqual(r.mentions.filter((m) => m.anchor).map((m) => m.text), ['revenge'], why(r));
  assert.equal(r.candidates[0]!.chain, 'has_tags~', why(r));
});

test('where the name\'s own act happened is no hop: "when was Picture Number 7 first out in cinemas"', async () => {
  const r = await top('when was Picture Number 7 first out in cinemas');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!reads(r, 'cinemas'), why(r));
});

test('"subject matter", a sense that is subject matter itself, asks for the words of the graph: "Picture Number 5 subject matter"', async () => {
  const r = await top('Picture Number 5 subject matter');
  assert.equal(r.candidates[0]!.chain, 'has_tags', why(r));
});

test('a question not in English says so in the evidence, and nothing is guessed: "¿en qué año salió Picture Number 10?"', async () => {
  const r = await top('¿en qué año salió Picture Number 10?');
  assert.notEqual(r.status, 'match', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => e.includes('another language')), why(r));
});
