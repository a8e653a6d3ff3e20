// A fake at the driver boundary (no Neo4j server can run here): a real neo4j-driver Driver whose
// executeQuery and session() answer the exact statements the Neo4j store sends, from a small graph
// in memory, with the driver's own result classes (EagerResult, Record, Node, Relationship, Integer,
// Neo4jError). Any other statement throws, so a test fails when the store sends something new.
import neo4j, { EagerResult, Neo4jError, Node, Record as Neo4jRecord, Relationship, ResultSummary, int, type Config, type Driver } from 'neo4j-driver';
import * as Q from '../../../src/core/graph/neo4j/cypher';
import { NAME_INDEX_QUERY } from '../../../src/core/graph/neo4j/fulltext';
import { VECTOR_INDEX_QUERY } from '../../../src/core/graph/neo4j/vector';
import { Neo4jStore } from '../../../src/core/graph/neo4j/neo4jStore';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { randomGraph } from '../retrieve/helpers';

export interface FakeGraph {
  readonly nodes: readonly { readonly id: string; readonly label: string; readonly name: string }[];
  readonly edges: readonly { readonly id: string; readonly source: string; readonly type: string; readonly target: string }[];
}

export interface FakeCall {
  readonly query: string;
  readonly params: Record<string, unknown>;
  readonly routing: unknown;
}

export interface FakeNeo4j {
  readonly store: Neo4jStore;
  readonly calls: FakeCall[];
  /** Statements sent inside driver sessions (the whole-database export). */
  readonly exported: string[];
  /** Whether the full-text index exists (CREATE FULLTEXT INDEX … sets it). */
  indexPresent: boolean;
  /** Vector indexes by name (CREATE VECTOR INDEX … adds one unless one of that name, or on the same label and property, exists: Neo4j's IF NOT EXISTS). */
  readonly vectorIndexes: Map<string, { readonly label: string; readonly property: string; readonly dimension: number }>;
  /** Properties written on nodes (the vector write): node id → property → value. */
  readonly properties: Map<string, Map<string, unknown>>;
  /** Statements streamed in READ sessions other than the export (the vector write's reads). */
  readonly streamed: string[];
}

const ident = (s: string): string => s.replace(/^`|`$/g, '').replace(/``/g, '`');

/** Lucene query text (neo4j/fulltext.ts luceneQuery) → its terms, unescaped, and whether each is fuzzy. */
export function luceneTerms(text: string): { term: string; fuzzy: boolean }[] {
  const out: { term: string; fuzzy: boolean }[] = [];
  let cur = '';
  const flush = (fuzzy: boolean): void => {
    if (cur !== '') out.push({ term: cur, fuzzy });
    cur = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') cur += text[++i] ?? '';
    else if (c === '~') flush(true);
    else if (c === ' ') flush(false);
    else cur += c;
  }
  flush(false);
  return out;
}

