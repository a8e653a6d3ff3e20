import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLayout, FORCE_LAYOUT_LIMIT, graphModel, layeredPositions, nodeProperties, selectSubgraphs } from '../../../webview/model/graph';
import { largeResult } from '../../vscode/ui/inspector-fixtures.mjs';
import { fixture } from './fixtures';

describe('graphModel', () => {
  it('draws one subgraph: its mapped nodes with variables, its triples as edges', () => {
    const result = fixture('gsd');
    const m = graphModel(selectSubgraphs(result.subgraphs, { kind: 'one', rank: 1 }));
    assert.equal(m.nodes.length, 4);
    assert.equal(m.edges.length, 3);
    const vow = m.nodes.find((n) => n.id === 'Movie:1187')!;
    assert.deepEqual(vow.variables, ['vow']);
    assert.equal(vow.caption, 'vow: The Vow');
    assert.deepEqual(vow.labels, ['Movie']);
    assert.deepEqual(m.edges.map((e) => e.patternEdges[0]).sort(), ['e0', 'e1', 'e2']);
  });

  it('overlays all subgraphs, deduplicating shared nodes and edges', () => {
    const result = fixture('gsd');
    const m = graphModel(selectSubgraphs(result.subgraphs, { kind: 'all' }));
    // The Vow, Rachel McAdams and the starred_actors edge between them are in #1 and #2.
    const distinct = new Set(result.subgraphs.flatMap((s) => s.mapping.map((x) => x.nodeId)));
    assert.equal(m.nodes.length, distinct.size);
    assert.deepEqual(m.nodes.find((n) => n.id === 'Movie:1187')!.ranks, [1, 2, 3]);
    const shared = m.edges.filter((e) => e.source === 'Movie:1187' && e.target === 'Person:4410');
    assert.equal(shared.length, 1);
  });

  it('adds triple endpoints that no variable mapped, without a variable', () => {
    const m = graphModel([{ rank: 1, gsd: 0, mapping: [], terms: [], triples: [{ source: 'A:1', target: 'B:2', type: 'r', sourceName: 'a', targetName: 'b' }] }]);
    assert.deepEqual(m.nodes.map((n) => [n.id, n.caption, n.variables.length]), [['A:1', 'a', 0], ['B:2', 'b', 0]]);
    assert.deepEqual(m.edges[0]!.patternEdges, []);
  });

  it('lists node properties for the hover card', () => {
    const m = graphModel(fixture('gsd').subgraphs.slice(0, 1));
    const props = Object.fromEntries(nodeProperties(m.nodes[0]!));
    assert.equal(props.name, 'The Vow');
    assert.equal(props.id, 'Movie:1187');
    assert.equal(props.variables, 'vow');
  });
});

describe('layouts', () => {
  it('uses the force layout for small graphs and the layered one above the limit', () => {
    const small = graphModel(fixture('gsd').subgraphs);
    assert.equal(chooseLayout(small), 'cose');
    const big = graphModel(largeResult(2000, 100).subgraphs);
    assert.equal(big.nodes.length, 2000);
    assert.ok(big.nodes.length > FORCE_LAYOUT_LIMIT);
    assert.equal(chooseLayout(big), 'layered');
    assert.equal(chooseLayout({ nodes: small.nodes, edges: [] }), 'grid');
  });

  it('layered positions: every node placed once, sources above their targets, no two nodes on one spot', () => {
    const big = graphModel(largeResult(2000, 100).subgraphs);
    const pos = layeredPositions(big);
    assert.equal(pos.size, big.nodes.length);
    const spots = new Set([...pos.values()].map((p) => `${p.x},${p.y}`));
    assert.equal(spots.size, big.nodes.length);
    for (const e of big.edges) assert.ok(pos.get(e.source)!.y < pos.get(e.target)!.y, `${e.source} above ${e.target}`);
    // Packed in rows rather than one 100-wide strip.
    const xs = [...pos.values()].map((p) => p.x);
    const ys = [...pos.values()].map((p) => p.y);
    const aspect = (Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys));
    assert.ok(aspect > 0.3 && aspect < 4, `aspect ${aspect}`);
  });

  it('layered positions survive cycles (no sources)', () => {
    const m = graphModel([{ rank: 1, gsd: 0, mapping: [], terms: [], triples: [
      { source: 'a', target: 'b', type: 'r', sourceName: 'a', targetName: 'b' },
      { source: 'b', target: 'a', type: 'r', sourceName: 'b', targetName: 'a' },
    ] }]);
    const pos = layeredPositions(m);
    assert.equal(pos.size, 2);
    assert.notEqual(pos.get('a')!.y, pos.get('b')!.y);
  });
});
