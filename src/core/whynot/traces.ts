import type { WhyNotFix } from '../../contracts/whyNot';
import type { PlanningGraph } from '../plan/planningGraph';
import type { RetrievalResult } from '../retrieve/result';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import type { Finding } from './finding';

/**
 * stem and sage: what their traces allow to say. The traces are bounded (stem keeps each
 * expansion's best 10 candidates plus the kept ones; sage the first 200 reranked candidates), so
 * "not in the trace" is said as such, never as "not considered".
 */
export function whyNotFromTrace(plan: PlanningGraph, ids: readonly number[], snap: SearchIndex, result: RetrievalResult): Finding[] {
  const variable = plan.targets[0] ?? '';
  const wanted = new Set(ids.map((g) => snap.data.nodeIds.get(g)));
  if (result.sage) return [sage(result.sage, wanted, variable, plan)];
  if (result.stem) return [stem(result.stem, wanted, variable)];
  return [];
}

function sage(t: NonNullable<RetrievalResult['sage']>, wanted: ReadonlySet<string>, variable: string, plan: PlanningGraph): Finding {
  const candidate = t.candidates.find((c) => wanted.has(c.nodeId));
  if (candidate && !candidate.kept) {
    const last = t.candidates[t.kPrime - 1]?.fused;
    const fixes: WhyNotFix[] = [{ kind: 'set-parameter', strategy: 'sage', name: 'kPrime', value: candidate.rank, label: `raise kPrime to ${candidate.rank}` }];
    return { variable, level: 3, cause: { kind: 'cut-by-k', parameter: 'kPrime', k: t.kPrime, rank: candidate.rank, score: candidate.fused, ...(last !== undefined ? { lastReturned: last } : {}) }, fixes, summary: `sage: a neighbour of "${candidate.seed}" by ${candidate.edgeType}, reranked ${candidate.rank} (fused ${candidate.fused.toFixed(3)}); k′ = ${t.kPrime} keeps ${t.kPrime}: would need kPrime ≥ ${candidate.rank}` };
  }
  if (candidate || t.final.some((f) => wanted.has(f.nodeId))) {
    const detail = 'it is in the final set but is an entity the plan names (answers exclude them)';
    return { variable, level: 2, cause: { kind: 'trace', stage: 'final', detail }, fixes: [], summary: `sage: ${detail}` };
  }
  if (t.candidates.length < t.candidateCount) {
    const detail = `not among the first ${t.candidates.length} of ${t.candidateCount} reranked neighbours the trace keeps: it ranks lower, or is not a neighbour of a seed`;
    return { variable, level: 1, cause: { kind: 'trace', stage: 'expansion', detail }, fixes: [], summary: `sage: ${detail}` };
  }
  const skipped = t.skipped.length > 0 ? `; the -Edge policy skipped the free expansion of ${t.skipped.map((s) => `"${s.name}"`).join(', ')}` : '';
  const constrained = t.constrained || t.allowedTypes.length > 0 ? ` (expansion limited to ${t.allowedTypes.join(', ') || 'no type'}${t.allowedLabels.length > 0 ? ` into ${t.allowedLabels.join(', ')}` : ''})` : '';
  const detail = `not a one-hop neighbour of any seed (${t.seeds.map((s) => `"${s.name}"`).join(', ')})${constrained}${skipped}`;
  const fixes: WhyNotFix[] = t.edgePolicy === 'skip-explicit' && t.skipped.length > 0 ? [{ kind: 'set-parameter', strategy: 'sage', name: 'edgePolicy', value: 'expand', label: 'expand every seed (+Edge)' }] : [];
  void plan;
  return { variable, level: 0.5, cause: { kind: 'trace', stage: 'seeds', detail }, fixes, summary: `sage: ${detail}` };
}

function stem(t: NonNullable<RetrievalResult['stem']>, wanted: ReadonlySet<string>, variable: string): Finding {
  let best: { beam: number; step: number; edgeId: string; tScore: number; passes?: boolean; rival: number } | undefined;
  for (const beam of t.beams) {
    for (const x of beam.expansions) {
      for (const c of x.candidates) {
        if (!wanted.has(c.nodeId) || c.kept) continue;
        const rival = Math.max(...x.candidates.filter((o) => o.kept).map((o) => o.tScore), -Infinity);
        if (!best || c.tScore > best.tScore) best = { beam: beam.index, step: x.step, edgeId: x.edgeId, tScore: c.tScore, ...(c.passesTheta !== undefined ? { passes: c.passesTheta } : {}), rival };
      }
    }
  }
  if (best) {
    if (t.mode === 'breadth') {
      const detail = `schema graph ${best.beam + 1}, edge ${best.edgeId}: its T-Score ${best.tScore.toFixed(3)} is below θ = ${t.theta}`;
      const fixes: WhyNotFix[] = [{ kind: 'set-parameter', strategy: 'stem', name: 'theta', value: Math.floor(best.tScore * 1000) / 1000, label: `lower theta to ${Math.floor(best.tScore * 1000) / 1000}` }];
      return { variable, level: 2, cause: { kind: 'pruned', bound: 'theta', value: t.theta, detail }, fixes, summary: `stem: ${detail}` };
    }
    // Equal scores are a tie the search broke the other way; scores that only print alike get more digits.
    const tied = best.tScore === best.rival;
    const digits = !tied && best.tScore.toFixed(3) === best.rival.toFixed(3) ? 6 : 3;
    const detail = tied
      ? `schema graph ${best.beam + 1}, edge ${best.edgeId}: precision mode follows one candidate with the best T-Score; this answer tied with the followed one at ${best.tScore.toFixed(3)} and lost the tie`
      : `schema graph ${best.beam + 1}, edge ${best.edgeId}: precision mode followed the best T-Score (${best.rival.toFixed(digits)}); this answer's T-Score was ${best.tScore.toFixed(digits)}`;
    return { variable, level: 2, cause: { kind: 'trace', stage: 'greedy', detail }, fixes: [{ kind: 'set-parameter', strategy: 'stem', name: 'mode', value: 'breadth', label: 'search in breadth mode' }], summary: `stem: ${detail}` };
  }
  const anchored = t.beams.some((b) => b.anchors.some((a) => wanted.has(a.nodeId)));
  const detail = anchored
    ? 'it is an anchor candidate of the named entity, not an answer'
    : `not among the candidates any expansion's trace keeps (its best 10 and the followed ones), in ${t.beams.length} schema graph(s)`;
  return { variable, level: 0.5, cause: { kind: 'trace', stage: 'search', detail }, fixes: [], summary: `stem: ${detail}` };
}
