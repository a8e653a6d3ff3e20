/**
 * The synthetic-scale part of the benchmark: a random typed graph of N nodes and M edges built
 * straight into the snapshot builder, embedded with the hashing embedder; reports build time, RSS
 * and the latency of 2-hop GSD patterns (known start with a typo, unknown typed middle and end).
 */
import { HashingEmbedder } from '../../src/core/embed/hashing';
import type { PlanningGraph } from '../../src/core/plan/planningGraph';
import { retrieveGsd } from '../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot, SnapshotBuilder, relationText } from '../../src/core/retrieve/snapshot/snapshot';
import { APPROXIMATE_ABOVE } from '../../src/core/retrieve/snapshot/vectorIndex';
import { fmt, mb, percentile, rssMb } from './stats';

// Consonant–vowel(–consonant) syllables: ≈ 2 000 of them, so names are about as diverse as real
// entity names (a 20-syllable inventory makes every n-gram a stop word).
const C = 'bcdfghjklmnprstvwz';
const V = 'aeiouy';
const SYLLABLES: string[] = [];
for (const c of C) for (const v of V) {
  SYLLABLES.push(c + v);
  for (const e of 'lnrst') SYLLABLES.push(c + v + e);
}
const LABELS = ['Movie', 'Person', 'Place', 'Company', 'Topic'];
const RELATIONS = ['directed_by', 'written_by', 'starred_actors', 'located_in', 'founded_by', 'about_topic', 'produced_by', 'works_for', 'born_in', 'related_to'];

export async function runSynthetic(nodes: number, edges: number, dimension = 16384): Promise<void> {
  let s = 12345;
  const rand = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const word = (): string => {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    return w;
  };
  const rss0 = rssMb();
  const t0 = performance.now();
  // Wider hash space than the 512 default: rows stay sparse (same memory), posting lists get
  // shorter, so the inverted search stays fast at a million nodes.
  const embedder = new HashingEmbedder({ dimension });
  const { snap, tGraph } = await generate(nodes, edges, rand, word, embedder);
  const buildMs = performance.now() - t0;
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
  const rss1 = rssMb();
  console.log(`\n## Synthetic graph: ${snap.nodeCount} nodes, ${snap.edgeCount} edges, max degree ${snap.maxDegree()}, embedder ${embedder.id}`);
  console.log(`generate + CSR ${fmt(tGraph - t0)} ms; snapshot build incl. ${snap.nodeCount} embeddings ${fmt(buildMs)} ms`);
  console.log(`RSS ${fmt(rss0)} → ${fmt(rss1)} MB (snapshot typed arrays + strings ≈ ${fmt(mb(snap.byteSize()))} MB)`);

  const plans: PlanningGraph[] = [];
  for (let i = 0; i < 220; i++) {
    const v = Math.floor(rand() * nodes);
    const name = snap.names.get(v);
    const typo = name.slice(0, 2) + name.slice(3);
    plans.push({
      name: 'syn' + i,
      nodes: [{ id: 'a', category: LABELS[v % LABELS.length]!, text: { kind: 'soft', value: i % 2 ? typo : name } }, { id: 'b' }, { id: 'c' }],
      edges: [
        { id: 'e0', source: 'a', target: 'b', directed: false, relation: { kind: 'phrase', value: relationText(RELATIONS[i % RELATIONS.length]!) } },
        { id: 'e1', source: 'b', target: 'c', directed: false, relation: { kind: 'phrase', value: relationText(RELATIONS[(i * 7) % RELATIONS.length]!) } },
      ],
      targets: ['c'],
      expect: [],
      strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 },
    });
  }
  for (const p of plans.slice(0, 20)) await retrieveGsd(p, snap, embedder);
  const lat: number[] = [];
  const cand: number[] = [];
  const search: number[] = [];
  let found = 0;
  for (const p of plans.slice(20)) {
    const r = await retrieveGsd(p, snap, embedder);
    lat.push(r.timings.totalMs);
    cand.push(r.timings.candidatesMs);
    search.push(r.timings.searchMs);
    if (r.subgraphs.length > 0) found++;
  }
  console.log(`2-hop patterns (${lat.length}): p50 ${fmt(percentile(lat, 50), 2)} ms, p95 ${fmt(percentile(lat, 95), 2)} ms (candidates p50 ${fmt(percentile(cand, 50), 2)} ms, search p50 ${fmt(percentile(search, 50), 2)} ms); ${found} with ≥ 1 subgraph`);
  const qv = await embedder.embedBatch(plans.slice(0, 10).map((p) => p.nodes[0]!.text!.value));
  let same = 0;
  let total = 0;
  let top1 = 0;
  const tb = performance.now();
  for (let i = 0; i < 10; i++) {
    const q = qv.subarray(i * embedder.dimension, (i + 1) * embedder.dimension);
    const ref = snap.index.bruteForce(q, 16);
    const got = new Set(snap.index.search(q, 16, {}, { mode: 'auto' }).map((h) => h.index));
    same += ref.filter((h) => got.has(h.index)).length;
    if (ref[0] && got.has(ref[0].index)) top1++;
    total += ref.length;
  }
  console.log(`candidate search (mode auto: ${snap.nodeCount > APPROXIMATE_ABOVE ? 'approximate, rarest buckets first' : 'exact inverted index'}) recall vs brute force (10 queries, half with a typo): @1 ${fmt(top1 / 10, 2)}, @16 ${fmt(same / Math.max(1, total), 3)}; brute force takes ${fmt((performance.now() - tb) / 10, 1)} ms per query`);
  console.log(`RSS after queries ${fmt(rssMb())} MB`);
}

/** Generates the graph into a builder that goes out of scope (its id map) once the snapshot is built. */
async function generate(nodes: number, edges: number, rand: () => number, word: () => string, embedder: HashingEmbedder): Promise<{ snap: GraphSnapshot; tGraph: number }> {
  const b = new SnapshotBuilder();
  for (let i = 0; i < nodes; i++) b.addNode('n' + i, LABELS[i % LABELS.length]!, `${word()} ${word()} ${i.toString(36)}`);
  for (let e = 0; e < edges; e++) {
    const a = Math.floor(rand() * nodes);
    // Skewed targets: a few hubs, many leaves.
    const t = Math.floor(rand() * rand() * nodes);
    if (a === t) continue;
    b.addEdge(a, RELATIONS[Math.floor(rand() * RELATIONS.length)]!, t);
  }
  const tGraph = performance.now();
  return { snap: await b.build(embedder, 'synthetic', undefined), tGraph };
}
