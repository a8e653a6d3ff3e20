// Meaning from the graph itself (issue 27): what a label's members ARE, read from their names, and
// the question words WordNet reads as asking for words. No schema, no aliases, no model; the real
// WordNet and a real snapshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { WordNet } from '../../../src/core/embed/lexicon/wordnet';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { Asker, labelMembersOf, WordMeaning, wordLabels } from '../../../src/core/ask';
import { planned, taggedFilms } from './fixtures';

const wordNet = WordNet.fromPackage();

/** The tagged films (fixtures.ts), cached by their tags. */
const graph = (tagNames: readonly string[]): Promise<GraphSnapshot> => taggedFilms(tagNames, 'members-' + tagNames.join());

const COMMON = ['murder', 'heist', 'based on novel', 'police', 'revenge', 'boxing', 'paul crowder', 'quentin tarantino'];


test('members: a label whose members are named by common words (lower case, in the dictionary) answers "words"; names, numbers and a small scale do not', async () => {
  const snap = await graph(COMMON);
  const members = labelMembersOf(snap, wordNet);
  // murder, heist, based on novel, police, revenge, boxing: 6 of 8 ("paul crowder" and "quentin tarantino" are names).
  assert.deepEqual(members.get('Tag'), { total: 8, sampled: 8, commonWords: 6 });
  assert.equal(members.get('Genre')!.commonWords, 0, 'written as names ("Crime") they are not common words');
  assert.equal(members.get('Rating')!.commonWords, 2);
  const labels = wordLabels(members);
  assert.deepEqual([...labels.keys()], ['Tag'], 'Rating: common words, but 2 against 6 — a scale, not the graph\'s words');
  assert.match(labels.get('Tag')!, /75% of Tag's 8 members are named by common words/);
  // Tags written as names are no words.
  assert.deepEqual([...wordLabels(labelMembersOf(await graph(COMMON.map((t) => t.replace(/\b\w/g, (c) => c.toUpperCase()))), wordNet)).keys()], ['Rating']);
});

test('members: WordNet says which question words ask for words — the word itself, a kind of word, a verb defined "in words"', () => {
  const m = new WordMeaning(wordNet);
  assert.match(m.asksForWords('words')!, /the word "word"/);
  assert.match(m.asksForWords('terms')!, /kind of word \(WordNet: term → word\)/);
  assert.match(m.asksForWords('describing')!, /defined in words .*representation of in words/);
  // What something is about is named by words: a noun defined as subject matter, a preposition of subject matter.
  assert.match(m.asksForWords('topics')!, /defined as subject matter \(WordNet: topic, "the subject matter of/);
  assert.match(m.asksForWords('subjects')!, /defined as subject matter/);
  assert.match(m.asksForWords('about')!, /names a subject matter/);
  for (const w of ['films', 'director', 'directed', 'genre', 'released', 'rating', 'kinds']) assert.equal(m.asksForWords(w), undefined, w);
});

test('members: "what words describe Heat" → has_tags, shown weak with the members evidence; without common-word members it is not chosen so', async () => {
  const asker = new Asker(await graph(COMMON), { wordNet });
  const r = planned(await asker.ask('what words describe Heat'));
  assert.equal(r.candidates[0]!.chain, 'has_tags');
  assert.equal(r.status, 'weak', 'loose evidence is never a match');
  const why = r.candidates[0]!.evidence.join('\n');
  assert.match(why, /"describe" → relation has_tags \(0\.60, loosely: "describe" is defined in words/);
  assert.match(why, /has_tags is named after Tag/);
  assert.match(why, /weak evidence: only what its members are \(common words\) links the question to has_tags/);
  assert.deepEqual(r.askedType?.byMembers, ['Tag']);
  const r2 = planned(await asker.ask('describe Collateral'));
  assert.equal(r2.candidates[0]!.chain, 'has_tags');
  // The same graph with its tags written as names: nothing says they are words, has_tags is not read.
  const named = new Asker(await graph(COMMON.map((t) => t.replace(/\b\w/g, (c) => c.toUpperCase()))), { wordNet });
  const r3 = planned(await named.ask('what words describe Heat'));
  assert.notEqual(r3.candidates[0]!.chain, 'has_tags');
});

test('members: "which topics is Heat about" — a noun defined as subject matter and "about" ask for the label of common words (weak), not the genre', async () => {
  const asker = new Asker(await graph(COMMON), { wordNet });
  for (const q of ['which topics is Heat about', 'what is Heat about']) {
    const r = planned(await asker.ask(q));
    assert.equal(r.candidates[0]!.chain, 'has_tags', q);
    assert.equal(r.status, 'weak', q);
    assert.match(r.candidates[0]!.evidence.join('\n'), /"about" → relation has_tags \(0\.60, loosely: "about" names a subject matter/, q);
  }
  // "films about murder": the tag is the subject, the films come back.
  const r = planned(await asker.ask('show me films about murder'));
  assert.equal(r.candidates[0]!.chain, 'has_tags~');
  assert.deepEqual(r.answers.map((a) => a.value), ['Heat']);
  // Tags written as names are no subject words: "about" reads nothing there.
  const named = new Asker(await graph(COMMON.map((t) => t.replace(/\b\w/g, (c) => c.toUpperCase()))), { wordNet });
  assert.ok(!planned(await named.ask('which topics is Heat about')).candidates[0]!.evidence.some((e) => /"about" → relation has_tags/.test(e)));
});

test('members: a word that is one of a small scale\'s values ("is X considered good": good ∈ Rating) asks for that scale — weak, and the evidence says which value', async () => {
  const snap = await graph(COMMON);
  const members = labelMembersOf(snap, wordNet);
  assert.deepEqual(members.get('Rating')!.values, ['good', 'bad']);
  assert.equal(members.get('Tag')!.values, undefined, 'a label of 8 members with names among them is no scale');
  assert.equal(members.get('Genre')!.values, undefined, 'values written as names are no scale of common words');
  const asker = new Asker(snap, { wordNet });
  const r = planned(await asker.ask('is Collateral considered good'));
  assert.equal(r.candidates[0]!.chain, 'has_imdb_rating');
  assert.deepEqual(r.answers.map((a) => a.value), ['bad']);
  assert.equal(r.status, 'weak');
  const why = r.candidates[0]!.evidence.join('\n');
  assert.match(why, /"good" → relation has_imdb_rating \(0\.60, loosely: "good" is one of Rating's 2 values \(good, bad\) in the graph; has_imdb_rating is named after Rating\)/);
  assert.match(why, /weak evidence: only a scale.s values in the graph link the question to has_imdb_rating/);
});

test('members: an evaluative word asks for a scale — "how popular" for the scale whose values measure no other attribute (Votes), "what do people think of" for the one WordNet places on an attribute (Rating); weak, with the reason', async () => {
  const snap = await GraphSnapshot.fromRecords(
    [
      { id: 'm1', labels: ['Movie'], name: 'Heat' },
      { id: 'm2', labels: ['Movie'], name: 'Collateral' },
      { id: 'g1', labels: ['Genre'], name: 'Crime' },
      { id: 'r1', labels: ['Rating'], name: 'good' },
      { id: 'r2', labels: ['Rating'], name: 'bad' },
      { id: 'v1', labels: ['Votes'], name: 'famous' },
      { id: 'v2', labels: ['Votes'], name: 'unknown' },
    ],
    [
      { source: 'm1', type: 'has_genre', target: 'g1' },
      { source: 'm2', type: 'has_genre', target: 'g1' },
      { source: 'm1', type: 'has_imdb_rating', target: 'r1' },
      { source: 'm2', type: 'has_imdb_rating', target: 'r2' },
      { source: 'm1', type: 'has_imdb_votes', target: 'v1' },
      { source: 'm2', type: 'has_imdb_votes', target: 'v2' },
    ],
    new HashingEmbedder({ dimension: 64 }),
    'scales',
  );
  const meaning = new WordMeaning(wordNet);
  assert.deepEqual(meaning.attributesOf('popular'), ['popularity']);
  assert.deepEqual(meaning.attributesOf('good'), ['quality']);
  assert.deepEqual(meaning.attributesOf('famous'), [], 'famous is similar to known, which WordNet places on no attribute');
  assert.match(meaning.judges('think') ?? '', /asks for a judgment \(WordNet: think → evaluate, pass_judgment|asks for a judgment \(WordNet: think → evaluate, pass judgment/);
  assert.match(meaning.judges('opinion') ?? '', /opinion ← think/);
  assert.equal(meaning.judges('direct'), undefined);
  const asker = new Asker(snap, { wordNet });
  const popular = planned(await asker.ask('how popular is Heat'));
  assert.equal(popular.candidates[0]!.chain, 'has_imdb_votes');
  assert.deepEqual(popular.answers.map((a) => a.value), ['famous']);
  assert.equal(popular.status, 'weak');
  assert.match(popular.candidates[0]!.evidence.join('\n'), /"how popular" asks where it stands on popularity \(WordNet: popular is a value of popularity\); Rating's values \(good, bad\) are values of quality; Votes's values \(famous, unknown\) are values of no attribute WordNet names/);
  const think = planned(await asker.ask('what do people think of Collateral'));
  assert.equal(think.candidates[0]!.chain, 'has_imdb_rating');
  assert.deepEqual(think.answers.map((a) => a.value), ['bad']);
  assert.equal(think.status, 'weak');
  // Without "how" an adjective is no question of degree ("the popular films"): nothing is read from it.
  assert.equal(asker.meaning.attributesOf('popular').length, 1);
  const plain = planned(await asker.ask('what are the popular genres of Heat'));
  assert.notEqual(plain.candidates[0]!.chain, 'has_imdb_votes');
});
