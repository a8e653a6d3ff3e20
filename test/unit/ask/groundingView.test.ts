// The Grounding view's data: the report built from a real ask result passes the webview's validator,
// the view model splits the question and offers the next candidates, malformed input is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker, groundingReport } from '../../../src/core/ask';
import { validateHostMessage, validateInspectorState, validateWebviewMessage } from '../../../src/contracts/inspector/validate';
import type { GroundingReport } from '../../../src/contracts/inspector/grounding';
import { ALTERNATIVES, candidateRows, deciderText, questionSegments, verdictText } from '../../../webview/model/grounding';
import { fixture } from '../webview/fixtures';
import { movieSnapshot } from './fixtures';

type Planned = Extract<GroundingReport, { kind: 'planned' }>;

async function planned(question: string): Promise<Planned> {
  const r = await new Asker(await movieSnapshot(), { wordNet: null }).ask(question);
  assert.equal(r.kind, 'planned');
  const g = groundingReport(r, { plan: 'p', strategy: 'cypher' });
  assert.equal(g.kind, 'planned');
  return g as Planned;
}

test('grounding report: from a real ask result, valid for the webview, chosen candidate and anchor variables', async () => {
  const g = await planned('which films did Michael Mann direct');
  assert.equal(g.chosen, 1);
  assert.deepEqual(g.decidedBy, { kind: 'ranker' });
  assert.equal(g.enumeratedOn, 'snapshot');
  const anchor = g.mentions.find((m) => m.anchor)!;
  assert.equal(anchor.text, 'Michael Mann');
  assert.equal(anchor.variable, 'n0');
  assert.ok(g.candidates.length > 1);
  const show = { type: 'show', result: fixture('cypher'), view: 'grounding', grounding: g };
  assert.deepEqual(validateHostMessage(show), { ok: true, value: show });
  assert.equal(validateInspectorState({ result: fixture('cypher'), grounding: g }).ok, true);
  // Round trip through JSON (postMessage / setState) keeps it valid.
  assert.equal(validateHostMessage(JSON.parse(JSON.stringify(show))).ok, true);
});

test('grounding report: the user\'s pick is the chosen one, with its own anchor variables', async () => {
  const r = await new Asker(await movieSnapshot(), { wordNet: null }).ask('films with Tom Cruise directed by Michael Mann');
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  const other = r.candidates.find((c) => c.id !== r.chosen + 1 && c.anchors.length === 2) ?? r.candidates[1]!;
  const g = groundingReport(r, { plan: 'q', strategy: 'gsd' }, { id: other.id, by: { kind: 'user' } });
  assert.equal(g.kind, 'planned');
  if (g.kind !== 'planned') return;
  assert.equal(g.chosen, other.id);
  assert.deepEqual(g.decidedBy, { kind: 'user' });
  assert.deepEqual(
    g.mentions.filter((m) => m.variable).map((m) => m.variable).sort(),
    other.anchors.map((a) => a.variable).sort(),
  );
  assert.equal(validateHostMessage({ type: 'show', result: fixture('gsd'), grounding: g }).ok, true);
});

test('grounding report: nothing found carries the message and the nearest names', async () => {
  const r = await new Asker(await movieSnapshot(), { wordNet: null }).ask('who directed [Zzyzx Qwerty]');
  const g = groundingReport(r, { plan: 'p', strategy: 'cypher' });
  assert.equal(g.kind, 'nothing-found');
  if (g.kind !== 'nothing-found') return;
  assert.match(g.message, /nothing found/);
  assert.equal(validateHostMessage({ type: 'show', result: fixture('gsd'), grounding: g }).ok, true);
});

