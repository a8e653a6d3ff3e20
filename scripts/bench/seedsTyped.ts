/**
 * Issue 26: STEM and SAGE on MetaQA dev paths as SimGRAG JSON with type words, as an LLM writes them
 * (`["Inception", "director of", "UNKNOWN director 1"]`; typed.ts builds them), run through the
 * strategy table as `kgrag run --strategy stem|sage` does: the plan's type words go through the one
 * type resolver, and the answers counted are the values of the return variable (completeResult),
 * never SAGE's context. Hits@1 = top answer ∈ gold; Hits@20 = any gold among the first 20 answers.
 */
import type { Embedder } from '../../src/core/embed/embedder';
import type { GraphStore } from '../../src/core/graph/graphStore';
import { planningGraphFromSimGrag } from '../../src/core/plan/simgrag';
import type { PlanningGraph, StrategyKind } from '../../src/core/plan/planningGraph';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { STRATEGIES } from '../../src/core/session';
import { loadQuestions, reachableAnswers, sample } from './metaqa';
import { fmt, percentile } from './stats';
import { phraseGenerator, readParaphraseSet, simgragPattern, type Options } from './typed';

/** The table's runs read the snapshot; the store is only named in the result (no strategy here queries it). */
function tableContext(snap: GraphSnapshot, embedder: Embedder): Parameters<(typeof STRATEGIES)['stem']['run']>[1] {
  const store = { kind: 'embedded', description: 'MetaQA kb.txt snapshot' } as unknown as GraphStore;
  return { store, embedder, snapshot: async () => snap };
}

export async function runSeedsTyped(o: Options, snap: GraphSnapshot, embedder: Embedder, kinds: readonly StrategyKind[] = ['stem', 'sage']): Promise<void> {
  const set = readParaphraseSet();
  const context = tableContext(snap, embedder);
  const size = Number.isFinite(o.n) ? `${o.n} questions per hop (seeded sample, seed ${o.seed})` : 'the whole dev set';
  console.log(`\n## STEM / SAGE on SimGRAG JSON with type words (issue 26) — embedder ${embedder.id}, default parameters, ${size}, gold reachable`);
  console.log('strategy | hop | questions | Hits@1 | Hits@20 | mean answers | mean context | no answer | p50 ms | p95 ms');
  for (const hop of o.hops) {
    const picked = sample(loadQuestions(o.data, hop), o.n, o.seed + hop);
    const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
    const phraseFor = phraseGenerator('standard', o.seed, hop, set);
    const plans: PlanningGraph[] = usable.map((q) => {
      const r = planningGraphFromSimGrag(simgragPattern(q, phraseFor), { name: `q${q.line}` });
      if (!r.plan) throw new Error(`q${q.line}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
      return r.plan;
    });
    for (const kind of kinds) {
      const strategy = STRATEGIES[kind];
      for (const p of plans.slice(0, 10)) await strategy.run(p, context, {}, p.name); // JIT warm-up
      let h1 = 0;
      let h20 = 0;
      let nAns = 0;
      let nCtx = 0;
      let none = 0;
      const lat: number[] = [];
      for (let i = 0; i < plans.length; i++) {
        const t0 = performance.now();
        const r = await strategy.run(plans[i]!, context, {}, plans[i]!.name);
        lat.push(performance.now() - t0);
        const gold = new Set(usable[i]!.answers);
        if (r.answers[0] && gold.has(r.answers[0].value)) h1++;
        if (r.answers.slice(0, 20).some((a) => gold.has(a.value))) h20++;
        if (r.answers.length === 0) none++;
        nAns += r.answers.length;
        nCtx += r.context?.length ?? 0;
      }
      const n = Math.max(1, plans.length);
      console.log(`${kind} | ${hop} | ${plans.length} | ${fmt(h1 / n, 3)} | ${fmt(h20 / n, 3)} | ${fmt(nAns / n, 1)} | ${fmt(nCtx / n, 1)} | ${none} | ${fmt(percentile(lat, 50), 2)} | ${fmt(percentile(lat, 95), 2)}`);
    }
  }
}
