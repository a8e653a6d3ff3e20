/** What each keyword, strategy and strategy parameter means — shown by hover and completion. */
import { DEFAULT_STRATEGIES, type StrategyKind } from '../plan/planningGraph';
import { STRATEGY_PARAMETERS, type StrategyParameter } from '../plan/strategyParameters';

export const KEYWORD_DOCS: Readonly<Record<string, string>> = {
  schema: 'The schema file this file\'s plans are checked against: `schema "movies.kgschema.json"` (relative to this file). Without it the `kgrag.schema.path` setting is used.',
  plan: 'A planning graph (query pattern): `plan name { question … match … return … expect … using … }`. A file may hold several.',
  question: 'The question in plain words. Soft text restrictions are matched against the graph by meaning; `mor` also uses it for text matches.',
  match: 'The pattern: nodes `(var: Category "text")` joined by edges `-[relation phrase]->`, `-[:TYPE]-`, `--`.',
  return: 'The variables whose matched nodes are the answers.',
  expect: 'Answers the plan should retrieve; `kgrag test` and the test explorer compare them with what retrieval returns. `expect all ties` (before the answers, or alone) also fails the test when k cut answers tied with the last one listed.',
  'all ties': 'The test fails when the size limit (gsd: k) cut answers tied with the last one listed ("3 of 9 tied at the best distance"): every tie must be listed. The expected answers, if any, follow.',
  using: 'How to retrieve: `gsd(…)` (graph semantic distance top-k, SimGRAG), `mor(…)` (mixed structural/textual traversal, MoR), `cypher(…)` (compiled to Cypher), `stem(…)` (structure-tracing search, STEM) or `sage(…)` (hybrid seeds + one-hop expansion, SAGE).',
};

export interface StrategyDoc {
  readonly kind: StrategyKind;
  readonly title: string;
  readonly doc: string;
  /** The strategy's parameters: the one table (core/plan/strategyParameters.ts), not a copy. */
  readonly parameters: readonly StrategyParameter[];
}

const strategyDoc = (kind: StrategyKind, title: string, doc: string): StrategyDoc => ({ kind, title, doc, parameters: STRATEGY_PARAMETERS[kind] });

export const STRATEGY_DOCS: Readonly<Record<StrategyKind, StrategyDoc>> = {
  gsd: strategyDoc('gsd', 'Graph semantic distance top-k (SimGRAG)', 'Finds the k subgraphs whose nodes and relations are closest in meaning to the pattern, by an exact branch-and-bound search over candidate mappings.'),
  mor: strategyDoc('mor', 'Mixed structural/textual traversal (MoR)', 'Walks the pattern step by step: structural neighbours of the right category united with the best text matches, intersected across paths, then reranked.'),
  cypher: strategyDoc('cypher', 'Cypher', 'Compiles the plan to parameterised Cypher and runs it read-only on the graph database. Exact text is `name = $p`; soft text is also `name = $p` (an index lookup), with $p the nearest name in the graph (as written when nothing is near) — unless `text` says otherwise. Type words become labels, relation phrases their nearest relationship type.'),
  stem: strategyDoc(
    'stem',
    'Structure-tracing search (STEM)',
    'Anchors the named entity (top-N by similarity, ×λ when in the guidance graph), then traces the pattern edge by edge: each graph edge scores T-Score = similarity + τ when in the guidance graph, S accumulates; precision keeps the best edge, breadth every edge with T-Score ≥ θ. A beam tries alternative groundings of the relation phrases.',
  ),
  sage: strategyDoc(
    'sage',
    'Seed and expand (SAGE)',
    'Seeds: the k best nodes by α·BM25 + β·dense similarity to the question, plus the entities the plan names; then their one-hop neighbours reranked by the same score, k′ kept; returns seeds ∪ kept neighbours.',
  ),
};

export function isStrategyKind(name: string): name is StrategyKind {
  return Object.prototype.hasOwnProperty.call(STRATEGY_PARAMETERS, name);
}

/** Whether the IR's defaults hold the parameter (the others are optional switches, left out of a completed `using`). */
export function isCoreParameter(kind: StrategyKind, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(DEFAULT_STRATEGIES[kind], name);
}
