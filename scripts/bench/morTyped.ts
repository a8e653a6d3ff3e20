/**
 * Issue 14 for mixed traversal (MoR): the typed SimGRAG JSON patterns of typed.ts (topic untyped,
 * unknowns `UNKNOWN <type> n`, standard / random-letter / paraphrased relation phrases) run through
 * retrieveMor, whose node types and relation filters come from the same type resolver and
 * domain/range as GSD's (gsd/problem.ts). Prints Hits@1, latency and how many plans fell back to
 * text matching only (before types, an unresolved type word made the plan invalid for traversal).
 */
import type { Embedder } from '../../src/core/embed/embedder';
import { planningGraphFromSimGrag } from '../../src/core/plan/simgrag';
import { retrieveMor } from '../../src/core/retrieve/mor/retrieve';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { goldPattern, loadQuestions, reachableAnswers, sample } from './metaqa';
import { fmt, percentile } from './stats';
import { phraseGenerator, readParaphraseSet, simgragPattern, type Options, type PhraseKind } from './typed';

/** SimGRAG JSON with the three phrase kinds, and the benchmark's gold plans (label categories, as a `.kgp` writes them). */
const KINDS: readonly (PhraseKind | 'gold plan')[] = ['gold plan', 'standard', 'random letters', 'paraphrased'];
const MOR = { kind: 'mor' as const, seeds: 5, perStep: 10, k: 20 };

export async function runMorTyped(o: Options, snap: GraphSnapshot, embedder: Embedder): Promise<void> {
  const set = readParaphraseSet();
  const size = Number.isFinite(o.n) ? `${o.n} questions per hop (seeded sample, seed ${o.seed})` : 'the whole dev set';
  console.log(`\n## MoR on SimGRAG JSON with typed unknowns — embedder ${embedder.id}, seeds 5, per step 10, k 20, default linear score, ${size}`);
  console.log('phrases | hop | questions | Hits@1 | text-fallback plans | p50 ms | p95 ms');
  for (const hop of o.hops) {
    const picked = sample(loadQuestions(o.data, hop), o.n, o.seed + hop);
    const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
    for (const kind of KINDS) {
      const phraseFor = kind === 'gold plan' ? undefined : phraseGenerator(kind, o.seed, hop, set);
      const plans = usable.map((q) => {
        if (phraseFor === undefined) return { ...goldPattern(q, true), strategy: MOR };
        const r = planningGraphFromSimGrag(simgragPattern(q, phraseFor), { name: `q${q.line}` });
        if (!r.plan) throw new Error(`q${q.line}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
        return { ...r.plan, strategy: MOR };
      });
      for (const p of plans.slice(0, 20)) await retrieveMor(p, snap, embedder);
      let hits = 0;
      let fallback = 0;
      const lat: number[] = [];
      for (let i = 0; i < plans.length; i++) {
        const r = await retrieveMor(plans[i]!, snap, embedder);
        lat.push(r.timings.totalMs);
        if (r.trajectory?.combination === 'text-fallback') fallback++;
        if (r.answers[0] && usable[i]!.answers.includes(r.answers[0].value)) hits++;
      }
      console.log(`${kind} | ${hop} | ${usable.length} | ${fmt(hits / Math.max(1, usable.length), 4)} | ${fallback} | ${fmt(percentile(lat, 50), 3)} | ${fmt(percentile(lat, 95), 3)}`);
    }
  }
}
