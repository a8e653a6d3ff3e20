/**
 * Test fixtures for the Cypher compiler: a small slice of the real MetaQA graph (kb.txt lines),
 * a brute-force pattern matcher that states the intended semantics independently of any engine,
 * and a seeded generator of random plans drawn from real subgraphs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MATCH, DEFAULT_STRATEGIES, type MatchSemantics, type PlanEdge, type PlanNode, type PlanningGraph } from '../../../src/core/plan/planningGraph';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { SchemaIndex } from '../../../src/core/schema/schemaIndex';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';

// Real lines from MetaQA kb.txt (CC BY 3.0), typed as in the team briefing.
export const TRIPLES = `The Vow|directed_by|Michael Sucsy
The Vow|has_genre|Drama
The Vow|release_year|2012
The Vow|starred_actors|Channing Tatum
The Vow|starred_actors|Rachel McAdams
21 Jump Street|directed_by|Christopher Miller
21 Jump Street|directed_by|Phil Lord
21 Jump Street|has_genre|Comedy
21 Jump Street|has_genre|Crime
21 Jump Street|release_year|2012
21 Jump Street|starred_actors|Channing Tatum
21 Jump Street|starred_actors|Jonah Hill
21 Jump Street|written_by|Jonah Hill
21 Jump Street|written_by|Michael Bacall
About Time|directed_by|Richard Curtis
About Time|has_genre|Drama
About Time|release_year|2013
About Time|starred_actors|Bill Nighy
About Time|starred_actors|Rachel McAdams
About Time|written_by|Richard Curtis
Heat|directed_by|Michael Mann
Heat|has_genre|Crime
Heat|has_tags|al pacino
Heat|has_tags|police
Heat|release_year|1995
Heat|starred_actors|Al Pacino
Heat|starred_actors|Robert De Niro
Heat|written_by|Michael Mann
Ali|directed_by|Michael Mann
Ali|release_year|2001
Ali|starred_actors|Will Smith
Ali|written_by|Michael Mann
Carlito's Way|directed_by|Brian De Palma
Carlito's Way|has_genre|Crime
Carlito's Way|has_genre|Drama
Carlito's Way|release_year|1993
Carlito's Way|starred_actors|Al Pacino
Carlito's Way|starred_actors|Sean Penn
Carlito's Way|written_by|David Koepp
Kismet|directed_by|William Dieterle
Kismet|in_language|English
Kismet|release_year|1944
Kismet|starred_actors|Ronald Colman
Kismet|written_by|Edward Knoblock
Casablanca|directed_by|Michael Curtiz
Casablanca|has_genre|Drama
Casablanca|has_tags|bogart
Casablanca|release_year|1942
Casablanca|starred_actors|Humphrey Bogart
Casablanca|written_by|Howard Koch`;

export const TAIL_LABEL: Readonly<Record<string, string>> = {
  directed_by: 'Person', written_by: 'Person', starred_actors: 'Person', release_year: 'Year', in_language: 'Language',
  has_tags: 'Tag', has_genre: 'Genre', has_imdb_votes: 'Votes', has_imdb_rating: 'Rating',
};

export interface GNode { readonly label: string; readonly name: string }
export interface GEdge { readonly type: string; readonly from: number; readonly to: number }
export interface Graph { readonly nodes: GNode[]; readonly edges: GEdge[] }

export function buildGraph(): Graph {
  const nodes: GNode[] = [];
  const index = new Map<string, number>();
  const node = (label: string, name: string): number => {
    const key = `${label}\u0000${name}`;
    let i = index.get(key);
    if (i === undefined) {
      i = nodes.length;
      nodes.push({ label, name });
      index.set(key, i);
    }
    return i;
  };
  const edges = TRIPLES.split('\n').map((line) => {
    const [h, r, t] = line.split('|') as [string, string, string];
    return { type: r, from: node('Movie', h), to: node(TAIL_LABEL[r]!, t) };
  });
  return { nodes, edges };
}

export function moviesSchema(): GraphSchema {
  const text = readFileSync(join(__dirname, '../../../samples/movies/movies.kgschema.json'), 'utf8');
  return parseSchemaFile(text, 'movies.kgschema.json').schema!;
}

/** The resolvers both the compiler and the reference use: names and aliases from the schema. */
export function resolvers(index: SchemaIndex) {
  return {
    resolveRelation: (phrase: string) => index.relationshipTypesForTerm(phrase),
    resolveLabel: (category: string) => index.labelsForTerm(category),
  };
}

