/**
 * Issue 9's run: MetaQA dev patterns whose relation phrases are drawn at random (seeded) from our
 * paraphrase set (data/paraphrases/metaqa.json), matched with the lexical embedder — and, for
 * comparison, the very same patterns with the hashing embedder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../src/core/embed/embedder';
import { retrieveGsd } from '../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { goldPattern, loadQuestions, metaqaLabel, reachableAnswers, readKb, sample, injectiveAnswers } from './metaqa';
import { fmt, percentile, rssMb } from './stats';
import { mulberry32 as rng } from '../../test/support/prng';

interface Options {
  readonly kb: string;
  readonly data: string;
  readonly hops: readonly number[];
  readonly n: number;
  readonly seed: number;
  readonly typed: boolean;
}

export async function runParaphrased(o: Options, embedders: readonly { name: string; embedder: Embedder; snapshot?: GraphSnapshot }[]): Promise<void> {
  const set = JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'paraphrases', 'metaqa.json'), 'utf8')) as { relations: Record<string, string[]> };
  console.log(`\n## Paraphrased relations — phrases drawn at random (seed ${o.seed}) from data/paraphrases/metaqa.json; k=3, k(n)=k(r)=16, ${o.typed ? 'typed' : 'untyped'}, ${o.n} questions per hop`);
  console.log('embedder | hop | questions | Hits@1 | Hits@1 injective-answerable (n) | Hits@1 unambiguous (n) | p50 ms | p95 ms | phrases of the misses (most frequent)');
  for (const { name, embedder, snapshot } of embedders) {
    const t0 = performance.now();
    const snap = snapshot ?? (await GraphSnapshot.fromTriples(readKb(o.kb), embedder, { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' }));
    if (!snapshot) console.log(`(${name}: snapshot + embeddings built in ${fmt(performance.now() - t0)} ms, RSS ${fmt(rssMb())} MB)`);
    for (const hop of o.hops) {
      const picked = sample(loadQuestions(o.data, hop), o.n, o.seed + hop);
      const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
      const unambiguous = new Set(usable.filter((q) => reachableAnswers(snap, q).every((a) => q.answers.includes(a))).map((q) => q.line));
      const injective = new Set(usable.filter((q) => injectiveAnswers(snap, q).some((a) => q.answers.includes(a))).map((q) => q.line));
      // The same random phrases for every embedder: the generator restarts per hop.
      const rand = rng(o.seed * 31 + hop);
      const phraseFor = (relation: string): string => {
        const options = set.relations[relation]!;
        return options[Math.floor(rand() * options.length)]!;
      };
      const plans = usable.map((q) => goldPattern(q, o.typed, phraseFor));
      for (const p of plans.slice(0, 20)) await retrieveGsd(p, snap, embedder);
      let hits = 0;
      let hitsI = 0;
      let hitsU = 0;
      const missPhrases = new Map<string, number>();
      const lat: number[] = [];
      for (let i = 0; i < plans.length; i++) {
        const r = await retrieveGsd(plans[i]!, snap, embedder);
        lat.push(r.timings.totalMs);
        if (r.answers[0] && usable[i]!.answers.includes(r.answers[0].value)) {
          hits++;
          if (injective.has(usable[i]!.line)) hitsI++;
          if (unambiguous.has(usable[i]!.line)) hitsU++;
        } else if (unambiguous.has(usable[i]!.line)) {
          for (const e of plans[i]!.edges) if (e.relation.kind === 'phrase') missPhrases.set(e.relation.value, (missPhrases.get(e.relation.value) ?? 0) + 1);
        }
      }
      const worst = [...missPhrases].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([p, c]) => `"${p}" ×${c}`).join(', ');
      console.log(`${name} | ${hop} | ${usable.length} | ${fmt(hits / Math.max(1, usable.length), 4)} | ${fmt(hitsI / Math.max(1, injective.size), 4)} (${injective.size}) | ${fmt(hitsU / Math.max(1, unambiguous.size), 4)} (${unambiguous.size}) | ${fmt(percentile(lat, 50), 3)} | ${fmt(percentile(lat, 95), 3)} | ${worst || '—'}`);
    }
  }
}
