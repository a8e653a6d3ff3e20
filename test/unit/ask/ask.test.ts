import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker } from '../../../src/core/ask';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { movieSnapshot } from './fixtures';

test('ask: plain question → grounded chain → .kgp with the question → the same answers through the engine', async () => {
  const snap = await movieSnapshot();
  const asker = new Asker(snap);
  const r = await asker.ask('which genres are the films directed by Michael Mann in');
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  assert.equal(r.candidates[0]!.chain, 'directed_by~ > has_genre');
  assert.deepEqual(r.answers.map((a) => a.value), ['Crime', 'Drama']); // Crime by two films, Drama by one
  assert.deepEqual(r.answers.map((a) => a.paths), [2, 1]);
  assert.equal(r.decidedBy.kind, 'ranker');
  // The plan text is ordinary kgplan: it parses cleanly and keeps the question.
  const parsed = parseDocument(r.kgp);
  assert.deepEqual(parsed.diagnostics, []);
  const [plan] = toPlanningGraphs(parsed.document);
  assert.equal(plan!.question, 'which genres are the films directed by Michael Mann in');
  // …and runs through the normal retrieval engine (gsd here) to the same answers.
  const run = await retrieveGsd(plan!, snap, new HashingEmbedder({ dimension: 128 }), { strategy: { k: 10, injective: false } });
  assert.deepEqual([...new Set(run.answers.map((a) => a.value))].sort(), ['Crime', 'Drama']);
});

test('ask: word meaning, not templates — synonyms and word order choose the chain', async () => {
  const asker = new Asker(await movieSnapshot());
  const cases: [string, string][] = [
    ['who is the filmmaker behind Collateral', 'directed_by'],
    ['who helmed Collateral', 'directed_by'],
    ['Heat was penned by whom', 'written_by'],
    ['which language is spoken in Heat', 'in_language'],
    ['name the other movies of the director of the film Tom Cruise appeared in', 'starred_actors~ > directed_by > directed_by~'],
  ];
  for (const [q, chain] of cases) {
    const r = await asker.ask(q);
    assert.equal(r.kind, 'planned', q);
    if (r.kind !== 'planned') continue;
    assert.equal(r.candidates[0]!.chain, chain, `${q}: ${r.candidates.slice(0, 3).map((c) => c.chain).join(' | ')}`);
  }
});

test('ask: two entities give a path between them; the next candidates stay in the result', async () => {
  const asker = new Asker(await movieSnapshot());
  const r = await asker.ask('which film did Michael Mann make with Al Pacino');
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  assert.equal(r.answers[0]!.value, 'Heat');
  assert.match(r.candidates[0]!.chain, /@2/);
  assert.ok(r.candidates.length > 1);
  for (const c of r.candidates) assert.deepEqual(parseDocument(c.kgp).diagnostics, [], c.kgp);
});

test('ask: a question the graph cannot answer well is shown as weak, never as a match', async () => {
  const asker = new Asker(await movieSnapshot());
  const r = await asker.ask('how much did Heat earn at the box office');
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  assert.equal(r.status, 'weak');
  assert.ok(r.confidence < 0.5);
});

test('ask: a plural noun and the verb after it are subject and verb, not a compound — the noun names the answer', async () => {
  const asker = new Asker(await movieSnapshot());
  // "movies feature", "films share": the answer is the films, not the noun after the verb.
  const cases: [string, RegExp][] = [
    ['what movies share a writer with Videodrome', /^written_by > written_by~$/],
    ['which movies feature both Michael Mann and Al Pacino', /^directed_by~ > starred_actors @2$/],
    ['what films share directors with Heat', /^directed_by > directed_by~$/],
  ];
  for (const [q, chain] of cases) {
    const r = await asker.ask(q);
    assert.equal(r.kind, 'planned', q);
    if (r.kind !== 'planned') continue;
    assert.match(r.candidates[0]!.chain, chain, `${q}: ${r.candidates.slice(0, 3).map((c) => c.chain).join(' | ')}`);
    assert.ok(r.answers.every((a) => a.label === 'Movie'), `${q}: ${r.answers.map((a) => `${a.value}:${a.label}`).join(', ')}`);
  }
  // Without agreement the run of nouns stays one phrase: "what film genres" is about genres.
  const g = await asker.ask('what film genres does Heat have');
  assert.equal(g.kind === 'planned' ? g.answers[0]?.label : undefined, 'Genre');
});

test('ask with `last`: the name index is let go once grounded and built again if asked again — every result equal to an Asker that keeps it', async () => {
  const snap = await movieSnapshot();
  const keeps = new Asker(snap);
  const lets = new Asker(snap);
  const questions = ['which genres are the films directed by Michael Mann in', 'which film did Michael Mann make with Al Pacino', 'who directed Heat', 'what did nobody film'];
  const strip = (r: Awaited<ReturnType<Asker['ask']>>) => ({ ...r, timings: undefined });
  for (const q of questions) {
    const held = lets.names;
    const want = strip(await keeps.ask(q));
    assert.deepEqual(strip(await lets.ask(q, { last: true })), want, q);
    assert.notEqual(lets.names, held, 'built again after a last question');
  }
  const again = keeps.names;
  await keeps.ask(questions[0]!);
  assert.equal(keeps.names, again, 'kept without `last`');
});
