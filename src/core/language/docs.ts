/** What each keyword, strategy and strategy parameter means — shown by hover and completion. */
import { DEFAULT_MATCH, DEFAULT_STRATEGIES, type StrategyKind } from '../plan/planningGraph';

export const KEYWORD_DOCS: Readonly<Record<string, string>> = {
  schema: 'The schema file this file\'s plans are checked against: `schema "movies.kgschema.json"` (relative to this file). Without it the `kgrag.schema.path` setting is used.',
  plan: 'A planning graph (query pattern): `plan name { question … match … return … expect … using … }`. A file may hold several.',
  question: 'The question in plain words. Soft text restrictions are matched against the graph by meaning; `mor` also uses it for text matches.',
  match: 'The pattern: nodes `(var: Category "text")` joined by edges `-[relation phrase]->`, `-[:TYPE]-`, `--`.',
  return: 'The variables whose matched nodes are the answers.',
  expect: 'Answers the plan should retrieve; `kgrag test` and the test explorer compare them with what retrieval returns.',
  using: 'How to retrieve: `gsd(…)` (graph semantic distance top-k, SimGRAG), `mor(…)` (mixed structural/textual traversal, MoR), `cypher(…)` (compiled to Cypher), `stem(…)` (structure-tracing search, STEM) or `sage(…)` (hybrid seeds + one-hop expansion, SAGE).',
};

export interface ParameterDoc {
  readonly name: string;
  readonly type: 'number' | 'boolean' | 'string';
  /** For string parameters: the words allowed. */
  readonly values?: readonly string[];
  readonly doc: string;
}

export interface StrategyDoc {
  readonly kind: StrategyKind;
  readonly title: string;
  readonly doc: string;
  readonly parameters: readonly ParameterDoc[];
}

