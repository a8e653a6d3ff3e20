import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareResults } from '../../../src/core/compare';
import { answerStatus, diffGraph, resultLine, sideText, signed, statusText } from '../../../webview/model/compareGraph';
import { staleReasons, staleText, staleTitle } from '../../../webview/model/stale';
import { fixture } from './fixtures';

const cmp = compareResults([{ id: 'g', result: fixture('real-gsd') }, { id: 'c', result: fixture('real-cypher') }, { id: 'm', result: fixture('real-mor') }]);

describe('the compare view models', () => {
  it('draws the diff as one graph model: every node and edge tagged with its side in words', () => {
    const pair = cmp.pairs[0]!;
    const g = diffGraph(pair, 'A', 'B');
    assert.equal(g.nodes.length, pair.subgraph.nodes.length);
    assert.equal(g.edges.length, pair.subgraph.edges.length);
    for (const n of g.nodes) {
      const tag = n.side === 'a' ? '[A]' : n.side === 'b' ? '[B]' : '[A+B]';
      assert.ok(n.caption.endsWith(tag), n.caption);
      assert.equal(g.sides.get(n.id), n.side);
    }
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) assert.ok(ids.has(e.source) && ids.has(e.target), `edge ${e.id} ends at drawn nodes`);
  });

  it('says how each answer fared against A, with ranks', () => {
    for (const row of cmp.answers) {
      const s = answerStatus(row, 1);
      const [ra, rb] = [row.ranks[0], row.ranks[1]];
      assert.equal(s.kind, ra !== null && rb !== null ? 'kept' : rb !== null ? 'gained' : ra !== null ? 'lost' : 'absent');
    }
    assert.equal(statusText({ kind: 'gained', rankB: 2 }, 'A', 'C'), 'gained: #2 in C, not in A');
    assert.equal(statusText({ kind: 'lost', rankA: 1 }, 'A', 'B'), 'lost: #1 in A, not in B');
    assert.equal(statusText({ kind: 'kept', rankA: 3, rankB: 1 }, 'A', 'B'), 'kept: #3 in A → #1 in B');
    assert.equal(statusText({ kind: 'kept', rankA: 2, rankB: 2 }, 'A', 'B'), 'kept at #2');
    assert.equal(sideText('both', 'A', 'C'), 'in A and C');
  });

  it('labels results and deltas for people', () => {
    assert.match(resultLine(cmp.results[0]!), /^A · gsd · co_actor_languages \(3 answers, \d+ ms\)$/);
    assert.equal(resultLine({ ...cmp.results[1]!, executed: false }).includes('not executed'), true);
    assert.equal(signed(0), '±0');
    assert.equal(signed(-2), '−2');
    assert.equal(signed(12.34, 1), '+12.3');
  });
});

describe('stale results', () => {
  const graph = { description: 'g1', fingerprint: 'f1' };
  it('is not stale before a graph is known, nor on the same graph and data', () => {
    assert.deepEqual(staleReasons(graph, false, undefined), []);
    assert.deepEqual(staleReasons(graph, false, { description: 'g1', fingerprint: 'f1' }), []);
    assert.deepEqual(staleReasons({ description: 'g1' }, false, { description: 'g1', fingerprint: 'f9' }), [], 'an unknown fingerprint is not a change');
  });
  it('names each reason: another graph, changed data, an edited plan', () => {
    assert.deepEqual(staleReasons(graph, false, { description: 'g2' }), ['other-graph']);
    assert.deepEqual(staleReasons(graph, true, { description: 'g1', fingerprint: 'f2' }), ['graph-changed', 'plan-edited']);
    assert.deepEqual(staleReasons(graph, true, undefined), ['plan-edited']);
    assert.equal(staleText(['other-graph']), 'stale — from another graph');
    assert.equal(staleText(['graph-changed', 'plan-edited']), 'stale — the graph changed since; the plan was edited since');
    assert.match(staleTitle(['graph-changed'], graph, { description: 'g1', fingerprint: 'f2' }), /f1 → f2/);
  });
});
