import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  validateHostMessage, validateInspectorState, validateRetrievalResult, validateWebviewMessage,
} from '../../../src/contracts/inspector/validate';
import { compareResults } from '../../../src/core/compare';
import { fixture, rawFixture, type FixtureName } from './fixtures';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const HISTORY_ENTRY = {
  id: 'h1', plan: 'p', strategy: 'gsd', mode: 'run', graph: { description: 'g', fingerprint: 'f' }, at: 1, pinned: false,
  executed: true, answers: 3, totalMs: 12, planEdited: false,
};
const COMPARISON = compareResults([{ id: 'a', result: fixture('real-gsd') }, { id: 'b', result: fixture('real-cypher') }]);

describe('validateRetrievalResult', () => {
  for (const name of ['gsd', 'mor', 'cypher', 'xss', 'real-gsd', 'real-cypher', 'real-mor'] as FixtureName[]) {
    it(`accepts the ${name} fixture`, () => {
      const r = validateRetrievalResult(rawFixture(name));
      assert.equal(r.ok, true, r.ok ? '' : r.error);
    });
  }

  const broken: Array<[string, (r: Record<string, any>) => void, RegExp]> = [
    ['a missing plan', (r) => delete r.plan, /result\.plan: missing/],
    ['an unknown strategy', (r) => (r.strategy = 'bm25'), /result\.strategy: expected one of gsd, mor, cypher/],
    ['a string distance', (r) => (r.subgraphs[0].terms[0].distance = '0.1'), /result\.subgraphs\[0\]\.terms\[0\]\.distance: expected a number/],
    ['an unknown term kind', (r) => (r.subgraphs[0].terms[1].kind = 'path'), /result\.subgraphs\[0\]\.terms\[1\]\.kind: unknown kind "path"/],
    ['labels that are not strings', (r) => (r.subgraphs[1].mapping[0].labels = [1]), /mapping\[0\]\.labels\[0\]: expected a string/],
    ['a non-numeric timing phase', (r) => (r.timings.snapshotMs = 'fast'), /result\.timings\.snapshotMs: expected a number/],
    ['a non-numeric counter', (r) => (r.stats.expansions = null), /result\.stats\.expansions: expected a number/],
    ['NaN', (r) => (r.subgraphs[0].gsd = Number.NaN), /result\.subgraphs\[0\]\.gsd: expected a number/],
    ['subgraphs that are an object', (r) => (r.subgraphs = {}), /result\.subgraphs: expected an array/],
  ];
  for (const [what, mutate, message] of broken) {
    it(`rejects ${what}, naming the path`, () => {
      const r = clone(rawFixture('gsd')) as Record<string, any>;
      mutate(r);
      const checked = validateRetrievalResult(r);
      assert.equal(checked.ok, false);
      assert.match((checked as { error: string }).error, message);
    });
  }

  it('checks the trajectory and the plan tree deeply', () => {
    const mor = clone(rawFixture('mor')) as Record<string, any>;
    mor.trajectory.trajectories[0].traversalIdentifier = ['seed', 'teleport'];
    assert.match((validateRetrievalResult(mor) as { error: string }).error, /traversalIdentifier\[1\]: expected one of seed, structural, textual/);
    const cypher = clone(rawFixture('cypher')) as Record<string, any>;
    cypher.cypher.plan.children[0].children[0].children = 'none';
    assert.match((validateRetrievalResult(cypher) as { error: string }).error, /cypher\.plan\.children\[0\]\.children\[0\]\.children: expected an array/);
    const params = clone(rawFixture('cypher')) as Record<string, any>;
    params.cypher.params.x = { nested: [1, 'a', null, { deep: true }] };
    assert.equal(validateRetrievalResult(params).ok, true);
  });

  it('rejects non-objects', () => {
    for (const v of [null, 42, 'x', [], undefined]) assert.equal(validateRetrievalResult(v).ok, false);
  });
});

