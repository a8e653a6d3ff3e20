// The alias-free ranker on the real embedded engine (issue 27): the answer type the question asks for
// decides direction and length, the evidence that chose is reported, weak evidence is not a match.
// The graph is imported from JSON lines into the embedded engine and read back as the session's
// snapshot; no schema file, no aliases, no model.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Asker } from '../../../src/core/ask';
import { groundingReport } from '../../../src/core/ask/report';
import { validateInspectorState } from '../../../src/contracts/inspector/validate';
import { fixture } from '../webview/fixtures';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { EDGES, NODES, planned } from './fixtures';

let dir = '';
let session: RetrievalSession;
let asker: Asker;

// The fixture's movie graph, plus a cast large enough that the chain ending on people returns more
// than the one ending on films or genres: returning more must not win.
const EXTRA_PEOPLE = ['Jamie Foxx', 'Jada Pinkett', 'Val Kilmer', 'Robert De Niro', 'Jon Voight'];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-ask-type-'));
  const lines = [
    ...NODES.map(([id, label, name]) => JSON.stringify({ id, label, name })),
    ...EXTRA_PEOPLE.map((name, i) => JSON.stringify({ id: `x${i}`, label: 'Person', name })),
    ...EDGES.map(([source, type, target]) => JSON.stringify({ source, type, target })),
    // Michael Mann's films (Heat, Collateral, Ali): 3 films, 2 genres, 3 + 5 actors.
    ...EXTRA_PEOPLE.map((_, i) => JSON.stringify({ source: ['m4', 'm5', 'm6'][i % 3], type: 'starred_actors', target: `x${i}` })),
  ];
  const file = join(dir, 'movies.jsonl');
  writeFileSync(file, lines.join('\n'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'hashing' } });
  await session.import([{ path: file, format: 'jsonl' }]);
  asker = new Asker(await session.snapshot(), { embedder: session.embedder });
});

after(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});


test('ask ranker: the asked type beats returning more — "what kinds of films" ends on Genre, not on the films or their actors', async () => {
  const r = planned(await asker.ask('what kinds of films did Michael Mann direct'));
  const top = r.candidates[0]!;
  assert.equal(top.chain, 'directed_by~ > has_genre');
  assert.equal(top.answerLabel, 'Genre');
  assert.equal(top.answerFits, true);
  assert.deepEqual([...r.answers.map((a) => a.value)].sort(), ['Crime', 'Drama']);
  // The chains that return more (3 films, 8 actors) rank below it, marked as not fitting.
  const films = r.candidates.find((c) => c.chain === 'directed_by~')!;
  const actors = r.candidates.find((c) => c.chain === 'directed_by~ > starred_actors')!;
  assert.ok(films && actors, 'both rivals are among the kept candidates');
  assert.ok(films.count > top.count && actors.count > films.count, `rivals return more: ${films.count}, ${actors.count} > ${top.count}`);
  assert.ok(films.id > top.id && actors.id > top.id);
  assert.equal(films.answerFits, false);
  assert.ok(films.evidence.some((e) => /its answers are Movie, which does not fit/.test(e)), films.evidence.join(' | '));
  // The asked type and how it was read (the type-word rules GSD's patterns use).
  assert.equal(r.askedType?.word, 'kinds');
  assert.deepEqual(r.askedType?.labels, ['Genre']);
  assert.match(r.askedType!.detail, /"kinds" covers Genre \(WordNet: genre → kind\)/);
  assert.ok(top.evidence.some((e) => /^asks for Genre .*its answers are Genre, which fits$/.test(e)), top.evidence.join(' | '));
  assert.ok(top.evidence.some((e) => e.startsWith('"direct" → relation directed_by')), top.evidence.join(' | '));
});

test('ask ranker: "which films" never ends on a Person, even when the people outnumber the films', async () => {
  const r = planned(await asker.ask('which films did Michael Mann direct'));
  assert.equal(r.candidates[0]!.chain, 'directed_by~');
  assert.deepEqual([...r.answers.map((a) => a.value)].sort(), ['Ali', 'Collateral', 'Heat']);
  assert.equal(r.status, 'match');
  // "who" asks for a person: the same anchor, the other way.
  const who = planned(await asker.ask('who starred in the films directed by Michael Mann'));
  assert.equal(who.candidates[0]!.chain, 'directed_by~ > starred_actors');
  assert.equal(who.candidates[0]!.answerLabel, 'Person');
  assert.equal(who.answerCount, 8);
});

test('ask ranker: weak evidence is reported weak, with the reason in the evidence and the Grounding view', async () => {
  // The graph has no City reachable from Michael Mann: whatever is chosen is not what was asked for.
  const city = planned(await asker.ask('which cities did Michael Mann direct'));
  assert.deepEqual(city.askedType?.labels, ['City']);
  assert.equal(city.candidates[0]!.answerFits, false);
  assert.equal(city.status, 'weak');
  assert.ok(city.confidence < 0.5);
  assert.ok(city.candidates[0]!.evidence.some((e) => e.startsWith('weak evidence: its answers are')), city.candidates[0]!.evidence.join(' | '));
  // A relation no word names, while a word names nothing in the graph ("describe"): a guess.
  const describe = planned(await asker.ask('what words describe Heat'));
  assert.equal(describe.status, 'weak');
  const ev = describe.candidates[describe.chosen]!.evidence;
  assert.ok(ev.some((e) => /^weak evidence: (no question word|only the answer phrase) names .*"describe"/.test(e)), ev.join(' | '));
  // The Grounding view's report carries the evidence and passes the webview's validator.
  const report = groundingReport(describe, { plan: 'p.kgp', strategy: 'cypher' });
  assert.equal(validateInspectorState({ result: fixture('cypher'), grounding: report }).ok, true);
  assert.ok(report.kind === 'planned' && report.candidates[0]!.evidence!.some((e) => e.startsWith('weak evidence')));
});
