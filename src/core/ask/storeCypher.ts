// The aggregate Cypher of candidate enumeration on a store (GraphRAFT, Appendix A.2: every typed
// continuation of a query prefix with `count(DISTINCT answer)`). One builder for both dialects: only
// the functions differ (Neo4j `type(r)`/`labels(n)[0]`/`elementId(n)`, the embedded engine
// `label(r)`/`label(n)`/`id(n)`). Anchors are parameters; labels and relation types come from the
// graph's own schema and are backtick-quoted (quoteIdentifier), never spliced as values.
import type { CypherDialect, CypherParams } from '../../contracts/values';
import { quoteIdentifier } from '../graph/identifiers';
import type { Step } from './enumerate';

/** A grounded node as the store knows it. */
export interface StoreNodeRef {
  /** The store's id: "table:offset" (embedded) or an elementId (Neo4j). */
  readonly storeId: string;
  readonly label: string;
}

export interface CypherStatement {
  readonly text: string;
  readonly params: CypherParams;
}

interface Dialect {
  relType(r: string): string;
  label(n: string): string;
  /** A value that is the same for the same node and differs otherwise (comparable with <>). */
  key(n: string): string;
  /** The node's id as the store reports it elsewhere (snapshot nodeIds). */
  id(n: string): string;
  /** MATCH clause binding `v` to the node with the id in parameter `p`. */
  anchor(v: string, node: StoreNodeRef, p: string, params: Record<string, CypherParams[string]>): string;
}

const DIALECTS: Readonly<Record<CypherDialect, Dialect>> = {
  neo4j: {
    relType: (r) => `type(${r})`,
    label: (n) => `labels(${n})[0]`,
    key: (n) => `elementId(${n})`,
    id: (n) => `elementId(${n})`,
    anchor(v, node, p, params) {
      params[p] = node.storeId;
      return `MATCH (${v}) WHERE elementId(${v}) = $${p}`;
    },
  },
  kuzu: {
    relType: (r) => `label(${r})`,
    label: (n) => `label(${n})`,
    key: (n) => `id(${n})`,
    id: (n) => `string(id(${n}))`,
    anchor(v, node, p, params) {
      // The engine cannot cast a string parameter to an internal id: the table is the label
      // (quoted, from the schema), the offset a parameter.
      const m = /^\d+:(\d+)$/.exec(node.storeId);
      if (!m) throw new Error(`not an embedded node id: ${JSON.stringify(node.storeId)}`);
      params[p] = Number(m[1]);
      return `MATCH (${v}:${quoteIdentifier(node.label)}) WHERE offset(id(${v})) = $${p}`;
    },
  },
};

function hop(from: string, s: Step, to: string, rel = ''): string {
  const r = rel ? `${rel}:${quoteIdentifier(s.relation)}` : `:${quoteIdentifier(s.relation)}`;
  return s.direction === 'out' ? `(${from})-[${r}]->(${to}:${quoteIdentifier(s.label)})` : `(${from})<-[${r}]-(${to}:${quoteIdentifier(s.label)})`;
}

function differs(d: Dialect, v: string, anchors: readonly string[]): string {
  return anchors.map((a) => `${d.key(v)} <> ${d.key(a)}`).join(' AND ');
}

/**
 * The clauses that walk a chain's fixed steps from `a`, carrying the number of paths to each node
 * (`w<i>`). Each hop is its own MATCH followed by a grouping WITH: hop i+1 starts from the distinct
 * nodes of hop i (not from the anchor again), and a MATCH's relationship uniqueness does not reach
 * across hops — the same semantics as the snapshot enumerator.
 */
function chainPrefix(d: Dialect, steps: readonly Step[], anchors: readonly string[]): { clauses: string[]; last: string; weight: string } {
  const clauses: string[] = [];
  let last = anchors[0]!;
  let weight = '';
  steps.forEach((s, i) => {
    const v = `x${i + 1}`;
    clauses.push(`MATCH ${hop(last, s, v)} WHERE ${differs(d, v, anchors)}`);
    const w = `w${i + 1}`;
    clauses.push(`WITH ${anchors.join(', ')}, ${v}, ${weight ? `sum(${weight})` : 'count(*)'} AS ${w}`);
    last = v;
    weight = w;
  });
  return { clauses, last, weight };
}