function edits(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

export function fakeNeo4j(graph: FakeGraph, options: { indexPresent: boolean }): FakeNeo4j {
  const calls: FakeCall[] = [];
  const exported: string[] = [];
  const byId = new Map(graph.nodes.map((n) => [n.id, n] as const));
  const labels = [...new Set(graph.nodes.map((n) => n.label))];
  const types = [...new Set(graph.edges.map((e) => e.type))];
  const state: FakeNeo4j = { store: undefined as unknown as Neo4jStore, calls, exported, indexPresent: options.indexPresent, vectorIndexes: new Map(), properties: new Map(), streamed: [] };
  const prop = (id: string, key: string): unknown => state.properties.get(id)?.get(key);
  const result = (keys: string[], rows: unknown[][]): EagerResult => new EagerResult(keys, rows.map((r) => new Neo4jRecord(keys, r)), new ResultSummary('', {}, { type: 'r' }));

  const answer = (query: string, params: Record<string, unknown>): EagerResult => {
    if (query === Q.NODE_TYPE_PROPERTIES) return result(['nodeLabels', 'propertyName'], labels.map((l) => [[l], 'name']));
    if (query === Q.REL_TYPE_PROPERTIES) return result(['relType', 'propertyName'], types.map((t) => [`:\`${t}\``, null]));
    if (query === Q.SCHEMA_VISUALIZATION) {
      const vNodes = labels.map((l, i) => new Node(int(-1 - i), [l], { name: l }, String(-1 - i)));
      const pairs = new Set(graph.edges.map((e) => `${e.type}\u0000${byId.get(e.source)!.label}\u0000${byId.get(e.target)!.label}`));
      const rels = [...pairs].map((p, i) => {
        const [t, a, b] = p.split('\u0000') as [string, string, string];
        const ai = labels.indexOf(a);
        const bi = labels.indexOf(b);
        return new Relationship(int(-100 - i), int(-1 - ai), int(-1 - bi), t, {}, String(-100 - i), String(-1 - ai), String(-1 - bi));
      });
      return result(['nodes', 'relationships'], [[vNodes, rels]]);
    }
    const countL = /^MATCH \(n:(`(?:[^`]|``)+`)\) RETURN count\(n\) AS count$/.exec(query);
    if (countL) return result(['count'], [[int(graph.nodes.filter((n) => n.label === ident(countL[1]!)).length)]]);
    const countT = /^MATCH \(\)-\[r:(`(?:[^`]|``)+`)\]->\(\) RETURN count\(r\) AS count$/.exec(query);
    if (countT) return result(['count'], [[int(graph.edges.filter((e) => e.type === ident(countT[1]!)).length)]]);
    if (query === NAME_INDEX_QUERY) {
      if (!state.indexPresent || params.index !== 'kgrag_names') {
        throw new Neo4jError(
          `Failed to invoke procedure \`db.index.fulltext.queryNodes\`: Caused by: java.lang.IllegalArgumentException: There is no such fulltext schema index: ${String(params.index)}`,
          'Neo.ClientError.Procedure.ProcedureCallFailed',
          '52N37',
          'error: procedure exception - procedure execution error',
        );
      }
      const terms = luceneTerms(String(params.text));
      const limit = Number(params.limit);
      const scored = graph.nodes
        .map((n) => {
          const words = n.name.toLowerCase().split(/\s+/);
          const score = terms.reduce((s, t) => s + (words.some((w) => (t.fuzzy ? edits(w, t.term) <= 2 : w === t.term)) ? 1 : 0), 0);
          return { n, score };
        })
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score || (a.n.id < b.n.id ? -1 : 1))
        .slice(0, limit);
      return result(['id', 'labels', 'name', 'score'], scored.map((x) => [x.n.id, [x.n.label], x.n.name, x.score]));
    }
    if (query === VECTOR_INDEX_QUERY) {
      const rows: unknown[][] = [];
      const q = params.vector as number[];
      for (const ix of params.indexes as string[]) {
        const index = state.vectorIndexes.get(ix);
        if (!index) {
          throw new Neo4jError(`Failed to invoke procedure \`db.index.vector.queryNodes\`: Caused by: java.lang.IllegalArgumentException: There is no such vector schema index: ${ix}`, 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'error: procedure exception - procedure execution error');
        }
        if (q.length !== index.dimension) throw new Neo4jError(`Index query vector has ${q.length} dimensions, but indexed vectors have ${index.dimension}.`, 'Neo.ClientError.Procedure.ProcedureCallFailed', '52N37', 'procedure exception');
        // Exact nearest neighbours (Neo4j's HNSW is approximate); euclidean similarity 1 / (1 + d²).
        const scored = graph.nodes
          .filter((n) => n.label === index.label && Array.isArray(prop(n.id, index.property)) && (prop(n.id, index.property) as number[]).length === index.dimension)
          .map((n) => {
            const v = prop(n.id, index.property) as number[];
            let d2 = 0;
            for (let i = 0; i < v.length; i++) d2 += (v[i]! - q[i]!) ** 2;
            return { n, score: 1 / (1 + d2) };
          })
          .sort((a, b) => b.score - a.score || (a.n.id < b.n.id ? -1 : 1))
          .slice(0, Number(params.limit));
        for (const x of scored) rows.push([x.n.id, [x.n.label], x.n.name, prop(x.n.id, String(params.markerKey)) ?? null, x.score]);
      }
      return result(['id', 'labels', 'name', 'marker', 'score'], rows);
    }
    const write = /^UNWIND \$rows AS r MATCH \(n\) WHERE elementId\(n\) = r\.id SET n\.(`(?:[^`]|``)+`) = r\.v, n\.(`(?:[^`]|``)+`) = \$marker RETURN count\(n\) AS written$/.exec(query);
    if (write) {
      let written = 0;
      for (const r of params.rows as { id: string; v: number[] }[]) {
        if (!byId.has(r.id)) continue;
        const props = state.properties.get(r.id) ?? new Map<string, unknown>();
        props.set(ident(write[1]!), r.v);
        props.set(ident(write[2]!), params.marker);
        state.properties.set(r.id, props);
        written++;
      }
      return result(['written'], [[int(written)]]);
    }
    const createVector = /^CREATE VECTOR INDEX (`(?:[^`]|``)+`) IF NOT EXISTS FOR \(n:(`(?:[^`]|``)+`)\) ON n\.(`(?:[^`]|``)+`) OPTIONS \{indexConfig: \{`vector\.dimensions`: (\d+), `vector\.similarity_function`: 'euclidean'\}\}$/.exec(query);
    if (createVector) {
      const [name, label, property] = [ident(createVector[1]!), ident(createVector[2]!), ident(createVector[3]!)];
      const blocked = state.vectorIndexes.has(name) || [...state.vectorIndexes.values()].some((x) => x.label === label && x.property === property);
      if (!blocked) state.vectorIndexes.set(name, { label, property, dimension: Number(createVector[4]) });
      return result([], []);
    }
    if (query.startsWith('CREATE FULLTEXT INDEX kgrag_names IF NOT EXISTS FOR (n:')) {
      state.indexPresent = true;
      return result([], []);
    }
    if (query === 'MATCH (n) WHERE elementId(n) IN $ids RETURN elementId(n) AS id, n.name AS name') {
      return result(['id', 'name'], (params.ids as string[]).filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!.name]));
    }
    const members = /^MATCH \(n:(`(?:[^`]|``)+`)\) RETURN elementId\(n\) AS id$/.exec(query);
    if (members) return result(['id'], graph.nodes.filter((n) => n.label === ident(members[1]!)).map((n) => [n.id]));
    // The expansion (storeGraph.expansionStatement, Neo4j dialect): one branch per direction.
    const branches = query.split(' UNION ALL ');
    const rows: unknown[][] = [];
    for (const b of branches) {
      const m = /^MATCH \(a\)(-\[r:((?:`(?:[^`]|``)+`\|?)+)\]->|<-\[r:((?:`(?:[^`]|``)+`\|?)+)\]-)\(b\) WHERE elementId\(a\) IN \$ids RETURN elementId\(a\) AS a, type\(r\) AS t, elementId\(r\) AS ro, elementId\(b\) AS b, labels\(b\)\[0\] AS bl, ([01]) AS o$/.exec(b);
      if (!m) throw new Error(`fake Neo4j: unexpected statement ${query}`);
      const out = m[2] !== undefined;
      const wanted = new Set((m[2] ?? m[3]!).split('|').map(ident));
      for (const id of params.ids as string[]) {
        for (const e of graph.edges) {
          if (!wanted.has(e.type)) continue;
          if (out ? e.source !== id : e.target !== id) continue;
          const other = out ? e.target : e.source;
          rows.push([id, e.type, e.id, other, byId.get(other)!.label, int(out ? 1 : 0)]);
        }
      }
    }
    return result(['a', 't', 'ro', 'b', 'bl', 'o'], rows);
  };

  const store = new Neo4jStore({
    uri: 'neo4j://fake.invalid:7687',
    user: 'reader',
    password: () => 'pw',
    driverFactory: (uri: string, a, config: Config): Driver => {
      const driver = neo4j.driver(uri, a, config); // a real driver; no connection is made
      driver.verifyConnectivity = (async () => ({ address: 'fake.invalid:7687', agent: 'Neo4j/5', protocolVersion: 5.8 })) as never;
      driver.executeQuery = (async (query: string, params: Record<string, unknown>, cfg: Record<string, unknown>) => {
        calls.push({ query, params, routing: cfg.routing });
        return answer(query, params);
      }) as never;
      driver.session = (() => ({
        async beginTransaction() {
          return {
            async *run(query: string, params: Record<string, unknown> = {}) {
              const toEmbed = /^MATCH \(n:(`(?:[^`]|``)+`)\) WHERE n\.(`(?:[^`]|``)+`) IS NULL OR coalesce\(n\.(`(?:[^`]|``)+`), ''\) <> \$marker RETURN elementId\(n\) AS id, n\.`name` AS name$/.exec(query);
              if (toEmbed) {
                state.streamed.push(query);
                const [label, property, marker] = [ident(toEmbed[1]!), ident(toEmbed[2]!), ident(toEmbed[3]!)];
                // The filter evaluated up front (a server evaluates it as it streams: either way no node is read twice, since a node is written after it was read).
                const due = graph.nodes.filter((n) => n.label === label && (prop(n.id, property) === undefined || (prop(n.id, marker) ?? '') !== params.marker));
                for (const n of due) yield new Neo4jRecord(['id', 'name'], [n.id, n.name]);
                return;
              }
              exported.push(query);
              if (query === Q.EXPORT_NODES) for (const n of graph.nodes) yield new Neo4jRecord(['id', 'labels', 'name'], [n.id, [n.label], n.name]);
              else if (query === Q.EXPORT_EDGES) for (const e of graph.edges) yield new Neo4jRecord(['source', 'target', 'type'], [e.source, e.target, e.type]);
              else throw new Error(`fake Neo4j: unexpected export statement ${query}`);
            },
            async close() {},
          };
        },
        async close() {},
      })) as never;
      return driver;
    },
  });
  (state as { store: Neo4jStore }).store = store;
  return state;
}

/** A random multigraph as Neo4j would hold it (elementIds) and as the in-memory snapshot does (the same ids). */
export async function graphOf(seed: number): Promise<{ fake: FakeGraph; memory: Awaited<ReturnType<typeof randomGraph>> }> {
  const g = await randomGraph(seed, 40, 160);
  const nodes = g.nodeNames.map((n) => ({ id: 'n:' + n, label: g.labels.get(n)!, name: n }));
  const edges = g.triples.map(([h, t, d], i) => ({ id: `5:e:${i}`, source: 'n:' + h, type: t, target: 'n:' + d }));
  return { fake: { nodes, edges }, memory: g };
}

/** GSD values and answers as sets (on Neo4j the tie order is not the snapshot's: docs/placement.md). */
export function outcome(r: RetrievalResult): unknown {
  return {
    gsd: r.subgraphs.map((s) => s.gsd).sort((a, b) => a - b),
    answers: r.answers.map((a) => `${a.score.toFixed(9)} ${a.nodeId} ${a.value} ${(a.labels ?? []).join('|')}`).sort(),
    context: (r.context ?? []).map((a) => `${a.nodeId} ${(a.labels ?? []).join('|')}`).sort(),
    candidates: JSON.stringify(r.candidates, (k, v: unknown) => (Array.isArray(v) && k === 'candidates' ? [...(v as { id?: string; text: string }[])].map((c) => JSON.stringify(c)).sort() : v)),
  };
}
