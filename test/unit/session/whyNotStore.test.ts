// why-not in store placement on the REAL embedded engine: the analysis reads the index without the
// graph and batched read-only statements (gsd's searches on each problem's local graph, shortest
// paths one statement per hop); its findings equal the memory analysis' on random multigraphs and on
// MetaQA-shaped chains of the movie sample, for gsd, cypher, stem, sage and mor; what the store cannot
// do within its bounds sends the whole analysis to the snapshot, and the result says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import type { PlanningGraph, StrategyKind } from '../../../src/core/plan/planningGraph';
import type { WhyNotResult } from '../../../src/contracts/whyNot';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { randomGraph, randomPattern, rng } from '../retrieve/helpers';
import { metaqaChain } from './metaqaChains';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';
import { importedDatabase, importedRandomGraph } from '../../support/importedGraph';

let dir = '';
const graphs: { seed: number; nodes: number; edges: number; folder: string }[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-whynot-store-'));
  for (const [seed, nodes, edges] of [
    [51, 40, 160],
    [52, 50, 220],
  ] as const) {
    const { folder } = await importedRandomGraph(dir, seed, nodes, edges);
    graphs.push({ seed, nodes, edges, folder });
  }
});

after(() => rmSync(dir, { recursive: true, force: true }));

async function withSession<T>(folder: string, placement: 'store' | 'memory', fn: (s: RetrievalSession) => Promise<T>): Promise<T> {
  const s = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'hashing' }, placement });
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/** Everything an analysis says but how long it took and where it read the graph. */
function findings(r: WhyNotResult): unknown {
  const { ms: _ms, placement: _p, storeIo: _io, ...rest } = r;
  return rest;
}

interface Ask {
  readonly plan: PlanningGraph;
  readonly expected: string;
  readonly strategy: StrategyKind;
}

/**
 * Asks every question in a session opened with placement store (which must never hold the graph
 * unless an analysis said it fell back to the snapshot), then in a memory session, and compares.
 */
async function compare(folder: string, asks: readonly Ask[]): Promise<{ store: WhyNotResult[]; causes: Map<string, number>; fellBack: number }> {
  const stored = await withSession(folder, 'store', async (s) => {
    const out: WhyNotResult[] = [];
    for (const a of asks) {
      out.push(await s.whyNot(a.plan, a.expected, { strategy: a.strategy }));
      if (!out.some((r) => r.placement?.ran === 'memory')) assert.ok(!((await s.searchIndex()) instanceof GraphSnapshot), 'a store-placed analysis loaded the graph');
    }
    return out;
  });
  const causes = new Map<string, number>();
  let fellBack = 0;
  await withSession(folder, 'memory', async (s) => {
    for (const [i, a] of asks.entries()) {
      const memory = await s.whyNot(a.plan, a.expected, { strategy: a.strategy });
      const store = stored[i]!;
      assert.equal(memory.placement?.ran, 'memory');
      assert.equal(memory.storeIo, undefined);
      assert.deepEqual(findings(store), findings(memory), `${a.strategy} ${a.plan.name} "${a.expected}"`);
      assert.equal(store.placement?.requested, 'store');
      if (store.placement?.ran === 'memory') {
        // A fallback says which part the store could not do.
        fellBack++;
        assert.match(store.placement.reason, /the analysis ran on the snapshot/);
        assert.equal(store.storeIo, undefined, 'a fallback shows no store figures');
      } else {
        assert.equal(store.placement?.ran, 'store');
        assert.ok(store.storeIo, 'a store analysis counts what it read');
        const key = `${a.strategy}:${store.cause.kind}`;
        causes.set(key, (causes.get(key) ?? 0) + 1);
      }
    }
  });
  return { store: stored, causes, fellBack };
}