test('grounding validators refuse malformed reports and candidate messages', async () => {
  const g = await planned('who directed Heat');
  const bad = (grounding: unknown) => validateHostMessage({ type: 'show', result: fixture('cypher'), grounding });
  assert.equal(bad({ ...g, decidedBy: { kind: 'oracle' } }).ok, false);
  assert.equal(bad({ ...g, candidates: [{ ...g.candidates[0], count: '3' }] }).ok, false);
  assert.equal(bad({ ...g, mentions: [{ ...g.mentions[0], nodes: [{ id: 'x', name: 7, label: 'Movie', score: 1 }] }] }).ok, false);
  assert.equal(bad({ ...g, kind: 'guessed' }).ok, false);
  const out = bad({ ...g, enumeratedOn: 'cache' });
  assert.equal(out.ok, false);
  if (!out.ok) assert.match(out.error, /message\.grounding\.enumeratedOn/);
  assert.deepEqual(validateWebviewMessage({ type: 'useCandidate', candidate: 2 }), { ok: true, value: { type: 'useCandidate', candidate: 2 } });
  assert.equal(validateWebviewMessage({ type: 'openCandidate', candidate: 3 }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'useCandidate', candidate: '2' }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'useCandidate' }).ok, false);
});

test('grounding view model: the question split into text and mentions, anchors first over overlaps', () => {
  const q = 'films set in New York Stories and New York';
  const m = (text: string, start: number, anchor: boolean, score: number) => ({ text, start, end: start + text.length, marked: false, method: 'exact' as const, score, anchor, nodes: [], overlaps: [] });
  const mentions = [m('New York', 13, false, 0.6), m('New York Stories', 13, true, 0.8), m('New York', 34, true, 0.6)];
  const segs = questionSegments(q, mentions);
  assert.equal(segs.map((s) => s.text).join(''), q, 'the segments give back the question exactly');
  assert.deepEqual(segs.filter((s) => s.mention !== undefined).map((s) => [s.text, s.mention]), [['New York Stories', 1], ['New York', 2]]);
  // Offsets outside the question are ignored, not thrown on.
  assert.equal(questionSegments('short', [m('elsewhere', 40, true, 1)]).map((s) => s.text).join(''), 'short');
});

test('grounding view model: who chose, the verdict, and "use instead" for the next few candidates', async () => {
  const g = await planned('who directed Heat');
  assert.equal(deciderText(g), 'chosen by the ranker');
  assert.equal(deciderText({ ...g, decidedBy: { kind: 'model', model: 'llama at http://x', attempts: 2 } }), 'chosen by llama at http://x (attempt 2)');
  assert.equal(deciderText({ ...g, decidedBy: { kind: 'user' } }), 'chosen by you');
  assert.match(verdictText({ ...g, status: 'weak', confidence: 0.2 }), /^weak guess — check the plan · confidence 0\.20$/);
  assert.match(verdictText({ ...g, decidedBy: { kind: 'user' } }), /^your pick \(the planner's own pick: (match|weak guess)/);
  const many: Planned = { ...g, chosen: 2, candidates: Array.from({ length: 10 }, (_, i) => ({ ...g.candidates[0]!, id: i + 1 })) };
  const rows = candidateRows(many);
  assert.deepEqual(rows.filter((r) => r.chosen).map((r) => r.id), [2]);
  assert.deepEqual(rows.filter((r) => r.alternative).map((r) => r.id), [1, 3, 4, 5, 6].slice(0, ALTERNATIVES));
});

test('grounding report: where the question ran and what it asked of the store reach the webview, checked by its validator', async () => {
  const r = await new Asker(await movieSnapshot(), { wordNet: null }).ask('which films did Michael Mann direct');
  assert.equal(r.kind, 'planned');
  const placed = { ...r, placement: { requested: 'auto', ran: 'store', reason: 'over the memory budget' } as const, storeIo: { roundTrips: 4, rowsRead: 90, serverMs: 12.5 } };
  const g = groundingReport(placed, { plan: 'p', strategy: 'cypher' });
  assert.deepEqual(g.placement, placed.placement);
  assert.deepEqual(g.storeIo, placed.storeIo);
  const show = { type: 'show', result: fixture('cypher'), view: 'grounding', grounding: g };
  assert.equal(validateHostMessage(show).ok, true);
  // Without them (memory placement sends nothing) the report carries none.
  assert.equal(groundingReport(r, { plan: 'p', strategy: 'cypher' }).storeIo, undefined);
  const bad = { ...show, grounding: { ...g, storeIo: { roundTrips: 'four', rowsRead: 90, serverMs: 1 } } };
  assert.equal(validateHostMessage(bad).ok, false);
  const badPlacement = { ...show, grounding: { ...g, placement: { requested: 'auto', ran: 'disk', reason: 'x' } } };
  assert.equal(validateHostMessage(badPlacement).ok, false);
});
