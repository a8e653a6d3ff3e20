// Issue 27, round 14: what the tenth wordings showed the ranker lacked — an irregular participle read
// as a finite verb ("other films written by the X writer" asked for the writer), a relative clause
// without "that" whose verb bought a hop past its noun ("who's in the other films the writer of X
// wrote"), the shape alone choosing a chain's last hop, and a closed compound read through WordNet's
// distant hypernyms only ("screenwriter": writer two steps up). The real WordNet and a real snapshot;
// no schema, no aliases, no model. Each test fails without its reading.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import { fortyFilms, planned, why } from './fixtures';

// Film i: actors Person (3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10).
// Heat (film 0): writer Person YB Surname (p50, films 0–3), director Person ZB Surname (p51, films 0–3).
let asker: Asker;
before(async () => {
  const titles = ['Heat', ...Array.from({ length: 39 }, (_, i) => `Picture Number ${i + 1}`)];
  asker = new Asker(await fortyFilms(titles, 'round-14'));
});


test('an irregular participle after the noun is no finite verb: "the other films written by the Heat writer" asks for the films', async () => {
  const r = planned(await asker.ask('the other films written by the Heat writer'));
  assert.equal(r.askedType?.labels.includes('Movie'), true, why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~', why(r));
});

test('a heading before an irregular participle: "for the wiki: other films written by the Heat writer"', async () => {
  const r = planned(await asker.ask('for the wiki: other films written by the Heat writer'));
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~', why(r));
});

test('the verb of a relative clause without "that" names the hop reaching its noun, not one past it: "X, who appeared in the films they wrote"', async () => {
  // "wrote" is the films' own hop (written_by~ from the writer); on main it named the hop after the
  // films ("directed_by~ > written_by": the writers of the films X directed).
  const r = planned(await asker.ask('Person YB Surname, who appeared in the films they wrote'));
  assert.match(r.candidates[0]!.chain, /^written_by~ > /, why(r));
  const s = planned(await asker.ask('Person YB Surname: who is in the movies they wrote'));
  assert.match(s.candidates[0]!.chain, /^written_by~ > /, why(s));
  assert.equal(s.status, 'weak', why(s));
});

test('out, back and out again along one relation with the last hop named by nothing is a guess: "who\'s in the other films the writer of Heat wrote"', async () => {
  const r = planned(await asker.ask("who's in the other films the writer of Heat wrote"));
  assert.equal(r.status, 'weak', why(r));
});

test('a closed compound reads as its head when WordNet puts the head above it: "who is the screenwriter of Heat"', async () => {
  const r = planned(await asker.ask('who is the screenwriter of Heat'));
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.equal(r.status, 'match', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => /^"screenwriter" → relation written_by \(0\.8/.test(e)), why(r));
});

test('the genus of a noun\'s definition reads as a hypernym: "Heat cast" (WordNet: cast, "the actors in a play")', async () => {
  const r = planned(await asker.ask('Heat cast'));
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => /^"cast" → relation starred_actors \(0\.6/.test(e)), why(r));
});

test('a head noun of content asks for what the noun before it names: "Person AA Surname movies list"', async () => {
  const r = planned(await asker.ask('Person AA Surname movies list'));
  assert.equal(r.askedType?.labels.includes('Movie'), true, why(r));
  assert.equal(r.candidates[0]!.chain, 'starred_actors~', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"list"/.test(e)), why(r));
});

test('a noun right after the name naming its own kind is said of it: "Heat movie cast details"', async () => {
  const r = planned(await asker.ask('Heat movie cast details'));
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => /^"movie" → label Movie/.test(e)), why(r));
});

test('a request with its subject dropped: "can tell me Heat director or not" reads "tell" as the request', async () => {
  const r = planned(await asker.ask('can tell me Heat director or not'));
  assert.equal(r.candidates[0]!.chain, 'directed_by', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"tell"/.test(e)), why(r));
});

test('"or what" closing a clause is a tag, not the wh-word: "is X more of a comedy writer or what, which genres are the films they wrote"', async () => {
  const r = planned(await asker.ask('is Person YB Surname more of a comedy writer or what, which genres are the films they wrote'));
  assert.deepEqual(r.askedType?.labels, ['Genre'], why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by~ > has_genre', why(r));
});

test('the alternative of a yes/no question names no hop of its own: "was Heat released in the nineties or was it written later"', async () => {
  const r = planned(await asker.ask('was Heat released in the nineties or was it written later'));
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"written"/.test(e)), why(r));
});

test('a noun of content with "of" after it asks for the noun after "of": "as X\'s agent I want a list of every actor they\'ve shared a film with"', async () => {
  const r = planned(await asker.ask("as Person AA Surname's agent I want a list of every actor they've shared a film with"));
  assert.deepEqual(r.askedType?.labels, ['Person'], why(r));
  assert.equal(r.candidates[0]!.chain, 'starred_actors~ > starred_actors', why(r));
  const s = planned(await asker.ask('I need a list of the films Person AA Surname starred in'));
  assert.deepEqual(s.askedType?.labels, ['Movie'], why(s));
});

test('"its" points back to the one name when no singular noun stands between: "watched Heat on Netflix; who wrote the other films its director made"', async () => {
  const r = planned(await asker.ask('watched Heat on Netflix; who wrote the other films its director made'));
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~ > written_by', why(r));
  // On main "director" could only follow "films" in the chain: one of the two went unexplained.
  assert.ok(r.candidates[0]!.evidence.some((e) => /^"director" → relation directed_by/.test(e)), why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => /^"films" → label Movie/.test(e)), why(r));
});

test('the nouns of a phrase opened by "my"/"our" are the asker\'s own, naming no hop: "my drama club wants the films X wrote"', async () => {
  const r = planned(await asker.ask('my drama club wants the films Person YB Surname wrote'));
  assert.equal(r.candidates[0]!.chain, 'written_by~', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"drama"/.test(e)), why(r));
});

test('the readings\' limits: an alternative a wh-word asks of is read; an adjective before a noun of content is no noun', async () => {
  // "… or do they do other genres too, which ones": "which ones" asks of the alternative's genres.
  const r = planned(await asker.ask('is Person ZB Surname kinda a comedy director or do they do other genres too, which ones'));
  assert.equal(r.candidates[0]!.chain, 'directed_by~ > has_genre', why(r));
  // "directorial credits": the credits are asked, not the director.
  const s = planned(await asker.ask('Person ZB Surname directorial credits'));
  assert.equal(s.candidates[0]!.chain, 'directed_by~', why(s));
});