test('why-not in store placement: the same findings as memory on random multigraphs (gsd, cypher, stem, sage, mor), real engine', async () => {
  const all = new Map<string, number>();
  let fell = 0;
  for (const { seed, nodes, edges, folder } of graphs) {
    const g = await randomGraph(seed, nodes, edges);
    const r = rng(seed * 13);
    const asks: Ask[] = [];
    for (let p = 0; p < 10; p++) {
      const base = randomPattern(seed * 100 + p, g);
      // A small k, so that answers are cut; expected: names of the target's label (returned or not) and one name the graph lacks.
      const plan: PlanningGraph = { ...base, strategy: { kind: 'gsd', k: 1 + (p % 3), nodeCandidates: 2 + (p % 3), relationCandidates: 2 } };
      const names = g.nodeNames.filter(() => r() < 0.5).slice(0, 3);
      for (const expected of names) asks.push({ plan, expected, strategy: 'gsd' });
      asks.push({ plan, expected: names[0] ?? g.nodeNames[0]!, strategy: p % 2 === 0 ? 'stem' : 'sage' });
      if (p % 3 === 0) asks.push({ plan, expected: names[1] ?? g.nodeNames[1]!, strategy: 'cypher' });
      if (p === 0) asks.push({ plan, expected: 'no such name at all', strategy: 'gsd' });
      // mor: its own small seeds, layers and k, so that answers are cut, never seeded or lost at a layer.
      const mor: PlanningGraph = { ...base, strategy: { kind: 'mor', seeds: 1 + (p % 3), perStep: 1 + (p % 3), k: 1 + (p % 2) } };
      for (const expected of names.slice(0, 2)) asks.push({ plan: mor, expected, strategy: 'mor' });
    }
    const { causes, fellBack } = await compare(folder, asks);
    for (const [k, v] of causes) all.set(k, (all.get(k) ?? 0) + v);
    fell += fellBack;
  }
  console.log(`why-not in the store, by cause: ${[...all].map(([k, v]) => `${k} ${v}`).join(', ')}; fell back to the snapshot: ${fell}`);
  // Not vacuous: gsd analyses in the store reached causes beyond "returned", with evidence searched there.
  const gsdDeep = [...all].filter(([k]) => k.startsWith('gsd:') && !k.endsWith(':returned') && !k.endsWith(':not-in-graph')).reduce((s, [, v]) => s + v, 0);
  assert.ok(gsdDeep >= 10, `gsd analyses in the store past "returned": ${gsdDeep}`);
  assert.ok((all.get('gsd:cut-by-k') ?? 0) + (all.get('gsd:pruned') ?? 0) >= 1, 'ranked causes in the store');
  assert.ok((all.get('cypher:cypher-clause') ?? 0) + (all.get('cypher:unreachable') ?? 0) >= 2, 'cypher analyses in the store');
  // mor analyses in the store past "returned": its layers and seeds (mor-layer) or its cut (cut-by-k).
  assert.ok((all.get('mor:mor-layer') ?? 0) + (all.get('mor:cut-by-k') ?? 0) >= 5, 'mor analyses in the store');
});

test('why-not in store placement falls back to the snapshot, saying why, when the store cannot start a search (no name, no label), with memory\'s findings', async () => {
  const { seed, nodes, edges, folder } = graphs[0]!;
  const g = await randomGraph(seed, nodes, edges);
  // Neither node has a name or a label: in the store the search would start at every node.
  const plan: PlanningGraph = {
    name: 'bare',
    nodes: [{ id: 'a' }, { id: 'b' }],
    edges: [{ id: 'e', source: 'a', target: 'b', directed: true, relation: { kind: 'type', value: g.triples[0]![1] } }],
    targets: ['b'],
    expect: [],
    strategy: { kind: 'gsd', k: 1, nodeCandidates: 2, relationCandidates: 1 },
  };
  const { store, fellBack } = await compare(folder, [{ plan, expected: g.triples[5]![2], strategy: 'gsd' }]);
  assert.equal(fellBack, 1);
  assert.match(store[0]!.placement!.reason, /neither a name nor a label/);
});

