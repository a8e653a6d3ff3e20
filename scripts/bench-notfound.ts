/**
 * Calibration of the "not found" threshold (issue 14): the distance from a named node's text to its
 * nearest graph name, for names that ARE in the graph as people write them (as is, lower case, a
 * typo: two adjacent letters swapped, the words in another order) and for names that are NOT
 * (a first name and a last name of two different people; two halves of two titles), on the
 * MetaQA graph and on the sample graph, per embedder. Prints the distributions and, for each
 * candidate threshold, the share of present names flagged and of absent names missed.
 * `npm run bench:notfound` (prints, asserts nothing).
 */
import { join, resolve } from 'node:path';
import { HashingEmbedder } from '../src/core/embed/hashing';
import { LexicalEmbedder } from '../src/core/embed/lexical';
import { namesView, type Embedder } from '../src/core/embed/embedder';
import { GraphSnapshot } from '../src/core/retrieve/snapshot/snapshot';
import { metaqaLabel, readKb } from './bench/metaqa';
import { fmt, percentile } from './bench/stats';
import { mulberry32 as rng } from '../test/support/prng';

const data = resolve(__dirname, '../../shared/data/metaqa');

function variants(names: readonly string[], rand: () => number): { present: string[]; absent: string[] } {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const known = new Set(names.map((n) => n.toLowerCase()));
  const people = names.filter((n) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(n));
  const titles = names.filter((n) => n.split(' ').length >= 3);
  const present: string[] = [];
  const absent: string[] = [];
  for (let i = 0; i < 300; i++) {
    const n = pick(names);
    present.push(n, n.toLowerCase());
    if (n.length > 5) {
      const j = 1 + Math.floor(rand() * (n.length - 3));
      present.push(n.slice(0, j) + n[j + 1] + n[j] + n.slice(j + 2));
    }
    const w = n.split(' ');
    if (w.length === 2) present.push(`${w[1]} ${w[0]}`);
  }
  while (absent.length < 600) {
    const a = rand() < 0.5 && people.length > 1 ? `${pick(people).split(' ')[0]} ${pick(people).split(' ')[1]}` : (() => {
      const x = pick(titles).split(' ');
      const y = pick(titles).split(' ');
      return [...x.slice(0, Math.ceil(x.length / 2)), ...y.slice(Math.ceil(y.length / 2))].join(' ');
    })();
    if (!known.has(a.toLowerCase())) absent.push(a);
  }
  return { present, absent };
}

async function nearest(snap: GraphSnapshot, embedder: Embedder, texts: readonly string[]): Promise<number[]> {
  const v = await namesView(embedder).embedBatch(texts);
  const d = embedder.dimension;
  return texts.map((_, i) => snap.index.search(v.subarray(i * d, (i + 1) * d), 1, {}, { mode: 'exact' })[0]?.distance ?? Infinity);
}

async function main(): Promise<void> {
  console.log('# Not-found calibration: nearest-name distance, present (as is, lower case, swapped letters, word order) vs absent names');
  console.log('graph | embedder | present p50 / p95 / p99 / max | absent min / p1 / p5 / p50 | threshold: present flagged, absent missed');
  const graphs: { name: string; triples: () => Iterable<[string, string, string]> }[] = [
    { name: 'MetaQA kb.txt', triples: () => readKb(join(data, 'kb.txt')) },
    { name: 'samples/movies', triples: () => readKb(resolve(__dirname, '../samples/movies/movies.triples.txt')) },
  ];
  for (const g of graphs) {
    let triples: [string, string, string][];
    try {
      triples = [...g.triples()];
    } catch {
      console.log(`${g.name}: not found, skipped`);
      continue;
    }
    for (const embedder of [new LexicalEmbedder({ charLevel: new HashingEmbedder() }), new HashingEmbedder()] as Embedder[]) {
      const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf: metaqaLabel, fingerprint: g.name });
      const { present, absent } = variants([...new Set(snap.names)], rng(11));
      const p = await nearest(snap, embedder, present);
      const a = await nearest(snap, embedder, absent);
      const rows = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0].map((t) => `${t}: ${fmt((100 * p.filter((x) => x >= t).length) / p.length, 1)}% / ${fmt((100 * a.filter((x) => x < t).length) / a.length, 1)}%`);
      console.log(`${g.name} | ${embedder.id.split('(')[0]} | ${[50, 95, 99].map((q) => fmt(percentile(p, q), 3)).join(' / ')} / ${fmt(Math.max(...p), 3)} | ${fmt(Math.min(...a), 3)} / ${[1, 5, 50].map((q) => fmt(percentile(a, q), 3)).join(' / ')} | ${rows.join('; ')}`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exitCode = 1;
});