/**
 * The intended meaning of a compiled plan, by brute force: every assignment of plan nodes to
 * graph nodes and of plan edges to graph edges (one graph edge may serve two plan edges, as in
 * GSD) satisfying the constraints, with the nodes as distinct as the match semantics ask
 * (injective: all; anchors-distinct: named nodes, and unknowns vs named; homomorphic: targets vs
 * named); the answer is the set of target-name tuples.
 */
export function referenceAnswers(g: Graph, pg: PlanningGraph, r: ReturnType<typeof resolvers>, returned: readonly string[], match: MatchSemantics = DEFAULT_MATCH, softText: 'equals' | 'equalsIgnoreCase' = 'equals'): Set<string> {
  const named = (n: PlanNode): boolean => n.text !== undefined || n.properties?.['name'] !== undefined;
  const distinctOk = (): boolean => {
    const bound = pg.nodes.filter((n) => binding.has(n.id));
    for (let i = 0; i < bound.length; i++)
      for (let j = i + 1; j < bound.length; j++) {
        const a = bound[i]!;
        const b = bound[j]!;
        if (binding.get(a.id) !== binding.get(b.id)) continue;
        const target = (n: PlanNode): boolean => pg.targets.includes(n.id) && !named(n);
        if (match === 'injective') return false;
        if (match === 'anchors-distinct' && (named(a) || named(b))) return false;
        if (match === 'homomorphic' && ((target(a) && named(b)) || (named(a) && target(b)))) return false;
      }
    return true;
  };
  const nodeOk = (n: PlanNode, gi: number): boolean => {
    const gn = g.nodes[gi]!;
    if (n.category !== undefined) {
      const labels = r.resolveLabel(n.category);
      if (!(labels.length ? labels : [n.category]).includes(gn.label)) return false;
    }
    if (n.text?.kind === 'exact' && gn.name !== n.text.value) return false;
    if (n.text?.kind === 'soft' && (softText === 'equals' ? gn.name !== n.text.value : gn.name.toLowerCase() !== n.text.value.toLowerCase())) return false;
    for (const [k, v] of Object.entries(n.properties ?? {})) if (k !== 'name' || gn.name !== v) return false;
    return true;
  };
  const typesOf = (e: PlanEdge): readonly string[] | undefined =>
    e.relation.kind === 'type' ? [e.relation.value] : e.relation.kind === 'phrase' && r.resolveRelation(e.relation.value).length ? r.resolveRelation(e.relation.value) : undefined;
  const byId = new Map(pg.nodes.map((n) => [n.id, n]));
  const out = new Set<string>();
  const binding = new Map<string, number>();
  const bind = (id: string, gi: number, k: () => void): void => {
    const prior = binding.get(id);
    if (prior !== undefined) {
      if (prior === gi) k();
      return;
    }
    if (!nodeOk(byId.get(id)!, gi)) return;
    binding.set(id, gi);
    k();
    binding.delete(id);
  };
  const isolated = pg.nodes.filter((n) => !pg.edges.some((e) => e.source === n.id || e.target === n.id));
  const finishIsolated = (i: number): void => {
    if (i === isolated.length) {
      if (!distinctOk()) return;
      out.add(JSON.stringify(returned.map((t) => g.nodes[binding.get(t)!]!.name)));
      return;
    }
    for (let gi = 0; gi < g.nodes.length; gi++) bind(isolated[i]!.id, gi, () => finishIsolated(i + 1));
  };
  const step = (ei: number): void => {
    if (ei === pg.edges.length) return finishIsolated(0);
    const e = pg.edges[ei]!;
    const types = typesOf(e);
    g.edges.forEach((ge, gi) => {
      if (types && !types.includes(ge.type)) return;
      const orientations: [number, number][] = e.directed ? [[ge.from, ge.to]] : [[ge.from, ge.to], [ge.to, ge.from]];
      for (const [a, b] of orientations) {
        bind(e.source, a, () => bind(e.target, b, () => step(ei + 1)));
      }
    });
  };
  step(0);
  return out;
}