test('why-not in store placement on MetaQA-shaped chains of the movie sample: the same findings as memory (gsd)', async () => {
  const folder = join(dir, 'metaqa');
  await importedDatabase(folder, [{ path: SAMPLE_TRIPLES, format: 'triples' }]);
  const triples = readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n').filter(Boolean).map((l) => l.split('|') as [string, string, string]);
  const films = [...new Set(triples.map((t) => t[0]))];
  const tails = [...new Set(triples.map((t) => t[2]))];
  const r = rng(2027);
  const asks: Ask[] = [];
  for (let i = 0; i < 12; i++) {
    const film = films[Math.floor(r() * films.length)]!;
    const hops = 1 + (i % 2);
    const { nodes, edges } = metaqaChain(film, hops, r, i % 3 !== 0);
    const plan: PlanningGraph = { name: `chain_${i}`, nodes, edges, targets: [`n${hops}`], expect: [], strategy: { kind: 'gsd', k: 2, nodeCandidates: 4, relationCandidates: 3 } };
    // One of the film's own neighbours (often cut at k 2) and a name from elsewhere in the graph.
    const own = triples.filter((t) => t[0] === film).map((t) => t[2]);
    asks.push({ plan, expected: own[Math.floor(r() * own.length)] ?? tails[0]!, strategy: 'gsd' });
    asks.push({ plan, expected: tails[Math.floor(r() * tails.length)]!, strategy: 'gsd' });
  }
  const { causes, fellBack } = await compare(folder, asks);
  console.log(`MetaQA sample why-not in the store, by cause: ${[...causes].map(([k, v]) => `${k} ${v}`).join(', ')}; fell back: ${fellBack}`);
  assert.ok([...causes.values()].reduce((a, b) => a + b, 0) >= 20, 'most analyses ran in the store');
  assert.ok((causes.get('gsd:cut-by-k') ?? 0) >= 1 && (causes.get('gsd:candidate-rank') ?? 0) >= 1, 'ranked and candidate-rank causes in the store');
});

/** A film title of two to four made-up words and its number: names far apart, so a film's rank among 5,000 is often in the thousands. */
function filmTitle(f: number): string {
  const syl = ['ka', 'lo', 'mi', 'ser', 'tun', 'bra', 'vel', 'o', 'qui', 'zan', 'dor', 'phe', 'ux', 'ry', 'gal', 'tho'];
  let x = Math.imul(f + 1, 2654435761) >>> 0;
  const words: string[] = [];
  for (let i = 0; i < 2 + (f % 3); i++) {
    let w = '';
    for (let j = 0; j < 2 + ((x >>> 3) % 2); j++) {
      w += syl[x % 16];
      x = Math.imul(x ^ (x >>> 13), 1103515245) >>> 0;
    }
    words.push(w);
  }
  return `${words.join(' ')} ${f}`;
}

test('why-not in store placement: a raised limit whose rank search starts from thousands of films (over 2,000, once refused) runs in the store, with memory\'s findings (gsd)', async () => {
  // 5,000 films with made-up titles, each director shared by two: the film that reaches an expected
  // director is often thousands of ranks down, and the raised limit's rank search (no pinned node)
  // starts from that whole list, sent through the level statement's bitset or buckets. Such an
  // analysis used to fall back to the snapshot.
  const folder = join(dir, 'films');
  const kb = join(dir, 'films.txt');
  const lines: string[] = [];
  for (let f = 0; f < 5_000; f++) lines.push(`${filmTitle(f)}|directed_by|Director ${f % 2_500}`, `${filmTitle(f)}|release_year|${1950 + (f % 60)}`);
  writeFileSync(kb, lines.join('\n') + '\n');
  await importedDatabase(folder, [{ path: kb, format: 'triples' }]);
  const r = rng(5000);
  const asks: Ask[] = [];
  for (let i = 0; i < 6; i++) {
    const film = Math.floor(r() * 5_000);
    const { nodes, edges } = metaqaChain(filmTitle(film), 1, () => 0, true);
    const plan: PlanningGraph = { name: `film_${i}`, nodes, edges, targets: ['n1'], expect: [], strategy: { kind: 'gsd', k: 1, nodeCandidates: 3, relationCandidates: 2 } };
    asks.push({ plan, expected: `Director ${(film + 1 + Math.floor(r() * 2_400)) % 2_500}`, strategy: 'gsd' });
  }
  const { store, causes, fellBack } = await compare(folder, asks);
  const ranks = store.map((s) => (s.cause.kind === 'candidate-rank' ? s.cause.needs.map((n) => n.rank ?? 0).join('/') : s.cause.kind));
  console.log(`5,000 films, why-not in the store by cause: ${[...causes].map(([k, v]) => `${k} ${v}`).join(', ')}; fell back: ${fellBack}; needed ranks ${ranks.join(', ')}; rows read ${store.map((s) => s.storeIo?.rowsRead ?? 0).join(', ')}`);
  assert.equal(fellBack, 0, store.map((s) => s.placement?.reason ?? '').join('; '));
  // Not vacuous: some analysis needed a film ranked past 2,000 (its raised list was longer still).
  assert.ok(store.some((s) => s.cause.kind === 'candidate-rank' && s.cause.needs.some((n) => (n.rank ?? 0) > 2_000)), `needed ranks: ${ranks.join(', ')}`);
});
