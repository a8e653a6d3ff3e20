import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResultHistory, summarize } from '../../../src/core/compare';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { validateHostMessage } from '../../../src/contracts/inspector/validate';
import { fixture } from '../webview/fixtures';

const gsd = fixture('real-gsd');
const cypher = fixture('real-cypher');
const explain: RetrievalResult = { ...cypher, answers: [], subgraphs: [], cypher: { ...cypher.cypher!, mode: 'explain' } };

describe('ResultHistory', () => {
  it('keeps Run, Explain and Profile as separate entries, newest first', () => {
    const h = new ResultHistory();
    const run = h.add({ result: gsd, at: 1 });
    const ex = h.add({ result: explain, at: 2 });
    const prof = h.add({ result: { ...cypher, cypher: { ...cypher.cypher!, mode: 'profile' } }, at: 3 });
    assert.deepEqual(h.entries().map((e) => e.id), [prof.id, ex.id, run.id]);
    assert.deepEqual(h.entries().map((e) => summarize(e, false).mode), ['profile', 'explain', 'run']);
    assert.equal(run.graph.description, gsd.store.description, 'the graph defaults to the result’s store');
  });

  it('bounds unpinned entries to the limit, dropping the oldest, and never drops a pinned one', () => {
    const h = new ResultHistory(3);
    const first = h.add({ result: gsd, at: 0 });
    assert.equal(h.pin(first.id, true), true);
    const ids = [1, 2, 3, 4, 5].map((at) => h.add({ result: gsd, at }).id);
    assert.equal(h.size, 4);
    assert.deepEqual(h.entries().map((e) => e.id), [...ids.slice(2).reverse(), first.id]);
    // Unpinning puts it back under the limit: it is now the oldest unpinned one, so it goes.
    h.pin(first.id, false);
    assert.equal(h.get(first.id), undefined);
    assert.equal(h.size, 3);
  });

  it('filters by plan, graph and strategy', () => {
    const h = new ResultHistory();
    h.add({ result: gsd, at: 1 });
    h.add({ result: cypher, at: 2, graph: { description: 'other graph', fingerprint: 'f2' } });
    h.add({ result: { ...gsd, plan: 'another' }, at: 3 });
    assert.deepEqual(h.entries({ plan: 'co_actor_languages' }).map((e) => e.result.strategy), ['cypher', 'gsd']);
    assert.deepEqual(h.entries({ graph: 'other graph' }).map((e) => e.result.strategy), ['cypher']);
    assert.deepEqual(h.entries({ strategy: 'gsd' }).map((e) => e.result.plan), ['another', 'co_actor_languages']);
    assert.deepEqual(h.entries({ plan: 'co_actor_languages', strategy: 'mor' }), []);
  });

  it('answers false for unknown ids and rejects a limit below one', () => {
    const h = new ResultHistory();
    assert.equal(h.pin('h99', true), false);
    assert.equal(h.remove('h99'), false);
    assert.throws(() => new ResultHistory(0), /positive integer/);
  });
});

describe('summarize', () => {
  it('says an Explain did not execute, and carries graph, plan edit and source', () => {
    const h = new ResultHistory();
    const e = h.add({ result: explain, at: 5, graph: { description: 'g', fingerprint: 'fp' }, source: { label: 'co_actors.kgp' }, planText: 'plan x {}' });
    const s = summarize(e, true);
    assert.equal(s.executed, false);
    assert.equal(s.mode, 'explain');
    assert.deepEqual(s.graph, { description: 'g', fingerprint: 'fp' });
    assert.equal(s.source, 'co_actors.kgp');
    assert.equal(s.planEdited, true);
    const checked = validateHostMessage({ type: 'history', entries: [s], current: e.id });
    assert.equal(checked.ok, true, checked.ok ? '' : checked.error);
  });
});
