import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchedSubgraph } from '../../../src/contracts/retrievalResult';
import { candidateTables, gsdBreakdown, gsdBreakdowns, termRow } from '../../../webview/model/gsd';
import { fixture } from './fixtures';

describe('gsdBreakdown', () => {
  it('sums node and edge terms to the reported GSD for every fixture subgraph', () => {
    const result = fixture('gsd');
    const all = gsdBreakdowns(result);
    assert.equal(all.length, result.subgraphs.length);
    for (const [i, b] of all.entries()) {
      const s = result.subgraphs[i]!;
      assert.equal(b.rank, s.rank);
      assert.equal(b.rows.length, s.terms.length);
      assert.equal(b.consistent, true, `subgraph #${b.rank}: ${b.sum} vs ${b.reported}`);
      assert.equal(b.sum, s.gsd);
      assert.equal(b.nodeSum + b.edgeSum, b.sum);
    }
    assert.equal(all[0]!.nodeSum, 0.03);
    assert.equal(all[0]!.edgeSum, 0.21);
    assert.equal(all[0]!.gapToNext, 0.51);
    assert.equal(all[1]!.gapToNext, 0);
    assert.equal(all[2]!.gapToNext, null);
  });

  it('lists node terms before edge terms', () => {
    const b = gsdBreakdown(fixture('gsd').subgraphs[0]!);
    const kinds = b.rows.map((r) => r.kind);
    assert.deepEqual(kinds, [...kinds].sort((a, b) => (a === b ? 0 : a === 'node' ? -1 : 1)));
    assert.equal(b.rows[4]!.element, 'vow — actor (e0)');
  });

  it('counts an unknown term as 0 even when the input claims a distance, and flags the mismatch', () => {
    const s: MatchedSubgraph = {
      rank: 1,
      gsd: 0.5,
      mapping: [],
      triples: [],
      terms: [
        { kind: 'node', variable: 'a', matchedText: 'x', distance: 0.4 },
        { kind: 'edge', edgeId: 'e0', source: 'a', target: 'b', patternText: 'r', matchedText: 'rel', distance: 0.1, candidateRank: 2 },
      ],
    };
    const b = gsdBreakdown(s);
    assert.equal(b.rows[0]!.unknown, true);
    assert.equal(b.rows[0]!.distance, 0);
    assert.equal(b.rows[0]!.candidateRank, null);
    assert.equal(b.sum, 0.1);
    assert.equal(b.consistent, false);
  });

  it('keeps small decimal sums exact (0.1 + 0.2)', () => {
    const row = (d: number, v: string) => ({ kind: 'node' as const, variable: v, patternText: v, matchedText: v, distance: d, candidateRank: 1 });
    const b = gsdBreakdown({ rank: 1, gsd: 0.3, mapping: [], triples: [], terms: [row(0.1, 'a'), row(0.2, 'b')] });
    assert.equal(b.sum, 0.3);
    assert.equal(b.consistent, true);
  });

  it('names edge endpoints by variable when the retrieval recorded node ids (real kgrag run output)', () => {
    const real = fixture('real-gsd');
    const b = gsdBreakdown(real.subgraphs[0]!);
    const edges = b.rows.filter((r) => r.kind === 'edge').map((r) => r.element);
    assert.deepEqual(edges, ['vow — actor (e0)', 'film — actor (e1)', 'film — lang (e2)']);
    for (const s of real.subgraphs) assert.equal(gsdBreakdown(s).consistent, true);
  });

  it('termRow keeps the edge id as the reveal ref', () => {
    const r = termRow({ kind: 'edge', edgeId: 'e7', source: 'x', target: 'y', matchedText: 'rel', distance: 0 });
    assert.equal(r.ref, 'e7');
    assert.equal(r.unknown, true);
  });
});

describe('candidateTables', () => {
  it('ranks candidates by distance and marks the one the best subgraph used', () => {
    const tables = candidateTables(fixture('gsd'));
    assert.equal(tables.length, 5);
    const lang = tables.find((t) => t.ref === 'lang')!;
    assert.deepEqual(lang.rows.map((r) => r.text), ['French', 'Finnish', 'English', 'Frisian']);
    assert.deepEqual(lang.rows.map((r) => r.chosen), [true, false, false, false]);
    assert.deepEqual(lang.rows.map((r) => r.rank), [1, 2, 3, 4]);
    const e2 = tables.find((t) => t.ref === 'e2')!;
    assert.equal(e2.element, 'edge');
    assert.equal(e2.rows.find((r) => r.chosen)?.text, 'in_language');
  });

  it('is empty when the result has no candidates', () => {
    assert.deepEqual(candidateTables(fixture('mor')), []);
  });
});
