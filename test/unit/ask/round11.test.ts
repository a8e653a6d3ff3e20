// Issue 27, round 11: English readings the sixth and seventh wordings showed the ranker lacked —
// mistyped function words, a name followed by nouns only ("X director", "X score"), a one-word
// clause, a noun turned verb after "how", imperatives with "me" or "something", a manner adverb
// before a request, and a group noun asking for its members. The real WordNet and a real snapshot;
// no schema, no aliases, no model. Each test fails without its reading.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import { oneSlip } from '../../../src/core/ask/typed';
import { fortyFilms, planned, taggedFilms, why } from './fixtures';

// Film i: actors Person (3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10).
// Heat (film 0): actors Person AA/BA/CA Surname, writer Person YB Surname (p50, films 0–3), director
// Person ZB Surname (p51, films 0–3); Person AA Surname acts in films 0, 16 and 33.
let asker: Asker;
/** Two films with a rating scale, genres and languages written as names, tags written as common words. */
let scored: Asker;
before(async () => {
  asker = new Asker(await fortyFilms(['Heat', ...Array.from({ length: 39 }, (_, i) => `Picture Number ${i + 1}`)], 'round-11'));
  scored = new Asker(await taggedFilms(['murder', 'heist', 'based on novel', 'police', 'revenge', 'boxing'], 'round-11-scored'));
});


test('a mistyped function word is read as the one word of the closed class it is a slip of: "wat else have they written" asks for what they wrote', async () => {
  const r = planned(await asker.ask('the screenwriter of Heat, wat else have they written'));
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~', why(r));
  const s = planned(await asker.ask('waht films has Person YB Surname written'));
  assert.deepEqual(s.askedType?.labels, ['Movie']);
  assert.ok(oneSlip('wat', 'what') && oneSlip('waht', 'what') && oneSlip('whoo', 'who') && oneSlip('teh', 'the'));
  assert.ok(!oneSlip('what', 'what') && !oneSlip('wt', 'what') && !oneSlip('hat', 'who'));
});

test('a name followed by nouns only asks for the last one, and a one-word clause is a noun: "X director, other films, cast", "X writer other scripts"', async () => {
  const r = planned(await asker.ask('Heat director, other films, cast'));
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~ > starred_actors', why(r));
  const s = planned(await asker.ask('Heat writer other scripts'));
  assert.equal(s.candidates[0]!.chain, 'written_by > written_by~', why(s));
});

test('"X score" and "how does X score with viewers" ask for a score (WordNet: score is a rating), not the tags "mark" leads to', async () => {
  const r = planned(await scored.ask('Heat score'));
  assert.deepEqual(r.askedType?.labels, ['Rating']);
  assert.equal(r.candidates[0]!.chain, 'has_imdb_rating', why(r));
  const s = planned(await scored.ask('how does Heat score with viewers'));
  assert.deepEqual(s.askedType?.labels, ['Rating']);
  assert.equal(s.candidates[0]!.chain, 'has_imdb_rating', why(s));
  // The word before the name is the subject, not the verb: "people" is no noun turned verb here.
  const u = planned(await scored.ask('how would people rate Heat'));
  assert.equal(u.candidates[0]!.chain, 'has_imdb_rating', why(u));
  const t = planned(await scored.ask('Heat category'));
  assert.deepEqual(t.askedType?.labels, ['Genre']);
  assert.equal(t.candidates[0]!.chain, 'has_genre', why(t));
});

test('an imperative with "me" or "something" is a request: "play me a film with X in it" asks for films, "play something else with the cast of X" for things', async () => {
  const r = planned(await asker.ask('hey assistant, play me a film with Person AA Surname in it'));
  assert.deepEqual(r.askedType?.labels, ['Movie']);
  assert.equal(r.candidates[0]!.chain, 'starred_actors~', why(r));
  const s = planned(await asker.ask('hey, play something else with the cast of Heat'));
  assert.equal(s.candidates[0]!.chain, 'starred_actors > starred_actors~', why(s));
});

test('a manner adverb before a request is politeness, and a group asks for its members: "kindly tell …", "name some people who have been in a movie alongside X"', async () => {
  const r = planned(await asker.ask('kindly tell the names of the artists who acted in Heat'));
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"tell"/.test(e)), why(r));
  const s = planned(await asker.ask("hey, name some people who've been in a movie alongside Person AA Surname"));
  assert.deepEqual(s.askedType?.labels, ['Person']);
  assert.equal(s.candidates[0]!.chain, 'starred_actors~ > starred_actors', why(s));
});

test('a relative clause without its pronoun leaves the noun before it the head: "X directors worked with" asks for the directors', async () => {
  const r = planned(await asker.ask('Person AA Surname directors worked with'));
  assert.deepEqual(r.askedType?.labels, ['Person']);
  assert.equal(r.candidates[0]!.chain, 'starred_actors~ > directed_by', why(r));
});

test('a comment clause of the speaker\'s ends the question and says nothing of the graph: "…, genre-wise I mean"', async () => {
  const r = planned(await scored.ask('which shelf of the video shop would Heat have been on, genre-wise I mean'));
  assert.equal(r.candidates[0]!.chain, 'has_genre', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"mean"/.test(e)), why(r));
});

test('a wh-word right after a preposition opens the preposition\'s object; a later clause\'s wh-word asks: "obsessed with how X was shot, like what other films did that director do"', async () => {
  const r = planned(await asker.ask("I'm kinda obsessed with how Heat was shot, like what other films did that director do"));
  assert.deepEqual(r.askedType?.labels, ['Movie']);
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~', why(r));
});
