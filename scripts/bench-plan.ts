/**
 * Figures for the plan conversions and the schema reader (no targets are set for them; this
 * prints what they cost so a regression shows): run with `node --import tsx scripts/bench-plan.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSchemaFile } from '../src/core/schema/schemaFile';
import { SchemaIndex } from '../src/core/schema/schemaIndex';
import { parseSimGragText, planningGraphToSimGrag } from '../src/core/plan/simgrag';
import { parseMorPlanText, planningGraphFromMorPlan, planningGraphToMorPlan } from '../src/core/plan/mor';
import { compileCypher } from '../src/core/plan/cypher';
import { reasoningPaths } from '../src/core/plan/reasoningPaths';
import type { PlanningGraph } from '../src/core/plan/planningGraph';

function measure(label: string, n: number, f: (i: number) => void): void {
  for (let i = 0; i < Math.min(200, n); i++) f(i); // warm-up
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f(i);
  const us = Number(process.hrtime.bigint() - t) / 1000 / n;
  console.log(`${label.padEnd(58)} ${us.toFixed(1).padStart(8)} µs/op  (${n} ops)`);
}

const root = join(__dirname, '..');
const schemaText = readFileSync(join(root, 'samples/movies/movies.kgschema.json'), 'utf8');
const schema = parseSchemaFile(schemaText, 'movies.kgschema.json').schema!;
const index = new SchemaIndex(schema);

measure('parseSchemaFile(movies.kgschema.json)', 2000, () => parseSchemaFile(schemaText, 'movies.kgschema.json'));

const simgrag = `{"divided": ['the films were in which languages', 'the director of the film'],
 "graph": [('UNKNOWN film 1', 'in language', 'UNKNOWN language 1'), ('UNKNOWN director 1', 'direct', 'UNKNOWN film 1'), ('UNKNOWN director 1', 'direct', 'Catch Me If You Can')]}`;
measure('parseSimGragText (3 triples, Python tuples)', 20000, () => parseSimGragText(simgrag));
const pg = parseSimGragText(simgrag).plan!;
measure('planningGraphToSimGrag', 50000, () => planningGraphToSimGrag(pg));

const morText = 'Metapath: brand -> product <- category\nRestriction: {"brand": ["PUMA"], "category": ["golf jackets"], "product": ["UV protective jackets", "skin protection"]}';
measure('parseMorPlanText (metapath + restriction)', 20000, () => parseMorPlanText(morText));
const morPg = parseMorPlanText(morText).plan!;
measure('planningGraphToMorPlan', 50000, () => planningGraphToMorPlan(morPg));
measure('reasoningPaths', 50000, () => reasoningPaths(morPg));

const amazon = join(root, '../shared/data/fewshot/mor/amazon_1000.json');
try {
  const data = JSON.parse(readFileSync(amazon, 'utf8')) as unknown[];
  measure('planningGraphFromMorPlan over amazon_1000.json (per plan)', data.length * 5, (i) => planningGraphFromMorPlan(data[i % data.length]));
} catch {
  console.log(`(skipped the Amazon planner file: ${amazon} not found)`);
}

const coActors: PlanningGraph = {
  name: 'co_actor_languages',
  nodes: [
    { id: 'vow', category: 'Movie', text: { kind: 'soft', value: 'The Vow' } },
    { id: 'actor', category: 'Person' },
    { id: 'film', category: 'film' },
    { id: 'lang', category: 'Language' },
  ],
  edges: [
    { id: 'e0', source: 'vow', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'starred actors' } },
    { id: 'e1', source: 'film', target: 'actor', directed: false, relation: { kind: 'phrase', value: 'acted in' } },
    { id: 'e2', source: 'film', target: 'lang', directed: true, relation: { kind: 'phrase', value: 'in language' } },
  ],
  targets: ['lang'],
  expect: [],
  strategy: { kind: 'cypher', limit: 100 },
};
const resolve = { resolveRelation: (p: string) => index.relationshipTypesForTerm(p), resolveLabel: (c: string) => index.labelsForTerm(c) };
measure('compileCypher neo4j (3 edges, schema resolvers)', 50000, () => compileCypher(coActors, { dialect: 'neo4j', ...resolve }));
measure('compileCypher kuzu (3 edges, schema resolvers)', 50000, () => compileCypher(coActors, { dialect: 'kuzu', ...resolve }));
