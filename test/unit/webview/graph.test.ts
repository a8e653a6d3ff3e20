import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LABEL_PALETTE, labelColors, labelSlots } from '../../../webview/model/colors';
import {
  chooseLayout, FORCE_LAYOUT_LIMIT, graphModel, labelCounts, layeredPositions, nodeProperties, ringPositions, selectSubgraphs, stepRank, withExpansions,
} from '../../../webview/model/graph';
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
    const m = graphModel(selectSubgraphs(result.subgraphs, { kind: 'all', rank: 1 }));
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

describe('the union view, colours and expansion', () => {
  it('captions the union with names only; one subgraph keeps its variables', () => {
    const result = fixture('gsd');
    const union = graphModel(selectSubgraphs(result.subgraphs, { kind: 'all', rank: 2 }), 'names');
    assert.equal(union.nodes.find((n) => n.id === 'Movie:1187')!.caption, 'The Vow');
    assert.deepEqual(union.nodes.find((n) => n.id === 'Movie:1187')!.variables, ['vow']);
    // Edges know their subgraphs, so the selected rank can be highlighted in the union.
    assert.ok(union.edges.every((e) => e.ranks.length > 0));
    assert.ok(union.edges.some((e) => !e.ranks.includes(2)));
  });

  it('steps through ranks, clamped at both ends', () => {
    assert.equal(stepRank([1, 2, 3], 1, -1), 1);
    assert.equal(stepRank([1, 2, 3], 1, 1), 2);
    assert.equal(stepRank([1, 2, 3], 3, 1), 3);
    assert.equal(stepRank([1, 2, 3], 7, 1), 1);
  });

  it('gives each label a stable palette slot, distinct within a set while the palette lasts', () => {
    const a = labelSlots(['Movie', 'Person', 'Genre', 'Language', 'Year', 'Tag']);
    const b = labelSlots(['Tag', 'Year', 'Language', 'Genre', 'Person', 'Movie', 'Movie']);
    assert.deepEqual([...a].sort(), [...b].sort());
    assert.equal(new Set(a.values()).size, 6);
    for (const v of a.values()) assert.ok(v >= 0 && v < LABEL_PALETTE.length);
    // A label alone keeps the slot it has in a bigger set unless another took it first.
    assert.equal(labelSlots(['Movie']).get('Movie'), labelSlots(['Movie', 'Zebra']).get('Movie'));
    // Passing the map back keeps every assigned slot when new labels arrive (an expansion).
    const grown = labelSlots(['Genre', 'Tag', 'Year', 'Movie', 'Person', 'Language'], labelSlots(['Movie', 'Person', 'Language']));
    for (const l of ['Movie', 'Person', 'Language']) assert.equal(grown.get(l), labelSlots(['Movie', 'Person', 'Language']).get(l), l);
    assert.equal(new Set(grown.values()).size, 6);
    const many = labelSlots(Array.from({ length: 25 }, (_, i) => `L${i}`));
    assert.equal(many.size, 25);
    const colours = labelColors((name) => (name === '--vscode-charts-green' ? '#89D185' : undefined));
    assert.equal(colours.length, LABEL_PALETTE.length);
    assert.equal(colours[2], '#89d185');
    assert.equal(colours[0], '#3794ff', 'the fallback when the theme lacks a variable');
  });

  it('counts labels for the legend', () => {
    const m = graphModel(fixture('gsd').subgraphs);
    const counts = new Map(labelCounts(m));
    assert.equal([...counts.values()].reduce((x, y) => x + y, 0), m.nodes.length);
    assert.deepEqual([...counts.keys()], [...counts.keys()].sort());
  });

  it('adds expansions around drawn nodes only, marked, without duplicating what is drawn', () => {
    const base = graphModel(selectSubgraphs(fixture('gsd').subgraphs, { kind: 'one', rank: 1 }));
    const vow = 'Movie:1187';
    const existing = base.nodes.find((n) => n.id !== vow)!;
    const x = withExpansions(base, [
      {
        nodeId: vow,
        nodes: [{ id: 'Person:1', name: 'Michael Sucsy', labels: ['Person'] }, { id: existing.id, name: existing.name, labels: [...existing.labels] }],
        edges: [{ source: vow, target: 'Person:1', type: 'directed_by' }, { source: vow, target: existing.id, type: 'new_type' }],
        total: 9,
      },
      // Its anchor is not drawn: ignored.
      { nodeId: 'Nowhere:1', nodes: [{ id: 'Ghost:1', name: 'ghost', labels: [] }], edges: [], total: 1 },
      // Expanding an expanded node works.
      { nodeId: 'Person:1', nodes: [{ id: 'Movie:9', name: 'Grey Gardens', labels: ['Movie'] }], edges: [{ source: 'Movie:9', target: 'Person:1', type: 'directed_by' }], total: 1 },
    ]);
    assert.equal(x.nodes.length, base.nodes.length + 2);
    assert.deepEqual(x.nodes.filter((n) => n.expanded).map((n) => n.name), ['Michael Sucsy', 'Grey Gardens']);
    assert.ok(!x.nodes.some((n) => n.id === 'Ghost:1'));
    assert.equal(x.nodes.find((n) => n.id === existing.id)!.expanded, false);
    assert.deepEqual(x.edges.filter((e) => e.expanded).map((e) => e.type).sort(), ['directed_by', 'directed_by', 'new_type']);
    assert.equal(nodeProperties(x.nodes.find((n) => n.id === 'Movie:9')!).find(([k]) => k === 'subgraphs')![1], 'none (an expanded neighbour)');
    assert.equal(withExpansions(base, []), base);
  });

  it('rings new neighbours around the expanded node', () => {
    const ring = ringPositions({ x: 10, y: 20 }, 4, 100);
    assert.equal(ring.length, 4);
    for (const p of ring) assert.ok(Math.abs(Math.hypot(p.x - 10, p.y - 20) - 100) < 1e-9);
    assert.equal(new Set(ring.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`)).size, 4);
  });
});
