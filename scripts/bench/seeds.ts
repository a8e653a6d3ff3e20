/**
 * STEM and SAGE rows of `npm run bench` (issue 16), beside GSD and MoR: the same MetaQA dev gold
 * patterns (topic entity with soft text, typed unknowns, relation phrases as a person writes them)
 * and the same seeded sample per hop. Hits@1 = top answer ∈ gold; Hits@20 = any gold among the
 * first 20 answers; latency = the whole retrieve call. Prints, asserts nothing.
 */
import type { Embedder } from '../../src/core/embed/embedder';
import type { PlanningGraph } from '../../src/core/plan/planningGraph';
import type { RetrievalResult } from '../../src/core/retrieve/result';
import { retrieveSage } from '../../src/core/retrieve/sage/retrieve';
import { retrieveStem } from '../../src/core/retrieve/stem/retrieve';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { evaluateSet, metricsOf, type EvalItem } from '../../src/core/eval';
import { fmt } from './stats';

export interface SeedsCase {
  readonly hop: number;
  readonly plans: readonly PlanningGraph[];
  readonly gold: readonly (readonly string[])[];
}

interface Variant {
  readonly name: string;
  readonly run: (p: PlanningGraph) => Promise<RetrievalResult>;
}

export function seedVariants(snap: GraphSnapshot, embedder: Embedder): Variant[] {
  return [
    { name: 'stem precision', run: (p) => retrieveStem({ ...p, strategy: { kind: 'stem', mode: 'precision', theta: 0.6, beam: 4, topN: 50, entityBias: 1.5, tripleBias: 0.5, kFactor: 4, guidance: 'ppr' } }, snap, embedder) },
    { name: 'stem breadth', run: (p) => retrieveStem({ ...p, strategy: { kind: 'stem', mode: 'breadth', theta: 0.6, beam: 4, topN: 50, entityBias: 1.5, tripleBias: 0.5, kFactor: 4, guidance: 'ppr' } }, snap, embedder) },
    { name: 'stem precision, no guidance', run: (p) => retrieveStem({ ...p, strategy: { kind: 'stem', mode: 'precision', theta: 0.6, beam: 4, topN: 50, entityBias: 1.5, tripleBias: 0.5, kFactor: 4, guidance: 'none' } }, snap, embedder) },
    { name: 'sage -Edge', run: (p) => retrieveSage({ ...p, strategy: { kind: 'sage', k: 5, kPrime: 15, alpha: 0.6, beta: 0.4, edgePolicy: 'skip-explicit', constrained: false } }, snap, embedder) },
    { name: 'sage +Edge', run: (p) => retrieveSage({ ...p, strategy: { kind: 'sage', k: 5, kPrime: 15, alpha: 0.6, beta: 0.4, edgePolicy: 'expand', constrained: false } }, snap, embedder) },
    { name: 'sage constrained (SPARK)', run: (p) => retrieveSage({ ...p, strategy: { kind: 'sage', k: 5, kPrime: 15, alpha: 0.6, beta: 0.4, edgePolicy: 'skip-explicit', constrained: true } }, snap, embedder) },
  ];
}

export async function runSeeds(snap: GraphSnapshot, embedder: Embedder, cases: readonly SeedsCase[], only?: readonly string[]): Promise<void> {
  console.log('\n## STEM and SAGE on the same MetaQA dev plans (issue 16)');
  console.log('STEM: λ 1.5, τ 0.5, θ 0.6, N 50, B 4, K = 4·|T|, ppr guidance unless said; SAGE: k 5, k′ 15, α 0.6, β 0.4');
  console.log('strategy | hop | plans | Hits@1 | Hits@20 | mean answers | p50 ms | p95 ms');
  for (const v of seedVariants(snap, embedder)) {
    if (only && !only.includes(v.name)) continue;
    for (const c of cases) {
      for (const p of c.plans.slice(0, 10)) await v.run(p); // JIT warm-up
      // The loop and metrics of `kgrag eval` (core/eval); Hits@20 = its Hits@k with k 20.
      const items = c.plans.map((plan, i): EvalItem => ({ id: String(i + 1), line: i + 1, answers: c.gold[i]!, plan, fields: {} }));
      let nAns = 0;
      const records = await evaluateSet(items, { run: async (p) => {
        const r = await v.run(p);
        nAns += r.answers.length;
        return r;
      } }, { strategies: [v.name.startsWith('stem') ? 'stem' : 'sage'], explain: false });
      const m = metricsOf(records, 20);
      const n = Math.max(1, c.plans.length);
      console.log(`${v.name} | ${c.hop} | ${c.plans.length} | ${fmt(m.hits1, 3)} | ${fmt(m.hitsK, 3)} | ${fmt(nAns / n, 1)} | ${fmt(m.p50Ms, 2)} | ${fmt(m.p95Ms, 2)}`);
    }
  }
}
