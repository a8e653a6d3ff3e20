import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answersView, explanationView, resultViews } from '../../../src/contracts/inspector/views';
import { contextSizeLine } from '../../../webview/model/modelContext';
import { modelContext } from '../../../src/core/context';
import { fixture } from './fixtures';

describe('resultViews: a tab only for what the result holds', () => {
  it('gsd: subgraphs, the GSD breakdown, the model context, stats — no trajectory, Cypher, STEM, SAGE or grounding', () => {
    assert.deepEqual(resultViews(fixture('real-gsd'), { context: true }), ['subgraphs', 'gsd', 'context', 'stats']);
    assert.deepEqual(resultViews(fixture('real-gsd')), ['subgraphs', 'gsd', 'stats']);
  });
  it('mor: the trajectory (no subgraphs drawn, no GSD terms)', () => {
    assert.deepEqual(resultViews(fixture('real-mor')), ['trajectory', 'stats']);
  });
  it('stem and sage: their traces; cypher: its query', () => {
    assert.ok(resultViews(fixture('stem')).includes('stem'));
    assert.ok(!resultViews(fixture('stem')).includes('trajectory'));
    assert.deepEqual(resultViews(fixture('sage')), ['sage', 'stats']);
    assert.ok(resultViews(fixture('real-cypher')).includes('cypher'));
    assert.ok(!resultViews(fixture('real-cypher')).includes('gsd'), 'Cypher rows have no GSD terms');
  });
  it('grounding only with the planner report; no model context for Explain', () => {
    assert.ok(resultViews(fixture('real-gsd'), { grounding: true }).includes('grounding'));
    const explain = { ...fixture('real-cypher'), cypher: { ...fixture('real-cypher').cypher!, mode: 'explain' as const } };
    assert.ok(!resultViews(explain, { context: true }).includes('context'));
  });
});

describe('Run opens on the answers, Inspect on the explanation', () => {
  it('gsd: Subgraphs vs the GSD terms', () => {
    assert.equal(answersView(fixture('real-gsd')), 'subgraphs');
    assert.equal(explanationView(fixture('real-gsd')), 'gsd');
  });
  it('stem: Subgraphs vs the STEM trace; cypher rows: Subgraphs vs the query and plan', () => {
    assert.equal(answersView(fixture('stem')), 'subgraphs');
    assert.equal(explanationView(fixture('stem')), 'stem');
    assert.equal(answersView(fixture('real-cypher')), 'subgraphs');
    assert.equal(explanationView(fixture('real-cypher')), 'cypher');
  });
  it('mor and sage hold one account: both open on it', () => {
    assert.equal(explanationView(fixture('real-mor')), 'trajectory');
    assert.equal(answersView(fixture('real-mor')), 'trajectory');
    assert.equal(explanationView(fixture('sage')), 'sage');
  });
  it('a gsd result carrying an EXPLAIN opens on its subgraphs (only a Cypher Explain/Profile opens on the plan)', () => {
    assert.equal(fixture('xss').strategy, 'gsd');
    assert.equal(answersView(fixture('xss')), 'subgraphs');
    const explain = { ...fixture('real-cypher'), cypher: { ...fixture('real-cypher').cypher!, mode: 'explain' as const } };
    assert.equal(answersView(explain), 'cypher');
  });
  it('every view chosen is one the result has a tab for', () => {
    for (const name of ['gsd', 'mor', 'cypher', 'stem', 'sage', 'real-gsd', 'real-mor', 'real-cypher', 'xss'] as const) {
      const r = fixture(name);
      assert.ok(resultViews(r).includes(answersView(r)), `${name}: Run`);
      assert.ok(resultViews(r).includes(explanationView(r)), `${name}: Inspect`);
    }
  });
});

describe('the model context size line', () => {
  it('says the estimate and how it was made', () => {
    const c = modelContext(fixture('real-gsd'));
    const line = contextSizeLine(c);
    assert.match(line, new RegExp(`^≈ ${c.tokens.tokens} tokens \\(estimated as characters ÷ 4, not a model's tokenizer\\) · 3 evidence graphs · \\d+ triples · [\\d,]+ characters$`));
  });
  it('an exact count has no ≈; a cut says how many of how many', () => {
    const c = modelContext(fixture('real-gsd'), { countTokens: () => 50, maxGraphs: 1 });
    assert.match(contextSizeLine(c), /^50 tokens \(counted by the model's tokenizer\) · 1 of 3 evidence graphs · /);
  });
});
