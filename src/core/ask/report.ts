import type { GroundingDecider, GroundingReport } from '../../contracts/inspector/grounding';
import type { AskResult } from './ask';

/**
 * The inspector's grounding view of an ask result (the contract the webview validates). `chosen` is
 * the candidate that ran (1-based id): the planner's choice, or the one the user picked instead.
 */
export function groundingReport(r: AskResult, ran: { plan: string; strategy: string }, chosen?: { id: number; by: GroundingDecider }): GroundingReport {
  const common = { question: r.question, totalMs: Math.round(r.timings.totalMs * 10) / 10, ...(r.placement ? { placement: r.placement } : {}), ...(r.storeIo ? { storeIo: r.storeIo } : {}) };
  const mentions = (variables: ReadonlyMap<number, string>) =>
    r.mentions.map((m, i) => ({
      text: m.text,
      start: m.start,
      end: m.end,
      marked: m.marked,
      method: m.method,
      score: m.score,
      anchor: m.anchor,
      nodes: m.nodes,
      overlaps: m.overlaps,
      ...(variables.has(i) ? { variable: variables.get(i)! } : {}),
    }));
  if (r.kind !== 'planned') {
    const base = { ...common, mentions: mentions(new Map()), message: r.message };
    return r.kind === 'nothing-found' ? { ...base, kind: 'nothing-found', nearest: r.nearest } : { ...base, kind: r.kind };
  }
  const id = chosen?.id ?? r.chosen + 1;
  const candidate = r.candidates.find((c) => c.id === id) ?? r.candidates[r.chosen]!;
  return {
    ...common,
    kind: 'planned',
    mentions: mentions(new Map(candidate.anchors.map((a) => [a.mention, a.variable]))),
    status: r.status,
    confidence: r.confidence,
    decidedBy: chosen?.by ?? r.decidedBy,
    rejectedReplies: r.rejectedReplies,
    chosen: candidate.id,
    candidates: r.candidates.map(({ id: cid, pattern, chain, count, score, fit, evidence }) => ({ id: cid, pattern, chain, count, score, fit, evidence })),
    totalCandidates: r.totalCandidates,
    capped: r.capped,
    enumeratedOn: r.enumeratedOn,
    ran,
  };
}
