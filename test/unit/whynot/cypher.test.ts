import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { WhyNotCause, WhyNotResult } from '../../../src/contracts/whyNot';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { sampleSession } from '../../support/sampleSession';
import { applyFix } from '../../../src/core/whynot';
import { clauseText } from '../../../src/core/whynot/cypher';

// The cypher analysis runs its relaxed queries on the real embedded engine, over the sample graph.
const root = resolve(__dirname, '../../..');
const sessionOf = sampleSession('kgrag-whynot-cypher-');

const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').map((l) => l.split('|'));

function planOf(text: string): PlanningGraph {
  return toPlanningGraphs(parseDocument(text).document)[0]!;
}

function causeOf<K extends WhyNotCause['kind']>(r: WhyNotResult, kind: K): Extract<WhyNotCause, { kind: K }> {
  assert.equal(r.cause.kind, kind, r.summary);
  return r.cause as Extract<WhyNotCause, { kind: K }>;
}

async function answers(plan: PlanningGraph): Promise<string[]> {
  return (await sessionOf().run(plan, { strategy: 'cypher' })).answers.map((a) => a.value);
}

test('cypher why-not: LIMIT cuts it — the row rank it needs; limit rank gives it, rank − 1 does not', async () => {
  const p = planOf('plan p {\n  match (m: Movie = "The Vow") -[:starred_actors]-> (a: Person)\n  return a\n  using cypher(limit: 1)\n}');
  const all = await answers({ ...p, strategy: { kind: 'cypher', limit: 10 } });
  const second = all[1]!;
  assert.ok(!(await answers(p)).includes(second));
  const r = await sessionOf().whyNot(p, second, { strategy: 'cypher' });
  const c = causeOf(r, 'cypher-clause');
  assert.equal(c.clause, 'limit');
  assert.equal(c.text, 'LIMIT 1');
  const fix = r.fixes[0]!;
  assert.ok(fix.kind === 'set-parameter' && fix.name === 'limit' && fix.outcome?.returned, JSON.stringify(r.fixes));
  assert.ok(!(await answers({ ...p, strategy: { kind: 'cypher', limit: (fix.value as number) - 1 } })).includes(second));
});

test('cypher why-not: a relationship type that excludes it is quoted from the query; taking it away returns it (reference), and the alias fix is verified', async () => {
  const p = planOf('plan p {\n  match (m: Movie "The Vow") -[starred actors]-> (a: Person)\n  return a\n  using cypher(limit: 20)\n}');
  assert.ok(!(await answers(p)).includes('Michael Sucsy'));
  const r = await sessionOf().whyNot(p, 'Michael Sucsy', { strategy: 'cypher' });
  const c = causeOf(r, 'cypher-clause');
  assert.equal(c.clause, 'relation');
  assert.equal(c.ref, 'e0');
  assert.match(c.text, /starred_actors/);
  assert.ok(r.cause.kind === 'cypher-clause' && r.cause.query.includes(c.text));
  const relaxed: PlanningGraph = { ...p, edges: p.edges.map((e) => ({ ...e, relation: { kind: 'unknown' } })) };
  assert.ok((await answers(relaxed)).includes('Michael Sucsy'));
  // "starred actors" names starred_actors itself: an alias for directed_by ties and does not win, and the re-run says so.
  const alias = r.fixes.find((f) => f.kind === 'add-alias');
  assert.ok(alias && alias.kind === 'add-alias' && alias.target === 'directed_by' && alias.outcome !== undefined && alias.outcome.skipped === undefined, JSON.stringify(r.fixes));
});

test('cypher why-not: a phrase that names no type resolves elsewhere; the alias fix for the type the graph has brings the answer back', async () => {
  const p = planOf('plan p {\n  match (m: Movie "The Vow") -[helmed]-> (a: Person)\n  return a\n  using cypher(limit: 20)\n}');
  const r = await sessionOf().whyNot(p, 'Michael Sucsy', { strategy: 'cypher' });
  const c = causeOf(r, 'cypher-clause');
  assert.equal(c.clause, 'relation');
  const alias = r.fixes.find((f) => f.kind === 'add-alias' && f.target === 'directed_by');
  assert.ok(alias?.outcome?.returned, JSON.stringify(r.fixes));
});

test('cypher why-not: a label that excludes it names the label clause and the label it needs', async () => {
  const p = planOf('plan p {\n  match (m: Movie "The Vow") -[]-> (x: Person)\n  return x\n  using cypher(limit: 50)\n}');
  const r = await sessionOf().whyNot(p, 'Drama', { strategy: 'cypher' });
  const c = causeOf(r, 'cypher-clause');
  assert.equal(c.clause, 'label');
  assert.equal(c.ref, 'x');
  assert.match(c.text, /Person/);
  const fix = r.fixes.find((f) => f.kind === 'relax-category' && f.to !== undefined);
  assert.ok(fix?.outcome?.returned, JSON.stringify(r.fixes));
  const applied = applyFix(p, fix!, undefined);
  assert.ok(!('skipped' in applied) && (await answers(applied.plan)).includes('Drama'));
});

