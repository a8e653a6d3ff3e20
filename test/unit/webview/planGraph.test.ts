import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PlanTree } from '../../../src/core/graph/graphStore';
import { profileToTree } from '../../../src/core/graph/neo4j/planMapping';
import { estimateGap, formatBytes, GAP_MARK_COUNT, PLAN_BOX, planGraph, wrapText } from '../../../webview/model/planGraph';
import { fixture } from './fixtures';

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('wrapText', () => {
  it('keeps every character, breaks at spaces, then punctuation, then inside a word', () => {
    const text = 'MATCH (vow:Movie)-[:directed_by]->(d:Person) WHERE lower(vow.name) = $p0 AND averyveryverylongidentifierwithoutanybreakpoint';
    const lines = wrapText(text, 20);
    for (const l of lines) assert.ok(l.length <= 20, `"${l}" is ${l.length} long`);
    assert.equal(lines.join('').replace(/\s/g, ''), text.replace(/\s/g, ''));
    assert.ok(lines.includes('averyveryverylongide'), lines.join(' | '));
    assert.deepEqual(wrapText('(vow)-[:directed_by]->(d)', 12), ['(vow)-[:', 'directed_by]', '->(d)']);
  });

  it('keeps the text’s own line breaks and drops empty lines', () => {
    assert.deepEqual(wrapText('a b\n\nc', 10), ['a b', 'c']);
  });
});

