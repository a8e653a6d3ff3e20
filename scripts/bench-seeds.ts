/**
 * STEM and SAGE alone on MetaQA dev (`npx tsx scripts/bench-seeds.ts [--sample N] [--hops 1,2,3]`):
 * the rows `npm run bench` prints, without the rest of the benchmark.
 */
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { HashingEmbedder } from '../src/core/embed/hashing';
import { GraphSnapshot } from '../src/core/retrieve/snapshot/snapshot';
import { goldPattern, loadQuestions, metaqaLabel, reachableAnswers, readKb, sample } from './bench/metaqa';
import { runSeeds, type SeedsCase } from './bench/seeds';

const { values } = parseArgs({
  options: {
    sample: { type: 'string', default: '1000' },
    hops: { type: 'string', default: '1,2,3' },
    data: { type: 'string', default: resolve(__dirname, '../../shared/data/metaqa') },
    seed: { type: 'string', default: '7' },
    only: { type: 'string' },
  },
});

async function main(): Promise<void> {
  const embedder = new HashingEmbedder();
  const snap = await GraphSnapshot.fromTriples(readKb(join(values.data, 'kb.txt')), embedder, { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' });
  const cases: SeedsCase[] = values.hops.split(',').map(Number).map((hop) => {
    const picked = sample(loadQuestions(values.data, hop), Number(values.sample), Number(values.seed) + hop);
    const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
    return { hop, plans: usable.map((q) => goldPattern(q, true)), gold: usable.map((q) => q.answers) };
  });
  console.log(`# STEM / SAGE — embedder ${embedder.id}, node ${process.version}, seeded sample ${values.sample} per hop (seed ${values.seed}), gold reachable`);
  await runSeeds(snap, embedder, cases, values.only?.split(','));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exitCode = 1;
});