test('cypher why-not: a misspelt name is the name clause, with the graph\'s name as the fix', async () => {
  const p = planOf('plan p {\n  match (m: Movie "The Vows") -[:directed_by]-> (d: Person)\n  return d\n  using cypher(limit: 50)\n}');
  const r = await sessionOf().whyNot(p, 'Michael Sucsy', { strategy: 'cypher' });
  const c = causeOf(r, 'cypher-clause');
  assert.equal(c.clause, 'name');
  assert.equal(c.ref, 'm');
  // The name equality alone, with the name it compared written in (the query keeps its parameter).
  assert.match(c.text, /^\{`name`: "[^"$]+"\}$/);
  assert.ok(c.query.includes('{`name`: $p'), c.query);
  const fix = r.fixes.find((f) => f.kind === 'use-name');
  assert.ok(fix && fix.kind === 'use-name' && fix.to === 'The Vow' && fix.outcome?.returned, JSON.stringify(r.fixes));
});

test('cypher why-not: a direction that excludes it is the direction clause', async () => {
  const p = planOf('plan p {\n  match (d: Person = "Michael Sucsy") -[:directed_by]-> (m: Movie)\n  return m\n  using cypher(limit: 50)\n}');
  assert.ok(!(await answers(p)).includes('The Vow'));
  const r = await sessionOf().whyNot(p, 'The Vow', { strategy: 'cypher' });
  assert.equal(causeOf(r, 'cypher-clause').clause, 'direction');
  const undirected: PlanningGraph = { ...p, edges: p.edges.map((e) => ({ ...e, directed: false })) };
  assert.ok((await answers(undirected)).includes('The Vow'));
});

test('cypher why-not: two hops away is the structure, with the shortest path that exists', async () => {
  const p = planOf('plan p {\n  match (m: Movie = "The Vow") -[:directed_by]-> (d: Person)\n  return d\n  using cypher(limit: 50)\n}');
  const r = await sessionOf().whyNot(p, 'Drama', { strategy: 'cypher' });
  // "Drama" is one hop from The Vow by has_genre, but a Genre: the type and the label exclude it together.
  const both = causeOf(r, 'cypher-clause');
  assert.equal(both.clause, 'relation');
  assert.deepEqual(both.also?.map((a) => a.clause), ['label']);
  assert.match(both.text, /directed_by/);
  assert.match(both.also![0]!.text, /Person/);
  // Another film of the same director's genre is two hops away: no single clause is to blame.
  const other = triples.find((t) => t[1] === 'has_genre' && t[2] === 'Drama' && t[0] !== 'The Vow' && !triples.some((u) => u[0] === 'The Vow' && u[2] === t[0]))![0]!;
  const far = await sessionOf().whyNot(p, other, { strategy: 'cypher' });
  const c = causeOf(far, 'unreachable');
  assert.equal(c.from, 'm');
  assert.equal(c.path?.hops, 2);
  assert.match(c.path!.pattern, /^\("The Vow"\)/);
});

test('cypher why-not: the quoted clause is the words taken away, with parameter values written in; a line dropped with it is not quoted', () => {
  const base = 'MATCH (m:`Movie` {`name`: $p0})-[kgrag_e0:`directed_by`]-(p:`Person`)\nWHERE NONE(kgrag_id IN [id(p)] WHERE kgrag_id IN [id(m)])\nRETURN DISTINCT p.`name` AS p\nLIMIT 100';
  const relaxed = 'MATCH (m:`Movie`)-[kgrag_e0:`directed_by`]-(p:`Person`)\nRETURN DISTINCT p.`name` AS p\nLIMIT 100';
  assert.equal(clauseText(base, relaxed, { p0: 'Titanik' }), '{`name`: "Titanik"}');
  assert.equal(clauseText(base, relaxed), '{`name`: $p0}');
  // One line, one change: narrowed; a change too small to quote alone gives the line.
  assert.equal(clauseText('MATCH (a:`Person`)-[:`directed_by`]->(m)\nLIMIT 5', 'MATCH (a)-[:`directed_by`]->(m)\nLIMIT 5'), ':`Person`');
  assert.equal(clauseText('MATCH (a)-[:`directed_by`]->(m)', 'MATCH (a)-[:`directed_by`]-(m)'), 'MATCH (a)-[:`directed_by`]->(m)');
  // Parameter numbers shift between the two queries: not a difference.
  assert.equal(clauseText('MATCH (a {`name`: $p0})-[]-(b {`name`: $p1})', 'MATCH (a)-[]-(b {`name`: $p0})', { p0: 'X', p1: 'Y' }), '{`name`: "X"}');
});
