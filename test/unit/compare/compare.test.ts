import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answerChanges, compareResults, retrievedGraph, subgraphDiff, MOR_STEP } from '../../../src/core/compare';
import type { MatchedSubgraph, RetrievalResult } from '../../../src/contracts/retrievalResult';
import { validateHostMessage } from '../../../src/contracts/inspector/validate';
import { fixture } from '../webview/fixtures';

/** A small result: answers by value, one subgraph per triple list. */
function result(over: Partial<RetrievalResult> & { answers: RetrievalResult['answers'] }): RetrievalResult {
  return {
    id: 'r',
    plan: 'p',
    strategy: 'gsd',
    store: { kind: 'embedded', description: 'g1' },
    subgraphs: [],
    timings: { totalMs: 10, candidatesMs: 4, searchMs: 6 },
    stats: {},
    ...over,
  };
}

function sub(rank: number, gsd: number, triples: Array<[string, string, string]>): MatchedSubgraph {
  return {
    rank,
    gsd,
    mapping: [],
    terms: [],
    triples: triples.map(([s, t, o]) => ({ source: s, type: t, target: o, sourceName: `name ${s}`, targetName: `name ${o}` })),
  };
}

describe('answerChanges', () => {
  it('reports gained with B ranks, lost with A ranks, kept with both', () => {
    const a = result({ answers: [{ value: 'x', score: 0.1 }, { value: 'y', score: 0.2 }, { value: 'z', score: 0.3 }] });
    const b = result({ answers: [{ value: 'z', score: 0.05 }, { value: 'w', score: 0.4 }, { value: 'x', score: 0.5 }] });
    const c = answerChanges(a, b);
    assert.deepEqual(c.gained, [{ value: 'w', rankB: 2, scoreB: 0.4 }]);
    assert.deepEqual(c.lost, [{ value: 'y', rankA: 2, scoreA: 0.2 }]);
    assert.deepEqual(c.kept, [
      { value: 'x', rankA: 1, rankB: 3, scoreA: 0.1, scoreB: 0.5 },
      { value: 'z', rankA: 3, rankB: 1, scoreA: 0.3, scoreB: 0.05 },
    ]);
  });

  it('uses the first rank of a value returned twice', () => {
    const a = result({ answers: [{ value: 'x', score: 1 }, { value: 'x', score: 2 }] });
    const b = result({ answers: [{ value: 'q', score: 1 }, { value: 'x', score: 2 }] });
    assert.deepEqual(answerChanges(a, b).kept, [{ value: 'x', rankA: 1, rankB: 2, scoreA: 1, scoreB: 2 }]);
  });

  it('finds no gains or losses against an Explain result (nothing ran)', () => {
    const a = result({ answers: [{ value: 'x', score: 1 }] });
    const explain = result({ strategy: 'cypher', answers: [], cypher: { text: 'MATCH (n) RETURN n', params: {}, dialect: 'kuzu', mode: 'explain' } });
    assert.deepEqual(answerChanges(a, explain), { gained: [], lost: [], kept: [] });
    const cmp = compareResults([{ id: 'a', result: a }, { id: 'e', result: explain }]);
    assert.equal(cmp.results[1]!.executed, false);
    assert.deepEqual(cmp.answers, [{ value: 'x', ranks: [1, null] }]);
    assert.equal(cmp.pairs[0]!.scores.find((s) => s.name === 'answers'), undefined, 'no answer-count delta against nothing run');
  });

  it('agrees with a brute-force set comparison on the real gsd and cypher outputs', () => {
    const a = fixture('real-gsd');
    const b = fixture('real-cypher');
    const c = answerChanges(a, b);
    const va = a.answers.map((x) => x.value);
    const vb = b.answers.map((x) => x.value);
    assert.deepEqual(c.gained.map((x) => x.value).sort(), vb.filter((v) => !va.includes(v)).sort());
    assert.deepEqual(c.lost.map((x) => x.value).sort(), va.filter((v) => !vb.includes(v)).sort());
    for (const k of c.kept) {
      assert.equal(va.indexOf(k.value) + 1, k.rankA);
      assert.equal(vb.indexOf(k.value) + 1, k.rankB);
    }
  });
});

