import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { WhyNotCause, WhyNotResult } from '../../../src/contracts/whyNot';
import { validateHostMessage, validateWebviewMessage } from '../../../src/contracts/inspector/validate';
import { causeTitle, fixOutcomeText, missedExpected } from '../../../webview/model/whyNot';
import { fixture } from './fixtures';

const sub = fixture('real-gsd').subgraphs[0]!;
const CAUSES: WhyNotCause[] = [
  { kind: 'returned', rank: 2, score: 0.1, variable: 'lang' },
  { kind: 'not-in-graph', nearest: [{ name: 'English', nodeId: '5:0', label: 'Language', distance: 0.2, edits: 1 }] },
  { kind: 'unreachable', variable: 'lang', reason: 'no film of its actors is in it', path: { pattern: '(The Vow)-[in_language]->(English)', hops: 1, nodes: [], edges: [{ type: 'in_language', forward: true }] }, from: 'vow', maxHops: 4 },
  { kind: 'candidate-rank', needs: [{ element: 'node', ref: 'vow', patternText: 'the vow', needed: 'The Vow', rank: 37, parameter: 'nodeCandidates', limit: 16, matchedInstead: 'Vow' }], subgraph: sub },
  { kind: 'category', variable: 'lang', category: 'Tongue', labels: [], needed: 'Language', neededName: 'German' },
  { kind: 'cut-by-k', parameter: 'k', k: 1, rank: 2, score: 0, lastReturned: 0, subgraph: sub },
  { kind: 'pruned', bound: 'gsd-tie', value: 0, detail: 'tied with the k-th' },
  { kind: 'mor-layer', path: 0, layer: 2, variable: 'film', reason: 'relation', detail: 'x' },
  { kind: 'cypher-clause', clause: 'relation', ref: 'e0', text: '[:directed_by]', detail: 'x', query: 'MATCH …' },
  { kind: 'trace', stage: 'seeds', detail: 'x' },
];

function analysis(cause: WhyNotCause): WhyNotResult {
  return {
    expected: 'German',
    plan: 'p',
    strategy: 'gsd',
    nodes: [],
    cause,
    summary: 's',
    fixes: [
      { kind: 'set-parameter', strategy: 'gsd', name: 'k', value: 3, label: 'raise k to 3', outcome: { returned: true, rank: 2, answers: 3 } },
      { kind: 'add-alias', element: 'relation', target: 'in_language', alias: 'spoken in', label: 'alias' },
      { kind: 'relax-category', variable: 'lang', category: 'Tongue', label: 'drop the category' },
      { kind: 'use-name', variable: 'vow', from: 'the vow', to: 'The Vow', label: 'use the graph name' },
      { kind: 'fix-expect', from: 'Englsh', to: 'English', label: 'expect English', outcome: { returned: false, answers: 0, skipped: 'nothing to re-run' } },
    ],
    ms: 12,
  };
}

describe('the why-not view model', () => {
  it('names every cause kind in words', () => {
    const titles = CAUSES.map(causeTitle);
    assert.equal(new Set(titles).size, CAUSES.length);
    assert.equal(causeTitle(CAUSES[1]!), 'not in the graph');
    assert.equal(causeTitle(CAUSES[5]!), 'cut by the k limit');
  });

  it('says what a verified fix did', () => {
    assert.equal(fixOutcomeText({ returned: true, rank: 2, answers: 3 }, 'German'), 'verified: the re-run returns "German" at #2 (3 answers)');
    assert.equal(fixOutcomeText({ returned: false, answers: 1 }, 'German'), 'verified: still missing after the re-run (1 answers)');
    assert.match(fixOutcomeText({ returned: false, answers: 0, skipped: 'label aliases are read from the schema file' }, 'x'), /^not re-run: label aliases/);
  });

  it('offers why-not for the expected answers a result missed (trimmed, case-folded)', () => {
    const answers = [{ value: 'English', score: 0 }, { value: 'german', score: 0 }];
    assert.deepEqual(missedExpected([' english', 'German', 'Klingon'], answers), ['Klingon']);
    assert.deepEqual(missedExpected([], answers), []);
  });
});

describe('why-not messages', () => {
  it('accept every cause and fix kind; reject a broken one with its path', () => {
    for (const c of CAUSES) {
      const r = validateHostMessage(JSON.parse(JSON.stringify({ type: 'whyNotAnswer', requestId: 1, status: 'ok', entryId: 'h1', analysis: analysis(c) })));
      assert.equal(r.ok, true, r.ok ? '' : `${c.kind}: ${r.error}`);
    }
    assert.equal(validateHostMessage({ type: 'whyNotAnswer', requestId: 1, status: 'error', expected: 'x', message: 'no graph' }).ok, true);
    const bad = JSON.parse(JSON.stringify(analysis(CAUSES[3]!)));
    bad.cause.needs[0].parameter = 'k';
    const r = validateHostMessage({ type: 'whyNotAnswer', requestId: 1, status: 'ok', analysis: bad });
    assert.equal(r.ok, false);
    assert.match((r as { error: string }).error, /message\.analysis\.cause\.needs\[0\]\.parameter: expected one of nodeCandidates, relationCandidates/);
    const unknown = validateHostMessage({ type: 'whyNotAnswer', requestId: 1, status: 'ok', analysis: { ...analysis(CAUSES[0]!), cause: { kind: 'vibes' } } });
    assert.match((unknown as { error: string }).error, /cause\.kind: unknown kind "vibes"/);
  });

  it('validate the webview asking and applying a fix', () => {
    assert.equal(validateWebviewMessage({ type: 'whyNot', requestId: 3, expected: 'German', entryId: 'h2' }).ok, true);
    assert.equal(validateWebviewMessage({ type: 'applyFix', expected: 'German', entryId: 'h2', fix: analysis(CAUSES[0]!).fixes[0] }).ok, true);
    assert.equal(validateWebviewMessage({ type: 'whyNot', requestId: 3 }).ok, false);
    const r = validateWebviewMessage({ type: 'applyFix', expected: 'x', fix: { kind: 'set-parameter', strategy: 'gsd', name: 'k', value: { evil: 1 }, label: 'l' } });
    assert.match((r as { error: string }).error, /message\.fix\.value: expected a number, boolean or string/);
  });
});
