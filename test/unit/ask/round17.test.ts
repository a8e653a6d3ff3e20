// Issue 27, round 17: what the thirteenth wordings showed the ranker lacked — a keyword query's
// compound read by its first noun ("tag search: X"), a listener's name opening the question ("Hey
// Bixby find …"), "who's in X" read as naming nothing, a verb taking the wh-clause as its object ("y'all
// know who …") and a clause after the question ("…? fixin to watch it with …") read as the graph's
// words, a clause of what to leave out ("no acting roles") and a purpose ("for the daily programme")
// read as the chain's, "anything tagged X" asking nothing, a numbered heading ("question 4:") read as a
// name, the frame clause holding the name the question points back at, an English cognate among
// foreign words, "more" as a verb's object, a name inside "the genres of X's films", and a work named
// by what its maker did ("scripts", "screenplays") read as its maker. The real WordNet and a real
// snapshot; no schema, no aliases, no model. Each test fails without its reading.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import { unheaded } from '../../../src/core/ask/readings';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { fortyFilmsWithWords, planned, why } from './fixtures';

// Film i: actors p(3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10); a
// genre, a year, a language and two tags of common words each, and a tag "4" on every fifth film.
// Heat (film 0): writer Person YB Surname (p50), director Person ZB Surname (p51, films 0–3),
// actors Person AA, BA, CA Surname.
function films(): Promise<GraphSnapshot> {
  const titles = ['Heat', ...Array.from({ length: 39 }, (_, i) => `Picture Number ${i + 1}`)];
  return fortyFilmsWithWords(titles, 'round-17', [{ id: 't4x', labels: ['Tag'], name: '4' }], (i) => (i % 5 === 0 ? [{ source: `m${i}`, type: 'has_tags', target: 't4x' }] : []));
}

let asker: Asker;
before(async () => {
  asker = new Asker(await films());
});

const top = async (q: string): Promise<ReturnType<typeof planned>> => planned(await asker.ask(q));

test('a keyword query before a colon is a compound, its head last: "tag search: murder" asks for no tag, and adds no hop', async () => {
  const r = await top('tag search: murder');
  assert.equal(r.candidates[0]!.chain, 'has_tags~', why(r));
  assert.ok(!r.askedType?.labels.includes('Tag'), why(r));
});

test('a listener\'s name opening the question is not read: "Hey Bixby find the films with a screenplay by X"', async () => {
  const r = await top('Hey Bixby find the films with a screenplay by Person YB Surname');
  assert.deepEqual(r.askedType?.labels, ['Movie'], why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by~', why(r));
  // A wh-word opening the question is never an addressee, capitalised or not.
  const s = await top("When did Heat's director put out their other films?");
  assert.equal(s.candidates[0]!.chain, 'directed_by > directed_by~ > release_year', why(s));
});

test('"who\'s in X" asks who appears in it: "who all\'s in Heat"', async () => {
  const r = await top("who all's in Heat");
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => /"appear"/.test(e)), why(r));
});

test('a verb taking the wh-clause as its object, and a clause after the question mark pointing back, are not read: "y\'all know who all\'s in Heat? fixin to watch it with X"', async () => {
  const r = await top("y'all know who's in Heat? fixin to watch it with Person CA Surname");
  assert.equal(r.candidates[0]!.chain, 'starred_actors', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"watch"|"know"/.test(e)), why(r));
});

test('a clause opened by "no" says what to leave out: "every picture X directed, no acting roles"', async () => {
  const r = await top('every picture Person ZB Surname directed, no acting roles');
  assert.equal(r.candidates[0]!.chain, 'directed_by~', why(r));
});

test('a purpose at the end says what the answer is for, not which: "…, who\'s in it for the daily programme"', async () => {
  const s = await top("cruise entertainment here, Heat is on the pool deck screen tonight, who's in it for the daily programme");
  assert.equal(s.candidates[0]!.chain, 'starred_actors', why(s));
  assert.ok(!s.candidates[0]!.evidence.some((e) => /"programme"/.test(e)), why(s));
});

test('"anything" opening the question is its head, a thing: "anything tagged murder? the teacher wants one to show in class"', async () => {
  const r = await top('anything tagged murder? the teacher wants one to show in class');
  assert.equal(r.candidates[0]!.chain, 'has_tags~', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"teacher"|"show"/.test(e)), why(r));
});

test('a number right after a word in a heading numbers it, it is no name: "Answer key, question 4: the year Heat was first released"', async () => {
  const g = await asker.ground('Answer key, question 4: the year Heat was first released');
  const four = g.mentions.findIndex((m) => m.text === '4');
  assert.ok(four >= 0 && g.anchors.includes(four), 'the graph has a tag "4": the grounder finds it');
  const read = unheaded(g);
  assert.deepEqual(read.anchors.map((a) => read.mentions[a]!.text), ['Heat']);
  assert.ok(read.tokens.every((t) => !/^(answer|key|question|4)$/.test(t.norm)), read.tokens.map((t) => t.norm).join(' '));
  const r = await top('Answer key, question 4: the year Heat was first released');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
});

test('a frame clause may hold the name the question points back at: "hotel movie channel is doing a X night, what\'s on the list of films they\'ve directed"', async () => {
  const r = await top("hotel movie channel is doing a Person ZB Surname night, what's on the list of films they've directed");
  assert.deepEqual(r.askedType?.labels, ['Movie'], why(r));
  assert.equal(r.candidates[0]!.chain, 'directed_by~', why(r));
  // Not when the clause's own words name a relation: "the cast of X, who directed them elsewhere".
  const s = await top('auction house: the cast of Heat, who directed them elsewhere');
  assert.equal(s.candidates[0]!.chain, 'starred_actors > starred_actors~ > directed_by', why(s));
});

test('among foreign words an English cognate is read: "welche Filme hat X geschrieben? the screenplays I mean"', async () => {
  const r = await top('welche Filme hat Person YB Surname geschrieben? the screenplays I mean');
  assert.ok(r.candidates[0]!.evidence.some((e) => /"film"/.test(e)), why(r));
});

test('"more" as a verb\'s object asks for things of the name\'s kind: "radio caller just watched Heat and wants more from the same director"', async () => {
  const r = await top('radio caller just watched Heat and wants more from the same director');
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~', why(r));
});

test('a name inside "of" after a noun naming a label leaves that noun the head: "lowkey want the genres of X\'s films"', async () => {
  const r = await top("lowkey want the genres of Person AA Surname's films");
  assert.deepEqual(r.askedType?.labels, ['Genre'], why(r));
  assert.equal(r.candidates[0]!.chain, 'starred_actors~ > has_genre', why(r));
});

test('"which is it" ending the question points back at the noun just offered: "whether X is in English or some other language, which is it"', async () => {
  const r = await top('a guest asks whether Heat is in English or some other language, which is it');
  assert.ok(r.askedType?.labels.includes('Language'), why(r));
  assert.equal(r.candidates[0]!.chain, 'in_language', why(r));
});

test('the asker\'s frame may end at an earlier comma than the last before the question: "front desk, a guest asks whether X is in English …, which is it"', async () => {
  const r = await top('front desk, a guest asks whether Heat is in English or some other language, which is it');
  assert.equal(r.candidates[0]!.chain, 'in_language', why(r));
  assert.ok(!r.candidates[0]!.evidence.some((e) => /"desk"|"front"/.test(e)), why(r));
});
