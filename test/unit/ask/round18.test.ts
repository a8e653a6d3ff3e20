// Issue 27, round 18: what the fourteenth wordings showed the ranker lacked — a persona or role the
// asker gives ("Act as a … and …", "You are a …", "As a …, I want …") read as the graph's words, a
// step list ("who …, and which …", "find …, then …") read by its first step, the asker's activity
// holding the name ("writing a … on X, …") read as a relation, a command's keywords before the name
// ("!movie year X") read by their first noun, what the speaker wants ("I want every film …") asking
// nothing, a period before now ("years ago") read as the graph's years, the speaker's own part ("I was
// an extra") read as a relation, a four-letter slip ("flms"), a premise opened by "given", and an
// adverb before a wh-word ("…, so who …") read as a noun the wh-word refers back to. The real WordNet
// and a real snapshot; no schema, no aliases, no model. Each test fails without its reading.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { fortyFilmsWithWords, planned, reads, why } from './fixtures';

// Film i: actors p(3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10); a
// genre, a year, a language and two tags of common words each.
// Heat (film 0): writer Person YB Surname (p50), director Person ZB Surname (p51, films 0–3),
// actors Person AA, BA, CA Surname.
function films(): Promise<GraphSnapshot> {
  return fortyFilmsWithWords(['Heat', ...Array.from({ length: 38 }, (_, i) => `Picture Number ${i + 1}`), 'The One'], 'round-18');
}

let asker: Asker;
before(async () => {
  asker = new Asker(await films());
});

const top = async (q: string): Promise<ReturnType<typeof planned>> => planned(await asker.ask(q));

test('a persona given to the listener is not read: "Act as a film critic and tell me the release year of Heat"', async () => {
  const r = await top('Act as a film critic and tell me the release year of Heat');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!reads(r, 'act') && !reads(r, 'critic'), why(r));
  const s = await top('You are a cinema librarian. Name the films Person ZB Surname directed.');
  assert.equal(s.candidates[0]!.chain, 'directed_by~', why(s));
  assert.ok(!reads(s, 'librarian'), why(s));
});

test('a step list asks in its last step: "who wrote Heat, and which years did that writer\'s films come out"', async () => {
  const r = await top("who wrote Heat, and which years did that writer's films come out");
  assert.deepEqual(r.askedType?.labels, ['Year'], why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~ > release_year', why(r));
  const s = await top('look up the director of Heat, then the genres of their films');
  assert.equal(s.candidates[0]!.chain, 'directed_by > directed_by~ > has_genre', why(s));
});

test('what the asker is doing may hold the name: "writing a newsletter piece on Heat, which tags is it filed under"', async () => {
  const r = await top('writing a newsletter piece on Heat, which tags is it filed under');
  assert.equal(r.candidates[0]!.chain, 'has_tags', why(r));
  assert.ok(!reads(r, 'writing'), why(r));
});

test('a command\'s keywords before the name are a compound, its head last: "!movie year Heat"', async () => {
  const r = await top('!movie year Heat');
  assert.deepEqual(r.askedType?.labels, ['Year'], why(r));
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
});

test('what the speaker wants is asked: "I want every film Person AA Surname acted in, so that …"', async () => {
  const r = await top('As a subscriber, I want every film Person AA Surname acted in, so that I can watch them all');
  assert.deepEqual(r.askedType?.labels, ['Movie'], why(r));
  assert.equal(r.candidates[0]!.chain, 'starred_actors~', why(r));
  assert.equal(r.status, 'match', why(r));
});

test('a period before now and the speaker\'s own part are not the graph\'s: "I was a runner on Heat years ago and I forget who the director was"', async () => {
  const r = await top('I was a runner on Heat years ago and I forget who the director was');
  assert.equal(r.candidates[0]!.chain, 'directed_by', why(r));
  assert.ok(!reads(r, 'years') && !reads(r, 'runner'), why(r));
});

test('a four-letter word with a letter dropped is read as the word: "I liked Heat, which other flms have its actors made"', async () => {
  const r = await top("I liked Heat, which other flms have its actors made");
  assert.equal(r.candidates[0]!.chain, 'starred_actors > starred_actors~', why(r));
});

test('a premise opened by "given" sets the scene; the request after it asks: "Given the cast of Heat, return the writers of their other films"', async () => {
  const r = await top('Given the cast of Heat, return the writers of their other films');
  assert.equal(r.candidates[0]!.chain, 'starred_actors > starred_actors~ > written_by', why(r));
});

test('an adverb before a wh-word is no noun it refers back to: "I like Person AA Surname, so who wrote the films they have been in"', async () => {
  const r = await top('I like Person AA Surname, so who wrote the films they have been in');
  assert.deepEqual(r.askedType?.labels, ['Person'], why(r));
  assert.equal(r.candidates[0]!.chain, 'starred_actors~ > written_by', why(r));
});

test('a clause of time or purpose with a pronoun subject is not read: "who directed Heat before it was written up in the club newsletter"', async () => {
  const r = await top('who directed Heat before it was written up in the club newsletter');
  assert.equal(r.candidates[0]!.chain, 'directed_by', why(r));
  assert.ok(!reads(r, 'written') && !reads(r, 'friend'), why(r));
});

test('"need to V the N" asks for the N: "…, need to verify the year it came out"', async () => {
  const r = await top('the text mentions Heat, need to verify the year it came out');
  assert.deepEqual(r.askedType?.labels, ['Year'], why(r));
});

test('a request before a colon whose object names nothing is an instruction about the reply: "Give a one-line summary: which language is Heat in"', async () => {
  const r = await top('Write a two-word summary: which language is Heat in');
  assert.equal(r.candidates[0]!.chain, 'in_language', why(r));
  assert.ok(!reads(r, 'word') && !reads(r, 'summary'), why(r));
});

test('what the speaker believed, said after the question closed, is not read: "who wrote Heat? always figured it was the director"', async () => {
  const r = await top('who wrote Heat? always figured it was the director');
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.ok(!reads(r, 'director'), why(r));
});

test('a name of closed-class words in lower case beside a capitalised one is a pronoun phrase: "the one who wrote Heat, what genres are their films"', async () => {
  const g = await asker.ground('the one who wrote Heat, what genres are their films');
  assert.ok(g.mentions.some((m) => m.text.toLowerCase() === 'the one' && m.nodes.length > 0), 'the graph has a film "The One": the grounder finds it');
  const r = await top('the one who wrote Heat, what genres are their films');
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~ > has_genre', why(r));
});

test('what the speaker wants, said after a frame, asks: "saw Heat last night and now I want the other films its director made"', async () => {
  const r = await top('saw Heat on the telly last night and now I want the other films its director made');
  assert.deepEqual(r.askedType?.labels, ['Movie'], why(r));
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~', why(r));
});

test('who said what the question goes on about is the report\'s frame, and "who are they" points back at the people named: "the producer says the cast of Heat is superb, who are they"', async () => {
  const r = await top('the producer says the cast of Heat is superb, who are they');
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(!reads(r, 'producer'), why(r));
});

test('a participle opening a sentence after the question says what the speaker is doing: "which language is Heat in? writing the subtitles tonight"', async () => {
  const r = await top('which language is Heat in? writing the subtitles tonight');
  assert.equal(r.candidates[0]!.chain, 'in_language', why(r));
  assert.ok(!reads(r, 'writing'), why(r));
});
