import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PlanTree } from '../../../src/core/graph/graphStore';
import { toCanvasColor, graphPalette } from '../../../webview/model/colors';
import { tokenizeCypher } from '../../../webview/model/cypherTokens';
import { formatDistance, formatMs, sum } from '../../../webview/model/format';
import { planView } from '../../../webview/model/plan';
import { humanize, statsView } from '../../../webview/model/stats';
import { escapeXml, graphToSvg } from '../../../webview/model/svg';
import { routeSteps, trajectoryView } from '../../../webview/model/trajectory';
import { fixture } from './fixtures';

describe('planView', () => {
  it('flattens the tree with paths and marks the hottest operator by time', () => {
    const plan = fixture('cypher').cypher!.plan!;
    const v = planView(plan);
    assert.equal(v.rows.length, 10);
    assert.equal(v.metric, 'timeMs');
    const hottest = v.rows.filter((r) => r.hottest);
    assert.equal(hottest.length, 1);
    assert.equal(hottest[0]!.operator, 'SCAN_NODE_TABLE');
    assert.equal(hottest[0]!.timeMs, 1.87);
    assert.equal(v.rows[0]!.path, '0');
    assert.deepEqual(v.rows[0]!.childPaths, ['0.0']);
    assert.deepEqual(v.columns, ['estimatedRows', 'rows', 'timeMs']);
    assert.ok(Math.abs(v.totals.timeMs! - 4.19) < 1e-9);
  });

  it('falls back to db hits, then estimates, when time is missing (Neo4j EXPLAIN/PROFILE shapes)', () => {
    const neo: PlanTree = {
      operator: 'ProduceResults', dbHits: 0, rows: 2, children: [
        { operator: 'Expand(All)', dbHits: 57, rows: 3, children: [{ operator: 'NodeIndexSeek', dbHits: 4, rows: 1, children: [] }] },
      ],
    };
    const v = planView(neo);
    assert.equal(v.metric, 'dbHits');
    assert.equal(v.rows.find((r) => r.hottest)!.operator, 'Expand(All)');
    assert.deepEqual(v.columns, ['rows', 'dbHits']);
    const explain: PlanTree = { operator: 'A', estimatedRows: 1, children: [{ operator: 'B', estimatedRows: 90, children: [] }] };
    assert.equal(planView(explain).rows.find((r) => r.hottest)!.operator, 'B');
    assert.equal(planView({ operator: 'X', children: [] }).metric, null);
  });
});

describe('tokenizeCypher', () => {
  it('gives back the input exactly and classifies the parts', () => {
    const text = fixture('cypher').cypher!.text;
    const tokens = tokenizeCypher(text);
    assert.equal(tokens.map((t) => t.text).join(''), text);
    const of = (k: string) => tokens.filter((t) => t.kind === k).map((t) => t.text);
    assert.deepEqual(of('comment'), ['// plan vow_director_films']);
    assert.deepEqual(of('param'), ['$vow_name']);
    assert.ok(of('keyword').includes('MATCH') && of('keyword').includes('DISTINCT') && of('keyword').includes('LIMIT'));
    assert.deepEqual(of('label'), [':Movie', ':directed_by', ':Person', ':Movie', ':directed_by']);
    assert.deepEqual(of('number'), ['100']);
  });

  it('keeps keywords inside strings and comments as strings and comments', () => {
    const tokens = tokenizeCypher("RETURN 'MATCH (n)' /* WHERE */ , count(n)");
    assert.deepEqual(tokens.filter((t) => t.kind !== 'text').map((t) => [t.kind, t.text]), [
      ['keyword', 'RETURN'], ['string', "'MATCH (n)'"], ['comment', '/* WHERE */'], ['keyword', 'count'],
    ]);
    const fn = tokenizeCypher('RETURN toLower(n.name)');
    assert.deepEqual(fn.find((t) => t.kind === 'function')?.text, 'toLower');
  });

  it('survives unterminated strings and comments', () => {
    for (const text of ["MATCH (n {name: 'abc", 'MATCH /* open', '"x\\"']) {
      assert.equal(tokenizeCypher(text).map((t) => t.text).join(''), text);
    }
  });
});