export { mulberry32 as prng } from '../../support/prng';

export const HOSTILE = ["'}) DETACH DELETE n //", 'a"b\\c', "Carlito's Way", '`) MATCH (x) DETACH DELETE x //', '$x + 1', '\n} RETURN 1 //', 'Ünïcödé ☃'];

/**
 * A random plan: a random walk in the graph (so most plans have answers), abstracted with random
 * constraints — category by name or alias, exact/soft/no text, type/phrase/unknown relation,
 * directed or not — and sometimes a hostile text.
 */
export function randomPlan(g: Graph, schema: GraphSchema, rnd: () => number, name: string): PlanningGraph {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const edgeCount = 1 + Math.floor(rnd() * 3);
  const start = pick(g.edges).from;
  const gnodes = [start];
  const gedges: { ge: GEdge; a: number; b: number }[] = [];
  for (let i = 0; i < edgeCount; i++) {
    const from = rnd() < 0.3 ? pick(gnodes) : gnodes[gnodes.length - 1]!;
    const incident = g.edges.filter((e) => e.from === from || e.to === from);
    if (incident.length === 0) break;
    const ge = pick(incident);
    const other = ge.from === from ? ge.to : ge.from;
    let oi = gnodes.indexOf(other);
    if (oi < 0 || rnd() < 0.2) {
      gnodes.push(other);
      oi = gnodes.length - 1;
    }
    gedges.push({ ge, a: gnodes.indexOf(from), b: oi });
  }
  const nodes: PlanNode[] = gnodes.map((gi, i) => {
    const gn = g.nodes[gi]!;
    const label = schema.labels.find((l) => l.name === gn.label)!;
    const r = rnd();
    const category = r < 0.45 ? gn.label : r < 0.6 && label.aliases?.length ? pick(label.aliases) : undefined;
    const t = rnd();
    const value = rnd() < 0.08 ? pick(HOSTILE) : gn.name;
    const text = t < 0.25 ? { kind: 'exact' as const, value } : t < 0.45 ? { kind: 'soft' as const, value: rnd() < 0.5 ? value.toUpperCase() : value } : undefined;
    const properties = !text && rnd() < 0.1 ? { name: gn.name } : undefined;
    return { id: `n${i}`, ...(category !== undefined ? { category } : {}), ...(text ? { text } : {}), ...(properties ? { properties } : {}) };
  });
  const edges: PlanEdge[] = gedges.map(({ ge, a, b }, i) => {
    const rel = schema.relationshipTypes.find((t) => t.name === ge.type)!;
    const r = rnd();
    const relation = r < 0.4 ? { kind: 'type' as const, value: ge.type } : r < 0.7 && rel.aliases?.length ? { kind: 'phrase' as const, value: pick(rel.aliases) } : r < 0.8 ? { kind: 'phrase' as const, value: 'unrelated words' } : { kind: 'unknown' as const };
    // [s, t] in the stored direction; undirected edges are written either way round, directed
    // ones mostly the stored way (sometimes against it: then usually nothing matches).
    let [s, t] = ge.from === gnodes[a] ? [a, b] : [b, a];
    const directed = rnd() < 0.5;
    if (directed ? rnd() < 0.15 : rnd() < 0.5) [s, t] = [t, s];
    return { id: `e${i}`, source: `n${s}`, target: `n${t}`, directed, relation };
  });
  const targets = nodes.filter(() => rnd() < 0.4).map((n) => n.id);
  if (targets.length === 0) targets.push(pick(nodes).id);
  return { name, nodes, edges, targets, expect: [], strategy: { kind: 'cypher', limit: 10000 } };
}

export { DEFAULT_STRATEGIES, SchemaIndex };
