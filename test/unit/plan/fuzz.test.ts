/**
 * The readers must never throw and must always point inside the text they were given, whatever
 * the input. Seeded mutants of real inputs (a SimGRAG pattern, MoR plans, the movie schema),
 * and every plan a reader produces goes through every writer and the Cypher compiler.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLooseLiteral } from '../../../src/core/plan/looseLiteral';
import { parseSimGragText, planningGraphToSimGrag } from '../../../src/core/plan/simgrag';
import { parseMorPlanText, planningGraphToMorPlan } from '../../../src/core/plan/mor';
import { reasoningPaths } from '../../../src/core/plan/reasoningPaths';
import { compileCypher } from '../../../src/core/plan/cypher';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { LineIndex } from '../../../src/core/text';
import { prng } from './cypherFixtures';

const SIMGRAG = `{
    "divided": ['the films were in which languages', "the director's films"],
    "graph": [('UNKNOWN film 1', 'in language', 'UNKNOWN language 1'), ('UNKNOWN director 1', 'direct', 'UNKNOWN film 1'), ('UNKNOWN director 1', 'direct', 'Catch Me If You Can')],
    "target": 'UNKNOWN language 1'
}`;
const MOR = `Metapath: brand -> product <- category
Restriction: {"brand": ["PUMA"], "category": ["golf jackets"], "product": ["UV protective women's golf jackets", "skin protection"]}`;
const PRIME = `Triplets: [["drug", "indication", "disease"], ["gene/protein", "associated with", "disease"]]
Restriction: {"drug": ["aspirin"]}
Target: "disease"`;
const SCHEMA = readFileSync(join(__dirname, '../../../samples/movies/movies.kgschema.json'), 'utf8');

const PIECES = ['(', ')', '[', ']', '{', '}', "'", '"', ',', ':', '\\', '\n', ' ', 'UNKNOWN', 'UNKOWN', '->', '<-', ' 1', '#', '`', 'True', 'None', '\u0000', 'é'];

function mutate(text: string, rnd: () => number): string {
  let t = text;
  const n = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(rnd() * (t.length + 1));
    const r = rnd();
    if (r < 0.35) t = t.slice(0, at) + t.slice(at + 1 + Math.floor(rnd() * 5));
    else if (r < 0.75) t = t.slice(0, at) + PIECES[Math.floor(rnd() * PIECES.length)]! + t.slice(at);
    else {
      const from = Math.floor(rnd() * t.length);
      t = t.slice(0, at) + t.slice(from, from + Math.floor(rnd() * 20)) + t.slice(at);
    }
  }
  return t;
}

function inBounds(text: string, ds: readonly { start?: number; end?: number }[], what: string): void {
  for (const d of ds) {
    assert.ok(d.start !== undefined && d.end !== undefined, `${what}: no offsets`);
    assert.ok(d.start >= 0 && d.start <= d.end && d.end <= text.length, `${what}: ${d.start}-${d.end} outside 0-${text.length}\n${text}`);
  }
}

function exerciseWriters(pg: PlanningGraph): void {
  planningGraphToSimGrag(pg);
  planningGraphToMorPlan(pg);
  planningGraphToMorPlan(pg, { form: 'metapath' });
  planningGraphToMorPlan(pg, { form: 'triplets' });
  reasoningPaths(pg);
  for (const dialect of ['neo4j', 'kuzu'] as const) {
    const c = compileCypher(pg, { dialect });
    for (const v of Object.values(c.params)) {
      // Long values cannot appear in the text by accident; if they do, they were spliced.
      if (typeof v === 'string' && v.length >= 12 && !/^[\w ]+$/.test(v)) assert.ok(!c.text.includes(v), `spliced: ${v}`);
    }
  }
}

test('3,000 mutated SimGRAG texts: no throw, offsets inside the text, writers survive the plans', () => {
  const rnd = prng(1);
  let plans = 0;
  for (let i = 0; i < 3000; i++) {
    const t = mutate(SIMGRAG, rnd);
    const r = parseSimGragText(t);
    inBounds(t, r.diagnostics, 'simgrag');
    if (r.plan) {
      plans++;
      exerciseWriters(r.plan);
    }
  }
  assert.ok(plans > 1000, `only ${plans} mutants gave a plan: the reader is not tolerant enough`);
});

test('3,000 mutated MoR texts: no throw, offsets inside the text', () => {
  const rnd = prng(2);
  let plans = 0;
  for (let i = 0; i < 3000; i++) {
    const t = mutate(i % 2 ? MOR : PRIME, rnd);
    const r = parseMorPlanText(t);
    inBounds(t, r.diagnostics, 'mor');
    if (r.plan) {
      plans++;
      exerciseWriters(r.plan);
    }
  }
  assert.ok(plans > 1000, `only ${plans} mutants gave a plan`);
});

test('2,000 mutated schema files and literal texts: no throw, ranges inside the text', () => {
  const rnd = prng(3);
  for (let i = 0; i < 2000; i++) {
    const t = mutate(SCHEMA, rnd);
    const r = parseSchemaFile(t, 'm.kgschema.json');
    const lines = new LineIndex(t);
    for (const d of r.diagnostics) {
      const s = lines.offsetAt(d.range.start);
      const e = lines.offsetAt(d.range.end);
      assert.ok(s <= e && e <= t.length, `${JSON.stringify(d)}\n${t}`);
    }
    const lit = mutate(SIMGRAG, rnd);
    inBounds(lit, parseLooseLiteral(lit).diagnostics, 'literal');
  }
  // Pathological nesting does not overflow the stack.
  const deep = '('.repeat(100000);
  assert.ok(parseLooseLiteral(deep).diagnostics.length > 0);
  assert.ok(parseSimGragText(deep).diagnostics.length > 0);
});