/**
 * The typed continuations of `from` (one more hop, either direction), each with its distinct
 * answers; `tag` (a batch's prefix number, a literal) is returned as `prefix`.
 */
function continuations(d: Dialect, head: readonly string[], from: string, anchors: readonly string[], tag?: number): string {
  const branch = (dir: 'out' | 'in'): string =>
    [
      ...head,
      `MATCH (${from})${dir === 'out' ? '-[r]->' : '<-[r]-'}(y) WHERE ${differs(d, 'y', anchors)}`,
      `RETURN ${tag !== undefined ? `${tag} AS prefix, ` : ''}${d.relType('r')} AS relation, '${dir}' AS direction, ${d.label('y')} AS label, count(DISTINCT ${d.key('y')}) AS answers`,
    ].join('\n');
  return `${branch('out')}\nUNION ALL\n${branch('in')}`;
}

/** Every one-hop continuation of the chain `steps` from the anchor, with `answers` per (relation, direction, label). */
export function chainContinuations(dialect: CypherDialect, anchor: StoreNodeRef, steps: readonly Step[]): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = {};
  const head = [d.anchor('a', anchor, 'anchor', params)];
  const prefix = chainPrefix(d, steps, ['a']);
  return { text: continuations(d, [...head, ...prefix.clauses], prefix.last, ['a']), params };
}

/**
 * Every chain of `depth` hops from the anchor with every typed continuation, in one statement: one
 * branch per direction of each hop (2^(depth+1)), each hop's nodes made distinct per prefix
 * (`WITH DISTINCT` over the prefix's types and labels) before the next hop — the snapshot
 * enumerator's semantics (a chain continues from a hop's distinct answers, never the anchor) with
 * the prefix walked once, not once per prefix. Columns: `t<i>`, `d<i>`, `l<i>` per prefix hop, then
 * relation, direction, label, answers.
 */
export function chainLevel(dialect: CypherDialect, anchor: StoreNodeRef, depth: number): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = {};
  const head = d.anchor('a', anchor, 'anchor', params);
  const branches: string[] = [];
  for (let mask = 0; mask < 1 << (depth + 1); mask++) {
    const dir = (i: number): 'out' | 'in' => ((mask >> i) & 1 ? 'in' : 'out');
    const arrow = (i: number, r: string): string => (dir(i) === 'out' ? `-[${r}]->` : `<-[${r}]-`);
    const clauses = [head];
    const kept: string[] = [];
    const columns: string[] = [];
    let from = 'a';
    for (let i = 1; i <= depth; i++) {
      const x = `x${i}`;
      clauses.push(`MATCH (${from})${arrow(i - 1, `r${i}`)}(${x}) WHERE ${differs(d, x, ['a'])}`);
      clauses.push(`WITH DISTINCT a, ${[...kept, `${d.relType(`r${i}`)} AS t${i}`, `${d.label(x)} AS l${i}`].join(', ')}, ${x}`);
      kept.push(`t${i}`, `l${i}`);
      columns.push(`t${i}`, `'${dir(i - 1)}' AS d${i}`, `l${i}`);
      from = x;
    }
    clauses.push(`MATCH (${from})${arrow(depth, 'r')}(y) WHERE ${differs(d, 'y', ['a'])}`);
    clauses.push(`RETURN ${[...columns, `${d.relType('r')} AS relation`, `'${dir(depth)}' AS direction`, `${d.label('y')} AS label`, `count(DISTINCT ${d.key('y')}) AS answers`].join(', ')}`);
    branches.push(clauses.join('\n'));
  }
  return { text: branches.join('\nUNION ALL\n'), params };
}

/**
 * Paths a –r1– m –r2– b between two anchors, grouped by both hops' relation and direction and the
 * middle node's label, with the distinct middle nodes. `second` is read from m towards b.
 */