describe('validateHostMessage', () => {
  it('accepts every message type', () => {
    const result = rawFixture('gsd');
    for (const m of [
      { type: 'show', result },
      { type: 'show', result, source: { uri: 'file:///w/a.kgp', label: 'a.kgp' }, view: 'cypher' },
      { type: 'highlight', variable: 'vow' },
      { type: 'highlight', variable: null },
      { type: 'selectView', view: 'stats' },
      { type: 'requestImage', format: 'svg' },
      { type: 'expanded', status: 'ok', requestId: 1, nodeId: '0:5', nodes: [{ id: '1:2', name: 'Rachel McAdams', labels: ['Person'] }], edges: [{ source: '0:5', target: '1:2', type: 'starred_actors' }], total: 1 },
      { type: 'expanded', status: 'error', requestId: 2, nodeId: '0:5', message: 'the graph did not open' },
      { type: 'activeGraph', description: 'embedded database in /w/.kgrag' },
      { type: 'activeGraph', description: 'embedded database in /w/.kgrag', fingerprint: '0123abcd' },
      { type: 'show', result, entryId: 'h3' },
      { type: 'history', entries: [HISTORY_ENTRY], current: 'h1' },
      { type: 'history', entries: [] },
      { type: 'compare', comparison: COMPARISON, question: 'q?', notes: ['stem left out: …'] },
    ]) {
      const r = validateHostMessage(m);
      assert.equal(r.ok, true, r.ok ? '' : r.error);
    }
  });

  it('rejects unknown and malformed messages', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'eval', code: 'alert(1)' }, /unknown type "eval"/],
      [{ type: 'show' }, /message\.result: missing/],
      [{ type: 'show', result: { plan: 'x' } }, /message\.result\.id: missing/],
      [{ type: 'highlight' }, /message\.variable: missing/],
      [{ type: 'highlight', variable: 3 }, /message\.variable: expected a string/],
      [{ type: 'selectView', view: 'settings' }, /message\.view: expected one of/],
      [{ type: 'requestImage', format: 'gif' }, /message\.format: expected one of png, svg/],
      [{ type: 'expanded', status: 'maybe', requestId: 1, nodeId: 'x' }, /message\.status: unknown status "maybe"/],
      [{ type: 'expanded', status: 'ok', requestId: 1, nodeId: 'x', nodes: [{ id: 'a', name: 7, labels: [] }], edges: [], total: 1 }, /message\.nodes\[0\]\.name: expected a string/],
      [{ type: 'expanded', status: 'error', requestId: 1, nodeId: 'x' }, /message\.message: missing/],
      [{ type: 'activeGraph', description: null }, /message\.description: expected a string/],
      [{ type: 'history', entries: [{ ...HISTORY_ENTRY, mode: 'dream' }] }, /message\.entries\[0\]\.mode: expected one of run, explain, profile/],
      [{ type: 'history', entries: [{ ...HISTORY_ENTRY, graph: {} }] }, /message\.entries\[0\]\.graph\.description: missing/],
      [{ type: 'compare', comparison: { ...COMPARISON, pairs: [{ ...COMPARISON.pairs[0], subgraph: { ...COMPARISON.pairs[0]!.subgraph, nodes: [{ key: 'k', name: 'n', labels: [], side: 'left' }] } }] } }, /message\.comparison\.pairs\[0\]\.subgraph\.nodes\[0\]\.side: expected one of a, b, both/],
      [{ type: 'compare', comparison: { ...COMPARISON, answers: [{ value: 'x', ranks: ['1'] }] } }, /message\.comparison\.answers\[0\]\.ranks\[0\]: expected a number/],
      ['show', /message: expected an object/],
      [{}, /unknown type undefined/],
    ];
    for (const [m, message] of cases) {
      const r = validateHostMessage(m);
      assert.equal(r.ok, false, JSON.stringify(m));
      assert.match((r as { error: string }).error, message);
    }
  });
});

describe('validateWebviewMessage', () => {
  it('accepts every message type', () => {
    for (const m of [
      { type: 'ready' },
      { type: 'reveal', plan: 'p', variable: 'vow' },
      { type: 'reveal', plan: 'p', edgeId: 'e0' },
      { type: 'addAlias', plan: 'p', element: 'node', ref: 'lang', patternText: 'french', candidate: 'Finnish' },
      { type: 'exportJson' },
      { type: 'exportImage', format: 'png', data: 'data:image/png;base64,AAAA' },
      { type: 'rendered', view: 'subgraphs', nodes: 4, edges: 3, ms: 12.5 },
      { type: 'log', level: 'warn', message: 'x' },
      { type: 'expand', requestId: 3, nodeId: '0:12' },
      { type: 'openEntry', id: 'h1' },
      { type: 'pinEntry', id: 'h1', pinned: true },
      { type: 'exportEntry', id: 'h1' },
      { type: 'compareEntries', ids: ['h1', 'h2', 'h3'] },
      { type: 'compareStrategies' },
    ]) {
      const r = validateWebviewMessage(m);
      assert.equal(r.ok, true, r.ok ? '' : r.error);
    }
  });

  it('rejects reveals with neither or both targets, and other malformed messages', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'reveal', plan: 'p' }, /exactly one of variable, edgeId/],
      [{ type: 'reveal', plan: 'p', variable: 'a', edgeId: 'e0' }, /exactly one of variable, edgeId/],
      [{ type: 'reveal', variable: 'a' }, /message\.plan: missing/],
      [{ type: 'addAlias', plan: 'p', element: 'path', ref: 'r', patternText: 't', candidate: 'c' }, /message\.element/],
      [{ type: 'log', level: 'debug', message: 'x' }, /message\.level/],
      [{ type: 'rendered', view: 'subgraphs', nodes: '4', edges: 3, ms: 1 }, /message\.nodes: expected a number/],
      [{ type: 'openExternal', url: 'https://example.com' }, /unknown type "openExternal"/],
      [{ type: 'expand', nodeId: '0:12' }, /message\.requestId: missing/],
      [{ type: 'expand', requestId: 1, nodeId: ['0:12'] }, /message\.nodeId: expected a string/],
      [{ type: 'compareEntries', ids: ['h1'] }, /message\.ids: compare needs at least two results/],
      [{ type: 'compareEntries', ids: 'h1,h2' }, /message\.ids: expected an array/],
      [{ type: 'pinEntry', id: 'h1', pinned: 'yes' }, /message\.pinned: expected a boolean/],
    ];
    for (const [m, message] of cases) {
      const r = validateWebviewMessage(m);
      assert.equal(r.ok, false, JSON.stringify(m));
      assert.match((r as { error: string }).error, message);
    }
  });
});

describe('validateInspectorState', () => {
  it('accepts empty and full states, rejects a corrupt result', () => {
    assert.equal(validateInspectorState({}).ok, true);
    assert.equal(validateInspectorState({ result: rawFixture('mor'), view: 'trajectory', source: { label: 'x' } }).ok, true);
    assert.equal(validateInspectorState({ result: { id: 1 } }).ok, false);
    assert.equal(validateInspectorState({ view: 'nope' }).ok, false);
    assert.equal(validateInspectorState({ result: rawFixture('gsd'), comparison: COMPARISON, notes: ['x'] }).ok, true);
    assert.equal(validateInspectorState({ comparison: { results: [] } }).ok, false);
  });
});
