/** Words for the why-not view (pure; tested in Node). */
import type { Answer } from '../../src/contracts/retrievalResult';
import type { NamedSwap, WhyNotCause, WhyNotFixOutcome } from '../../src/contracts/whyNot';

const TITLES: Record<WhyNotCause['kind'], string> = {
  returned: 'it was returned',
  'not-in-graph': 'not in the graph',
  unreachable: 'in the graph, but unreachable by the plan’s structure',
  'candidate-rank': 'a plan element matched elsewhere (candidate rank)',
  'named-swapped': 'reached only through a swapped named node',
  category: 'ruled out by a category',
  'cut-by-k': 'cut by the k limit',
  pruned: 'pruned by a bound',
  'mor-layer': 'the MoR trajectory ended before it',
  'cypher-clause': 'excluded by a Cypher clause',
  trace: 'what the trace shows',
};

export function causeTitle(cause: WhyNotCause): string {
  return TITLES[cause.kind];
}

/** "verified: returns it at #2 (12 answers)", "verified: still missing (3 answers)", "not re-run: …". */
export function fixOutcomeText(o: WhyNotFixOutcome, expected: string): string {
  if (o.skipped !== undefined) return `not re-run: ${o.skipped}`;
  if (o.returned) return `verified: the re-run returns "${expected}"${o.rank !== undefined ? ` at #${o.rank}` : ''} (${o.answers} answers)`;
  if (o.swapped && o.swapped.length > 0) return `not a fix: the re-run returns "${expected}"${o.rank !== undefined ? ` at #${o.rank}` : ''} only through ${swapsWords(o.swapped)}`;
  return `verified: still missing after the re-run (${o.answers} answers)`;
}

/** `(vow) "The Vow" as "Beat the Devil"`, joined: which named node became which graph node. */
export function swapsWords(swaps: readonly NamedSwap[]): string {
  return swaps.map((s) => `(${s.variable}) "${s.term}" as "${s.became.name}", not "${s.own.name}"`).join('; ');
}

/** The expected answers a result did not return (compared trimmed and case-folded, as plan tests compare). */
export function missedExpected(expect: readonly string[], answers: readonly Answer[]): string[] {
  const norm = (x: string) => x.trim().toLowerCase();
  const got = new Set(answers.map((a) => norm(a.value)));
  return expect.filter((x) => !got.has(norm(x)));
}