describe('subgraphDiff', () => {
  it('splits nodes and edges into only-A, only-B and both (one graph: by id)', () => {
    const a = result({ answers: [], subgraphs: [sub(1, 0, [['1', 'ACTED_IN', '2'], ['2', 'IN_LANGUAGE', '3']])] });
    const b = result({ answers: [], subgraphs: [sub(1, 0, [['1', 'ACTED_IN', '2'], ['2', 'DIRECTED', '4']])] });
    const d = subgraphDiff(a, b);
    assert.equal(d.matchedBy, 'id');
    const side = Object.fromEntries(d.nodes.map((n) => [n.key, n.side]));
    assert.deepEqual(side, { '1': 'both', '2': 'both', '3': 'a', '4': 'b' });
    const edges = Object.fromEntries(d.edges.map((e) => [e.key, e.side]));
    assert.deepEqual(edges, { '1|ACTED_IN|2': 'both', '2|IN_LANGUAGE|3': 'a', '2|DIRECTED|4': 'b' });
    assert.deepEqual(d.nodeCounts, { a: 1, b: 1, both: 2 });
    assert.deepEqual(d.edgeCounts, { a: 1, b: 1, both: 1 });
  });

  it('matches nodes by name across two graphs (ids name other nodes there)', () => {
    const a = result({ answers: [], subgraphs: [sub(1, 0, [['1', 'R', '2']])] });
    // Same names under other ids in another graph.
    const b = result({
      answers: [],
      store: { kind: 'embedded', description: 'g2' },
      subgraphs: [{ rank: 1, gsd: 0, mapping: [], terms: [], triples: [{ source: '9', type: 'R', target: '8', sourceName: 'name 1', targetName: 'name 2' }] }],
    });
    const d = subgraphDiff(a, b);
    assert.equal(d.matchedBy, 'name');
    assert.deepEqual(d.nodes.map((n) => [n.key, n.side]), [['name 1', 'both'], ['name 2', 'both']]);
    assert.deepEqual(d.edges.map((e) => [e.key, e.side]), [['name 1|R|name 2', 'both']]);
  });

  it('draws MoR trajectories: structural steps are edges, text hits are not', () => {
    const mor = fixture('real-mor');
    const g = retrievedGraph(mor);
    for (const t of mor.trajectory!.trajectories) for (const n of t.nodes) assert.ok(g.nodes.has(n.nodeId));
    const structural = new Set<string>();
    for (const t of mor.trajectory!.trajectories) {
      t.nodes.forEach((n, i) => {
        if (i > 0 && t.traversalIdentifier[i] === 'structural') structural.add(`${t.nodes[i - 1]!.nodeId}|${MOR_STEP}|${n.nodeId}`);
      });
    }
    assert.deepEqual(new Set(g.edges.keys()), structural);
  });

  it('partitions the union of the real gsd and cypher graphs exactly (brute force)', () => {
    const a = fixture('real-gsd');
    const b = fixture('real-cypher');
    const d = subgraphDiff(a, b);
    const ids = (r: RetrievalResult) => new Set([...r.subgraphs.flatMap((s) => [...s.mapping.map((m) => m.nodeId), ...s.triples.flatMap((t) => [t.source, t.target])]), ...r.answers.flatMap((x) => (x.nodeId ? [x.nodeId] : []))]);
    const ia = ids(a);
    const ib = ids(b);
    for (const n of d.nodes) assert.equal(n.side, ia.has(n.key) && ib.has(n.key) ? 'both' : ia.has(n.key) ? 'a' : 'b', n.key);
    assert.equal(d.nodes.length, new Set([...ia, ...ib]).size);
    assert.equal(d.nodeCounts.a + d.nodeCounts.b + d.nodeCounts.both, d.nodes.length);
  });
});

describe('compareResults', () => {
  it('compares A with every other result, letters in order, timings and scores', () => {
    const a = result({ answers: [{ value: 'x', score: 0.5 }], subgraphs: [sub(1, 0.5, [])], timings: { totalMs: 10, candidatesMs: 4, searchMs: 6 } });
    const b = result({ answers: [{ value: 'x', score: 0.2 }, { value: 'y', score: 0.3 }], subgraphs: [sub(1, 0.2, []), sub(2, 0.3, [])], timings: { totalMs: 25, candidatesMs: 5, searchMs: 20 } });
    const c = result({ strategy: 'mor', answers: [{ value: 'y', score: 3 }], timings: { totalMs: 7, candidatesMs: 1, searchMs: 6, rerankMs: 1 } });
    const cmp = compareResults([{ id: 'h1', result: a }, { id: 'h2', result: b }, { id: 'h3', result: c }]);
    assert.deepEqual(cmp.results.map((r) => r.letter), ['A', 'B', 'C']);
    assert.deepEqual(cmp.answers, [{ value: 'x', ranks: [1, 1, null] }, { value: 'y', ranks: [null, 2, 1] }]);
    const [ab, ac] = cmp.pairs;
    assert.equal(ab!.b, 1);
    assert.deepEqual(ab!.timings.map((t) => [t.name, t.delta]), [['totalMs', 15], ['candidatesMs', 1], ['searchMs', 14]]);
    assert.deepEqual(ab!.scores.map((s) => [s.name, s.a, s.b]), [['answers', 1, 2], ['best GSD (lower is better)', 0.5, 0.2]]);
    assert.equal(ab!.scoreNote, undefined);
    assert.deepEqual(ac!.scores.map((s) => s.name), ['answers']);
    assert.match(ac!.scoreNote!, /gsd and mor rank by different measures/);
    assert.deepEqual(ac!.gained.map((g) => g.value), ['y']);
    assert.deepEqual(ac!.lost.map((g) => g.value), ['x']);
  });

  it('refuses fewer than two results', () => {
    assert.throws(() => compareResults([{ id: 'a', result: result({ answers: [] }) }]), /at least two results/);
  });

  it('passes the inspector message validator (what the host sends is what the webview accepts)', () => {
    const cmp = compareResults([{ id: 'g', result: fixture('real-gsd') }, { id: 'c', result: fixture('real-cypher') }, { id: 'm', result: fixture('real-mor') }]);
    const checked = validateHostMessage(JSON.parse(JSON.stringify({ type: 'compare', comparison: cmp })));
    assert.equal(checked.ok, true, checked.ok ? '' : checked.error);
  });
});