export const STRATEGY_DOCS: Readonly<Record<StrategyKind, StrategyDoc>> = {
  gsd: {
    kind: 'gsd',
    title: 'Graph semantic distance top-k (SimGRAG)',
    doc: 'Finds the k subgraphs whose nodes and relations are closest in meaning to the pattern, by an exact branch-and-bound search over candidate mappings.',
    parameters: [
      { name: 'k', type: 'number', doc: 'Number of subgraphs to return.' },
      { name: 'nodeCandidates', type: 'number', doc: 'Candidates per pattern node, nearest by embedding distance (k⁽ⁿ⁾).' },
      { name: 'relationCandidates', type: 'number', doc: 'Candidates per pattern relation, nearest by embedding distance (k⁽ʳ⁾).' },
      { name: 'exhaustive', type: 'boolean', doc: 'Search without pruning (the reference algorithm; slow).' },
      {
        name: 'injective',
        type: 'boolean',
        doc: 'Distinct pattern nodes match distinct graph nodes (subgraph isomorphism). false = pattern nodes may share a graph node (a homomorphism, as a walk along paths), except that a returned node never matches a node the pattern names. `match` says more and wins.',
      },
      {
        name: 'match',
        type: 'string',
        values: ['injective', 'anchors-distinct', 'homomorphic'],
        doc: 'Which pattern nodes may share a graph node: "injective" (none), "anchors-distinct" (unknowns may share one with each other, never with a named node; the default, best on MetaQA), "homomorphic" (any, but an answer is never the named entity).',
      },
      { name: 'typeCandidates', type: 'number', doc: 'Labels a type word that names no label may map to, nearest first (k⁽ᵗ⁾).' },
      { name: 'budgetMs', type: 'number', doc: 'Time budget of the search in milliseconds; when it runs out the result says so and keeps what was found.' },
      { name: 'notFoundDistance', type: 'number', doc: 'A named node whose nearest graph name is at least this far (L2) is reported as not in the graph (a warning above the answers). 0 or absent: the embedder\'s calibrated distance (lexical 0.5, hashing 0.6).' },
    ],
  },
  mor: {
    kind: 'mor',
    title: 'Mixed structural/textual traversal (MoR)',
    doc: 'Walks the pattern step by step: structural neighbours of the right category united with the best text matches, intersected across paths, then reranked.',
    parameters: [
      { name: 'seeds', type: 'number', doc: 'Text matches that seed the first step.' },
      { name: 'perStep', type: 'number', doc: 'Text matches added at each step.' },
      { name: 'k', type: 'number', doc: 'Number of answers to return.' },
      { name: 'typeCandidates', type: 'number', doc: 'Labels a type word that names no label may map to, nearest first (k⁽ᵗ⁾); categories resolve as in gsd.' },
      { name: 'notFoundDistance', type: 'number', doc: 'A named node whose nearest graph name is at least this far (L2) is reported as not in the graph (a warning above the answers). 0 or absent: the embedder\'s calibrated distance (lexical 0.5, hashing 0.6).' },
    ],
  },
  cypher: {
    kind: 'cypher',
    title: 'Cypher',
    doc: 'Compiles the plan to parameterised Cypher and runs it on the graph database (exact text and types only; soft text is ignored).',
    parameters: [
      { name: 'limit', type: 'number', doc: 'LIMIT on the returned rows.' },
      {
        name: 'match',
        type: 'string',
        values: ['injective', 'anchors-distinct', 'homomorphic'],
        doc: 'Which pattern nodes may share a graph node, as in gsd (default "anchors-distinct").',
      },
    ],
  },
  stem: {
    kind: 'stem',
    title: 'Structure-tracing search (STEM)',
    doc: 'Anchors the named entity (top-N by similarity, ×λ when in the guidance graph), then traces the pattern edge by edge: each graph edge scores T-Score = similarity + τ when in the guidance graph, S accumulates; precision keeps the best edge, breadth every edge with T-Score ≥ θ. A beam tries alternative groundings of the relation phrases.',
    parameters: [
      { name: 'mode', type: 'string', values: ['precision', 'breadth'], doc: '"precision": greedy, one subgraph per schema graph; "breadth": keep every edge with T-Score ≥ theta (a search tree, many answers).' },
      { name: 'theta', type: 'number', doc: 'Breadth threshold θ on the T-Score.' },
      { name: 'beam', type: 'number', doc: 'Alternative schema graphs searched (B): groundings of the relation phrases, best first.' },
      { name: 'topN', type: 'number', doc: 'Anchor candidates per named entity (N).' },
      { name: 'entityBias', type: 'number', doc: 'λ: an anchor candidate in the guidance graph has its similarity multiplied by this.' },
      { name: 'tripleBias', type: 'number', doc: 'τ: a graph edge in the guidance graph adds this to its T-Score.' },
      { name: 'kFactor', type: 'number', doc: 'The guidance graph holds K = kFactor × (number of pattern edges) entities.' },
      { name: 'guidance', type: 'string', values: ['ppr', 'none'], doc: '"ppr": personalised PageRank from the named entities, walking plan-like relations (no training); "none": no biases.' },
    ],
  },
  sage: {
    kind: 'sage',
    title: 'Seed and expand (SAGE)',
    doc: 'Seeds: the k best nodes by α·BM25 + β·dense similarity to the question, plus the entities the plan names; then their one-hop neighbours reranked by the same score, k′ kept; returns seeds ∪ kept neighbours.',
    parameters: [
      { name: 'k', type: 'number', doc: 'Seed nodes from hybrid retrieval.' },
      { name: 'kPrime', type: 'number', doc: 'Neighbours kept after reranking (k′).' },
      { name: 'alpha', type: 'number', doc: 'Weight α of the BM25 score (normalised by the best score).' },
      { name: 'beta', type: 'number', doc: 'Weight β of the dense (cosine) score.' },
      { name: 'edgePolicy', type: 'string', values: ['skip-explicit', 'expand'], doc: '"skip-explicit" (SAGE -Edge): a seed the plan\'s explicit edges already lead from is expanded along those edges only; "expand" (+Edge): always expand every neighbour.' },
      { name: 'constrained', type: 'boolean', doc: 'Schema-constrained expansion (SPARK): only the plan\'s relation types and categories; compiled to Cypher on a store.' },
    ],
  },
};

export function isStrategyKind(name: string): name is StrategyKind {
  return name === 'gsd' || name === 'mor' || name === 'cypher' || name === 'stem' || name === 'sage';
}

/** The default of a strategy parameter, as text, e.g. "16"; undefined when it has none. */
export function parameterDefault(kind: StrategyKind, parameter: string): string | undefined {
  const v: unknown = Object.entries(DEFAULT_STRATEGIES[kind]).find(([k]) => k === parameter)?.[1];
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (kind === 'gsd' && parameter === 'exhaustive') return 'false';
  if (kind === 'gsd' && parameter === 'injective') return 'true';
  if (kind === 'gsd' && parameter === 'match') return JSON.stringify(DEFAULT_MATCH);
  if ((kind === 'gsd' || kind === 'mor') && parameter === 'typeCandidates') return '1';
  if (kind === 'cypher' && parameter === 'match') return JSON.stringify(DEFAULT_MATCH);
  if (kind === 'gsd' && parameter === 'budgetMs') return '5000';
  return undefined;
}
