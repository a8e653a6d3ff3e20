/**
 * STEM's guidance default (issue 16's open question): precision STEM with the personalised-PageRank
 * guidance against no guidance, on the same MetaQA dev questions under four conditions — the
 * hashing and the lexical embedder, the standard relation phrases and phrases drawn at random
 * (seeded) from data/paraphrases/metaqa.json — typed and untyped patterns.
 * `npm run bench -- --only guidance [--sample N]`. Prints, asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../src/core/embed/embedder';
import { DEFAULT_STRATEGIES, type PlanningGraph } from '../../src/core/plan/planningGraph';
import { retrieveStem } from '../../src/core/retrieve/stem/retrieve';
import { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { mulberry32 } from '../../test/support/prng';
import { goldPattern, loadQuestions, metaqaLabel, reachableAnswers, readKb, sample } from './metaqa';
import { fmt, percentile } from './stats';

export async function runGuidance(kb: string, data: string, embedders: readonly Embedder[], n: number, seed: number, hops: readonly number[]): Promise<void> {
  const set = JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'paraphrases', 'metaqa.json'), 'utf8')) as { relations: Record<string, string[]> };
  console.log(`\n## STEM guidance: "ppr" against "none" (precision, λ 1.5, τ 0.5, N 50, B 4), seeded sample of ${n} per hop (seed ${seed}), gold reachable`);
  console.log('embedder | phrases | patterns | hop | plans | Hits@1 ppr | Hits@1 none | p50 ms ppr | p50 ms none | p95 ms ppr | p95 ms none');
  for (const embedder of embedders) {
    const snap = await GraphSnapshot.fromTriples(readKb(kb), embedder, { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' });
    for (const phrases of ['standard', 'paraphrased'] as const) {
      for (const typed of [true, false]) {
        for (const hop of hops) {
          const picked = sample(loadQuestions(data, hop), n, seed + hop);
          const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
          const rand = mulberry32(seed * 31 + hop);
          const phraseFor = (relation: string): string => {
            const options = set.relations[relation]!;
            return options[Math.floor(rand() * options.length)]!;
          };
          const plans = usable.map((q) => goldPattern(q, typed, phrases === 'paraphrased' ? phraseFor : undefined));
          const row: string[] = [];
          const lat: number[][] = [];
          for (const guidance of ['ppr', 'none'] as const) {
            const run = (p: PlanningGraph) => retrieveStem({ ...p, strategy: { ...DEFAULT_STRATEGIES.stem, mode: 'precision', guidance } }, snap, embedder);
            for (const p of plans.slice(0, 10)) await run(p); // JIT warm-up
            let hits = 0;
            const ms: number[] = [];
            for (let i = 0; i < plans.length; i++) {
              const r = await run(plans[i]!);
              ms.push(r.timings.totalMs);
              if (r.answers[0] && usable[i]!.answers.includes(r.answers[0].value)) hits++;
            }
            row.push(fmt(hits / Math.max(1, plans.length), 3));
            lat.push(ms);
          }
          console.log(`${embedder.id} | ${phrases} | ${typed ? 'typed' : 'untyped'} | ${hop} | ${plans.length} | ${row[0]} | ${row[1]} | ${fmt(percentile(lat[0]!, 50), 2)} | ${fmt(percentile(lat[1]!, 50), 2)} | ${fmt(percentile(lat[0]!, 95), 2)} | ${fmt(percentile(lat[1]!, 95), 2)}`);
        }
      }
    }
  }
}