describe('trajectoryView', () => {
  it('shows SF and TI over the whole route: a four-node MoR path has four categories (real kgrag run output)', () => {
    const trace = fixture('real-mor').trajectory!;
    const v = trajectoryView(trace);
    const four = v.trajectories.filter((t) => t.routeSteps.length === 4);
    assert.ok(four.length > 0, 'the fixture has four-node routes');
    for (const t of four) {
      const given = trace.trajectories.find((x) => x.candidate === t.candidate)!;
      assert.equal(given.structuralFingerprint.length, 3, 'the result carries the reranker’s three');
      assert.equal(t.sf, '[Person, Movie, Person, Movie]', `${t.route}: ${t.sf}`);
      assert.equal(t.ti, '[seed, structural, structural, structural]');
      // What the reranker saw: the first step and the last two.
      assert.equal(t.rerankerInput, `SF [${given.structuralFingerprint.join(', ')}], TI [${given.traversalIdentifier.join(', ')}]`);
      assert.deepEqual(t.routeSteps.map((s) => s.name), given.nodes.map((n) => n.name));
    }
    // A route starting at a text hit in a later layer: aligned from the end, first step textual.
    const late = v.trajectories.find((t) => t.routeSteps.length === 3)!;
    assert.ok(late, 'the fixture has a route that starts at layer 2');
    assert.equal(late.sf, '[Movie, Person, Movie]');
    assert.equal(late.ti, '[textual, structural, structural]');
    assert.equal(late.rerankerInput, null, 'three steps: the reranker saw the whole route');
  });

  it('falls back to the given features when no layer of the trace holds the route', () => {
    const trace = fixture('mor').trajectory!;
    const t = { ...trace.trajectories[0]!, nodes: [{ nodeId: 'X:1', name: 'x' }, { nodeId: 'X:2', name: 'y' }, { nodeId: 'X:3', name: 'z' }] };
    const steps = routeSteps(trace, t);
    assert.deepEqual(steps.map((s) => s.category), ['Movie', 'Person', 'Movie']);
    const longer = { ...t, nodes: [...t.nodes, { nodeId: 'X:4', name: 'w' }] };
    assert.deepEqual(routeSteps(trace, longer).map((s) => s.category), [null, null, null, null]);
    const row = trajectoryView({ ...trace, trajectories: [longer] }).trajectories[0]!;
    assert.equal(row.sf, '[?, ?, ?, ?]');
    assert.notEqual(row.rerankerInput, null);
  });

  it('orders layers, sorts text hits by score and ranks trajectories', () => {
    const v = trajectoryView(fixture('mor').trajectory!);
    assert.equal(v.paths.length, 2);
    assert.equal(v.paths[0]!.title, 'Path 1: vow → d → film');
    assert.deepEqual(v.paths[0]!.layers.map((l) => l.kept), [3, 3, 5]);
    assert.deepEqual(v.paths[0]!.layers[0]!.textual.map((n) => n.score), [0.98, 0.81, 0.73]);
    assert.deepEqual(v.trajectories.map((t) => t.name), ['Grey Gardens', 'The Vow', 'Dead Poets Society', 'Monsoon Wedding']);
    assert.equal(v.trajectories[0]!.tf, '[0.98, 0.00, 0.00, 0.12]');
    assert.equal(v.trajectories[0]!.ti, '[seed, structural, structural]');
    assert.equal(v.trajectories[0]!.route, 'The Vow → Michael Sucsy → Grey Gardens');
    assert.ok(v.trajectories.every((t) => t.survived));
    assert.match(v.combination, /intersection/);
  });

  it('counts hits found both ways', () => {
    const v = trajectoryView({
      paths: [{ index: 0, variables: ['x'], layers: [{ layer: 1, variable: 'x', structural: [{ nodeId: 'a', name: 'A' }], textual: [{ nodeId: 'a', name: 'A', score: 0.5 }, { nodeId: 'b', name: 'B', score: 0.9 }], kept: 2 }] }],
      survivors: [], combination: 'union-fallback', trajectories: [], reranker: 'r',
    });
    assert.equal(v.paths[0]!.layers[0]!.overlap, 1);
    assert.deepEqual(v.paths[0]!.layers[0]!.textual.map((n) => n.nodeId), ['b', 'a']);
    assert.match(v.combination, /union/);
  });
});

