// Issue 27, round 22 (words22a): a topic that names the first hops. A noun phrase holding the name, set
// apart before the question or standing as its subject ("the writer of X, …", "X's director, …",
// "everybody who starred in X, …", "whoever wrote X, …"), names the first hop; what follows asks about
// the hop's end through a pronoun or "other"/"more" — the chain is the topic's hop, a hop back to other
// things, and the question's own hop (`topicOf`, src/core/ask/topic.ts). "the same N" / "that N" after the
// name is the name's N (`sameOne`). The real WordNet and a real snapshot; no schema, no aliases, no model.
// Each test fails on main d364af8's src/ and passes here.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { fortyFilmsWithWords, planned, why } from './fixtures';

// Film i: actors p(3i..3i+2 mod 50); writer p(50 + ⌊i/4⌋); director p(50 + (⌊i/4⌋ + 1) mod 10); a
// genre, a year (1990 + i mod 8), a language (English; every third film French) and two tags of common words.
// Heat (film 0): writer Person YB Surname (p50, films 0–3), director Person ZB Surname (p51, films 0–3).
function films(): Promise<GraphSnapshot> {
  return fortyFilmsWithWords(['Heat', ...Array.from({ length: 39 }, (_, i) => `Picture Number ${i + 1}`)], 'round-22a');
}

let asker: Asker;
before(async () => {
  asker = new Asker(await films());
});

const top = async (q: string): Promise<ReturnType<typeof planned>> => planned(await asker.ask(q));

test('a topic set apart names the first hop, the question its pronoun asks the last: "the man who wrote Heat, who acted in the other pictures he wrote"', async () => {
  const r = await top('the man who wrote Heat, who acted in the other pictures he wrote');
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~ > starred_actors', why(r));
  assert.ok(r.candidates[0]!.evidence.some((e) => e.includes('as the topic')), why(r));
});

test('the topic\'s noun is not what is asked: "Heat\'s scriptwriter, do their pictures come out in other languages" asks for languages', async () => {
  const r = await top("Heat's scriptwriter, do their pictures come out in other languages");
  assert.ok(r.askedType?.labels.includes('Language'), why(r));
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~ > in_language', why(r));
});

test('a topic that is the subject: "the director of Heat got any other belters?" asks for the director\'s pictures, not the director', async () => {
  const r = await top('the director of Heat got any other belters?');
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~', why(r));
});

test('a chain that stops at the topic answers the topic, not the question: "the Heat director, who did they cast in their other stuff" is never the director', async () => {
  const r = await top('the Heat director, who did they cast in their other stuff');
  assert.equal(r.candidates[0]!.chain, 'directed_by > directed_by~ > starred_actors', why(r));
  // The topic asked about itself keeps the one hop: "the director of Heat, who is that".
  const s = await top('the director of Heat, who is that');
  assert.equal(s.candidates[0]!.chain, 'directed_by', why(s));
});

test('"that N" after the name is the name\'s N: "I liked Heat, can I get more pictures from that writer"', async () => {
  const r = await top('I liked Heat, can I get more pictures from that writer');
  assert.equal(r.candidates[0]!.chain, 'written_by > written_by~', why(r));
});
