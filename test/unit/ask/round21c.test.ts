// Issue 27, round 21 (words21c): relation words as people type them — a slip in a word the dictionary does
// not know read as the one dictionary word it can be ("screenplya"), a slip whose neighbour is a form of a
// WordNet lemma ("relesed": released), a closed compound the dictionary does not hold read as its head
// ("scriptwriting": writing), a dictionary word in capitals read as a word, not a name ("WRITERS"), and a
// place after a relation's verb ("released in cinemas") read as no hop. The real WordNet and a real
// snapshot; no schema, no aliases, no model. Each test fails without its reading (checked on main bf0a602's
// src/), and each says in the evidence what was read.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { fortyFilmsWithWords, planned, reads, why } from './fixtures';

// Film 0 is called "Lighthouse" (one word, opening a question), film 1 "BEACON" (a word, written in
// capitals by the graph itself); the others "Picture Number i+1". Two tags
// of common words per film, and two tags more that are the graph's own words ("writers", "actors").
function films(): Promise<GraphSnapshot> {
  const tags = ['writers', 'actors'].map((name, t) => ({ id: `t${20 + t}`, labels: ['Tag'], name }));
  return fortyFilmsWithWords(['Lighthouse', 'BEACON', ...Array.from({ length: 38 }, (_, i) => `Picture Number ${i + 3}`)], 'round-21c', tags, (i) => (i < 2 ? [{ source: `m${i}`, type: 'has_tags', target: `t${20 + i}` }] : []));
}

let asker: Asker;
before(async () => {
  asker = new Asker(await films());
});

const top = async (q: string): Promise<ReturnType<typeof planned>> => planned(await asker.ask(q));

test('a slip read as the one dictionary word it can be: "who handled the screenplya of Picture Number 5"', async () => {
  const r = await top('who handled the screenplya of Picture Number 5');
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.ok(r.candidates[0]!.evidence.includes('"screenplya" read as "screenplay" (two letters swapped)'), why(r));
});

test('a slip whose neighbour is a form of a WordNet lemma: "which year was Picture Number 6 relesed"', async () => {
  const r = await top('which year was Picture Number 6 relesed');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(reads(r, 'released'), why(r));
  assert.ok(r.candidates[0]!.evidence.includes('"relesed" read as "released" (one letter dropped)'), why(r));
});

test('a closed compound the dictionary does not hold is read as its head: "who did the scriptwriting on Picture Number 7"', async () => {
  const r = await top('who did the scriptwriting on Picture Number 7');
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => e.startsWith('"scriptwriting" read as its head "writing"')), why(r));
});

test('a dictionary word in capitals is a word, not a name: "Lighthouse WRITERS PLEASE"', async () => {
  const r = await top('Lighthouse WRITERS PLEASE');
  assert.deepEqual(r.mentions.filter((m) => m.anchor).map((m) => m.text), ['Lighthouse'], why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  // A title the graph writes in those capitals stays a name.
  const s = await top('who on earth wrote BEACON');
  assert.deepEqual(s.mentions.filter((m) => m.anchor).map((m) => m.text), ['BEACON'], why(s));
});

test('where a relation\'s verb happened is no hop: "what year did Picture Number 10 get released in cinemas"', async () => {
  const r = await top('what year did Picture Number 10 get released in cinemas');
  assert.equal(r.candidates[0]!.chain, 'release_year', why(r));
  assert.ok(!reads(r, 'cinemas'), why(r));
});

test('a wh-word\'s contraction without its apostrophe asks: "whos the one behind the script of Picture Number 11"', async () => {
  const r = await top('whos the one behind the script of Picture Number 11');
  assert.deepEqual(r.askedType?.labels, ['Person'], why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by', why(r));
  assert.ok(r.candidates[0]!.evidence.includes('"whos" read as "who" (the apostrophe of "who\'s" dropped)'), why(r));
});
