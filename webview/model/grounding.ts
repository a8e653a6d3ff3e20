/**
 * The grounding view's model (pure): the question split into plain text and mentions, who chose
 * the candidate in words, and which candidates offer "use this instead".
 */
import type { GroundingCandidate, GroundingMention, GroundingReport } from '../../src/contracts/inspector/grounding';

/** How many candidates after the chosen one keep a "use this candidate instead" button. */
export const ALTERNATIVES = 5;

export interface QuestionSegment {
  readonly text: string;
  /** Index into the report's mentions when this stretch is a mention. */
  readonly mention?: number;
}

/**
 * The question as text and mention stretches. Overlapping mentions cannot all be marked inline:
 * anchors win, then the higher score; the others stay listed below with their overlaps.
 */
export function questionSegments(question: string, mentions: readonly GroundingMention[]): QuestionSegment[] {
  const order = mentions.map((m, i) => ({ m, i })).sort((a, b) => Number(b.m.anchor) - Number(a.m.anchor) || b.m.score - a.m.score || a.m.start - b.m.start);
  const taken: { start: number; end: number; i: number }[] = [];
  for (const { m, i } of order) {
    if (m.start < 0 || m.end > question.length || m.end <= m.start) continue;
    if (taken.some((t) => m.start < t.end && t.start < m.end)) continue;
    taken.push({ start: m.start, end: m.end, i });
  }
  taken.sort((a, b) => a.start - b.start);
  const out: QuestionSegment[] = [];
  let at = 0;
  for (const t of taken) {
    if (t.start > at) out.push({ text: question.slice(at, t.start) });
    out.push({ text: question.slice(t.start, t.end), mention: t.i });
    at = t.end;
  }
  if (at < question.length) out.push({ text: question.slice(at) });
  return out;
}

/** "chosen by the ranker", "chosen by <model> (attempt 2)", "chosen by you". */
export function deciderText(r: Extract<GroundingReport, { kind: 'planned' }>): string {
  switch (r.decidedBy.kind) {
    case 'ranker':
      return 'chosen by the ranker';
    case 'model':
      return `chosen by ${r.decidedBy.model}${r.decidedBy.attempts > 1 ? ` (attempt ${r.decidedBy.attempts})` : ''}`;
    case 'user':
      return 'chosen by you';
  }
}

/** The planner's verdict on its own choice: a match, or a guess that must not pass for one. */
export function verdictText(r: Extract<GroundingReport, { kind: 'planned' }>): string {
  const c = r.confidence.toFixed(2);
  return r.status === 'match' ? `match · confidence ${c}` : `weak guess — check the plan · confidence ${c}`;
}

export interface CandidateRow extends GroundingCandidate {
  readonly chosen: boolean;
  /** Offers "use this candidate instead". */
  readonly alternative: boolean;
}

export function candidateRows(r: Extract<GroundingReport, { kind: 'planned' }>): CandidateRow[] {
  let alternatives = 0;
  return r.candidates.map((c) => {
    const chosen = c.id === r.chosen;
    const alternative = !chosen && alternatives < ALTERNATIVES;
    if (alternative) alternatives++;
    return { ...c, chosen, alternative };
  });
}
