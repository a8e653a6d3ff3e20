import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenPlan, parseEmbeddedPlan } from '../../../src/core/graph/plan/embeddedPlanParser';
import type { PlanTree } from '../../../src/core/graph/graphStore';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** Operator headers as the text shows them ("NAME[id]"), counted independently of the parser. */
function operatorHeaders(text: string): string[] {
  return [...text.matchAll(/│\s*([A-Z_]+)\[(\d+)\]\s*│/g)].map((m) => m[1]!);
}

function find(plan: PlanTree, operator: string): PlanTree[] {
  return flattenPlan(plan).filter((p) => p.operator === operator);
}

test('PROFILE box tree → every operator once, with real row counts', () => {
  const text = fixture('profile-2hop.txt');
  const plan = parseEmbeddedPlan(text, true);
  assert.ok(plan);
  const headers = operatorHeaders(text).filter((h) => h !== 'PROFILE'); // the wrapper is unwrapped
  assert.deepEqual(flattenPlan(plan).map((p) => p.operator).sort(), headers.sort());
  assert.equal(plan.operator, 'RESULT_COLLECTOR');
  assert.equal(plan.rows, 25, 'the query returns 25 films');
  const [pk] = find(plan, 'PRIMARY_KEY_SCAN_NODE_TABLE');
  assert.ok(pk);
  assert.equal(pk.rows, 1);
  assert.match(pk.details ?? '', /Key: The Vow/);
  assert.ok(flattenPlan(plan).every((p) => typeof p.timeMs === 'number' && p.timeMs >= 0));
});

test('PROFILE tree shape: the hash join has its probe side first and its build side second', () => {
  const plan = parseEmbeddedPlan(fixture('profile-2hop.txt'), true)!;
  const [probe] = find(plan, 'HASH_JOIN_PROBE');
  assert.ok(probe);
  assert.deepEqual(
    probe.children.map((c) => c.operator),
    ['FLATTEN', 'HASH_JOIN_BUILD'],
  );
  // The build side leads down to the primary-key lookup of "The Vow", the probe side scans all movies.
  assert.ok(find(probe.children[1]!, 'PRIMARY_KEY_SCAN_NODE_TABLE').length === 1);
  assert.ok(find(probe.children[0]!, 'SCAN_NODE_TABLE').length === 1);
  // Every non-leaf child count matches the drawing: leaves are scans.
  for (const leaf of flattenPlan(plan).filter((p) => p.children.length === 0)) assert.match(leaf.operator, /SCAN/);
});

test('EXPLAIN: same operators, but no row counts or times (the engine prints zeros there)', () => {
  const text = fixture('explain-2hop.txt');
  const plan = parseEmbeddedPlan(text, false);
  assert.ok(plan);
  assert.deepEqual(flattenPlan(plan).map((p) => p.operator).sort(), operatorHeaders(text).sort());
  assert.ok(flattenPlan(plan).every((p) => p.rows === undefined && p.timeMs === undefined));
  assert.ok(find(plan, 'SCAN_REL_TABLE').every((p) => /Tables: starred_actors/.test(p.details ?? '')));
});

test('multi-byte text inside a box (padded by bytes) is read whole', () => {
  const plan = parseEmbeddedPlan(fixture('profile-unicode.txt'), true);
  assert.ok(plan);
  const [pk] = find(plan, 'PRIMARY_KEY_SCAN_NODE_TABLE');
  assert.ok(pk);
  assert.match(pk.details ?? '', /Key: Amélie 日本; Alias: m/);
  assert.equal(pk.rows, 0);
});

test('text without boxes gives undefined, not an exception', () => {
  assert.equal(parseEmbeddedPlan('', true), undefined);
  assert.equal(parseEmbeddedPlan('no plan here\n│ broken ┐', true), undefined);
  // A truncated drawing (bottom border missing) yields what is complete.
  const text = fixture('profile-2hop.txt');
  const truncated = text.split('\n').slice(0, 30).join('\n');
  const plan = parseEmbeddedPlan(truncated, true);
  assert.ok(plan === undefined || flattenPlan(plan).length < operatorHeaders(text).length);
});