export function pathGroups(dialect: CypherDialect, a: StoreNodeRef, b: StoreNodeRef): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = {};
  const head = [d.anchor('a', a, 'a', params), d.anchor('b', b, 'b', params)];
  const branches: string[] = [];
  for (const first of ['out', 'in'] as const) {
    for (const second of ['out', 'in'] as const) {
      const left = first === 'out' ? '(a)-[r1]->(m)' : '(a)<-[r1]-(m)';
      const right = second === 'out' ? '-[r2]->(b)' : '<-[r2]-(b)';
      branches.push(
        [
          ...head,
          `MATCH ${left}${right} WHERE ${differs(d, 'm', ['a', 'b'])}`,
          `RETURN ${d.relType('r1')} AS first, '${first}' AS firstDirection, ${d.relType('r2')} AS second, '${second}' AS secondDirection, ${d.label('m')} AS label, count(DISTINCT ${d.key('m')}) AS answers`,
        ].join('\n'),
      );
    }
  }
  return { text: branches.join('\nUNION ALL\n'), params };
}

function pathPrefix(d: Dialect, a: StoreNodeRef, b: StoreNodeRef, first: Step, second: Step, params: Record<string, CypherParams[string]>): string[] {
  const right = second.direction === 'out' ? `-[:${quoteIdentifier(second.relation)}]->(b)` : `<-[:${quoteIdentifier(second.relation)}]-(b)`;
  return [d.anchor('a', a, 'a', params), d.anchor('b', b, 'b', params), `MATCH ${hop('a', first, 'm')}${right} WHERE ${differs(d, 'm', ['a', 'b'])}`, `WITH a, b, m, count(*) AS w`];
}

/** The typed continuations from a path's middle nodes (the conjunctions), answers never an anchor. */
export function conjunctionContinuations(dialect: CypherDialect, a: StoreNodeRef, b: StoreNodeRef, first: Step, second: Step): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = {};
  return { text: continuations(d, pathPrefix(d, a, b, first, second, params), 'm', ['a', 'b']), params };
}

/** The conjunctions of several paths between the same two anchors in one statement, rows tagged `prefix` = the path's index. */
export function conjunctionContinuationsBatch(dialect: CypherDialect, a: StoreNodeRef, b: StoreNodeRef, paths: readonly { readonly first: Step; readonly second: Step }[]): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = {};
  const text = paths.map((p, i) => continuations(d, pathPrefix(d, a, b, p.first, p.second, params), 'm', ['a', 'b'], i)).join('\nUNION ALL\n');
  return { text, params };
}

/** The shape a candidate query has, as the store runs it (anchors with their store ids). */
export type StoreShape =
  | { readonly kind: 'chain'; readonly anchor: StoreNodeRef; readonly steps: readonly Step[] }
  | { readonly kind: 'path'; readonly anchors: readonly [StoreNodeRef, StoreNodeRef]; readonly first: Step; readonly second: Step }
  | { readonly kind: 'conjunction'; readonly anchors: readonly [StoreNodeRef, StoreNodeRef]; readonly first: Step; readonly second: Step; readonly then: Step };

/** A candidate's answers with the number of paths reaching each, most paths first, at most $limit. */
export function candidateAnswers(dialect: CypherDialect, shape: StoreShape, limit: number): CypherStatement {
  const d = DIALECTS[dialect];
  const params: Record<string, CypherParams[string]> = { limit };
  let clauses: string[];
  let v: string;
  let w: string;
  if (shape.kind === 'chain') {
    const p = chainPrefix(d, shape.steps, ['a']);
    clauses = [d.anchor('a', shape.anchor, 'anchor', params), ...p.clauses];
    v = p.last;
    w = p.weight;
  } else {
    clauses = pathPrefix(d, shape.anchors[0], shape.anchors[1], shape.first, shape.second, params);
    v = 'm';
    w = 'w';
    if (shape.kind === 'conjunction') {
      clauses.push(`MATCH ${hop('m', shape.then, 't')} WHERE ${differs(d, 't', ['a', 'b'])}`, 'WITH t, sum(w) AS wt');
      v = 't';
      w = 'wt';
    }
  }
  clauses.push(`RETURN ${d.id(v)} AS id, ${v}.name AS name, ${d.label(v)} AS label, ${w} AS paths ORDER BY paths DESC, name LIMIT $limit`);
  return { text: clauses.join('\n'), params };
}
