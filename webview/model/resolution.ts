/**
 * How the retrieval read the pattern, for the header and the GSD view: named entities the graph
 * does not hold (the not-found banner above the answers) and the label each typed node was given.
 */
import type { RetrievalResult, TypedNode } from '../../src/contracts/retrievalResult';

export interface NotFoundLine {
  readonly variable: string;
  readonly text: string;
  /** "'Joe Thomas' is not in the graph; nearest: 'Eski Thomas' (0.67)". */
  readonly line: string;
  /** The name the best subgraph used for the variable, when not the nearest one: "the answers use 'Thomas Haden Church'". */
  readonly used?: string;
}

export function notFoundLines(result: RetrievalResult): NotFoundLine[] {
  const best = [...result.subgraphs].sort((a, b) => a.rank - b.rank)[0];
  return (result.notFound ?? []).map((n) => {
    // The nearest name may complete no match; say which one the answers came from.
    const used = best?.mapping.find((m) => m.variable === n.variable)?.name;
    return {
      variable: n.variable,
      text: n.text,
      line: n.nearest !== undefined ? `'${n.text}' is not in the graph; nearest: '${n.nearest}' (${(n.distance ?? 0).toFixed(2)})` : `'${n.text}' is not in the graph: no candidate at all`,
      ...(used !== undefined && used !== n.nearest ? { used } : {}),
    };
  });
}

/**
 * The warnings left for the list under the answers: the banner already says what the retrieval's
 * not-found warnings say (they quote the text and the variable: `"Joe Thomas" (p) is not in…`).
 */
export function otherWarnings(result: RetrievalResult): string[] {
  const said = (result.notFound ?? []).map((n) => `"${n.text}" (${n.variable}) is not in the graph`);
  return (result.warnings ?? []).filter((w) => !said.some((s) => w.startsWith(s)));
}

export interface TypeRow {
  readonly variable: string;
  readonly type: string;
  /** "Person", "Movie | Tag", or "—" when the word fits no label. */
  readonly labels: string;
  readonly how: TypedNode['how'];
  /** nearest: the L2 to the label; the others are rules, not scores. */
  readonly score: string;
  readonly detail: string;
  readonly role: boolean;
}

const HOW: Readonly<Record<TypedNode['how'], string>> = {
  exact: 'exact',
  alias: 'alias',
  'is-a': 'is-a (WordNet)',
  nearest: 'nearest',
  none: 'no label: unconstrained',
};

export function typeRows(result: RetrievalResult): TypeRow[] {
  return (result.types ?? []).map((t) => ({
    variable: t.variable,
    type: t.type,
    labels: t.labels.length > 0 ? t.labels.join(' | ') : '—',
    how: t.how,
    score: t.distance !== undefined ? t.distance.toFixed(2) : '—',
    detail: `${HOW[t.how]}: ${t.detail}${t.role ? ' (also weighed as a relation phrase)' : ''}`,
    role: t.role === true,
  }));
}