describe('statsView', () => {
  it('turns timings into phases with shares and keeps every counter', () => {
    const r = fixture('gsd');
    const v = statsView(r);
    assert.deepEqual(v.timings.map((t) => t.phase), ['candidates', 'search', 'snapshot', 'total']);
    assert.ok(Math.abs(v.timings[0]!.share! - 12.8 / 41.3) < 1e-12);
    assert.equal(v.timings.at(-1)!.share, null);
    assert.deepEqual(v.counters.map(([k]) => k), ['node candidates', 'relation candidates', 'expansions', 'pruned branches', 'subgraphs found']);
    assert.equal(humanize('prunedBranches'), 'pruned branches');
    assert.equal(humanize('rerankMs'), 'rerank');
    assert.equal(v.placement, undefined, 'an older result records no placement');
    assert.deepEqual(v.storeIo, []);
  });

  it('shows where a store-placement run searched, why, and its round trips, rows read and store time', () => {
    const r = { ...fixture('gsd'), placement: { requested: 'auto' as const, ran: 'store' as const, reason: 'over the memory budget of 512 MB' }, storeIo: { roundTrips: 3, rowsRead: 412, serverMs: 7.25 } };
    const v = statsView(r);
    assert.deepEqual(v.placement, { ran: 'store', requested: 'auto', reason: 'over the memory budget of 512 MB' });
    assert.deepEqual(v.storeIo, [
      ['round trips', '3'],
      ['rows read', '412'],
      ['store time', '7.3 ms'],
    ]);
  });
});

describe('graphToSvg', () => {
  it('escapes every label and draws one circle per node, one line per edge', () => {
    const svg = graphToSvg(
      [
        { id: 'a', x: 0, y: 0, label: '<img src=x onerror=alert(1)>', mapped: true },
        { id: 'b', x: 100, y: 50, label: 'Tom & "Jerry"', mapped: false },
      ],
      [{ source: 'a', target: 'b', label: '</text><script>x</script>' }, { source: 'a', target: 'missing', label: 'dropped' }],
      { background: '#000000', foreground: '#ffffff', node: '#0000ff', mappedNode: '#ff8800', edge: '#888888' },
    );
    assert.equal((svg.match(/<circle /g) ?? []).length, 2);
    assert.equal((svg.match(/<line /g) ?? []).length, 1);
    assert.ok(!svg.includes('<img') && !svg.includes('<script'));
    assert.ok(svg.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(svg.includes('Tom &amp; &quot;Jerry&quot;'));
    assert.ok(!svg.includes('dropped'));
    assert.equal(escapeXml(`'`), '&apos;');
  });
});

describe('colors and formatting', () => {
  it('normalises VS Code colours for the canvas', () => {
    assert.equal(toCanvasColor('#ABC', 'x'), '#aabbcc');
    assert.equal(toCanvasColor('#cccccc80', 'x'), '#cccccc');
    assert.equal(toCanvasColor(' rgba(1, 2, 3, 0.5) ', 'x'), 'rgb(1, 2, 3)');
    assert.equal(toCanvasColor('var(--x)', '#123456'), '#123456');
    assert.equal(toCanvasColor(undefined, '#123456'), '#123456');
    const p = graphPalette((name) => (name === '--vscode-charts-orange' ? '#ff0000' : undefined));
    assert.equal(p.mappedNode, '#ff0000');
    assert.equal(p.node, '#3794ff');
  });

  it('formats distances and times', () => {
    assert.equal(formatDistance(0), '0');
    assert.equal(formatDistance(0.24), '0.240');
    assert.equal(formatDistance(1.5), '1.50');
    assert.equal(formatMs(0.014), '0.01 ms');
    assert.equal(formatMs(41.3), '41.3 ms');
    assert.equal(formatMs(2500), '2.50 s');
    assert.equal(sum([0.1, 0.2]), 0.3);
  });
});
