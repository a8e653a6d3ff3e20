import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { DEFAULT_STRATEGIES, STRATEGY_PARAMETERS, type PlanningGraph } from '../../../src/core/plan';
import { effectiveStrategy } from '../../../src/core/plan/strategyParameters';
import { readRetrievalSettings, retrievalSettingsSchema, RETRIEVAL_SETTINGS_PREFIX } from '../../../src/core/session';

const root = resolve(__dirname, '../../..');

function plan(using: string): PlanningGraph {
  return toPlanningGraphs(parseDocument(`plan p {\n  match (a: Movie "Heat") -- (b)\n  return b\n  ${using}\n}`).document)[0]!;
}

test('package.json declares exactly the kgrag.retrieval.* settings the strategy table generates (npm run sync:settings)', () => {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
  const declared = Object.fromEntries(Object.entries(manifest.contributes.configuration.properties).filter(([k]) => k.startsWith(RETRIEVAL_SETTINGS_PREFIX)));
  assert.deepEqual(declared, JSON.parse(JSON.stringify(retrievalSettingsSchema())), 'package.json is out of date: run npm run sync:settings');
});

test('every strategy parameter is a setting with its JSON Schema type, default, enum and description', () => {
  const schema = retrievalSettingsSchema();
  for (const [kind, params] of Object.entries(STRATEGY_PARAMETERS)) {
    for (const p of params) {
      const s = schema[`kgrag.retrieval.${kind}.${p.name}`];
      assert.ok(s, `${kind}.${p.name}`);
      assert.ok(s.markdownDescription.includes(p.description));
      if (p.type === 'count') assert.deepEqual([s.type, s.minimum, s.default], ['integer', 1, p.default]);
      if (p.type === 'number') assert.deepEqual([s.type, s.minimum, s.default], ['number', 0, p.default]);
      if (p.type === 'enum') assert.deepEqual([s.type, s.enum, s.default], ['string', p.values, p.default]);
      if (p.type === 'boolean') assert.deepEqual([s.type, s.default], p.default === undefined ? [['boolean', 'null'], null] : ['boolean', p.default]);
    }
  }
  assert.deepEqual(schema['kgrag.retrieval.stem.theta']?.type, 'number');
  assert.deepEqual(schema['kgrag.retrieval.stem.guidance']?.enum, ['ppr', 'none']);
});

test('reading settings: only set values, each checked against its parameter; a wrong one is named and left out', () => {
  const values: Record<string, unknown> = { 'retrieval.stem.theta': 0.3, 'retrieval.stem.mode': 'wide', 'retrieval.gsd.k': 2.5, 'retrieval.sage.constrained': true, 'retrieval.gsd.injective': null };
  const read = readRetrievalSettings((key) => values[key]);
  assert.deepEqual(read.settings, { stem: { theta: 0.3 }, sage: { constrained: true } });
  assert.deepEqual(read.problems, [
    'kgrag.retrieval.gsd.k: \'k\' must be a whole number from 1 to 10000, not 2.5; the default applies',
    'kgrag.retrieval.stem.mode: \'mode\' must be one of "precision", "breadth", not "wide"; the default applies',
  ]);
});

test('effective strategy: the plan\'s arguments, then settings, then defaults; gsd match and injective go together', () => {
  const settings = { gsd: { k: 7, match: 'injective' }, stem: { theta: 0.3, guidance: 'none' } } as const;
  assert.deepEqual(effectiveStrategy('gsd', plan('using gsd(nodeCandidates: 4)'), settings), { ...DEFAULT_STRATEGIES.gsd, k: 7, nodeCandidates: 4, match: 'injective' });
  assert.deepEqual(effectiveStrategy('gsd', plan('using gsd(k: 3)'), settings).k, 3, 'given at its default value, still the plan\'s');
  assert.equal(effectiveStrategy('gsd', plan('using gsd(injective: false)'), settings).match, undefined, 'the plan said injective: false; a match setting would override it');
  assert.deepEqual(effectiveStrategy('stem', plan('using gsd(k: 5)'), settings), { ...DEFAULT_STRATEGIES.stem, theta: 0.3, guidance: 'none' }, 'a plan of another kind gives stem nothing');
  assert.deepEqual(effectiveStrategy('stem', plan('using stem(theta: 0.9)'), undefined), { ...DEFAULT_STRATEGIES.stem, theta: 0.9 });
  assert.deepEqual(effectiveStrategy('mor', plan(''), { mor: { k: 0 } }), DEFAULT_STRATEGIES.mor, 'a value out of range never gets in');
});