describe('planGraph', () => {
  const plan = fixture('cypher').cypher!.plan!;

  it('draws every operator once, the root at the bottom and each child above its parent', () => {
    const g = planGraph(plan);
    assert.equal(g.boxes.length, 10);
    const byPath = new Map(g.boxes.map((b) => [b.path, b]));
    const root = byPath.get('0')!;
    for (const b of g.boxes) if (b !== root) assert.ok(b.y + b.height <= root.y, `${b.operator} is above the root`);
    for (const e of g.edges) assert.ok(byPath.get(e.from)!.y + byPath.get(e.from)!.height < byPath.get(e.to)!.y, `${e.from} above ${e.to}`);
    assert.equal(g.edges.length, 9);
    for (let i = 0; i < g.boxes.length; i++) {
      for (let j = i + 1; j < g.boxes.length; j++) assert.ok(!overlaps(g.boxes[i]!, g.boxes[j]!), `${g.boxes[i]!.path} and ${g.boxes[j]!.path} overlap`);
    }
    for (const b of g.boxes) {
      assert.ok(b.x >= 0 && b.x + b.width <= g.width + 1e-9 && b.y >= 0 && b.y + b.height <= g.height + 1e-9, `${b.path} inside the drawing`);
    }
    // The hash join's two inputs sit side by side.
    const join = g.boxes.find((b) => b.operator === 'HASH_JOIN')!;
    const inputs = g.edges.filter((e) => e.to === join.path).map((e) => byPath.get(e.from)!);
    assert.equal(inputs.length, 2);
    assert.equal(inputs[0]!.y + inputs[0]!.height, inputs[1]!.y + inputs[1]!.height);
    assert.notEqual(inputs[0]!.x, inputs[1]!.x);
  });

  it('wraps details to the box instead of cutting them, and the box grows with them', () => {
    const long: PlanTree = {
      operator: 'Filter',
      details: 'cache[n.name] = $p0 AND n:Movie AND NOT (n)-[:directed_by]->(:Person {name: $excluded_director_name_parameter})',
      estimatedRows: 3,
      children: [],
    };
    const [box] = planGraph(long).boxes;
    assert.ok(box!.lines.length >= 3);
    for (const l of box!.lines) assert.ok(l.length <= PLAN_BOX.charsPerLine);
    assert.equal(box!.lines.join('').replace(/\s/g, ''), long.details!.replace(/\s/g, ''));
    const short = planGraph({ ...long, details: 'n.name' }).boxes[0]!;
    assert.ok(box!.height > short.height);
  });

  it('shows estimated and actual rows, db hits, memory and time when present', () => {
    const neo: PlanTree = {
      operator: 'ProduceResults', estimatedRows: 2, rows: 2, dbHits: 0, memoryBytes: 0, timeMs: 0.01,
      children: [{ operator: 'NodeIndexSeek', details: 'n:Movie(name) WHERE name = $p0', estimatedRows: 1, rows: 1, dbHits: 2, memoryBytes: 3 * 1024 * 1024, timeMs: 0.2, children: [] }],
    };
    const seek = planGraph(neo).boxes.find((b) => b.operator === 'NodeIndexSeek')!;
    assert.deepEqual(seek.figures.map((f) => `${f.label} ${f.value}`), ['est. rows 1', 'rows 1', 'db hits 2', 'memory 3.0 MiB', 'time 0.20 ms']);
    assert.deepEqual(seek.figureLines, ['est. rows 1 · rows 1', 'db hits 2 · memory 3.0 MiB', 'time 0.20 ms']);
    const explain = planGraph({ operator: 'A', estimatedRows: 5, children: [] }).boxes[0]!;
    assert.deepEqual(explain.figures.map((f) => f.kind), ['estimatedRows']);
    assert.equal(explain.gap, null);
  });

  it('marks the worst estimate-vs-actual gaps, both ways, at most GAP_MARK_COUNT', () => {
    const g = planGraph(plan);
    // EXTEND: estimated 12, actual 3 (4× over); HASH_JOIN: 9 vs 3 (3× over); the rest match.
    const marked = g.boxes.filter((b) => b.gap?.marked).map((b) => [b.operator, b.gap!.factor, b.gap!.direction]);
    assert.deepEqual(marked, [['HASH_JOIN', 3, 'over'], ['EXTEND', 4, 'over']]);
    assert.equal(g.worstGaps[0], g.boxes.find((b) => b.operator === 'EXTEND' && b.gap?.marked)!.path);
    const many: PlanTree = {
      operator: 'R', estimatedRows: 1, rows: 1,
      children: [10, 200, 3000, 40000].map((a, i) => ({ operator: `Op${i}`, estimatedRows: 1, rows: a, children: [] })),
    };
    const worst = planGraph(many).boxes.filter((b) => b.gap?.marked).map((b) => b.operator).sort();
    assert.equal(worst.length, GAP_MARK_COUNT);
    assert.deepEqual(worst, ['Op1', 'Op2', 'Op3']);
    assert.equal(estimateGap(0, 40)!.factor, 40);
    assert.equal(estimateGap(40, 0)!.direction, 'over');
    assert.equal(estimateGap(null, 3), null);
  });

  it('scales edges by the rows they carry (actual when profiled, else estimated)', () => {
    const g = planGraph(plan);
    const byPath = new Map(g.boxes.map((b) => [b.path, b]));
    const scan = g.edges.find((e) => byPath.get(e.from)!.operator === 'SCAN_NODE_TABLE' && e.rows === 4017)!;
    const small = g.edges.find((e) => e.rows === 1)!;
    assert.equal(scan.rowsKind, 'actual');
    assert.equal(scan.label, '4,017 rows');
    assert.ok(scan.width > small.width);
    assert.ok(Math.max(...g.edges.map((e) => e.width)) <= 10 + 1e-9);
    const explain = planGraph({ operator: 'A', estimatedRows: 1, children: [{ operator: 'B', estimatedRows: 90, children: [] }] });
    assert.equal(explain.edges[0]!.rowsKind, 'estimated');
    assert.equal(explain.edges[0]!.label, '90 est. rows');
  });

  it('formats bytes', () => {
    assert.deepEqual([0, 1023, 1536, 50 * 1024, 5 * 1024 ** 3].map(formatBytes), ['0 B', '1023 B', '1.5 KiB', '50 KiB', '5.0 GiB']);
  });
});

describe('profileToTree', () => {
  it('maps a Neo4j profile with the Memory argument to memoryBytes', () => {
    const leaf = { operatorType: 'NodeIndexSeek@neo4j', identifiers: ['n'], arguments: { Details: 'n:Movie(name)', EstimatedRows: 1, Memory: 4096 }, dbHits: 2, rows: 1, time: 200000, pageCacheHits: 0, pageCacheMisses: 0, pageCacheHitRatio: 0, children: [] };
    const tree = profileToTree({ ...leaf, operatorType: 'ProduceResults@neo4j', arguments: {}, children: [leaf] } as never);
    assert.equal(tree.operator, 'ProduceResults');
    assert.equal(tree.memoryBytes, undefined);
    assert.deepEqual(
      { op: tree.children[0]!.operator, mem: tree.children[0]!.memoryBytes, time: tree.children[0]!.timeMs, hits: tree.children[0]!.dbHits },
      { op: 'NodeIndexSeek', mem: 4096, time: 0.2, hits: 2 },
    );
  });
});
